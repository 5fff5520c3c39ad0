"""The coach's mark, shared by the tutorials and the Hint: a ring at what to click, an arrow to it, and a box of
one or two sentences beside it (never over it), as tall as its wrapped words need, so nothing is ever cut.
Its look is ``data/layouts/coach.yaml``."""

from __future__ import annotations

import math
from typing import Any, Sequence

import pygame

from .choosing import Move
from .services import AppServices
from .text import draw_box
from .widgets import Button

__all__ = ["CoachMark", "SCREEN", "move_rect", "glowing_rects"]

#: The logical screen every layout is drawn on.
SCREEN = pygame.Rect(0, 0, 1920, 1080)
#: Where the coach's box may stand: below the banner.
_AREA = pygame.Rect(8, 112, 1904, 960)


def glowing_rects(view: Any) -> list[pygame.Rect]:
    """Where what glows on a game's table lies (the coach's box keeps off it where it can)."""
    choices = getattr(view, "choices", None)
    if choices is None:
        return []
    found = []
    for target in choices.glowing():
        rect = view.geometry.rect_of(view.state, target)
        if rect is not None:
            found.append(pygame.Rect(rect))
    return found


def controls_rects(table: Any) -> list[pygame.Rect]:
    """Where a table's own buttons are (Undo, Rules, Menu, Hint) and the game's buttons and menu: the coach's
    and the hint's boxes never stand over them (Menu is the way out of a tutorial)."""
    found = [pygame.Rect(button.rect) for button in table.buttons if button.visible]
    if table.hints.button.visible:
        found.append(pygame.Rect(table.hints.button.rect))
    for bar in (getattr(table.view, "action_bar", None), getattr(table.view, "menu_bar", None)):
        found += [pygame.Rect(button.rect) for button in getattr(bar, "buttons", ()) if button.visible]
    return found


def move_rect(view: Any, move: Move) -> pygame.Rect | None:
    """Where a click of ``move`` lands on a game's table (None: nowhere in particular, a right click)."""
    if move.kind == "target" and move.target is not None:
        rect = view.geometry.rect_of(view.state, move.target)
        if rect is not None:
            return pygame.Rect(rect)
    if move.kind == "button" and hasattr(view, "action_bar"):
        return pygame.Rect(view.action_bar.buttons[move.index].rect)
    if move.kind == "menu" and hasattr(view, "menu_bar"):
        return pygame.Rect(view.menu_bar.buttons[move.index].rect)
    point = view.position_of(move)
    return None if point is None else pygame.Rect(point[0] - 30, point[1] - 30, 60, 60)


class CoachMark:
    """Draws the coach: a ring at the target, an arrow to it, and a box of words with its buttons.

    :meth:`place` works out the box for the words and the target (never over the target, inside the screen,
    as tall as its wrapped lines need); :meth:`problem` says if the words cannot be shown whole.
    """

    def __init__(self, app: AppServices) -> None:
        self.app = app
        self.layout = layout = app.layouts["coach"]
        self.padding = layout.setting("padding").int(0, 100)
        self.gap = layout.setting("gap").int(0, 200)
        self.ring_gap = layout.setting("ring").int(0, 100)

    def lines(self, words: str, element: str = "words") -> list[str]:
        """The words wrapped to the box's width."""
        style = self.layout[element].style
        return self.app.text.wrap(words, style.font, style.size, self.layout[element].rect[2]) if words else []

    def _height(self, words: str, heading: str, nudge: str, buttons: Sequence[Button]) -> int:
        text = self.app.text
        height = self.padding * 2
        if heading:
            height += text.line_height(self.layout["heading"].style) * len(self.lines(heading, "heading"))
        height += text.line_height(self.layout["words"].style) * len(self.lines(words))
        # One line is kept for a nudge even when there is none, so the box does not jump when one comes.
        height += 8 + text.line_height(self.layout["nudge"].style) * max(1, len(self.lines(nudge, "nudge")))
        for row in self._rows(buttons):
            height += 16 + max(button.rect.height for button in row)
        return height

    def _rows(self, buttons: Sequence[Button]) -> list[list[Button]]:
        """The buttons side by side when they fit the box's width, else one above the other at its width."""
        if not buttons:
            return []
        inner = self.layout["box"].rect[2] - 2 * self.padding
        if sum(button.rect.width for button in buttons) + 16 * (len(buttons) - 1) <= inner:
            return [list(buttons)]
        for button in buttons:
            button.rect.width = inner
        return [[button] for button in buttons]

    def place(self, target: pygame.Rect | None, words: str, heading: str = "", nudge: str = "",
              buttons: Sequence[Button] = (), avoid: Sequence[pygame.Rect] = (), high: bool = False,
              keep_off: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """The box for these words beside ``target`` (None: low on the table), never over ``keep_off`` (the
        table's buttons, what the words speak of) where any place allows, and covering as little of ``avoid``
        (what else glows) as it can."""
        width = self.layout["box"].rect[2]
        height = self._height(words, heading, nudge, buttons)
        box = pygame.Rect(0, 0, width, height)
        if target is None:
            # Low on the table, so the boards stay in sight (``high``: over the boards, the buttons stay free);
            # else wherever it covers least of ``avoid``.
            spots = []
            for anchor, point in (("midbottom", (SCREEN.centerx, _AREA.bottom - 24)),
                                  ("midtop", (SCREEN.centerx, _AREA.top + 16)),
                                  ("bottomleft", (_AREA.left + 16, _AREA.bottom - 24)),
                                  ("bottomright", (_AREA.right - 16, _AREA.bottom - 24)),
                                  ("midleft", (_AREA.left + 16, SCREEN.centery)),
                                  ("midright", (_AREA.right - 16, SCREEN.centery)),
                                  ("center", SCREEN.center)):
                spot = box.copy()
                setattr(spot, anchor, point)
                spots.append(spot.clamp(_AREA))
            if high:
                spots.insert(0, spots.pop(1))
            spots = [spot for spot in spots if spot.collidelist(list(keep_off)) < 0] or spots
            return min(spots, key=lambda spot: sum(_overlap(spot, rect) for rect in avoid))
        ring = target.inflate(2 * self.ring_gap, 2 * self.ring_gap)
        candidates = []
        # Beside a target low on the table (dice, buttons), so the boards above stay in sight; else above it.
        sides = ("left", "right", "above", "below") if ring.centery > 600 else ("above", "below", "left", "right")
        for side in sides:
            # Centred on the target first, then slid along that side (its end at the target's end).
            for slide in ("centre", "start", "end"):
                spot = box.copy()
                if side == "above":
                    spot.bottom = ring.top - self.gap
                elif side == "below":
                    spot.top = ring.bottom + self.gap
                elif side == "left":
                    spot.right = ring.left - self.gap
                else:
                    spot.left = ring.right + self.gap
                if side in ("above", "below"):
                    spot.centerx = {"centre": ring.centerx, "start": ring.left + width // 2,
                                    "end": ring.right - width // 2}[slide]
                else:
                    spot.centery = {"centre": ring.centery, "start": ring.top + height // 2,
                                    "end": ring.bottom - height // 2}[slide]
                candidates.append(spot.clamp(_AREA))
        free = [spot for spot in candidates if not spot.colliderect(ring)] or candidates[:1]
        free = [spot for spot in free if spot.collidelist(list(keep_off)) < 0] or free
        return min(free, key=lambda spot: sum(_overlap(spot, rect) for rect in avoid))

    def problem(self, words: str, heading: str = "", nudge: str = "", buttons: Sequence[Button] = ()) -> str:
        """Why these words would not be shown whole ("" if they would): a line wider than the box, or a box
        taller than the screen."""
        for element, text in (("words", words), ("heading", heading), ("nudge", nudge)):
            width = self.layout[element].rect[2]
            style = self.layout[element].style
            for line in self.lines(text, element):
                if self.app.text.size(line, style.font, style.size)[0] > width:
                    return f"the line {line!r} is wider than the coach's box"
        if self._height(words, heading, nudge, buttons) > _AREA.height:
            return "the words are too long for the coach's box"
        return ""

    def draw(self, surface: pygame.Surface, target: pygame.Rect | None, words: str, *, heading: str = "",
             nudge: str = "", buttons: Sequence[Button] = (), clock: float = 0.0,
             avoid: Sequence[pygame.Rect] = (), high: bool = False,
             keep_off: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """Draw the ring, the arrow, the box with its words, and lay out and draw ``buttons`` in it."""
        box = self.place(target, words, heading, nudge, buttons, avoid, high, keep_off)
        theme = self.app.layouts.theme
        glow = theme.rgb("glow")
        if target is not None:
            pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
            ring = target.inflate(2 * self.ring_gap + int(6 * pulse), 2 * self.ring_gap + int(6 * pulse))
            pygame.draw.rect(surface, (0, 0, 0), ring.inflate(6, 6), width=4, border_radius=18)
            pygame.draw.rect(surface, glow, ring, width=6, border_radius=16)
            _arrow(surface, box, ring, glow)
        draw_box(surface, box, self.layout["box"].style)
        text = self.app.text
        x, y = box.x + self.padding, box.y + self.padding
        for element, content in (("heading", heading), ("words", words), ("nudge", nudge)):
            if not content:
                continue
            if element == "nudge":
                y += 8
            style = self.layout[element].style
            step = text.line_height(style)
            width = self.layout[element].rect[2]
            for line in self.lines(content, element):
                text.draw(surface, line, style, pygame.Rect(x, y, width, step))
                y += step
        bottom = box.bottom - self.padding
        for row in reversed(self._rows(buttons)):
            right = box.right - self.padding
            for button in reversed(row):
                button.rect.bottomright = (right, bottom)
                right = button.rect.left - 16
                button.draw(surface)
            bottom -= max(button.rect.height for button in row) + 16
        return box


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clipped = a.clip(b)
    return clipped.width * clipped.height


def _arrow(surface: pygame.Surface, box: pygame.Rect, ring: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """An arrow from the box's edge to the ring's edge (none when they touch)."""
    start = pygame.Vector2(box.clamp(box).center)
    end = pygame.Vector2(ring.center)
    direction = end - start
    if direction.length() < 1:
        return
    # Leave the box and stop at the ring.
    start = _edge(box, start, direction)
    end = _edge(ring, end, -direction)
    line = end - start
    if line.length() < 12:
        return
    unit = line.normalize()
    pygame.draw.line(surface, (0, 0, 0), start, end, 10)
    pygame.draw.line(surface, colour, start, end, 6)
    side = pygame.Vector2(-unit.y, unit.x)
    head = [end, end - unit * 28 + side * 16, end - unit * 28 - side * 16]
    pygame.draw.polygon(surface, colour, head)


def _edge(rect: pygame.Rect, centre: pygame.Vector2, direction: pygame.Vector2) -> pygame.Vector2:
    """Where a ray from ``centre`` in ``direction`` leaves ``rect``."""
    scale = []
    if direction.x:
        scale.append((rect.width / 2) / abs(direction.x))
    if direction.y:
        scale.append((rect.height / 2) / abs(direction.y))
    return centre + direction * min(scale) if scale else centre


