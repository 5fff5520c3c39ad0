"""What the last Elemental Dice move touched, to mark on the board (no pygame): the card just played (on the
chain while it waits for answers, then in the pile or the column it went to), a card placed face down (never
which one), the card just bought, cards drawn, discarded or removed (their piles), the dice rolled or kept, gold
and HP that changed, a pass (on the player's panel)."""

from __future__ import annotations

from typing import Sequence

from tabletop.core.values import Value
from tabletop.games.elemental_dice import events as ev
from tabletop.games.elemental_dice.state import State

from ...choosing import Target
from ...marks import Mark
from .help import PILES

__all__ = ["last_move_marks", "CHAIN", "PANEL"]

#: The kind of target of a card on the chain (the view finds where it lies: the geometry clicks none).
CHAIN = "chain"
#: The kind of target of a player's panel (a pass is marked there; the view finds where it lies).
PANEL = "panel"


def _chip(state: State, seat: int, card: str) -> Target | None:
    """Where a card in play lies in ``seat``'s column (shields and buffs, then passives), if shown."""
    player = state.players[seat]
    cards = [lasting.card for lasting in player.lasting] + list(player.passives)
    return Target("chip", (seat, cards.index(card))) if card in cards else None


def _on_chain(state: State, card: str) -> bool:
    flow = state.flow
    return any(pending.card == card for pending in flow.chain) or (
        flow.executing is not None and flow.executing.card == card)


def last_move_marks(events: Sequence[Value], state: State, shows: int | None) -> list[Mark]:
    """The marks of one move's events, as ``shows`` may see them (a face-down card only as such)."""
    marks: list[Mark] = []
    for event in events:
        if isinstance(event, (ev.FaceDownPlaced, ev.CardPlaced)):
            count = len(state.players[event.seat].facedown)
            if count:
                marks.append(Mark(Target("facedown", (event.seat, count - 1)), "hidden", "face down"))
        elif isinstance(event, ev.CardPlayed):
            if _on_chain(state, event.card):
                marks.append(Mark(Target(CHAIN, event.card), "play"))
        elif isinstance(event, ev.CardDone):
            where = _chip(state, event.seat, event.card) if event.to == "play" else (
                Target("pile", (event.seat, event.to)) if event.to in PILES else None)
            if where is not None:
                marks.append(Mark(where, "play"))
        elif isinstance(event, ev.Bought):
            if event.to in PILES:
                marks.append(Mark(Target("pile", (event.seat, event.to)), "buy"))
            elif event.to == "hand" and event.seat == shows:
                marks.append(Mark(Target("hand", event.card), "buy"))
            marks.append(Mark(Target("gold", event.seat), "buy"))
        elif isinstance(event, ev.ShopRerolled):
            marks.append(Mark(Target("shop_label"), "roll"))
        elif isinstance(event, ev.DieRolled):
            marks.append(Mark(Target("die", event.die), "roll"))
        elif isinstance(event, (ev.DieKept, ev.DieSet, ev.TermShielded)):
            marks.append(Mark(Target("die", event.die), "pick"))
        elif isinstance(event, ev.Damaged):
            marks.append(Mark(Target("hp", event.seat), "hit"))
        elif isinstance(event, ev.Healed):
            marks.append(Mark(Target("hp", event.seat), "heal"))
        elif isinstance(event, ev.GoldGained):
            marks.append(Mark(Target("gold", event.seat), "gain"))
        elif isinstance(event, (ev.GoldSpent, ev.MilitiaPaid)):
            marks.append(Mark(Target("gold", event.seat), "lose"))
        elif isinstance(event, (ev.CardsDiscarded, ev.Discarded)):
            marks.append(Mark(Target("pile", (event.seat, "discard")), "move"))
        elif isinstance(event, ev.CardsRemoved):
            marks.append(Mark(Target("pile", (event.seat, "removed")), "move"))
        elif isinstance(event, ev.DrewCards):
            marks.append(Mark(Target("pile", (event.seat, "draw")), "move"))
        elif isinstance(event, (ev.WindowPassed, ev.PassingThisTurn)):
            marks.append(Mark(Target(PANEL, event.seat), "pass"))
    return marks
