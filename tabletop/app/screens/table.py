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

import copy
import threading
from typing import Any, Sequence

import pygame

from tabletop.core.controller import MatchController
from tabletop.core.protocol import IllegalIntent
from tabletop.core.rng import derive_seed
from tabletop.core.values import Value, visible_events

from ..gameview import GameView, Tooltip
from ..games import make_view
from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button, draw_tooltip, press_any

__all__ = ["TableScene", "MoveLog"]

_LOG_LIMIT = 200
_TOOLTIP_DELAY = 0.45
#: How long a paced bot's move waits after the table settles (seconds, at normal animation speed).
BOT_PAUSE = 0.9


class MoveLog:
    """The move log as one seat may read it: every event it may see, narrated with names."""

    def __init__(self, match: MatchController) -> None:
        self.match = match
        self.lines: list[str] = []
        self.seat: int | None = None
        self.held: list[str | None] = []     # lines of events the view has not shown yet (a stepped reveal)

    def rebuild(self, seat: int | None, hold: int = 0) -> None:
        """Narrate the whole match again for ``seat`` (after a hand-over or an undo); the lines of the last
        ``hold`` events of the last move wait for :meth:`release`."""
        self.seat = seat
        self.lines = []
        self.held = []
        self.add(self.match.opening_events)
        for index, entry in enumerate(self.match.journal):
            self.add(entry.events, hold if index == len(self.match.journal) - 1 else 0)

    def add(self, events: Sequence[Value], hold: int = 0) -> None:
        """Narrate the events ``seat`` may see of one move; the lines of the last ``hold`` of them wait for
        :meth:`release` (the view shows those events one step at a time)."""
        self.release(len(self.held))
        lines = self.sentences(events, keep_silent=True)
        hold = min(hold, len(lines))
        shown, self.held = lines[:len(lines) - hold], lines[len(lines) - hold:]
        self.lines.extend(line for line in shown if line)
        del self.lines[:-_LOG_LIMIT]

    def release(self, count: int) -> None:
        """The view has shown ``count`` more of the held events: their lines join the log."""
        released, self.held = self.held[:count], self.held[count:]
        self.lines.extend(line for line in released if line)
        del self.lines[:-_LOG_LIMIT]

    def sentences(self, events: Sequence[Value], keep_silent: bool = False) -> list:
        """The log's sentences for ``events``, as ``seat`` may read them (``keep_silent``: one item per
        visible event, None for an event the log does not tell)."""
        rules = self.match.rules
        shown = visible_events(events, self.seat)
        if not shown:
            return []
        seen = rules.view(self.match.state, self.seat)
        lines = [rules.narrate(event, seen, self.seat) for event in shown]
        return lines if keep_silent else [line for line in lines if line]

    def note(self, line: str) -> None:
        """A line of the table's own (an undo, say)."""
        self.lines.append(line)
        del self.lines[:-_LOG_LIMIT]


class TableScene(Scene):
    """Plays one match."""

    scene_name = "table"

    def __init__(self, app, match: MatchController, watch_only: bool = False,
                 replay: MatchController | None = None, show_all: bool = False) -> None:
        super().__init__(app)
        self.replay = replay                # the whole match, when the table replays it
        self.show_all = show_all and replay is not None and replay.finished
        if replay is not None:
            match = copy.copy(replay)       # the same match, cut at the position shown
            match.states, match.journal = replay.states[:1], []
            match.save_path = None
            watch_only = True
        self.match = match
        self.help_game = match.game
        self.watch_only = watch_only        # open in another copy of the app: nothing can be played here
        self.demo = False                   # played by the attract mode, off the scene stack, always paced
        self.chrome = layout = app.layouts["table"]
        self.viewer: int | None = None
        self.log = MoveLog(match)
        self.log.rebuild(None)
        self.bots: dict[int, Any] = {}
        self.thinking: dict | None = None         # a bot's move being worked out
        self.seat_bots()
        self.view: GameView = make_view(app, self, match)
        self.undo_button = Button(app, layout["undo"], self.undo)
        self.buttons = [
            self.undo_button,
            Button(app, layout["rules"], self.open_rules, hotkey=pygame.K_F1),
            Button(app, layout["menu"], self.open_menu, hotkey=pygame.K_ESCAPE),
        ]
        if replay is not None:
            self.buttons = [
                Button(app, layout["undo"], self.step_back, text="< Back", hotkey=pygame.K_LEFT),
                Button(app, layout["rules"], self.step_forward, text="Next >", hotkey=pygame.K_RIGHT),
                Button(app, layout["menu"], app.scenes.pop, text="Close", hotkey=pygame.K_ESCAPE),
            ]
        self.finished_shown = False
        self.mouse = (0, 0)
        self.tip: Tooltip | None = None
        self.tip_since = 0.0
        self.clock = 0.0
        self._refresh_undo()

    # ---------------------------------------------------------------- who plays each seat
    def seat_bots(self) -> None:
        """A bot for every seat whose kind is not human (after a seat changed hands, too)."""
        rules = self.match.rules
        self.bots = {}
        for seat, kind in enumerate(self.match.seat_kinds):
            if kind == "human" or self.replay is not None:
                continue
            seed = derive_seed(self.match.seed, "bot", seat, kind)
            try:
                self.bots[seat] = rules.make_bot(kind, seed, seat)
            except ValueError:
                # A kind this copy does not know (an older save, a hand-edited file): the easy bot plays it.
                self.bots[seat] = rules.make_bot("easy", seed, seat)
        self.thinking = None

    def seats_changed(self) -> None:
        """Someone left or came back: bots are seated again, and the screen shows the public view until the
        table works out who holds it now (behind the cover if that is a human among several)."""
        self.seat_bots()
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
        if self.match.finished:
            return None
        seat = self.match.state.to_act
        return seat if seat is not None and seat in self.bots else None

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
        """The next move of the replay, with its animations (as a spectator sees them)."""
        full, shown = self.replay, self.match
        if full is None or self.view.busy or len(shown.journal) >= len(full.journal):
            return
        entry = full.journal[len(shown.journal)]
        shown.journal.append(entry)
        shown.states.append(full.states[len(shown.journal)])
        events = entry.events if self.show_all else visible_events(entry.events, None)
        self.log.add(events)
        self.view.animate(events)

    def step_back(self) -> None:
        """The move before, at once."""
        if self.replay is None or not self.match.journal:
            return
        timeline = getattr(self.view, "timeline", None)
        if timeline is not None:
            timeline.finish()                     # the move being animated ends where it lands
        self.match.journal.pop()
        self.match.states.pop()
        self.view.sync()
        self.log.rebuild(None)

    def jump(self, moves: int) -> None:
        """Straight to the position after ``moves`` moves (Home, End)."""
        if self.replay is None:
            return
        moves = max(0, min(moves, len(self.replay.journal)))
        self.match.journal = self.replay.journal[:moves]
        self.match.states = self.replay.states[:moves + 1]
        self.view.sync()
        self.log.rebuild(None)

    def replay_line(self) -> str:
        """The banner's line in a replay: where it stands and how to move."""
        total = len(self.replay.journal) if self.replay is not None else 0
        hands = "every hand shown" if self.show_all else "as a spectator sees it"
        return f"Replay, {hands}: move {len(self.match.journal)} of {total}  (Left / Right, Home / End)"

    def screen_holder(self) -> int | None:
        """The seat that must hold the screen now: the rules' hand-over, if that seat is a human."""
        if self.match.finished:
            return None
        seat = self.match.rules.handover(self.match.state)
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
            legal = tuple(intent for intent in legal if getattr(intent, "seat", None) not in self.bots)
        return legal

    def _hand_over_if_needed(self) -> None:
        """Show the view of whoever must hold the screen now, behind the cover when that is a new seat."""
        if self.replay is not None:
            return                   # a replay shows the spectator's view (or every hand) throughout
        if self.one_screen:
            home = self.humans[0] if self.humans else None
            if self.viewer != home:
                self.viewer = home
                self.log.rebuild(home)
                self.view.sync()
            return
        holder = self.screen_holder()
        handover = self.match.rules.handover(self.match.state) if not self.match.finished else None
        if holder is None and handover is not None and handover in self.bots:
            return                   # a bot decides in private: the human in front of the screen keeps looking
        if holder == self.viewer:
            return
        self.viewer = holder
        self.log.rebuild(holder)
        self.view.sync()
        if holder is not None:
            self.app.scenes.open("pass_device", player=self.match.seats[holder])

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
        handover = self.match.rules.handover(self.match.state) if not self.match.finished else None
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
        taken = self.log.sentences(self.match.journal[-1].events)
        self.match.undo()
        self._save()
        self.view.sync()
        self.log.rebuild(self.viewer)
        # What was taken back, in the log's own words ("Taken back: Ann selects the blue die ...").
        self.log.note(f"Taken back: {taken[0]}" if taken else "The last move was taken back.")
        self._refresh_undo()

    def _save(self) -> None:
        """Write the match after a change; if that fails, say so (the next change tries again)."""
        if not self.app.saves.store(self.match) and self.app.saves.problem:
            self.app.toasts.show(self.app.saves.problem, 6)

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
        if self.replay is not None and event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.jump(0 if event.key == pygame.K_HOME else len(self.replay.journal))
            return
        if press_any(self.buttons, event):
            return
        self.view.handle(event)

    def _hover(self, pos: tuple[int, int]) -> None:
        previous = self.tip
        self.tip = self.view.help_at(pos)
        if self.tip is None or previous is None or self.tip[0] != previous[0]:
            self.tip_since = self.clock      # a new thing under the mouse: wait before explaining it

    def update(self, dt: float) -> None:
        self.clock += dt
        self.view.update(dt)
        if self.replay is not None:
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

    def _let_bot_move(self) -> None:
        """A bot's turn: work out its move (in a thread when paced), wait a moment, then play it."""
        seat = self.bot_to_act()
        if seat is None or self.watch_only:
            self.thinking = None
            return
        state = self.match.state
        paced = self.app.settings.bots != "instant" or self.demo
        if self.thinking is None or self.thinking["state"] is not state:
            rules = self.match.rules
            legal, view = self.match.legal_intents(), rules.view(state, seat)
            chosen: list = []
            work = lambda: chosen.append(self.bots[seat].choose(legal, view))   # noqa: E731
            thread = None
            if paced:
                thread = threading.Thread(target=work, daemon=True)
                thread.start()
            else:
                work()
            self.thinking = {"state": state, "seat": seat, "since": self.clock, "chosen": chosen, "thread": thread}
        thinking = self.thinking
        if thinking["thread"] is not None:
            # A moment of this frame for the bot: a loop that never sleeps (a compressed demo, a test) would
            # otherwise keep the interpreter to itself and starve the thread.
            thinking["thread"].join(0.002)
            if thinking["thread"].is_alive():
                return
        pause = BOT_PAUSE * max(self.app.animation_factor, 0.3)
        if paced and thinking["chosen"] and "shown" not in thinking:
            thinking["shown"] = self.clock          # the choice is shown for a moment before it applies
            thinking["preview"] = self._preview(thinking["chosen"][0], state)
        if paced and self.clock - thinking.get("shown", thinking["since"]) < pause:
            return
        self.thinking = None
        if thinking["chosen"]:
            self.submit(thinking["chosen"][0])

    def _preview(self, intent: Value, state: Any) -> str:
        """The bot's choice in the log's words, as the screen's viewer may read it: the move tried on a copy
        with its first events only while nothing random was drawn (a roll's outcome is not known yet)."""
        from tabletop.core.rng import RecordingRandom, SeededRandom

        rules = self.match.rules
        recorder = RecordingRandom(SeededRandom(0))
        try:
            step = rules.apply(state, intent, recorder)
        except IllegalIntent:
            return ""
        if recorder.draws:
            return ""                              # a roll: its dice will show what happened
        seen = rules.view(step.state, self.viewer)
        for event in visible_events(step.events, self.viewer):
            line = rules.narrate(event, seen, self.viewer)
            if line:
                return line
        return ""

    def thinking_line(self) -> str:
        """The banner's line while a bot works out its move, then the move it chose, for a moment."""
        seat = self.bot_to_act()
        if seat is None:
            return ""
        thinking = self.thinking
        if thinking is not None and thinking.get("preview"):
            return thinking["preview"]
        return f"{self.match.seats[seat]} ({self.match.seat_kinds[seat]} bot) is thinking…"

    @property
    def busy(self) -> bool:
        """Animating, or a tooltip is about to appear (the loop keeps drawing until it has)."""
        waiting_tip = self.tip is not None and self.clock - self.tip_since <= _TOOLTIP_DELAY + 0.1
        return self.view.animating or waiting_tip or self.bot_to_act() is not None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.chrome.background)
        self.view.draw(surface)
        self._draw_banner(surface)
        for button in self.buttons:
            button.draw(surface)
        self._draw_log(surface)
        if self.tip and not self.view.busy and self.clock - self.tip_since > _TOOLTIP_DELAY:
            draw_tooltip(self.app, surface, *self.tip)
        for button in self.buttons:
            button.draw_tooltip(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        layout = self.chrome
        text = self.app.text
        draw_box(surface, layout["banner"].rect, layout["banner"].style)
        status = self.view.status()
        text.draw_element(surface, layout["banner_headline"], status.headline, shrink=True)
        line = self.replay_line() if self.replay is not None else (self.thinking_line() or status.prompt)
        text.draw_element(surface, layout["banner_prompt"], line, shrink=True)
        text.draw_element(surface, layout["banner_round"], status.round)

    def _draw_log(self, surface: pygame.Surface) -> None:
        """The latest lines of the move log, newest at the bottom, long lines wrapped."""
        layout = self.chrome
        box = layout["log"]
        draw_box(surface, box.rect, box.style)
        line = layout["log_line"]
        style = line.style
        text = self.app.text
        height = line.rect[3]
        area = pygame.Rect(box.rect).inflate(-24, -12)
        rows: list[tuple[str, bool]] = []
        for age, entry in enumerate(reversed(self.log.lines)):
            wrapped = text.wrap(entry, style.font, style.size, area.width)
            rows[:0] = [(piece, age == 0) for piece in wrapped]
            if len(rows) * height >= area.height:
                break
        rows = rows[-(area.height // height):]
        dim = self.app.layouts.theme.colours["text_dim"]
        for index, (piece, newest) in enumerate(rows):
            rect = pygame.Rect(area.x, area.y + index * height, area.width, height)
            text.draw(surface, piece, style, rect, colour=None if newest else dim)
