"""Every word a Dice Cards player reads (issue 23): a how-to-play page and the archetypes on one screen first,
true statements about the battle order and the dice, "player" throughout, units named by archetype rather
than by number, refusals that say what is wrong."""

import re

from tabletop.games.dice_cards import events as ev
from tabletop.games.dice_cards.intents import Activate
from tabletop.games.dice_cards.state import Duelist, Flow, Stage, State, Unit
from tabletop.registry import get_rules
from tests.words_checks import (check_names, names_file, player_texts, reading_minutes, refusal_problems, refusals,
                                rules_page_text)

GAME = "dice-cards"
RULES = get_rules(GAME)


def page() -> str:
    return re.sub(r"<!--.*?-->", "", rules_page_text(GAME), flags=re.DOTALL)


def _sections() -> list[tuple[str, str]]:
    return [(part.splitlines()[0].lstrip("# ").strip(), part) for part in re.split(r"\n(?=## )", page())]


def duel(units=(), energy=(), stage=Stage.MAIN) -> State:
    duelists = (Duelist(name="Ann", deck=("CINDER", "BRAMBLE"), energy=tuple(energy), shields=(2, 4, 6)),
                Duelist(name="Bo", deck=("BASTION",), shields=(2, 4, 6)))
    return State(duelists=duelists, units=tuple(units), flow=Flow(stage=stage, turn=3, active=0))


# ================================================================ 1. true statements
def test_f1_gives_the_battle_order_to_the_defender():
    text = " ".join(page().split())
    assert "in the order they were declared" not in text
    assert "The defender chooses their order" in text


def test_f1_does_not_say_dice_are_never_lost_beside_banishing():
    text = " ".join(page().split())
    assert "never made or lost" not in text and "Dice are never lost" not in text
    assert "only banishing takes one out of the game" in text


# ================================================================ 2. F1: how to play first
def test_f1_opens_with_a_quick_start_and_the_archetypes_on_one_screen():
    sections = _sections()
    titles = [title for title, _ in sections]
    assert titles[1:3] == ["Quick start", "The archetypes at a glance"]
    assert titles[-1] == "When the rulebook is silent"
    quick = sections[0][1] + sections[1][1]
    assert reading_minutes(quick) <= 2.0
    for needed in ("Goal", "five steps", "Winning", "Legend", "click"):
        assert needed in quick
    assert len(sections[2][1].splitlines()) <= 30
    glance = " ".join(sections[2][1].split())
    for archetype in RULES.content.archetypes.values():
        assert archetype.name in glance
        assert all(ability.name in glance for ability in archetype.abilities)


def test_f1_speaks_to_players_not_to_developers():
    for word in ("the seed", "the document", "GSC", "the reference", "the author", "the lost page", "rules.py"):
        assert word.lower() not in page().lower(), word


# ================================================================ 3. one name for one thing
def test_one_name_for_each_thing_and_units_without_numbers():
    assert "player" in names_file(GAME).names
    texts = player_texts(GAME)
    assert check_names(GAME, texts) == []
    numbered = [said for said in texts if re.search(r"#\d", said.text)]
    assert numbered == [], numbered[:3]


def test_alike_units_are_told_apart_by_power_then_by_place():
    drakes = (Unit(1, 0, "CINDER", 2), Unit(2, 0, "CINDER", 3), Unit(3, 0, "CINDER", 3), Unit(4, 0, "BRAMBLE", 1),
              Unit(5, 1, "BASTION", 2))
    state = duel(drakes)
    view = RULES.view(state, None)
    name = {uid: RULES.narrate(ev.StrikeFirst(uid), view, None) for uid in (1, 2, 3, 4, 5)}
    assert name[1] == "Ann's Cinder Drake (Power 2) strikes first this turn."
    assert name[2] == "Ann's first Cinder Drake (Power 3) strikes first this turn."
    assert name[3] == "Ann's second Cinder Drake (Power 3) strikes first this turn."
    assert name[4] == "Ann's Bramble Chimera strikes first this turn."
    assert name[5] == "Bo's Bastion Warden strikes first this turn."


# ================================================================ 4. refusals
def test_refusals_say_what_is_wrong():
    found = refusals(GAME, (1, 2))
    assert len(found) > 1000
    assert refusal_problems(found) == []
    texts = {refusal.text for refusal in found}
    assert "Discard first." not in texts
    assert not any("slot=" in text or "#" in text for text in texts)


def test_a_token_you_do_not_have_is_named():
    state = duel((Unit(1, 0, "BRAMBLE", 2),), energy=(1, 6))
    assert RULES.why_illegal(state, Activate(0, "BRAMBLE.2", (4,), target=1)) == \
        "You have no energy token showing 4 (your energy tokens are 1, 6)."
    assert RULES.why_illegal(state, Activate(0, "BRAMBLE.3", (1, 6))) == \
        "Overgrowth costs Low Doubles, and your energy tokens are 1, 6: charge dice first."
