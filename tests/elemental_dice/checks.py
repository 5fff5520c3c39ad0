"""Elemental Dice checks for the playouts: every change of HP and gold is told by an event, and the
numbers add up (rules reference A.3.5: damage dealt earns as much gold), recomputed apart from the code."""

from tabletop.core.controller import MatchController
from tabletop.games.elemental_dice import events as ev

CARD_COUNT = 87 + 16          # the shop deck with the lost page, and 8 Basic Income per player (A.2)
LOST_PAGE = 9                 # cards of the shop deck only with the option include_lost_page


def check_step(match: MatchController, events: tuple) -> None:
    """HP and gold move exactly as the step's events say; no card is ever created or lost."""
    before, after = match.states[-2], match.states[-1]
    for seat, (old, new) in enumerate(zip(before.players, after.players)):
        damage = sum(e.amount for e in events if isinstance(e, ev.Damaged) and e.seat == seat)
        healed = sum(e.amount for e in events if isinstance(e, ev.Healed) and e.seat == seat)
        assert new.hp == old.hp - damage + healed, (seat, old.hp, new.hp, damage, healed)
        gained = sum(e.amount for e in events if isinstance(e, ev.GoldGained) and e.seat == seat)
        spent = sum(e.amount for e in events if isinstance(e, ev.GoldSpent) and e.seat == seat)
        assert new.gold == old.gold + gained - spent, (seat, old.gold, new.gold, gained, spent)
    # Damage dealt earns as much gold, once the card's damage is all dealt (a choice may pause it).
    owed = match.__dict__.setdefault("gold_owed_for_damage", {})
    dealt = match.__dict__.setdefault("damage_dealt", {})
    for event in events:
        if isinstance(event, ev.Damaged):
            owed[event.source] = owed.get(event.source, 0) + event.amount
            dealt[event.source] = dealt.get(event.source, 0) + event.amount
        elif isinstance(event, ev.GoldGained) and event.why == "damage":
            owed[event.seat] = owed.get(event.seat, 0) - event.amount
    if after.flow.executing is None:
        assert all(value == 0 for value in owed.values()), owed
        assert [p.damage_dealt for p in after.players] == [dealt.get(s, 0) for s in range(len(after.players))]
    state = after
    cards = [*state.shop_draw, *state.shop_row, *state.shop_discard, *(p.card for p in state.flow.chain)]
    for player in state.players:
        cards += [*player.hand, *player.draw, *player.discard, *(f.card for f in player.facedown),
                  *player.passives, *(x.card for x in player.lasting), *player.removed]
    if state.flow.executing is not None:
        cards.append(state.flow.executing.card)
    lost = 0 if match.options.get("include_lost_page", "yes") == "yes" else LOST_PAGE
    assert len(cards) == CARD_COUNT - lost, len(cards)
    if state.flow.phase == "over":
        down = [seat for seat, p in enumerate(state.players) if p.hp <= 0]
        assert down and (state.flow.winner not in down or len(down) == 2)
