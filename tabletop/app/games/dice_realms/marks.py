"""What the last Dice Realms move touched, to mark on the board (no pygame): the dice just rolled, the die just
picked and the cell it crossed, a cell a bonus crossed, a die sent to the dice fields."""

from __future__ import annotations

from typing import Any, Sequence

from tabletop.core.values import Value
from tabletop.games.dice_realms import events as ev

from ...choosing import Target
from ...marks import Mark
from .geometry import cell_target, die_target

__all__ = ["last_move_marks", "name_target"]


def name_target(seat: int) -> Target:
    """The target of a player's name on their grimoire (a pass is marked there; the view finds where it lies)."""
    return Target("name", seat)


def last_move_marks(events: Sequence[Value], state: Any, shows: int | None) -> list[Mark]:
    """The marks of one move's events (all public in Dice Realms)."""
    marks: list[Mark] = []
    for event in events:
        if isinstance(event, ev.DieUsed):
            marks.append(Mark(die_target(event.die), "pick"))
            marks.append(Mark(cell_target(event.seat, event.realm, event.cell), "cross"))
        elif isinstance(event, (ev.CellMarked, ev.BonusUsed)):
            marks.append(Mark(cell_target(event.seat, event.realm, event.cell), "cross"))
        elif isinstance(event, ev.DiceRolled):
            marks.extend(Mark(die_target(die), "roll") for die in event.dice)
        elif isinstance(event, ev.DieToField):
            marks.append(Mark(die_target(event.die), "move"))
        elif isinstance(event, (ev.Passed, ev.RollForfeited)):
            marks.append(Mark(name_target(event.seat), "pass"))
    return marks
