"""What the ElementaliS table and its words ask of the rules, beyond the shared protocol: a typed contract, so
the view and the wording never reach into the rules' private parts (nor import the rules class back)."""

from __future__ import annotations

from typing import Protocol, Sequence

from tabletop.core.protocol import Rules

from .elements import Content, Spell
from .state import Mana, State

__all__ = ["ElementaliSQueries"]


class ElementaliSQueries(Rules, Protocol):
    """The ElementaliS rules as the table sees them."""

    content: Content

    def available(self, state: State, colour: str, channel: Mana | None = None) -> int:
        """Counters of ``colour`` left in the Flux (a large number when the supply is unlimited)."""

    def entries(self, state: State, seat: int) -> Sequence[tuple[str, Spell]]:
        """(card, spell) entries of a mage's Arcana."""

    def cost(self, state: State, seat: int, level: int) -> int:
        """A spell's cost for this mage, with the mage's own extra or discount."""

    def counter_cost(self, state: State, seat: int, spell: Spell, paid: int | None = None) -> int:
        """What a Counter Spell voiding ``spell`` costs the mage at ``seat``."""

    def may_target(self, state: State, caster: int, target: int, spell: Spell) -> bool:
        """Whether ``caster`` may aim ``spell`` at ``target`` (the Elitist limits)."""

    def sun_index(self, state: State) -> int:
        """Where the Sun die lies among the dice on the table."""

    def mage_type(self, state: State, seat: int) -> str:
        """The type the mage's two cards make (elementalist, purist, ...)."""

    def roller(self, state: State) -> int:
        """The mage who rolled the dice of the open spell window."""

    def gust_dice(self, state: State) -> list[int]:
        """The dice Gust would roll again now."""
