"""Random sources handed to the rules: the only way any game gets chance.

Every source offers ``randint(low, high, label)``; the label names what is being
drawn (``"R"`` for the red die, say) so that forced outcomes can be checked
against what the rules actually asked for.  Shuffles and choices are built on
``randint`` so that a scripted source can force them too.

>>> rng = ScriptedRandom(["R1", 4])
>>> rng.randint(1, 6, "R"), rng.randint(1, 6, "G")
(1, 4)
"""

from __future__ import annotations

import hashlib
import random
import re
from typing import Protocol, Sequence, TypeVar

__all__ = [
    "RandomSource", "SeededRandom", "ScriptedRandom", "RecordingRandom",
    "RandomExhausted", "ScriptMismatch", "derive_seed", "shuffled",
]

T = TypeVar("T")


class RandomSource(Protocol):
    """Where the rules get chance from."""

    def randint(self, low: int, high: int, label: str = "") -> int:
        """A whole number from ``low`` to ``high`` inclusive."""


class RandomExhausted(RuntimeError):
    """A scripted source was asked for more outcomes than it was given."""


class ScriptMismatch(ValueError):
    """A forced outcome does not fit what the rules drew (wrong die or out of range)."""


def derive_seed(seed: int, *parts: object) -> int:
    """A stable 63-bit seed from a match seed and a position (same on every machine).

    >>> derive_seed(7, 3) == derive_seed(7, 3) != derive_seed(7, 4)
    True
    """
    text = ":".join([str(seed), *map(str, parts)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


class SeededRandom:
    """A seeded source; its own ``random.Random``, never the global one."""

    __slots__ = ("seed", "_random")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def randint(self, low: int, high: int, label: str = "") -> int:
        """A whole number from ``low`` to ``high`` inclusive."""
        return self._random.randint(low, high)


_TOKEN = re.compile(r"^\s*([A-Za-z_-]*)\s*(-?\d+)\s*$")


class ScriptedRandom:
    """Forces outcomes in order: ints, or tokens like ``"R1"`` whose letters must match the label.

    When the script runs out it falls back to ``then`` if given, else raises RandomExhausted.
    """

    def __init__(self, outcomes: Sequence[int | str], then: RandomSource | None = None) -> None:
        self._queue: list[tuple[str, int, str]] = []
        self._next = 0
        self._then = then
        self.push(outcomes)

    def push(self, outcomes: Sequence[int | str]) -> None:
        """Append more forced outcomes; a text item may hold several tokens (``"R1 G3 B3"``)."""
        for item in outcomes:
            if isinstance(item, str) and len(item.split()) > 1:
                self.push(item.split())
                continue
            if isinstance(item, bool):
                raise ScriptMismatch(f"forced outcome {item!r} is not a number")
            if isinstance(item, int):
                self._queue.append(("", item, str(item)))
                continue
            match = _TOKEN.match(str(item))
            if not match:
                raise ScriptMismatch(f"forced outcome {item!r} is neither a number nor like 'R1'")
            self._queue.append((match.group(1).upper(), int(match.group(2)), str(item)))

    @property
    def remaining(self) -> int:
        """How many forced outcomes are still unused."""
        return len(self._queue) - self._next

    def randint(self, low: int, high: int, label: str = "") -> int:
        """The next forced outcome, checked against the range and the label."""
        if self._next >= len(self._queue):
            if self._then is not None:
                return self._then.randint(low, high, label)
            raise RandomExhausted(
                f"the rules drew {label or 'a number'} ({low}-{high}) but no forced outcome is left")
        want_label, value, text = self._queue[self._next]
        if want_label and label and want_label != label.upper():
            raise ScriptMismatch(
                f"forced outcome {text!r} does not fit: the rules drew {label} next")
        if not low <= value <= high:
            raise ScriptMismatch(f"forced outcome {text!r} is outside {low}-{high} for {label or 'this draw'}")
        self._next += 1
        return value


class RecordingRandom:
    """Passes draws through from another source and remembers each value."""

    __slots__ = ("_source", "draws")

    def __init__(self, source: RandomSource) -> None:
        self._source = source
        self.draws: list[int] = []

    def randint(self, low: int, high: int, label: str = "") -> int:
        """Draw from the wrapped source and record the value."""
        value = self._source.randint(low, high, label)
        self.draws.append(value)
        return value


def shuffled(items: Sequence[T], rng: RandomSource, label: str = "shuffle") -> tuple[T, ...]:
    """A new tuple with ``items`` in a random order (Fisher-Yates through ``randint``)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randint(0, i, label)
        out[i], out[j] = out[j], out[i]
    return tuple(out)
