"""Random sources handed to the rules: the only way any game gets chance.

Every source offers two draws:

* ``randint(low, high, label)``: a number; the label names what is being drawn
  (``"R"`` for the red die, say) so that forced outcomes can be checked against
  what the rules actually asked for;
* ``choose(names, label)``: the position of one of several named things (a face
  of a symbol die, the next card of a shuffled deck), so a forced outcome can
  name it (``fire``, ``Fireball``) instead of giving its position.

Shuffles (:func:`shuffled`) and symbol faces (:func:`roll_face`) are built on
``choose``; every draw is a whole number, so a record replays with numbers alone.

>>> rng = ScriptedRandom(["R1", 4, "fire"])
>>> rng.randint(1, 6, "R"), rng.randint(1, 6, "G")
(1, 4)
>>> roll_face(("earth", "fire", "water"), rng, "fire die")
'fire'
>>> rng.push_deck(["Wish"])            # Wish on top; the rest keeps the order the rules list it in
>>> shuffled(("Fireball", "Veto", "Wish"), rng, "deck")
('Wish', 'Fireball', 'Veto')
"""

from __future__ import annotations

import hashlib
import random
import re
from typing import Protocol, Sequence, TypeVar

__all__ = [
    "RandomSource", "SeededRandom", "ScriptedRandom", "RecordingRandom",
    "RandomExhausted", "ScriptMismatch", "derive_seed", "shuffled", "roll_face", "same_name",
]

T = TypeVar("T")


class RandomSource(Protocol):
    """Where the rules get chance from."""

    def randint(self, low: int, high: int, label: str = "") -> int:
        """A whole number from ``low`` to ``high`` inclusive."""

    def choose(self, names: Sequence[str], label: str = "") -> int:
        """The position of one of ``names`` (which must not be empty)."""


def same_name(a: str, b: str) -> bool:
    """Whether two names mean the same thing, ignoring case, spaces, dashes and underscores.

    >>> same_name("Basic Income", "basic-income"), same_name("fire", "water")
    (True, False)
    """
    def key(text: str) -> str:
        return "".join(ch for ch in text.lower() if ch.isalnum())
    return key(a) == key(b)


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
    """A seeded source; its own ``random.Random``, never the global one.

    The generator is only made at the first draw: the controller gives every move a
    source of its own, most moves draw nothing, and seeding a Mersenne Twister costs
    more than such a move.  The outcomes are those of ``random.Random(seed)`` all the same.
    """

    __slots__ = ("_base", "_parts", "_random")

    def __init__(self, seed: int) -> None:
        self._base = seed
        self._parts: tuple[object, ...] | None = None    # set by derived(): seed is derive_seed(_base, *_parts)
        self._random: random.Random | None = None

    @classmethod
    def derived(cls, seed: int, *parts: object) -> "SeededRandom":
        """The source seeded with ``derive_seed(seed, *parts)``, worked out at the first draw only.

        >>> SeededRandom.derived(7, 3).seed == SeededRandom(derive_seed(7, 3)).seed
        True
        """
        source = cls(seed)
        source._parts = parts
        return source

    @property
    def seed(self) -> int:
        """The seed of the generator."""
        return self._base if self._parts is None else derive_seed(self._base, *self._parts)

    def _start(self) -> random.Random:
        self._random = random.Random(self.seed)
        return self._random

    def randint(self, low: int, high: int, label: str = "") -> int:
        """A whole number from ``low`` to ``high`` inclusive."""
        generator = self._random or self._start()
        # randint(low, high) is documented as randrange(low, high + 1), and randrange(start, stop) of whole
        # numbers returns start + _randbelow(stop - start) (CPython 3.2 onwards): the same number, without the
        # argument checks that cost more than the draw itself.
        if high >= low:
            return low + generator._randbelow(high - low + 1)  # type: ignore[attr-defined]  # private, in no stub
        return generator.randrange(low, high + 1)

    def choose(self, names: Sequence[str], label: str = "") -> int:
        """A uniformly drawn position among ``names`` (``randrange(len(names))``, drawn as randint is)."""
        generator = self._random or self._start()
        if names:
            return generator._randbelow(len(names))  # type: ignore[attr-defined]  # private, in no stub
        return generator.randrange(0, len(names))


_REST = "*rest"      # a queue marker: the forced shuffle's remaining cards keep their order
_TOKEN = re.compile(r"^\s*([A-Za-z_-]*)\s*(-?\d+)\s*$")


class ScriptedRandom:
    """Forces outcomes in order: numbers, tokens like ``"R1"`` whose letters must match the label,
    or names (``"fire"``, ``"Fireball"``) that a ``choose`` must find among its names.

    When the script runs out it falls back to ``then`` if given, else raises RandomExhausted.
    """

    def __init__(self, outcomes: Sequence[int | str], then: RandomSource | None = None) -> None:
        self._queue: list[tuple[str, int | None, str]] = []     # (label letters, number, text); number None: a name
        self._next = 0
        self._deck_label: str | None = None      # the label of the shuffle a push_deck is forcing
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
            text = str(item).strip()
            match = _TOKEN.match(text)
            if match:
                self._queue.append((match.group(1).upper(), int(match.group(2)), text))
            elif text:
                self._queue.append(("", None, text))
            else:
                raise ScriptMismatch(f"forced outcome {item!r} is empty")

    def push_names(self, names: Sequence[str]) -> None:
        """Append named outcomes, one per item even if it holds spaces (``["Basic Income", ...]``)."""
        for name in names:
            if not str(name).strip():
                raise ScriptMismatch("a forced card or face has no name")
            self._queue.append(("", None, str(name).strip()))

    def push_deck(self, top: Sequence[str]) -> None:
        """Force the next shuffle: these cards on top, in this order; the rest in the order the rules list it."""
        self.push_names(top)
        self._queue.append((_REST, None, "the rest of the deck"))

    def shuffle_done(self, label: str) -> None:
        """A shuffle labelled ``label`` is over: a deck order forced for it is used up.

        Its last named card (a shuffle chooses all but the last) and its "rest in
        order" marker are dropped, so they can force neither the next draw nor the
        next shuffle of the same pile.
        """
        if label != self._deck_label:
            return
        self._deck_label = None
        while self._next < len(self._queue):
            kind = self._queue[self._next][0]
            self._next += 1
            if kind == _REST:
                break

    @property
    def remaining(self) -> int:
        """How many forced outcomes are still unused."""
        return len(self._queue) - self._next

    def _take(self, low: int, high: int, label: str) -> tuple[str, int | None, str] | None:
        if self._next < len(self._queue) and self._queue[self._next][0] == _REST:
            if label == self._deck_label and high > low:
                return (_REST, 0, "")            # still the same shuffle: the next card in the rules' order
            self._next += 1                      # that shuffle is over
        if self._next >= len(self._queue):
            if self._then is not None:
                return None
            raise RandomExhausted(
                f"the rules drew {label or 'a number'} ({low}-{high}) but no forced outcome is left")
        item = self._queue[self._next]
        self._next += 1
        return item

    def randint(self, low: int, high: int, label: str = "") -> int:
        """The next forced outcome, checked against the range and the label."""
        item = self._take(low, high, label)
        if item is None:
            assert self._then is not None       # _take gives None only when a generator takes over
            return self._then.randint(low, high, label)
        want_label, value, text = item
        if want_label == _REST:
            return low
        if value is None:
            self._next -= 1
            raise ScriptMismatch(f"forced outcome {text!r} is a name, but the rules drew a number "
                                 f"({low}-{high}) for {label or 'this draw'}")
        if want_label and label and want_label != label.upper():
            self._next -= 1
            raise ScriptMismatch(f"forced outcome {text!r} does not fit: the rules drew {label} next")
        if not low <= value <= high:
            self._next -= 1
            raise ScriptMismatch(f"forced outcome {text!r} is outside {low}-{high} for {label or 'this draw'}")
        return value

    def choose(self, names: Sequence[str], label: str = "") -> int:
        """The next forced outcome: a name found among ``names``, or a position."""
        item = self._take(0, len(names) - 1, label)
        if item is None:
            assert self._then is not None       # _take gives None only when a generator takes over
            return self._then.choose(names, label)
        want_label, value, text = item
        if want_label == _REST:
            return 0
        if value is None:
            for index, name in enumerate(names):
                if same_name(name, text):
                    self._deck_label = label
                    return index
            self._next -= 1
            shown = ", ".join(sorted(set(names))[:12]) + (", ..." if len(set(names)) > 12 else "")
            raise ScriptMismatch(f"forced outcome {text!r} is not among what the rules drew from for "
                                 f"{label or 'this draw'}: {shown}")
        if want_label:
            self._next -= 1
            raise ScriptMismatch(f"forced outcome {text!r} is a die token, but the rules chose one of "
                                 f"{len(names)} named things for {label or 'this draw'}")
        if not 0 <= value < len(names):
            self._next -= 1
            raise ScriptMismatch(f"forced outcome {text!r} is outside 0-{len(names) - 1} for {label or 'this draw'}")
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

    def choose(self, names: Sequence[str], label: str = "") -> int:
        """Choose through the wrapped source and record the position."""
        value = self._source.choose(names, label)
        self.draws.append(value)
        return value

    def shuffle_done(self, label: str) -> None:
        """Tell the wrapped source a shuffle is over (a scripted one drops its forced deck order)."""
        done = getattr(self._source, "shuffle_done", None)
        if done is not None:
            done(label)


def shuffled(items: Sequence[T], rng: RandomSource, label: str = "shuffle",
             names: Sequence[str] | None = None) -> tuple[T, ...]:
    """A new tuple with ``items`` in a random order, drawn one by one from the top.

    Each step chooses the next item among those left, by name (``names``, or each
    item's ``str``), so a scenario can force a deck's order by naming its cards.
    """
    left = list(items)
    left_names = [str(item) for item in items] if names is None else list(names)
    if len(left_names) != len(left):
        raise ValueError("shuffled: one name per item")
    out = []
    while left:
        index = rng.choose(left_names, label) if len(left) > 1 else 0
        out.append(left.pop(index))
        left_names.pop(index)
    # A forced deck order ends with its shuffle, however many of its cards it named.
    done = getattr(rng, "shuffle_done", None)
    if done is not None:
        done(label)
    return tuple(out)


def roll_face(faces: Sequence[str], rng: RandomSource, label: str = "") -> str:
    """The face a die with named faces lands on (a scenario forces it by name: ``fire``)."""
    return faces[rng.choose(faces, label)]
