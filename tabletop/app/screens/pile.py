"""Looking through a pile its viewer may see (a discard pile, one's own draw pile after a peek).

The game's view opens it only with cards the rules' view for the seat in front of
the screen contains, so nothing hidden can reach it.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from ..cards import CardArt, CardFace
from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button, press_any

__all__ = ["PileScene"]


class PileScene(Scene):
    """An overlay with the cards of a pile in rows, scrollable; Close or Esc returns to the table."""

    overlay = True
    scene_name = "pile"

    def __init__(self, app, title: str, cards: Sequence[CardFace], art: CardArt) -> None:
        super().__init__(app)
        self.layout = layout = app.layouts["pile"]
        self.title = title
        self.cards = list(cards)
        self.art = art
        self.scroll = 0
        self.close = Button(app, layout["close"], app.scenes.pop, hotkey=pygame.K_ESCAPE)

    def _grid(self) -> list[pygame.Rect]:
        area = pygame.Rect(self.layout["cards"].rect)
        width, height = self.layout["card"].rect[2:]
        gap = self.layout.setting("gap").int(0, 200)
        per_row = max(1, (area.width + gap) // (width + gap))
        return [pygame.Rect(area.x + (i % per_row) * (width + gap), area.y + (i // per_row) * (height + gap)
                            - self.scroll, width, height) for i in range(len(self.cards))]

    def handle(self, event: pygame.event.Event) -> None:
        if press_any([self.close], event):
            return
        if event.type == pygame.MOUSEWHEEL:
            rects = self._grid()
            bottom = (rects[-1].bottom + self.scroll) if rects else 0
            limit = max(0, bottom - pygame.Rect(self.layout["cards"].rect).bottom)
            self.scroll = min(limit, max(0, self.scroll - event.y * 80))

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_box(surface, layout["shade"].rect, layout["shade"].style)
        draw_box(surface, layout["panel"].rect, layout["panel"].style)
        count = len(self.cards)
        self.app.text.draw_element(surface, layout["heading"],
                                   f"{self.title}: {count} card{'s' if count != 1 else ''}")
        area = pygame.Rect(layout["cards"].rect)
        clip = surface.get_clip()
        surface.set_clip(area)
        for card, rect in zip(self.cards, self._grid()):
            if rect.colliderect(area):
                surface.blit(self.art.face(card, rect.size), rect)
        surface.set_clip(clip)
        if not self.cards:
            self.app.text.draw_element(surface, layout["empty"])
        self.close.draw(surface)
