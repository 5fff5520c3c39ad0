"""Reward icons of the grimoire (colour bonuses, Time Warp, Arcane Boost, crest), drawn in code and cached."""

from __future__ import annotations

import math

import pygame

from ...text import MIN_READABLE
from .help import REWARD_HELP, REWARD_LEGEND, REWARD_NAMES

__all__ = ["RewardIcons", "REWARD_NAMES", "REWARD_HELP", "REWARD_LEGEND"]

#: The rewards that print a number ("+1", "6"), and that number's height as a share of the icon's; never
#: under the smallest readable text size (:data:`MIN_READABLE`, 18 px on a 1366 x 768 screen).
_LABEL_SHARE = {"arcane_boost": 0.52, "magenta": 0.56, "yellow": 0.5}

_TOKEN_COLOURS = {"time_warp": "dr_time_warp", "arcane_boost": "dr_arcane_boost", "crest": "dr_crest"}


class RewardIcons:
    """Draws reward icons at any size, once each."""

    def __init__(self, text, colours: dict[str, tuple[int, int, int]], theme, dice=None) -> None:
        self.text = text
        self.colours = colours
        self.theme = theme
        self.dice = dice          # the dice art: each colour bonus carries its die's symbol (greyscale)
        self._cache: dict[tuple, pygame.Surface] = {}

    def get(self, reward: str, size: int, value: int | None = None, width: int | None = None) -> pygame.Surface:
        """The icon of ``reward`` (``value`` for a Yellow Bonus of 4 or 5) at ``size`` pixels; given a ``width``
        wider than ``size``, a reward that prints a number is drawn as a tablet that wide, its symbol beside
        the number."""
        wide = width if width is not None and width > size and reward in _LABEL_SHARE else size
        key = (reward, size, value, wide)
        icon = self._cache.get(key)
        if icon is None:
            icon = self._cache[key] = self._draw(reward, size, value) if wide == size else \
                self._draw_wide(reward, size, wide, value)
        return icon

    @staticmethod
    def label_size(reward: str, size: int) -> int:
        """The font size of the number ``reward``'s icon prints at ``size`` pixels (0: it prints none)."""
        share = _LABEL_SHARE.get(reward)
        return 0 if share is None else max(MIN_READABLE, int(size * share))

    def _draw_wide(self, reward: str, size: int, width: int, value: int | None) -> pygame.Surface:
        """A tablet ``width`` x ``size``: the symbol on the left (none for Arcane Boost), the number on the right,
        at a readable size.  Magenta is a rounded tablet, Yellow a pointed one: another shape in grey."""
        s = pygame.Surface((width, size), pygame.SRCALPHA)
        rect = s.get_rect()
        theme = self.theme
        outline = theme.rgb("dr_icon_outline")
        line = max(2, size // 9)
        fill = theme.rgb(_TOKEN_COLOURS[reward]) if reward in _TOKEN_COLOURS else self.colours[reward]
        if reward == "yellow":
            tip = size // 3
            points = [(tip, 0), (width - tip, 0), (width - 1, size // 2), (width - tip, size - 1), (tip, size - 1),
                      (0, size // 2)]
            pygame.draw.polygon(s, outline, points)
            inner = [(x + (1 if x < width / 2 else -1) * line, y + (1 if y < size / 2 else -1 if y > size / 2 else 0)
                      * line) for x, y in points]
            pygame.draw.polygon(s, fill, inner)
        else:
            pygame.draw.rect(s, outline, rect, border_radius=size // 2)
            pygame.draw.rect(s, fill, rect.inflate(-line, -line), border_radius=size // 2)
        colour = theme.rgba("dr_yellow_value") if reward == "yellow" else (*theme.rgb("dr_icon_mark"), 255)
        label = self.text.render("+1" if reward == "arcane_boost" else str(value or 6), "bold",
                                 self.label_size(reward, size), colour)
        if reward == "arcane_boost":
            s.blit(label, label.get_rect(center=(width // 2, size // 2 + 1)))
        else:
            self._symbol(s, reward, int(size * 0.6), (int(size * 0.45), size // 2))
            s.blit(label, label.get_rect(center=(int(width - size * 0.45), size // 2 + 1)))
        return s

    def _draw(self, reward: str, size: int, value: int | None) -> pygame.Surface:
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        rect = s.get_rect()
        theme = self.theme
        outline = theme.rgb("dr_icon_outline")
        mark = theme.rgb("dr_icon_mark")
        line = max(2, size // 9)
        if reward in ("red", "green", "blue"):
            # A square in the realm's colour with that die's symbol: in greyscale the symbols tell them apart.
            pygame.draw.rect(s, outline, rect, border_radius=size // 5)
            pygame.draw.rect(s, self.colours[reward], rect.inflate(-line, -line), border_radius=size // 5)
            self._symbol(s, reward, int(size * 0.62), rect.center)
        elif reward == "magenta":
            # A disc with the feather and the 6 it writes.
            pygame.draw.circle(s, outline, rect.center, size // 2)
            pygame.draw.circle(s, self.colours[reward], rect.center, size // 2 - line // 2 - 1)
            self._symbol(s, reward, int(size * 0.34), (int(size * 0.3), int(size * 0.3)))
            label = self.text.render(str(value or 6), "bold", self.label_size(reward, size), (*mark, 255))
            s.blit(label, label.get_rect(center=(int(size * 0.58), int(size * 0.58))))
        elif reward == "yellow":
            # A sun burst (another shape than the magenta disc) with the sun and the value it writes.
            points = []
            for i in range(16):
                radius = (0.5 if i % 2 == 0 else 0.38) * size - 1
                angle = math.radians(i * 22.5)
                points.append((size / 2 + radius * math.cos(angle), size / 2 + radius * math.sin(angle)))
            pygame.draw.polygon(s, outline, points)
            inner = [(size / 2 + (x - size / 2) * 0.86, size / 2 + (y - size / 2) * 0.86) for x, y in points]
            pygame.draw.polygon(s, self.colours[reward], inner)
            self._symbol(s, reward, int(size * 0.3), (int(size * 0.3), int(size * 0.3)))
            label = self.text.render(str(value or 6), "bold", self.label_size(reward, size), theme.rgba("dr_yellow_value"))
            s.blit(label, label.get_rect(center=(int(size * 0.58), int(size * 0.58))))
        elif reward == "time_warp":
            self._disc(s, theme.rgb(_TOKEN_COLOURS[reward]), outline, line)
            r = size * 0.28
            c = (size / 2, size / 2)
            box = pygame.Rect(0, 0, 2 * r, 2 * r)
            box.center = (int(c[0]), int(c[1]))
            pygame.draw.arc(s, mark, box, math.radians(40), math.radians(330), line)
            tip = (c[0] + r * math.cos(math.radians(40)), c[1] - r * math.sin(math.radians(40)))
            a = size * 0.16
            pygame.draw.polygon(s, mark, [(tip[0] - a, tip[1] - a * 0.2), (tip[0] + a * 0.5, tip[1] - a),
                                                     (tip[0] + a * 0.4, tip[1] + a * 0.6)])
        elif reward == "arcane_boost":
            self._disc(s, theme.rgb(_TOKEN_COLOURS[reward]), outline, line)
            label = self.text.render("+1", "bold", self.label_size(reward, size), (*mark, 255))
            s.blit(label, label.get_rect(center=(size // 2, size // 2 + 1)))
        elif reward == "crest":
            w, h = size, size
            shield = [(w * 0.12, h * 0.1), (w * 0.88, h * 0.1), (w * 0.88, h * 0.5), (w * 0.5, h * 0.95),
                      (w * 0.12, h * 0.5)]
            pygame.draw.polygon(s, outline, shield)
            inner = [(x * 0.8 + w * 0.1, y * 0.8 + h * 0.07) for x, y in shield]
            pygame.draw.polygon(s, theme.rgb(_TOKEN_COLOURS["crest"]), inner)
            star = []
            for i in range(10):
                radius = (0.22 if i % 2 == 0 else 0.09) * size
                angle = math.radians(-90 + i * 36)
                star.append((w * 0.5 + radius * math.cos(angle), h * 0.45 + radius * math.sin(angle)))
            pygame.draw.polygon(s, theme.rgb("dr_crest_star"), star)
        elif reward == "essence":
            for i, colour in enumerate(("red", "green", "blue", "magenta", "yellow")):
                start = math.radians(90 + i * 72)
                pygame.draw.arc(s, self.colours[colour], rect.inflate(-line, -line), start, start + math.radians(72),
                                line * 2)
        return s

    def _symbol(self, surface: pygame.Surface, die: str, size: int, centre: tuple[int, int]) -> None:
        if self.dice is None:
            return
        kind = self.dice.kinds.get(die)
        glyph = self.dice.symbol(kind.symbol, size, self.theme.rgb("dr_icon_mark")) if kind and kind.symbol else None
        if glyph is not None:
            surface.blit(glyph, glyph.get_rect(center=centre))

    @staticmethod
    def _disc(surface: pygame.Surface, colour, outline, line: int) -> None:
        size = surface.get_width()
        pygame.draw.circle(surface, outline, (size // 2, size // 2), size // 2)
        pygame.draw.circle(surface, colour, (size // 2, size // 2), size // 2 - line // 2 - 1)
