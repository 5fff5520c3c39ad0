"""Dice Realms lists its picks two ways: ``_picks`` (fast, what every turn and every bot playout asks) and the
plain definition, a ``Pick`` for each of :meth:`die_targets` (what the table's hover help, the passive source
and the refusals read).  The fast one must stay the plain one, pick for pick and in the same order, on every
seeded position: this test fails the day one of them changes alone (issue 35, item 1)."""

from __future__ import annotations

from tabletop.games.dice_realms.intents import Boost, Pick
from tabletop.games.dice_realms.state import DICE
from tabletop.registry import get_rules

from ..playout_checks import positions


def plain(rules, state, seat, dice, kind):
    return [kind(seat, die, realm, cell) for die in dice for realm, cell in rules.die_targets(state, seat, die)]


def test_the_fast_list_of_picks_is_the_plain_one_on_every_seeded_position():
    rules = get_rules("dice-realms")
    compared = nonempty = 0
    for match in positions("dice-realms", range(12), 400):
        state = match.state
        if state.to_act is None or not state.flow.rolled:
            continue
        dice = state.dice
        for seat in range(len(state.players)):
            for source in (dice.hand, dice.forgotten, dice.fields, DICE):
                for kind in (Pick, Boost):
                    fast = rules._picks(state, seat, source, kind)
                    assert fast == plain(rules, state, seat, source, kind), (len(match.journal), seat, source)
                    compared += 1
                    nonempty += bool(fast)
    assert compared > 2000 and nonempty > 1000, (compared, nonempty)


def test_the_check_sees_a_fast_list_that_leaves_a_pick_out():
    """The comparison above can fail: a fast list with one pick dropped differs from the plain one."""
    rules = get_rules("dice-realms")
    for match in positions("dice-realms", range(3), 60):
        state = match.state
        if state.to_act is not None and state.flow.rolled:
            fast = rules._picks(state, state.to_act, state.dice.hand, Pick)
            if len(fast) > 1:
                assert fast[1:] != plain(rules, state, state.to_act, state.dice.hand, Pick)
                return
    raise AssertionError("no position with two picks: the check proved nothing")
