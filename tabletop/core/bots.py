"""Bots choose among the legal intents the rules list; they never see more than their seat's view."""

from __future__ import annotations

import random
from typing import Any, Sequence

from .values import Value

__all__ = ["RandomBot"]


class RandomBot:
    """Picks uniformly among the legal intents, from its own seeded generator."""

    bot_id = "random"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def choose(self, legal: Sequence[Value], view: Any = None) -> Value:
        """One of ``legal`` (which must not be empty)."""
        return legal[self._random.randrange(len(legal))]
