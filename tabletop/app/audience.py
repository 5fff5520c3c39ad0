"""Who may look and who may act, on every screen of a table: one pure policy (no pygame).

A table has one **shared screen** (the big one, passed from hand to hand between the seats that share it), and
it may have **phones** (one seat each), **spectators** (a copy of the app that only watches) and **replays**.  For
any position of a match, :class:`Audience` answers:

* which seat each screen shows (:meth:`Audience.shared`, :meth:`Audience.shows`);
* when the shared screen must be covered, and for whom (:attr:`SharedView.cover_for`);
* which legal intents a screen may send now (:meth:`Audience.may_send`), a tutorial's :class:`Gate` narrowing them;
* which events each screen receives (:meth:`Audience.events_for`; the move log narrates those);
* which seats the table waits for, and where (:meth:`Audience.waiting`), and which bot moves next.

The words, one for each role (the code and the screen use no other):

* the **seat to act** (``state.to_act``): the one seat the rules ask next;
* the **deciding seats** (``rules.deciding``): every seat that may decide now, the seat to act first (several
  where the rules have seats decide at once: Wizard Dice's allocation, Dice Cards' choice of decks);
* the **private seat** (``rules.private_seat``): whose private view the decision needs (None: a public moment);
* the seat a screen **shows** (``shows``): whose view is on that screen (None: the public view);
* the **holder**: the seat holding the shared screen, the human seat it shows;
* the **acting seat** (``Seen.acting``): whose intents a screen's clicks send now.

The kinds of seat (a match's ``seat_kinds``): ``"human"``, a person at the shared screen; ``"phone"``, a person
holding their own phone; anything else, a bot of that level.  The shared screen is covered only between human
seats: it never shows a phone seat's private view, and a phone never shows another seat's.

The policy is a function of its inputs (the rules, the seat kinds, the mode, the state, and what the shared
screen shows now): the table scene, the replay, the tutorial and the phone server all ask it, and the headless
tests ask it over seeded playouts of every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Protocol, Sequence

from tabletop.core.values import Value, visible_events

__all__ = ["HUMAN", "PHONE", "Screen", "SHARED", "SPECTATOR", "phone_screen", "SharedView", "Gate", "Audience",
           "is_bot_kind"]

HUMAN = "human"
PHONE = "phone"
#: The shortest time a public decision of a game with secrets is shown before a phone's answer is applied, so
#: that how quickly a player answers tells nothing of what they hold (rulings A.5).
PUBLIC_ANSWER_WAIT = 1.5


def is_bot_kind(kind: str) -> bool:
    """Whether a seat of this kind is played by a bot (not a person at the shared screen or on a phone)."""
    return kind not in (HUMAN, PHONE)


@dataclass(frozen=True)
class Screen:
    """A screen at the table: the shared one, a seat's phone, or a spectator's."""

    kind: str                     # "shared", "phone" or "spectator"
    seat: int | None = None       # a phone's seat

    def __str__(self) -> str:
        return f"{self.kind} {self.seat}" if self.kind == "phone" else self.kind


SHARED = Screen("shared")
SPECTATOR = Screen("spectator")


def phone_screen(seat: int) -> Screen:
    """The phone of ``seat``."""
    return Screen("phone", seat)


@dataclass(frozen=True)
class SharedView:
    """What the shared screen shows now (``shows``), and the seat the cover must name first (``cover_for``:
    the screen changes hands between human seats; None: no cover)."""

    shows: int | None
    cover_for: int | None = None


class Gate(Protocol):
    """What a tutorial hands the policy: which of a screen's intents it allows now, and the moves it scripts."""

    def narrow(self, screen: Screen, legal: tuple[Value, ...]) -> tuple[Value, ...]:
        """The intents of ``legal`` the screen may send now (the step's taught move, say)."""

    def scripted(self, seat: int, legal: Sequence[Value]) -> Value | None:
        """The move the script makes for a seat it plays, when that move is due (None: not now)."""

    def holds_bots(self) -> bool:
        """Whether the seats the script plays wait (the coach's words are still to be read)."""


class Audience:
    """The policy of one table (see the module docstring).

    ``kinds``: each seat's kind; ``watch_only``: a copy of the app that only watches a match played elsewhere (a
    spectator: the public view, nothing sent); ``replay``: a match replayed move by move (``show_all``: with every
    hand shown, a finished match only); ``gate``: a tutorial's gate."""

    #: How long a public decision of a game with secrets is shown at least before a phone's answer applies.
    public_answer_wait = PUBLIC_ANSWER_WAIT

    def __init__(self, rules: Any, kinds: Sequence[str], *, watch_only: bool = False, replay: bool = False,
                 show_all: bool = False, gate: Gate | None = None) -> None:
        self.rules = rules
        self.kinds = tuple(kinds)
        self.watch_only = watch_only
        self.replay = replay
        self.show_all = show_all and replay
        self.gate = gate
        self._known: tuple[Any, tuple[tuple[int, ...], int | None]] | None = None

    # ---------------------------------------------------------------- the seats
    @property
    def humans(self) -> tuple[int, ...]:
        """The seats of people at the shared screen."""
        return tuple(seat for seat, kind in enumerate(self.kinds) if kind == HUMAN)

    @property
    def phones(self) -> tuple[int, ...]:
        """The seats of people on their own phones."""
        return tuple(seat for seat, kind in enumerate(self.kinds) if kind == PHONE)

    @property
    def bots(self) -> tuple[int, ...]:
        """The seats bots play (or, in a tutorial, the script)."""
        return tuple(seat for seat, kind in enumerate(self.kinds) if is_bot_kind(kind))

    @property
    def people(self) -> tuple[int, ...]:
        """Every seat a person plays, at the shared screen or on a phone."""
        return tuple(seat for seat, kind in enumerate(self.kinds) if not is_bot_kind(kind))

    @property
    def one_screen(self) -> bool:
        """At most one person, at the shared screen: the screen is theirs (or, with nobody, everyone's) and
        never needs the cover."""
        return len(self.humans) <= 1 and not self.phones

    @property
    def spectating(self) -> bool:
        """The shared screen only watches (a replay, or a match played in another copy)."""
        return self.watch_only or self.replay

    # ---------------------------------------------------------------- the position
    def deciding(self, state: Any) -> tuple[int, ...]:
        """Every seat that may decide now, the seat to act first (none once the game is over)."""
        return self._position(state)[0]

    def private_seat(self, state: Any) -> int | None:
        """Whose private view the decision needs now (None: a public moment, or the game is over)."""
        return self._position(state)[1]

    def _position(self, state: Any) -> tuple[tuple[int, ...], int | None]:
        """The rules' deciding seats and private seat of ``state``, asked once per position (every frame asks
        what each screen shows and may send)."""
        known = self._known
        if known is not None and known[0] is state:
            return known[1]
        if state.to_act is None:
            answer: tuple[tuple[int, ...], int | None] = ((), None)
        else:
            answer = (tuple(self.rules.deciding(state)), self.rules.private_seat(state))
        self._known = (state, answer)
        return answer

    # ---------------------------------------------------------------- what each screen shows
    def shared(self, state: Any, shows_now: int | None) -> SharedView:
        """What the shared screen shows in ``state``, given what it shows now (``shows_now``): the one human's
        view when the screen is theirs alone; for a private decision of a human seat, that seat's view (behind
        the cover when the screen changes hands between humans); the public view otherwise, and always for a
        decision taken on a phone (the big screen shows the public table to the whole room)."""
        if self.spectating or state.to_act is None:
            return SharedView(None)
        if self.one_screen:
            return SharedView(self.humans[0] if self.humans else None)
        private = self.private_seat(state)
        if private is None:
            return SharedView(None)
        humans = self.humans
        served = next((seat for seat in self.deciding(state) if seat in humans), None)
        if served is None:
            # Phones and bots decide: the room looks at the big screen, so only its human may keep looking at
            # their own view, and only while nobody holds a phone.
            keep = shows_now in humans and not self.phones
            return SharedView(shows_now if keep else None)
        cover = served if served != shows_now and len(humans) > 1 else None
        return SharedView(served, cover)

    def shows(self, screen: Screen, shared_shows: int | None = None) -> int | None:
        """The seat ``screen`` shows: a phone its own seat's view, a spectator the public view, the shared screen
        what :meth:`shared` said (``shared_shows``)."""
        if screen.kind == "phone":
            return screen.seat
        if screen.kind == "spectator":
            return None
        return shared_shows

    # ---------------------------------------------------------------- what each screen may send
    def may_send(self, screen: Screen, state: Any, shows: int | None = None) -> tuple[Value, ...]:
        """The legal intents ``screen`` may send now (the shared screen showing ``shows``).

        Nothing from a spectator, nor for a bot's seat (nobody clicks for a bot).  A phone sends its own seat's
        intents.  The shared screen sends those of its human seats: in a private decision only the seat it
        shows (after the cover), in a public one any deciding human seat; and a human seat's interruption of
        the seat to act, unless a bot is to act.  A tutorial's gate narrows the result."""
        if self.spectating or state.to_act is None:
            return ()
        deciding = self.deciding(state)
        bot_to_act = state.to_act in self.bots
        if screen.kind == "phone":
            seat = screen.seat
            if seat is None or seat not in self.phones or (bot_to_act and seat not in deciding):
                return ()
            return self._narrowed(screen, tuple(self.rules.legal_for(state, seat)))
        if screen.kind != "shared":
            return ()
        humans = self.humans
        private = self.private_seat(state)
        out: list[Value] = []
        if private is not None and private in humans and shows != private:
            return ()                                     # waiting for the cover to pass
        if shows is not None and shows in deciding and shows in humans:
            out += self.rules.legal_for(state, shows)
        elif private is None:
            for seat in deciding:
                if seat in humans:
                    out += self.rules.legal_for(state, seat)
        if not bot_to_act:                                # interruptions of the seat to act
            out += [intent for intent in self.rules.legal_intents(state)
                    if getattr(intent, "seat", None) in humans and getattr(intent, "seat", None) not in deciding]
        return self._narrowed(screen, _unique(out))

    def _narrowed(self, screen: Screen, legal: tuple[Value, ...]) -> tuple[Value, ...]:
        return legal if self.gate is None or not legal else tuple(self.gate.narrow(screen, legal))

    def acts_for(self, screen: Screen) -> tuple[int, ...]:
        """The seats whose moves ``screen`` makes (and may take back): a phone's own, the shared screen's humans."""
        if self.spectating:
            return ()
        if screen.kind == "phone":
            return (screen.seat,) if screen.seat in self.phones else ()
        return self.humans if screen.kind == "shared" else ()

    def may_undo(self, screen: Screen, last_intent: Value | None) -> bool:
        """Whether ``screen`` may take back the last move (the controller still says whether it can be taken
        back at all): only a move of a seat it acts for, never another screen's."""
        return last_intent is not None and getattr(last_intent, "seat", None) in self.acts_for(screen)

    # ---------------------------------------------------------------- what each screen receives
    def events_for(self, shows: int | None, events: Iterable[Value]) -> tuple[Value, ...]:
        """The events of one move as a screen showing ``shows`` receives them (a replay with every hand shown
        receives them all)."""
        if self.show_all:
            return tuple(events)
        return visible_events(events, shows)

    # ---------------------------------------------------------------- who the table waits for
    def waiting(self, state: Any) -> tuple[tuple[int, str], ...]:
        """Each deciding seat with where its decision is made: ``"shared"``, ``"phone"`` or ``"bot"``."""
        where = {HUMAN: "shared", PHONE: "phone"}
        return tuple((seat, where.get(self.kinds[seat], "bot")) for seat in self.deciding(state))

    def bot_to_move(self, state: Any) -> int | None:
        """The bot seat that moves next: the seat to act, if a bot plays it (None otherwise).  Bots keep to the
        rules' sequence even where seats decide at once (a bot decides as the seat to act; phones are what
        decide in parallel).  A tutorial's scripted seats wait while its gate holds them, and move only when the
        script says."""
        if self.replay or self.watch_only:
            return None
        seat = state.to_act
        if seat is None or seat not in self.bots:
            return None
        gate = self.gate
        if gate is not None and (gate.holds_bots()
                                 or gate.scripted(seat, tuple(self.rules.legal_intents(state))) is None):
            return None
        return seat

    def answer_wait(self, state: Any, seat: int) -> float:
        """How long a public decision is shown at least before ``seat``'s answer from a phone is applied: a
        public prompt to a seat holding secrets ("Bo, respond to Fire?", Bo's hand hidden) waits the same whether
        or not the player could answer, so the pace tells nothing (0: no wait; a public decision that hangs on
        nothing hidden, Wizard Dice's upkeep, is made at once)."""
        if (self.rules.meta.hidden_information and self.private_seat(state) is None and seat in self.phones
                and seat in self.deciding(state) and self.rules.secrets(state, seat)):
            return self.public_answer_wait
        return 0.0


def _unique(intents: Sequence[Value]) -> tuple[Value, ...]:
    seen: set = set()
    out = []
    for intent in intents:
        if intent not in seen:
            seen.add(intent)
            out.append(intent)
    return tuple(out)
