"""Dice Cards' hints name what the board shows: a Charge or a Summon names the value of the die it uses."""

from __future__ import annotations

import re

from tabletop.app.hints import hint_for
from tabletop.registry import get_rules

from ..playout_checks import positions


def test_a_hint_never_says_none_and_names_the_die_it_uses():
    rules = get_rules("dice-cards")
    seen = set()
    for match in positions("dice-cards", range(40, 44), 60):
        state = match.state
        hint = hint_for(rules, state, state.to_act, 3)
        assert hint is not None
        assert "None" not in hint.reason, hint.reason
        if hint.intent.KIND in ("charge", "summon") and not getattr(hint.intent, "ability", ""):
            number = re.search(r"your (\d)", hint.reason)
            assert number and int(number.group(1)) == hint.intent.die, hint.reason
            seen.add(hint.intent.KIND)
    assert seen, "no Charge or Summon hinted: the test proved nothing"
