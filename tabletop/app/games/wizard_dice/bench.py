"""The bench's scene for Wizard Dice: four wizards with allies, a wizard's secret turn, dice tumbling again."""

from __future__ import annotations

from typing import Any, Callable

from tabletop.games.wizard_dice import events as ev
from tabletop.games.wizard_dice.state import Stage

from ...bench import open_busy_table

__all__ = ["busiest_table"]


def busiest_table(app: Any) -> tuple[Any, Callable[[], None]]:
    """The table of a seeded four-wizard game from round 3 on, with two allies on the table, at a secret turn;
    and how to keep the wizard's dice rolling."""
    table = open_busy_table(app, "wizard-dice", ["Ann", "Bo", "Cy", "Di"], 2027, seeing=True,
                            ready=lambda match: match.state.flow.round >= 3 and match.state.flow.stage == Stage.SECRET
                            and sum(len(w.allies) for w in match.state.wizards) >= 2)
    view = table.view
    rolls = [0]

    def roll_again() -> None:
        rolls[0] += 1
        count = max(1, len(view.sprites)) or 6
        dice = tuple((rolls[0] + i) % 6 + 1 for i in range(count))
        view.animate((ev.Rolled(table.shows or 0, 1, dice, tuple(range(count))),))

    return table, roll_again
