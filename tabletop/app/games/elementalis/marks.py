"""What the last ElementaliS move touched, to mark on the board (no pygame): the dice just rolled or changed, the
mage who took an Arcana or Mana, cast or countered a spell, banked or lost the Channel's Mana, and the Channel
itself when Mana was scored into it or lost from it (everything in this game is public)."""

from __future__ import annotations

from typing import Any, Sequence, cast

from tabletop.core.values import Value
from tabletop.games.elementalis import events as ev

from ...marks import Mark
from .choices import CHANNEL, die_target, mage_target

__all__ = ["last_move_marks"]


def last_move_marks(events: Sequence[Value], state: Any, shows: int | None) -> list[Mark]:
    """The marks of one move's events."""
    marks: list[Mark] = []
    for event in events:
        if isinstance(event, ev.Rolled):
            marks.extend(Mark(die_target(index), "roll") for index in event.dice)
        elif isinstance(event, ev.DieChanged):
            marks.append(Mark(die_target(event.die), "move"))
        elif isinstance(event, ev.SpellCast):
            marks.append(Mark(mage_target(event.seat), "play"))
            if event.die >= 0:
                marks.append(Mark(die_target(event.die), "move"))
            if event.on >= 0 and event.on != event.seat:
                marks.append(Mark(mage_target(event.on), "hit"))
        elif isinstance(event, ev.Countered):
            marks.append(Mark(mage_target(event.seat), "play"))
            marks.append(Mark(mage_target(event.caster), "hit"))
        elif isinstance(event, ev.Banked):
            marks.append(Mark(mage_target(event.seat), "bank"))
            marks.append(Mark(CHANNEL, "bank"))
        elif isinstance(event, ev.Scored) and event.gained:
            marks.append(Mark(CHANNEL, "gain"))
        elif isinstance(event, ev.Busted):
            marks.append(Mark(CHANNEL, "lose"))
        elif isinstance(event, (ev.ArcanaTaken, ev.ManaTaken, ev.Tapped)):
            marks.append(Mark(mage_target(event.seat), "pick"))
        elif isinstance(event, ev.ManaPicked):
            marks.append(Mark(mage_target(event.target), "lose"))
        elif isinstance(event, ev.ManaMoved):
            marks.append(Mark(mage_target(event.seat), "gain"))
        elif isinstance(event, ev.Declared):
            marks.append(Mark(mage_target(event.seat), "play" if event.cast else "pass"))
        elif isinstance(event, ev.LinkMade):
            marks.append(Mark(mage_target(event.linked), "move"))
    # Dice banked or lost with the Channel leave the row: only those still in it keep a mark.
    dice = len(state.flow.dice)
    return [mark for mark in marks if mark.target.kind != "die" or cast(int, mark.target.key) < dice]
