"""What a phone and the table say to each other (no pygame, no network): the messages and their checks.

The table sends a phone one kind of message, a **page** (JSON): what its seat sees and may do now, in the
table's own words, numbered (``seq``).  A phone sends one kind of message back, a **tap**: which of the things
the last page offered was tapped (a target, a button, a menu answer, Back) and that page's number.  A phone never
names an intent: the table looks the tap up in what it offered that seat, so whatever arrives can only be one of
that seat's legal moves, and anything else is refused with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core.files import FileRefused, parse_json

__all__ = ["MESSAGE_LIMIT", "TAP_KINDS", "Tap", "TapRefused", "parse_tap"]

#: The largest message a phone may send (a tap is some 60 bytes).
MESSAGE_LIMIT = 1024
#: What a tap may be on: a target of the picture, a button, an answer of the open menu, Back (forget the choice
#: so far), or a point of the picture (in its own fractions, 0 to 1).
TAP_KINDS = ("target", "button", "menu", "back", "point")


class TapRefused(ValueError):
    """A message from a phone that is not a tap the table can take; ``reason`` says why, for the phone."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Tap:
    """One tap on a phone: on which page (``seq``), on what kind of thing, which one (``index``), or where
    (``x``, ``y``: fractions of the picture)."""

    seq: int
    kind: str
    index: int = -1
    x: float = 0.0
    y: float = 0.0


def parse_tap(message: Any) -> Tap:
    """The tap a phone's message holds (TapRefused, with a reason, for anything else).

    >>> parse_tap('{"type": "tap", "seq": 3, "kind": "button", "index": 1}')
    Tap(seq=3, kind='button', index=1, x=0.0, y=0.0)
    >>> parse_tap('{"type": "tap", "seq": 3, "kind": "intent", "index": 1}').reason
    Traceback (most recent call last):
    ...
    tabletop.app.phones.protocol.TapRefused: That is not something to tap.
    >>> parse_tap('{"type": "play", "intent": "roll seat=1"}')
    Traceback (most recent call last):
    ...
    tabletop.app.phones.protocol.TapRefused: A phone sends taps only.
    """
    if isinstance(message, bytes):
        try:
            message = message.decode("utf-8")
        except UnicodeDecodeError:
            raise TapRefused("The message is not text.") from None
    if not isinstance(message, str):
        raise TapRefused("The message is not text.")
    if len(message) > MESSAGE_LIMIT:
        raise TapRefused("The message is too long.")
    try:
        data = parse_json(message, "a tap", nesting=2, values=16, digits=12)
    except FileRefused:
        raise TapRefused("The message is not a tap.") from None
    if not isinstance(data, dict) or data.get("type") != "tap":
        raise TapRefused("A phone sends taps only.")
    if set(data) - {"type", "seq", "kind", "index", "x", "y"}:
        raise TapRefused("The tap holds more than a tap.")
    seq, kind = data.get("seq"), data.get("kind")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        raise TapRefused("The tap names no page.")
    if kind not in TAP_KINDS:
        raise TapRefused("That is not something to tap.")
    index = data.get("index", -1)
    if not _whole(index) or not -1 <= index < 10_000:
        raise TapRefused("The tap names nothing on the page.")
    x, y = data.get("x", 0.0), data.get("y", 0.0)
    if not all(_number(v) and 0.0 <= v <= 1.0 for v in (x, y)):
        raise TapRefused("The tap lies off the picture.")
    return Tap(seq, kind, index, float(x), float(y))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
