"""Where things are on a game's table: the shared part of every game's ``geometry.py``.

A game's geometry reads its layout once and answers, for a state, where each thing
lies on the logical 1920 x 1080 screen.  It keeps no state and draws nothing: the
same geometry serves the view (drawing, hit-testing clicks and hovers) and the
tests (where to click to reach a :class:`~tabletop.app.choosing.Target`).
"""

from __future__ import annotations

from typing import Any, Iterable

import pygame

from .choosing import Target
from .layout import Layout

__all__ = ["GeometryBase"]


class GeometryBase:
    """Shared geometry: seat panels from ``panel_slots``, a row of dice, and hit-testing by :meth:`hits`."""

    def __init__(self, layout: Layout, seats: int) -> None:
        self.layout = layout
        self.seats = seats
        self.labels: list[pygame.Rect] = []      # printed labels a mark's badge keeps off (a game's own)

    # ---------------------------------------------------------------- for the subclass
    def hits(self, state: Any) -> Iterable[tuple[Target, pygame.Rect]]:
        """Every target and where it lies, the one drawn on top first (override)."""
        return ()

    def help_hits(self, state: Any) -> Iterable[tuple[Target, pygame.Rect]]:
        """Every target a hover explains and where it lies, the one explained first first (default: as
        :meth:`hits`; a small icon printed inside a cell comes before the cell)."""
        return self.hits(state)

    # ---------------------------------------------------------------- lookups
    def target_at(self, state: Any, pos: tuple[int, int]) -> Target | None:
        """The target a click at ``pos`` lands on (the one drawn on top), if any."""
        for target, rect in self.hits(state):
            if rect.collidepoint(pos):
                return target
        return None

    def help_target_at(self, state: Any, pos: tuple[int, int]) -> Target | None:
        """The target a hover at ``pos`` explains, if any."""
        for target, rect in self.help_hits(state):
            if rect.collidepoint(pos):
                return target
        return None

    def rect_of(self, state: Any, target: Target) -> pygame.Rect | None:
        """Where ``target`` lies now (None if it is not on the table)."""
        for hits in (self.hits(state), self.help_hits(state)):
            for found, rect in hits:
                if found == target:
                    return rect
        return None

    # ---------------------------------------------------------------- shared pieces of layouts
    def seat_corners(self) -> list[tuple[int, int]]:
        """The corners of the seats' panels for this many seats, from the layout's ``panel_slots`` (a list of
        ``[x, y]`` by seat count)."""
        slots = self.layout.setting("panel_slots")
        corners = [item.point() for item in slots[str(self.seats)]]
        if len(corners) != self.seats:
            raise slots.error(f"expected {self.seats} panel corners for {self.seats} seats")
        return corners

    def seat_element(self, name: str, seat: int) -> pygame.Rect:
        """Element ``name`` of a seat's panel (placed relative to the panel's corner), in ``seat``'s panel."""
        return pygame.Rect(self.layout[name].rect).move(*self.seat_corners()[seat])

    def die_centre(self, index: int) -> tuple[int, int]:
        """Where die ``index`` of the table's row of dice lies (settings ``die_x``, ``die_step``, ``die_y``)."""
        setting = self.layout.setting
        return (setting("die_x").int() + index * setting("die_step").int(), setting("die_y").int())

    def die_rect(self, index: int, size: int) -> pygame.Rect:
        """The square of side ``size`` that die ``index`` of the row covers."""
        rect = pygame.Rect(0, 0, size, size)
        rect.center = self.die_centre(index)
        return rect

    def positions(self, key: str, count: int) -> list[tuple[int, int]]:
        """A list of ``count`` ``[x, y]`` positions under setting ``key``."""
        reader = self.layout.setting(key)
        found = [item.point() for item in reader]
        if len(found) != count:
            raise reader.error(f"expected {count} positions, got {len(found)}")
        return found
