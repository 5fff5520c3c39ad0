"""Small typed values with a stable text form, and the plain-data form of any state.

Intents (what a seat asks for) and events (what happened) are frozen dataclasses
deriving from :class:`Value`.  Their text form is ``kind key=value key=value``:
it is what the journal, the save files, the scenario files and the tests use, so
it must never change for an existing kind.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Roll(Value):
...     KIND = "roll"
...     seat: int
...     dice: tuple[str, ...] = ()
>>> Roll(0, ("red", "blue")).to_str()
'roll seat=0 dice=red,blue'
>>> Roll.from_str("roll seat=1 dice=white")
Roll(seat=1, dice=('white',))

A game parses any of its intents with its :class:`Codec`: ``rules.intents.parse(text)``.

A field that means more than one word (a grimoire cell, a kind of bonus) is a
:class:`Token`: a small frozen value of its own whose text is one word, so the
text form stays ``cell=head-1`` while the code reads ``cell.row`` and ``cell.number``.

Events say who may see them (:meth:`Value.audience`): everyone by default; a
:class:`PrivateEvent` only its owner's seat, with a public form for everyone else
(``Bo draws 2 cards`` for ``Bo draws Fireball, Veto``).  :func:`visible_events`
filters a list of events for one seat (``None``: a spectator, who sees only what
is public).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Callable, ClassVar, TypeVar, Union

R = TypeVar("R")

__all__ = ["Value", "Token", "PrivateEvent", "Codec", "ValueFormatError", "to_plain", "from_plain",
           "visible_events", "evolve", "copier"]


class ValueFormatError(ValueError):
    """A text form that does not describe a known value."""


class Token:
    """A small typed value written as one word (``head-1``, ``yellow-6``): base of frozen dataclasses.

    Subclasses implement ``to_text`` and ``from_text`` (raising ValueError on a bad
    word); a Token may be a field of a :class:`Value` or of a state, and its plain
    and text forms are that word.
    """

    __slots__ = ()

    def to_text(self) -> str:
        """The one-word text form."""
        raise NotImplementedError

    @classmethod
    def from_text(cls, text: str) -> "Token":
        """The token whose text form is ``text`` (ValueError otherwise)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.to_text()


# Field codecs, keyed by a short name worked out once per class from its annotations.
_SCALARS = (int, str, bool)


def _is_token(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, Token)


def _field_kind(hint: Any) -> Any:
    """Classify an annotation into one of the few shapes a value field may have."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint in _SCALARS:
        return hint.__name__
    if _is_token(hint):
        return hint
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis and _is_token(args[0]):
        return (args[0],)
    if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = args[0] if args[1] is type(None) else args[1]
        if inner in _SCALARS:
            return "opt_" + inner.__name__
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] in (int, str):
        return "tuple_" + args[0].__name__
    raise TypeError(f"unsupported field type {hint!r} in a Value")


def _encode(kind: Any, value: Any) -> str:
    if isinstance(kind, type):
        return value.to_text()
    if isinstance(kind, tuple):
        return ",".join(item.to_text() for item in value)
    if kind.startswith("tuple_"):
        return ",".join(str(item) for item in value)
    if kind.endswith("bool"):
        return "true" if value else "false"
    return str(value)


def _decode(kind: Any, text: str) -> Any:
    if isinstance(kind, type) and issubclass(kind, Token):
        return kind.from_text(text)
    if isinstance(kind, tuple):
        return () if text == "" else tuple(kind[0].from_text(item) for item in text.split(","))
    if kind.startswith("tuple_"):
        if text == "":
            return ()
        items = text.split(",")
        return tuple(int(item) for item in items) if kind == "tuple_int" else tuple(items)
    base = kind.removeprefix("opt_")
    if base == "int":
        return int(text)
    if base == "bool":
        if text not in ("true", "false"):
            raise ValueError(f"expected true or false, got {text!r}")
        return text == "true"
    return text


class Value:
    """Base of intents and events: a frozen dataclass with a ``KIND`` and a text form."""

    KIND: ClassVar[str] = ""
    #: An intent another seat than the one to act may send now (an interrupt); False for most.
    OTHER_SEAT: ClassVar[bool] = False
    __slots__ = ()

    @classmethod
    def _fields(cls) -> tuple[tuple[str, str, bool], ...]:
        """(name, kind, optional) for each field, computed once per class."""
        cached = cls.__dict__.get("_field_cache")
        if cached is None:
            hints = typing.get_type_hints(cls)
            cached = tuple(
                (f.name, _field_kind(hints[f.name]),
                 f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING)
                for f in dataclasses.fields(cls)  # type: ignore[arg-type]  # every Value subclass is a dataclass
            )
            type.__setattr__(cls, "_field_cache", cached)
        return cached

    def to_str(self) -> str:
        """The stable text form, for example ``pick seat=0 die=blue realm=blue cell=1``."""
        parts = [self.KIND]
        for name, kind, _ in self._fields():
            value = getattr(self, name)
            if value is None:
                continue
            text = _encode(kind, value)
            if any(ch.isspace() for ch in text) or "=" in text:
                raise ValueError(f"{self.KIND}: field {name}={text!r} may not hold spaces or '='")
            parts.append(f"{name}={text}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.to_str()

    def audience(self) -> int | None:
        """The one seat that may see this event, or None when it is public."""
        return None

    def public_form(self) -> "Value | None":
        """What the other seats see of a private event (None: nothing at all)."""
        return self

    @classmethod
    def from_str(cls, text: str) -> "Value":
        """The value of this class whose text form is ``text`` (ValueFormatError otherwise)."""
        return Codec(cls).parse(text)

    @classmethod
    def from_fields(cls, words: dict[str, str]) -> "Value":
        """Build the value from ``name -> text`` pairs, checking every field."""
        known = {name for name, _, _ in cls._fields()}
        unknown = sorted(set(words) - known)
        if unknown:
            raise ValueFormatError(f"'{cls.KIND}' has no field {', '.join(unknown)}")
        kwargs: dict[str, Any] = {}
        for name, kind, optional in cls._fields():
            if name not in words:
                if optional or (isinstance(kind, str) and kind.startswith("opt_")):
                    continue
                raise ValueFormatError(f"'{cls.KIND}' needs {name}=...")
            try:
                kwargs[name] = _decode(kind, words[name])
            except ValueError as exc:
                raise ValueFormatError(f"'{cls.KIND}': bad {name}={words[name]!r} ({exc})") from None
        return cls(**kwargs)


class PrivateEvent(Value):
    """An event only the seat in its ``seat`` field may see; the others see :meth:`public_form`.

    Subclasses are frozen dataclasses with a ``seat`` field and override
    ``public_form`` to return the redacted event (or None when the others learn nothing).
    """

    __slots__ = ()
    if typing.TYPE_CHECKING:            # for mypy only: each subclass has the field, a dataclass field
        seat: int

    def audience(self) -> int | None:
        """The owner's seat."""
        return self.seat

    def public_form(self) -> "Value | None":
        """Nothing, unless the subclass says what the others learn."""
        return None


def visible_events(events: typing.Iterable[Value], seat: int | None) -> tuple[Value, ...]:
    """The events as ``seat`` may see them (``None``: public forms only), in order."""
    out = []
    for event in events:
        audience = event.audience()
        if audience is None or audience == seat:
            out.append(event)
            continue
        shown = event.public_form()
        if shown is not None:
            out.append(shown)
    return tuple(out)


class Codec:
    """Parses the text form of a fixed family of values (one game's intents, say)."""

    def __init__(self, *classes: type[Value]) -> None:
        self._by_kind: dict[str, type[Value]] = {}
        for cls in classes:
            if not cls.KIND or cls.KIND in self._by_kind:
                raise ValueError(f"missing or duplicate KIND {cls.KIND!r}")
            self._by_kind[cls.KIND] = cls

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every kind this codec knows, in declaration order."""
        return tuple(self._by_kind)

    def parse(self, text: str) -> Value:
        """Turn ``kind key=value ...`` back into its value; raise ValueFormatError if it is not one."""
        words = text.split()
        if not words:
            raise ValueFormatError("empty text")
        cls = self._by_kind.get(words[0])
        if cls is None:
            raise ValueFormatError(
                f"unknown kind {words[0]!r}; known kinds: {', '.join(self._by_kind)}")
        pairs: dict[str, str] = {}
        for word in words[1:]:
            name, sep, text_value = word.partition("=")
            if not sep or not name:
                raise ValueFormatError(f"'{word}' is not of the form name=value")
            if name in pairs:
                raise ValueFormatError(f"field {name} given twice")
            pairs[name] = text_value
        return cls.from_fields(pairs)


# ---------------------------------------------------------------------------
# Copies of frozen records with some fields changed.

_new = object.__new__          # bound once: evolve() runs hundreds of times per game
_set = object.__setattr__
#: Per class: its field names, and a copier made for it (see :func:`_make_copier`).
_COPIERS: dict[type, tuple[frozenset[str], Callable[[Any, dict[str, Any]], Any]]] = {}


def _make_copier(cls: type) -> tuple[frozenset[str], Callable[[Any, dict[str, Any]], Any]]:
    """The field names of ``cls`` and a function ``copy(record, changes)`` written for its fields.

    The function sets every field of a new instance once, from ``changes`` or the record.  A
    field held in a slot is set through its slot's own descriptor, which is exactly what
    ``object.__setattr__`` ends up calling (a frozen dataclass's ``__init__`` goes that way
    too), without the attribute lookup on every call; any other field through
    ``object.__setattr__`` itself.
    """
    names, copy = _write_copier(cls, "evolve", lambda names: "record, changes",
                                lambda name: f"changes[{name!r}] if {name!r} in changes else record.{name}")
    return frozenset(names), copy


def _write_copier(cls: type, who: str, arguments: Callable[[tuple[str, ...]], str],
                  value: Callable[[str], str]) -> tuple[tuple[str, ...], Callable[..., Any]]:
    """The field names of ``cls`` and a function ``copy(<arguments>)`` that makes a new record, setting each
    field once to ``value(name)`` (an expression): through the field's slot descriptor where it has one, else
    ``object.__setattr__``.  ``who`` names the caller in the refusal of a record it cannot copy."""
    fields = dataclasses.fields(cls)
    if hasattr(cls, "__post_init__") or not all(f.init for f in fields):
        raise TypeError(f"{who}() copies plain records only; use dataclasses.replace for {cls.__name__}")
    names = tuple(f.name for f in fields)
    scope: dict[str, Any] = {"_new": _new, "_set": _set, "_cls": cls, "_KEEP": _KEEP}
    lines = [f"def copy({arguments(names)}):", "    new = _new(_cls)"]
    for number, name in enumerate(names):
        slot = next((klass.__dict__[name] for klass in cls.__mro__ if name in klass.__dict__), None)
        if isinstance(slot, types.MemberDescriptorType):
            scope[f"_put{number}"] = slot.__set__
            lines.append(f"    _put{number}(new, {value(name)})")
        else:
            lines.append(f"    _set(new, {name!r}, {value(name)})")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # noqa: S102 - the source is built above from the class's own field names
    return names, scope["copy"]


_KEEP: Any = object()       # a copier's default: keep the record's own value


def copier(cls: type[R]) -> Callable[..., R]:
    """A function ``copy(record, **changes)`` for records of ``cls``: :func:`evolve` written out for one class.

    Each field is a keyword of its own (an unknown one is refused as any unknown keyword is), so a rules
    core's busiest copies skip the look-ups ``evolve`` makes for any class.  It sets every field of the new
    record through its slot (or ``object.__setattr__``), as ``evolve`` does.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Flow:
    ...     round: int = 1
    ...     stage: str = "active"
    >>> copy_flow = copier(Flow)
    >>> copy_flow(Flow(), stage="boost")
    Flow(round=1, stage='boost')
    """
    _, copy = _write_copier(cls, "copier", lambda names: f"record, *, {', '.join(f'{n}=_KEEP' for n in names)}",
                            lambda name: f"record.{name} if {name} is _KEEP else {name}")
    return copy


def evolve(record: R, **changes: Any) -> R:
    """A copy of the frozen dataclass ``record`` with ``changes``: ``dataclasses.replace``, made cheap.

    Rules rebuild their state records several times per move, and ``replace`` looks
    up the fields, checks each one and goes through ``__init__`` on every call.  This
    sets each field once on a new instance, as a frozen dataclass's own ``__init__``
    does (``object.__setattr__``, or straight through the field's slot), with a copier
    written once per class, so the copy is the same frozen value.  It is meant for
    plain records: no ``__post_init__`` and every field an ``__init__`` argument (a
    class that breaks this is refused, as is an unknown field).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Flow:
    ...     round: int = 1
    ...     stage: str = "active"
    >>> evolve(Flow(), stage="boost")
    Flow(round=1, stage='boost')
    >>> evolve(Flow(), stagee="boost")
    Traceback (most recent call last):
    ...
    TypeError: Flow has no field stagee
    """
    cls = type(record)
    known = _COPIERS.get(cls)
    if known is None:
        known = _COPIERS[cls] = _make_copier(cls)
    name_set, copy = known
    if not name_set.issuperset(changes):
        unknown = sorted(set(changes) - name_set)
        raise TypeError(f"{cls.__name__} has no field {', '.join(unknown)}")
    return copy(record, changes)


# ---------------------------------------------------------------------------
# Plain-data form: dicts, lists, str, int, bool, None.  Used by saves, scenario
# expectations (dotted paths) and debugging; from_plain inverts to_plain.

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


#: How :func:`to_plain` writes out a value of each type met so far: a token, a record (with its field names), a
#: sequence, a frozenset, a mapping, or as it is (``_AS_IS``).  Worked out once per type, since a view of a big
#: table holds thousands of values and the privacy check writes out every view of every seat at every step.
_AS_IS, _TOKEN, _RECORD, _SEQUENCE, _SET, _MAPPING = range(6)
_PLAIN_KINDS: dict[type, tuple[int, tuple[str, ...]]] = {}


def _plain_kind(kind: type) -> tuple[int, tuple[str, ...]]:
    if issubclass(kind, Token):
        return _TOKEN, ()
    if dataclasses.is_dataclass(kind) and not issubclass(kind, type):
        return _RECORD, tuple(f.name for f in dataclasses.fields(kind))
    if issubclass(kind, (list, tuple)):
        return _SEQUENCE, ()
    if issubclass(kind, frozenset):
        return _SET, ()
    if issubclass(kind, dict):
        return _MAPPING, ()
    return _AS_IS, ()


def to_plain(value: Any) -> Any:
    """Turn a dataclass tree into plain data: tuples become lists, frozensets sorted lists.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     crossed: frozenset[int]
    ...     track: tuple[int, ...]
    >>> to_plain(P(frozenset({9, 5}), (1, 2)))
    {'crossed': [5, 9], 'track': [1, 2]}
    """
    kind = type(value)
    if kind is str or kind is int or value is None or kind is bool:
        return value
    known = _PLAIN_KINDS.get(kind)
    if known is None:
        known = _PLAIN_KINDS[kind] = _plain_kind(kind)
    how, names = known
    if how == _RECORD:
        return {name: to_plain(getattr(value, name)) for name in names}
    if how == _SEQUENCE:
        return [to_plain(item) for item in value]
    if how == _TOKEN:
        return value.to_text()
    if how == _SET:
        return sorted(to_plain(item) for item in value)
    if how == _MAPPING:
        return {key: to_plain(item) for key, item in value.items()}
    return value


def from_plain(hint: Any, data: Any, where: str = "state") -> Any:
    """Rebuild a value of type ``hint`` from its plain form; errors name the dotted path."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if _is_token(hint):
        if not isinstance(data, str):
            raise ValueError(f"{where}: expected a word for {hint.__name__}, got {data!r}")
        try:
            return hint.from_text(data)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected a mapping for {hint.__name__}")
        hints = _hints(hint)
        names = {f.name for f in dataclasses.fields(hint)}
        extra = sorted(set(data) - names)
        if extra:
            raise ValueError(f"{where}: unknown key {extra[0]!r}")
        missing = sorted(names - set(data))
        if missing:
            raise ValueError(f"{where}: missing key {missing[0]!r}")
        return hint(**{name: from_plain(hints[name], data[name], f"{where}.{name}") for name in names})
    if origin in (Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        inner = [arg for arg in args if arg is not type(None)]
        return from_plain(inner[0], data, where)
    if origin is tuple:
        if not isinstance(data, list):
            raise ValueError(f"{where}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_plain(args[0], item, f"{where}.{i}") for i, item in enumerate(data))
        if len(args) != len(data):
            raise ValueError(f"{where}: expected {len(args)} items, got {len(data)}")
        return tuple(from_plain(arg, item, f"{where}.{i}") for i, (arg, item) in enumerate(zip(args, data)))
    if origin is frozenset:
        if not isinstance(data, list):
            raise ValueError(f"{where}: expected a list")
        return frozenset(from_plain(args[0], item, f"{where}.{i}") for i, item in enumerate(data))
    if origin is dict:
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected a mapping")
        return {from_plain(args[0], k, where): from_plain(args[1], v, f"{where}.{k}") for k, v in data.items()}
    if hint is Any:
        return data
    if hint in _SCALARS:
        if hint is int and isinstance(data, bool) or not isinstance(data, hint):
            raise ValueError(f"{where}: expected {hint.__name__}, got {data!r}")
        return data
    raise TypeError(f"{where}: cannot rebuild {hint!r}")
