"""Wizard Dice's strong bot in a free-for-all of three or more wizards (issue 22): every wizard aims at the
weakest of its opponents, so a blow at the weakest is shared with all of them and it falls anyway; the bot
strikes the opponent it has to outlast (the one with most HP), which keeps it from becoming the weakest."""

import random

from tabletop.core.values import evolve
from tabletop.games.wizard_dice.bots import outlook_of, rival_of
from tabletop.games.wizard_dice.intents import Aim, CastSpell
from tabletop.games.wizard_dice.state import Target

from .test_bots import RULES, new_match, strong_turn

SEATS = ("Drew", "Rick", "Ann", "Bo")


def melee(dice, hp, teams=()):
    """Drew (seat 0) has rolled ``dice`` and stopped; the wizards have ``hp``."""
    match = new_match(dice, seats=SEATS[:len(hp)])
    state = match.state
    wizards = [evolve(w, hp=h) for w, h in zip(state.wizards, hp)]
    match.states[-1] = evolve(state, wizards=tuple(wizards), teams=teams)
    match.submit("roll seat=0")
    match.submit("stop seat=0")
    return match


def attacks(match):
    return [intent for intent in strong_turn(match) if isinstance(intent, CastSpell)
            and RULES.book[intent.spell].category == "attack"]


def test_in_a_melee_strong_strikes_the_opponent_it_must_outlast_not_the_one_everyone_fells():
    # Rick at 5 draws every blow (Ann and Bo aim at the weakest); Bo, at 19, is the wizard Drew will face at
    # the end.  Four 4s are a Lightning Bolt: at Bo, not at Rick.
    match = melee([4, 4, 4, 4, 2, 3], (20, 5, 12, 19))
    assert rival_of(RULES.view(match.state, 0), 0) == 3
    bolts = [c for c in attacks(match) if c.spell == "lightning-bolt"]
    assert bolts and set(bolts[0].targets) == {Target.wizard(3)}, [c.to_str() for c in bolts]


def test_in_a_melee_strong_sends_its_ogre_at_its_rival_and_says_why():
    # Two pairs are an Ogre; in a melee it strikes the wizard Drew must outlast, Ann at 18.
    match = melee([3, 3, 4, 4, 2, 5], (20, 6, 18))
    bot = RULES.make_bot("strong", 1, 0)
    reasons = {}
    while not match.state.wizards[0].secret.committed:
        intent, reason = bot.decide(RULES.view(match.state, 0), random.Random(1))
        reasons[intent] = reason
        match.submit(intent)
    aims = [intent for intent in reasons if isinstance(intent, Aim) or getattr(intent, "spell", "") == "summon-ogre"]
    assert aims and all((i.at if isinstance(i, Aim) else i.aim) == 2 for i in aims), [i.to_str() for i in aims]


def test_a_duel_between_teams_and_a_bot_that_does_not_read_the_table_keep_the_aim_at_the_weakest():
    view = RULES.view(melee([1, 2, 3, 4, 5, 6], (20, 5, 12, 19)).state, 0)
    assert outlook_of(view, 0).target == 1                  # the greedy bot's aim, and the opponents' as read
    assert outlook_of(view, 0, read=True).target == 3
    teams = RULES.view(melee([1, 2, 3, 4, 5, 6], (20, 5, 12, 19), teams=(0, 1, 0, 1)).state, 0)
    assert outlook_of(teams, 0, read=True).target == 1      # 2 against 2: the weakest enemy falls, a team wins
