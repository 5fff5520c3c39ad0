"""The legal intents of one Wizard Dice screen, sorted by what a click needs (no pygame).

The choices ask the same questions again and again while a player clicks (and far
more often while the tests walk every click sequence): which casts make this spell
from exactly these dice, which die keeps or releases, which ally may be banished.
:func:`offer_of` sorts the legal intents once per list and keeps the answer.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from tabletop.core.values import Value
from tabletop.games.wizard_dice.intents import (Aim, Banish, Cancel, CancelNothing, Carry, CastSpell, Commit, Keep,
                                                KeepAllies, Release, Roll, Stop, Uncast)
from tabletop.games.wizard_dice.state import Secret, State

__all__ = ["Offer", "offer_of", "own_secret", "free_indices", "shown_dice"]

Dice = tuple[int, ...]


@dataclass
class Offer:
    """The legal intents, sorted: casts by spell and by the sorted dice they use, the rolling moves by die, the
    allies' moves by ally, the one-off moves by kind, the Counterspell's answers in order; and the rules' sentences
    for the intents refused so far (the same state: the same sentences)."""

    casts: dict[tuple[str, Dice], list[CastSpell]] = field(default_factory=dict)
    by_spell: dict[str, list[CastSpell]] = field(default_factory=dict)
    makes: dict[Dice, list[str]] = field(default_factory=dict)
    keeps: dict[int, Value] = field(default_factory=dict)
    banish: dict[int, Banish] = field(default_factory=dict)
    aims: dict[int, dict[int, Aim]] = field(default_factory=dict)
    uncast: dict[str, Uncast] = field(default_factory=dict)
    carry: dict[Dice, Carry] = field(default_factory=dict)
    once: dict[type, Value] = field(default_factory=dict)
    cancels: list[Value] = field(default_factory=list)
    refusals: dict[Value, str] = field(default_factory=dict)     # the rules' sentences asked so far


def _sort(legal: tuple[Value, ...]) -> Offer:
    offer = Offer()
    for intent in legal:
        if isinstance(intent, CastSpell):
            values = tuple(sorted(intent.dice))
            offer.casts.setdefault((intent.spell, values), []).append(intent)
            offer.by_spell.setdefault(intent.spell, []).append(intent)
            spells = offer.makes.setdefault(values, [])
            if intent.spell not in spells:
                spells.append(intent.spell)
        elif isinstance(intent, (Keep, Release)):
            offer.keeps[intent.die] = intent
        elif isinstance(intent, Banish):
            offer.banish[intent.ally] = intent
        elif isinstance(intent, Aim):
            offer.aims.setdefault(intent.ally, {})[intent.at] = intent
        elif isinstance(intent, Uncast):
            offer.uncast.setdefault(intent.spell, intent)
        elif isinstance(intent, Carry):
            offer.carry[intent.dice] = intent
        elif isinstance(intent, (Cancel, CancelNothing)):
            offer.cancels.append(intent)
        elif isinstance(intent, (Roll, Stop, Commit, KeepAllies)):
            offer.once[type(intent)] = intent
    return offer


_OFFERS: dict[int, tuple[tuple[Value, ...], Offer]] = {}


def offer_of(legal: tuple[Value, ...]) -> Offer:
    """The legal intents sorted (the last few lists are remembered: they are kept alive here, so an id is never
    reused while it is remembered)."""
    found = _OFFERS.get(id(legal))
    if found is not None and found[0] is legal:
        return found[1]
    offer = _sort(legal)
    if len(_OFFERS) >= 8:
        _OFFERS.pop(next(iter(_OFFERS)))
    _OFFERS[id(legal)] = (legal, offer)
    return offer


def own_secret(state: State, shows: int | None) -> Secret | None:
    """The secret of the wizard at the screen, when the screen may see it."""
    if shows is None:
        return None
    secret = state.wizards[shows].secret
    return secret if secret is not None and secret.seal != "hidden" else None


def shown_dice(secret: Secret | None) -> int:
    """How many dice the tray shows: none before the first roll (unless dice were carried)."""
    return len(secret.dice) if secret is not None and secret.rolls + secret.fixed else 0


@lru_cache(maxsize=512)
def free_indices(secret: Secret) -> tuple[int, ...]:
    """The dice of the tray no allocated spell uses (the rightmost copies are taken by the spells)."""
    used = Counter(d for cast in secret.casts for d in cast.dice)
    free = []
    for index in range(len(secret.dice) - 1, -1, -1):
        value = secret.dice[index]
        if used[value]:
            used[value] -= 1
        else:
            free.append(index)
    return tuple(sorted(free))
