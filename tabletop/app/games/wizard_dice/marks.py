"""What the last Wizard Dice move touched, to mark on the board (no pygame): the dice just rolled and the spell
just chosen (on the screen of the wizard who chose, only), a wizard who locked in their spells (never which),
the spells just revealed on the reveal board, the wizards and allies hit, healed or summoned."""

from __future__ import annotations

from typing import Sequence

from tabletop.core.values import Value
from tabletop.games.wizard_dice import events as ev
from tabletop.games.wizard_dice.state import State, Target as Aimed

from ...choosing import Target
from ...marks import Mark
from .offer import own_secret

__all__ = ["last_move_marks", "REVEALED"]

#: The kind of target of a spell on the reveal board (the view finds its row: the geometry clicks none).
REVEALED = "revealed"


def _at(target: Aimed) -> Target:
    """Where a wizard or an ally hit or healed shows: the wizard's hit points, the ally's die."""
    return Target("hp", target.index) if target.kind == "wizard" else Target("ally", target.index)


def last_move_marks(events: Sequence[Value], state: State, shows: int | None) -> list[Mark]:
    """The marks of one move's events, as ``shows`` may see them (a wizard's secret only on its own screen)."""
    marks: list[Mark] = []
    for event in events:
        if isinstance(event, ev.Revealed):
            marks.append(Mark(Target(REVEALED, (event.seat, event.spell)), "reveal"))
        elif isinstance(event, ev.Committed):
            marks.append(Mark(Target("wizard", event.seat), "hidden"))
        elif isinstance(event, ev.Rolled):
            marks.extend(Mark(Target("die", index), "roll") for index in event.rolled)
        elif isinstance(event, ev.Allocated):
            secret = own_secret(state, shows)
            spells = [cast.spell for cast in secret.casts] if secret is not None else []
            if event.spell in spells:
                marks.append(Mark(Target("cast", spells.index(event.spell)), "pick"))
        elif isinstance(event, ev.Summoned):
            marks.append(Mark(Target("ally", event.ally), "summon"))
        elif isinstance(event, (ev.Hit, ev.PoisonTick)):
            marks.append(Mark(_at(event.target), "hit"))
        elif isinstance(event, ev.AllyStruck):
            marks.append(Mark(Target("hp", event.at), "hit"))
        elif isinstance(event, ev.Healed):
            marks.append(Mark(_at(event.target), "heal"))
        elif isinstance(event, (ev.Died, ev.Banished)):
            # An ally that left the table takes its marks with it: its wizard's panel keeps the news.
            gone = event.target.index if isinstance(event, ev.Died) and event.target.kind == "ally" else (
                event.ally if isinstance(event, ev.Banished) else None)
            if gone is not None:
                marks = [mark for mark in marks if mark.target != Target("ally", gone)]
    return marks
