"""Wizard Dice: a duel of wizards who roll six dice, keep, and cast spells from the patterns (Wizard Dice Basic).

Each round every wizard rolls in secret, up to three times with keeps between,
and allocates the dice to spells of the book (``data/wizard_dice/spells.yaml``):
pairs and straights for shields, counters and mirrors, runs of a kind for
attacks, straights for healing, pairs for Ogre and Troll allies.  All reveal at
once and the round resolves in five phases: counter spells by complexity,
summons, healing, ally damage, attack spells.  The last wizard alive wins; wizards
who fall at the same death check share a draw.  The rulings implemented are those
of ``shared/rules/wizard_dice.md``; ``rules.py`` holds the round and
``resolution.py`` the five phases.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import WizardDiceRules

__all__ = ["make_rules"]


def make_rules() -> "WizardDiceRules":
    """The Wizard Dice rules, with the spell book read from ``data/wizard_dice/spells.yaml``."""
    from .rules import WizardDiceRules

    return WizardDiceRules()
