"""The match controller: one match's seed, journal, undo and replay (no pygame).

The controller owns the random source, applies intents through the rules, and keeps
the journal of every intent with the random outcomes it drew and the events it
caused; :meth:`MatchController.record` is the match as a :class:`MatchRecord`.  It
writes no file: the app's ``SaveSlots`` is the one writer of saves.  Loading a record
replays it, feeding the recorded outcomes back in, so the state is identical;
:meth:`MatchController.load` is the one way every match file is read (see
``tabletop/core/records.py`` for what it refuses).

Undo goes back one intent at a time, but never past an intent that rolled dice,
revealed hidden information (an event marked ``REVEALS``, or what the rules' ``secrets``
show: a seat now sees what was hidden from it) or changed the seat that must decide.

A replay moves a **cursor** through a whole match (:meth:`MatchController.start_replay`,
:meth:`~MatchController.step`, :meth:`~MatchController.back`, :meth:`~MatchController.jump`):
``state`` and ``history`` then answer for the position shown, and the match's own
journal and states are never changed.
"""

from __future__ import annotations

import dataclasses
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from .data import DataError
from .protocol import IllegalIntent, Rules
from .records import RECORD_FORMAT, RECORD_VERSION, MatchRecord, RecordError, read_record_file
from .rng import RandomSource, RecordingRandom, ScriptedRandom, SeededRandom
from .values import Token, Value, ValueFormatError

__all__ = ["MatchController", "MatchRecord", "JournalEntry", "RecordError", "RECORD_FORMAT", "RECORD_VERSION",
           "write_atomic"]

#: Why undo stops after an intent that showed someone what was hidden from them.
REVEALED = "Hidden information was revealed; that cannot be taken back."


@dataclass(frozen=True)
class JournalEntry:
    """One applied intent: its random outcomes and its events (whether undo must stop after it is
    :meth:`MatchController.barrier`)."""

    intent: Value
    draws: tuple[int, ...]
    events: tuple[Value, ...]


#: The key of :meth:`MatchController._words_of` for the whole state.
WHOLE = "whole"


def _words(value: Any) -> frozenset[str]:
    """Every text a state (or a view) holds: its strings and tokens, the words its secrets are made of.

    The words of each frozen record inside ``value`` are kept (by the record itself, which the store holds):
    one move's state shares nearly all its records with the state before and with the views, so each is
    walked once."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str:
            found.add(item)
        elif kind is tuple or kind is list or kind is frozenset or kind is set:
            stack.extend(item)
        elif kind is dict:
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, Token):
            found.add(item.to_text())
        elif isinstance(item, str):
            found.add(str(item))
        else:
            shape = _FIELDS.get(kind)
            if shape is None:
                shape = _FIELDS[kind] = _shape(kind)
            names, frozen = shape
            if frozen and item is not value:
                known = _WORDS_OF.get(id(item))
                if known is None or known[0] is not item:
                    if len(_WORDS_OF) >= _WORDS_KEPT:
                        _WORDS_OF.clear()
                    known = _WORDS_OF[id(item)] = (item, _words(item))
                found.update(known[1])
            else:
                stack.extend(getattr(item, name) for name in names)
    return frozenset(found)


def _shape(kind: type) -> tuple[tuple[str, ...], bool]:
    """The field names of a dataclass (none for anything else), and whether it is frozen."""
    if not dataclasses.is_dataclass(kind):
        return (), False
    return (tuple(f.name for f in dataclasses.fields(kind)),
            bool(getattr(kind, "__dataclass_params__").frozen))


_FIELDS: dict[type, tuple[tuple[str, ...], bool]] = {}
#: The words of frozen records met lately, by id (each entry holds its record, so the id stays its own).
_WORDS_OF: dict[int, tuple[Any, frozenset[str]]] = {}
_WORDS_KEPT = 5_000


def _names(text: str, word: str) -> bool:
    """Whether ``text`` holds ``word`` as a whole word (``fire`` is not in ``blazing-fire``)."""
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text) is not None


class MatchController:
    """Runs one match: applies intents, keeps the journal and states, undoes (the app saves it)."""

    def __init__(self, rules: Rules, options: Mapping[str, str] | None, seats: Sequence[str], seed: int,
                 *, rng: RandomSource | None = None, seat_kinds: Sequence[str] = (), colours: Sequence[int] = (),
                 _setup_draws: Sequence[int] | None = None) -> None:
        self.rules = rules
        self.game = rules.meta.game_id
        self.options = self.rules.meta.resolve_options(options, len(seats))
        self.seats = tuple(name.strip() for name in seats)
        self.seat_kinds = tuple(seat_kinds) or ("human",) * len(self.seats)
        # Each seat's colour (a slot of the theme's seat colours): a rematch keeps each player's own.
        self.colours = tuple(colours) or tuple(range(len(self.seats)))
        if sorted(self.colours) != sorted(set(self.colours)) or len(self.colours) != len(self.seats):
            raise ValueError("each seat needs a colour of its own")
        self.seed = seed
        self.hints_used = [0] * len(self.seats)     # hints each seat asked for (kept in the record)
        self._fixed_rng = rng
        source = ScriptedRandom(_setup_draws) if _setup_draws is not None else self._source(-1)
        recorder = RecordingRandom(source)
        step = self.rules.setup(self.options, self.seats, recorder)
        self.setup_draws = tuple(recorder.draws)
        self.opening_events: tuple[Value, ...] = step.events
        self.states: list[Any] = [step.state]
        self.journal: list[JournalEntry] = []
        self._memos: list[tuple[Any, dict]] = []
        self._barriers: dict[int, str] = {}    # journal index -> why undo stops after it, once asked
        self.cursor: int | None = None         # in a replay: how many moves are shown
        # The number of moves made when a scenario or a tutorial last edited the position (-1: never): the moves
        # before it no longer made what the table shows, so none of them is marked as the last move.
        self.edited_at = -1

    # ------------------------------------------------------------------ queries
    @property
    def state(self) -> Any:
        """The current state (in a replay: the state at the cursor)."""
        return self.states[-1 if self.cursor is None else self.cursor]

    @property
    def history(self) -> Sequence[JournalEntry]:
        """The moves made so far (in a replay: those up to the cursor)."""
        return self.journal if self.cursor is None else self.journal[:self.cursor]

    @property
    def finished(self) -> bool:
        """Whether the game is over (in a replay: at the cursor)."""
        return self.state.to_act is None

    @property
    def complete(self) -> bool:
        """Whether the whole match has been played to its end (wherever a replay's cursor stands)."""
        return self.states[-1].to_act is None

    # ------------------------------------------------------------------ replay cursor
    def start_replay(self) -> None:
        """Show the match from its first position; from now on it is only replayed, never played."""
        self.cursor = 0

    def step(self) -> JournalEntry | None:
        """Move the replay cursor one move on; the move shown (None at the end)."""
        if self.cursor is None or self.cursor >= len(self.journal):
            return None
        self.cursor += 1
        return self.journal[self.cursor - 1]

    def back(self) -> bool:
        """Move the replay cursor one move back; False at the start."""
        if self.cursor is None or self.cursor == 0:
            return False
        self.cursor -= 1
        return True

    def jump(self, moves: int) -> None:
        """Move the replay cursor to the position after ``moves`` moves (clamped to the match)."""
        if self.cursor is not None:
            self.cursor = max(0, min(moves, len(self.journal)))

    def legal_intents(self) -> Sequence[Value]:
        """What the seat to act may do now (straight from the rules)."""
        return self.rules.legal_intents(self.state)

    def undo_status(self) -> tuple[bool, str]:
        """Whether undo is possible now, and if not, why (a sentence for the screen)."""
        if self.cursor is not None:
            return False, "This is a replay: its moves cannot be taken back."
        if not self.journal:
            return False, "Nothing to undo yet."
        barrier = self.barrier(len(self.journal) - 1)
        if barrier:
            return False, barrier
        return True, f"Undo '{self.journal[-1].intent.to_str()}'."

    # ------------------------------------------------------------------ changes
    def _source(self, index: int) -> RandomSource:
        # Each intent draws from its own seed, derived from the match seed and its
        # position, so a resumed match continues exactly as an uninterrupted one.
        # The derivation waits for the first draw: most intents draw nothing.
        return self._fixed_rng or SeededRandom.derived(self.seed, index)

    def submit(self, intent: Value | str, *, _draws: Sequence[int] | None = None) -> tuple[Value, ...]:
        """Apply an intent (or its text form); returns its events, or raises IllegalIntent."""
        if self.cursor is not None:
            raise IllegalIntent("This is a replay: its moves cannot be changed.")
        if isinstance(intent, str):
            try:
                intent = self.rules.intents.parse(intent)
            except ValueFormatError as exc:
                raise IllegalIntent(f"Not a move of {self.rules.meta.name}: {exc}.") from None
        before = self.state
        recorder = RecordingRandom(ScriptedRandom(_draws) if _draws is not None
                                   else self._source(len(self.journal)))
        step = self.rules.apply(before, intent, recorder)
        self.states.append(step.state)
        self.journal.append(JournalEntry(intent, tuple(recorder.draws), step.events))
        return step.events

    def barrier(self, index: int) -> str:
        """Why undo must stop after move ``index`` of the journal ("" if it need not): it drew from chance, an
        event says it revealed something (``REVEALS``), the decision passed to another seat, or the rules'
        secrets show that someone now sees what was hidden from them (:meth:`_shown`).

        Worked out when first asked, not on every move: only Undo asks, and then about the last move, while a
        replayed save or a playout makes thousands of moves nobody takes back."""
        if index not in self._barriers:
            entry = self.journal[index]
            self._barriers[index] = self._barrier(self.states[index], self.states[index + 1], entry.draws,
                                                  entry.events, entry.intent)
        return self._barriers[index]

    def _barrier(self, before: Any, after: Any, draws: Sequence[int], events: Sequence[Value],
                 intent: Value | None = None) -> str:
        if draws:
            return "The dice have been rolled; a roll cannot be taken back."
        for event in events:
            if getattr(type(event), "REVEALS", False):
                return REVEALED
        if after.to_act != before.to_act:
            return "The decision has passed to another player; that cannot be taken back."
        if self.rules.meta.hidden_information and self._shown(before, after, intent):
            return REVEALED
        return ""

    def _shown(self, before: Any, after: Any, intent: Value | None) -> bool:
        """Whether a seat now sees something hidden from it before this intent, by the rules' ``secrets``:

        * what nobody knew (the order of a deck) is known now;
        * a seat knows a word it did not know, could not see and did not name in its intent (the cards of
          its own draw pile a card shows it), a word that was in the game before (not a new secret's name);
        * a seat's secret now shows in another seat's view, which did not show it before (a hidden die
          played face up: the others see it as soon as they look).
        """
        seats = range(len(self.seats))
        known_before, known_after = self._secrets_of(before), self._secrets_of(after)
        if known_before[None] - known_after[None]:
            return True
        for seat in seats:
            learnt = known_after[seat] - known_before[seat]
            if learnt and intent is not None:
                said = intent.to_str()
                learnt = frozenset(word for word in learnt if not _names(said, word))
            if learnt and learnt & self._words_of(before, WHOLE) - self._words_of(before, seat):
                return True
        # A secret that left its seat for another seat's secrets is that seat's to learn (above); one that is
        # nobody's secret any more may now be in sight.
        still = frozenset().union(*known_after.values())
        for seat in seats:
            gone = known_before[seat] - known_after[seat] - still
            if not gone:
                continue
            for other in (*(s for s in seats if s != seat), None):
                if gone & self._words_of(after, other) - self._words_of(before, other):
                    return True
        return False

    def _secrets_of(self, state: Any) -> dict[int | None, frozenset[str]]:
        """The rules' secrets of ``state`` by seat (``None``: nobody's)."""
        memo = self._memo(state)
        if "secrets" not in memo:
            memo["secrets"] = {seat: self.rules.secrets(state, seat) for seat in (*range(len(self.seats)), None)}
        return memo["secrets"]

    def _words_of(self, state: Any, seat: int | None | str) -> frozenset[str]:
        """The words ``seat``'s view of ``state`` shows (``WHOLE``: the whole state's)."""
        memo = self._memo(state)
        key = ("words", seat)
        if key not in memo:
            memo[key] = _words(state if isinstance(seat, str) else self.rules.view(state, seat))
        return memo[key]

    def _memo(self, state: Any) -> dict:
        """What was worked out about ``state``, kept for the last two states asked about (this intent's state
        after is the next one's state before)."""
        for held, known in self._memos:
            if held is state:
                return known
        memo: dict = {}
        self._memos = [(state, memo), *self._memos[:1]]
        return memo

    def undo(self) -> None:
        """Take back the last intent (raises IllegalIntent with the reason when it is not allowed)."""
        allowed, reason = self.undo_status()
        if not allowed:
            raise IllegalIntent(reason)
        self._barriers.pop(len(self.journal) - 1, None)
        self.journal.pop()
        self.states.pop()

    # ------------------------------------------------------------------ records
    def record(self) -> MatchRecord:
        """The match record as it stands."""
        return MatchRecord(
            game=self.game, options=dict(self.options), seats=self.seats, seed=self.seed,
            setup_draws=self.setup_draws,
            entries=tuple((entry.intent.to_str(), entry.draws) for entry in self.journal),
            seat_kinds=self.seat_kinds, finished=self.finished, colours=self.colours,
            hints=tuple(self.hints_used) if any(self.hints_used) else (),
        )

    @classmethod
    def from_record(cls, record: MatchRecord, lookup: Callable[[str], Rules], *,
                    source: str = "the save file") -> "MatchController":
        """Replay a record with its recorded outcomes; RecordError (with a plain ``reason``) if it does not replay.

        ``lookup`` gives the rules of a game id (``tabletop.registry.get_rules``).
        """
        def refuse(detail: str, reason: str) -> RecordError:
            return RecordError(f"{source} {detail}", reason, source)

        try:
            rules = lookup(record.game)      # a DataError (the game's own data is broken) is not the file's
        except KeyError:
            raise refuse(f"is a match of a game this version does not know ({record.game[:64]!r}).",
                         "it is a game this version of Dice Tabletop does not have") from None
        meta = rules.meta
        if not meta.min_players <= len(record.seats) <= meta.max_players:
            raise refuse(f"cannot be set up: {len(record.seats)} seats.",
                         f"it has {len(record.seats)} player{'s' if len(record.seats) != 1 else ''}, but "
                         f"{meta.name} is played by {meta.players_text}")
        if record.seat_kinds and len(record.seat_kinds) != len(record.seats):
            raise refuse("cannot be set up: a seat kind for each seat is needed.", "it is damaged")
        try:
            meta.resolve_options(record.options, len(record.seats))
        except ValueError as exc:
            raise refuse(f"cannot be set up: {str(exc)[:200]}.",
                         f"it was played with game options this version of {meta.name} does not have") from None
        try:
            match = cls(rules, record.options, record.seats, record.seed,
                        seat_kinds=record.seat_kinds, colours=record.colours, _setup_draws=record.setup_draws)
        except Exception as exc:  # noqa: BLE001 - a damaged outcome list, say: the file cannot be used
            raise refuse(f"cannot be set up: {type(exc).__name__}: {str(exc)[:200]}.",
                         f"it cannot be set up with the rules of {meta.name}") from None
        if len(match.setup_draws) != len(record.setup_draws):
            raise refuse(f"cannot be set up: {len(record.setup_draws)} outcomes recorded, "
                         f"{len(match.setup_draws)} drawn.", f"it cannot be set up with the rules of {meta.name}")
        for seat, count in enumerate(record.hints[:len(match.hints_used)]):
            match.hints_used[seat] = count
        total = len(record.entries)
        for number, (text, draws) in enumerate(record.entries, start=1):
            where = f"move {number} of {total}"
            try:
                match.submit(text, _draws=draws)
            except IllegalIntent as exc:
                raise refuse(f"does not replay: move {number} '{text}' is refused ({exc.reason})",
                             f"its moves do not replay with these rules: {where} is not allowed") from None
            except Exception as exc:  # noqa: BLE001 - a damaged outcome list, for instance
                raise refuse(f"does not replay at move {number} '{text}': {type(exc).__name__}: {str(exc)[:200]}",
                             f"its moves do not replay with these rules: {where} does not fit "
                             "its recorded dice") from None
            if len(match.journal[-1].draws) != len(draws):
                raise refuse(f"does not replay: move {number} '{text}' recorded "
                             f"{len(draws)} outcomes but drew {len(match.journal[-1].draws)}.",
                             f"its moves do not replay with these rules: {where} does not fit its recorded dice")
        return match

    @classmethod
    def load(cls, path: Path, lookup: Callable[[str], Rules]) -> "MatchController":
        """Read, check and replay the match file at ``path``: the one way every match file is read (a save,
        a finished match, an export, a replay).  RecordError with a plain ``reason`` if it cannot be used:
        see ``tabletop/core/records.py`` for the checks; then every move is replayed."""
        path = Path(path)
        try:
            record = MatchRecord.from_json(read_record_file(path), path.name)
            return cls.from_record(record, lookup, source=path.name)
        except (RecordError, DataError):
            raise            # DataError: the game's own data is broken, not the file
        except (RecursionError, MemoryError, ValueError, TypeError) as exc:    # nothing in a file ends in a traceback
            raise RecordError(f"{path.name}: {type(exc).__name__}: {str(exc)[:200]}", "it is damaged",
                              path.name) from None


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename, so a crash never leaves half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
        _sync_folder(path.parent)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable: after a power cut the folder lists the new file (POSIX only)."""
    if os.name != "posix":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass      # some file systems cannot sync a folder; the file itself is synced already
    finally:
        os.close(handle)
