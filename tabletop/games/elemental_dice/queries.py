"""What the Elemental Dice table and its words ask of the rules, beyond the shared protocol: a typed contract,
so the view and the wording never reach into the rules' private parts (nor import the rules class back)."""

from __future__ import annotations

from typing import Protocol

from tabletop.core.protocol import Rules

from .cards import Card, CardBook
from .state import State

__all__ = ["ElementalDiceQueries"]


class ElementalDiceQueries(Rules, Protocol):
    """The Elemental Dice rules as the table sees them."""

    book: CardBook

    def card(self, card: str) -> Card:
        """The kind of a card instance."""

    def actions_left(self, state: State, seat: int) -> int:
        """Actions ``seat`` may still play this turn."""

    def reroll_cost(self, state: State, seat: int) -> int:
        """What a shop reroll costs ``seat``."""

    def face_down_cost(self, state: State, seat: int) -> int:
        """What placing a card face down costs ``seat``."""

    def face_down_room(self, state: State, seat: int) -> int:
        """How many face-down cards ``seat`` may hold."""

    def unlimited_shop(self, state: State, seat: int) -> bool:
        """Whether ``seat`` may reroll and buy without limit (Deep Pockets)."""

    def vetoable(self, state: State, seat: int) -> tuple[str, ...]:
        """The opponent's pending Actions on the chain that a Veto of ``seat`` may cancel."""
