"""Title screen: Resume (when a saved match exists), New game, Settings, Demo, Replays, Quit; after a minute without
input the attract mode starts by itself."""

from __future__ import annotations

import pygame

from tabletop import __version__
from tabletop.core.files import FileRefused
from tabletop.paths import art_path

from ..assets import load_image
from ..matches import open_saved
from ..scenes import Scene
from ..widgets import Button, press_any
from .backdrop import DiceBackdrop

#: How long the title waits without input before the attract mode starts (seconds).
IDLE_SECONDS = 60.0


def _creatures(area: tuple[int, int, int, int]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The five realm creatures in a row across ``area`` (missing art is simply left out)."""
    x, y, width, height = area
    names = ("dragon", "guardian", "hydra", "phoenix", "lion")
    step = width // len(names)
    out = []
    for index, name in enumerate(names):
        try:
            image = load_image(art_path("dice_realms", "creatures", f"{name}.png"))
        except (pygame.error, FileRefused):
            continue
        image = pygame.transform.smoothscale(image, (height, height))
        out.append((image, (x + index * step + (step - height) // 2, y)))
    return out


class TitleScene(Scene):
    """The first screen."""

    scene_name = "title"

    def __init__(self, app, message: str = "") -> None:
        super().__init__(app)
        self.layout = app.layouts["title"]
        self.message = message
        self.backdrop = DiceBackdrop(app, self.layout["dice_area"].rect)
        self.saved: list = []
        self.buttons: list[Button] = []
        self.creatures = _creatures(self.layout["creatures"].rect)

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    @property
    def record(self):
        """The most recent unfinished match (None when there is none)."""
        return self.saved[0] if self.saved else None

    def refresh(self) -> None:
        """Check the saves again, completely (a damaged one is set aside and reported here)."""
        self.saved, problems = self.app.saves.unfinished()
        if problems:
            self.message = " ".join(problems)
        layout = self.layout
        several = len(self.saved) > 1
        self.buttons = [
            Button(self.app, layout["resume"], self.resume_match, visible=bool(self.saved),
                   text="Resume…" if several else None, hotkey=pygame.K_r),
            Button(self.app, layout["new_game"], self.new_game, hotkey=pygame.K_n),
            Button(self.app, layout["settings"], self.open_settings, hotkey=pygame.K_s),
            Button(self.app, layout["quit"], self.app.quit, hotkey=pygame.K_q),
            Button(self.app, layout["demo"], self.demo, hotkey=pygame.K_d),
            Button(self.app, layout["replays"], lambda: self.app.scenes.open("replays"), hotkey=pygame.K_p),
        ]

    def resume_match(self) -> None:
        """Continue the saved match exactly where it was (with several, choose which first)."""
        if len(self.saved) > 1:
            self.app.scenes.open("matches", saved=self.saved)
            return
        if self.saved:
            problem = open_saved(self.app, self.saved[0])
            if problem:
                self.message = problem
                self.refresh()

    def new_game(self) -> None:
        """Choose a game."""
        self.app.scenes.open("picker")

    def demo(self) -> None:
        """Bots play every game in turn until a key or click (the game-night attract mode)."""
        self.app.scenes.open("attract")

    def idle(self, seconds: float) -> None:
        """Nobody has touched anything for ``seconds``: after a minute, the demo starts by itself."""
        if seconds >= IDLE_SECONDS and self.app.scenes.top is self:
            self.demo()

    def open_settings(self) -> None:
        """Full screen, sound, animation speed."""
        self.app.scenes.open("settings")

    def handle(self, event: pygame.event.Event) -> None:
        self.backdrop.wake()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return
        press_any(self.buttons, event)

    def update(self, dt: float) -> None:
        self.backdrop.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill(layout.background)
        self.backdrop.draw(surface)
        text = self.app.text
        text.draw_element(surface, layout["title"])
        text.draw_element(surface, layout["subtitle"])
        for image, position in self.creatures:
            surface.blit(image, position)
        if self.saved:
            first = self.saved[0]
            detail = f"{first.describe()} {first.note}".rstrip()
            if len(self.saved) > 1:
                detail = f"{len(self.saved)} unfinished matches. Latest: {detail}"
            text.draw_element(surface, layout["resume_detail"], detail, shrink=True)
        for button in self.buttons:
            button.draw(surface)
        if self.message:
            text.draw_element(surface, layout["message"], self.message, wrap=True)
        text.draw_element(surface, self.app.layouts["common"]["version"], f"Dice Tabletop {__version__}")

    @property
    def busy(self) -> bool:
        return self.backdrop.moving
