"""What the Dice Cards table and its words ask of the rules, beyond the shared protocol: a typed contract, so
the view and the wording never reach into the rules' private parts (nor import the rules class back)."""

from __future__ import annotations

from typing import Protocol

from tabletop.core.protocol import Rules

from .content import Ability, Content
from .state import Relic, State, Unit

__all__ = ["DiceCardsQueries"]


class DiceCardsQueries(Rules, Protocol):
    """The Dice Cards rules as the table sees them."""

    content: Content

    def ability(self, ability_id: str) -> Ability:
        """The ability named ``ability_id`` (``CINDER.3``)."""

    def power(self, state: State, unit: Unit, defending: bool = False) -> int:
        """A unit's Power, its boosts counted (Hold the Line's only with ``defending``)."""

    def current_power(self, state: State, unit: Unit) -> int:
        """The Power unit ``unit`` has now, Hold the Line counted while it defends: what its damage is measured
        against."""

    def relic_of(self, state: State, seat: int, archetype: str) -> Relic | None:
        """``seat``'s relic token of ``archetype``, if it has one."""

    def may_cast(self, state: State, seat: int, archetype: str) -> bool:
        """Whether ``seat`` has a caster for ``archetype``'s activated abilities."""
