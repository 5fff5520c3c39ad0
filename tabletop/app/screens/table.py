"""The game table: the banner, the game's own view, Undo, Rules, Menu, the move log and the cover.

Every move goes through the match controller (which saves after every move); the
view animates the events it returns, filtered for the seat in front of the
screen.  While the view animates, clicks are ignored, so no click is ever applied
twice.

Who looks at the screen: ``viewer`` is the seat whose private view is shown, or
None for the public view.  When the rules' ``handover`` names another (human)
seat, the table waits for the animations to finish, then covers the screen and
names who should take it; the view, the move log and the tooltips then show that
seat's view only.  When it names nobody, everyone may look and the public view
is shown.  At the end of the game the public view is shown, never a seat's.

Bots: a seat whose kind is not "human" is played by the game's bot of that level
(``rules.make_bot``), which sees only its own seat's view.  It moves at a pace the
table can follow (Settings -> Bots), thinking in a thread so the screen stays alive;
while it thinks nobody can click for it.  The cover appears only between humans:
with one human at the table the screen always shows that player's view, with none
(bots only) the public view.

Replays: opened with ``replay=`` (a whole match, replayed from its record), the table
shows that match move by move, forward with its animations and back at once, as a
spectator sees it; with ``show_all`` (a finished match only) every hand is shown.
"""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from tabletop.core.controller import MatchController
from tabletop.core.protocol import IllegalIntent, Intent
from tabletop.core.values import Value, visible_events

from ..bot_turns import PACES, BotPace, BotSeats
from ..games import make_view
from ..hints import TableHints
from ..gameview import GameView, Tooltip
from ..marks import draw_recent_moves, recent_moves
from ..movelog import MoveLog, draw_log, log_rect
from ..scenes import Scene
from ..services import AppServices
from ..text import draw_box
from ..widgets import Button, draw_tooltip, press_any

__all__ = ["TableScene", "MoveLog"]

_TOOLTIP_DELAY = 0.45


class TableScene(Scene):
    """Plays one match."""

    scene_name = "table"

    def __init__(self, app: AppServices, match: MatchController, watch_only: bool = False,
                 replay: MatchController | None = None, show_all: bool = False) -> None:
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
        self.demo = False                   # played by the attract mode, off the scene stack, always paced
        self.chrome = layout = app.layouts["table"]
        self.viewer: int | None = None
        self.log = MoveLog(match)
        self.log.rebuild(None)
        self.bots = BotSeats(match, active=not self.replay)
        self._handover: tuple[Any, int | None] | None = None
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
        self._refresh_undo()

    # ---------------------------------------------------------------- who plays each seat
    def seats_changed(self) -> None:
        """Someone left or came back: bots are seated again, and the screen shows the public view until the
        table works out who holds it now (behind the cover if that is a human among several)."""
        self.bots.seat_bots()
        self.viewer = None
        self.log.rebuild(None)
        self.view.sync()

    @property
    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.match.seat_kinds) if kind == "human"]

    @property
    def one_screen(self) -> bool:
        """At most one human: the screen is theirs (or, with none, everyone's) and never needs the cover."""
        return len(self.humans) <= 1

    def bot_to_act(self) -> int | None:
        """The seat to act, if a bot plays it."""
        return self.bots.to_act()

    def enter(self) -> None:
        # A new match or a resumed one of a hidden game opens behind the cover.
        self._hand_over_if_needed()

    def leave(self) -> None:
        self.app.saves.leave(self.match)

    # ---------------------------------------------------------------- what the screen shows
    def seen_state(self) -> Any:
        """The rules' view of the current state for the seat in front of the screen (a replay with all hands
        shown: the whole state)."""
        if self.show_all:
            return self.match.state
        return self.match.rules.view(self.match.state, self.viewer)

    # ---------------------------------------------------------------- replays
    def step_forward(self) -> None:
        """The next move of the replay, with its animations (as a spectator sees it)."""
        if not self.replay or self.view.busy:
            return
        entry = self.match.step()
        if entry is None:
            return
        events = entry.events if self.show_all else visible_events(entry.events, None)
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

    def private_seat(self) -> int | None:
        """The seat that must hold the screen now, by the rules (asked once per position)."""
        state = self.match.state
        if self._handover is None or self._handover[0] is not state:
            self._handover = (state, None if self.match.finished else self.match.rules.private_seat(state))
        return self._handover[1]

    def screen_holder(self) -> int | None:
        """The seat that must hold the screen now: the rules' hand-over, if that seat is a human."""
        seat = self.private_seat()
        if seat is None or self.match.seat_kinds[seat] != "human":
            return None
        return seat

    def legal(self) -> Sequence[Value]:
        """The legal intents, if the seat to act may act from this screen (else none: nobody clicks for a bot)."""
        holder = self.screen_holder()
        if self.watch_only or (holder is not None and holder != self.viewer) or self.bot_to_act() is not None:
            return ()
        legal = self.match.legal_intents()
        if self.bots:       # an interrupt another seat may send: not from this screen when a bot holds that seat
            legal = tuple(intent for intent in legal if not (isinstance(intent, Intent) and intent.seat in self.bots))
        return legal

    def _hand_over_if_needed(self) -> None:
        """Show the view of whoever must hold the screen now, behind the cover when that is a new seat."""
        if self.replay:
            return                   # a replay shows the spectator's view (or every hand) throughout
        if self.one_screen:
            home = self.humans[0] if self.humans else None
            if self.viewer != home:
                self.viewer = home
                self.log.rebuild(home)
                self.view.sync()
            return
        holder = self.screen_holder()
        handover = self.private_seat()
        if holder is None and handover is not None and handover in self.bots:
            return                   # a bot decides in private: the human in front of the screen keeps looking
        if holder == self.viewer:
            return
        self.viewer = holder
        self.log.rebuild(holder)
        self.view.sync()
        if holder is not None:
            self.app.scenes.open("pass_device", player=self.match.seats[holder], quick=self._quick_answer())

    def _quick_answer(self) -> tuple[str, Any] | None:
        """A public answer the cover may offer (the view names it from the legal moves: never built here)."""
        offer = getattr(self.view, "cover_answer", None)
        answer = offer() if offer is not None else None
        if answer is None:
            return None
        text, intent = answer
        return text, lambda: self.submit(intent)

    # ---------------------------------------------------------------- moves
    def submit(self, intent: Value) -> bool:
        """Send a move to the rules; animate what happened or show why it was refused."""
        if self.view.busy:
            return False
        if self.watch_only:
            self.app.toasts.show("This match is being played in another copy of Dice Tabletop: "
                                 "here you can only watch.")
            return False
        try:
            events = self.match.submit(intent)
        except IllegalIntent as exc:
            self.app.toasts.show(exc.reason)
            self.app.audio.play("error")
            return False
        self._save()
        # The seat that made the move is still looking: it sees the events as it may see them.
        shown = visible_events(events, self.viewer)
        # A view that shows some events step by step (a reveal) holds back their lines until it has: the
        # log takes the move first, so the view's first step can already release its lines.
        hold = self.view.log_hold(shown)
        handover = self.private_seat()
        private_bot = handover is not None and handover in self.bots
        if self.viewer is not None and not self.one_screen and (
                (self.screen_holder() is None and not private_bot) or hold):
            # The move makes the screen public (a public prompt, or a reveal the view shows the whole table
            # step by step): from now on the log speaks to everyone, without the private lines of the seat
            # that made it.
            self.log.rebuild(None, hold)
        else:
            self.log.add(events, hold=hold)
        self.view.animate(shown)
        self._refresh_undo()
        return True

    def release_log(self, count: int) -> None:
        """The view has shown ``count`` more of the events whose lines the log holds back."""
        self.log.release(count)

    def undo(self) -> None:
        """Take back the last move, if the controller allows it."""
        if self.view.busy:
            return
        allowed, reason = self.match.undo_status()
        if not allowed:
            self.app.toasts.show(reason)
            return
        taken = self.log.sentences(self.match.history[-1].events)
        self.match.undo()
        self._save()
        self.view.sync()
        self.log.rebuild(self.viewer)
        # What was taken back, in the log's own words ("Taken back: Ann selects the blue die ...").
        self.log.note(f"Taken back: {taken[0]}" if taken else "The last move was taken back.")
        self._refresh_undo()

    def _save(self) -> None:
        """Write the match after a change.  The first failure is said once; then a standing mark says the match
        is not saved yet while every change (and the app, every few seconds) tries again."""
        saves = self.app.saves
        already = saves.is_unsaved(self.match)
        if not saves.store(self.match) and saves.problem and not already:
            self.app.toasts.show(saves.problem, 6)

    def _refresh_undo(self) -> None:
        allowed, reason = self.match.undo_status()
        if self.watch_only:
            allowed, reason = False, "This match is played in another copy of Dice Tabletop."
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
        if press_any(self.buttons, event) or self.hints.handle(event):
            return
        self.view.handle(event)

    def _hover(self, pos: tuple[int, int]) -> None:
        previous = self.tip
        log_box = log_rect(self.app, self.view.layout)
        self.tip = (("The move log: click it (or press L) to read the whole match so far.", log_box.midtop)
                    if log_box.collidepoint(pos) else self.view.help_at(pos))
        if self.tip is None or previous is None or self.tip[0] != previous[0]:
            self.tip_since = self.clock      # a new thing under the mouse: wait before explaining it

    def update(self, dt: float) -> None:
        self.clock += dt
        self.view.update(dt)
        if self.replay:
            return
        if self.view.busy:
            return
        if self.match.finished:
            if not self.finished_shown:
                self.finished_shown = True
                self.buttons[2].text = "Results"          # the final board can be looked at from the results
                self.viewer = None
                self.view.sync()
                self.app.scenes.open_instead("results", match=self.match, table=self)
            return
        self._hand_over_if_needed()
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
        choice = self.bots.take_turn(self.clock, pace.threaded, pace.pause * factor, self.viewer, pace.hold * factor)
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
        history = self.match.history
        key = (len(history), self.log.seat, history[-1] if history else None)
        if self._recent[0] != key:
            self._recent = (key, recent_moves([self.log.sentences(entry.events) for entry in history[-12:]]))
        return self._recent[1]

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
        draw_log(self.app, surface, self.log, self.view.layout)
        if self.bot_to_act() is not None and not self.replay:
            draw_recent_moves(self.app, surface, self.recent_lines())   # nobody clicks for a bot: its last moves
        if self.demo:
            return                    # a demo's watchers use no button of the table (any key leaves)
        for button in self.buttons:
            button.draw(surface)
        if self.app.saves.is_unsaved(self.match):
            self._draw_unsaved_mark(surface)
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
        line = self.replay_line() if self.replay else (self.thinking_line() or status.prompt)
        text.draw_element(surface, layout["banner_prompt"], line, shrink=True)
        text.draw_element(surface, layout["banner_round"], status.round)
