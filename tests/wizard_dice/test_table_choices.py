"""What a click means at the Wizard Dice table, without pygame: the choices narrow the legal casts one click at a
time (dice, a spell of the book, the split or the free die, the targets) and send only a legal one."""

from tabletop.app.choosing import Move, Seen, Target, explore, route_to
from tabletop.app.games.wizard_dice.choices import Chosen, WizardDiceChoices
from tabletop.core.controller import MatchController
from tabletop.core.rng import ScriptedRandom, SeededRandom
from tabletop.games.wizard_dice.intents import CastSpell
from tabletop.games.wizard_dice.state import Target as Aimed
from tabletop.registry import get_rules

RULES = get_rules("wizard-dice")


def rolled(dice, seats=("Drew", "Rick")) -> MatchController:
    """A match whose first wizard rolled ``dice`` and kept them all."""
    match = MatchController(RULES, None, list(seats), 1, rng=ScriptedRandom(list(dice), then=SeededRandom(1)))
    match.submit("roll seat=0")
    match.submit("stop seat=0")
    return match


def screen(match: MatchController):
    """The choices of the wizard to act, for a selection (None: nothing chosen)."""
    state = match.state
    seat = state.to_act
    seen = Seen(RULES.view(state, seat), tuple(match.legal_intents()), seat, tuple(match.seats), RULES,
                why=lambda intent: RULES.why_illegal(state, intent))
    return lambda selection=None: WizardDiceChoices(seen, selection)


def casts(match: MatchController, spell: str) -> list[CastSpell]:
    return [i for i in match.legal_intents() if isinstance(i, CastSpell) and i.spell == spell]


def play(make, *clicks):
    """Click through ``clicks`` (targets, or ``("button", n)``) from nothing chosen; the last reply."""
    choices = make()
    reply = None
    for click in clicks:
        if isinstance(click, tuple):
            reply = choices.buttons()[click[1]].reply
        else:
            reply = choices.click(click)
        assert not reply.refusal, reply.refusal
        if reply.intent is None:
            choices = make(reply.selection)
    return reply


def dice(*indices):
    return [Target("die", i) for i in indices]


def test_a_counterspell_takes_the_highest_die_as_its_4th_unless_the_third_button_takes_another():
    match = rolled((1, 2, 3, 4, 6, 6))
    make = screen(match)
    counterspells = {c.dice for c in casts(match, "counterspell") if sorted(c.dice) == [1, 2, 3, 4]}
    assert counterspells == {(1, 2, 3, 4), (2, 3, 4, 1)}
    # Every way of casting it can be clicked (the rules accept any split of 1 2 3 4).
    for cast in casts(match, "counterspell"):
        assert route_to(make, cast) is not None, cast.to_str()
    # Dice and spell chosen: the 4 is the 4th die unless the third button says otherwise.
    aiming = play(make, *dice(0, 1, 2, 3), Target("book", "counterspell")).selection
    assert aiming.spell == "counterspell"
    assert make(aiming).buttons()[2].text == "Use 1 as 4th die"
    sent = play(make, *dice(0, 1, 2, 3), Target("book", "counterspell"), Target("wizard", 0)).intent
    assert sent.dice == (1, 2, 3, 4) and sent.targets == (Aimed.wizard(0),)
    sent = play(make, *dice(0, 1, 2, 3), Target("book", "counterspell"), ("button", 2), Target("wizard", 0)).intent
    assert sent.dice == (2, 3, 4, 1)
    # A Cure Light Wounds of the same dice has one form only: no third button.
    healing = play(make, *dice(0, 1, 2, 3), Target("book", "cure-light-wounds")).selection
    assert make(healing).buttons()[2] is None


def test_every_lightning_bolt_can_be_clicked_and_the_third_button_splits_it():
    match = rolled((4, 4, 4, 4, 1, 2))
    make = screen(match)
    found = explore(make)
    assert set(casts(match, "lightning-bolt")) <= found.sent
    assert not found.illegal and not found.dead_glow
    # Clicking the spell first takes its four dice; all 4 go at one target, or 3 + 1 after the third button.
    aiming = play(make, Target("book", "lightning-bolt")).selection
    assert aiming == Chosen(dice=(0, 1, 2, 3), spell="lightning-bolt", split=(4,))
    assert make(aiming).buttons()[2].text == "Split 3 + 1"
    sent = play(make, Target("book", "lightning-bolt"), Target("wizard", 1)).intent
    assert (sent.targets, sent.split) == ((Aimed.wizard(1),), (4,))
    sent = play(make, Target("book", "lightning-bolt"), ("button", 2), Target("wizard", 1), Target("wizard", 0)).intent
    assert (sent.targets, sent.split) == ((Aimed.wizard(1), Aimed.wizard(0)), (3, 1))


def test_a_die_in_a_spell_and_a_spell_not_formed_say_why_not():
    match = rolled((6, 6, 1, 2, 3, 5))
    match.submit("cast seat=0 spell=magic-missiles dice=6,6 targets=wizard-1,wizard-1")
    make = screen(match)
    assert make().click(Target("die", 0)).refusal == \
        "That die is in a spell already: click the spell below to take it back."
    assert make().click(Target("book", "fireball")).refusal == \
        RULES.why_illegal(match.state, CastSpell(0, "fireball", (6, 6, 6, 6, 6), (Aimed.wizard(0),)))
    # The spell in the list is taken back by a click on it.
    assert make().click(Target("cast", 0)).intent.to_str() == "uncast seat=0 spell=magic-missiles"
    assert Move("target", Target("cast", 0)) in route_to(make, make().click(Target("cast", 0)).intent)
