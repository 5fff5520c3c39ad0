"""What a click means, for every game: the legal intents narrowed one question at a time (no pygame).

A game's ``choices.py`` builds on this module.  Its :class:`Choices` class is made
afresh from a :class:`Seen` (the seat's view, the legal intents, names, the rules)
and a **selection** — the game's own small frozen dataclass of what the player has
clicked so far (a die, a card, the attackers, the candidates still open).  From
these two it answers, without drawing anything:

* :meth:`Choices.glowing` — what may be clicked now (``Target`` values);
* :meth:`Choices.buttons` — the action bar's buttons (:class:`Slot`), and
  :meth:`Choices.menu` — a menu of answers to the open question, if any;
* :meth:`Choices.click` — what a click on a target does, as a :class:`Reply`: a
  legal intent to send, a new selection, or the sentence that says why not;
* :meth:`Choices.explain` — what the thing under the mouse means (the tooltip).

A reply's intent is always an element of the legal intents: nothing here builds a
move (a refusal may ask the rules about an intent that is not legal, to say why).
:func:`explore` walks every click sequence from the fresh selection, which lets the
tests prove that every legal intent can be reached by clicks and nothing else can.

The shared way to narrow is :class:`Narrowing`: the candidates a click started
with (all the uses of one die, say) are split on the first field in which they
still differ; each answer keeps the candidates that agree with it, and when one is
left it is sent.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Generic, Hashable, Iterable, Iterator, Mapping, Sequence, TypeVar

from tabletop.core.values import Value

__all__ = ["Target", "Slot", "Menu", "Reply", "Seen", "Narrowing", "ChoicesBase", "explore", "Exploration",
           "KEEP", "field_of", "Move", "moves", "route_to", "NOTHING", "group_by", "only"]


class _Keep:
    """The selection stays as it is (the default of :attr:`Reply.selection`)."""

    _instance: "_Keep | None" = None

    def __new__(cls) -> "_Keep":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "KEEP"


#: A reply that leaves the selection unchanged.
KEEP: Any = _Keep()


@dataclass(frozen=True)
class Target:
    """Something on the table a click or a key can land on: its kind and which one (``Target("die", "red")``,
    ``Target("unit", 3)``).  The game's geometry says where each target is on screen."""

    kind: str
    key: Hashable = None

    def __str__(self) -> str:
        return self.kind if self.key is None else f"{self.kind}:{self.key}"

    @property
    def number(self) -> int:
        """The key of a numbered target (a seat, a die's place, a unit's id), as an int."""
        key = self.key
        if not isinstance(key, (int, str)):
            raise TypeError(f"{self} has no number")
        return int(key)


@dataclass(frozen=True)
class Reply:
    """What a click does: send a legal ``intent``; change the ``selection``; or say why not (``refusal``).

    ``look`` names something to open only to look at (a pile of cards); ``sound`` is played for a change of
    selection (``"click"``); ``note`` is a short message shown like a refusal but without its error sound, for a
    click that only tells something (how many cards a face-down pile holds)."""

    intent: Value | None = None
    selection: Any = KEEP
    refusal: str = ""
    sound: str = ""
    look: Target | None = None
    note: str = ""

    @property
    def does_something(self) -> bool:
        """True when the reply sends, changes the selection or opens something to look at."""
        return self.intent is not None or self.selection is not KEEP or self.look is not None


#: The reply of a click that means nothing here.
NOTHING = Reply()


@dataclass(frozen=True)
class Slot:
    """A button the table offers: its words, what pressing it does, and whether it may be pressed (if not,
    ``reason`` says why, on hover and when pressed).  ``primary`` buttons stand out."""

    text: str
    reply: Reply = NOTHING
    enabled: bool = True
    reason: str = ""
    primary: bool = False

    @classmethod
    def send(cls, text: str, intent: Value, *, primary: bool = False, selection: Any = KEEP) -> "Slot":
        """A button that sends ``intent`` (a legal one)."""
        return cls(text, Reply(intent=intent, selection=selection), primary=primary)

    @classmethod
    def disabled(cls, text: str, reason: str) -> "Slot":
        """A button that cannot be pressed now, saying why."""
        return cls(text, Reply(refusal=reason), enabled=False, reason=reason)


@dataclass(frozen=True)
class Menu:
    """A question with its answers (each a :class:`Slot`)."""

    title: str
    items: tuple[Slot, ...]


@dataclass(frozen=True)
class Seen:
    """What the choices are worked out from: the screen's view of the state and the moves it may send.

    ``legal`` is what this screen may send now (empty when it may not act).  ``why`` gives the rules'
    sentence for an intent that is not legal (a refusal); ``shows`` is the seat the screen shows (None: the
    public view; see :mod:`tabletop.app.audience` for the words)."""

    state: Any
    legal: tuple[Value, ...]
    shows: int | None
    names: tuple[str, ...]
    rules: Any
    why: Callable[[Value], str] = field(compare=False, default=lambda intent: "That is not possible now.")

    @property
    def acting(self) -> int | None:
        """The acting seat: whose intents this screen's clicks send (the first one's), or None when nothing may
        be sent."""
        if not self.legal:
            return None
        return getattr(self.legal[0], "seat", self.shows)


def field_of(intent: Value, name: str) -> Hashable:
    """A field of an intent for narrowing; ``kind`` is the intent's kind (its class's ``KIND``)."""
    if name == "kind":
        return getattr(type(intent), "KIND", type(intent).__name__)
    return getattr(intent, name, None)


@dataclass(frozen=True)
class Narrowing:
    """Candidate intents a click started with, and the question a menu asks about them.

    ``fields`` are the intent fields asked about, in order; the open question is the first in which the
    candidates still differ.
    """

    candidates: tuple[Value, ...]
    title: str = ""
    fields: tuple[str, ...] = ()

    def question(self, read: Callable[[Value, str], Hashable] = field_of) -> str:
        """The first field on which the candidates still differ ("" when they do not)."""
        for name in self.fields:
            if len({read(intent, name) for intent in self.candidates}) > 1:
                return name
        return ""

    def answers(self, read: Callable[[Value, str], Hashable] = field_of) -> list[tuple[Hashable, tuple[Value, ...]]]:
        """The open question's answers, each with the candidates that agree with it, in the candidates' order."""
        question = self.question(read)
        groups: dict[Hashable, list[Value]] = {}
        for intent in self.candidates:
            groups.setdefault(read(intent, question) if question else None, []).append(intent)
        return [(value, tuple(members)) for value, members in groups.items()]

    def keep(self, test: Callable[[Value], bool]) -> tuple[Value, ...]:
        """The candidates that pass ``test``."""
        return tuple(intent for intent in self.candidates if test(intent))

    def within(self, legal: Sequence[Value]) -> "Narrowing | None":
        """The same narrowing with only the candidates still legal (None when none is)."""
        kept = tuple(intent for intent in self.candidates if intent in legal)
        if not kept:
            return None
        return self if len(kept) == len(self.candidates) else replace(self, candidates=kept)


S = TypeVar("S", bound=Hashable)


class ChoicesBase(Generic[S]):
    """The shared parts of a game's choices.  A subclass sets :attr:`fresh` (the selection when nothing is
    chosen) and overrides what its table offers; :meth:`settle` drops what the legal intents no longer allow.
    """

    #: The selection with nothing chosen.
    fresh: Any = None

    def __init__(self, seen: Seen, selection: S | None = None) -> None:
        self.seen = seen
        self.state = seen.state
        self.legal = seen.legal
        self.rules = seen.rules
        self.selection: S = self.settle(self.fresh if selection is None else selection)

    # ---------------------------------------------------------------- for the subclass
    def settle(self, selection: S) -> S:
        """The selection with what no legal intent can use any more dropped (override)."""
        return selection

    def glowing(self) -> frozenset[Target]:
        """What may be clicked now."""
        return frozenset()

    def buttons(self) -> tuple[Slot | None, ...]:
        """The action bar, by position (None: no button there now)."""
        return ()

    def menu(self) -> Menu | None:
        """A question and its answers, when one is open."""
        return None

    def targets(self) -> Iterable[Target]:
        """Everything a click can land on now, glowing or not (the explorer tries them all)."""
        return self.glowing()

    def click(self, target: Target) -> Reply:
        """A click on ``target``."""
        return NOTHING

    def click_nothing(self) -> Reply:
        """A click on the table where nothing is (default: nothing happens)."""
        return NOTHING

    def explain(self, target: Target) -> str | None:
        """What ``target`` means, for the tooltip."""
        return None

    def label(self, target: Target) -> str:
        """``target`` in words, for a list of what may be tapped (a phone's buttons): its tooltip's words; a game
        whose table shows a picture instead (a card) names it in its own override."""
        return self.explain(target) or str(target)

    def clear(self) -> Reply:
        """Forget the selection (a right click, Esc)."""
        return Reply(selection=self.fresh) if self.selection != self.fresh else NOTHING

    # ---------------------------------------------------------------- helpers
    def name(self, seat: int) -> str:
        """The name of ``seat``."""
        return self.seen.names[seat]

    def refuse(self, intent: Value) -> Reply:
        """The rules' sentence for why ``intent`` cannot be sent now."""
        return Reply(refusal=self.seen.why(intent))

    def send(self, intent: Value) -> Reply:
        """Send ``intent`` and forget the selection."""
        return Reply(intent=intent, selection=self.fresh)

    def narrowed(self, narrowing: Narrowing, members: Sequence[Value], with_narrowing: Callable[[Narrowing | None], S]
                 ) -> Reply:
        """Keep ``members`` of a narrowing: sent when only one is left, else the narrowing goes on."""
        if not members:
            return NOTHING
        if len(members) == 1:
            return self.send(members[0])
        return Reply(selection=with_narrowing(replace(narrowing, candidates=tuple(members))))

    def of_kind(self, *kinds: type) -> list[Value]:
        """The legal intents of these classes."""
        return [intent for intent in self.legal if isinstance(intent, kinds)]


# ==================================================================== walking every click sequence
@dataclass(frozen=True)
class Move:
    """One thing a player can do to the choices: click a target, press button ``index`` of the action bar,
    answer ``index`` of the open menu, or clear the selection (a right click)."""

    kind: str                       # "target", "button", "menu" or "clear"
    target: Target | None = None
    index: int = -1

    def __str__(self) -> str:
        if self.kind == "target":
            return str(self.target)
        return self.kind if self.kind == "clear" else f"{self.kind} {self.index + 1}"


def moves(choices: ChoicesBase) -> Iterator[tuple[Move, Reply]]:
    """Every click the table offers now, with its reply: targets, enabled buttons, menu answers, clearing."""
    for target in choices.targets():
        yield Move("target", target), choices.click(target)
    for index, slot in enumerate(choices.buttons()):
        if slot is not None and slot.enabled:
            yield Move("button", index=index), slot.reply
    menu = choices.menu()
    if menu is not None:
        for index, slot in enumerate(menu.items):
            if slot.enabled:
                yield Move("menu", index=index), slot.reply
    yield Move("clear"), choices.clear()


@dataclass
class Exploration:
    """What :func:`explore` found: every intent a click sequence sends (with the shortest sequence), how many
    selections it passed through, any sent intent that is not legal, and glowing targets that lead nowhere."""

    routes: dict[Value, tuple[Move, ...]] = field(default_factory=dict)
    selections: int = 0
    illegal: list[tuple[Value, tuple[Move, ...]]] = field(default_factory=list)
    dead_glow: list[tuple[Target, tuple[Move, ...]]] = field(default_factory=list)
    truncated: bool = False

    @property
    def sent(self) -> set[Value]:
        """Every intent some click sequence sends."""
        return set(self.routes)

    def unreachable(self, legal: Iterable[Value]) -> set[Value]:
        """The legal intents no click sequence sends."""
        return set(legal) - self.sent


def explore(make: Callable[[Any], ChoicesBase], start: Any = None, limit: int = 5000,
            until: Value | None = None) -> Exploration:
    """Walk every click sequence from ``start`` (the fresh selection by default), breadth first, so each
    intent's route is a shortest one.  ``make(selection)`` builds the choices for a selection (``make(None)``:
    the fresh ones); each selection is visited once, at most ``limit`` of them.

    ``until``: stop as soon as a route sends that intent (its route is then final: breadth first, no later
    route is shorter, and the first one found is the one a whole walk keeps); the rest of the findings are
    then partial."""
    found = Exploration()
    first = make(start)
    legal = set(first.legal)
    queue: list[tuple[Any, tuple[Move, ...]]] = [(first.selection, ())]
    seen: set = {first.selection}
    edges: dict[Any, set] = {}
    sends_from: set = set()
    glow_replies: list[tuple[Any, Target, Reply, tuple[Move, ...]]] = []
    while queue:
        selection, path = queue.pop(0)
        choices = make(selection)
        found.selections += 1
        glowing = choices.glowing()
        for move, reply in moves(choices):
            route = (*path, move)
            if move.target is not None and move.target in glowing:
                glow_replies.append((choices.selection, move.target, reply, route))
            if reply.intent is not None:
                found.routes.setdefault(reply.intent, route)
                if reply.intent == until:
                    return found
                sends_from.add(choices.selection)
                if reply.intent not in legal:
                    found.illegal.append((reply.intent, route))
            if reply.selection is not KEEP:
                following = make(reply.selection).selection
                edges.setdefault(choices.selection, set()).add(following)
                if following not in seen:
                    if len(seen) >= limit:
                        found.truncated = True
                        continue
                    seen.add(following)
                    queue.append((following, route))
    # A selection leads somewhere if it sends, or if a selection it reaches does.
    leads = set(sends_from)
    changed = True
    while changed:
        changed = False
        for origin, followers in edges.items():
            if origin not in leads and followers & leads:
                leads.add(origin)
                changed = True
    for origin, target, reply, route in glow_replies:
        if reply.intent is not None or reply.look is not None:
            continue
        if reply.selection is not KEEP:
            following = make(reply.selection).selection
            if following in leads and following != origin:
                continue
        found.dead_glow.append((target, route))
    return found


def route_to(make: Callable[[Any], ChoicesBase], intent: Value, start: Any = None, limit: int = 5000
             ) -> tuple[Move, ...] | None:
    """A shortest click sequence from ``start`` that sends ``intent`` (None if there is none)."""
    return explore(make, start, limit, until=intent).routes.get(intent)


IntentT = TypeVar("IntentT", bound=Value)


def only(kind: type[IntentT], grouped: Mapping[type, Sequence[Value]]) -> list[IntentT]:
    """The intents of ``kind`` among intents grouped by their class, typed as that class (their fields are read)."""
    return [intent for intent in grouped.get(kind, ()) if isinstance(intent, kind)]


def group_by(intents: Iterable[Value], key: Callable[[Value], Hashable]) -> Mapping[Hashable, list[Value]]:
    """Intents grouped by ``key``, in order."""
    groups: dict[Hashable, list[Value]] = {}
    for intent in intents:
        groups.setdefault(key(intent), []).append(intent)
    return groups
