"""The hint's reasons are the whole truth (issue 34, item 6): a hint to end the turn never leaves out a move of the
shop it could still make (a reroll, a buy), and its reason names what the board shows (the hand, the row, the
gold it holds) and the real cause."""

import pytest

from tabletop.app.hints import hint_for
from tabletop.core.values import evolve
from tabletop.games.elemental_dice.intents import Buy, EndTurn, RerollShop

from .test_bots import RULES, position


def _with(state, **changes):
    player = evolve(state.players[0], **changes)
    return evolve(state, players=(player, state.players[1]))


@pytest.mark.parametrize("gold", [2, 3, 7, 12])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_ending_the_turn_with_a_shop_to_open_says_why_not_the_shop(gold, seed):
    # The row starts empty; the hand is played out; 7 gold could open the shop ("nothing left in hand is worth
    # playing" was the whole reason, as if the shop were not there).
    state = _with(position(), gold=gold, hand=())
    legal = RULES.legal_intents(state)
    assert any(isinstance(i, RerollShop) for i in legal)
    hint = hint_for(RULES, state, 0, seed)
    if isinstance(hint.intent, EndTurn):
        assert "shop" in hint.reason and "reroll" in hint.reason.lower() or "five new cards" in hint.reason
        assert f"{gold} gold" in hint.reason
        assert "hand is empty" in hint.reason
    else:
        assert isinstance(hint.intent, RerollShop)
        assert "row is empty" in hint.reason and f"{gold} gold" in hint.reason


def test_ending_the_turn_with_a_buy_open_names_the_row_and_the_gold():
    state = position()
    state = evolve(state, shop_row=state.shop_draw[:5], shop_draw=state.shop_draw[5:])
    state = _with(state, gold=3, hand=())
    legal = RULES.legal_intents(state)
    for seed in range(4):
        hint = hint_for(RULES, state, 0, seed)
        if isinstance(hint.intent, EndTurn) and any(isinstance(i, Buy) for i in legal):
            assert "row" in hint.reason and "3 gold" in hint.reason


def test_ending_the_turn_with_nothing_left_in_the_shop_says_what_stops_it():
    state = _with(position(), gold=1, hand=())
    hint = hint_for(RULES, state, 0, 0)
    assert isinstance(hint.intent, EndTurn)
    assert hint.reason == ("End the turn: your hand is empty, and the shop's row is empty and your 1 gold does "
                           "not pay for a reroll.")
