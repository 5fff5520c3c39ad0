"""Hints: the strong bot's choice for the seat that must act, from that seat's view only, and why.

:func:`hint_for` asks the game's strong bot (``rules.make_bot("strong", ...)``) what it would do in the
seat's place.  The bot sees only ``rules.view(state, seat)``, so a hint never tells what the seat may not
know (for a game with hidden hands the bots' ``determinize`` samples the rest).  A bot with a
``decide(view, rng) -> (intent, reason)`` method explains itself; otherwise the reason is the move in the
game's own words (the move log's sentence for it, worked out on a world sampled from the seat's view).

At the table (``H`` or the Hint button, see :class:`HintShown`) the hint glows on what to click — the
first click of the shortest click sequence that sends it, then the next — with its reason in the coach's
box; the table counts the hints each seat used (kept in the match record, shown on the results).
``tabletop hint --game GAME --seed S --moves N`` prints a hint as JSON.
"""

from __future__ import annotations

import json
import random
import threading
from dataclasses import dataclass
from typing import Any, Sequence

from tabletop.core.bots import Bot
from tabletop.core.controller import MatchController
from tabletop.core.protocol import IllegalIntent, Rules
from tabletop.core.rng import RecordingRandom, SeededRandom, derive_seed
from tabletop.core.values import Value, visible_events
from tabletop.registry import get_rules

__all__ = ["Hint", "hint_for", "describe", "hint_cli", "match_hint"]


@dataclass(frozen=True)
class Hint:
    """What the strong bot would do in ``seat``'s place, and one plain sentence why."""

    seat: int
    intent: Value
    reason: str


def _own(legal: Sequence[Value], seat: int) -> list[Value]:
    return [intent for intent in legal if getattr(intent, "seat", seat) == seat]


def hint_for(rules: Rules, state: Any, seat: int, seed: int) -> Hint | None:
    """The strong bot's choice for ``seat`` in ``state`` (None when that seat has nothing to decide)."""
    # legal_for, not legal_intents: at a decision taken at the same time (Dice Cards' decks, Wizard Dice's
    # secret allocation) legal_intents lists the first undecided seat only, and the other seat got no hint.
    legal = _own(rules.legal_for(state, seat), seat)
    if not legal:
        return None
    view = rules.view(state, seat)
    bot = rules.make_bot("strong", seed, seat)
    intent, reason = explained_choice(bot, legal, view, random.Random(seed))
    if not reason:
        reason = describe(rules, view, seat, intent, seed)
    return Hint(seat, intent, reason)


def explained_choice(bot: Bot, legal: Sequence[Value], view: Any, rng: random.Random) -> tuple[Value, str]:
    """The bot's move among ``legal`` and its reason: what its ``decide`` gives with ``rng`` (the hint's, or a
    bot seat's banner), or, when the bot does not explain itself or its answer is not one of ``legal``, what
    ``choose`` makes and no reason ("")."""
    try:
        decided = bot.decide(view, rng)
    except (TypeError, ValueError, IllegalIntent):
        decided = None
    if decided is not None and decided[0] in legal:
        return decided[0], str(decided[1])
    return bot.choose(legal, view), ""


def describe(rules: Rules, view: Any, seat: int, intent: Value, seed: int = 0) -> str:
    """The move in the game's own words, as the move log would tell it to ``seat``, worked out on a world
    sampled from the seat's view (never the real hidden state); a plain sentence when it cannot be told
    before it is made (a roll)."""
    world = view
    if rules.meta.hidden_information:
        try:
            world = rules.determinize(view, seat, random.Random(seed))
        except Exception:  # noqa: BLE001 - a world that cannot be sampled: the plain sentence below
            world = None
    if world is not None:
        recorder = RecordingRandom(SeededRandom(seed))
        try:
            step = rules.apply(world, intent, recorder)
        except Exception:  # noqa: BLE001 - a masked view the rules cannot play: the plain sentence below
            step = None
        if step is not None and not recorder.draws:
            seen = rules.view(step.state, seat)
            for event in visible_events(step.events, seat):
                line = rules.narrate(event, seen, seat)
                if line:
                    return f"A strong player would do this now: {line.rstrip('.')}."
    words = getattr(type(intent), "KIND", type(intent).__name__).replace("-", " ").replace("_", " ")
    return f"A strong player would {words} now."


def match_hint(match: MatchController, seat: int) -> Hint | None:
    """The hint for ``seat`` in the match as it stands (seeded by the match and the move, so it is stable)."""
    return hint_for(match.rules, match.state, seat, derive_seed(match.seed, "hint", seat, len(match.journal)))


def hint_cli(game: str, seed: int, moves: int, players: int | None = None) -> int:
    """``tabletop hint``: ``moves`` seeded moves by the easy bots, then the hint for the seat to act, as JSON."""
    rules = get_rules(game)
    meta = rules.meta
    seats = ["Ada", "Brom", "Cyd", "Dee", "Eli"][:players or meta.min_players]
    match = MatchController(rules, None, seats, seed)
    bots = {seat: rules.make_bot("easy", derive_seed(seed, "cli", seat), seat) for seat in range(len(seats))}
    for _ in range(moves):
        if match.finished:
            break
        seat = match.state.to_act
        match.submit(bots[seat].choose(match.legal_intents(), rules.view(match.state, seat)))
    if match.finished:
        print(json.dumps({"error": "the game is over", "moves": len(match.journal)}))
        return 1
    seat = match.state.to_act
    hint = match_hint(match, seat)
    if hint is None:
        print(json.dumps({"error": "nothing to decide", "seat": seat}))
        return 1
    legal = hint.intent in match.legal_intents()
    print(json.dumps({"game": game, "seed": seed, "moves": len(match.journal), "seat": seat,
                      "player": seats[seat], "intent": hint.intent.to_str(), "reason": hint.reason,
                      "legal": legal}))
    return 0 if legal else 1


# ==================================================================== at the table
class TableHints:
    """The Hint of a table: the button (and key H) for the human seat that must act, the glow on its next
    click and the reason in the coach's box, until a move is made or H is pressed again."""

    def __init__(self, table: Any) -> None:
        import pygame

        from .widgets import Button

        self.table = table
        self.app = table.app
        self.button = Button(self.app, self.app.layouts["table"]["hint"], self.toggle, hotkey=pygame.K_h)
        self.shown: tuple[Any, Hint] | None = None
        self._thinking: tuple[Any, threading.Thread, list[Hint | None]] | None = None
        self._route: tuple[Any, Any] | None = None
        self._coach: Any = None
        self.box: Any = None              # where the hint's box was last drawn (None: not on screen)

    def seat(self) -> int | None:
        """The human seat a hint may be given to now (None: no hint now)."""
        table = self.table
        if (table.demo or table.replay or table.watch_only or table.scene_name != "table"
                or not self.app.settings.hints or table.match.finished):
            return None
        legal = table.legal()
        if not legal:
            return None
        seat = getattr(legal[0], "seat", table.shows)
        if seat is None or table.match.seat_kinds[seat] != "human":
            return None
        return seat

    def current(self) -> Hint | None:
        """The hint on screen, while the position it was given for lasts."""
        self._collect()
        if self.shown is not None and self.shown[0] is self.table.match.state:
            return self.shown[1]
        return None

    def toggle(self) -> None:
        """H or the button: show the hint for the seat to act (counted once per position), or hide it."""
        if self.current() is not None or self.thinking:
            self.hide()
            return
        seat = self.seat()
        if seat is None or self.table.view.busy:
            return
        match = self.table.match
        state = match.state
        match.hints_used[seat] += 1
        self.table.save()
        found: list[Hint | None] = []
        # Worked out in a thread, as a bot's move is: a slow search (Wizard Dice) never freezes the screen.
        self._thinking = (state, threading.Thread(target=lambda: found.append(match_hint(match, seat)), daemon=True),
                          found)
        self._thinking[1].start()
        self._thinking[1].join(0.25)
        self._collect()

    def _collect(self) -> None:
        """The hint, once its thread has worked it out (for the position it was asked in)."""
        if self._thinking is None:
            return
        state, thread, found = self._thinking
        if thread.is_alive():
            return
        self._thinking = None
        if found and found[0] is not None and state is self.table.match.state:
            self.shown = (state, found[0])

    @property
    def thinking(self) -> bool:
        """A hint is being worked out for the position on screen."""
        self._collect()
        return self._thinking is not None and self._thinking[0] is self.table.match.state

    @property
    def busy(self) -> bool:
        """The table keeps drawing: a hint is worked out, or its ring pulses."""
        return self.thinking or self.current() is not None

    def dismiss(self, event: Any) -> bool:
        """While a hint is on screen: Esc or a click closes it.  A click on its box (or Esc) does nothing else;
        a click elsewhere goes on to what it lands on, so the hinted click is one click.  Whether the event was
        used up."""
        import pygame

        if self.box is None or (self.current() is None and not self.thinking):
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.hide()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.box.collidepoint(event.pos)
            self.hide()
            return bool(inside)
        if event.type == pygame.MOUSEBUTTONUP and self.box.collidepoint(event.pos):
            return True
        return False

    def hide(self) -> None:
        """Close the hint (it is asked for again with H or the button)."""
        self.shown = None
        self._thinking = None
        self.box = None

    def handle(self, event: Any) -> bool:
        """The button and the key, when a hint may be given."""
        self.button.visible = self.seat() is not None
        return self.button.visible and self.button.handle(event)

    def pointer(self) -> Any:
        """Where the hinted move's next click is (None: nowhere in particular)."""
        from .choosing import route_to
        from .coach import move_rect

        hint = self.current()
        view = self.table.view
        if hint is None or view.Choices is None:
            return None
        key = (self.table.match.state, view.selection)
        if self._route is None or self._route[0] != key:
            def make(chosen: Any) -> Any:
                return view.Choices(view.seen(), chosen)
            route = route_to(make, hint.intent, view.selection) or route_to(make, hint.intent, None)
            self._route = (key, route[0] if route else None)
        move = self._route[1]
        return None if move is None else move_rect(view, move)

    def draw(self, surface: Any) -> None:
        """The button, and the hint's glow and words while it lasts."""
        from .coach import CoachMark

        self.button.visible = self.seat() is not None
        self.button.draw(surface)
        hint = self.current()
        thinking = self.thinking
        self.box = None
        if (hint is None and not thinking) or self.table.view.busy:
            return
        if self._coach is None:
            self._coach = CoachMark(self.app)
        from .coach import controls_rects, glowing_rects

        # The box keeps off what glows and off the table's own buttons (Undo, Rules, Menu, the game's).
        avoid = glowing_rects(self.table.view)
        keep_off = controls_rects(self.table)
        if hint is None:
            seat = self.seat()
            who = self.table.match.seats[seat] if seat is not None else ""
            self.box = self._coach.draw(surface, None, "Thinking…", heading=f"Hint for {who}",
                                        clock=self.table.clock, avoid=avoid, keep_off=keep_off)
            return
        name = self.table.match.seats[hint.seat]
        self.box = self._coach.draw(surface, self.pointer(), hint.reason, heading=f"Hint for {name}",
                                    nudge="H, Esc or a click closes this.", clock=self.table.clock, avoid=avoid,
                                    keep_off=keep_off)
