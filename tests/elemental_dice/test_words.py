"""Every word an Elemental Dice player reads: true, short, one name for each thing, refusals that say what is
wrong (issue 23)."""

from __future__ import annotations

import pytest

from tabletop.core.controller import MatchController
from tabletop.games.elemental_dice import events as ev
from tabletop.games.elemental_dice.intents import EndTurn, Interrupt, Pass, Play
from tabletop.registry import get_rules

from ..words_checks import (Said, check_names, first_page, player_texts, reading_minutes, refusal_problems, refusals,
                            rules_page_text)

GAME = "elemental-dice"
RULES = get_rules(GAME)


@pytest.fixture(scope="module")
def texts():
    return player_texts(GAME, seeds=(3,), refusal_seeds=(3,), moves=None)


def new_match() -> MatchController:
    return MatchController(RULES, None, ("Ann", "Bo"), 1)


def one_line(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------- §1: true statements
def test_f1_says_the_barrier_lowers_a_non_magic_die_and_what_buffs_also_do():
    page = one_line(rules_page_text(GAME))
    assert "picks one of its non-magic dice" in page
    assert "one of its two dice" not in page
    assert "strengthens your own shields" in page and "your own water cards deal to you" in page


def test_the_barrier_question_names_a_die_not_a_term():
    from dataclasses import replace

    from tabletop.games.elemental_dice.state import Execution, Phase

    match = new_match()
    state = match.state
    flow = replace(state.flow, phase=Phase.EFFECT,
                   executing=Execution(card="lava-surge", controller=0, stage="barrier"))
    said = RULES.prompt(replace(state, flow=flow))
    assert "term" not in said and "which die of Lava Surge" in said, said


def test_a_player_brought_to_zero_falls_in_the_log():
    view = new_match().state
    said = RULES.narrate(ev.Damaged(1, 8, 0, "fire", -3), view, None)
    assert said == "Bo takes 8 damage and falls (-3 HP).", said
    assert RULES.narrate(ev.Damaged(1, 8, 0, "fire", 20), view, None) == "Bo takes 8 damage (20 HP left)."


def test_dice_are_named_by_their_element_in_the_log():
    view = new_match().state
    assert RULES.narrate(ev.DieRolled("ORANGE", 4), view, None) == "The Chance die rolls 4."


# ---------------------------------------------------------------- §2: F1 opens with how to play
def test_f1_opens_with_a_two_minute_how_to_play_page():
    first = first_page(GAME)
    assert first != rules_page_text(GAME), "the how-to-play page must end where the full rules begin"
    assert reading_minutes(first) <= 2.2, reading_minutes(first)
    for needed in ("Three kinds of card", "Action:", "Blessing:", "Passive:", "A turn in five steps",
                   "How you win", "A worked example", "click"):
        assert needed in first, needed
    decisions = rules_page_text(GAME).split("\n## ")[-1]
    assert decisions.startswith("Decisions"), "the decisions come last, in their own section"


def test_no_developer_words_in_f1_or_the_options():
    page = rules_page_text(GAME) + " ".join(spec.help + spec.label for spec in RULES.meta.options)
    for word in ("the seed", "the document", "GSC", "the reference", "the author", "lost page", "term"):
        assert word not in page, word


# ---------------------------------------------------------------- §3: one name for one thing
def test_one_name_for_each_thing(texts):
    problems = check_names(GAME, texts)
    assert not problems, "\n".join(problems[:20])


def test_the_names_check_catches_a_synonym():
    assert check_names(GAME, [Said("test", "The orange die rolls 4.")])
    assert check_names(GAME, [Said("test", "Bo: respond")])
    assert check_names(GAME, [Said("test", "only in one's own main phase")])
    assert not check_names(GAME, [Said("test", "The Chance die rolls 4. Bo may answer in your turn.")])


# ---------------------------------------------------------------- §4: refusals that say what is wrong
def test_refusals_over_playouts_say_what_is_wrong():
    found = refusals(GAME, seeds=(1, 2), every=3)
    assert len(found) > 300
    problems = refusal_problems(found)
    assert not problems, "\n".join(problems)


def test_stepping_in_and_ending_the_turn_say_why_not():
    match = new_match()
    state = match.state                      # Bo may answer before Ann's first turn
    assert RULES.why_illegal(state, Interrupt(1)) == \
        "A card waits to be answered: answer it or pass instead of stepping in."
    match.submit(Pass(1))
    match.submit(Play(0, match.state.players[0].hand[0]))
    match.submit(Pass(1))                    # Ann may answer her own card: the card still waits
    said = RULES.why_illegal(match.state, EndTurn(0))
    assert "main phase" not in said and "once everyone has passed" in said, said


def test_the_rules_screen_legend_names_each_die_by_its_element():
    from tabletop.app.games.elemental_dice.help import legend_line
    from tabletop.games.elemental_dice.cards import DICE

    lines = [Said("legend", legend_line(die)) for die in DICE]
    assert not check_names(GAME, lines), check_names(GAME, lines)
    assert lines[0].text.startswith("Fire die")
