"""Reading YAML content and layouts with errors that name the file, the line and the key.

Content files are read with a safe loader that remembers where every key stood;
a :class:`Reader` then walks the tree with typed accessors, so a bad value stops
with a message such as ``data/layouts/title.yaml:12: buttons.0.rect: expected 4 numbers``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator

import yaml

__all__ = ["DataError", "load_yaml", "parse_yaml", "Reader"]


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


class _LineLoader(yaml.SafeLoader):
    """The safe loader, keeping line numbers (1-based) for mappings and sequences."""

    def construct_mapping(self, node, deep=False):  # noqa: D401 - yaml hook
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

    def construct_sequence(self, node, deep=False):  # noqa: D401 - yaml hook
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
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "not valid YAML"
        raise DataError(path, line, "", f"not valid YAML ({problem})") from None
    except yaml.YAMLError as exc:
        raise DataError(path, None, "", f"not valid YAML ({exc})") from None


def load_yaml(path: str | Path) -> Any:
    """Read and parse a YAML file; a missing or unreadable file is a DataError too."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(path, None, "", f"cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise DataError(path, None, "", "is not UTF-8 text") from None
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
    def from_file(cls, path: str | Path) -> "Reader":
        """Load a YAML file whose top level must be a mapping."""
        reader = cls(load_yaml(path), path, "", 1)
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
        """This node as a whole number within [low, high]."""
        value = self.data
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"expected a whole number, got {_describe(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.error(f"{value} is outside {low}..{high}")
        return value

    def number(self, low: float | None = None, high: float | None = None) -> float:
        """This node as a number within [low, high]."""
        value = self.data
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(f"expected a number, got {_describe(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.error(f"{value} is outside {low}..{high}")
        return float(value)

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

    def numbers(self, count: int | None = None) -> tuple[float, ...]:
        """A list of numbers, of exactly ``count`` items when given."""
        items = [item.number() for item in self]
        if count is not None and len(items) != count:
            raise self.error(f"expected {count} numbers, got {len(items)}")
        return tuple(items)

    def ints(self, count: int | None = None, low: int | None = None, high: int | None = None) -> tuple[int, ...]:
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
    return repr(value)
