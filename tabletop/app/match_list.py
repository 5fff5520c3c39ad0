"""The one piece the Resume… and Replays screens share: a heading, one button per match (laid out by the
screen's ``row`` element, ``row_spacing`` apart, at most ``rows``), a message line, and Back."""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from .scenes import Scene
from .widgets import Button, press_any

__all__ = ["MatchListScene", "Row"]

#: One row of the list: its text, what a click does, and (when it cannot be chosen) why not.
Row = tuple[str, Callable[[], None], str]


class MatchListScene(Scene):
    """A list of matches, one button a row, with Back (Esc) and a message under the rows."""

    def __init__(self, app, layout_name: str) -> None:
        super().__init__(app)
        self.layout = app.layouts[layout_name]
        self.message = ""
        self.buttons: list[Button] = []

    @property
    def rows(self) -> int:
        """How many rows the layout has room for."""
        return self.layout.setting("rows").int(1, 20)

    def show_rows(self, rows: Sequence[Row]) -> None:
        """One button per row (a row with a reason is shown disabled, and says the reason when clicked), then Back."""
        spacing = self.layout.setting("row_spacing").int(10, 400)
        self.buttons = [Button(self.app, self.layout["row"].moved(0, index * spacing), act, text=text,
                               enabled=not reason, reason=reason)
                        for index, (text, act, reason) in enumerate(rows[:self.rows])]
        self.buttons.append(Button(self.app, self.layout["back"], self.app.scenes.pop, hotkey=pygame.K_ESCAPE))

    def handle(self, event: pygame.event.Event) -> None:
        press_any(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill(layout.background)
        self.app.text.draw_element(surface, layout["heading"])
        for button in self.buttons:
            button.draw(surface)
        if self.message:
            self.app.text.draw_element(surface, layout["message"], self.message, wrap=True)
