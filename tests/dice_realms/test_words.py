"""Every word a Dice Realms player reads: true, short, one name for each thing, refusals that say what is wrong
(issue 23)."""

from __future__ import annotations

import re

import pytest

from tabletop.core.controller import MatchController
from tabletop.core.protocol import IllegalIntent
from tabletop.core.rng import ScriptedRandom
from tabletop.games.dice_realms.intents import Bonus, Pick
from tabletop.games.dice_realms.state import BonusKind, Cell
from tabletop.registry import get_rules

from ..words_checks import (check_names, first_page, player_texts, reading_minutes, refusal_problems, refusals,
                            rules_page_text)

GAME = "dice-realms"
RULES = get_rules(GAME)


@pytest.fixture(scope="module")
def texts():
    return player_texts(GAME, seeds=(3,), refusal_seeds=(3,), moves=None)


# ---------------------------------------------------------------- §1: true statements
def test_an_unrolled_die_says_where_it_goes_without_a_value_and_only_green_joins_white():
    from tabletop.app.games.dice_realms.help import die_help

    for die in ("red", "blue", "magenta", "yellow"):
        said = die_help(die, 0)
        assert "white" not in said and "(0)" not in said, said
    assert "(0)" not in die_help("white", 0)
    assert "green + white" in die_help("green", 0)


def test_the_green_die_always_counts_as_green_plus_white():
    from tabletop.app.games.dice_realms.help import die_help

    said = die_help("green", 3, 5)
    assert "also" not in said and "3 + 5 = 8" in said and "Terra" in said and "Heartland" not in said


def table(options=None):
    match = MatchController(RULES, options, ("Gandalf", "Saruman"), 1)
    return match


def test_a_green_refusal_names_the_sum_not_a_die_value():
    match = table()
    state = RULES.apply(match.state, RULES.intents.parse("roll seat=0"),
                        ScriptedRandom([3, 3, 1, 1, 1, 5])).state     # R3 G3 B1 M1 Y1 W5: green + white = 8
    assert state.dice.value("green") + state.dice.value("white") == 8
    said = RULES.why_illegal(state, Pick(0, "green", "green", Cell.at(4)))
    assert "green + white = 8" in said and "green die (8)" not in said, said


def test_the_yellow_bonus_tooltip_reads_the_option():
    from tabletop.app.choosing import Seen, Target
    from tabletop.app.games.dice_realms.choices import DiceRealmsChoices

    for option, value in (("six", 6), ("classic", 4)):
        match = table({"lion_bonus": option})
        state = match.state
        choices = DiceRealmsChoices(Seen(RULES.view(state, 0), tuple(RULES.legal_intents(state)), 0,
                                         match.seats, RULES))
        said = choices.explain(Target("reward", (0, "red", "row-wings", "yellow", 0)))
        assert f"write a {value} in the next cell of Savanna" in said, said


def test_f1_states_every_option_dependent_value_and_time_warp_on_any_roll():
    page = rules_page_text(GAME)
    assert "with \"classic\", 4 from row 2 of Emberfall" in page.replace("\n  ", " ")
    assert "on any roll" in page
    # A Time Warp is not only for a roll no die can use.
    assert not re.search(r"no die is usable.*?Time Warp.*?re-roll instead", page, re.DOTALL)


# ---------------------------------------------------------------- §2: F1 opens with how to play
def test_f1_opens_with_a_two_minute_how_to_play_page():
    first = first_page(GAME)
    assert first != rules_page_text(GAME), "the how-to-play page must end where the full rules begin"
    assert reading_minutes(first) <= 2.2, reading_minutes(first)
    for needed in ("A turn in five steps", "How you score and win", "What you see", "click"):
        assert needed in first, needed
    decisions = rules_page_text(GAME).split("\n## ")[-1]
    assert decisions.startswith("Decisions"), "the decisions come last, in their own section"


def test_no_developer_words_in_f1():
    page = rules_page_text(GAME)
    for word in ("the seed", "the document", "GSC", "the reference", "the author", "A-11", "S1"):
        assert word not in page, word


# ---------------------------------------------------------------- §3: one name for one thing
def test_one_name_for_each_thing(texts):
    problems = check_names(GAME, texts)
    assert not problems, "\n".join(problems[:20])


def test_the_tutorial_is_read_by_the_names_check(texts):
    coach = [said for said in texts if said.where.startswith("tutorial step")]
    assert len(coach) >= 20 and any("Tide Abyss" in said.text for said in coach)
    from ..words_checks import Said

    assert check_names(GAME, [Said("tutorial step 3", "Click the blue 4, then the glowing Hydra head.")])


def test_cells_are_named_one_way(texts):
    # "row 2 of column 1", "cell 3": never "head-1", "the head of Dragon 1", "heart row", "the 7".
    bad = re.compile(r"\b(head|heart|wings|tail)-\d\b|\b(head|heart|wings|tail)\b|\bthe \d+\b(?! (rolls|dice))"
                     r"|\bsum \d+\b")
    found = [f"{said.where}: {said.text}" for said in texts
             if not said.where.startswith("F1") and bad.search(said.text)]
    assert not found, "\n".join(found[:10])


def test_the_names_check_catches_a_synonym():
    from ..words_checks import Said

    assert check_names(GAME, [Said("test", "The red die is not in hand.")])
    assert check_names(GAME, [Said("test", "+1 Crest")])
    assert check_names(GAME, [Said("test", "+1 Elemental Crest in Terra's Heartland")])
    assert not check_names(GAME, [Said("test", "+1 Elemental Crest in Terra")])


# ---------------------------------------------------------------- §4: refusals that say what is wrong
def test_refusals_over_playouts_say_what_is_wrong():
    found = refusals(GAME, seeds=(1, 2), every=3)
    assert len(found) > 300
    problems = refusal_problems(found)
    assert not problems, "\n".join(problems)


def test_a_misplaced_bonus_says_where_it_can_go():
    state = table().state
    from dataclasses import replace

    state = replace(state, flow=replace(state.flow, pending=(BonusKind("red"),), pending_seat=0))
    said = RULES.why_illegal(state, Bonus(0, BonusKind("red"), "red", Cell("head", 4)))
    assert said == "The Red Bonus can cross any free cell of Emberfall: click a glowing one.", said
    with pytest.raises(IllegalIntent):
        RULES.apply(state, Bonus(0, BonusKind("red"), "red", Cell("head", 4)), ScriptedRandom([]))


def test_the_legend_and_the_reward_words_use_the_one_names():
    from tabletop.app.games.dice_realms.help import REWARD_HELP, REWARD_LEGEND, REWARD_NAMES

    from ..words_checks import Said

    lines = [Said(f"{table} {key}", text) for table, words in
             (("legend", REWARD_LEGEND), ("reward help", REWARD_HELP), ("reward name", REWARD_NAMES))
             for key, text in words.items()]
    problems = check_names(GAME, lines)
    assert not problems, "\n".join(problems)
    # The legend does not give the Yellow Bonus a value: it depends on the option.
    assert "6" not in REWARD_LEGEND["yellow"]
