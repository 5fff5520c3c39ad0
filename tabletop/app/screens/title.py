"""Title screen: Resume (when a saved match exists), New game, Settings, Quit."""

from __future__ import annotations

import pygame

from tabletop import __version__
from tabletop.paths import art_path
from tabletop.registry import get_rules

from ..scenes import Scene
from ..widgets import Button, press_any
from .backdrop import DiceBackdrop


def _creatures(area: tuple[int, int, int, int]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The five realm creatures in a row across ``area`` (missing art is simply left out)."""
    x, y, width, height = area
    names = ("dragon", "guardian", "hydra", "phoenix", "lion")
    step = width // len(names)
    out = []
    for index, name in enumerate(names):
        try:
            image = pygame.image.load(str(art_path("dice_realms", "creatures", f"{name}.png")))
        except (pygame.error, FileNotFoundError):
            continue
        image = pygame.transform.smoothscale(image, (height, height))
        out.append((image, (x + index * step + (step - height) // 2, y)))
    return out


def _moves(count: int) -> str:
    return "1 move" if count == 1 else f"{count} moves"


class TitleScene(Scene):
    """The first screen."""

    scene_name = "title"

    def __init__(self, app, message: str = "") -> None:
        super().__init__(app)
        self.layout = app.layouts["title"]
        self.message = message
        self.backdrop = DiceBackdrop(app, self.layout["dice_area"].rect)
        self.record = None
        self.buttons: list[Button] = []
        self.creatures = _creatures(self.layout["creatures"].rect)

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Look at the save slot again (a damaged save is set aside and reported here)."""
        self.record, problem = self.app.save_slot.peek()
        if problem:
            self.message = problem
        layout = self.layout
        self.buttons = [
            Button(self.app, layout["resume"], self.resume_match, visible=self.record is not None,
                   hotkey=pygame.K_r),
            Button(self.app, layout["new_game"], self.new_game, hotkey=pygame.K_n),
            Button(self.app, layout["settings"], self.open_settings, hotkey=pygame.K_s),
            Button(self.app, layout["quit"], self.app.quit, hotkey=pygame.K_q),
        ]

    def resume_match(self) -> None:
        """Continue the saved match exactly where it was."""
        match, problem = self.app.save_slot.resume()
        if match is None:
            self.message = problem
            self.refresh()
            return
        self.app.scenes.open("table", match=match)

    def new_game(self) -> None:
        """Choose a game."""
        self.app.scenes.open("picker")

    def open_settings(self) -> None:
        """Full screen, sound, animation speed."""
        self.app.scenes.open("settings")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return
        if press_any(self.buttons, event):
            return

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
        if self.record is not None:
            names = " vs ".join(self.record.seats)
            game = get_rules(self.record.game).meta.name
            text.draw_element(surface, layout["resume_detail"],
                              f"{game}: {names}, {_moves(len(self.record.entries))} in")
        for button in self.buttons:
            button.draw(surface)
        if self.message:
            text.draw_element(surface, layout["message"], self.message, wrap=True)
        text.draw_element(surface, self.app.layouts["common"]["version"], f"Dice Tabletop {__version__}")

    @property
    def busy(self) -> bool:
        return True
