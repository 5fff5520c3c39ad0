"""Dice Cards' hints name what the board shows: a Charge or a Summon names the value of the die it uses."""

from __future__ import annotations

import re

from tabletop.app.hints import hint_for
from tabletop.core.rng import SeededRandom
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


def test_the_deck_hint_names_every_archetype_of_the_deck_it_points_at():
    """The hint points at one archetype tile at a time, so its words must name the whole deck (issue 34,
    item 6: "This deck: its units and abilities work best together" showed beside one archetype alone)."""
    rules = get_rules("dice-cards")
    state = rules.setup(rules.meta.resolve_options({}), ["Ada", "Brom"], SeededRandom(7)).state
    for seat in (0, 1):
        hint = hint_for(rules, state, seat, 3)
        assert hint is not None and hint.intent.KIND == "deck"
        names = [rules.content.archetypes[a].name for a in hint.intent.archetypes]
        assert len(names) > 1
        for name in names:
            assert name in hint.reason, hint.reason
        assert "Play this deck" in hint.reason
    # Where the strong deck is not offered (a tutorial's narrowed choice), the hint still names what it picks.
    bot = rules.make_bot("strong", 1, 0)
    only = [i for i in rules.legal_intents(state) if i.seat == 0 and i.archetypes == ("BASTION",)]
    intent, reason = bot._deck(only)
    assert intent == only[0] and "Bastion Wardens" in reason and "one archetype" in reason
