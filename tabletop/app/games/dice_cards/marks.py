"""What the last Dice Cards move touched, to mark on the mats (no pygame): the unit just summoned, the token just
placed, the ability just used, the die charged as energy, units struck, blocked, captured or destroyed, shields hit
or mended, dice rolled into a hand; before the duel, the archetypes a player picked (on their own screen only: the
others see only that a deck was picked)."""

from __future__ import annotations

from typing import Any, Sequence

from tabletop.core.values import Value
from tabletop.games.dice_cards import events as ev

from ...choosing import Target
from ...marks import Mark

__all__ = ["last_move_marks"]


def _unit(uid: int) -> Target:
    return Target("unit", uid)


def _zone(seat: int, name: str) -> Target:
    return Target("zone", (seat, name))


def last_move_marks(events: Sequence[Value], state: Any, shows: int | None) -> list[Mark]:
    """The marks of one move's events, as ``shows`` may see them."""
    marks: list[Mark] = []
    for event in events:
        if isinstance(event, ev.DeckChosen):
            marks.extend(Mark(Target("deck", archetype), "pick") for archetype in event.archetypes)
        elif isinstance(event, ev.Summoned):
            marks.append(Mark(_unit(event.uid), "summon"))
        elif isinstance(event, ev.TokenPlaced):
            marks.append(Mark(Target("token", (event.seat, event.ability, event.kind)), "pick"))
        elif isinstance(event, ev.Charged):
            marks.append(Mark(Target("energy", (event.seat, event.value)), "gain"))
        elif isinstance(event, ev.Activated):
            marks.append(Mark(Target("ability", (event.seat, event.ability)), "play"))
        elif isinstance(event, ev.Equipped):
            marks.append(Mark(_unit(event.uid), "gain"))
        elif isinstance(event, ev.EquipLost):
            marks.append(Mark(_unit(event.uid), "lose"))
        elif isinstance(event, ev.UnitDamaged):
            marks.append(Mark(_unit(event.uid), "hit"))
        elif isinstance(event, ev.UnitDestroyed):
            # A unit destroyed leaves the field: its marks go with it, its owner's grave is marked.
            marks = [mark for mark in marks if mark.target != _unit(event.uid)]
            marks.append(Mark(_zone(event.owner, "grave"), "lose"))
        elif isinstance(event, (ev.ShieldHit, ev.ShieldBroken, ev.PlayerHit)):
            marks.append(Mark(_zone(event.seat, "shield_zone"), "hit"))
        elif isinstance(event, (ev.ShieldMended, ev.ShieldRaised)):
            marks.append(Mark(_zone(event.seat, "shield_zone"), "heal"))
        elif isinstance(event, ev.Captured):
            marks.append(Mark(_unit(event.captive), "move"))
        elif isinstance(event, ev.Attacked):
            marks.extend(Mark(_unit(uid), "move") for uid in event.units)
        elif isinstance(event, (ev.Blocked, ev.FightChosen)):
            marks.append(Mark(_unit(event.unit), "pick"))
        elif isinstance(event, (ev.Rolled, ev.RolledCount)):
            marks.append(Mark(_zone(event.seat, "hand"), "roll"))
        elif isinstance(event, ev.TurnEnded):
            marks.append(Mark(_zone(event.seat, "hand"), "pass"))
        elif isinstance(event, (ev.Discarded, ev.Banished)):
            marks.append(Mark(_zone(event.seat, "grave"), "lose"))
    # A unit that left the field in the move (destroyed, sacrificed) takes its marks with it.
    on_field = {unit.uid for unit in state.units}
    return [mark for mark in marks if mark.target.kind != "unit" or mark.target.key in on_field]
