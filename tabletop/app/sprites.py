"""What moves on a table, shared by every game: dice sprites, rising texts and big announcements.

Each piece is driven by the view's :class:`~tabletop.app.anim.Timeline`: the rules'
events add steps, the steps move the pieces, and ``draw`` only paints them.  The
look comes from the shared table layout (``float_text`` and ``announce`` in
``data/layouts/table.yaml``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Hashable, Mapping, MutableMapping, TypeVar

import pygame

from .anim import Timeline, ease_out
from .layout import Element
from .text import draw_box

if TYPE_CHECKING:
    from .services import AppServices

__all__ = ["DieSprite", "FloatingTexts", "Announcer", "tumble_dice"]


@dataclass
class DieSprite:
    """Where a die is drawn and how (the rules' state says where it lies; animations move it there)."""

    die: str
    x: float
    y: float
    face: int | str
    size: int
    angle: float = 0.0
    lift: float = 0.0

    def rect(self) -> pygame.Rect:
        """The clickable area."""
        rect = pygame.Rect(0, 0, self.size, self.size)
        rect.center = (int(self.x), int(self.y))
        return rect


#: A die's key among the sprites: its colour's name (Dice Realms) or its place in the row (Wizard Dice, ElementaliS).
DieKey = TypeVar("DieKey", bound=Hashable)


def tumble_dice(timeline: Timeline, sprites: MutableMapping[DieKey, DieSprite],
                landing: Mapping[DieKey, tuple[float, float, int]],
                rng: random.Random, size: int, on_start: Callable[[], None] | None = None, duration: float = 0.7,
                alongside: bool = False) -> None:
    """Dice thrown in from above, bouncing and spinning, faces flickering, landing on their values.

    ``landing`` gives each die's resting centre and value; ``rng`` only decides how
    the dice tumble (never an outcome).
    """
    plans = {}
    for die, (x, y, value) in landing.items():
        start = (x + rng.uniform(-260, 260), y + rng.uniform(-160, -60))
        faces = [rng.randint(1, 6) for _ in range(32)]
        plans[die] = (start, (x, y), value, rng.uniform(360, 900) * rng.choice((-1, 1)), rng.uniform(0, 1), faces)

    def begin() -> None:
        if on_start is not None:
            on_start()
        for die in plans:
            sprites[die].size = size

    def step(p: float) -> None:
        eased = ease_out(p)
        for die, (start, target, value, spin, phase, faces) in plans.items():
            sprite = sprites[die]
            sprite.x = start[0] + (target[0] - start[0]) * eased
            bounce = abs(math.sin((p * 3.2 + phase * 0.3) * math.pi)) * (1 - p) ** 1.5
            sprite.y = start[1] + (target[1] - start[1]) * eased - 70 * bounce
            sprite.lift = bounce
            sprite.angle = spin * (1 - eased)
            # Faces flicker while the die tumbles, slower as it slows down.
            sprite.face = faces[int(p * (30 - 20 * p)) % len(faces)] if p < 0.82 else value

    def end() -> None:
        for die, (_, target, value, *_) in plans.items():
            sprite = sprites[die]
            sprite.x, sprite.y = target
            sprite.face, sprite.angle, sprite.lift = value, 0.0, 0.0

    timeline.add(duration, on_start=begin, on_update=step, on_end=end, alongside=alongside)


@dataclass
class _Floating:
    text: str
    x: float
    y: float
    colour: tuple
    progress: float = 0.0


class FloatingTexts:
    """Short texts that rise and fade over the table (a bonus earned, a token gained)."""

    def __init__(self, app: "AppServices", element: Element) -> None:
        self.app = app
        self.element = element
        self.items: list[_Floating] = []

    def add(self, timeline: Timeline, text: str, anchor: tuple[float, float], colour: tuple,
            duration: float = 0.55, alongside: bool = False, sound: str | None = None) -> None:
        """Float ``text`` up from ``anchor`` as the next step of ``timeline`` (or with the previous one)."""
        item = _Floating(text, anchor[0], anchor[1], colour)

        def begin() -> None:
            self.items.append(item)
            if sound:
                self.app.audio.play(sound)

        def step(p: float) -> None:
            item.progress = p

        def end() -> None:
            if item in self.items:
                self.items.remove(item)

        timeline.add(duration, on_start=begin, on_update=step, on_end=end, alongside=alongside)

    def draw(self, surface: pygame.Surface) -> None:
        """Every text still floating, on a dark backing so it reads over any board."""
        style = self.element.style
        for item in self.items:
            alpha = int(255 * min(1.0, 3 * (1 - item.progress)))
            image = self.app.text.render(item.text, style.font, style.size, (*item.colour[:3], 255)).copy()
            image.set_alpha(alpha)
            y = item.y - 60 * ease_out(item.progress)
            backing = image.get_rect(center=(int(item.x), int(y))).inflate(24, 10)
            shade = pygame.Surface(backing.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, int(alpha * 0.6)))
            surface.blit(shade, backing.topleft)
            surface.blit(image, image.get_rect(center=(int(item.x), int(y))))


class Announcer:
    """A big message over the table ("Round 3", "Bo's turn"); it fades on its own and never blocks input."""

    def __init__(self, app: "AppServices", element: Element) -> None:
        self.app = app
        self.element = element
        self.text = ""
        self.alpha = 0.0
        self.left = self.total = 0.0
        self._fitted: tuple[tuple[str, tuple[int, int]], tuple[int, bool]] | None = None   # (text, box) -> fit

    def announce(self, timeline: Timeline, text: str, duration: float, sound: str | None = None) -> None:
        """Show ``text`` when the timeline reaches this point."""
        def begin() -> None:
            self.text = text
            self.left = self.total = max(duration * 1.6 * max(timeline.speed, 0.5), 0.6)
            if sound:
                self.app.audio.play(sound)

        timeline.add(0.0, on_start=begin)

    def update(self, dt: float) -> None:
        """Fade in, hold, fade out."""
        if not self.text:
            return
        self.left -= dt
        progress = 1 - self.left / self.total
        self.alpha = max(0.0, min(1.0, 5 * progress, 3 * (1 - progress)))
        if self.left <= 0:
            self.text = ""

    def fitted(self, inner: pygame.Rect) -> tuple[int, bool]:
        """The size the announcement is drawn at, and whether on two lines: its own size shrunk to fit one line
        (to two thirds at most), else the largest size at which its lines fit the box (a long phase title,
        "Phase 1: counter spells, complexity 3: Shield and Paralysis on allies", ran out of it at both ends)."""
        key = (self.text, inner.size)
        if self._fitted is None or self._fitted[0] != key:
            self._fitted = (key, self._fit(inner))
        return self._fitted[1]

    def _fit(self, inner: pygame.Rect) -> tuple[int, bool]:
        text, style = self.app.text, self.element.style
        one_line = text.fit_size(self.text, style.font, style.size, inner.width, smallest=style.size * 2 // 3)
        if text.size(self.text, style.font, one_line)[0] <= inner.width:
            return one_line, False
        size = one_line
        while size > 28:
            lines = text.wrap(self.text, style.font, size, inner.width)
            if text.font(style.font, size).get_linesize() * len(lines) <= inner.height:
                break
            size -= 2
        return size, True

    def draw(self, surface: pygame.Surface) -> None:
        """The current announcement, if any."""
        if not self.text:
            return
        element = self.element
        box = pygame.Surface(pygame.Rect(element.rect).size, pygame.SRCALPHA)
        draw_box(box, box.get_rect(), element.style)
        inner = box.get_rect().inflate(-40, -12)
        size, wrap = self.fitted(inner)
        self.app.text.draw(box, self.text, element.style, inner, size=size, wrap=wrap)
        box.set_alpha(int(255 * self.alpha))
        surface.blit(box, element.rect[:2])
