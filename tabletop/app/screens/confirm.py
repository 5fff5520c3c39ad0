"""A question with a few answers, over the screen below (replace an unfinished match? ...)."""

from __future__ import annotations

from functools import partial
from typing import Callable, Sequence

import pygame

from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button, press_any

__all__ = ["ConfirmScene"]


class ConfirmScene(Scene):
    """The question, its answers as buttons (the first on Enter), and Cancel (Esc)."""

    overlay = True
    scene_name = "confirm"

    def __init__(self, app, heading: str, message: str, choices: Sequence[tuple[str, Callable[[], None]]]) -> None:
        super().__init__(app)
        self.layout = layout = app.layouts["confirm"]
        self.heading = heading
        self.message = message
        spacing = layout.setting("choice_spacing").int(0, 1000)
        first = layout["choice"]
        shift = -(len(choices) * spacing - (spacing - first.rect[2])) // 2
        self.buttons = [
            Button(app, first.moved(shift + index * spacing, 0), partial(self._answer, act), text=label,
                   hotkey=pygame.K_RETURN if index == 0 else None)
            for index, (label, act) in enumerate(choices)]
        self.buttons.append(Button(app, layout["cancel"], app.scenes.pop, hotkey=pygame.K_ESCAPE))

    def _answer(self, act: Callable[[], None]) -> None:
        self.app.scenes.pop()
        act()

    def handle(self, event: pygame.event.Event) -> None:
        press_any(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_box(surface, layout["shade"].rect, layout["shade"].style)
        draw_box(surface, layout["panel"].rect, layout["panel"].style)
        self.app.text.draw_element(surface, layout["heading"], self.heading, shrink=True)
        self.app.text.draw_element(surface, layout["message"], self.message, wrap=True)
        for button in self.buttons:
            button.draw(surface)
