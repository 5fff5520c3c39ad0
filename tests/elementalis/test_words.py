"""Every word an ElementaliS player reads (issue 23): a how-to-play page first with each mage type's scoring,
the same summary beside the board, Mana named by element, one word for the cards, refusals that name the
actual cause."""

import re

from tabletop.games.elementalis import events as ev
from tabletop.games.elementalis.elements import SUN
from tabletop.games.elementalis.intents import Cast, Roll
from tabletop.games.elementalis.state import Die, Flow, Mage, Mana, State, Window
from tabletop.registry import get_rules
from tests.words_checks import (check_names, names_file, player_texts, reading_minutes, refusal_problems, refusals,
                                rules_page_text)

GAME = "elementalis"
RULES = get_rules(GAME)
DICE = tuple(Die(kind, face, owner=0) for kind, face in zip(("fire", "water", "earth", "air", SUN),
                                                             ("fire", "water", "earth", "air", "ether")))


def casting(*pairs, mana=None, used=(), dice=DICE) -> State:
    """Mage 0 casting the spell it declared in the window after its Power Roll."""
    mages = tuple(Mage(name=name, major=major, minor=minor, mana=Mana.of(mana or {}))
                  for name, (major, minor) in zip(("Ann", "Bo", "Cy"), pairs))
    window = Window(after="score", asked=tuple(range(len(pairs))), declared=(0,))
    return State(mages=mages, flow=Flow(stage="cast", roll="power", dice=dice, window=window, used=tuple(used)))


# ================================================================ 2. F1: how to play first
def _sections(page: str) -> list[tuple[str, str]]:
    page = re.sub(r"<!--.*?-->", "", page, flags=re.DOTALL)
    return [(part.splitlines()[0].lstrip("# ").strip(), part) for part in re.split(r"\n(?=## )", page)]


def test_f1_opens_with_a_quick_start_and_each_mage_types_scoring():
    sections = _sections(rules_page_text(GAME))
    titles = [title for title, _ in sections]
    assert titles[1:3] == ["Quick start", "How each mage type scores"]
    assert titles[-1] == "When the rulebook is silent"
    quick = sections[0][1] + sections[1][1]
    assert reading_minutes(quick) <= 2.0
    for needed in ("Goal", "five steps", "Scoring", "Legend", "click"):
        assert needed in quick
    for kind in ("Elementalist", "Harmonist", "Purist", "Elitist", "Creationist"):
        assert kind in sections[2][1]


def test_f1_speaks_to_players_not_to_developers():
    page = re.sub(r"<!--.*?-->", "", rules_page_text(GAME), flags=re.DOTALL)
    for word in ("the seed", "the document", "GSC", "the reference", "the author", "the lost page", "rules.py"):
        assert word.lower() not in page.lower(), word


def test_a_mages_tooltip_beside_the_board_says_how_they_score():
    from tabletop.app.games.elementalis.help import mage_help
    state = casting(("fire", "air"), ("earth", "earth"), ("water", "ether"))
    assert "Scores: Fire symbols less Water ones, Air symbols less Earth ones" in mage_help(RULES, state, 0)
    assert "Scores: Earth symbols plus every Ether, less Fire symbols" in mage_help(RULES, state, 1)
    assert "No Water spell can touch them" in mage_help(RULES, state, 2)


# ================================================================ 3. one name for one thing
def test_one_name_for_each_thing():
    names = names_file(GAME)
    assert {"Major", "element", "Fire"} <= set(names.names)
    assert check_names(GAME, player_texts(GAME)) == []


# ================================================================ 4. refusals and log lines
def test_refusals_say_what_is_wrong():
    found = refusals(GAME, (1, 2))
    assert len(found) > 1000
    assert refusal_problems(found) == []
    assert not any(refusal.text.startswith("Not now:") for refusal in found)
    assert not any("cannot be cast that way" in refusal.text for refusal in found)


def test_a_spell_cast_twice_says_so():
    state = casting(("air", "air"), ("fire", "fire"), mana={"air": 5}, used=("0:major:breeze", "0:minor:breeze"))
    assert RULES.why_illegal(state, Cast(0, "breeze", die=0)) == "You already cast Breeze this turn."


def test_the_sun_die_says_it_cannot_be_targeted():
    state = casting(("air", "air"), ("fire", "fire"), mana={"air": 5})
    assert RULES.why_illegal(state, Cast(0, "breeze", die=4)) == "The Sun die cannot be targeted."


def test_an_elitist_limit_is_named():
    bo_rolled = tuple(Die(d.kind, d.face, owner=1) for d in DICE)
    state = casting(("water", "water"), ("water", "ether"), mana={"water": 5}, dice=bo_rolled)
    assert RULES.why_illegal(state, Cast(0, "mirror-pool", die=0)) == \
        "Bo is a Water Elitist: no Water spell can touch them."
    state = casting(("fire", "ether"), ("air", "fire"), mana={"fire": 5}, dice=bo_rolled)
    assert RULES.why_illegal(state, Cast(0, "char", die=0)) == \
        "As an Elitist you cannot cast at Bo: their Minor is your Major, Fire."


def test_a_move_out_of_its_moment_says_when_it_is_made():
    state = casting(("air", "air"), ("fire", "fire"), mana={"air": 5})
    text = RULES.why_illegal(state, Roll(0))
    assert text.startswith("The Power Roll only starts a turn. Now: ")
    assert not text.startswith("Not now")


def test_the_opposition_log_line_is_plain():
    state = casting(("air", "air"), ("fire", "fire"))
    assert RULES.narrate(ev.Opposed(1, 1, 1, 0), state, None) == \
        "Bo opposes: 1 of their Major's symbols against 1 of Ann's: nothing changes hands."
    assert RULES.narrate(ev.Opposed(1, 3, 1, 2), state, None).endswith("so Bo takes 2 Mana from Ann.")
    assert RULES.narrate(ev.Opposed(1, 0, 2, -2), state, None).endswith("so Bo pays 2 Mana to Ann.")
