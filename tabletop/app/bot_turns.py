"""Bots at the table: which seats they play, and a bot's turn worked out, shown and played at a watchable pace.

A seat whose kind is not "human" is played by the game's bot of that level
(``rules.make_bot``), which sees only its own seat's view.  Paced, the bot thinks in
a thread so the screen stays alive, then its choice is shown in the banner for a
moment before it applies; at the Instant pace it chooses and plays at once.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from typing import Any, Mapping

from tabletop.core.bots import Bot
from tabletop.core.controller import MatchController
from tabletop.core.protocol import IllegalIntent
from tabletop.core.rng import RecordingRandom, SeededRandom, derive_seed
from tabletop.core.values import Value, visible_events

from .audience import Audience, is_bot_kind
from .hints import explained_choice

__all__ = ["BotTurn", "BotSeats", "BotPace", "BOT_PAUSE", "BOT_HOLD", "PACES"]

#: How long a paced bot's choice is shown in the banner before it is played (seconds, at normal animation speed).
BOT_PAUSE = 0.9
#: How long the result of a paced bot's move stays alone on the table, marked, before its next choice is shown:
#: each step of a bot's turn (a roll, then a pick) can be followed.
BOT_HOLD = 0.8


@dataclass(frozen=True)
class BotPace:
    """How a bot's moves are shown: thought out in a thread (the screen stays alive), the result of its last move
    left alone on the table with its marks for ``hold`` seconds, then its choice shown for ``pause`` seconds
    (both times the animation speed), its animations at ``speed`` (None: the animation setting; 0: not played
    at all)."""

    threaded: bool
    pause: float
    speed: float | None
    hold: float = 0.0


#: Settings -> Bots: Paced (watchable), Fast, Instant (a bot's move shows nothing but its result).
PACES = {"paced": BotPace(True, BOT_PAUSE, None, hold=BOT_HOLD), "fast": BotPace(True, 0.3, 0.35, hold=0.2),
         "instant": BotPace(False, 0.0, 0.0),
         # The attract mode: every step still seen, a little brisker, so a game lasts a few minutes.
         "demo": BotPace(True, 0.6, 0.6, hold=0.3)}


@dataclass
class BotTurn:
    """One bot's decision in progress: for which state and seat, since when, its thread, what it chose, and
    when and in what words its choice was shown."""

    state: Any
    seat: int
    since: float
    thread: threading.Thread | None = None
    chosen: list[Value] = field(default_factory=list)
    shown_at: float | None = None
    preview: str = ""
    reason: str = ""                 # why, when the bot explains itself (``decide``)

    @property
    def thinking(self) -> bool:
        """Still working out its move (in its thread)."""
        if self.thread is None:
            return False
        # A moment of this frame for the bot: a loop that never sleeps (a compressed demo, a test) would
        # otherwise keep the interpreter to itself and starve the thread.
        self.thread.join(0.002)
        return self.thread.is_alive()

    @property
    def choice(self) -> Value | None:
        """The move the bot chose, once it has."""
        return self.chosen[0] if self.chosen else None


class BotSeats:
    """The bots of a match, by seat, and the turn one of them is taking.  Which bot moves next is the table's
    policy's answer (:meth:`Audience.bot_to_move <tabletop.app.audience.Audience.bot_to_move>`); ``players``
    play seats in a bot's stead (a tutorial's script)."""

    def __init__(self, match: MatchController, audience: Audience, active: bool = True,
                 players: Mapping[int, Any] | None = None) -> None:
        self.match = match
        self.audience = audience
        self.players = dict(players or {})
        self.active = active
        self.bots: dict[int, Bot] = {}
        self.turn: BotTurn | None = None
        if active:
            self.seat_bots()

    def reseat(self, audience: Audience) -> None:
        """The kinds of seat changed (someone left or came back): the bots follow the new policy."""
        self.audience = audience
        if self.active:
            self.seat_bots()

    def seat_bots(self) -> None:
        """A bot for every seat a bot plays (after a seat changed hands, too)."""
        rules = self.match.rules
        self.bots = {}
        for seat, kind in enumerate(self.match.seat_kinds):
            if not is_bot_kind(kind):
                continue
            if seat in self.players:
                self.bots[seat] = self.players[seat]
                continue
            seed = derive_seed(self.match.seed, "bot", seat, kind)
            try:
                self.bots[seat] = rules.make_bot(kind, seed, seat)
            except ValueError:
                # A kind this copy does not know (an older save, a hand-edited file): the easy bot plays it.
                self.bots[seat] = rules.make_bot("easy", seed, seat)
        self.turn = None

    def __contains__(self, seat: object) -> bool:
        return seat in self.bots

    def __bool__(self) -> bool:
        return bool(self.bots)

    def to_act(self) -> int | None:
        """The bot seat that moves next (the policy's answer), if a bot is to decide."""
        if self.match.finished or not self.bots:
            return None
        seat = self.audience.bot_to_move(self.match.state)
        return seat if seat is not None and seat in self.bots else None

    def take_turn(self, clock: float, paced: bool, pause: float, shows: int | None,
                  hold: float = 0.0) -> Value | None:
        """Advance the bot's turn, if a bot is to act: start its thinking, leave the table as the last move left
        it for ``hold`` seconds, show its choice for ``pause`` seconds (when ``paced``), then return the move to
        play (None while it is not time yet)."""
        seat = self.to_act()
        if seat is None:
            self.turn = None
            return None
        state = self.match.state
        if self.turn is None or self.turn.state is not state:
            self.turn = self._start(state, seat, clock, paced)
        turn = self.turn
        if turn.thinking or (paced and clock - turn.since < hold):
            return None
        if paced and turn.choice is not None and turn.shown_at is None:
            turn.shown_at = clock            # the choice is shown for a moment before it applies
            turn.preview = self.preview(turn.choice, state, shows)
        if paced and clock - (turn.shown_at if turn.shown_at is not None else turn.since) < pause:
            return None
        self.turn = None
        return turn.choice

    def _start(self, state: Any, seat: int, clock: float, paced: bool) -> BotTurn:
        rules = self.match.rules
        legal, view = tuple(rules.legal_for(state, seat)), rules.view(state, seat)
        turn = BotTurn(state, seat, clock)
        bot = self.bots[seat]

        def work() -> None:
            # A bot that explains itself gives its reason too (shown in the banner); else it only chooses.
            intent, turn.reason = explained_choice(
                bot, legal, view, random.Random(derive_seed(self.match.seed, "why", len(self.match.journal))))
            turn.chosen.append(intent)
        if paced:
            turn.thread = threading.Thread(target=work, daemon=True)
            turn.thread.start()
        else:
            work()
        return turn

    def preview(self, intent: Value, state: Any, shows: int | None) -> str:
        """The bot's choice in the log's words, as the screen's shows may read it: the move tried on a copy
        with its first events only while nothing random was drawn (a roll's outcome is not known yet)."""
        rules = self.match.rules
        recorder = RecordingRandom(SeededRandom(0))
        try:
            step = rules.apply(state, intent, recorder)
        except IllegalIntent:
            return ""
        if recorder.draws:
            return ""                              # a roll: its dice will show what happened
        seen = rules.view(step.state, shows)
        for event in visible_events(step.events, shows):
            line = rules.narrate(event, seen, shows)
            if line:
                return line
        return ""

    def line(self) -> str:
        """The banner's line while a bot works out its move, then the move it chose, for a moment."""
        seat = self.to_act()
        if seat is None:
            return ""
        if self.turn is not None and self.turn.shown_at is not None and self.turn.reason:
            return f"{self.match.seats[seat]}: {self.turn.reason}"
        if self.turn is not None and self.turn.preview:
            return self.turn.preview
        return f"{self.match.seats[seat]} ({self.match.seat_kinds[seat]} bot) is thinking…"
