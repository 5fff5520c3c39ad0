"""Elemental Dice: a deck-building duel over seven shared element dice (Emil Indzhev, 11 April 2024).

Each player starts with 60 HP and eight Basic Income cards.  On a turn a player
gains a gold, may play one action, any number of blessings and face-down cards,
place a card face down instead of an action (5 gold), reroll the five-card shop
(2 gold, twice) and buy one card from it.  Cards deal damage, heal or make gold by
the values of the seven dice (fire red, earth brown, water blue, nature green,
magic purple, gold yellow; the chance die, orange, is rerolled whenever it is
read), shield against elements, double their owner's effects, change the dice, and
show or reorder hidden cards.  Blessings and face-down cards may answer the
opponent's cards before they take effect, to any depth; the last played executes
first.  Damage dealt earns its gold.  A player at 0 HP loses; if both fall to 0
from one card, its player wins.  The rulings implemented are those of
``shared/rules/elemental_dice.md``; see ``rules.py`` for the flow and ``cards.py``
for the card vocabulary.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import ElementalDiceRules

__all__ = ["make_rules"]


def make_rules() -> "ElementalDiceRules":
    """The Elemental Dice rules, with the cards read from ``data/elemental_dice/cards.yaml``."""
    from .rules import ElementalDiceRules

    return ElementalDiceRules()
