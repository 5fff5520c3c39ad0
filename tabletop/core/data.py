"""Reading YAML content and layouts with errors that name the file, the line and the key.

Content files are read with a safe loader that remembers where every key stood;
a :class:`Reader` then walks the tree with typed accessors, so a bad value stops
with a message such as ``data/layouts/title.yaml:12: buttons.0.rect: expected 4 numbers``.

Files may come from anyone (a scenario shared at a game night), so the loader also
refuses what would hang or crash whatever reads the tree next: files over
:data:`MAX_FILE_BYTES`, nesting deeper than :data:`MAX_DEPTH`, aliases that expand
to more than :data:`MAX_VALUES` values (a "billion laughs" bomb), an alias inside
its own anchor, and numbers that are not finite or are absurdly large.
"""

from __future__ import annotations

import builtins
import math
from pathlib import Path
from typing import Any, Callable, Iterator

import yaml

from .files import DATA_FILE, FileKind, FileRefused, read_text

__all__ = ["DataError", "load_yaml", "parse_yaml", "Reader", "MAX_FILE_BYTES", "MAX_DEPTH", "MAX_VALUES"]

#: The largest YAML file read (every content, layout and scenario file is a few KB).
MAX_FILE_BYTES = DATA_FILE.limit
#: The deepest nesting of lists and mappings, aliases expanded (the files use fewer than 10 levels).
MAX_DEPTH = 64
#: The most values (scalars, lists, mappings) in a file once its aliases are expanded.
MAX_VALUES = 100_000
#: The largest number a file may hold anywhere (a 64-bit seed fits).
_LARGEST_IN_FILE = 2 ** 63
#: The largest number a Reader accessor accepts when the caller gives no bound (pixels, counts).
_LARGEST_UNBOUNDED = 10 ** 9
_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"


class DataError(ValueError):
    """A content or layout file that cannot be used as it stands."""

    def __init__(self, path: str | Path, line: int | None, key: str, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.key = key
        self.message = message
        where = self.path + (f":{line}" if line else "")
        super().__init__(f"{where}: {key + ': ' if key else ''}{message}")


class _MarkedDict(dict):
    """A mapping that knows the line of each of its keys."""

    line: int = 0
    key_lines: dict


class _MarkedList(list):
    """A sequence that knows the line of each item."""

    line: int = 0
    item_lines: list


class _Refused(Exception):
    """A file the loader will not build (raised while composing; parse_yaml makes it a DataError)."""

    def __init__(self, mark: Any, key: str, message: str) -> None:
        super().__init__(message)
        self.line = mark.line + 1 if mark is not None else None
        self.key = key
        self.message = message


def _shorten(text: str) -> str:
    """A value's text, cut when it is too long to print."""
    text = text.strip()
    return text if len(text) <= 24 else f"{text[:12]}… ({len(text)} characters)"


class _LineLoader(yaml.SafeLoader):
    """The safe loader, keeping line numbers (1-based) for mappings and sequences.

    While composing it also measures every node (values and depth once aliases are
    expanded, memoised per node, so measuring costs no more than reading) and refuses
    bombs, deep nesting and absurd numbers before anything walks the tree.
    """

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self._depth = 0
        self._keys: list[str | None] = []
        self._shapes: dict[int, tuple[int, int]] = {}   # id(node) -> (values, height), aliases expanded

    def _key_path(self) -> str:
        parts = [key for key in self._keys if key is not None]
        # Deep in a nested bomb the full path is noise: its top names the place.
        return ".".join(parts if len(parts) <= 6 else [*parts[:5], "…"])

    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: D401 - yaml hook
        if parent is None or index is None:
            part = None                       # the document, or a mapping's key
        elif isinstance(index, int):
            part = str(index)
        else:
            part = str(getattr(index, "value", "?")) if isinstance(index, yaml.ScalarNode) else "?"
        self._keys.append(part)
        self._depth += 1
        try:
            mark = self.peek_event().start_mark
            if self._depth > MAX_DEPTH:
                raise _Refused(mark, self._key_path(), f"nested more than {MAX_DEPTH} levels deep")
            is_alias = self.check_event(yaml.AliasEvent)
            node = super().compose_node(parent, index)
            known = self._shapes.get(id(node))
            if is_alias and known is None:
                raise _Refused(mark, self._key_path(), "an alias inside the anchor it names (an endless value)")
            shape = known if is_alias and known is not None else self._measure(node)
            self._shapes[id(node)] = shape
            values, height = shape
            if values > MAX_VALUES:
                raise _Refused(mark, self._key_path(),
                               f"holds more than {MAX_VALUES:,} values (aliases expanded)")
            if self._depth + height - 1 > MAX_DEPTH:
                raise _Refused(mark, self._key_path(),
                               f"nested more than {MAX_DEPTH} levels deep once its aliases are expanded")
            return node
        finally:
            self._depth -= 1
            self._keys.pop()

    def _measure(self, node: Any) -> tuple[int, int]:
        """(values, height) of a node just composed; its children are measured already."""
        if isinstance(node, yaml.ScalarNode):
            self._check_number(node)
            return 1, 1
        if isinstance(node, yaml.MappingNode):
            children = [child for pair in node.value for child in pair]
        else:
            children = node.value
        shapes = [self._shapes[id(child)] for child in children]
        return 1 + sum(v for v, _ in shapes), 1 + max((h for _, h in shapes), default=0)

    def _check_number(self, node: Any) -> None:
        """Refuse numbers that are not finite or too large to mean anything, and dates that are no dates."""
        if node.tag not in (_INT_TAG, _FLOAT_TAG, _TIMESTAMP_TAG):
            return
        key = self._key_path()
        shown = _shorten(node.value)
        if node.tag == _INT_TAG and sum(ch.isalnum() for ch in node.value) > 40:
            # Checked on the text: converting a 5,000-digit number is slow or refused by Python itself.
            raise _Refused(node.start_mark, key, f"{shown} is too large a number")
        try:
            value = self.yaml_constructors[node.tag](self, node)
        except (ValueError, OverflowError):
            kind = "a date" if node.tag == _TIMESTAMP_TAG else "a number"
            raise _Refused(node.start_mark, key, f"{shown} is not {kind}") from None
        if not isinstance(value, (int, float)):
            return
        if isinstance(value, float) and not math.isfinite(value):
            raise _Refused(node.start_mark, key, f"{shown} is not a finite number")
        if abs(value) > _LARGEST_IN_FILE:
            raise _Refused(node.start_mark, key, f"{shown} is too large a number")

    def construct_object(self, node: Any, deep: bool = False) -> Any:  # noqa: D401 - yaml hook
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError) as exc:
            # A value of a known kind that cannot be built (a date like 2001-13-45, ``!!int abc``).
            raise yaml.constructor.ConstructorError(
                None, None, f"{_shorten(node.value) if isinstance(node, yaml.ScalarNode) else 'a value'}"
                f" cannot be read ({exc})", node.start_mark) from None

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:  # noqa: D401 - yaml hook
        self.flatten_mapping(node)
        out = _MarkedDict()
        out.line = node.start_mark.line + 1
        out.key_lines = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                hash(key)
            except TypeError:
                raise yaml.constructor.ConstructorError(
                    None, None, "a key that is not a plain value", key_node.start_mark) from None
            if key in out:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {key!r} appears twice", key_node.start_mark)
            out[key] = self.construct_object(value_node, deep=True)
            out.key_lines[key] = key_node.start_mark.line + 1
        return out

    def construct_sequence(self, node: Any, deep: bool = False) -> Any:  # noqa: D401 - yaml hook
        out = _MarkedList(self.construct_object(child, deep=True) for child in node.value)
        out.line = node.start_mark.line + 1
        out.item_lines = [child.start_mark.line + 1 for child in node.value]
        return out


_LineLoader.add_constructor("tag:yaml.org,2002:map", _LineLoader.construct_mapping)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _LineLoader.construct_sequence)


def parse_yaml(text: str, path: str | Path = "<text>") -> Any:
    """Parse YAML text safely, keeping line numbers; syntax errors become DataError."""
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - a SafeLoader subclass
    except _Refused as exc:
        raise DataError(path, exc.line, exc.key, exc.message) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "not valid YAML"
        raise DataError(path, line, "", f"not valid YAML ({problem})") from None
    except yaml.YAMLError as exc:
        raise DataError(path, None, "", f"not valid YAML ({exc})") from None


def load_yaml(path: str | Path, kind: FileKind = DATA_FILE) -> Any:
    """Read (by the one careful reader, at most ``kind.limit`` bytes) and parse a YAML file; a missing,
    unreadable, huge or non-text file, or one that is not an ordinary file, is a DataError too."""
    try:
        text = read_text(path, kind)
    except FileRefused as exc:
        raise DataError(path, exc.line, "", exc.reason) from None
    return parse_yaml(text, path)


_MISSING = object()


class Reader:
    """A position in a parsed YAML tree, with typed accessors that report file, line and key."""

    __slots__ = ("data", "path", "key", "line")

    def __init__(self, data: Any, path: str | Path, key: str = "", line: int | None = None) -> None:
        self.data = data
        self.path = str(path)
        self.key = key
        self.line = line if line is not None else getattr(data, "line", None)

    @classmethod
    def from_file(cls, path: str | Path, kind: FileKind = DATA_FILE) -> "Reader":
        """Load a YAML file (of the ``kind`` given: at most ``kind.limit`` bytes) whose top level must be a
        mapping."""
        reader = cls(load_yaml(path, kind), path, "", 1)
        reader.mapping()
        return reader

    # -- errors and navigation -------------------------------------------------
    def error(self, message: str) -> DataError:
        """A DataError at this position (raise it)."""
        return DataError(self.path, self.line, self.key, message)

    def _child_key(self, name: str | int) -> str:
        return f"{self.key}.{name}" if self.key else str(name)

    def mapping(self) -> dict:
        """This node as a mapping, or an error saying it is not one."""
        if not isinstance(self.data, dict):
            raise self.error(f"expected a mapping of keys, got {_describe(self.data)}")
        return self.data

    def sequence(self) -> list:
        """This node as a list, or an error saying it is not one."""
        if not isinstance(self.data, list):
            raise self.error(f"expected a list, got {_describe(self.data)}")
        return self.data

    def has(self, name: str) -> bool:
        """Whether this mapping holds ``name``."""
        return name in self.mapping()

    def __getitem__(self, name: str) -> "Reader":
        data = self.mapping()
        if name not in data:
            raise DataError(self.path, self.line, self._child_key(name), "this key is missing")
        line = getattr(data, "key_lines", {}).get(name, self.line)
        return Reader(data[name], self.path, self._child_key(name), line)

    def get(self, name: str, default: Any = None) -> "Reader":
        """The child ``name``, or a Reader holding ``default`` when it is absent."""
        if name in self.mapping():
            return self[name]
        return Reader(default, self.path, self._child_key(name), self.line)

    def keys(self) -> list[str]:
        """The keys of this mapping, in file order."""
        return list(self.mapping())

    def items(self) -> Iterator[tuple[str, "Reader"]]:
        """(key, Reader) pairs of this mapping, in file order."""
        for name in self.keys():
            yield name, self[name]

    def __iter__(self) -> Iterator["Reader"]:
        data = self.sequence()
        lines = getattr(data, "item_lines", [])
        for index, item in enumerate(data):
            line = lines[index] if index < len(lines) else self.line
            yield Reader(item, self.path, self._child_key(index), line)

    def __len__(self) -> int:
        return len(self.sequence())

    def only_keys(self, *allowed: str) -> "Reader":
        """Refuse keys other than ``allowed`` (catches typos in hand-written files)."""
        for name in self.keys():
            if name not in allowed:
                raise self[name].error(f"unknown key (expected one of: {', '.join(allowed)})")
        return self

    # -- typed values -----------------------------------------------------------
    def int(self, low: int | None = None, high: int | None = None) -> int:
        """This node as a whole number within [low, high] (an open end stops at a billion)."""
        value = self.data
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"expected a whole number, got {_describe(value)}")
        self._check_range(value, low, high)
        return value

    def number(self, low: float | None = None, high: float | None = None) -> float:
        """This node as a finite number within [low, high] (an open end stops at a billion)."""
        value = self.data
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(f"expected a number, got {_describe(value)}")
        if isinstance(value, float) and not math.isfinite(value):
            raise self.error(f"expected a finite number, got {_describe(value)}")
        self._check_range(value, low, high)
        return float(value)

    def _check_range(self, value: float, low: float | None, high: float | None) -> None:
        # NaN never gets here: every comparison with it is false, so it would pass any range.
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.error(f"{_describe(value)} is outside {low}..{high}")
        if (low is None and value < -_LARGEST_UNBOUNDED) or (high is None and value > _LARGEST_UNBOUNDED):
            raise self.error(f"{_describe(value)} is too large a number")

    def str(self, choices: tuple[str, ...] | None = None) -> str:
        """This node as text, optionally one of ``choices``."""
        value = self.data
        if not isinstance(value, str):
            raise self.error(f"expected text, got {_describe(value)}")
        if choices is not None and value not in choices:
            raise self.error(f"{value!r} is not one of: {', '.join(choices)}")
        return value

    def bool(self) -> bool:
        """This node as true/false."""
        if not isinstance(self.data, bool):
            raise self.error(f"expected true or false, got {_describe(self.data)}")
        return self.data

    def optional(self, read: Callable[["Reader"], Any]) -> Any:
        """``read(self)`` unless the node is null."""
        return None if self.data is None else read(self)

    def numbers(self, count: builtins.int | None = None, low: float | None = None,
                high: float | None = None) -> tuple[float, ...]:
        """A list of numbers within [low, high], of exactly ``count`` items when given."""
        items = [item.number(low, high) for item in self]
        if count is not None and len(items) != count:
            raise self.error(f"expected {count} numbers, got {len(items)}")
        return tuple(items)

    def point(self) -> tuple[builtins.int, builtins.int]:
        """An ``[x, y]`` pair of numbers, as whole pixels (a fraction is dropped, as everywhere in a layout)."""
        x, y = self.numbers(2)
        return int(x), int(y)

    def ints(self, count: builtins.int | None = None, low: builtins.int | None = None,
             high: builtins.int | None = None) -> tuple[builtins.int, ...]:
        """A list of whole numbers, of exactly ``count`` items when given."""
        items = [item.int(low, high) for item in self]
        if count is not None and len(items) != count:
            raise self.error(f"expected {count} whole numbers, got {len(items)}")
        return tuple(items)


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, (int, float)):
        return _shorten(repr(value)) if isinstance(value, float) else _shorten(str(value))
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:50]}… ({len(text)} characters)"
