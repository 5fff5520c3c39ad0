"""Wizard Dice's strong bot reads the opponent's likely round from the table (issue 22): it does not hide
behind a Magic Mirror from an opponent who can hardly hurt it, and when both wizards are low it finishes
the duel in a way it survives rather than throwing every die at a kill that may be a shared one."""

from tabletop.core.values import evolve
from tabletop.games.wizard_dice.bots import StrongBot, Weights, forecast_of, outlook_of
from tabletop.games.wizard_dice.intents import CastSpell

from .test_bots import RULES, new_match, strong_turn


def position(dice, hp, foe_hp, foe_paralysed=0):
    """Drew (seat 0) has rolled ``dice`` and stopped, at ``hp`` against Rick at ``foe_hp``, who rolls
    ``foe_paralysed`` dice fewer this round."""
    match = new_match(dice)
    state = match.state
    wizards = list(state.wizards)
    wizards[0] = evolve(wizards[0], hp=hp)
    wizards[1] = evolve(wizards[1], hp=foe_hp, paralysed=foe_paralysed)
    match.states[-1] = evolve(state, wizards=tuple(wizards))
    match.submit("roll seat=0")
    match.submit("stop seat=0")
    return match


def spells_cast(match):
    return {intent.spell: intent for intent in strong_turn(match) if isinstance(intent, CastSpell)}


def test_the_forecast_reads_fewer_dice_as_less_damage_coming_and_no_counter_spell():
    full = RULES.view(position([1, 2, 3, 4, 1, 1], 20, 20).state, 0)
    weak = RULES.view(position([1, 2, 3, 4, 1, 1], 20, 20, foe_paralysed=4).state, 0)
    assert forecast_of(weak, 0, 1, 20).damage < forecast_of(full, 0, 1, 20).damage
    assert forecast_of(weak, 0, 1, 20).counter == 0 < forecast_of(full, 0, 1, 20).counter
    # At 1 HP every point of it is lethal; at 20 none is.
    assert forecast_of(weak, 0, 1, 1).lethal > 0 == forecast_of(weak, 0, 1, 20).lethal
    assert outlook_of(weak, 0, read=True).incoming_damage < outlook_of(full, 0, read=True).incoming_damage


def test_strong_attacks_instead_of_mirroring_when_the_opponent_can_hardly_hurt_it():
    # Rick rolls only 2 dice this round: a Mirror (1 2 3 4 and the pair of 1s) would send back almost
    # nothing; the 1s go at Rick as a Poison Arrow instead.
    cast = spells_cast(position([1, 2, 3, 4, 1, 1], 20, 20, foe_paralysed=4))
    assert "magic-mirror" not in cast, sorted(cast)
    assert "poison-arrow" in cast and cast["poison-arrow"].targets[0].index == 1, sorted(cast)


def test_strong_finishes_the_duel_behind_a_shield_rather_than_trading_blows():
    # Both at 3: three 1s are a Poison Arrow that finishes Rick unless he shields; the two 6s
    # and the 3 are either 2 more damage or a Shield against what Rick casts back in the same phase (both
    # falling together is a draw).  Drew raises the Shield.
    cast = spells_cast(position([6, 6, 1, 1, 1, 3], 3, 3))
    assert "poison-arrow" in cast and len(cast["poison-arrow"].dice) == 3, sorted(cast)
    assert "shield" in cast, sorted(cast)


def test_a_strong_bot_that_adapts_respects_a_defence_it_has_met_and_not_one_it_has_not():
    # The bot notes at its commit what it sent at its target, and next round how much of it the target lost.
    match = position([6, 6, 5, 5, 5, 5], 20, 20)
    bot = StrongBot(1, 0, Weights(adapt=4.0))
    bot.rules = RULES
    assert bot.respect() == 0.0
    while match.state.to_act == 0:
        match.submit(bot.choose(match.legal_intents(), RULES.view(match.state, 0)))
    sent = bot._struck[3]
    assert sent >= 4                      # a Lightning Bolt and Magic Missiles at Rick
    # Rick turns all of it away, round after round: its Mirrors and Counterspells count against attacks.
    bot._blocked = [1.0] * 6
    wary = bot.respect()
    bot._blocked = [0.2] * 6
    assert wary > 0.2 and bot.respect() == 0.0
