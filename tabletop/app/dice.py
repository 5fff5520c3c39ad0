"""Drawing dice: a coloured body, pips, and the colour's symbol so dice read in greyscale too."""

from __future__ import annotations

import pygame

from tabletop.paths import art_path

__all__ = ["DiceArt", "DIE_COLOURS"]

#: Body colours of the six Dice Realms dice (also used by the backdrop).
DIE_COLOURS = {
    "red": (224, 69, 43), "green": (63, 163, 77), "blue": (47, 127, 216),
    "magenta": (176, 79, 200), "yellow": (232, 185, 44), "white": (236, 235, 230),
}
_DARK_PIPS = {"yellow", "white"}

# Pip positions on a unit square, by face value.
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}

# Where each face has room for the symbol (0: a blank die shows it large in the middle).
_SYMBOL_SPOT = {0: (0.5, 0.5), 1: (0.26, 0.26), 2: (0.73, 0.27), 3: (0.73, 0.27), 4: (0.5, 0.5),
                5: (0.5, 0.27), 6: (0.5, 0.5)}


class DiceArt:
    """Renders die faces once per (colour, value, size) and reuses them."""

    def __init__(self) -> None:
        self._faces: dict[tuple, pygame.Surface] = {}
        self._symbols: dict[tuple, pygame.Surface | None] = {}

    def symbol(self, colour: str, size: int, tint: tuple[int, int, int]) -> pygame.Surface | None:
        """The colour's symbol (flame, leaf, drop, feather, sun, prism) at ``size``, tinted."""
        key = (colour, size, tint)
        if key not in self._symbols:
            try:
                image = pygame.image.load(str(art_path("dice_realms", "symbols", f"{colour}.png")))
                image = pygame.transform.smoothscale(image.convert_alpha() if pygame.display.get_surface()
                                                     else image, (size, size))
                tinted = image.copy()
                tinted.fill((*tint, 255), special_flags=pygame.BLEND_RGBA_MULT)
                self._symbols[key] = tinted
            except (pygame.error, FileNotFoundError):
                self._symbols[key] = None
        return self._symbols[key]

    def face(self, colour: str, value: int, size: int) -> pygame.Surface:
        """A die of ``colour`` showing ``value`` (0: blank), ``size`` pixels square."""
        key = (colour, value, size)
        surface = self._faces.get(key)
        if surface is not None:
            return surface
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        body = DIE_COLOURS.get(colour, (200, 200, 200))
        dark = tuple(max(0, int(c * 0.55)) for c in body)
        light = tuple(min(255, int(c * 1.25 + 30)) for c in body)
        radius = size // 5
        rect = surface.get_rect()
        pygame.draw.rect(surface, dark, rect, border_radius=radius)
        pygame.draw.rect(surface, body, rect.inflate(-size // 12, -size // 12).move(0, -size // 40),
                         border_radius=radius)
        shine = rect.inflate(-size // 3, -int(size * 0.78)).move(-size // 10, -int(size * 0.33))
        pygame.draw.rect(surface, light, shine, border_radius=size // 14)
        pip_colour = (40, 34, 28) if colour in _DARK_PIPS else (250, 248, 240)
        pip_radius = max(2, size // 11)
        for px, py in _PIPS.get(value, []):
            centre = (int(px * size), int(py * size))
            pygame.draw.circle(surface, pip_colour, centre, pip_radius)
        # The colour's symbol goes where that face has no pip, so both stay readable.
        spot = _SYMBOL_SPOT.get(value, (0.5, 0.5))
        glyph = self.symbol(colour, size // 2 if value == 0 else int(size * 0.22), pip_colour)
        if glyph is not None:
            surface.blit(glyph, glyph.get_rect(center=(int(spot[0] * size), int(spot[1] * size))))
        self._faces[key] = surface
        return surface

    def draw(self, surface: pygame.Surface, colour: str, value: int, center: tuple[float, float], size: int,
             angle: float = 0.0, lift: float = 0.0, alpha: int = 255) -> pygame.Rect:
        """Draw a die, rotated by ``angle`` degrees and raised by ``lift`` (0-1, a bigger shadow)."""
        face = self.face(colour, value, size)
        if angle:
            # Rotated on the fly: a cache of every angle would cost hundreds of MB.
            face = pygame.transform.rotate(face, int(angle) % 360)
        cx, cy = center
        if lift > 0:
            scale = 1.0 + 0.18 * lift
            w, h = face.get_size()
            face = pygame.transform.smoothscale(face, (int(w * scale), int(h * scale)))
        shadow = pygame.Rect(0, 0, int(size * (0.9 + 0.3 * lift)), int(size * 0.35))
        shadow.center = (int(cx + size * (0.08 + 0.25 * lift)), int(cy + size * (0.45 + 0.3 * lift)))
        _draw_shadow(surface, shadow)
        if alpha < 255:
            face = face.copy()
            face.set_alpha(alpha)
        rect = face.get_rect(center=(int(cx), int(cy - size * 0.25 * lift)))
        surface.blit(face, rect)
        return rect


_shadows: dict[tuple[int, int], pygame.Surface] = {}


def _draw_shadow(surface: pygame.Surface, rect: pygame.Rect) -> None:
    key = rect.size
    shadow = _shadows.get(key)
    if shadow is None:
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
        _shadows[key] = shadow
    surface.blit(shadow, rect.topleft)
