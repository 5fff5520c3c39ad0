"""Every word a Wizard Dice player reads (issue 23): true, short, one name for one thing, refusals that say
what is wrong."""

import re

import pytest

from tabletop.core.controller import MatchController
from tabletop.core.protocol import IllegalIntent
from tabletop.core.rng import ScriptedRandom, SeededRandom
from tabletop.games.wizard_dice import events as ev
from tabletop.games.wizard_dice.spells import load_spells
from tabletop.games.wizard_dice.state import Target
from tabletop.registry import get_rules
from tests.words_checks import (check_names, names_file, player_texts, reading_minutes, refusal_problems, refusals,
                                rules_page_text)

GAME = "wizard-dice"
RULES = get_rules(GAME)
BOOK = load_spells()


# ================================================================ 1. true statements
def test_the_paralysis_tooltip_gives_its_phase_by_its_target():
    from tabletop.app.games.wizard_dice.help import spell_help
    text = spell_help(BOOK["paralysis"])
    assert "phase 5 at a wizard" in text and "phase 1 (complexity 3) at an ally" in text
    assert spell_help(BOOK["fireball"]).startswith("Fireball (phase 5):")


# ================================================================ 2. F1: how to play first
def _sections(page: str) -> list[tuple[str, str]]:
    page = re.sub(r"<!--.*?-->", "", page, flags=re.DOTALL)
    parts = re.split(r"\n(?=## )", page)
    return [(part.splitlines()[0].lstrip("# ").strip(), part) for part in parts]


def test_f1_opens_with_a_two_minute_quick_start_and_ends_with_the_decisions():
    sections = _sections(rules_page_text(GAME))
    titles = [title for title, _ in sections]
    assert titles[1] == "Quick start" and titles[2] == "The spell table"
    assert titles[-1] == "When the rulebook is silent"
    quick = sections[0][1] + sections[1][1]
    assert reading_minutes(quick) <= 2.0
    for needed in ("Goal", "A round in five steps", "Scoring", "Legend", "click"):
        assert needed in quick
    # The spell table: every spell of the book, on one screen.
    table = sections[2][1]
    assert all(spell.name in table for spell in BOOK.spells)
    assert len(table.splitlines()) <= 30


def test_f1_speaks_to_players_not_to_developers():
    page = re.sub(r"<!--.*?-->", "", rules_page_text(GAME), flags=re.DOTALL)
    for word in ("the seed", "the document", "GSC", "the reference", "the author", "the lost page", "rules.py"):
        assert word.lower() not in page.lower(), word


# ================================================================ 3. one name for one thing
def test_one_name_for_each_thing():
    names = names_file(GAME)
    assert "carry" in names.names and "cast" in names.names
    assert check_names(GAME, player_texts(GAME)) == []


# ================================================================ 4. refusals and log lines
def test_refusals_say_what_is_wrong():
    found = refusals(GAME, (1, 2))
    assert len(found) > 1000
    assert refusal_problems(found) == []
    texts = {refusal.text for refusal in found}
    assert "You can commit now." not in texts
    assert not any("Spells are chosen only" in text for text in texts)


def new_match(dice):
    return MatchController(RULES, {}, ["Drew", "Rick"], 1, rng=ScriptedRandom(list(dice), then=SeededRandom(1)))


@pytest.mark.parametrize("text, reason", [
    ("banish seat=0 ally=1", "Allies can be banished only at the start of a round"),
    ("carry seat=0 dice=2", "Dice are carried only at the end of a round"),
])
def test_a_refusal_out_of_its_moment_names_the_moment(text, reason):
    match = new_match((1, 2, 3, 4, 5, 6))
    match.submit("roll seat=0")
    with pytest.raises(IllegalIntent, match=reason):
        match.submit(text)


def test_a_wizard_who_has_committed_is_told_the_spells_are_set():
    # Every wizard still to commit decides at once (phones allocate in parallel); once committed, no more.
    match = new_match((1, 2, 3, 4, 5, 6))
    match.submit("roll seat=1")
    match.submit("stop seat=1")
    match.submit("commit seat=1")
    with pytest.raises(IllegalIntent, match="Rick has committed: the spells are set for this round"):
        match.submit("roll seat=1")


def narrate(event, seat=None):
    state = MatchController(RULES, {}, ["Drew", "Rick"], 0).state
    return RULES.narrate(event, RULES.view(state, seat), seat)


def test_log_lines_read_as_english():
    assert narrate(ev.Summoned(0, 0, 1, "ogre", 2)).startswith("An Ogre (2 HP) joins Drew")
    assert narrate(ev.Summoned(0, 0, 1, "troll", 3)).startswith("A Troll (3 HP) joins Drew")
    assert "1 die fewer" in narrate(ev.Paralysed(0, 1, 1))
    assert "2 dice fewer" in narrate(ev.Paralysed(0, 1, 2))
    bolt = narrate(ev.Revealed(0, "lightning-bolt", (4, 4, 4, 4), (Target("wizard", 1), Target("wizard", 0)), (3, 1)))
    assert bolt == "Drew cast Lightning Bolt (4 4 4 4): 3 damage at Rick and 1 damage at Drew."
    fallen = narrate(ev.Hit(0, "fireball", Target("wizard", 1), 6, 0, -3))
    assert "-3" not in fallen and "no HP left" in fallen
