"""The one small protocol every game's rules follow, and the values it speaks in.

A game is a rules object with metadata as data and these members, all pure:

* ``setup(options, seats, rng)`` — a :class:`Step`: the state before the first
  decision and the opening events (decks are shuffled here, through ``rng``);
* ``legal_intents(state)`` — every intent the seat to act may send now (the single
  source of truth: the screen highlights exactly these, bots pick among them);
* ``apply(state, intent, rng)`` — a :class:`Step` with the new state and the events
  that describe what happened, or :class:`IllegalIntent` with the state untouched;
* ``view(state, seat)`` — what that seat may see (hidden hands stripped);
  ``seat=None`` is the public view, for the end of the game and for spectators;
* ``outcome(state)`` — scores so far, and once finished the winners;
* ``prompt(state)`` — what the seat to act must do now, in plain words;
* ``progress(state)`` — where the match stands in a few words (``round 4 of 6``), for
  the list of matches to resume;
* ``narrate(event, view, seat)`` — the move log's sentence for an event as ``seat``
  sees it (the event is already filtered for that seat, ``view`` is that seat's view);
* ``private_seat(state)`` — the seat whose private view the decision needs, or None when
  the decision hides nothing (a shared screen is covered whenever this changes hands);
* ``deciding(state)`` — every seat that may decide now, the seat to act first (see
  "Decisions at the same time" below), and ``legal_for(state, seat)`` — what one of them
  may send now;
* ``secrets(state, seat)`` — words (card ids, die identities, ...) that only ``seat``
  may know; ``seat=None`` lists what nobody may know yet (the order of a draw pile);
* ``invariants(state)`` — problems legal play can never cause (empty when sound).

Events say who may see them (:meth:`Value.audience`, :class:`PrivateEvent`); the
table shows each seat only :func:`~tabletop.core.values.visible_events`.

States are frozen and expose ``to_act``: the one seat that must decide next
(``None`` once the game is over).  ``legal_intents(state)`` may also hold another seat's
interruption (Elemental Dice's answer to a card in play); every intent names its seat.

Decisions at the same time.  Where the rules have several seats decide independently at once
(Wizard Dice's secret allocation, Dice Cards' choice of decks), ``deciding(state)`` names them
all, in the rules' order with the seat to act first, and ``apply`` takes an intent of any of
them (``legal_for(state, seat)``): seats on phones decide in parallel.  ``to_act`` still
sequences them, so a shared screen and the bots ask one seat after another exactly as before,
and a game whose seats all decide in turn sends the same intents in the same order as ever.
The table applies each intent when it arrives and the journal keeps them in that order, so the
same intents in the same order (with their recorded outcomes) replay the match exactly; since no
deciding seat's decision depends on another's, any order gives each seat the same position.
This was chosen over collecting each seat's complete decision and submitting it when its turn
in the sequence comes, because a decision may roll dice on the way (Wizard Dice's keeps and
rerolls): it cannot be completed away from the rules and their random source.

:class:`BaseRules` gives the members a game without hidden information needs no
code for (a public view, no secrets, no hand-overs, no extra invariants).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, Protocol, Sequence, TypeVar, runtime_checkable

from .bots import Bot
from .rng import RandomSource
from .values import Codec, Value

__all__ = [
    "OptionSpec", "OptionsUpgrade", "GameMeta", "Step", "Outcome", "IllegalIntent", "Rules", "BaseRules", "GameState",
    "BOT_LEVELS", "TABLE_BOT_LEVELS", "Intent", "bot_levels", "no_such_bot",
]

#: The bot levels a game may offer, weakest first: random-legal with light sense, one move ahead on the obvious
#: measure (points, damage, HP), a heuristic player, and a search on states sampled from the seat's view.
#: Every game offers easy and strong; a game offers greedy and expert where its rules have them.
BOT_LEVELS = ("easy", "greedy", "strong", "expert")
#: The levels a player may seat at the table; greedy is a yardstick for ``simulate`` only (it plays one move
#: ahead and no further, a level between easy and strong that players would not tell from either).
TABLE_BOT_LEVELS = ("easy", "strong", "expert")


def no_such_bot(game: str, level: str, levels: Sequence[str]) -> ValueError:
    """The error of ``make_bot`` for a level the game has no bot of, in words that say which it has.

    >>> str(no_such_bot("Wizard Dice", "expert", ("easy", "strong")))
    'Wizard Dice has no expert bot; its bots are easy, strong'
    >>> str(no_such_bot("Wizard Dice", "grandmaster", ("easy", "strong")))
    "no bot level 'grandmaster' (the levels are easy, greedy, strong, expert); Wizard Dice's bots are easy, strong"
    """
    if level in BOT_LEVELS:
        return ValueError(f"{game} has no {level} bot; its bots are {', '.join(levels)}")
    return ValueError(f"no bot level {level!r} (the levels are {', '.join(BOT_LEVELS)}); "
                      f"{game}'s bots are {', '.join(levels)}")


def bot_levels(rules: Any, table: bool = False) -> tuple[str, ...]:
    """The bot levels ``rules`` has, weakest first (``table``: only those a player may seat).

    The rules are asked, level by level: a level their ``make_bot`` refuses (``ValueError``) is not there; a
    bot whose ``at_the_table`` is False plays in ``simulate`` only (a level not yet measured better than the
    one below it).
    """
    levels = []
    for level in TABLE_BOT_LEVELS if table else BOT_LEVELS:
        try:
            bot = rules.make_bot(level, 0, 0)
        except ValueError:
            continue
        if table and not getattr(bot, "at_the_table", True):
            continue
        levels.append(level)
    return tuple(levels)


class IllegalIntent(Exception):
    """An intent the rules refuse; ``reason`` is a sentence a player understands."""

    def __init__(self, reason: str, intent: Value | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.intent = intent


@dataclass(frozen=True)
class OptionSpec:
    """One rules option: its key, a label for the screen, the allowed choices, the default, a one-line help.

    ``per_seat``: each player chooses for themselves; the option is resolved into one value per seat, under
    the keys ``key.0``, ``key.1``, ... (:meth:`seat_key`); a value given under ``key`` alone is every
    seat's.  ``players``: the player counts the option is offered at (empty: every count); at any other
    count only the default is allowed.
    """

    key: str
    label: str
    choices: tuple[str, ...]
    default: str
    help: str = ""
    per_seat: bool = False
    players: tuple[int, ...] = ()

    def seat_key(self, seat: int) -> str:
        """The key of ``seat``'s value of a per-seat option (``auto_pass.1``).

        >>> OptionSpec("auto_pass", "Auto-pass", ("off", "on"), "off", per_seat=True).seat_key(1)
        'auto_pass.1'
        """
        return f"{self.key}.{seat}"

    def offered(self, players: int | None) -> bool:
        """Whether the option is offered at this player count (``None``: not known yet, so it is)."""
        return not self.players or players is None or players in self.players


#: Turns the options of a record saved by an older version into today's keys (a copy; ValueError if bad).
OptionsUpgrade = Callable[[Mapping[str, str]], dict[str, str]]


@dataclass(frozen=True)
class GameMeta:
    """What the app and the tools need to know about a game before playing it.

    ``upgrade_options``, if the game has one, reads options saved under keys this version no longer has
    (a table-wide option that became a per-seat one, say), so old saves still load and replay.
    """

    game_id: str
    name: str
    min_players: int
    max_players: int
    hidden_information: bool
    pitch: str
    minutes: str
    options: tuple[OptionSpec, ...] = ()
    upgrade_options: OptionsUpgrade | None = field(default=None, compare=False)
    cover: str = ""                  # the pass-the-device cover's line in the game's words (empty: the app's own)

    @property
    def player_counts(self) -> range:
        """Every number of seats the game can be played with."""
        return range(self.min_players, self.max_players + 1)

    def resolve_options(self, given: Mapping[str, str] | None, players: int | None = None) -> dict[str, str]:
        """Fill in defaults and check every given option against its choices.

        A per-seat option becomes one entry per seat (``key.0`` ...), which needs ``players``; an option not
        offered at ``players`` must keep its default.
        """
        given = dict(given or {})
        if self.upgrade_options is not None:
            given = self.upgrade_options(given)
        resolved: dict[str, str] = {}
        for spec in self.options:
            table = str(given.pop(spec.key, spec.default))
            if spec.per_seat:
                if players is None:
                    raise ValueError(f"option {spec.key} is chosen per seat: the number of seats is needed")
                values = {spec.seat_key(seat): str(given.pop(spec.seat_key(seat), table)) for seat in range(players)}
            else:
                values = {spec.key: table}
            for key, value in values.items():
                if value not in spec.choices:
                    raise ValueError(f"option {key}={value!r} is not one of {', '.join(spec.choices)}")
                if value != spec.default and not spec.offered(players):
                    raise ValueError(f"option {key} is played only by "
                                     f"{' or '.join(str(n) for n in spec.players)} players")
            resolved.update(values)
        if given:
            raise ValueError(f"{self.name} has no option {', '.join(sorted(given))}")
        return resolved

    def seat_options(self, chosen: Mapping[str, str], key: str, players: int) -> tuple[str, ...]:
        """The value of the per-seat option ``key`` for each seat, from resolved options."""
        spec = next(spec for spec in self.options if spec.key == key)
        return tuple(chosen[spec.seat_key(seat)] for seat in range(players))

    @property
    def players_text(self) -> str:
        """``2`` or ``2 to 5``: how many play, in words."""
        return (str(self.min_players) if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}")

    def check_seats(self, seats: Sequence[str]) -> None:
        """Refuse a seat list of the wrong size or with blank or repeated names."""
        if not self.min_players <= len(seats) <= self.max_players:
            raise ValueError(f"{self.name} is played by {self.players_text} players, not {len(seats)}")
        names = [name.strip() for name in seats]
        if any(not name for name in names):
            raise ValueError("every seat needs a name")
        if len(set(names)) != len(names):
            raise ValueError("two seats have the same name")


@dataclass(frozen=True)
class Step:
    """The result of applying one intent: the new state and what happened, in order."""

    state: Any
    events: tuple[Value, ...]


@dataclass(frozen=True)
class Outcome:
    """Scores by seat; once ``finished``, the winners (several on a shared win) and why."""

    finished: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()
    tie_break: str = ""
    breakdown: tuple[Mapping[str, int], ...] = field(default=())
    title: str = ""                  # the result in the game's words for the results' title ("Team 1 wins"), or ""


@runtime_checkable
class GameState(Protocol):
    """Any game's state: frozen, and it names the seat that must decide next."""

    @property
    def to_act(self) -> int | None: ...


@runtime_checkable
class Intent(Protocol):
    """Any game's intent: a value sent by one seat (every intent names the seat that sends it)."""

    @property
    def seat(self) -> int: ...

    def to_str(self) -> str: ...


class Rules(Protocol):
    """The protocol every game module implements (see the module docstring)."""

    @property
    def meta(self) -> GameMeta:
        """The game's metadata."""

    @property
    def intents(self) -> Codec:
        """Parses the text form of the game's intents."""

    @property
    def events(self) -> Codec:
        """Parses the text form of the game's events."""

    @property
    def state_type(self) -> type:
        """The class of the game's states."""

    def setup(self, options: Mapping[str, str], seats: Sequence[str], rng: RandomSource) -> Step:
        """The state before the first decision, with the opening events."""

    @property
    def plays_in_teams(self) -> bool:
        """Whether some option makes teams (then ``seat_teams`` says who is on which)."""

    def seat_teams(self, options: Mapping[str, str], players: int) -> tuple[int, ...]:
        """Each seat's team (0, 1, ...) at a table of ``players`` with ``options``, as ``setup`` forms them; ()
        when everyone plays for themselves (seat setup shows it before the match starts)."""

    def legal_intents(self, state: Any) -> Sequence[Value]:
        """Every intent the seat to act may send now; empty only when the game is over."""

    def apply(self, state: Any, intent: Value, rng: RandomSource) -> Step:
        """The new state and events, or raise IllegalIntent leaving ``state`` as it was."""

    def why_illegal(self, state: Any, intent: Value) -> str:
        """Why ``intent`` is not legal in ``state``, in a sentence a player understands (the refusal); "" when
        it is legal (one of ``legal_intents``, or of ``legal_for`` its seat)."""

    def view(self, state: Any, seat: int | None) -> Any:
        """The state as ``seat`` may see it (``None``: what everyone may see)."""

    def outcome(self, state: Any) -> Outcome:
        """Scores so far; winners once the game is finished."""

    def prompt(self, state: Any) -> str:
        """What the seat to act must do now, for the banner."""

    def progress(self, state: Any) -> str:
        """Where the match stands, in a few words (``round 4 of 6``); "" if the game has no such measure."""

    def length(self, state: Any) -> tuple[int, str]:
        """How long the game has run, in its own unit: ``(23, "turns")`` (``(0, "")``: it has no such unit)."""

    def narrate(self, event: Value, view: Any, seat: int | None) -> str | None:
        """The move log's sentence for an event ``seat`` may see (None: not worth a line)."""

    def private_seat(self, state: Any) -> int | None:
        """The seat whose private view the decision needs now; None when the decision hides nothing."""

    def deciding(self, state: Any) -> tuple[int, ...]:
        """Every seat that may decide now, the seat to act first (empty once the game is over)."""

    def legal_for(self, state: Any, seat: int) -> tuple[Value, ...]:
        """The intents ``seat`` may send now: its decision if it is deciding, an interruption it may make."""

    def prompt_for(self, state: Any, seat: int) -> str:
        """What ``seat`` must do now, in plain words ("" when it has nothing to decide)."""

    def secrets(self, state: Any, seat: int | None) -> frozenset[str]:
        """Words only ``seat`` may know (``None``: what nobody may know yet)."""

    def invariants(self, state: Any) -> list[str]:
        """Problems legal play can never cause; empty when ``state`` is sound."""

    def playout_bot(self, seed: int) -> Any:
        """The bot of random playouts and ``simulate``: it must finish games (``choose(legal, view)``)."""

    def make_bot(self, level: str, seed: int, seat: int) -> Bot:
        """A bot of ``level`` (one of ``BOT_LEVELS``) for ``seat``: ``choose(legal, view)`` sees only the
        legal intents and that seat's view.  A level the game has no bot of raises ``ValueError`` (see
        :func:`no_such_bot`); easy and strong are always there.  A bot's ``decide(view, rng)`` gives the same
        choice as ``choose`` and one plain sentence of why, for the hint button (None from a bot that does not
        explain itself: :class:`~tabletop.core.bots.BotBase`'s default)."""

    def determinize(self, view: Any, seat: int, rng: Any) -> Any:
        """A whole state consistent with ``seat``'s view, its hidden parts sampled (for a bot's search)."""


#: A game's own intent type (its ``intents.Intent`` union), so its rules list and its bots read typed intents.
IntentT = TypeVar("IntentT", bound=Value)


class BaseRules(Generic[IntentT]):
    """Defaults for a game that hides nothing; a game with secrets overrides view, private_seat and secrets.

    ``BaseRules[Intent]`` names the game's intent type: ``legal_intents``, ``legal_for`` and ``cached_legal``
    give that type.  ``apply`` and ``why_illegal`` still take any ``Value`` (the table may send anything, and
    the :class:`Rules` protocol says so); a game narrows after ``refuse_unless_legal``."""

    meta: GameMeta
    #: Whether some option makes teams (seat setup keeps a column for each seat's team).
    plays_in_teams = False

    def seat_teams(self, options: Mapping[str, str], players: int) -> tuple[int, ...]:
        """Everyone plays for themselves."""
        return ()

    def view(self, state: Any, seat: int | None) -> Any:
        """Nothing is hidden: every seat sees the whole state."""
        return state

    def private_seat(self, state: Any) -> int | None:
        """In a game with hidden information the seat to act decides in private; otherwise nobody needs to."""
        return state.to_act if self.meta.hidden_information else None

    def deciding(self, state: Any) -> tuple[int, ...]:
        """One seat decides at a time: the seat to act (a game whose seats decide at once says so)."""
        seat = state.to_act
        return () if seat is None else (seat,)

    def legal_for(self, state: Any, seat: int) -> tuple[IntentT, ...]:
        """The legal intents that name ``seat`` (a game whose seats decide at once lists each one's)."""
        return tuple(intent for intent in self.legal_intents(state) if getattr(intent, "seat", None) == seat)

    def prompt_for(self, state: Any, seat: int) -> str:
        """The rules' prompt when ``seat`` is the seat to act ("" otherwise; a game whose seats decide at once
        words each one's)."""
        return self.prompt(state) if seat == state.to_act else ""

    def prompt(self, state: Any) -> str:
        """What the seat to act must do now (each game words its own)."""
        raise NotImplementedError

    def secrets(self, state: Any, seat: int | None) -> frozenset[str]:
        """Nothing is secret."""
        return frozenset()

    def invariants(self, state: Any) -> list[str]:
        """No game-specific invariants."""
        return []

    def is_legal(self, state: Any, intent: Value) -> bool:
        """Whether ``intent`` is one its seat may send now: one of the legal intents, or of ``legal_for`` a seat
        deciding at once.  The one test of legality: ``apply`` and ``why_illegal`` both ask it."""
        legal = self.legal_intents(state)
        for listed in legal:
            if listed is intent:          # the usual case: an intent taken from the list itself
                return True
        if intent in legal:
            return True
        seat = getattr(intent, "seat", None)
        return isinstance(seat, int) and seat != state.to_act and intent in self.legal_for(state, seat)

    def refuse_unless_legal(self, state: Any, intent: Value) -> None:
        """The check that opens every ``apply``: IllegalIntent with the game's refusal unless :meth:`is_legal`."""
        if not self.is_legal(state, intent):
            raise IllegalIntent(self.refusal(state, intent), intent)

    def why_illegal(self, state: Any, intent: Value) -> str:
        """"" when ``intent`` is legal now; otherwise the game's :meth:`refusal`.  Legality comes from the lists
        alone (:meth:`is_legal`), so the sentence can never call a listed move impossible, nor let an unlisted
        one pass: a game words refusals, it never decides them."""
        return "" if self.is_legal(state, intent) else self.refusal(state, intent)

    def refusal(self, state: Any, intent: Value) -> str:
        """Why ``intent``, which :meth:`is_legal` has refused, cannot be sent now (each game words its own)."""
        return "That is not possible now."

    def legal_intents(self, state: Any) -> Sequence[IntentT]:
        """Every intent the seat to act may send now (each game lists its own)."""
        raise NotImplementedError

    #: How many of the last states asked about keep their legal intents: a bot that looks a move ahead asks
    #: about each state after one of its moves, then applies its choice to the state before them all (and every
    #: ``apply`` asks first whether its intent is legal).
    LEGAL_KEPT = 4

    def cached_legal(self, state: Any, enumerate_legal: Callable[[Any], Sequence[IntentT]]) -> tuple[IntentT, ...]:
        """The legal intents of ``state`` from ``enumerate_legal(state)``, worked out once for each of the last
        LEGAL_KEPT states asked about (the table, its view and the bots ask again and again between two moves),
        each known by its identity (and kept alive meanwhile, so no other state takes its id)."""
        cache: tuple[tuple[Any, tuple[IntentT, ...]], ...] = getattr(self, "_legal_for", ())
        for known, legal in cache:
            if known is state:
                return legal
        legal = tuple(enumerate_legal(state))
        self._legal_for = ((state, legal), *cache[:self.LEGAL_KEPT - 1])
        return legal

    def playout_bot(self, seed: int) -> Any:
        """Random among the legal intents; a game whose random games stall gives a bot that plays it."""
        from .bots import RandomBot

        return RandomBot(seed)

    def determinize(self, view: Any, seat: int, rng: Any) -> Any:
        """A whole state ``seat`` cannot tell from the real one: what its view hides filled in at random
        (``rng`` a ``random.Random``), consistent with everything the view shows.  A searching bot plays
        its look-ahead on such states, never on the real one.  With nothing hidden, the view is the state."""
        return view

    def make_bot(self, level: str, seed: int, seat: int) -> Any:
        """The game's bots by level; until a game has its own, easy and strong play as its playout bot."""
        if level not in ("easy", "strong"):
            raise no_such_bot(self.meta.name, level, ("easy", "strong"))
        return self.playout_bot(seed)

    def progress(self, state: Any) -> str:
        """No measure of progress unless the game has one."""
        return ""

    def length(self, state: Any) -> tuple[int, str]:
        """No unit of length (turns, rounds) unless the game has one: ``simulate`` counts moves instead."""
        return 0, ""
