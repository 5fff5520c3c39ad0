"""The one careful way the app reads a file, whatever the file is for.

Every file the app reads may have been swapped for something else: a save edited by hand, a
replay from a friend, a settings file a second copy is writing, an asset folder someone "fixed".
So every read goes through :func:`read_bytes` (or :func:`read_text`), with a :class:`FileKind`
that names what the file is and how much of it is ever read:

* only an ordinary file is read: never a FIFO, a device or a folder (they would block, never end,
  or fail in a confusing way); the look is made again on the open handle, which is opened
  non-blocking, so a file swapped for a FIFO between the two looks still cannot block;
* at most ``kind.limit`` bytes are read, and the size is checked before reading (a sparse 1 GB
  file is refused at once, not read for seven seconds);
* text must be UTF-8 (a byte-order mark, as Notepad writes one, is dropped);
* JSON is parsed by :func:`parse_json` with a limit on nesting, on the count of values and on the
  digits of a number, never with Python's own words ("Exceeds the limit (4300 digits)…") for a
  player to read.

Anything wrong raises :class:`FileRefused`: ``reason`` says it in plain words for players ("it is
too large (1,024 KB; the settings file is at most 256 KB)"), ``str()`` says it for the error log.
"""

from __future__ import annotations

import json
import math
import os
import stat
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.paths import describe_os_error

__all__ = ["FileKind", "FileRefused", "read_bytes", "read_text", "parse_json", "set_aside", "size_words",
           "printable", "shown_file_name",
           "MATCH_FILE", "SETTINGS_FILE", "TUTORIAL_PROGRESS", "RULES_PAGE", "DATA_FILE", "FONT_FILE", "IMAGE_FILE",
           "SOUND_FILE", "MAP_FILE", "KINDS"]

KB = 1024
MB = 1024 * KB


@dataclass(frozen=True)
class FileKind:
    """What a file is, as a message names it ("the settings file"), and the most of it that is ever read."""

    noun: str
    limit: int

    def too_large(self, size: int) -> str:
        """``it is too large (1,024 KB; the settings file is at most 256 KB)``."""
        return f"it is too large ({size_words(size)}; {self.noun} is at most {size_words(self.limit)})"


#: The kinds of file the app reads, each with its own cap (every real one is far below it).
MATCH_FILE = FileKind("a match file", 4 * MB)               # the longest real one seen: 60 KB
SETTINGS_FILE = FileKind("the settings file", 256 * KB)     # a real one: 2 KB
TUTORIAL_PROGRESS = FileKind("a tutorial's progress file", 4 * KB)   # {"game": ..., "step": 12}
RULES_PAGE = FileKind("a rules page", 1 * MB)               # the longest: about 20 KB
DATA_FILE = FileKind("a data file", 1 * MB)                 # YAML content, layouts, tutorials, scenarios
FONT_FILE = FileKind("a font", 32 * MB)                     # the largest shipped: 600 KB
IMAGE_FILE = FileKind("an image", 16 * MB)
SOUND_FILE = FileKind("a sound", 16 * MB)
MAP_FILE = FileKind("a board map", 4 * MB)                  # the Tiled map and its tile set
KINDS = (MATCH_FILE, SETTINGS_FILE, TUTORIAL_PROGRESS, RULES_PAGE, DATA_FILE, FONT_FILE, IMAGE_FILE, SOUND_FILE,
         MAP_FILE)


def size_words(size: int) -> str:
    """A size as a message says it, always in KB (so the two figures of one message compare at a glance).

    >>> size_words(4096), size_words(256 * 1024), size_words(1_000_000), size_words(40 * 1024 * 1024)
    ('4 KB', '256 KB', '977 KB', '40,960 KB')
    """
    return f"{-(-size // KB):,} KB"


class FileRefused(ValueError):
    """A file that cannot be used: not an ordinary file, too large, unreadable, not text, damaged.

    ``str(error)`` is the technical account (for the error log); ``reason`` the same in plain words for
    players, to be put after the file's name (see :meth:`sentence`); ``source`` the file's name.
    """

    def __init__(self, message: str, reason: str = "it is damaged", source: str = "", line: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.source = source
        self.line = line            # the line of a text file where it goes wrong, when there is one

    def sentence(self, what: str = "cannot be used") -> str:
        """``deep.json cannot be replayed: it is nested too deeply.``"""
        return f"{shown_file_name(self.source or 'The file')} {what}: {self.reason}."


def printable(text: str, limit: int) -> str:
    """``text`` with no control, format or unpaired characters, single spaces, at most ``limit`` characters."""
    kept = "".join(ch if not unicodedata.category(ch).startswith(("C", "Z")) or ch == " " else " "
                   for ch in text if unicodedata.category(ch) not in ("Cs", "Co", "Cn"))
    return " ".join(kept.split())[:limit].strip()


def shown_file_name(name: str | Path, limit: int = 48) -> str:
    """A file's name as a sentence may show it: no control characters, shortened in the middle if long.

    >>> shown_file_name("deep.json"), shown_file_name("a\\x00b\\nc.json"), shown_file_name("x" * 60 + ".json", 20)
    ('deep.json', 'a b c.json', 'xxxxxxxxx…xxxxx.json')
    """
    text = printable(str(name.name if isinstance(name, Path) else name)[:1000], 1000) or "the file"
    if len(text) <= limit:
        return text
    tail = limit // 2
    return f"{text[:limit - tail - 1]}\u2026{text[-tail:]}"


def read_bytes(path: str | Path, kind: FileKind) -> bytes:
    """The bytes of the ordinary file ``path``, at most ``kind.limit`` of them; FileRefused otherwise, and
    never a hang: a FIFO, a device or a folder is not read."""
    path = Path(path)
    name = path.name
    limit = kind.limit

    def refuse(detail: str, reason: str) -> FileRefused:
        return FileRefused(f"{path}: {detail}", reason, name)

    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise refuse("not a regular file", "it is not an ordinary file")
        if info.st_size > limit:
            raise refuse(f"{info.st_size} bytes, more than {limit}", kind.too_large(info.st_size))
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
    except FileNotFoundError as exc:
        raise refuse(f"cannot be read ({exc})", "there is no such file") from None
    except OSError as exc:
        raise refuse(f"cannot be read ({exc})", f"it cannot be read: {describe_os_error(exc)}") from None
    if size > limit:                    # it grew while it was read
        raise refuse(f"more than {limit} bytes", kind.too_large(size))
    return b"".join(chunks)


def read_text(path: str | Path, kind: FileKind) -> str:
    """The UTF-8 text of the ordinary file ``path`` (see :func:`read_bytes`; a leading byte-order mark is
    dropped); FileRefused if it is not text, naming the line of the first byte that is not."""
    data = read_bytes(path, kind)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise FileRefused(f"{path}:{line}: not UTF-8 ({exc.reason} at byte {exc.start})", "it is not text",
                          Path(path).name, line) from None


def set_aside(path: str | Path) -> Path:
    """Rename a file that cannot be used (``x.json`` to ``x.damaged-<time>.json``), so it is kept for inspection and
    no longer in the way; the new path (OSError if it cannot be renamed)."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    counter = 1
    while target.exists() or target.is_symlink():
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{counter}{path.suffix}")
        counter += 1
    path.replace(target)
    return target


# ---------------------------------------------------------------------------- JSON
class _Refused(Exception):
    """Raised from inside the JSON parser's hooks: a value the file may not hold."""

    def __init__(self, detail: str, reason: str) -> None:
        super().__init__(detail)
        self.reason = reason


def _short(value: Any) -> str:
    """A value as the error log shows it, never megabytes long."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:40]}… ({len(text)} characters)"


def parse_json(text: str, source: str = "the file", *, nesting: int = 8, values: int = 100_000, digits: int = 20,
               fractions: bool = True, bad_number: Any = None, repeated_keys: bool = False) -> Any:
    """The JSON value of ``text``: at most ``nesting`` levels deep, ``values`` values, numbers of at most
    ``digits`` digits, no NaN or infinity, no key twice in one object, fractions only if ``fractions``
    (FileRefused otherwise, in plain words).

    A file whose fields are each read on their own (the settings) may pass ``bad_number``: a number out of
    bounds then stands as that value rather than refusing the whole file, and with ``repeated_keys`` the last
    of a key given twice counts.

    >>> parse_json('{"volume": 0.5, "names": {"dice-realms": ["Ann", "Bo"]}}')
    {'volume': 0.5, 'names': {'dice-realms': ['Ann', 'Bo']}}
    >>> parse_json('{"volume": ' + '7' * 5000 + '}', "settings.json").reason
    Traceback (most recent call last):
    ...
    tabletop.core.files.FileRefused: settings.json: a number of 5000 digits
    >>> parse_json('[[[1]]]', nesting=2)
    Traceback (most recent call last):
    ...
    tabletop.core.files.FileRefused: the file: nested more than 2 levels deep
    >>> parse_json('[' * 100_000).reason
    Traceback (most recent call last):
    ...
    tabletop.core.files.FileRefused: the file: nested too deeply for the JSON parser
    """
    if text.startswith("\ufeff"):
        text = text[1:]                         # a byte-order mark (Notepad writes one)

    def integer(number: str) -> Any:
        if len(number.lstrip("-")) > digits:
            if bad_number is not None:
                return bad_number
            raise _Refused(f"a number of {len(number.lstrip('-'))} digits", "a number in it is far too large")
        return int(number)

    def fraction(number: str) -> Any:
        if not fractions:
            raise _Refused(f"a fraction ({_short(number)})", "it holds a number that is not a whole number")
        if len(number) > 2 * digits or not math.isfinite(float(number)):
            if bad_number is not None:
                return bad_number
            raise _Refused(f"a number of {len(number)} characters", "a number in it is far too large")
        return float(number)

    def constant(word: str) -> Any:
        if bad_number is not None:
            return bad_number
        raise _Refused(f"a {word} value", "it holds a number that is not a number")

    def obj(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        data = dict(pairs)
        if len(data) != len(pairs) and not repeated_keys:
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    raise _Refused(f"the key {_short(key)} twice in one object", "it holds the same entry twice")
                seen.add(key)
        return data

    try:
        data = json.loads(text, parse_int=integer, parse_float=fraction, parse_constant=constant,
                          object_pairs_hook=obj)
        _measure(data, nesting, values)
    except _Refused as exc:
        raise FileRefused(f"{source}: {exc}", exc.reason, source) from None
    except json.JSONDecodeError as exc:
        raise FileRefused(f"{source} is damaged or incomplete (not valid JSON at line {exc.lineno}, "
                          f"column {exc.colno}).", "it is damaged or incomplete", source) from None
    except RecursionError:
        raise FileRefused(f"{source}: nested too deeply for the JSON parser", "it is nested too deeply",
                          source) from None
    except (ValueError, MemoryError) as exc:
        raise FileRefused(f"{source}: {type(exc).__name__}: {str(exc)[:200]}", "it is damaged", source) from None
    return data


def _measure(data: Any, nesting: int, values: int) -> None:
    """Refuse nesting deeper than ``nesting`` or more than ``values`` values (a walk without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > values:
            raise _Refused(f"more than {values:,} values", "it holds far more than it could")
        if isinstance(value, (dict, list)):
            if depth > nesting:
                raise _Refused(f"nested more than {nesting} levels deep", "it is nested too deeply")
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)
