"""The game table: the banner, the game's own view, Undo, Rules, Menu, the move log and the cover.

Every move goes through the match controller; the app saves it after every move.  The
view animates the events it returns, as the screen may see them.  While the view
animates, clicks are ignored, so no click is ever applied twice.

Who looks at this (the shared) screen and what it may send is the table's
:class:`~tabletop.app.audience.Audience` policy, asked and never second-guessed here:
``shows`` is the seat whose view the screen shows (None: the public view); when the
policy's ``cover_for`` names a seat, the table waits for the animations to finish, then
covers the screen and names who should take it; the view, the move log and the tooltips
then show that seat's view only.  A seat played on a phone decides there: the big screen
shows the public table meanwhile and is never covered for it.  At the end of the game
the public view is shown, never a seat's.

Bots: a seat whose kind is a bot level is played by the game's bot of that level
(``rules.make_bot``), which sees only its own seat's view.  It moves at a pace the
table can follow (Settings -> Bots), thinking in a thread so the screen stays alive;
while it thinks nobody can click for it.

A tutorial hands the table a :class:`TableGate` (the policy narrows what may be sent
through it, and the table asks it which moves the script makes, which clicks to carry
out and whether moves may be taken back): the table is never patched from outside.

Replays: opened with ``replay=`` (a whole match, replayed from its record), the table
shows that match move by move, forward with its animations and back at once, as a
spectator sees it; with ``show_all`` (a finished match only) every hand is shown.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

import pygame

from tabletop.core.controller import MatchController
from tabletop.core.protocol import IllegalIntent
from tabletop.core.values import Value

from ..audience import SHARED, Audience, Gate
from ..bot_turns import PACES, BotPace, BotSeats
from ..choosing import Reply, Seen
from ..games import make_view
from ..hints import Hint, TableHints
from ..gameview import GameView, Tooltip
from ..marks import draw_recent_moves, recent_moves, turn_of
from ..movelog import MoveLog, draw_log, log_rect
from ..phones.hub import PhoneHub
from ..phones.at_table import TablePhones
from ..scenes import Scene
from ..services import AppServices
from ..text import draw_box
from ..widgets import Button, draw_tooltip, press_any

__all__ = ["TableScene", "TableGate", "MoveLog"]

_TOOLTIP_DELAY = 0.45


class TableGate(Gate, Protocol):
    """A tutorial's gate, as the table asks it (beyond what the policy asks, :class:`~tabletop.app.audience.Gate`)."""

    def player(self, seat: int) -> Any | None:
        """Who plays a seat the script plays (an object with ``choose(legal, view)``), None for the others."""

    def vet(self, reply: Reply) -> str:
        """"" to carry out a click's reply, or the coach's words for a click it does not carry out."""

    def moved(self, intent: Value) -> None:
        """A move was made at the table (the script steps on)."""

    def step(self) -> int:
        """How far the script has gone: what :meth:`narrow` lets through changes with it (and the position)."""

    def undo_refusal(self) -> str:
        """Why moves cannot be taken back ("" when they can)."""

    def shows_results(self) -> bool:
        """Whether the end of the match opens the results (a tutorial ends with its coach instead)."""


class TableScene(Scene):
    """Plays one match."""

    scene_name = "table"

    def __init__(self, app: AppServices, match: MatchController, watch_only: bool = False,
                 replay: MatchController | None = None, show_all: bool = False, gate: TableGate | None = None) -> None:
        super().__init__(app)
        self.replay = replay is not None    # the table replays a whole match, moving a cursor through it
        if replay is not None:
            match = replay
            show_all = show_all and match.complete
            match.start_replay()
            watch_only = True
        self.show_all = show_all and self.replay
        self.match = match
        self.help_game = match.game
        self.watch_only = watch_only        # open in another copy of the app: nothing can be played here
        self.gate = gate
        self.audience = self._policy()
        self.demo = False                   # played by the attract mode, off the scene stack, always paced
        self.chrome = layout = app.layouts["table"]
        self.shows: int | None = None       # the seat whose view this screen shows (None: the public view)
        self._views: tuple[Any, dict[int | None, Any]] = (None, {})     # the rules' views of one state, by seat
        self._screen: tuple[tuple[Any, int | None, Audience, int], Seen] | None = None
        self._view_acting = False           # the view handles an event or a frame: a move it sends waits
        self._held: list[tuple[Value, Sequence[Value]]] = []     # that move and its events, shown once it has returned
        self.log = MoveLog(match, self.view_of)
        self.log.rebuild(None)
        self.bots = BotSeats(match, self.audience, active=not self.replay,
                             players=self._scripted_players())
        self.view: GameView = make_view(app, self, match)
        self.undo_button = Button(app, layout["undo"], self.undo)
        self.buttons = [
            self.undo_button,
            Button(app, layout["rules"], self.open_rules, hotkey=pygame.K_F1),
            Button(app, layout["menu"], self.open_menu, hotkey=pygame.K_ESCAPE),
        ]
        if self.replay:
            self.buttons = [
                Button(app, layout["undo"], self.step_back, text="< Back", hotkey=pygame.K_LEFT),
                Button(app, layout["rules"], self.step_forward, text="Next >", hotkey=pygame.K_RIGHT),
                Button(app, layout["menu"], app.scenes.pop, text="Close", hotkey=pygame.K_ESCAPE),
            ]
        self.hints = TableHints(self)        # H: the strong bot's choice for the human seat to act
        self.finished_shown = False
        self.mouse = (0, 0)
        self.tip: Tooltip | None = None
        self.tip_since = 0.0
        self.clock = 0.0
        self._recent: tuple[Any, list[str]] = (None, [])
        self._turn_lines: tuple[Any, int] = (None, 1)
        self.at_phones = TablePhones(self)    # the match's phone seats, while it is played here
        self._told_unsaved = False
        self._refresh_undo()

    def _policy(self) -> Audience:
        return Audience(self.match.rules, self.match.seat_kinds, watch_only=self.watch_only and not self.replay,
                        replay=self.replay, show_all=self.show_all, gate=self.gate)

    def _scripted_players(self) -> dict[int, Any]:
        if self.gate is None:
            return {}
        players = {seat: self.gate.player(seat) for seat in range(len(self.match.seats))}
        return {seat: player for seat, player in players.items() if player is not None}

    # ---------------------------------------------------------------- who plays each seat
    def seats_changed(self) -> None:
        """Someone left or came back: the policy, the bots and the phones follow the new kinds of seat, and the
        screen shows the public view until the policy says who holds it now (behind the cover if that is one of
        several)."""
        self.audience = self._policy()
        self.bots.reseat(self.audience)
        self.at_phones.reseat()
        self.shows = None
        self.log.rebuild(None)
        self.view.sync()

    # ---------------------------------------------------------------- phones
    @property
    def phones(self) -> PhoneHub | None:
        """The phones of the match's phone seats, while the match is played here (None without phone seats)."""
        return self.at_phones.hub

    def show_codes(self, seat: int) -> None:
        """Scan again: ``seat``'s code on the join screen, with a new address (the old one is revoked)."""
        self.at_phones.show_codes(seat)

    def play_here(self, seat: int) -> None:
        """A phone seat is played at the shared screen from now on (its phone is let go)."""
        self.at_phones.play_here(seat)

    def waiting_for_phone(self) -> int | None:
        """A deciding seat whose phone is not connected (the table waits for it), if any."""
        return self.at_phones.waiting()

    @property
    def humans(self) -> list[int]:
        """The seats of people at this screen."""
        return list(self.audience.humans)

    @property
    def one_screen(self) -> bool:
        """At most one person, at this screen: it is theirs (or, with nobody, everyone's) and never covered."""
        return self.audience.one_screen

    def bot_to_act(self) -> int | None:
        """The bot seat that moves next, if one is to decide."""
        return self.bots.to_act()

    def enter(self) -> None:
        # A new match or a resumed one of a hidden game opens behind the cover; phone seats get their codes.
        self._hand_over_if_needed()
        self.at_phones.start()

    def leave(self) -> None:
        self.at_phones.stop()
        self.app.saves.leave(self.match)

    def shutdown(self) -> None:
        """The app closes with the table open: as when it is left (the phones let go, the match's lock too)."""
        self.leave()

    # ---------------------------------------------------------------- what the screen shows
    def view_of(self, seat: int | None) -> Any:
        """The rules' view of the current state for ``seat``, asked of the rules once per position and seat
        (the screen, its move log and a tutorial read it again and again)."""
        state = self.match.state
        if self._views[0] is not state:
            self._views = (state, {})
        views = self._views[1]
        if seat not in views:
            views[seat] = self.match.rules.view(state, seat)
        return views[seat]

    def screen(self) -> Seen:
        """What this screen shows and may send now: the view of the state for the seat it shows (a replay with
        all hands shown: the whole state), the legal intents the policy lets it send, the names.  Worked out
        once per position, seat shown, seating and tutorial step; the view and its choices read it on every
        frame and every click."""
        state, shows, audience, step = self.match.state, self.shows, self.audience, self._gate_step()
        known = self._screen
        if known is not None:
            (was, shown, policy, stepped), seen = known
            if was is state and shown == shows and policy is audience and stepped == step:
                return seen
        rules = self.match.rules
        shown_state = state if self.show_all else self.view_of(shows)
        seen = Seen(shown_state, tuple(audience.may_send(SHARED, state, shows)), shows, tuple(self.match.seats), rules,
                    why=lambda intent: rules.why_illegal(self.match.state, intent))
        self._screen = ((state, shows, audience, step), seen)
        return seen

    def _gate_step(self) -> int:
        """How far a tutorial's script has gone (what its gate lets the screen send changes with it only)."""
        return -1 if self.gate is None else self.gate.step()

    def seen_state(self) -> Any:
        """The rules' view of the current state for the seat this screen shows (a replay with all hands shown:
        the whole state)."""
        return self.screen().state

    # ---------------------------------------------------------------- replays
    def step_forward(self) -> None:
        """The next move of the replay, with its animations (as a spectator sees it)."""
        if not self.replay or self.view.busy:
            return
        entry = self.match.step()
        if entry is None:
            return
        events = self.audience.events_for(None, entry.events)
        self.log.add(events)
        self.view.animate(events)

    def step_back(self) -> None:
        """The move before, at once."""
        if not self.replay:
            return
        self.view.finish_animations()            # the move being animated ends where it lands
        if self.match.back():
            self.view.sync()
            self.log.rebuild(None)

    def jump(self, moves: int) -> None:
        """Straight to the position after ``moves`` moves (Home, End)."""
        if not self.replay:
            return
        self.match.jump(moves)
        self.view.sync()
        self.log.rebuild(None)

    def replay_line(self) -> str:
        """The banner's line in a replay: where it stands and how to move."""
        hands = "every hand shown" if self.show_all else "as a spectator sees it"
        return (f"Replay, {hands}: move {len(self.match.history)} of {len(self.match.journal)}  "
                "(Left / Right, Home / End)")

    def legal(self) -> Sequence[Value]:
        """The legal intents this screen may send now (the policy's answer; none from a cover's other side)."""
        return self.screen().legal

    def vet(self, reply: Reply) -> str:
        """"" to carry out a click's reply; a tutorial's gate may hold one back (its coach's words say why)."""
        return "" if self.gate is None else self.gate.vet(reply)

    def hint(self) -> Hint | None:
        """The hint on screen now (the H button's), if any."""
        return self.hints.current()

    def _hand_over_if_needed(self) -> None:
        """Show the view the policy says this screen shows now, behind the cover when it changes hands."""
        if self.replay:
            return                   # a replay shows the spectator's view (or every hand) throughout
        decided = self.audience.shared(self.match.state, self.shows)
        if decided.shows == self.shows:
            return
        if decided.cover_for is not None:
            answer = self.view.answer_without_cover()     # a public pass the table makes at once
            if answer is not None and self.submit(answer):
                return
        cover = decided.cover_for
        if cover is not None and self.view.cover_needless(cover):
            cover = None                        # nobody touched the screen since it showed that seat
        self.shows = decided.shows
        self.log.rebuild(self.shows)
        self.view.sync()
        if cover is not None:
            self.app.scenes.open("pass_device", player=self.match.seats[cover],
                                 quick=self._quick_answer(), detail=self.match.rules.meta.cover)

    def _quick_answer(self) -> tuple[str, Any] | None:
        """A public answer the cover may offer (the view names it from the legal moves: never built here)."""
        answer = self.view.cover_answer()
        if answer is None:
            return None
        text, intent = answer
        return text, lambda: self.submit(intent)

    # ---------------------------------------------------------------- moves
    def submit(self, intent: Value) -> bool:
        """Send a move to the rules; animate what happened or show why it was refused.

        A move the view sends while it handles an event or a frame is shown (and a tutorial's script told) once
        the view has returned: the table never calls back into the view in the middle of its call; until then no
        other move is taken.
        The move is saved after the frame that shows it, and on disk before the next move is taken."""
        if self.view.busy or self._held:
            return False
        if self.watch_only:
            self.app.toasts.show("This match is being played in another copy of Dice Tabletop: "
                                 "here you can only watch.")
            return False
        self.app.saves.flush()                 # the move before is on disk before this one is taken
        try:
            events = self.match.submit(intent)
        except IllegalIntent as exc:
            self.app.toasts.show(exc.reason)
            self.app.audio.play("error")
            return False
        self.save()
        if self._view_acting:
            self._held.append((intent, events))
        else:
            self._made(intent, events)
        return True

    def _made(self, intent: Value, events: Sequence[Value]) -> None:
        """A move sent here was taken: a tutorial's script steps on, and the move is shown."""
        if self.gate is not None:
            self.gate.moved(intent)
        self.show_move(events)

    def _let_view(self, act: Any, *args: Any) -> None:
        """Let the view handle an event or a frame (``act(*args)``); the move it sent meanwhile, if any, is
        shown when it has returned."""
        self._view_acting = True
        try:
            act(*args)
        finally:
            self._view_acting = False
            held, self._held = self._held, []
        for intent, events in held:
            self._made(intent, events)

    def show_move(self, events: Sequence[Value]) -> None:
        """The events of a move just made (here or on a phone): animated as this screen may see them, told in
        its move log."""
        # The screen shows the events as the seat it shows may see them (the seat that made the move, if it was
        # made here, is still looking).
        shown = self.audience.events_for(self.shows, events)
        # A view that shows some events step by step (a reveal) holds back their lines until it has: the
        # log takes the move first, so the view's first step can already release its lines.
        hold = self.view.log_hold(shown)
        after = self.audience.shared(self.match.state, self.shows).shows
        if self.shows is not None and not self.one_screen and (after is None or hold):
            # The move makes the screen public (a public prompt, or a reveal the view shows the whole table
            # step by step): from now on the log speaks to everyone, without the private lines of the seat
            # that made it.
            self.log.rebuild(None, hold)
        else:
            self.log.add(events, hold=hold)
        self.view.animate(shown)
        self._refresh_undo()
        self.at_phones.moved(events)

    def release_log(self, count: int) -> None:
        """The view has shown ``count`` more of the events whose lines the log holds back."""
        self.log.release(count)

    def undo(self) -> None:
        """Take back the last move, if the controller allows it and it was made at this screen."""
        if self.view.busy:
            return
        allowed, reason = self._undo_status()
        if not allowed:
            self.app.toasts.show(reason)
            return
        taken = self.log.sentences(self.match.history[-1].events)
        self.match.undo()
        self.save()
        self.view.sync()
        self.log.rebuild(self.shows)
        # What was taken back, in the log's own words ("Taken back: Ann selects the blue die ...").
        self.log.note(f"Taken back: {taken[0]}" if taken else "The last move was taken back.")
        self._refresh_undo()
        self.at_phones.retold()

    def _undo_status(self) -> tuple[bool, str]:
        """Whether Undo may take back the last move here, and if not why: the controller's barriers, a move made
        on another screen (a phone's), a watching copy, a tutorial."""
        if self.watch_only:
            return False, "This match is played in another copy of Dice Tabletop."
        refusal = self.gate.undo_refusal() if self.gate is not None else ""
        if refusal:
            return False, refusal
        allowed, reason = self.match.undo_status()
        history = self.match.history
        if allowed and history and not self.audience.may_undo(SHARED, history[-1].intent):
            seat = getattr(history[-1].intent, "seat", None)
            name = self.match.seats[seat] if isinstance(seat, int) else "another player"
            return False, f"That move was made on {name}'s phone: only a move made here can be taken back here."
        return allowed, reason

    def save(self) -> None:
        """Save the match after a change: its record is taken once the frame is shown and written beside the
        frame loop, always before the next move is taken (a failure is said by :meth:`_tell_unsaved`)."""
        self.app.saves.store_later(self.match)

    def _tell_unsaved(self) -> None:
        """The first failed save is said once; then a standing mark says the match is not saved yet while every
        change (and the app, every few seconds) tries again."""
        unsaved = self.app.saves.is_unsaved(self.match)
        if unsaved and not self._told_unsaved and self.app.saves.problem:
            self.app.toasts.show(self.app.saves.problem, 6)
        self._told_unsaved = unsaved

    def _refresh_undo(self) -> None:
        allowed, reason = self._undo_status()
        self.undo_button.enabled = allowed
        self.undo_button.reason = reason

    # ---------------------------------------------------------------- overlays
    def open_help(self) -> None:
        """F1: the rules of this game, with the legend of its board."""
        self.open_rules()

    def open_rules(self) -> None:
        """The rules page of this game, with the legend of its board."""
        self.app.scenes.open("rules", game_id=self.match.game, legend=self.view.legend())

    def open_history(self) -> None:
        """The whole move log so far, as the seat in front of the screen may read it (click the log, or L)."""
        self.app.scenes.open("history", lines=list(self.log.lines))

    def open_menu(self) -> None:
        """The pause menu; on the final board, back to the results below it."""
        if self.match.finished and self.finished_shown:
            self.app.scenes.pop()
            return
        self.app.scenes.open("pause", table=self)

    # ---------------------------------------------------------------- loop
    def handle(self, event: pygame.event.Event) -> None:
        if self.hints.dismiss(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.tip = None              # a click ends the explanation; the next movement may bring another
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        log_box = log_rect(self.app, self.view.layout)
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and log_box.collidepoint(event.pos)) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_l):
            self.open_history()
            return
        if self.replay and event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.jump(0 if event.key == pygame.K_HOME else len(self.match.journal))
            return
        if self.at_phones.handle(event):
            return
        if press_any(self.buttons, event) or self.hints.handle(event):
            return
        self._let_view(self.view.handle, event)

    def _hover(self, pos: tuple[int, int]) -> None:
        previous = self.tip
        log_box = log_rect(self.app, self.view.layout)
        self.tip = (("The move log: click it (or press L) to read the whole match so far.", log_box.midtop)
                    if log_box.collidepoint(pos) else self.view.help_at(pos))
        if self.tip is None or previous is None or self.tip[0] != previous[0]:
            self.tip_since = self.clock      # a new thing under the mouse: wait before explaining it

    def update(self, dt: float) -> None:
        self.clock += dt
        self._tell_unsaved()
        self._let_view(self.view.update, dt)
        if self.replay:
            return
        if self.view.busy:
            return
        if self.match.finished and (self.gate is None or self.gate.shows_results()):
            if not self.finished_shown:
                self.finished_shown = True
                self.buttons[2].text = "Results"          # the final board can be looked at from the results
                self.shows = None
                self.view.sync()
                self.app.scenes.open_instead("results", match=self.match, table=self)
            return
        if self.match.finished:
            self.at_phones.stop()                       # the last page says who won; the server stops
            return
        self._hand_over_if_needed()
        self.at_phones.follow_wait()
        if self.app.scenes.top is self or self.demo:      # not behind the cover, the rules or the menu
            self._let_bot_move()

    def bot_pace(self) -> BotPace:
        """How bots move now: the setting's pace (the demo always watchable)."""
        if self.demo:
            return PACES["demo"]
        return PACES[self.app.settings.bots if self.app.settings.bots in PACES else "paced"]

    def _let_bot_move(self) -> None:
        """A bot's turn: worked out (in a thread when paced), shown a moment, then played at the pace's speed."""
        if self.watch_only:
            return
        pace = self.bot_pace()
        factor = max(self.app.animation_factor, 0.3)
        choice = self.bots.take_turn(self.clock, pace.threaded, pace.pause * factor, self.shows, pace.hold * factor)
        if choice is None:
            return
        self.view.speed_override = pace.speed
        try:
            self.submit(choice)
            if pace.speed == 0:
                self.view.finish_animations()        # Instant: the move's result at once, nothing to watch
        finally:
            self.view.speed_override = None

    def recent_lines(self) -> list[str]:
        """The last three moves, a sentence each, as the log tells them to the screen (while a bot plays)."""
        # None from before an edit of the position (a tutorial's skip ahead): they made another table.
        history = self.match.history[max(0, self.match.edited_at):]
        key = (len(history), self.log.seat, history[-1] if history else None, self.match.edited_at)
        if self._recent[0] != key:
            self._recent = (key, recent_moves([self.log.sentences(entry.events) for entry in history[-12:]]))
        return self._recent[1]

    def last_turn_lines(self) -> int:
        """How many of the move log's newest lines tell of the last turn (a bot's whole turn stays bright
        until the next player acts)."""
        history = self.match.history
        key = (len(history), self.log.seat, history[-1] if history else None, len(self.log.lines),
               self.match.edited_at)
        if self._turn_lines[0] != key:
            turn = turn_of(self.match)
            count = sum(len(self.log.sentences(entry.events)) for entry in turn)
            self._turn_lines = (key, min(count, len(self.log.lines)))
        return self._turn_lines[1]

    def thinking_line(self) -> str:
        """The banner's line while a bot works out its move, then the move it chose, for a moment."""
        return self.bots.line()

    @property
    def busy(self) -> bool:
        """Animating, or a tooltip is about to appear (the loop keeps drawing until it has)."""
        waiting_tip = self.tip is not None and self.clock - self.tip_since <= _TOOLTIP_DELAY + 0.1
        return self.view.animating or waiting_tip or self.bot_to_act() is not None or self.hints.busy

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.chrome.background)
        self.view.draw(surface)
        self._draw_banner(surface)
        draw_log(self.app, surface, self.log, self.view.layout, last_turn=self.last_turn_lines())
        if self.bot_to_act() is not None and not self.replay:
            draw_recent_moves(self.app, surface, self.recent_lines())   # nobody clicks for a bot: its last moves
        if self.demo:
            return                    # a demo's watchers use no button of the table (any key leaves)
        for button in self.buttons:
            button.draw(surface)
        if self.app.saves.is_unsaved(self.match):
            self._draw_unsaved_mark(surface)
        self.at_phones.draw(surface)
        self.hints.draw(surface)
        if self.tip and not self.view.busy and self.clock - self.tip_since > _TOOLTIP_DELAY:
            draw_tooltip(self.app, surface, *self.tip)
        for button in self.buttons:
            button.draw_tooltip(surface)

    def _draw_unsaved_mark(self, surface: pygame.Surface) -> None:
        """The standing mark of a match whose last moves are not on disk yet (a sign and words, not a colour)."""
        element = self.chrome["unsaved_mark"]
        draw_box(surface, element.rect, element.style)
        self.app.text.draw_element(surface, element, element.text or "! Not saved yet: retrying", shrink=True)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        layout = self.chrome
        text = self.app.text
        draw_box(surface, layout["banner"].rect, layout["banner"].style)
        status = self.view.status()
        text.draw_element(surface, layout["banner_headline"], status.headline, shrink=True)
        line = self.replay_line() if self.replay else (self.thinking_line() or self.at_phones.line() or status.prompt)
        prompt = layout["banner_prompt"]
        if text.fits_shrunk(line, prompt.style, prompt.rect[2]):
            text.draw_element(surface, prompt, line, shrink=True)
        else:
            # A bot's reason (or a long prompt) is never cut: it hangs below the banner on the lines it needs,
            # over the top of the table for the moment it is shown.
            style = prompt.style
            lines = text.wrap(line, style.font, style.size, prompt.rect[2])
            step = text.line_height(style)
            hanging = pygame.Rect(prompt.rect[0] - 16, prompt.rect[1] - 2, prompt.rect[2] + 32,
                                  step * len(lines) + 12)
            draw_box(surface, hanging, layout["banner"].style)
            text.draw(surface, line, style, hanging.inflate(-32, -8), wrap=True, valign="top")
        text.draw_element(surface, layout["banner_round"], status.round)
