"""Bots choose among the legal intents the rules list; they never see more than their seat's view."""

from __future__ import annotations

import random
from typing import Any, Sequence

from .values import Value

__all__ = ["RandomBot", "WeightedBot"]


class RandomBot:
    """Picks uniformly among the legal intents, from its own seeded generator."""

    bot_id = "random"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self._randbelow = self._random._randbelow  # type: ignore[attr-defined]

    def choose(self, legal: Sequence[Value], view: Any = None) -> Value:
        """One of ``legal`` (which must not be empty): ``legal[randrange(len(legal))]``, drawn as
        ``randrange`` draws it (``_randbelow``) without its argument checks, since playouts choose all the time."""
        return legal[self._randbelow(len(legal))]


class WeightedBot:
    """Picks among the legal intents at random, each kind of intent weighted (``{"play": 5, "pass": 6}``).

    A kind not named weighs 1.  It plays no better than chance within a kind, but
    its games look like games: a deck-builder's turns end, cards get bought and played.
    """

    bot_id = "weighted"

    def __init__(self, seed: int, weights: dict[str, float]) -> None:
        self._random = random.Random(seed)
        self.weights = dict(weights)

    def choose(self, legal: Sequence[Value], view: Any = None) -> Value:
        """One of ``legal`` (which must not be empty), by the weights of their kinds."""
        weights = [self.weights.get(intent.KIND, 1.0) for intent in legal]
        if not any(weights):
            return legal[self._random.randrange(len(legal))]
        return self._random.choices(legal, weights)[0]
