"""The bench's scene for Elemental Dice: a match well under way, the active player's own screen, and the seven
dice tumbling again and again."""

from __future__ import annotations

from typing import Any, Callable

from tabletop.core.bots import RandomBot
from tabletop.games.elemental_dice import events as ev
from tabletop.games.elemental_dice.cards import DICE
from tabletop.games.elemental_dice.state import Phase

from ...bench import open_busy_table

__all__ = ["busiest_table"]


def busiest_table(app: Any) -> tuple[Any, Callable[[], None]]:
    """The table 120 moves into a seeded game, in a main phase; and how to keep the dice tumbling."""
    table = open_busy_table(app, "elemental-dice", ["Ann", "Bo"], 2026, bot=RandomBot(3),
                            ready=lambda match: len(match.journal) >= 120 and match.state.flow.phase == Phase.MAIN)
    view = table.view
    rolls = [0]

    def roll_again() -> None:
        rolls[0] += 1
        view.animate(tuple(ev.DieRolled(die, (rolls[0] + i) % 6 + 1) for i, die in enumerate(DICE)))

    return table, roll_again
