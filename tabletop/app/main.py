"""The app: services (display, layouts, text, audio, settings, saves), the scene stack, the frame loop.

The loop never lets an error end the game night: an unexpected error in a scene
is written to ``logs/errors.log`` in the user folder (the same error once, with a
count), and the app returns to the title screen, from which the match (saved
after every move) can be resumed.  A scene that fails again right after that, or
broken data, ends on a plain screen that says what is wrong, never in a loop.

When nothing moves and no input arrives the loop sleeps until the next event
instead of drawing the same picture sixty times a second.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from pathlib import Path
from typing import Any, Callable

import pygame

from tabletop import __version__
from tabletop.core.data import DataError
from tabletop.core.files import FileRefused
from tabletop.paths import art_path, data_path, user_dir, user_folder
from tabletop.registry import entry, game_ids, get_rules, load

from .assets import load_image
from .audio import Audio
from .dice import DiceArt
from .display import Display, prefer_fast_presentation
from .layout import LayoutBook
from .memory import tune_allocator
from .navigation import SCENES
from .scenes import SceneManager
from .screens.rules import read_rules_page, rules_page
from .storage import ANIMATION_SPEEDS, SaveSlots, SettingsStore
from .text import TextRenderer
from .widgets import Toasts

__all__ = ["App", "run_app", "ErrorLog"]

TITLE = "Dice Tabletop"
#: How long the loop sleeps at most while nothing moves (tooltips and toasts need no finer timing).
IDLE_WAIT_MS = 250
#: How long the loop keeps drawing after the last input (a tooltip waits 0.7 s before it shows).
INPUT_AFTERGLOW = 1.2
_INPUT = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.TEXTINPUT,
          pygame.MOUSEWHEEL)


class ErrorLog:
    """Unexpected errors, appended to ``logs/errors.log``; the same error again only counts up."""

    def __init__(self) -> None:
        self.last = ""
        self.repeats = 0

    def write(self, trace: str) -> int:
        """Log ``trace`` (once if it repeats); returns how many times in a row it has happened."""
        if trace == self.last:
            self.repeats += 1
            if self.repeats in (10, 100, 1000, 10000):
                self._append(f"(the error above has now happened {self.repeats} times in a row)\n")
            return self.repeats
        if self.repeats > 1:
            self._append(f"(the error above happened {self.repeats} times in a row)\n")
        self.last, self.repeats = trace, 1
        self._append(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} Dice Tabletop {__version__}\n{trace}\n")
        return 1

    def _append(self, text: str) -> None:
        try:
            path = user_dir() / "logs" / "errors.log"
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as log:
                log.write(text)
        except OSError:
            pass
        print(text, file=sys.stderr, end="")        # always somewhere: the terminal, if the log cannot be written


class App:
    """Everything a scene needs, in one place."""

    def __init__(self, *, layouts: LayoutBook | None = None, windowed: bool = False) -> None:
        self.started = time.perf_counter()
        tune_allocator()                          # a night of attract mode must not fragment the heap
        self.home = user_folder()
        self.settings_store = SettingsStore()
        self.settings = self.settings_store.load()
        self.layouts = layouts or LayoutBook()
        icon = _load_icon()
        self.display = Display(f"{TITLE} {__version__}", fullscreen=self.settings.fullscreen and not windowed,
                               icon=icon)
        self.display.open()
        pygame.key.set_repeat(350, 40)
        self.text = TextRenderer(self.layouts.theme)
        self._dice: dict[str, DiceArt] = {}
        self.cache: dict[str, object] = {}       # assets a game's view reads once (its board map, say)
        self.check_games()
        self.audio = Audio(self.settings.volume, self.settings.muted)
        self.saves = SaveSlots()
        self.scenes = SceneManager(self, SCENES)
        self.toasts = Toasts(self)
        self.errors = ErrorLog()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.first_interactive: float | None = None
        self._recovered_at: int | None = None
        self._draw_next = True
        self._last_input = time.perf_counter()       # the demo waits a minute from the start, too
        self._saves_tried = time.perf_counter()
        # What runs every frame whichever scene is on top (a table's phones are played behind a cover or a menu);
        # each says whether it has more to do at once (else the loop may sleep until an event wakes it).
        self.ticks: list[Callable[[], bool]] = []
        self.spare_ticks: list[Callable[[], bool]] = []     # run once the frame is shown, in its spare time
        self.every_frame(self._store_due, spare=True)     # a move's save is taken once its frame is shown
        self._ticking = False
        self.frame_ms = 0.0          # the last frame's work until it was shown
        self.spare_ms = 0.0          # and its work after that (the spare ticks)
        if not self.home.kept:
            instead = " A temporary folder is used." if self.home.wanted is not None else " Saving is retried."
            self.toasts.show(f"Games will not be kept: {self.home.problem}.{instead}", 8)
        elif self.settings_store.message:
            self.toasts.show(self.settings_store.message, 6)

    def check_games(self) -> None:
        """Read every registered game's data now (its content through its rules, its dice, its layout, its
        rules page and its view's assets), so broken data stops the start naming file, line and key."""
        self.dice_for("dice_realms")      # the title's dice
        for game in game_ids():
            record = entry(game)
            get_rules(game)
            folder = game.replace("-", "_")
            if data_path(folder, "dice.yaml").is_file():
                self.dice_for(folder)
            self.layouts[record.layout]
            check_rules_page(rules_page(game))
            if record.assets:
                load(record.assets)(self)

    def dice_for(self, game_folder: str) -> DiceArt:
        """The dice renderer of a game (its ``data/<game>/dice.yaml``), made once."""
        art = self._dice.get(game_folder)
        if art is None:
            art = self._dice[game_folder] = DiceArt(game_folder)
        return art

    # ---------------------------------------------------------------- settings
    @property
    def animation_factor(self) -> float:
        """How long animations take: 1 normal, 0.4 fast, 0 instant."""
        return ANIMATION_SPEEDS.get(self.settings.animation, 1.0)

    def save_settings(self) -> None:
        """Persist the settings (fullscreen, volume, speed, names)."""
        self.settings.fullscreen = self.display.fullscreen
        self.settings.volume = self.audio.volume
        self.settings.muted = self.audio.muted
        self.settings_store.save(self.settings)

    # ---------------------------------------------------------------- loop
    def quit(self) -> None:
        """Leave at the end of this frame (the match is already saved)."""
        self.running = False

    def translate(self, event: pygame.event.Event) -> pygame.event.Event:
        """Mouse positions from window pixels to logical pixels."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            attrs = dict(event.dict)
            attrs["pos"] = self.display.to_logical(event.pos)
            return pygame.event.Event(event.type, attrs)
        return event

    def process(self, event: pygame.event.Event) -> None:
        """One event: window events here, the rest to the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.display.resized(event.size)
            return
        if event.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED):
            self.display.invalidate()        # the picture shown at 4K is sent by its changed rows alone
            self.redraw()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.display.toggle_fullscreen()
            self.save_settings()
            return
        top = self.scenes.top
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and top is not None \
                and top.scene_name not in ("rules", "problem"):
            top.open_help()             # the rules, from any screen (the rules screen closes itself on F1)
            return
        if event.type in _INPUT:
            self._last_input = time.perf_counter()
        self.scenes.handle(self.translate(event))

    def every_frame(self, tick: Callable[[], bool], on: bool = True, spare: bool = False) -> None:
        """Run ``tick`` every frame from now on (``on=False``: no more); it returns whether it has more to do
        (something it runs beside the loop wakes the loop with an event when there is more).  ``spare``: run it
        after the frame is shown, so its work never delays what the players see."""
        ticks = self.spare_ticks if spare else self.ticks
        if on and tick not in ticks:
            ticks.append(tick)
        elif not on and tick in ticks:
            ticks.remove(tick)

    @property
    def animating(self) -> bool:
        """Whether the next frames must be drawn even without input (something moves or is about to).

        For a moment after any input the loop keeps drawing too, so hover tooltips can appear.
        """
        top = self.scenes.top
        recent = time.perf_counter() - self._last_input < INPUT_AFTERGLOW
        return bool(self._draw_next or recent or self.toasts.remaining > 0 or self._ticking or
                    (top is not None and top.busy))

    def frame(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """Handle pending events, advance, draw and show one frame; then the spare ticks."""
        began = time.perf_counter()
        for event in pygame.event.get() if events is None else events:
            self.process(event)
            if not self.running:
                return
        self._draw_next = False
        self._ticking = False
        for tick in list(self.ticks):
            self._ticking = bool(tick()) or self._ticking
        self.scenes.update(dt)
        self.toasts.update(dt)
        surface = self.display.surface
        self.scenes.draw(surface)
        self.toasts.draw(surface)
        self.display.present()
        shown = time.perf_counter()
        self.frame_ms = (shown - began) * 1000
        for tick in list(self.spare_ticks):
            self._ticking = bool(tick()) or self._ticking
        self.spare_ms = (time.perf_counter() - shown) * 1000
        self.frames += 1
        if self.first_interactive is None:
            self.first_interactive = time.perf_counter() - self.started
            if os.environ.get("TABLETOP_REPORT_FIRST_FRAME"):
                print("TABLETOP_FIRST_FRAME", flush=True)   # read by the launch benchmark

    def _store_due(self) -> bool:
        """After the frame: the saves of the moves it shows are handed to the writer (off the input path)."""
        return self.saves.store_due()

    def idle(self) -> None:
        """Nothing moves and nobody touches anything: a scene with a timer (the title's demo) is told how long."""
        top = self.scenes.top
        if top is not None:
            top.idle(time.perf_counter() - self._last_input)

    def redraw(self) -> None:
        """Ask for the next frame to be drawn even if nothing moves (a scene changed, say)."""
        self._draw_next = True

    def run(self, frames: int = 0) -> None:
        """The frame loop, then the close (settings, scenes, saves); ``frames`` > 0 stops after that many frames
        (smoke tests)."""
        self.loop(frames)
        self.close()

    def loop(self, frames: int = 0) -> None:
        """The frame loop alone, until the app is asked to quit (or ``frames`` > 0 frames are drawn); the app is
        still open after it (the idle benchmark measures this loop without the work of closing)."""
        while self.running:
            events = None
            if not self.animating and not frames:
                # Nothing moves: sleep until something happens (or a moment passes, for timers).
                first = pygame.event.wait(IDLE_WAIT_MS)
                if first.type == pygame.NOEVENT:
                    self.clock.tick()
                    self.idle()
                    self.keep_saving()
                    continue
                events = [first, *pygame.event.get()]
            dt = min(self.clock.tick(60) / 1000.0, 0.1)
            try:
                self.frame(dt, events)
                self.keep_saving()
            except Exception as exc:   # noqa: BLE001 - the game night goes on; the error is logged
                self.recover(exc, traceback.format_exc())
            if frames and self.frames >= frames:
                self.running = False

    def close(self) -> None:
        """What closing the app does: the settings and the saves written, every scene left."""
        self.save_settings()
        self.scenes.shutdown()
        self.saves.flush()
        self.keep_saving(closing=True)

    def keep_saving(self, closing: bool = False) -> None:
        """Write again, every few seconds, the matches whose last moves could not be saved (a full disk);
        when the app closes, a last try, and what is still unsaved is written to the error log."""
        if not self.saves.unsaved:
            return
        now = time.perf_counter()
        if not closing and now - self._saves_tried < SAVE_RETRY_SECONDS:
            return
        self._saves_tried = now
        if self.saves.retry() or not closing:
            return
        lost = ", ".join(f"{m.rules.meta.name} ({len(m.journal)} moves)" for m in self.saves.unsaved.values())
        self.errors.write(f"Closed with matches not saved ({self.saves.problem}): {lost}\n")

    def recover(self, exc: BaseException, trace: str) -> None:
        """Log an unexpected error and go back to the title; a second failure at once ends on a plain screen."""
        self.errors.write(trace)
        self.redraw()
        if isinstance(exc, DataError):
            self.scenes.start_over("problem", heading="Dice Tabletop cannot show this", message=str(exc))
            return
        again = self._recovered_at is not None and self.frames - self._recovered_at <= 2
        self._recovered_at = self.frames
        if again:
            self.scenes.start_over("problem", heading="Dice Tabletop cannot show this screen",
                                   message=f"It failed twice in a row ({type(exc).__name__}). "
                                           "The details are in the log folder.")
            return
        try:
            self.scenes.start_over("title")
        except Exception as second:   # noqa: BLE001 - the title itself is broken: say so plainly
            self.errors.write(traceback.format_exc())
            self.scenes.start_over("problem", heading="Dice Tabletop cannot show the title",
                                   message=str(second) if isinstance(second, DataError) else
                                   "The details are in the log folder.")
            return
        kept = "your game is saved and can be resumed" if not self.saves.problem and self.home.kept else \
            "the last moves could not be saved"
        self.toasts.show(f"Something went wrong; {kept}. (Details in the log folder.)", 8)


#: How often the app tries again to write a match whose last save failed.
SAVE_RETRY_SECONDS = 5.0


def check_rules_page(path: Path) -> None:
    """A rules page that the rules screen can show: an ordinary file of UTF-8 text, not too large (DataError,
    naming the file and the line, otherwise)."""
    read_rules_page(path)


def log_error(trace: str) -> None:
    """Append a traceback to the error log in the user folder (or to the terminal if it cannot be written)."""
    ErrorLog().write(trace)


def _load_icon() -> pygame.Surface | None:
    try:
        return load_image(art_path("icon.png"))
    except (pygame.error, FileRefused):
        return None


def run_app(frames: int = 0, windowed: bool = False, start: str | None = None, replay: Path | None = None,
            tutorial: str | None = None, tutorial_step: int = 0) -> int:
    """Open the app and play until the window is closed; returns the exit status.

    ``start``: a game id to begin a new match of at once, with the last names used; ``replay``: a match file
    (saved or exported, from this copy or another) to replay; ``tutorial``: a game id whose tutorial opens at
    once (``tutorial_step`` steps of it already played).
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    match = None
    if replay is not None:
        # Read before any window opens: a file that cannot be replayed is said on the terminal, and that is all.
        from tabletop.core.controller import MatchController, RecordError

        try:
            match = MatchController.load(replay, get_rules)
        except RecordError as exc:
            print(exc.sentence("cannot be replayed"), file=sys.stderr)
            return 1
        except DataError as exc:
            print(f"Dice Tabletop cannot start: {exc}", file=sys.stderr)
            return 2
    prefer_fast_presentation()
    pygame.init()
    try:
        try:
            app = App(windowed=windowed)
        except DataError as exc:
            print(f"Dice Tabletop cannot start: {exc}", file=sys.stderr)
            show_fatal(str(exc), frames)
            return 2
        try:
            app.scenes.open("title")
            if start:
                from .matches import quick_start

                quick_start(app, start)
            if match is not None:
                app.scenes.open("table", match=match, replay=match)
            if tutorial:
                app.scenes.open("tutorial", game=tutorial, resume=tutorial_step)
        except Exception as exc:   # noqa: BLE001 - the first screen is inside the guard too
            app.recover(exc, traceback.format_exc())
        app.run(frames)
        app.audio.close()
        return 0
    finally:
        pygame.quit()


def check_phone_page(game: str = "elemental-dice", timeout: float = 20.0) -> int:
    """Open a match with a phone seat (its server on 127.0.0.1), fetch the phone page, its script and style
    from the app's own server as a phone would, and print ``PHONE PAGE OK <bytes>``: the executable's smoke test
    (the page's files are bundled, the server runs frozen).  Exit status 0 when all three came."""
    import http.client
    from urllib.parse import urlsplit

    from tabletop.core.controller import MatchController

    os.environ["TABLETOP_PHONE_HOST"] = "127.0.0.1"
    pygame.init()
    try:
        app = App(windowed=True)
        app.scenes.open("title")
        match = MatchController(get_rules(game), None, ["Ann", "Bo"], 1, seat_kinds=("phone", "human"))
        table: Any = app.scenes.open("table", match=match)
        if table.scene_name != "table":
            table = app.scenes.find("table")
        hub = table.phones
        if hub is None:
            print("PHONE PAGE FAILED: the phones' server did not start", file=sys.stderr)
            return 1
        parts = urlsplit(hub.addresses[0])
        size = 0
        deadline = time.perf_counter() + timeout
        for name in ("", "phone.js", "phone.css"):
            left = max(1.0, deadline - time.perf_counter())
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=left)
            try:
                connection.request("GET", parts.path + name)
                response = connection.getresponse()
                body = response.read()
            finally:
                connection.close()
            if response.status != 200 or not body:
                print(f"PHONE PAGE FAILED: {parts.path}{name} gave {response.status}", file=sys.stderr)
                return 1
            size += len(body)
        print(f"PHONE PAGE OK {size}", flush=True)
        app.scenes.shutdown()
        return 0
    finally:
        pygame.quit()


def show_fatal(message: str, frames: int = 0) -> None:
    """A plain window with a message that cannot be drawn through the layouts (they are broken)."""
    from .text import wrap_words

    screen = pygame.display.set_mode((1280, 720))
    font = pygame.font.Font(None, 34)
    lines = ["Dice Tabletop cannot start:", "", *wrap_words(font, message, 1200), "", "Close the window to quit."]
    clock = pygame.time.Clock()
    count = 0
    while True:
        if any(event.type == pygame.QUIT for event in pygame.event.get()):
            return
        screen.fill((30, 20, 20))
        for row, line in enumerate(lines):
            screen.blit(font.render(line, True, (240, 220, 200)), (40, 40 + row * 40))
        pygame.display.flip()
        clock.tick(20)
        count += 1
        if frames and count >= frames:
            return


def error_log_path() -> Path:
    """Where unexpected errors are written."""
    return user_dir() / "logs" / "errors.log"
