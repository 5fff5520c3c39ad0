"""Where things lie on the ElementaliS table: a panel per mage along the top (2 to 5), the row of dice, the
Channel, and the grid of choices in the lower panel (``data/layouts/elementalis.yaml``)."""

from __future__ import annotations

from typing import Iterator

import pygame

from tabletop.games.elementalis.state import State

from ...choosing import Target
from ...geometry import GeometryBase
from ...layout import Element, Layout
from .choices import CHANNEL, choice_target, die_target, mage_target

__all__ = ["ElementaliSGeometry"]


class ElementaliSGeometry(GeometryBase):
    """The table's places for this many mages."""

    def __init__(self, layout: Layout, seats: int) -> None:
        super().__init__(layout, seats)
        self.corners = self.seat_corners()
        size = layout["panel"].rect[2:]
        self.panel_rects = [pygame.Rect(*corner, *size) for corner in self.corners]
        self.die_size = layout.setting("die_size").int(20, 200)
        self.columns = layout.setting("choice_columns").int(1, 8)
        self.room = self.columns * layout.setting("choice_rows").int(1, 8)
        self.choice_step = (layout.setting("choice_step_x").int(), layout.setting("choice_step_y").int())
        self.channel_rect = pygame.Rect(layout["channel"].rect)

    # ---------------------------------------------------------------- places
    def seat_element(self, name: str, seat: int) -> pygame.Rect:
        """Element ``name`` of a mage's panel, placed in ``seat``'s panel."""
        return pygame.Rect(self.layout[name].rect).move(*self.corners[seat])

    def die_rect(self, index: int, size: int | None = None) -> pygame.Rect:
        """The square die ``index`` of the row covers."""
        return super().die_rect(index, self.die_size if size is None else size)

    def choice_offset(self, index: int) -> tuple[int, int]:
        """How far choice ``index`` lies from the first: a grid of ``choice_columns``, row by row."""
        return (index % self.columns) * self.choice_step[0], (index // self.columns) * self.choice_step[1]

    def choice_places(self) -> list[Element]:
        """The layout element of each choice button, as many as the grid holds."""
        element = self.layout["choice"]
        return [element.moved(*self.choice_offset(index)) for index in range(self.room)]

    def choice_rect(self, index: int) -> pygame.Rect:
        """Where choice ``index`` lies."""
        return pygame.Rect(self.layout["choice"].rect).move(*self.choice_offset(index))

    # ---------------------------------------------------------------- hit-testing
    def hits(self, state: State) -> Iterator[tuple[Target, pygame.Rect]]:
        """The dice of the row, then the mages' panels."""
        for index in range(len(state.flow.dice)):
            yield die_target(index), self.die_rect(index)
        for seat, rect in enumerate(self.panel_rects):
            yield mage_target(seat), rect

    def help_hits(self, state: State) -> Iterator[tuple[Target, pygame.Rect]]:
        """The choices of the lower panel, the dice, the mages and the Channel."""
        for index in range(self.room):
            yield choice_target(index), self.choice_rect(index)
        yield from self.hits(state)
        yield CHANNEL, self.channel_rect
