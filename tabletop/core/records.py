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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from tabletop import __version__

from .files import MATCH_FILE, FileRefused, parse_json, printable, read_text, shown_file_name

__all__ = ["MatchRecord", "RecordError", "RECORD_FORMAT", "RECORD_VERSION", "RECORD_LIMIT", "NAME_LIMIT",
           "MAX_NESTING", "MAX_VALUES", "MAX_DIGITS", "MAX_SEATS", "MAX_MOVES", "MAX_OUTCOMES", "MAX_INTENT_CHARS",
           "clean_name", "shown_file_name", "read_record_file", "parse_record"]

RECORD_FORMAT = "dice-tabletop-match"
RECORD_VERSION = 1

#: The largest match file read (a real one is a few kilobytes; the longest seen, 60 KB).
RECORD_LIMIT = MATCH_FILE.limit
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


class RecordError(FileRefused):
    """A match file that cannot be used: unreadable, damaged, of another format or version, or not replayable.

    ``str(error)`` is the technical account (for the error log); ``reason`` the same in plain words for
    players ("it is too large (5,120 KB)"), to be put after the file's name (see :meth:`sentence`).
    """


# ---------------------------------------------------------------------------- names
def clean_name(text: Any) -> str:
    """A seat name fit for the screen: no control or unpaired characters, single spaces, at most NAME_LIMIT.

    >>> clean_name("  Bo\\u0000 \\t the  Bold "), clean_name("\\ud800Ann"), clean_name("x" * 40)
    ('Bo the Bold', 'Ann', 'xxxxxxxxxxxxxxxx')
    """
    if not isinstance(text, str):
        return ""
    return printable(text[:NAME_LIMIT * 8], NAME_LIMIT)     # never a walk over a megabyte of name


def _short(value: Any) -> str:
    """A value as the error log shows it, never megabytes long."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:40]}… ({len(text)} characters)"


# ---------------------------------------------------------------------------- reading
def read_record_file(path: str | Path) -> str:
    """The text of a match file, read by the one careful reader (:func:`tabletop.core.files.read_text`), at most
    :data:`RECORD_LIMIT` bytes; RecordError otherwise."""
    try:
        return read_text(path, MATCH_FILE)
    except FileRefused as exc:
        raise RecordError(str(exc), exc.reason, exc.source) from None


def parse_record(text: str, source: str = "the file") -> Any:
    """The JSON value of a match file's text, within the limits above (RecordError otherwise)."""
    try:
        return parse_json(text, source, nesting=MAX_NESTING, values=MAX_VALUES, digits=MAX_DIGITS, fractions=False)
    except FileRefused as exc:
        raise RecordError(str(exc), exc.reason, source) from None


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
