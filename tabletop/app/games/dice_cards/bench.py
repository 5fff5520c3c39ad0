"""The bench's scene for Dice Cards: a duel well under way, units on both mats, and dice tumbling into a hand."""

from __future__ import annotations

from tabletop.core.controller import MatchController

from ...bench import open_busy_table
from .stages import Stage

__all__ = ["busiest_table"]


def _ready(match: MatchController) -> bool:
    """Turn 6 or later, in a Main Phase, with two units at least on each mat."""
    state = match.state
    return (state.flow.turn >= 6 and state.flow.stage == Stage.MAIN
            and all(len(state.field_units(seat)) >= 2 for seat in (0, 1)))


def busiest_table(app):
    """The table of the first seeded duel (from 2026 on) that reaches a busy Main Phase; and how to keep dice
    tumbling into the hand of the duelist to act."""
    seed = 2026
    while True:
        table = open_busy_table(app, "dice-cards", ["Ann", "Bo"], seed, ready=_ready)
        if not table.match.finished:
            break
        app.scenes.pop()
        seed += 1
    view = table.view
    rolls = [0]

    def roll_again() -> None:
        rolls[0] += 1
        seat = view.state.flow.active
        view.tumble_into_hand(seat, [(rolls[0] + i) % 6 + 1 for i in range(3)])

    return table, roll_again
