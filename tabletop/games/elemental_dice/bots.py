"""The Elemental Dice bot of random playouts and ``simulate``: random, but it plays the game.

A purely random player stalls: it ends turns with cards in hand, buys little, answers
everything, and healing outpaces its damage, so games run to thousands of moves.
This one still chooses at random, but weighs its moves the way a beginner would:
play the cards in hand, buy attacks first, pass rather than answer, end the turn
when nothing is left.  It reads only the legal intents and public card data.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from tabletop.core.values import Value

from .cards import CardBook

__all__ = ["EagerBot"]

# How much each kind of move weighs (a kind not listed weighs 1: the choices while a card takes effect).
_WEIGHTS = {"play": 8.0, "reveal": 6.0, "place": 0.3, "reroll-shop": 1.0, "buy": 4.0, "end-turn": 1.0,
            "pass": 10.0, "respond": 0.5, "interrupt": 0.02}


class EagerBot:
    """Random among the legal intents, weighted towards playing, buying attacks and passing."""

    bot_id = "eager"

    def __init__(self, seed: int, book: CardBook) -> None:
        self._random = random.Random(seed)
        self.book = book

    def weight(self, intent: Value, legal: Sequence[Value]) -> float:
        """How likely ``intent`` is chosen, relative to the other legal intents."""
        kind = intent.KIND
        weight = _WEIGHTS.get(kind, 1.0)
        if kind in ("buy", "play", "reveal"):
            steps = {step.kind for step in self.book[intent.card].steps}        # type: ignore[attr-defined]
            if "damage" in steps:
                weight *= 5
            elif "heal" in steps:
                weight *= 0.3          # healing only lengthens a game the bot cannot judge
            elif steps & {"gain_gold", "buff"}:
                weight *= 2
        elif kind == "reroll-shop" and not any(other.KIND == "buy" for other in legal):
            weight = 3.0           # nothing to buy in the row: look at five new cards
        return weight

    def choose(self, legal: Sequence[Value], view: Any = None) -> Value:
        """One of ``legal`` (which must not be empty)."""
        weights = [self.weight(intent, legal) for intent in legal]
        return self._random.choices(legal, weights)[0]
