"""The ElementaliS expert: the strong bot's choice and its closest rivals played out on sampled futures, seated
as Bot: expert; it makes the move its play-outs prove better, says so in the game's words, drafts the Major
that wins most among equals, and its work per decision is bounded by its parameters, not by a clock."""

from __future__ import annotations

import random
import re
import statistics

import pytest

from tabletop.app.matches import seat_kinds
from tabletop.core.protocol import bot_levels
from tabletop.core.simulate import simulate
from tabletop.games.elementalis.bots import REASON_LIMIT, ExpertBot, TurnDice
from tabletop.games.elementalis.intents import Cast, Declare, PassWindow, TakeMajor
from tabletop.games.elementalis.state import Die, Flow, Mage, Mana, State, Window
from tabletop.registry import get_rules

RULES = get_rules("elementalis")


def chars_chance() -> State:
    """Round 4, Ann's Power Roll: earth, air, fire, water and Ether on the Sun die.  Ann and Bo are Purists now
    (their Minors passed), Water and Fire.  Ann's Channel would get 1 Water (the water, the Ether, less the air).
    Bo may declare a spell: Char on the air die's water, for 1 Fire, leaves her Channel empty, and the Elemental
    Opposition follows, which his Fire dice may win.  The strong bot's sums say it is not worth it."""
    ann = Mage("Ann", "water", "water", mana=Mana(fire=1, water=9), gained=10)
    bo = Mage("Bo", "fire", "fire", mana=Mana(fire=9, water=1), spells_cast=1, gained=11)
    dice = (Die("fire", "earth"), Die("water", "air"), Die("earth", "fire"), Die("air", "water"), Die("sun", "ether"))
    flow = Flow(stage="declare", round=4, active=0, deciding=0, roll="power", dice=dice, rolled=True,
                window=Window(after="score", asked=(0, 1), turn=1))
    return State(mages=(ann, bo), flow=flow)


def test_the_expert_is_a_level_of_the_game_and_is_offered_at_seat_setup():
    assert "expert" in bot_levels(RULES, table=True)
    assert seat_kinds("elementalis")[-1] == "expert"
    assert RULES.make_bot("expert", 1, 0).bot_id == "expert"


def test_the_expert_makes_the_move_its_search_proves_better_where_the_strong_bot_does_not():
    state = chars_chance()
    legal = RULES.legal_intents(state)
    assert RULES.make_bot("strong", 3, 1).choose(legal, state) == PassWindow(1)
    expert = RULES.make_bot("expert", 3, 1)
    assert expert.choose(legal, state) == Declare(1)
    char = Cast(1, "char", die=3)
    assert expert.search is not None and expert.search.overturned and expert.search.move == (Declare(1), char)
    # Without its search the expert plays the strong bot's move: the search makes the difference.
    blind = type("Blind", (ExpertBot,), {"SEARCHED": {}})(3, 1, RULES)
    assert blind.choose(legal, state) == PassWindow(1)
    # And the search is right: played out on 100 other futures, the Char leaves Bo further ahead by the round's end
    # (by about 1 Mana: it costs him 1, and the Opposition it calls takes 1 or 2 from Ann).
    judge = ExpertBot(11, 1, RULES)
    draw = random.Random(7)
    seeds = [draw.randrange(1 << 62) for _ in range(100)]
    gains = [judge._playout(state, Declare(1), char, seed).ahead
             - judge._playout(state, PassWindow(1), None, seed).ahead for seed in seeds]
    assert statistics.mean(gains) > 0.5, statistics.mean(gains)
    # Declared for Char, the expert casts it when its turn to cast comes.
    after = RULES.apply(state, Declare(1), TurnDice(1).at(state)).state
    assert after.flow.stage == "cast" and expert.choose(RULES.legal_intents(after), after) == char


def test_the_experts_reason_names_what_its_search_found_in_the_games_words():
    intent, reason = RULES.make_bot("expert", 3, 1).decide(chars_chance(), random.Random(3))
    assert intent == Declare(1)
    assert reason.startswith("Declare Char on Ann's water, not passing: +"), reason
    gain = re.search(r"\+(\d+\.\d) Mana on average", reason)
    assert gain and float(gain.group(1)) >= 0.5, reason
    assert len(reason) <= REASON_LIMIT and "\u2026" not in reason
    assert not re.search(r"\b(red|blue|green|white|colours?|Arcana)\b", reason), reason


def test_the_expert_drafts_water_where_the_strong_bot_takes_earth():
    state = RULES.setup({}, ["Ann", "Bo"], TurnDice(1)).state
    legal = RULES.legal_intents(state)
    assert RULES.make_bot("strong", 1, 0).choose(legal, state) == TakeMajor(0, "earth")
    assert RULES.make_bot("expert", 1, 0).choose(legal, state) == TakeMajor(0, "water")


def test_the_work_of_a_decision_is_bounded_by_its_parameters():
    """At most 1 + SEARCHED[stage] plans, each on SAMPLES futures: a count, not a clock."""
    state = chars_chance()
    legal = RULES.legal_intents(state)
    for samples, rivals in ((16, 2), (5, 1)):
        bot = type("Counted", (ExpertBot,), {"SAMPLES": samples, "SEARCHED": {"declare": rivals}})(3, 1, RULES)
        played = []
        playout = bot._playout
        bot._playout = lambda *args: played.append(args) or playout(*args)     # type: ignore[method-assign]
        bot.choose(legal, state)
        assert 2 * samples <= len(played) <= (1 + rivals) * samples
        assert bot.search is not None and bot.search.samples == samples
    again = [RULES.make_bot("expert", 8, 1).choose(legal, state) for _ in range(2)]
    assert again[0] == again[1]


@pytest.mark.slow
def test_the_expert_plays_legal_whole_games_and_holds_its_own_against_strong_bots():
    summary = simulate(get_rules, "elementalis", 4, 21, jobs=1, emit=lambda line: None,
                       bots=("expert", "strong", "strong"))
    assert summary["errors"] == 0 and summary["bots"]["expert"]["decided_games"] == 4
