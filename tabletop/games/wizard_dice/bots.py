"""The bot of Wizard Dice's random playouts: random among the legal intents, but shaped like play.

A uniform choice among hundreds of casts and a single Commit commits rarely and
aims half its attacks at itself; this bot rolls on, casts often, aims attacks at
others and heals and shields itself, so random games end in a few rounds.  It is
no strategist (issue 12 brings bots that play to win).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from tabletop.core.values import Value

from .intents import CastSpell, Keep
from .spells import load_spells

__all__ = ["PlayoutBot"]

_WEIGHTS = {"roll": 2.0, "keep": 0.2, "release": 0.05, "stop": 0.5, "uncast": 0.02, "aim": 0.3, "commit": 0.3,
            "banish": 0.3, "keep-allies": 2.0}


class PlayoutBot:
    """Weighted random play: casts weigh by whether their targets suit the spell."""

    bot_id = "playout"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self._book = load_spells()

    def _weight(self, intent: Value, view: Any) -> float:
        if isinstance(intent, Keep) and view is not None:
            # Keep what repeats (patterns grow from pairs) and the 6s of Magic Missiles.
            dice = view.wizards[intent.seat].secret.dice
            value = dice[intent.die]
            return 3.0 if dice.count(value) >= 2 or value == 6 else 0.1
        if not isinstance(intent, CastSpell):
            return _WEIGHTS.get(intent.KIND, 1.0)
        spell = self._book[intent.spell]
        size = len(intent.dice)
        own = all(t.is_wizard and t.index == intent.seat for t in intent.targets)
        if spell.category == "attack":
            return 0.05 if any(t.is_wizard and t.index == intent.seat for t in intent.targets) else 4.0 * size
        return 0.5 * size if own else 0.05

    def choose(self, legal: Sequence[Value], view: Any = None) -> Value:
        """One of ``legal`` (which must not be empty)."""
        weights = [self._weight(intent, view) for intent in legal]
        return self._random.choices(legal, weights)[0]
