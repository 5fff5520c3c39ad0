"""Tonight's tally: how many games each player at the table has won this evening, across every game.

It is kept in the settings as a small plain dict (``{"evening": "2026-11-25", "wins": {name: n},
"played": {name: n}, "counted": [match ids]}``) and starts afresh each evening; an evening runs from
6 in the morning to 6 the next morning, so a game night past midnight stays one evening.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any, Mapping, Sequence

__all__ = ["evening_of", "counted", "line", "clean", "merge"]

#: How many finished matches the tally remembers (so a results screen seen twice counts its match once).
REMEMBERED = 200


def evening_of(moment: _dt.datetime) -> str:
    """The evening a moment belongs to (its date, or the day before before 6 in the morning).

    >>> evening_of(_dt.datetime(2026, 11, 26, 1, 30)), evening_of(_dt.datetime(2026, 11, 26, 19, 0))
    ('2026-11-25', '2026-11-26')
    """
    return (moment - _dt.timedelta(hours=6)).date().isoformat()


def clean(tally: Any) -> dict[str, Any]:
    """A tally from a settings file brought into shape (anything unexpected is dropped)."""
    if not isinstance(tally, dict) or not isinstance(tally.get("evening"), str):
        return {}
    def counts(value: Any) -> dict[str, int]:
        return {name: n for name, n in (value.items() if isinstance(value, dict) else ())
                if isinstance(name, str) and isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 10_000}
    ids = tally.get("counted")
    return {"evening": tally["evening"], "wins": counts(tally.get("wins")), "played": counts(tally.get("played")),
            "counted": [i for i in ids if isinstance(i, str)][-REMEMBERED:] if isinstance(ids, list) else []}


def counted(tally: Mapping[str, Any], evening: str, match_id: str, names: Sequence[str],
            winners: Sequence[str]) -> dict[str, Any]:
    """The tally with one more finished match (once per ``match_id``; a new evening starts afresh).

    >>> t = counted({}, "2026-11-25", "m1", ["Ada", "Bo"], ["Ada"])
    >>> t = counted(t, "2026-11-25", "m1", ["Ada", "Bo"], ["Ada"])        # the same match: counted once
    >>> t["wins"], t["played"]
    ({'Ada': 1}, {'Ada': 1, 'Bo': 1})
    """
    current = dict(clean(tally))
    if current.get("evening") != evening:
        current = {"evening": evening, "wins": {}, "played": {}, "counted": []}
    if match_id in current["counted"]:
        return current
    wins, played = dict(current["wins"]), dict(current["played"])
    for name in names:
        played[name] = played.get(name, 0) + 1
    for name in winners:
        wins[name] = wins.get(name, 0) + 1
    return {"evening": evening, "wins": wins, "played": played,
            "counted": [*current["counted"], match_id][-REMEMBERED:]}


def merge(base: Mapping[str, Any], mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> dict[str, Any]:
    """Tonight's tally when two copies of the app counted games since this copy read it (``base``): this
    copy's new games (``mine`` less ``base``) are added to what the file holds now (``theirs``).  A tally of a
    later evening replaces an older one.

    >>> base = counted({}, "e", "m1", ["Ada", "Bo"], ["Ada"])
    >>> mine = counted(base, "e", "m2", ["Ada", "Bo"], ["Bo"])            # this copy counted m2
    >>> theirs = counted(base, "e", "m3", ["Cy", "Di"], ["Cy"])           # the other copy counted m3
    >>> both = merge(base, mine, theirs)
    >>> both["wins"], both["played"], both["counted"]
    ({'Ada': 1, 'Cy': 1, 'Bo': 1}, {'Ada': 2, 'Bo': 2, 'Cy': 1, 'Di': 1}, ['m1', 'm3', 'm2'])
    >>> merge(base, mine, counted({}, "f", "m9", ["Ed"], ["Ed"]))["evening"]   # the other copy's evening is later
    'f'
    """
    base, mine, theirs = clean(base), clean(mine), clean(theirs)
    if not mine:
        return theirs
    if not theirs or mine["evening"] > theirs["evening"]:
        return mine
    if mine["evening"] < theirs["evening"]:
        return theirs
    since = base if base.get("evening") == mine["evening"] else {"wins": {}, "played": {}, "counted": []}
    new = [i for i in mine["counted"] if i not in since["counted"] and i not in theirs["counted"]]
    out: dict[str, Any] = {"evening": mine["evening"]}
    for key in ("wins", "played"):
        counts = dict(theirs[key])
        for name, n in mine[key].items():
            gained = n - since[key].get(name, 0)
            if gained > 0 and new:
                counts[name] = counts.get(name, 0) + gained
        out[key] = counts
    out["counted"] = [*theirs["counted"], *new][-REMEMBERED:]
    return out


def line(tally: Mapping[str, Any], names: Sequence[str]) -> str:
    """Tonight's wins of the players at the table, most first, in words ("" before any game is counted).

    >>> line({"evening": "x", "wins": {"Ada": 2}, "played": {"Ada": 3, "Bo": 3}, "counted": []}, ["Bo", "Ada"])
    'Tonight: Ada 2 wins of 3 games, Bo no win of 3'
    """
    played = tally.get("played", {}) if tally else {}
    wins = tally.get("wins", {}) if tally else {}
    shown = [name for name in names if played.get(name)]
    if not shown:
        return ""
    shown.sort(key=lambda name: (-wins.get(name, 0), names.index(name)))
    parts = []
    for index, name in enumerate(shown):
        won, games = wins.get(name, 0), played[name]
        won_text = "no win" if not won else f"{won} win{'s' if won != 1 else ''}"
        games_text = f"of {games} game{'s' if games != 1 else ''}" if index == 0 else f"of {games}"
        parts.append(f"{name} {won_text} {games_text}")
    return "Tonight: " + ", ".join(parts)
