"""Looking through a pile its shows may see (a discard pile, one's own draw pile after a peek).

The game's view opens it only with cards the rules' view for the seat in front of
the screen contains, so nothing hidden can reach it.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from ..cards import CardArt, CardFace, CardGrid
from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button, press_any

__all__ = ["PileScene"]


class PileScene(Scene):
    """An overlay with the cards of a pile in rows, scrollable; hovering a card shows it at full size."""

    overlay = True
    scene_name = "pile"

    def __init__(self, app, title: str, cards: Sequence[CardFace], art: CardArt) -> None:
        super().__init__(app)
        self.layout = layout = app.layouts["pile"]
        self.title = title
        self.cards = list(cards)
        self.art = art
        self.grid = CardGrid(art, pygame.Rect(layout["cards"].rect), tuple(layout["card"].rect[2:]),
                             layout.setting("gap").int(0, 200))
        self.close = Button(app, layout["close"], app.scenes.pop, hotkey=pygame.K_ESCAPE)

    def handle(self, event: pygame.event.Event) -> None:
        if press_any([self.close], event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.grid.scroll_by(event.y, len(self.cards))
        elif event.type == pygame.MOUSEMOTION:
            self.grid.hovered = self.grid.card_at(event.pos, len(self.cards))

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_box(surface, layout["shade"].rect, layout["shade"].style)
        draw_box(surface, layout["panel"].rect, layout["panel"].style)
        count = len(self.cards)
        self.app.text.draw_element(surface, layout["heading"],
                                   f"{self.title}: {count} card{'s' if count != 1 else ''}")
        self.grid.draw(surface, self.cards)
        if not self.cards:
            self.app.text.draw_element(surface, layout["empty"])
        self.close.draw(surface)
