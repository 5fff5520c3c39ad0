"""The bench's scene for ElementaliS: five mages in the second round, and the dice tumbling again and again."""

from __future__ import annotations

from tabletop.core.bots import RandomBot
from tabletop.games.elementalis import events as ev

from ...bench import open_busy_table
from .stages import PUSH, TURN

__all__ = ["busiest_table"]


def busiest_table(app):
    """Five mages mid-game, at a roll or a push; and how to keep the dice tumbling."""
    table = open_busy_table(app, "elementalis", ["Ann", "Bo", "Cy", "Di", "Ed"], 2026, bot=RandomBot(3),
                            ready=lambda match: match.state.flow.round >= 2 and bool(match.state.flow.dice)
                            and match.state.flow.stage in (PUSH, TURN))
    view = table.view
    rolls = [0]

    def roll_again() -> None:
        rolls[0] += 1
        dice = view.state.flow.dice
        faces = tuple(view.content.dice[d.kind][(rolls[0] + i) % 6] for i, d in enumerate(dice))
        view.animate((ev.Rolled(view.state.flow.active, "power", tuple(range(len(dice))), faces),))

    return table, roll_again
