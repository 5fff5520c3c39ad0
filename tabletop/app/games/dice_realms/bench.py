"""The bench's scene for Dice Realms: a board well into a game, Gandalf to roll, and six dice tumbling again."""

from __future__ import annotations

from tabletop.core.bots import RandomBot
from tabletop.games.dice_realms import events as ev
from tabletop.games.dice_realms.state import DICE, Stage

from ...bench import open_busy_table

__all__ = ["busiest_table"]


def busiest_table(app):
    """The table 70 moves into a seeded game, at a roll; and how to keep six dice rolling."""
    table = open_busy_table(app, "dice-realms", ["Gandalf", "Saruman"], 2026, bot=RandomBot(5),
                            ready=lambda match: len(match.journal) >= 70 and match.state.flow.stage == Stage.ACTIVE
                            and not match.state.flow.rolled)
    view = table.view
    rolls = [0]

    def roll_again() -> None:
        rolls[0] += 1
        values = tuple((rolls[0] * 7 + i * 3) % 6 + 1 for i in range(6))
        view.animate((ev.DiceRolled(0, 1, DICE, values),))
        view.hover_die = "white"

    return table, roll_again
