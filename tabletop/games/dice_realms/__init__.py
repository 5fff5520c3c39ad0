"""Dice Realms: Quest for the Elemental Crests — a two-player roll-and-write duel.

Six coloured dice (red, green, blue, magenta, yellow and the wild white die) attack
the creatures of five realms on each player's grimoire.  The active player rolls up
to three times, each time selecting one die and entering it in its realm; dice
lower than the selection fall into the Forgotten Realm, where the passive player
picks one for themself.  Crossing rows, columns and track cells earns colour
bonuses (which chain), Time Warps (re-roll), Arcane Boosts (use any die once more)
and Elemental Crests (worth the weakest realm's score each).  Six rounds; the
highest total wins, ties go to the highest single realm.  The rulings implemented
are those of ``shared/rules/dice_realms.md``; see ``rules.py`` for the turn flow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import DiceRealmsRules

__all__ = ["make_rules"]


def make_rules() -> "DiceRealmsRules":
    """The Dice Realms rules, with the realm tables read from ``data/dice_realms``."""
    from .rules import DiceRealmsRules

    return DiceRealmsRules()
