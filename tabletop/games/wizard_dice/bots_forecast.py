"""Wizard Dice: what an opponent is likely to cast this round, read from the public table.

The strong bot does not guess a fixed amount of damage coming its way: it plays the opponent's round in its
head as a careful player of the plain kind would play it (keeping towards the allocation worth most to it,
by :class:`~tabletop.games.wizard_dice.bots.Planner`, see :data:`FOE`; its keeps simpler) and takes, over a
few dozen rolls drawn the same way for the same table, the odds of what comes out of it: the attack damage at
the bot (and whether it reaches the bot's HP), and whether the opponent raises a Mirror, a Counterspell or a
Shield that the bot's own attacks would meet.  Everything it reads is public: the opponent's HP, allies, dice
to roll and continued dice.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Iterable, NamedTuple

from .bots import ROLLS, Weights, Dice, Outlook, Planner, _merge, _minus, effect_of, outlook_of
from .scoring import dice_available
from .state import State

__all__ = ["Forecast", "forecast_of", "NO_FORECAST"]

#: How the opponent is taken to weigh its round: the plain strong valuation (no reading of its own, which would
#: read the bot in turn), but expecting about as much damage as a reading bot casts (6 from six dice, not the
#: plain guess of 11, which makes it cower behind its defence once it is low: then the bot would not see the
#: blow that may fell it as it strikes).
FOE = Weights(damage_per_opponent=6.0)

#: What a Finger of Death counts for as damage: more than any wizard's HP.
DEATH = 99


class Forecast(NamedTuple):
    """One opponent's round, as odds: its attack damage at the bot (in phases 4 and 5), and its defence."""

    damage: float = 0.0        # expected attack damage at the bot (spells and a new ally's first strike)
    lethal: float = 0.0        # the odds that this damage reaches the bot's HP (beside the standing allies)
    spells: float = 0.0        # expected attack spells at the bot
    mirror: float = 0.0        # the odds of a Magic Mirror on itself (the bot's attacks come back)
    counter: float = 0.0       # of a Counterspell on itself (the worst of the bot's spells cancelled)
    shield: float = 0.0        # of a Shield or a Magic Shell (each of the bot's attack spells 1 less)
    backfire: float = 0.0      # that its attack spells at the bot would kill it if a Mirror sent them back
    lethal_1: float = 0.0      # that the damage reaches the bot's HP with 1 more, 2 more, 4 more (what a Shield,
    lethal_2: float = 0.0      # a heal or a Counterspell of the bot's would have to hold off)
    lethal_4: float = 0.0


NO_FORECAST = Forecast()


def forecast_of(view: State, seat: int, foe: int, need: int) -> Forecast:
    """What ``foe`` is likely to cast this round as ``seat`` reads it: ``need`` is the damage that would
    take ``seat`` to 0 HP (its HP less the allies' strike that is sure to come)."""
    wizard = view.wizards[foe]
    size = dice_available(len(wizard.allies), wizard.paralysed)
    return _forecast(outlook_of(view, foe, FOE), size, tuple(sorted(wizard.continued))[:size], seat, need)


#: The opponent's rounds a forecast plays out (the same ones for the same table: the draws are seeded by it).
SAMPLES = 48


@lru_cache(maxsize=512)
def _forecast(outlook: Outlook, size: int, fixed: Dice, at: int, need: int) -> Forecast:
    """The odds over ``SAMPLES`` rounds of a wizard of ``outlook`` who rolls ``size`` dice (``fixed``
    continued): after each roll it keeps the dice of the allocation worth most to it and rolls the rest (a
    cheaper keep than the strong bot's own, but of the same mind)."""
    if size == 0:
        return NO_FORECAST
    planner = _planner(outlook)
    aims_at_bot = outlook.target == at
    rng = random.Random(f"{outlook!r}/{size}/{fixed}")
    rounds = []
    for _ in range(SAMPLES):
        dice = _merge(fixed, tuple(rng.randint(1, 6) for _ in range(size - len(fixed))))
        for _ in range(ROLLS - 1):
            _, plan = planner.best(dice)
            kept = _merge(fixed, _minus([d for _, form in plan for d in form], fixed))
            if len(kept) == len(dice):
                break
            dice = _merge(kept, tuple(rng.randint(1, 6) for _ in range(size - len(kept))))
        rounds.append((1.0 / SAMPLES, _cast(planner, dice, aims_at_bot, need)))
    return Forecast(*(round(x, 4) for x in _mix(rounds)))


@lru_cache(maxsize=64)
def _planner(outlook: Outlook) -> Planner:
    return Planner(outlook, FOE)


def _cast(planner: Planner, dice: Dice, aims_at_bot: bool, need: int) -> tuple[float, ...]:
    """What the best allocation of ``dice`` does: damage at the bot, whether it reaches ``need``, attack
    spells at the bot, a Mirror, a Counterspell, a Shield, and whether its spells at the bot would kill it
    sent back."""
    _, plan = planner.best(dice)
    damage = spells = mirror = counter = shield = back = 0.0
    for (spell_id, form), aim in zip(plan, planner.aims_of(plan)):
        effect = effect_of(spell_id, form)
        mirror += effect.mirror
        counter += effect.counter
        shield += bool(effect.ward_spells)
        if not aims_at_bot or aim is not None:
            continue
        if effect.kill:
            damage, spells = damage + DEATH, spells + 1
        elif effect.damage:
            damage, spells, back = damage + effect.damage, spells + 1, back + effect.damage
        elif effect.ally_hp:
            damage += effect.ally_hp
    return (min(damage, 12.0), float(damage >= need), spells, mirror, counter, min(1.0, shield),
            float(back >= planner.outlook.hp or damage >= DEATH), float(damage >= need + 1),
            float(damage >= need + 2), float(damage >= need + 4))


def _mix(weighted: Iterable[tuple[float, tuple[float, ...]]]) -> tuple[float, ...]:
    total = [0.0] * len(Forecast._fields)
    for chance, values in weighted:
        for index, value in enumerate(values):
            total[index] += chance * value
    return tuple(total)
