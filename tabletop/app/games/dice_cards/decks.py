"""Decks one click away at the Dice Cards deck choice (no pygame): a player's last deck, the starter decks, and
the deck recommended for the archetypes picked so far.

The recommendation follows the starter decks' pairings: two archetypes of one starter deck are completed with
its third; two unit archetypes of different starters take the realm or relic archetype of the first one's
starter; a unit archetype with a realm or relic archetype of another starter takes a unit archetype from the
realm or relic archetype's own starter (it was made to work with those); two without units take a unit archetype
of the first one's starter.  Every button sends a legal deck choice taken from the rules' legal moves.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Sequence

__all__ = ["short_name", "recommended", "recommendations", "DECK_QUICK"]

#: Over the decks one click away.
DECK_QUICK = "Or play one of these at once:"


def short_name(content: Any, archetype: str) -> str:
    """An archetype's first word: ``Cinder`` for Cinder Drakes."""
    return content.name(archetype).split()[0]


def _starter_of(content: Any, archetype: str) -> tuple[str, ...]:
    return next((deck for deck in content.starter_decks.values() if archetype in deck), tuple(content.archetypes))


def recommended(content: Any, pair: Sequence[str]) -> tuple[str, ...]:
    """The deck recommended for two archetypes (in the content's order)."""
    first, second = pair
    units = {a for a in pair if content.archetypes[a].has_units}
    home = _starter_of(content, first)
    if second in home:
        third = next(a for a in home if a not in pair)
    elif len(units) == 2:
        third = next((a for a in home if not content.archetypes[a].has_units), "")
    else:
        source = _starter_of(content, next((a for a in pair if a not in units), first)) if units else home
        third = next((a for a in source if content.archetypes[a].has_units and a not in pair), "")
    chosen = {first, second, third} - {""}
    return tuple(a for a in content.archetypes if a in chosen)


def recommendations(content: Any, picked: Sequence[str]) -> list[tuple[str, ...]]:
    """The recommended decks for what is picked: for two archetypes their deck; for one, the deck of each pair it
    makes with another (each deck once)."""
    if len(picked) == 2:
        return [recommended(content, tuple(a for a in content.archetypes if a in picked))]
    if len(picked) != 1:
        return []
    out: list[tuple[str, ...]] = []
    for pair in combinations(content.archetypes, 2):
        if picked[0] in pair:
            deck = recommended(content, pair)
            if deck not in out:
                out.append(deck)
    return out
