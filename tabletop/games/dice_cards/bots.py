"""The Dice Cards bot of random playouts and ``simulate``: random, but it plays the duel.

A purely random duelist toggles blockers back and forth and ends turns with dice in
hand.  This one still chooses at random, but weighs its moves the way a beginner
would: summon and charge, use abilities, go to battle and attack with something.
It reads only the legal intents.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from tabletop.core.values import Value

__all__ = ["DuelBot"]

_WEIGHTS = {"summon": 8.0, "charge": 3.0, "activate": 4.0, "adjust": 0.3, "relic": 1.0, "battle": 6.0,
            "attack": 1.0, "block": 2.0, "unblock": 0.1, "blocks-done": 3.0, "end": 1.0}


class DuelBot:
    """Random among the legal intents, weighted towards summoning, charging, abilities and attacking."""

    bot_id = "duel"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def weight(self, intent: Value) -> float:
        kind = intent.KIND
        if kind == "attack":
            return 3.0 if intent.units else 0.5          # type: ignore[attr-defined]
        return _WEIGHTS.get(kind, 1.0)

    def choose(self, legal: Sequence[Value], view: Any = None) -> Value:
        """One of ``legal`` (which must not be empty)."""
        return self._random.choices(legal, [self.weight(intent) for intent in legal])[0]
