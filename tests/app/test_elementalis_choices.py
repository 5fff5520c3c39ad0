"""What a click means at the ElementaliS table, asked of its choices without pygame: Mana taken counter by
counter, a spell aimed one question at a time, the dice picked up in an opposition, what a hover explains,
and the stage names the table uses."""

from __future__ import annotations

from itertools import permutations
from typing import Callable

from tabletop.app.choosing import KEEP, Menu, Reply, Slot
from tabletop.app.games.elementalis import stages
from tabletop.app.games.elementalis.choices import CHANNEL, Chosen, ElementaliSChoices, choice_target, die_target, \
    mage_target
from tabletop.core.bots import RandomBot
from tabletop.core.controller import MatchController
from tabletop.games.elementalis.elements import SUN
from tabletop.games.elementalis.intents import Cast, Oppose, Pay, StartMana
from tabletop.games.elementalis.state import Flow
from tabletop.games.elementalis.wording import mana_text
from tabletop.registry import get_rules

from ..choices_checks import seen_for

RULES = get_rules("elementalis")
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def position(wanted: Callable[[MatchController], bool]) -> MatchController:
    """The first position of seeded games between random bots (2 to 5 mages) where ``wanted`` holds."""
    for seed in range(1, 60):
        for players in (2, 3, 4, 5):
            match = MatchController(RULES, None, NAMES[:players], seed)
            bot = RandomBot(seed)
            while not match.finished:
                if wanted(match):
                    return match
                match.submit(bot.choose(match.legal_intents()))
    raise AssertionError("no seeded game reaches the position wanted")


def casts(match: MatchController) -> list[Cast]:
    return [i for i in match.legal_intents() if isinstance(i, Cast)]


def choices_at(match: MatchController, selection: Chosen | None = None) -> ElementaliSChoices:
    return ElementaliSChoices(seen_for(match), selection)


def item(menu: Menu | None, start: str) -> Slot:
    """The menu's answer whose words begin with ``start``."""
    assert menu is not None
    found = [slot for slot in menu.items if slot.text.startswith(start)]
    assert len(found) == 1, (start, [slot.text for slot in menu.items])
    return found[0]


def then(choices: ElementaliSChoices, reply: Reply) -> ElementaliSChoices:
    """The choices after ``reply`` changed the selection."""
    assert reply.intent is None and reply.selection is not KEEP, reply
    return ElementaliSChoices(choices.seen, reply.selection)


# ---------------------------------------------------------------- Mana counter by counter
def paying_from_three_colours(match: MatchController) -> bool:
    """A mage pays in an opposition from a Pool of three colours or more."""
    return len({unit for i in match.legal_intents() if isinstance(i, Pay) for unit in i.mana}) >= 3


def test_a_payment_of_two_colours_is_sent_whichever_counter_is_clicked_first():
    match = position(paying_from_three_colours)
    mixed = [i for i in match.legal_intents() if isinstance(i, Pay) and len(set(i.mana)) > 1]
    for intent in mixed:
        for order in sorted(set(permutations(intent.mana))):
            choices = choices_at(match)
            for count, unit in enumerate(order, 1):
                reply = item(choices.menu(), f"+1 {unit.replace('pale-', 'colourless ')}").reply
                if count < len(order):
                    choices = then(choices, reply)
                    # What was taken so far, in the order it was clicked.
                    assert choices.panel_title() == f"Chosen so far: {mana_text(order[:count])}"
                    assert [slot.text for slot in choices.buttons() if slot] == ["Start again"]
            assert reply.intent == intent, (order, reply)


def test_the_starting_mana_is_taken_one_counter_at_a_time_and_taken_back_with_start_again():
    # Two of one colour in one click; a mixed pair counter by counter.
    match = position(lambda m: m.state.flow.stage == stages.START_MANA)
    choices = choices_at(match)
    assert [slot.text for slot in choices.menu().items] == ["+2 fire", "+2 water", "+2 earth", "+2 air",
                                                            "+1 fire", "+1 water", "+1 earth", "+1 air"]
    both = item(choices.menu(), "+2 earth").reply.intent
    assert isinstance(both, StartMana) and list(both.mana) == ["earth", "earth"] and both in match.legal_intents()
    assert choices.buttons() == ()
    water = then(choices, item(choices.menu(), "+1 water").reply)
    assert water.panel_title() == "Chosen so far: 1 water"
    # What follows holds the water taken: no "+2 earth" that would send two earth and drop it.
    assert [slot.text for slot in water.menu().items] == ["+1 fire", "+1 water", "+1 earth", "+1 air"]
    for slot in water.menu().items:
        assert slot.reply.intent is None or "water" in slot.reply.intent.mana, slot.text
    start_again = water.buttons()[0]
    assert start_again.text == "Start again" and then(water, start_again.reply).selection == Chosen()
    sent = item(water.menu(), "+1 fire").reply.intent
    assert isinstance(sent, StartMana) and sorted(sent.mana) == ["fire", "water"] and sent in match.legal_intents()


# ---------------------------------------------------------------- a spell aimed one question at a time
def test_tremor_asks_for_its_die_then_for_the_face():
    match = position(lambda m: any(c.face for c in casts(m)))
    tremor = next(c for c in casts(match) if c.face)
    spell = RULES.content.spell(tremor.spell)
    choices = choices_at(match)
    assert choices.panel_title() == "Your spells (cost in Mana of the spell's element, from your Pool)"
    back = choices.buttons()[1]
    assert back.text == "Back" and not back.enabled and back.reason == "Choose a spell first."
    aiming = then(choices, item(choices.menu(), f"{spell.name} (").reply)
    assert aiming.spell == tremor.spell and aiming.panel_title() == f"{spell.name}: {spell.text}"
    assert aiming.glowing_dice() == {c.die for c in casts(match) if c.spell == tremor.spell}
    assert aiming.buttons()[1].enabled
    sun = next((i for i, d in enumerate(match.state.flow.dice) if d.kind == SUN), None)
    if sun is not None:
        assert aiming.click(die_target(sun)).refusal == "The Sun die cannot be targeted."
    faces = then(aiming, aiming.click(die_target(tremor.die)))
    assert faces.glowing_dice() == set() and faces.spell == tremor.spell
    assert [slot.text for slot in faces.menu().items] == [
        f"Face: {c.face.replace('+', ' + ')}" for c in casts(match) if c.spell == tremor.spell and c.die == tremor.die]
    assert item(faces.menu(), f"Face: {tremor.face.replace('+', ' + ')}").reply.intent == tremor
    assert faces.buttons()[1].reply.selection == Chosen()          # Back: no spell chosen


def test_a_spell_with_one_die_to_aim_at_still_waits_for_the_die():
    def one_die(m: MatchController) -> bool:
        found = casts(m)
        return any(len([c for c in found if c.spell == s]) == 1 and next(c for c in found if c.spell == s).die
                   is not None for s in {c.spell for c in found})
    match = position(one_die)
    found = casts(match)
    cast = next(c for c in found if c.die is not None and len([d for d in found if d.spell == c.spell]) == 1)
    choices = choices_at(match)
    aiming = then(choices, item(choices.menu(), RULES.content.spell(cast.spell).name + " (").reply)
    assert aiming.glowing_dice() == {cast.die}
    assert aiming.click(die_target(cast.die)).intent == cast


def test_a_spell_with_nothing_to_aim_at_is_cast_at_once():
    match = position(lambda m: any(c.spell == "ether-leak" for c in casts(m)))
    cast = next(c for c in casts(match) if c.spell == "ether-leak")
    choices = choices_at(match)
    assert item(choices.menu(), RULES.content.spell(cast.spell).name + " (").reply.intent == cast


def test_a_mage_to_cast_on_glows_and_is_a_button_too():
    match = position(lambda m: any(c.target is not None and c.link is None for c in casts(m)))
    cast = next(c for c in casts(match) if c.target is not None and c.link is None)
    name = RULES.content.spell(cast.spell).name
    choices = choices_at(match)
    aiming = then(choices, item(choices.menu(), name + " (").reply)
    targets = {c.target for c in casts(match) if c.spell == cast.spell and c.link is None}
    assert aiming.glowing_mages() == targets and aiming.glowing_dice() == set()
    assert aiming.click(mage_target(cast.target)).intent == cast
    assert item(aiming.menu(), f"{name} on {NAMES[cast.target]}").reply.intent == cast
    others = set(range(len(match.seats))) - targets
    assert all(not aiming.click(mage_target(seat)).does_something for seat in others)


def test_an_earth_link_to_burn_is_a_button_not_a_glowing_mage():
    match = position(lambda m: any(c.link is not None for c in casts(m)))
    burn = next(c for c in casts(match) if c.link is not None)
    choices = choices_at(match)
    name = RULES.content.spell(burn.spell).name
    aiming = then(choices, item(choices.menu(), name + " (").reply)
    label = f"{name} {NAMES[burn.link]}'s link to {NAMES[burn.target]}"
    assert item(aiming.menu(), label).reply.intent == burn
    assert burn.target not in aiming.glowing_mages() or any(
        c.target == burn.target and c.link is None for c in casts(match) if c.spell == burn.spell)


# ---------------------------------------------------------------- an opposition
def test_the_dice_picked_up_in_an_opposition_are_rolled_by_the_button():
    match = position(lambda m: m.state.flow.stage == stages.OPPOSE and len(RULES.eligible(m.state, m.state.to_act)) > 1)
    seat = match.state.to_act
    eligible = RULES.eligible(match.state, seat)
    choices = choices_at(match)
    assert choices.glowing_dice() == set(eligible)
    none, roll = choices.buttons()
    assert none.text == "Roll none" and none.reply.intent == Oppose(seat, ())
    assert roll.text == "Pick dice" and not roll.enabled and roll.reason == "Click the glowing dice you pick up."
    picked = then(choices, choices.click(die_target(eligible[1])))
    picked = then(picked, picked.click(die_target(eligible[0])))
    assert picked.selection.dice == (eligible[0], eligible[1])
    roll = picked.buttons()[1]
    assert roll.text == "Roll 2 dice" and roll.reply.intent == Oppose(seat, (eligible[0], eligible[1]))
    again = then(picked, picked.click(die_target(eligible[0])))           # put back
    assert again.selection.dice == (eligible[1],) and again.buttons()[1].text == "Roll 1 dice"
    others = [i for i in range(len(match.state.flow.dice)) if i not in eligible]
    if others:
        assert choices.click(die_target(others[0])).refusal == "Pick up only dice showing your Major's symbol."


# ---------------------------------------------------------------- hover
def test_what_a_hover_explains():
    match = position(lambda m: m.state.flow.stage == stages.CAST and len({c.spell for c in casts(m)}) >= 1)
    choices = choices_at(match)
    state = match.state
    for index, die in enumerate(state.flow.dice):
        words = choices.explain(die_target(index))
        assert words.startswith(f"The {die.kind.replace('_', ' ')} die shows ")
        assert ("It is the Sun die: no spell can touch it." in words) == (die.kind == SUN)
    first = RULES.content.spell(casts(match)[0].spell)
    assert choices.explain(choice_target(0)) == f"{first.name} ({first.element}, level {first.level}): {first.text}"
    assert choices.explain(choice_target(len(choices.menu().items))) is None
    assert choices.explain(CHANNEL).startswith("The Channel: Mana scored this turn, not yet safe.")
    mage = state.mages[0]
    assert choices.explain(mage_target(0)).startswith(f"{mage.name}: ")
    draft = choices_at(position(lambda m: m.state.flow.stage == stages.DRAFT_MAJOR))
    assert draft.explain(mage_target(0)) is None                     # no type before both Arcana
    assert [slot.text for slot in draft.menu().items][:2] == ["Take the Fire Major", "Take the Water Major"]


# ---------------------------------------------------------------- the stage names
def test_every_stage_the_rules_reach_is_named_by_the_table():
    assert Flow().stage == stages.DRAFT_MAJOR
    reached = set()
    for players in (2, 3, 4, 5):
        for seed in (1, 2):
            match = MatchController(RULES, None, NAMES[:players], seed)
            bot = RandomBot(seed)
            while not match.finished:
                reached.add(match.state.flow.stage)
                match.submit(bot.choose(match.legal_intents()))
            reached.add(match.state.flow.stage)
    assert reached <= set(stages.STAGES), reached - set(stages.STAGES)
    assert {stages.TURN, stages.CAST, stages.OPPOSE, stages.OVER} <= reached
