"""What the Dice Realms table and its words ask of the rules, beyond the shared protocol: a typed contract, so
the view and the wording never reach into the rules' private parts."""

from __future__ import annotations

from typing import Protocol

from tabletop.core.protocol import Rules

from .state import Cell, Grimoire, State
from .tables import RealmTables

__all__ = ["DiceRealmsQueries"]


class DiceRealmsQueries(Rules, Protocol):
    """The Dice Realms rules as the table sees them."""

    tables: RealmTables

    def passive_source(self, state: State) -> tuple[tuple[str, ...], bool]:
        """Where the passive player picks from now: the dice, and whether they are the active player's fields."""

    def die_targets(self, state: State, seat: int, die: str) -> list[tuple[str, Cell]]:
        """Every (realm, cell) ``die`` may enter for ``seat`` now."""

    def entry_targets(self, sheet: Grimoire, realm: str, value: int) -> tuple[Cell, ...]:
        """The cells of ``realm`` a die of ``value`` may enter on ``sheet``."""

    def bonus_targets(self, sheet: Grimoire, realm: str) -> tuple[Cell, ...]:
        """The cells of ``realm`` a colour bonus may enter on ``sheet``."""

    def entry_value(self, state: State, die: str, realm: str) -> int:
        """The value ``die`` enters ``realm`` with (green: green + white)."""
