"""The app: services (display, layouts, text, audio, settings, save slot), the scene stack, the frame loop.

The loop never lets an error end the game night: an unexpected error in a scene
is written to ``logs/errors.log`` in the user folder, and the app returns to the
title screen, from which the match (saved after every move) can be resumed.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from pathlib import Path

import pygame

from tabletop import __version__
from tabletop.core.data import DataError
from tabletop.paths import art_path, user_dir

from .audio import Audio
from .dice import DiceArt
from .display import Display
from .layout import LayoutBook
from .navigation import SCENES
from .scenes import SceneManager
from .storage import ANIMATION_SPEEDS, SaveSlot, SettingsStore
from .text import TextRenderer
from .widgets import Toasts

__all__ = ["App", "run_app"]

TITLE = "Dice Tabletop"


class App:
    """Everything a scene needs, in one place."""

    def __init__(self, *, layouts: LayoutBook | None = None, windowed: bool = False) -> None:
        self.started = time.perf_counter()
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
        self.dice_for("dice_realms")      # the title's dice: a broken file stops here, with its name
        self.audio = Audio(self.settings.volume, self.settings.muted)
        self.save_slot = SaveSlot()
        self.scenes = SceneManager(self, SCENES)
        self.toasts = Toasts(self)
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.first_interactive: float | None = None
        if self.settings_store.message:
            self.toasts.show(self.settings_store.message, 6)

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
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.display.toggle_fullscreen()
            self.save_settings()
            return
        self.scenes.handle(self.translate(event))

    def frame(self, dt: float) -> None:
        """Handle pending events, advance, draw and show one frame."""
        for event in pygame.event.get():
            self.process(event)
            if not self.running:
                return
        self.scenes.update(dt)
        self.toasts.update(dt)
        surface = self.display.surface
        self.scenes.draw(surface)
        self.toasts.draw(surface)
        self.display.present()
        self.frames += 1
        if self.first_interactive is None:
            self.first_interactive = time.perf_counter() - self.started
            if os.environ.get("TABLETOP_REPORT_FIRST_FRAME"):
                print("TABLETOP_FIRST_FRAME", flush=True)   # read by the launch benchmark

    def run(self, frames: int = 0) -> None:
        """The frame loop; ``frames`` > 0 stops after that many frames (smoke tests)."""
        while self.running:
            dt = min(self.clock.tick(60) / 1000.0, 0.1)
            try:
                self.frame(dt)
            except Exception:   # noqa: BLE001 - the game night goes on; the error is logged
                self.recover(traceback.format_exc())
            if frames and self.frames >= frames:
                self.running = False
        self.save_settings()

    def recover(self, trace: str) -> None:
        """Log an unexpected error and go back to the title, where the saved match can be resumed."""
        log_error(trace)
        self.scenes.start_over("title")
        self.toasts.show("Something went wrong; your game is saved and can be resumed. "
                         "(Details in the log folder.)", 8)


def log_error(trace: str) -> Path | None:
    """Append a traceback to the error log in the user folder."""
    try:
        path = user_dir() / "logs" / "errors.log"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} Dice Tabletop {__version__}\n{trace}\n")
        print(trace, file=sys.stderr)
        return path
    except OSError:
        return None


def _load_icon() -> pygame.Surface | None:
    try:
        return pygame.image.load(str(art_path("icon.png")))
    except (pygame.error, FileNotFoundError):
        return None


def run_app(frames: int = 0, windowed: bool = False, start: str | None = None) -> int:
    """Open the app and play until the window is closed; returns the exit status.

    ``start``: a game id to begin a new match of at once, with the last names used.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pygame.init()
    try:
        try:
            app = App(windowed=windowed)
        except DataError as exc:
            print(f"Dice Tabletop cannot start: {exc}", file=sys.stderr)
            show_fatal(str(exc), frames)
            return 2
        app.scenes.open("title")
        if start:
            from .matches import quick_start

            quick_start(app, start)
        app.run(frames)
        app.audio.close()
        return 0
    finally:
        pygame.quit()


def show_fatal(message: str, frames: int = 0) -> None:
    """A plain window with a message that cannot be drawn through the layouts (they are broken)."""
    screen = pygame.display.set_mode((1280, 720))
    font = pygame.font.Font(None, 34)
    lines = ["Dice Tabletop cannot start:", ""] + [message[i:i + 70] for i in range(0, len(message), 70)] + \
            ["", "Close the window to quit."]
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
