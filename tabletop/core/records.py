"""Match records: the file format of every match file (a save, a finished match, an export, a replay),
and the one careful way to read one.

A match file may come from anywhere: a friend's export dropped into ``replays/``, a save edited by
hand, a path typed after ``tabletop play --replay``.  So nothing in it is trusted:

* only an ordinary file is opened (never a FIFO, a device or a folder, which would block or never
  end), and at most :data:`RECORD_LIMIT` bytes of it are read;
* the text must be UTF-8 (a byte-order mark, as Notepad writes one, is accepted);
* the JSON may not nest deeper than :data:`MAX_NESTING`, hold more than :data:`MAX_VALUES` values,
  numbers longer than :data:`MAX_DIGITS` digits, fractions, NaN, or the same key twice;
* every field is checked for its type and size, and each player's name must be one the screen can
  show as it is (:func:`clean_name`, the same rule as names typed at the seat screen);
* then :meth:`MatchController.load <tabletop.core.controller.MatchController.load>` replays every
  move with its recorded outcomes.

Anything wrong raises :class:`RecordError`: its ``reason`` says what is wrong in plain words for
players ("it is not an ordinary file"), its text says it for the error log.
"""

from __future__ import annotations

import json
import os
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from tabletop import __version__
from tabletop.paths import describe_os_error

__all__ = ["MatchRecord", "RecordError", "RECORD_FORMAT", "RECORD_VERSION", "RECORD_LIMIT", "NAME_LIMIT",
           "MAX_NESTING", "MAX_VALUES", "MAX_DIGITS", "MAX_SEATS", "MAX_MOVES", "MAX_OUTCOMES", "MAX_INTENT_CHARS",
           "clean_name", "shown_file_name", "read_text_file", "read_record_file", "parse_record"]

RECORD_FORMAT = "dice-tabletop-match"
RECORD_VERSION = 1

#: The largest match file read (a real one is a few kilobytes; the longest seen, 60 KB).
RECORD_LIMIT = 4 * 1024 * 1024
#: The longest name a seat may have, in characters.
NAME_LIMIT = 16
#: The deepest nesting of lists and objects in a match file (a record needs 4 levels).
MAX_NESTING = 8
#: The most values (numbers, texts, lists, objects) in a match file.
MAX_VALUES = 1_000_000
#: The most digits of a number in a match file (a 64-bit number has 20).
MAX_DIGITS = 20
#: Seats, moves, outcomes of one move, and characters of one move's text that a record may hold.
MAX_SEATS = 8
#: How many seat colours the theme has (a seat's colour is one of them).
SEAT_COLOURS = 5
MAX_MOVES = 50_000
MAX_OUTCOMES = 10_000
MAX_INTENT_CHARS = 500
_MAX_OPTIONS = 32
_MAX_OPTION_CHARS = 64
_KIND_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")
_SEED_RANGE = range(-(2 ** 63), 2 ** 64)


class RecordError(ValueError):
    """A match file that cannot be used: unreadable, damaged, of another format or version, or not replayable.

    ``str(error)`` is the technical account (for the error log); ``reason`` the same in plain words for
    players ("it is too large (5,120 KB)"), to be put after the file's name (see :meth:`sentence`).
    """

    def __init__(self, message: str, reason: str = "it is damaged", source: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.source = source

    def sentence(self, what: str = "cannot be used") -> str:
        """``deep.json cannot be replayed: it is nested too deeply.``"""
        return f"{shown_file_name(self.source or 'The file')} {what}: {self.reason}."


# ---------------------------------------------------------------------------- names
def _printable(text: str, limit: int) -> str:
    kept = "".join(ch if not unicodedata.category(ch).startswith(("C", "Z")) or ch == " " else " "
                   for ch in text if unicodedata.category(ch) not in ("Cs", "Co", "Cn"))
    return " ".join(kept.split())[:limit].strip()


def clean_name(text: Any) -> str:
    """A seat name fit for the screen: no control or unpaired characters, single spaces, at most NAME_LIMIT.

    >>> clean_name("  Bo\\u0000 \\t the  Bold "), clean_name("\\ud800Ann"), clean_name("x" * 40)
    ('Bo the Bold', 'Ann', 'xxxxxxxxxxxxxxxx')
    """
    if not isinstance(text, str):
        return ""
    return _printable(text[:NAME_LIMIT * 8], NAME_LIMIT)     # never a walk over a megabyte of name


def shown_file_name(name: str | Path, limit: int = 48) -> str:
    """A file's name as a sentence may show it: no control characters, shortened in the middle if long.

    >>> shown_file_name("deep.json"), shown_file_name("a\\x00b\\nc.json"), shown_file_name("x" * 60 + ".json", 20)
    ('deep.json', 'a b c.json', 'xxxxxxxxx…xxxxx.json')
    """
    text = _printable(str(name.name if isinstance(name, Path) else name)[:1000], 1000) or "the file"
    if len(text) <= limit:
        return text
    tail = limit // 2
    return f"{text[:limit - tail - 1]}\u2026{text[-tail:]}"


def _short(value: Any) -> str:
    """A value as the error log shows it, never megabytes long."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:40]}… ({len(text)} characters)"


# ---------------------------------------------------------------------------- reading
def read_text_file(path: str | Path, limit: int) -> str:
    """The UTF-8 text of the ordinary file ``path``, at most ``limit`` bytes (a leading byte-order mark is
    dropped); RecordError otherwise, and never a hang: a FIFO, a device or a folder is not opened for reading."""
    path = Path(path)
    name = path.name

    def refuse(detail: str, reason: str) -> RecordError:
        return RecordError(f"{name}: {detail}", reason, name)

    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise refuse("not a regular file", "it is not an ordinary file")
        if info.st_size > limit:
            raise refuse(f"{info.st_size} bytes, more than {limit}", _too_large(info.st_size, limit))
        # Non-blocking, so that a file swapped for a FIFO since the look above still cannot block.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                         | getattr(os, "O_BINARY", 0))
        try:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                raise refuse("not a regular file", "it is not an ordinary file")
            chunks, size = [], 0
            while size <= limit:
                chunk = os.read(handle, min(1 << 20, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        finally:
            os.close(handle)
    except OSError as exc:
        raise refuse(f"cannot be read ({exc})", f"it cannot be read: {describe_os_error(exc)}") from None
    if size > limit:
        raise refuse(f"more than {limit} bytes", _too_large(size, limit))
    try:
        return b"".join(chunks).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise refuse(f"not UTF-8 ({exc.reason} at byte {exc.start})", "it is not text") from None


def _too_large(size: int, limit: int) -> str:
    return f"it is too large ({size // 1024:,} KB; a match file is at most {limit // 1024:,} KB)"


def read_record_file(path: str | Path) -> str:
    """The text of a match file (see :func:`read_text_file`), at most :data:`RECORD_LIMIT` bytes."""
    return read_text_file(path, RECORD_LIMIT)


class _Refused(Exception):
    """Raised from inside the JSON parser's hooks: a value no match file holds."""

    def __init__(self, detail: str, reason: str) -> None:
        super().__init__(detail)
        self.reason = reason


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a number of {len(text)} digits", "a number in it is far too large")
    return int(text)


def _fraction(text: str) -> float:
    raise _Refused(f"a fraction ({_short(text)})", "it holds a number that is not a whole number")


def _constant(text: str) -> float:
    raise _Refused(f"a {text} value", "it holds a number that is not a whole number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {_short(key)} twice in one object", "it holds the same entry twice")
            seen.add(key)
    return data


def _measure(data: Any) -> None:
    """Refuse nesting deeper than MAX_NESTING or more than MAX_VALUES values (a walk without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise _Refused(f"more than {MAX_VALUES:,} values", "it holds far more than any match")
        if isinstance(value, (dict, list)):
            if depth >= MAX_NESTING:
                raise _Refused(f"nested more than {MAX_NESTING} levels deep", "it is nested too deeply")
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)


def parse_record(text: str, source: str = "the file") -> Any:
    """The JSON value of a match file's text, within the limits above (RecordError otherwise)."""
    if text.startswith("\ufeff"):
        text = text[1:]                         # a byte-order mark (Notepad writes one)
    try:
        data = json.loads(text, parse_int=_integer, parse_float=_fraction, parse_constant=_constant,
                          object_pairs_hook=_object)
        _measure(data)
    except _Refused as exc:
        raise RecordError(f"{source}: {exc}", exc.reason, source) from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source} is damaged or incomplete (not valid JSON at line {exc.lineno}, "
                          f"column {exc.colno}).", "it is damaged or incomplete", source) from None
    except RecursionError:
        raise RecordError(f"{source}: nested too deeply for the JSON parser", "it is nested too deeply",
                          source) from None
    except (ValueError, MemoryError) as exc:
        raise RecordError(f"{source}: {type(exc).__name__}: {str(exc)[:200]}", "it is damaged", source) from None
    return data


# ---------------------------------------------------------------------------- the record
@dataclass(frozen=True)
class MatchRecord:
    """Everything needed to replay a match exactly."""

    game: str
    options: Mapping[str, str]
    seats: tuple[str, ...]
    seed: int
    setup_draws: tuple[int, ...] = ()
    entries: tuple[tuple[str, tuple[int, ...]], ...] = ()   # (intent text, outcomes drawn)
    seat_kinds: tuple[str, ...] = ()                        # "human" or a bot id, per seat
    finished: bool = False
    colours: tuple[int, ...] = ()                           # each seat's colour (a rematch keeps a player's)
    hints: tuple[int, ...] = ()                             # hints each seat asked for (none: left out)

    def to_json(self) -> str:
        """The record as JSON text (the save file format)."""
        data = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "app_version": __version__,
            "game": self.game,
            "options": dict(self.options),
            "seats": [{"name": name, "kind": kind, "colour": colour} for name, kind, colour in
                      zip(self.seats, self.seat_kinds or ("human",) * len(self.seats),
                          self.colours or range(len(self.seats)))],
            "seed": self.seed,
            "setup_outcomes": list(self.setup_draws),
            "intents": [{"intent": text, "outcomes": list(draws)} for text, draws in self.entries],
            "finished": self.finished,
        }
        if any(self.hints):
            data["hints"] = list(self.hints)
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str, source: str = "the save file") -> "MatchRecord":
        """Parse and check a record; anything wrong raises RecordError with a clear message."""
        data = parse_record(text, source)
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError(f"{source} is not a Dice Tabletop match record.",
                              "it is not a Dice Tabletop match", source)
        version = data.get("version")
        if version != RECORD_VERSION:
            raise RecordError(f"{source} is a match record of format version {_short(version)}; "
                              f"this version of Dice Tabletop reads version {RECORD_VERSION}.",
                              "it was written by another version of Dice Tabletop", source)
        try:
            return cls._checked(data, source)
        except (KeyError, TypeError, AttributeError) as exc:
            raise RecordError(f"{source} is missing a part of a match record ({str(exc)[:200]}).",
                              "it is damaged (a part of the match is missing or of the wrong kind)",
                              source) from None

    @classmethod
    def _checked(cls, data: dict[str, Any], source: str) -> "MatchRecord":
        seats = _sized(_typed(data["seats"], list, "seats"), MAX_SEATS, "seats")
        options = _sized(_typed(data["options"], dict, "options"), _MAX_OPTIONS, "options")
        intents = _sized(_typed(data["intents"], list, "intents"), MAX_MOVES, "intents")
        record = cls(
            game=_text(data["game"], "game", 64),
            options={_text(k, "options", _MAX_OPTION_CHARS): _text(v, f"options.{k}", _MAX_OPTION_CHARS)
                     for k, v in options.items()},
            seats=tuple(_typed(_typed(s, dict, "seats")["name"], str, "seats.name") for s in seats),
            seat_kinds=tuple(_text(s.get("kind", "human"), "seats.kind", NAME_LIMIT) for s in seats),
            seed=_typed(data["seed"], int, "seed"),
            setup_draws=tuple(_ints(data.get("setup_outcomes", []), "setup_outcomes")),
            entries=tuple((_text(_typed(e, dict, "intents")["intent"], f"intents.{i}.intent", MAX_INTENT_CHARS),
                           tuple(_ints(e.get("outcomes", []), f"intents.{i}.outcomes")))
                          for i, e in enumerate(intents)),
            finished=_typed(data.get("finished", False), bool, "finished"),
            colours=tuple(_typed(s.get("colour", index), int, "seats.colour") for index, s in enumerate(seats)),
            hints=tuple(_ints(data.get("hints", []), "hints")),
        )
        if len(record.hints) > len(record.seats) or any(count < 0 or count > MAX_MOVES for count in record.hints):
            raise RecordError(f"{source}: the hints used do not fit its seats", "it is damaged", source)
        if sorted(record.colours) != sorted(set(record.colours)) or not all(
                0 <= colour < SEAT_COLOURS for colour in record.colours):
            raise RecordError(f"{source}: the seats' colours are not one each", "it is damaged", source)
        if record.seed not in _SEED_RANGE:
            raise RecordError(f"{source}: the seed {_short(record.seed)} is out of range",
                              "a number in it is far too large", source)
        for name in record.seats:
            problem = name_problem(name)
            if problem:
                raise RecordError(f"{source}: the seat name {_short(name)} {problem}",
                                  f"a player's name in it {problem}", source)
        if len(set(record.seats)) != len(record.seats):
            raise RecordError(f"{source}: two seats are named alike", "two players in it have the same name", source)
        for kind in record.seat_kinds:
            if not kind or not set(kind) <= _KIND_CHARS:
                raise RecordError(f"{source}: the seat kind {_short(kind)} is not a kind",
                                  "a player in it is neither a person nor a bot", source)
        return record


def name_problem(name: str) -> str:
    """What keeps ``name`` from being shown as it is ("" if nothing: it is its own clean form).

    >>> name_problem("Ann"), name_problem("A" * 1_000_000), name_problem("An\\u0000n"), name_problem(" ")
    ('', 'is too long', 'holds characters that cannot be shown', 'is blank')
    """
    if len(name) > NAME_LIMIT:
        return "is too long"
    if not name.strip():
        return "is blank"
    if clean_name(name) != name:
        return "holds characters that cannot be shown"
    return ""


def _typed(value: Any, kind: type, where: str) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"{where} should be {kind.__name__}")
    return value


def _text(value: Any, where: str, limit: int) -> str:
    text = _typed(value, str, where)
    if len(text) > limit:
        raise TypeError(f"{where} is longer than {limit} characters")
    return text


def _sized(values: Any, limit: int, where: str) -> Any:
    if len(values) > limit:
        raise TypeError(f"{where} holds more than {limit} entries")
    return values


def _ints(values: Any, where: str) -> list[int]:
    return [_typed(v, int, where) for v in _sized(_typed(values, list, where), MAX_OUTCOMES, where)]
