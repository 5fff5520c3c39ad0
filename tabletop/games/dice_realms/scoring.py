"""Scoring of the five realms, crests and the winner: pure functions (rules A2 item 5)."""

from __future__ import annotations

from typing import Mapping, Sequence

from .state import Cell, Grimoire
from .tables import REALMS, RealmTables, load_tables  # noqa: F401 - the doctests use it

__all__ = [
    "emberfall_score", "terra_score", "tide_abyss_score", "sky_score", "savanna_score",
    "realm_score", "realm_scores", "crest_value", "total_score", "decide_winners",
]


def emberfall_score(crossed: frozenset[Cell], tables: RealmTables) -> int:
    """Emberfall: the points of every completed column; NA cells count as crossed.

    >>> cells = lambda *texts: frozenset(Cell.from_text(text) for text in texts)
    >>> emberfall_score(cells("head-1", "wings-1", "tail-1"), load_tables())  # column 1 (A4 case 7)
    10
    >>> emberfall_score(cells("head-1", "head-2", "head-3"), load_tables())   # a row scores nothing
    0
    """
    return sum(goal.points for goal in tables.red_columns if goal.cells <= crossed)


def terra_score(crossed: frozenset[int], tables: RealmTables) -> int:
    """Terra: its table of points by number of crosses.

    >>> terra_score(frozenset({2, 3, 4, 5, 6}), load_tables())   # A4 case 12
    11
    >>> terra_score(frozenset(range(2, 13)), load_tables())
    56
    """
    return tables.green_points[len(crossed)]


def tide_abyss_score(marked: int, tables: RealmTables) -> int:
    """Tide Abyss: its table of points by cells marked.

    >>> tide_abyss_score(7, load_tables()), tide_abyss_score(11, load_tables())   # A4 case 13
    (28, 66)
    """
    return tables.blue_points[marked]


def sky_score(entries: Sequence[int]) -> int:
    """Mystical Sky: the sum of the entered values.

    >>> sky_score((2, 4, 6, 1, 3, 5, 6, 2))   # A4 case 14
    29
    """
    return sum(entries)


def savanna_score(entries: Sequence[int], tables: RealmTables) -> int:
    """Savanna: each value times its cell's multiplier.

    >>> savanna_score((3, 4, 5, 6), load_tables())   # A4 case 15
    24
    >>> savanna_score((6,) * 11, load_tables())
    96
    """
    return sum(value * multiplier for value, multiplier in zip(entries, tables.yellow_multipliers))


def realm_score(sheet: Grimoire, realm: str, tables: RealmTables) -> int:
    """The score of one realm of a grimoire (a mark changes only its own realm's score).

    >>> realm_score(Grimoire("Ann", blue=7), "blue", load_tables())
    28
    """
    if realm == "red":
        return emberfall_score(sheet.red, tables)
    if realm == "green":
        return terra_score(sheet.green, tables)
    if realm == "blue":
        return tide_abyss_score(sheet.blue, tables)
    if realm == "magenta":
        return sky_score(sheet.magenta)
    if realm == "yellow":
        return savanna_score(sheet.yellow, tables)
    raise ValueError(f"no realm {realm!r}")


def realm_scores(sheet: Grimoire, tables: RealmTables) -> dict[str, int]:
    """The five realm scores of a grimoire, keyed by colour."""
    return {realm: realm_score(sheet, realm, tables) for realm in REALMS}


def crest_value(scores: Mapping[str, int]) -> int:
    """Each Elemental Crest is worth the weakest realm's score (0 if any realm is 0).

    >>> crest_value({"red": 30, "green": 22, "blue": 15, "magenta": 40, "yellow": 50})
    15
    """
    return min(scores[realm] for realm in REALMS)


def total_score(scores: Mapping[str, int], crests: int) -> int:
    """All five realms plus crests x the weakest realm (A4 cases 21 and 22).

    >>> total_score({"red": 30, "green": 22, "blue": 15, "magenta": 40, "yellow": 50}, 3)
    202
    >>> total_score({"red": 0, "green": 22, "blue": 15, "magenta": 40, "yellow": 50}, 3)
    127
    """
    return sum(scores[realm] for realm in REALMS) + crests * crest_value(scores)


def decide_winners(totals: Sequence[int], best_realms: Sequence[int]) -> tuple[tuple[int, ...], str]:
    """Winning seats and the tie-break used: highest total, then highest single realm, then shared.

    >>> decide_winners((180, 170), (60, 70))
    ((0,), '')
    >>> decide_winners((180, 180), (60, 55))   # A4 case 23
    ((0,), 'highest single realm: 60 against 55')
    >>> decide_winners((180, 180), (60, 60))
    ((0, 1), 'shared: equal totals and equal best realms (60)')
    """
    top = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == top]
    if len(tied) == 1:
        return (tied[0],), ""
    best = max(best_realms[seat] for seat in tied)
    winners = tuple(seat for seat in tied if best_realms[seat] == best)
    if len(winners) == 1:
        others = sorted((best_realms[seat] for seat in tied if seat not in winners), reverse=True)
        return winners, f"highest single realm: {best} against {others[0]}"
    return winners, f"shared: equal totals and equal best realms ({best})"
