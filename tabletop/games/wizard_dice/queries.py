"""What the Wizard Dice table and its words ask of the rules, beyond the shared protocol: a typed contract, so
the view and the wording never reach into the rules' private parts (nor import the rules class back)."""

from __future__ import annotations

from typing import Protocol

from tabletop.core.protocol import Rules

from .spells import Spell, SpellBook
from .state import State, Target, Wizard

__all__ = ["WizardDiceQueries"]


class WizardDiceQueries(Rules, Protocol):
    """The Wizard Dice rules as the table sees them."""

    book: SpellBook

    def available_dice(self, wizard: Wizard) -> int:
        """Dice this round: 6, less one per ally and per paralysis received."""

    def free_dice(self, wizard: Wizard) -> tuple[int, ...]:
        """The wizard's dice no allocated spell uses yet."""

    def targets(self, state: State, seat: int, spell: Spell) -> list[Target]:
        """Who ``spell`` of ``seat`` may be aimed at now."""
