"""Bots choose among the legal intents the rules list; they never see more than their seat's view."""

from __future__ import annotations

import random
from typing import Any, Generic, Protocol, Sequence, TypeVar

from .values import Value

__all__ = ["Bot", "BotBase", "RandomBot", "WeightedBot", "Explaining", "by_playouts", "by_paired_gain"]

#: What a searching bot weighs: a game's intent, or a move made of several (the options keep its type).
Move = TypeVar("Move")
#: A game's own intent type (its ``intents.Intent`` union), for a bot that reads the fields of its intents.
IntentT = TypeVar("IntentT", bound=Value)


class Bot(Protocol):
    """What the table and the hint ask of a bot (``rules.make_bot``'s answer)."""

    def choose(self, legal: Sequence[Any], view: Any) -> Any:
        """One of ``legal`` (never empty), seeing only ``view``, its seat's view."""

    def decide(self, view: Any, rng: random.Random) -> tuple[Any, str] | None:
        """The same choice as ``choose`` with ``rng`` as its generator, and one plain sentence of why; None: a
        bot that does not explain itself (the table then asks ``choose``)."""


class BotBase:
    """The defaults of a bot: it does not explain its moves (:meth:`decide` gives None)."""

    def decide(self, view: Any, rng: random.Random) -> tuple[Any, str] | None:
        """No reason given: None (the table asks ``choose``)."""
        return None


class RandomBot(BotBase):
    """Picks uniformly among the legal intents, from its own seeded generator."""

    bot_id = "random"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self._randbelow = self._random._randbelow  # type: ignore[attr-defined]  # randrange's private draw: in no stub

    def choose(self, legal: Sequence[Value], view: Any = None) -> Value:
        """One of ``legal`` (which must not be empty): ``legal[randrange(len(legal))]``, drawn as
        ``randrange`` draws it (``_randbelow``) without its argument checks, since playouts choose all the time."""
        return legal[self._randbelow(len(legal))]


class WeightedBot(BotBase):
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


def by_playouts(options: Sequence[tuple[float, Move, str]], outcomes: list[list[float]],
                margin: float, without_best: bool = False) -> list[tuple[float, Move, str]]:
    """For a searching bot: ``options`` (the choice of the bot whose moves it searches first) and the scores of
    their play-outs on the same samples.  The first stays first unless another beats it by ``margin`` on
    average and on every sample but one: then the best such comes first.  ``without_best``: the average is taken
    without the sample where the other move gains most, so that one lucky play-out cannot carry a move alone.
    Each option's value becomes its average play-out score.

    >>> options = [(0.0, "a", ""), (0.0, "b", ""), (0.0, "c", "")]
    >>> [o[1] for o in by_playouts(options, [[0, 0, 0, 0], [9, 9, 9, -1], [40, -30, 40, -20]], 4.0)]
    ['b', 'a', 'c']
    >>> [o[1] for o in by_playouts(options, [[0, 0, 0, 0], [9, 9, 9, -1], [9, 9, -1, -1]], 4.0)]
    ['b', 'a', 'c']
    >>> [o[1] for o in by_playouts(options, [[0, 0, 0, 0], [3, 3, 3, 3], [9, 9, -9, -1]], 4.0)]
    ['a', 'b', 'c']
    >>> [o[1] for o in by_playouts(options, [[0, 0, 0, 0], [1, 1, 66, -1], [0, 0, 0, 0]], 4.0)]
    ['b', 'a', 'c']
    >>> [o[1] for o in by_playouts(options, [[0, 0, 0, 0], [1, 1, 66, -1], [0, 0, 0, 0]], 4.0, without_best=True)]
    ['a', 'b', 'c']
    """
    first = outcomes[0]
    means = [sum(scores) / len(scores) for scores in outcomes]
    best = 0
    for index, scores in enumerate(outcomes[1:], start=1):
        wins = sum(score > base for score, base in zip(scores, first))
        gains = sorted(score - base for score, base in zip(scores, first))
        if without_best and len(gains) > 1:
            gains = gains[:-1]
        if sum(gains) / len(gains) > margin and wins >= len(scores) - 1 and means[index] > means[best]:
            best = index
    order = [best] + [index for index in range(len(options)) if index != best]
    return [(means[index], options[index][1], options[index][2]) for index in order]


def by_paired_gain(options: Sequence[tuple[float, Move, str]], outcomes: list[list[float]], margin: float,
                   z: float) -> list[tuple[float, Move, str]]:
    """For a searching bot with many play-outs a move: ``options`` (the first is the choice of the bot whose moves
    it searches) and the scores of their play-outs on the same samples.  The first stays first unless another
    gains on it by more than ``margin`` on average and by more than ``z`` standard errors of that average gain
    (the gains on each sample paired: the samples' luck cancels out); then the one that gains most so comes first.
    Each option's value becomes its average play-out score.  Unlike :func:`by_playouts`, a better move need not
    win on every sample, so it keeps its power as samples are added.

    >>> options = [(0.0, "a", ""), (0.0, "b", ""), (0.0, "c", "")]
    >>> [o[1] for o in by_paired_gain(options, [[0] * 6, [2, 3, 2, 3, -1, 3], [9, -9, 9, -9, 9, 0]], 0.5, 2.0)]
    ['b', 'a', 'c']
    >>> [o[1] for o in by_paired_gain(options, [[0] * 6, [2, 3, 2, -3, -1, 3], [9, -9, 9, -9, 9, 0]], 0.5, 2.0)]
    ['a', 'b', 'c']
    """
    first = outcomes[0]
    count = len(first)
    means = [sum(scores) / len(scores) for scores in outcomes]
    best, best_gain = 0, 0.0
    for index, scores in enumerate(outcomes[1:], start=1):
        gains = [score - base for score, base in zip(scores, first)]
        gain = sum(gains) / count
        spread = sum((g - gain) ** 2 for g in gains) / (count - 1) if count > 1 else 0.0
        error = (spread / count) ** 0.5
        if gain > margin and gain > z * error and gain > best_gain:
            best, best_gain = index, gain
    order = [best] + [index for index in range(len(options)) if index != best]
    return [(means[index], options[index][1], options[index][2]) for index in order]


class Explaining(BotBase, Generic[IntentT]):
    """A bot whose ``_decide(legal, view)`` gives its move and one plain sentence of why, drawing only from
    ``self._random``: :meth:`decide` runs it on a generator of the caller's (the hint), so ``choose`` makes the
    same move when its own generator is in the same state.  ``Explaining[Intent]``: a game's bot, on its intents."""

    rules: Any
    seat: int
    _random: random.Random

    def _decide(self, legal: Sequence[IntentT], view: Any) -> tuple[IntentT, str]:
        raise NotImplementedError

    def decide(self, view: Any, rng: random.Random) -> tuple[IntentT, str]:
        """The move this bot would make from ``view`` (its seat's view) with ``rng`` as its generator, and why."""
        # This seat's moves, not legal_intents: at a decision taken at the same time that lists one seat only.
        legal = self.rules.legal_for(view, self.seat)
        saved = self._random
        self._random = rng
        try:
            return self._decide(legal, view)
        finally:
            self._random = saved
