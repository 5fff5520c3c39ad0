"""Dice Cards: a card-battle duel fought with dice (the "Core Rules" of a forum quest, 2021).

Each duelist brings a deck of up to three archetypes, a Stock of 24 dice and three
shields (2, 4, 6).  A turn draws three dice, rolled in private; they are spent to
summon units (half the die, rounded up) or charged as energy tokens that pay for the
archetypes' abilities in sets (Single, Doubles, Triples, High, Low, Flush).  In the
Battle Phase units attack; the defender blocks; unblocked attackers break shields,
and a hit with no shield left wins.  A duelist who must draw from an empty Stock
loses.  The rulings implemented are those of ``shared/rules/dice_cards.md``; the six
archetypes are house content in ``data/dice_cards/archetypes.yaml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import DiceCardsRules

__all__ = ["make_rules"]


def make_rules() -> "DiceCardsRules":
    """The Dice Cards rules, with the archetypes read from ``data/dice_cards/archetypes.yaml``."""
    from .rules import DiceCardsRules

    return DiceCardsRules()
