"""The Wizard Dice hint before a roll names only spells the dice it keeps make by themselves (issue 34, item 20:
"Keep 1 and 1 and roll the rest: these dice make Poison Arrow and Shield now" on 4 4 1 5 1 2)."""

import re

from tabletop.app.hints import match_hint
from tabletop.core.controller import MatchController
from tabletop.registry import get_rules

NAMES = ["Ada", "Bo", "Cy", "Dorn", "Esme"]


def keep_hints(count: int):
    """(state, hint) for the first keep hint of ``count`` seeded five-wizard games."""
    rules = get_rules("wizard-dice")
    for seed in range(count):
        match = MatchController(rules, None, NAMES, seed)
        bot = rules.playout_bot(seed)
        for _ in range(60):
            state = match.state
            secret = state.wizards[state.to_act].secret if state.to_act is not None else None
            if secret is not None and state.flow.stage == "secret" and secret.rolls == 1 and not secret.rolled_out:
                hint = match_hint(match, state.to_act)
                if hint.reason.startswith("Keep"):
                    yield state, hint
                    break
            match.submit(bot.choose(match.legal_intents(), rules.view(match.state, match.state.to_act)))


def test_a_keep_hint_names_only_spells_the_kept_dice_make_now():
    book = get_rules("wizard-dice").book
    seen = 0
    for state, hint in keep_hints(12):
        found = re.match(r"Keep ([\d, and]+) \(glowing\) and roll the rest: (?:this die makes|these dice make) "
                         r"(.+?) now, ", hint.reason)
        if found is None:
            assert "no spell yet" in hint.reason, hint.reason
            continue
        kept = [int(d) for d in re.findall(r"\d", found.group(1))]
        names = re.split(r", | and ", found.group(2))
        formable = {spell.name for spell in book.formable(kept, state.loose_patterns)}
        assert set(names) <= formable, (hint.reason, kept, formable)
        seen += 1
    assert seen >= 5


def test_three_3s_are_not_said_to_make_poison_arrow():
    # Seed 1, Ada's first roll 3 3 5 3 1 1: the hint keeps the three 3s; the 1s roll again.
    state, hint = next(_seed(1))
    assert "Keep 3, 3 and 3" in hint.reason and "Poison Arrow" not in hint.reason


def _seed(seed):
    for state, hint in keep_hints(seed + 1):
        if state.wizards[state.to_act].secret.dice == (3, 3, 5, 3, 1, 1):
            yield state, hint
