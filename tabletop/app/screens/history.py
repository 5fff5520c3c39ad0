"""The whole move log of a match, scrolled back as far as it goes (the table's log box shows only its end).

It shows the lines the table's :class:`~tabletop.app.movelog.MoveLog` holds for the seat in front of the
screen: nothing another seat may not read reaches it.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from ..scenes import Scene
from ..services import AppServices
from ..text import draw_box
from ..widgets import Button, press_any

__all__ = ["HistoryScene"]


class HistoryScene(Scene):
    """An overlay with every line of the move log, the newest at the bottom, scrollable."""

    overlay = True
    scene_name = "history"

    def __init__(self, app: AppServices, lines: Sequence[str], title: str = "The match so far") -> None:
        super().__init__(app)
        self.layout = layout = app.layouts["history"]
        self.title = title
        style = layout["line"].style
        width = layout["lines"].rect[2]
        # Each entry wrapped once; a row remembers whether it starts an entry (for the bullet of a new move).
        self.rows: list[tuple[str, bool]] = []
        for entry in lines:
            for index, piece in enumerate(app.text.wrap(entry, style.font, style.size, width - 30)):
                self.rows.append((piece, index == 0))
        self.row_height = layout["line"].rect[3]
        self.visible = max(1, layout["lines"].rect[3] // self.row_height)
        self.top = max(0, len(self.rows) - self.visible)           # opened at the newest lines
        self.close = Button(app, layout["close"], app.scenes.pop, hotkey=pygame.K_ESCAPE)

    def scroll(self, rows: int) -> None:
        """Move the view by ``rows`` (negative: back to older lines), never past either end."""
        self.top = max(0, min(len(self.rows) - self.visible, self.top + rows))

    def handle(self, event: pygame.event.Event) -> None:
        if press_any([self.close], event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
        elif event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible,
                     pygame.K_PAGEDOWN: self.visible, pygame.K_HOME: -len(self.rows), pygame.K_END: len(self.rows)}
            if event.key in steps:
                self.scroll(steps[event.key])
            elif event.key in (pygame.K_l, pygame.K_RETURN):
                self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        text = self.app.text
        draw_box(surface, layout["shade"].rect, layout["shade"].style)
        draw_box(surface, layout["panel"].rect, layout["panel"].style)
        text.draw_element(surface, layout["heading"], self.title)
        area = pygame.Rect(layout["lines"].rect)
        style = layout["line"].style
        for index, (piece, first) in enumerate(self.rows[self.top:self.top + self.visible]):
            rect = pygame.Rect(area.x + 30, area.y + index * self.row_height, area.width - 30, self.row_height)
            if first:
                text.draw(surface, "\u2022", style, pygame.Rect(area.x, rect.y, 24, self.row_height))
            text.draw(surface, piece, style, rect)
        if self.top > 0:
            older = sum(1 for _, first in self.rows[:self.top] if first)
            text.draw_element(surface, layout["older"],
                              f"{older} earlier line{'s' if older != 1 else ''}: scroll up (wheel, Page Up, Home)")
        self.close.draw(surface)
