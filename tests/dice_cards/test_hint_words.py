"""Dice Cards' hints name what the board shows: a Charge or a Summon names the value of the die it uses."""

from __future__ import annotations

import re

from tabletop.app.hints import hint_for
from tabletop.core.controller import MatchController
from tabletop.registry import get_rules


def test_a_hint_never_says_none_and_names_the_die_it_uses():
    rules = get_rules("dice-cards")
    seen = set()
    for seed in range(4):
        match = MatchController(rules, None, ["Ada", "Brom"], 40 + seed)
        playout = rules.playout_bot(seed)
        for _ in range(60):
            if match.finished:
                break
            state = match.state
            hint = hint_for(rules, state, state.to_act, 3)
            assert hint is not None
            assert "None" not in hint.reason, hint.reason
            if hint.intent.KIND in ("charge", "summon") and not getattr(hint.intent, "ability", ""):
                number = re.search(r"your (\d)", hint.reason)
                assert number and int(number.group(1)) == hint.intent.die, hint.reason
                seen.add(hint.intent.KIND)
            match.submit(playout.choose(match.legal_intents()))
    assert seen, "no Charge or Summon hinted: the test proved nothing"
