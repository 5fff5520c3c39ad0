"""Generate the app's images from code: creature emblems, dice symbols, board tiles, game tiles and the app icon.

Writes, under ``art/``:

* ``dice_realms/creatures/{dragon,guardian,hydra,phoenix,lion}.png`` - 256x256 emblems
* ``dice_realms/symbols/{red,green,blue,magenta,yellow,white}.png`` - 128x128 white glyphs (tinted by the app)
* ``dice_realms/board_tiles.png`` - the 8-tile Tiled tileset (32x32 tiles in one row)
* ``elemental_dice/symbols/{fire,earth,water,nature,magic,gold,chance}.png`` - 128x128 white glyphs
  (tinted by the app)
* ``elemental_dice/tile.png`` - 256x256 emblem for the game picker: the seven element dice around an orb
* ``wizard_dice/symbols/{attack,counter,heal,summon,ogre,troll,poison,paralysis,shield,mirror,wizard,hp,
  continued,dead}.png`` - 128x128 white glyphs (tinted by the app)
* ``wizard_dice/tile.png`` - 256x256 emblem for the game picker: a wizard hat over crossed wands and dice
* ``elementalis/symbols/{fire,water,earth,air,ether,sun,mana,round,channel,link,spell}.png`` - 128x128 white
  glyphs (tinted by the app)
* ``elementalis/tile.png`` - 256x256 emblem for the game picker: four element gems round a golden sun
* ``dice_cards/symbols/{flame,tower,skull,leaf,eye,gear,shield,energy,stock,grave,banish,strike,chain,hand,
  damage,power}.png`` - 128x128 white glyphs (tinted by the app): the six archetypes and the table's markers
* ``dice_cards/tile.png`` - 256x256 emblem for the game picker: a unit of two stacked dice before a shield,
  two cards fanned behind, on a playmat ringed with the six archetype colours
* ``icon.png`` and ``icon.ico`` - the app icon

Everything is drawn with pygame primitives at 4x size and scaled down for smooth
edges; all randomness is seeded, so every run writes identical bytes.

Run: ``.venv/bin/python tools/make_art.py``
"""

from __future__ import annotations

import io
import math
import os
import random
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

# Headless: pygame must never try to open a window or an audio device.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ART = Path(__file__).resolve().parent.parent / "art"

SS = 4                      # supersampling factor: draw big, scale down = antialiased edges
SEED = 20240611

Colour = tuple[int, ...]
Point = tuple[float, ...]   # (x, y) or (x, y, 1) for a sharp corner in smooth()

REALM_COLOURS = {
    "red": (0xE0, 0x45, 0x2B),
    "green": (0x3F, 0xA3, 0x4D),
    "blue": (0x2F, 0x7F, 0xD8),
    "magenta": (0xB0, 0x4F, 0xC8),
    "yellow": (0xE8, 0xB9, 0x2C),
}
WHITE = (255, 255, 255, 255)
CLEAR_WHITE = (255, 255, 255, 0)   # transparent white: keeps glyph edges white when scaled


# ---------------------------------------------------------------- colour and geometry helpers

def mix(a: Sequence[int], b: Sequence[int], t: float) -> Colour:
    """Linear blend of two RGB colours, t=0 gives a."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3]))


def darker(c: Sequence[int], f: float) -> Colour:
    return tuple(round(x * f) for x in c[:3])


def lighter(c: Sequence[int], t: float) -> Colour:
    return mix(c, (255, 255, 255), t)


def smooth(points: Sequence[Point], steps: int = 8, closed: bool = True) -> list[tuple[float, float]]:
    """A Catmull-Rom curve through the points; a point (x, y, 1) stays a sharp corner.

    Lets organic outlines (flames, wings, snouts) be written as a handful of
    control points instead of hand-made bezier segments.
    """
    pts = list(points)
    n = len(pts)
    out: list[tuple[float, float]] = []
    last = n if closed else n - 1
    for i in range(last):
        p1, p2 = pts[i], pts[(i + 1) % n]
        p0 = pts[(i - 1) % n] if closed or i > 0 else p1
        p3 = pts[(i + 2) % n] if closed or i + 2 < n else p2
        # A sharp corner uses itself as its neighbour, which kills the tangent there.
        if len(p1) > 2:
            p0 = p1
        if len(p2) > 2:
            p3 = p2
        for s in range(steps):
            t = s / steps
            t2, t3 = t * t, t * t * t
            out.append(tuple(
                0.5 * (2 * p1[k] + (-p0[k] + p2[k]) * t + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2
                       + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3)
                for k in (0, 1)))
    if not closed:
        out.append(tuple(pts[-1][:2]))
    return out


def mirror(points: Iterable[Point], axis: float = 128) -> list[Point]:
    """Reflect points across the vertical line x=axis (for symmetric creatures)."""
    return [(2 * axis - p[0], *p[1:]) for p in points]


def place(points: Iterable[Point], angle: float, scale: float, at: tuple[float, float]) -> list[Point]:
    """Rotate (degrees, clockwise on screen), scale and move a shape drawn around (0, 0)."""
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return [(at[0] + scale * (p[0] * ca - p[1] * sa), at[1] + scale * (p[0] * sa + p[1] * ca), *p[2:])
            for p in points]


def arc(centre: tuple[float, float], r: float, a0: float, a1: float, n: int = 24) -> list[tuple[float, float]]:
    """Points on a circle from angle a0 to a1 (degrees, 0 = right, clockwise on screen)."""
    return [polar(centre, r, a0 + (a1 - a0) * i / n) for i in range(n + 1)]


def polar(centre: tuple[float, float], r: float, angle: float) -> tuple[float, float]:
    """The point at distance r and angle (degrees, 0 = right, clockwise on screen) from centre."""
    return centre[0] + r * math.cos(math.radians(angle)), centre[1] + r * math.sin(math.radians(angle))


def rounded_square(cx: float, cy: float, half: float, radius: float, angle: float = 0) -> list[Point]:
    """Outline of a rounded square, optionally rotated (the die)."""
    pts: list[Point] = []
    inner = half - radius
    for i, (sx, sy) in enumerate(((1, 1), (-1, 1), (-1, -1), (1, -1))):
        pts += arc((sx * inner, sy * inner), radius, 90 * i, 90 * i + 90, 8)
    return place(pts, angle, 1, (cx, cy))


# ---------------------------------------------------------------- drawing surface

class Canvas:
    """A supersampled RGBA surface addressed in design units (0..design)."""

    def __init__(self, design: int, fill: Colour = (0, 0, 0, 0)) -> None:
        self.scale = SS
        self.surface = pygame.Surface((design * SS, design * SS), pygame.SRCALPHA)
        self.surface.fill(fill)

    def _xy(self, p: Point) -> tuple[int, int]:
        return round(p[0] * self.scale), round(p[1] * self.scale)

    def polygon(self, points: Sequence[Point], colour: Colour) -> None:
        pygame.draw.polygon(self.surface, colour, [self._xy(p) for p in points])

    def circle(self, centre: Point, r: float, colour: Colour) -> None:
        pygame.draw.circle(self.surface, colour, self._xy(centre), round(r * self.scale))

    def ellipse(self, centre: Point, rx: float, ry: float, colour: Colour) -> None:
        x, y = self._xy((centre[0] - rx, centre[1] - ry))
        pygame.draw.ellipse(self.surface, colour, (x, y, round(2 * rx * self.scale), round(2 * ry * self.scale)))

    def stroke(self, points: Sequence[Point], width: float, colour: Colour, closed: bool = False) -> None:
        """A thick polyline with round joins and caps (pygame's own wide lines have gaps at joins)."""
        pts = list(points) + ([points[0]] if closed else [])
        r = width / 2
        for a, b in zip(pts, pts[1:]):
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy) or 1
            nx, ny = -dy / length * r, dx / length * r
            self.polygon([(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                          (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)], colour)
        for p in pts:
            self.circle(p, r, colour)

    def tube(self, points: Sequence[Point], r0: float, r1: float, colour: Colour) -> None:
        """A tapering body along a dense path (serpent necks): discs from radius r0 to r1."""
        n = len(points) - 1
        for i, p in enumerate(points):
            self.circle(p, r0 + (r1 - r0) * i / n, colour)


def fit(big: pygame.Surface, size: int, margin: int, clear: Colour) -> pygame.Surface:
    """Scale the drawn content of a supersampled surface down to `size`, centred, with
    `margin` pixels free on every side: outlines are never clipped and every image of a
    set fills the same box.  `clear` is the (transparent) colour of the empty area.

    The fitting is done at supersampled size with plain scaling and the final step is an
    exact SS-times smoothscale: smoothscale at odd ratios loses a little off full white
    and full alpha, which would spoil the pure white symbols."""
    content = big.subsurface(big.get_bounding_rect())
    scale = (size - 2 * margin) * SS / max(content.get_size())
    w, h = round(content.get_width() * scale), round(content.get_height() * scale)
    canvas = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    canvas.fill(clear)
    canvas.blit(pygame.transform.scale(content, (w, h)), ((size * SS - w) // 2, (size * SS - h) // 2))
    return pygame.transform.smoothscale(canvas, (size, size))


def filled(*outlines: Sequence[Point], steps: int = 6) -> Callable[[Canvas, Colour], None]:
    """A part's shape made of smoothed polygons (see smooth())."""
    def draw(c: Canvas, colour: Colour) -> None:
        for outline in outlines:
            c.polygon(smooth(outline, steps), colour)
    return draw


# ---------------------------------------------------------------- emblems: outline + fill + highlight

@dataclass(frozen=True)
class Palette:
    light: Colour      # top-left of the gradient and the rim highlight
    base: Colour
    shadow: Colour     # bottom-right of the gradient and the rim shade
    ink: Colour        # outlines and dark details

    @classmethod
    def of(cls, base: Colour, ink: Colour | None = None) -> "Palette":
        return cls(lighter(base, 0.45), base, darker(base, 0.68), ink or darker(base, 0.28))


def disc_mask(r: int) -> pygame.mask.Mask:
    surface = pygame.Surface((2 * r + 1, 2 * r + 1), pygame.SRCALPHA)
    pygame.draw.circle(surface, WHITE, (r, r), r)
    return pygame.mask.from_surface(surface)


def dilate(mask: pygame.mask.Mask, r: int) -> pygame.mask.Mask:
    """The mask grown by r pixels in every direction (convolution with a disc)."""
    grown = pygame.mask.Mask(mask.get_size())
    grown.draw(mask.convolve(disc_mask(r)), (-r, -r))
    return grown


def paint(mask: pygame.mask.Mask, colour: Colour) -> pygame.Surface:
    """A surface that is `colour` where the mask is set and transparent elsewhere."""
    surface = pygame.Surface(mask.get_size(), pygame.SRCALPHA)
    return mask.to_surface(surface, setcolor=colour, unsetcolor=(*colour[:3], 0))


def gradient(size: int, light: Colour, base: Colour, shadow: Colour) -> pygame.Surface:
    """Diagonal light-to-shadow gradient (light from the top left), built small and scaled up."""
    n = 16
    small = pygame.Surface((n, n), pygame.SRCALPHA)
    for y in range(n):
        for x in range(n):
            t = (x + y * 1.3) / (2.3 * (n - 1))
            colour = mix(light, base, t / 0.45) if t < 0.45 else mix(base, shadow, (t - 0.45) / 0.55)
            small.set_at((x, y), (*colour, 255))
    return pygame.transform.smoothscale(small, (size, size))


class Emblem:
    """A creature made of parts drawn back to front.

    Every part gets its own thin dark outline (so overlapping necks or wings stay
    separate), a diagonal gradient fill, a light rim on its upper-left edges and a
    shaded rim on its lower-right edges; the whole silhouette gets a thicker
    outline so it reads on light backgrounds, and the mid-tone fills read on dark ones.
    """

    OUTER = 6 * SS     # outline around the whole creature, in supersampled pixels
    INNER = 3 * SS     # outline around each part
    RIM = 3 * SS       # width of the highlight and shade rims

    def __init__(self, ink: Colour, design: int = 256) -> None:
        self.design = design
        self.ink = ink
        self.parts: list[tuple[pygame.mask.Mask, Palette, Canvas | None]] = []

    def part(self, palette: Palette, shape: Callable[[Canvas, Colour], None],
             details: Callable[[Canvas], None] | None = None) -> None:
        """Add a part: `shape` draws its silhouette in the colour given; `details` draws
        markings (eyes, scales, cracks) that are clipped to that silhouette."""
        silhouette = Canvas(self.design)
        shape(silhouette, WHITE)
        marks = None
        if details is not None:
            marks = Canvas(self.design)
            details(marks)
        self.parts.append((pygame.mask.from_surface(silhouette.surface), palette, marks))

    def render(self, size: int) -> pygame.Surface:
        full = self.design * SS
        out = pygame.Surface((full, full), pygame.SRCALPHA)
        out.fill((*self.ink, 0))   # transparent ink, so scaled edges fade to ink rather than black
        union = pygame.mask.Mask((full, full))
        for mask, _, _ in self.parts:
            union.draw(mask, (0, 0))
        out.blit(paint(dilate(union, self.OUTER), self.ink), (0, 0))
        for mask, palette, marks in self.parts:
            out.blit(paint(dilate(mask, self.INNER), palette.ink), (0, 0))
            fill = paint(mask, WHITE)
            fill.blit(gradient(full, palette.light, palette.base, palette.shadow), (0, 0),
                      special_flags=pygame.BLEND_RGBA_MULT)
            fill.blit(paint(self._rim(mask, -self.RIM), (*palette.shadow, 170)), (0, 0))
            fill.blit(paint(self._rim(mask, self.RIM), (*palette.light, 200)), (0, 0))
            if marks is not None:
                # Clip the markings to the part: alpha becomes min(marks, silhouette).
                marks.surface.blit(paint(mask, WHITE), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
                fill.blit(marks.surface, (0, 0))
            out.blit(fill, (0, 0))
        return fit(out, size, 3, (*self.ink, 0))

    @staticmethod
    def _rim(mask: pygame.mask.Mask, k: int) -> pygame.mask.Mask:
        """Pixels of the mask whose neighbour k pixels up-left (k>0) or down-right (k<0) is outside it."""
        rim = mask.copy()
        rim.erase(mask, (k, k))
        return rim


# ---------------------------------------------------------------- creatures

def dragon() -> Emblem:
    """Pyroclast Dragon: horned head in profile on a curving neck, bat wing behind."""
    red = REALM_COLOURS["red"]
    ink = (58, 14, 8)
    body = Palette.of(red, ink)
    wing = Palette(lighter(darker(red, 0.8), 0.3), darker(red, 0.78), darker(red, 0.55), ink)
    horn = Palette((255, 236, 190), (228, 196, 140), (170, 128, 80), ink)
    mouth = Palette((150, 30, 20), (110, 18, 12), (80, 10, 8), ink)
    ivory = Palette((255, 252, 240), (246, 236, 210), (210, 190, 160), ink)
    glow = (255, 214, 64, 255)

    wing_pts = [(112, 206, 1), (104, 160), (80, 104), (52, 58), (36, 30, 1), (34, 60), (10, 104, 1),
                (34, 112), (14, 152, 1), (42, 152), (32, 196, 1), (62, 184), (74, 222, 1), (96, 206)]
    wrist = (40, 40)

    def wing_ribs(c: Canvas) -> None:
        for tip in ((10, 104), (14, 152), (32, 196), (74, 222)):
            c.stroke([wrist, (wrist[0] * 0.35 + tip[0] * 0.65 + 6, wrist[1] * 0.35 + tip[1] * 0.65)], 4, (*ink, 200))
        c.stroke(smooth([(112, 200), (96, 150), (70, 96), wrist], 6, closed=False), 5, (*body.shadow, 255))

    neck_pts = [(126, 84), (106, 120), (96, 160), (98, 204), (108, 246, 1), (168, 246, 1), (160, 214),
                (162, 184), (172, 160)]

    def neck_marks(c: Canvas) -> None:
        # Belly plates down the front of the throat.
        for i in range(6):
            y = 172 + i * 13
            x = 160 - 4 * math.sin(i / 2)
            c.stroke(smooth([(x - 16, y - 2), (x - 4, y + 4), (x + 14, y + 2)], 4, closed=False), 3.5, (*ink, 170))
        c.polygon([(150, 166), (176, 160), (168, 246), (142, 246)], (*lighter(red, 0.25), 120))

    spines = [[(112, 108), (80, 104, 1), (102, 124)], [(101, 136), (72, 140, 1), (96, 154)],
              [(96, 166), (70, 176, 1), (95, 186)], [(98, 198), (76, 212, 1), (101, 216)]]

    head_pts = [(118, 100), (120, 78), (140, 62), (168, 64), (184, 78), (216, 88), (238, 98, 1),
                (244, 112), (236, 124, 1), (200, 126), (166, 134), (150, 148, 1), (128, 142), (114, 124)]
    jaw_pts = [(150, 144, 1), (188, 148), (224, 150), (236, 156, 1), (226, 170), (190, 176), (156, 176),
               (136, 168)]

    def head_marks(c: Canvas) -> None:
        c.polygon([(156, 76), (190, 82), (176, 92), (156, 90)], (*ink, 255))           # brow ridge
        c.polygon(smooth([(160, 92, 1), (174, 88), (186, 92, 1), (174, 98)], 4), glow)  # eye
        c.ellipse((174, 93), 2.4, 5, (*ink, 255))                                       # slit pupil
        c.ellipse((228, 104), 5, 3, (*ink, 255))                                        # nostril
        c.stroke(smooth([(140, 112), (160, 118), (178, 112)], 4, closed=False), 3, (*ink, 150))

    def teeth(c: Canvas, col: Colour) -> None:
        for x in range(176, 236, 13):
            c.polygon([(x - 6, 120), (x + 6, 120), (x + 1, 138)], col)
        for x in range(170, 228, 14):
            c.polygon([(x - 6, 158), (x + 6, 158), (x - 1, 142)], col)

    e = Emblem(ink)
    e.part(wing, filled(wing_pts), wing_ribs)
    e.part(horn, filled([(126, 90), (102, 60), (76, 34), (54, 12, 1), (96, 32), (132, 60), (150, 72)]))
    e.part(body, filled(*spines, steps=4))
    e.part(body, filled(neck_pts, steps=8), neck_marks)
    e.part(horn, filled([(120, 104), (92, 96), (62, 96, 1), (92, 110), (118, 124)]))
    e.part(mouth, filled([(146, 146), (230, 118), (226, 160)], steps=1))
    e.part(ivory, teeth)
    e.part(body, filled(jaw_pts))
    e.part(body, filled(head_pts), head_marks)
    return e


def guardian() -> Emblem:
    """Gaia Guardian: a squat stone golem with glowing eyes and a sapling growing from its head."""
    green = REALM_COLOURS["green"]
    ink = (14, 40, 18)
    stone = Palette.of(green, ink)
    dark_stone = Palette(lighter(darker(green, 0.8), 0.3), darker(green, 0.78), darker(green, 0.55), ink)
    leaf = Palette((214, 248, 150), (150, 214, 84), (92, 150, 48), ink)
    glow = (236, 255, 160, 255)

    leg = [(82, 192, 1), (122, 192, 1), (124, 240, 1), (78, 242, 1)]
    upper_arm = [(36, 94, 1), (76, 84, 1), (84, 136, 1), (54, 156, 1), (28, 136, 1)]
    fist = [(24, 142, 1), (64, 144, 1), (72, 192, 1), (52, 226, 1), (16, 218, 1), (8, 180, 1)]
    torso = [(60, 98, 1), (98, 78, 1), (158, 78, 1), (196, 98, 1), (204, 150, 1), (182, 200, 1),
             (128, 212, 1), (74, 200, 1), (52, 150, 1)]
    head = [(96, 44, 1), (160, 44, 1), (172, 78, 1), (156, 106, 1), (100, 106, 1), (84, 78, 1)]

    def both(pts: list[Point]) -> Callable[[Canvas, Colour], None]:
        return filled(pts, mirror(pts), steps=1)

    def torso_marks(c: Canvas) -> None:
        crack = (*ink, 200)
        c.stroke([(70, 130), (86, 142), (82, 162), (96, 178)], 3.5, crack)
        c.stroke([(188, 120), (172, 134), (178, 150)], 3.5, crack)
        c.stroke([(150, 186), (140, 198), (148, 210)], 3.5, crack)
        # Moss on the shoulders.
        for x, y, r in ((84, 86, 14), (100, 80, 12), (172, 86, 14), (156, 80, 12), (66, 98, 9), (190, 98, 9)):
            c.circle((x, y), r, (*leaf.base, 255))
        # Glowing leaf rune on the chest.
        rune = smooth([(128, 118, 1), (146, 146), (128, 176, 1), (110, 146)], 6)
        c.polygon(rune, (*ink, 255))
        c.polygon(place(rune, 0, 0.62, (128 * 0.38, 147 * 0.38)), glow)
        c.stroke([(128, 128), (128, 168)], 3, (*ink, 255))

    def head_marks(c: Canvas) -> None:
        c.polygon([(88, 72), (168, 72), (160, 82), (96, 82)], (*ink, 255))      # heavy brow
        for side in (1, -1):
            # Slanted down towards the nose: a stern, watchful look.
            eye = [(128 + side * 8, 88), (128 + side * 28, 82), (128 + side * 26, 92), (128 + side * 12, 95)]
            c.polygon(eye, glow)
        c.stroke([(110, 98), (120, 96), (128, 98), (136, 96), (146, 98)], 3, (*ink, 220))
        c.stroke([(104, 52), (112, 62)], 3, (*ink, 160))

    def fist_marks(c: Canvas) -> None:
        for knuckles in ([(20, 190), (40, 192)], [(26, 206), (46, 206)]):
            c.stroke(knuckles, 3, (*ink, 200))
            c.stroke(mirror(knuckles), 3, (*ink, 200))

    def sapling(c: Canvas, col: Colour) -> None:
        c.stroke(smooth([(128, 50), (126, 34), (130, 20)], 4, closed=False), 6, col)
        c.polygon(smooth([(128, 34, 1), (108, 18), (84, 18, 1), (100, 36)], 6), col)
        c.polygon(smooth([(130, 26, 1), (146, 8), (172, 4, 1), (160, 24)], 6), col)

    e = Emblem(ink)
    e.part(dark_stone, both(leg))
    e.part(dark_stone, both(upper_arm))
    e.part(leaf, sapling, lambda c: c.stroke([(96, 30), (112, 28)], 2.5, (*ink, 140)))
    e.part(stone, filled(torso, steps=1), torso_marks)
    e.part(stone, both(fist), fist_marks)
    e.part(stone, filled(head, steps=1), head_marks)
    return e


# A serpent head pointing right around (0, 0): skull and upper jaw, lower jaw, the open
# mouth between them, fangs, and a crest of spikes at the back of the skull.
SERPENT_SKULL = [(-18, -8), (-4, -16), (16, -15), (34, -9), (48, -5, 1), (50, 2, 1), (30, 2), (8, 6, 1),
                 (-8, 12), (-18, 8)]
SERPENT_JAW = [(6, 6, 1), (26, 12), (44, 14), (46, 19, 1), (28, 22), (6, 20), (-10, 14)]
SERPENT_MOUTH = [(6, 6), (50, 0), (48, 16)]
SERPENT_FANGS = [[(22, 1), (28, 1), (25, 12)], [(38, 0), (44, -1), (41, 10)]]
SERPENT_CREST = [(-10, -12), (-24, -26, 1), (-18, -8), (-34, -12, 1), (-18, 2), (-30, 6, 1), (-14, 10)]
HEAD_SCALE = 1.25


class Serpent:
    """One hydra head placed at `at`, facing `angle` (degrees); heads facing left are
    flipped so their eye stays on top."""

    def __init__(self, angle: float, at: tuple[float, float]) -> None:
        self.angle, self.at = angle, at
        self.flip = 1 if -90 <= angle <= 90 else -1

    def pose(self, points: Iterable[Point]) -> list[Point]:
        return place([(x, y * self.flip, *rest) for x, y, *rest in points], self.angle, HEAD_SCALE, self.at)

    def shape(self, outline: Sequence[Point], steps: int = 6) -> Callable[[Canvas, Colour], None]:
        return filled(self.pose(outline), steps=steps)

    def fangs(self, c: Canvas, col: Colour) -> None:
        for fang in SERPENT_FANGS:
            c.polygon(self.pose(fang), col)

    def face(self, ink: Colour, glow: Colour) -> Callable[[Canvas], None]:
        def draw(c: Canvas) -> None:
            c.polygon(self.pose([(2, -14), (26, -12), (20, -6), (4, -8)]), (*ink, 255))   # brow ridge
            (eye,) = self.pose([(14, -6)])
            c.ellipse(eye, 5.5, 5.5, glow)
            c.ellipse(eye, 2, 4.5, (*ink, 255))
            c.circle(self.pose([(42, -3)])[0], 2.2, (*ink, 255))
        return draw


def hydra() -> Emblem:
    """Hydra Serpent: three fanged serpent heads on long necks rising from curling waves."""
    blue = REALM_COLOURS["blue"]
    ink = (8, 26, 60)
    scales = Palette.of(blue, ink)
    back = Palette(lighter(darker(blue, 0.8), 0.3), darker(blue, 0.8), darker(blue, 0.55), ink)
    foam = Palette((235, 250, 255), (150, 214, 246), (84, 160, 220), ink)
    mouth = Palette((150, 30, 40), (110, 18, 30), (80, 10, 20), ink)
    ivory = Palette((255, 252, 240), (246, 236, 210), (210, 190, 160), ink)
    glow = (255, 236, 110, 255)

    # (neck path control points, neck radii bottom->top, head, palette); the front neck comes last.
    necks = [
        ([(66, 224), (50, 176), (32, 134), (54, 96), (80, 74)], (17, 11), Serpent(195, (68, 62)), back),
        ([(190, 224), (206, 176), (226, 136), (200, 100), (176, 78)], (17, 11), Serpent(-15, (188, 66)), back),
        ([(124, 226), (142, 176), (106, 128), (104, 84), (108, 62)], (19, 12), Serpent(-38, (120, 46)), scales),
    ]
    def neck(path: list[Point], radii: tuple[float, float]) -> Callable[[Canvas, Colour], None]:
        return lambda c, col: c.tube(smooth(path, 12, closed=False), radii[0], radii[1], col)

    def belly(path: list[Point], radii: tuple[float, float]) -> Callable[[Canvas], None]:
        # Scales: a row of small arcs along the neck.
        def draw(c: Canvas) -> None:
            pts = smooth(path, 12, closed=False)
            for i in range(4, len(pts) - 6, 5):
                x, y = pts[i]
                r = radii[0] + (radii[1] - radii[0]) * i / len(pts)
                c.stroke(arc((x, y + r * 0.2), r * 0.65, 200, 340, 6), 2.5, (*ink, 130))
        return draw

    def waves(c: Canvas, col: Colour) -> None:
        # Three curling crests over a solid band.
        c.polygon([(14, 214), (242, 214), (244, 246), (12, 246)], col)
        for x in (14, 90, 166):
            crest = smooth([(x - 6, 222), (x + 14, 204), (x + 40, 192), (x + 62, 198), (x + 70, 212, 1),
                            (x + 56, 206), (x + 46, 214), (x + 56, 226), (x + 76, 228, 1)], 6)
            c.polygon(crest, col)

    def wave_marks(c: Canvas) -> None:
        for x in (14, 90, 166):
            c.stroke(smooth([(x + 4, 224), (x + 22, 210), (x + 44, 204)], 4, closed=False), 3, (255, 255, 255, 200))
        for x in range(26, 240, 38):
            c.stroke(smooth([(x, 238), (x + 10, 234), (x + 20, 238)], 3, closed=False), 3, (*ink, 110))

    e = Emblem(ink)
    for path, radii, serpent, pal in necks:
        e.part(pal, neck(path, radii), belly(path, radii))
        e.part(pal, serpent.shape(SERPENT_CREST, 4))
        e.part(mouth, serpent.shape(SERPENT_MOUTH, 1))
        e.part(ivory, serpent.fangs)
        e.part(pal, serpent.shape(SERPENT_JAW))
        e.part(pal, serpent.shape(SERPENT_SKULL), serpent.face(ink, glow))
    e.part(foam, waves, wave_marks)
    return e


def feather(base: tuple[float, float], tip: tuple[float, float], width: float) -> list[Point]:
    """A long flight feather from base to a rounded tip."""
    dx, dy = tip[0] - base[0], tip[1] - base[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy * width / 2, ux * width / 2

    def at(t: float, side: float) -> tuple[float, float]:
        return base[0] + dx * t + nx * side, base[1] + dy * t + ny * side
    return [at(0, 0.6), at(0.5, 1), at(0.92, 0.7), (tip[0] + ux * 2, tip[1] + uy * 2), at(0.92, -0.7),
            at(0.5, -1), at(0, -0.6)]


def phoenix() -> Emblem:
    """Majestic Phoenix: a bird with raised, spread wings and a flaming tail."""
    magenta = REALM_COLOURS["magenta"]
    ink = (48, 12, 58)
    plumage = Palette.of(magenta, ink)
    wing_pal = Palette(lighter(magenta, 0.35), darker(magenta, 0.9), darker(magenta, 0.6), ink)
    flame = Palette((255, 236, 170), (255, 170, 120), (226, 96, 110), ink)
    beak = Palette((255, 236, 150), (240, 190, 60), (190, 130, 30), ink)

    # Left wing, the right one is its mirror image: flight feathers fanned from the wrist,
    # under a covert that runs from the shoulder up to the wrist.
    quills = [((106, 126), (86, 152)), ((98, 116), (50, 144)), ((88, 104), (20, 122)), ((78, 90), (4, 90)),
              ((68, 74), (2, 52)), ((60, 58), (12, 10))]
    covert = [(122, 96), (100, 72), (72, 46), (48, 30, 1), (52, 52), (64, 76), (92, 110), (120, 128)]

    def wing(side: int) -> list[tuple[Callable[[Canvas, Colour], None], Callable[[Canvas], None]]]:
        flip = (lambda pts: pts) if side > 0 else mirror
        parts = []
        for base, tip in quills:
            outline = flip(feather(base, tip, 30))
            shaft = flip([base, (base[0] * 0.15 + tip[0] * 0.85, base[1] * 0.15 + tip[1] * 0.85)])
            ember = flip(feather((base[0] * 0.3 + tip[0] * 0.7, base[1] * 0.3 + tip[1] * 0.7), tip, 40))

            def marks(c: Canvas, sh: list[Point] = shaft, em: list[Point] = ember) -> None:
                c.polygon(em, (255, 176, 130, 190))   # glowing ember tips
                c.stroke(sh, 2.5, (*ink, 150))
            parts.append((filled(outline), marks))
        sheen = smooth(flip([(118, 100), (98, 78), (70, 52), (50, 34), (64, 64), (94, 100), (118, 112)]), 5)
        parts.append((filled(flip(covert)), lambda c: c.polygon(sheen, (*lighter(magenta, 0.55), 170))))
        return parts

    tail = [(128, 168, 1), (148, 186), (170, 204), (190, 238, 1), (158, 222), (150, 250, 1), (134, 228),
            (128, 252, 1), (122, 228), (106, 250, 1), (98, 222), (66, 238, 1), (86, 204), (108, 186)]
    inner = [(128, 184, 1), (142, 204), (146, 226, 1), (134, 218), (128, 236, 1), (122, 218), (110, 226, 1),
             (114, 204)]
    body = [(128, 66, 1), (146, 96), (150, 134), (140, 170), (128, 190, 1), (116, 170), (106, 134), (110, 96)]
    # Flame plumes sweeping back from the head (it faces left).
    crest = [(126, 54), (134, 34), (150, 16, 1), (150, 36), (174, 26, 1), (164, 46), (186, 50, 1), (162, 62),
             (144, 76)]

    def body_marks(c: Canvas) -> None:
        c.polygon(smooth([(128, 104, 1), (140, 130), (134, 160), (128, 172, 1), (122, 160), (116, 130)], 5),
                  (*lighter(magenta, 0.55), 200))
        for y in (122, 138, 154):
            c.stroke(arc((128, y - 12), 10, 50, 130, 6), 2.5, (*ink, 120))

    def face(c: Canvas) -> None:
        c.circle((120, 66), 6, (255, 244, 200, 255))
        c.circle((121, 67), 3.2, (*ink, 255))

    e = Emblem(ink)
    e.part(flame, filled(tail), lambda c: c.polygon(smooth(inner, 6), (255, 248, 210, 230)))
    for side in (1, -1):
        for shape, marks in wing(side):
            e.part(wing_pal, shape, marks)
    e.part(flame, filled(crest))
    e.part(plumage, filled(body, steps=8), body_marks)
    e.part(plumage, lambda c, col: c.circle((128, 70), 19, col), face)
    e.part(beak, filled([(114, 72), (98, 84, 1), (118, 84), (124, 78)], steps=4))
    return e


def lion() -> Emblem:
    """Solar Lion: a lion's face framed by a mane of sun rays."""
    gold = REALM_COLOURS["yellow"]
    ink = (70, 40, 6)
    mane = Palette((255, 200, 110), (226, 140, 40), (170, 90, 20), ink)
    rays = Palette((255, 236, 150), gold, darker(gold, 0.72), ink)
    fur = Palette((255, 244, 190), (246, 206, 90), (204, 150, 40), ink)
    cream = Palette((255, 255, 240), (255, 240, 200), (230, 200, 150), ink)
    centre = (128, 132)

    def sun_rays(c: Canvas, col: Colour) -> None:
        for i in range(16):
            a = i * 22.5 - 90
            length = 122 if i % 2 == 0 else 102
            c.polygon([polar(centre, 72, a - 11), polar(centre, length, a), polar(centre, 72, a + 11)], col)

    def mane_shape(c: Canvas, col: Colour) -> None:
        # A disc with a scalloped edge: tufts of fur between the rays.
        c.circle(centre, 78, col)
        for i in range(16):
            c.circle(polar(centre, 76, i * 22.5 - 78.75), 14, col)

    def mane_marks(c: Canvas) -> None:
        for r, a in ((74, 200), (66, 300), (76, 20), (70, 120)):
            c.stroke(arc(centre, r, a, a + 40, 8), 3, (*ink, 110))

    def ears(c: Canvas, col: Colour) -> None:
        c.circle((88, 74), 16, col)
        c.circle((168, 74), 16, col)

    def ear_marks(c: Canvas) -> None:
        c.circle((88, 76), 8, (*mane.shadow, 255))
        c.circle((168, 76), 8, (*mane.shadow, 255))

    face = [(128, 64), (164, 68), (184, 96), (184, 138), (168, 172), (146, 194), (128, 198), (110, 194),
            (88, 172), (72, 138), (72, 96), (92, 68)]
    nose = Palette((150, 80, 60), (110, 52, 36), (80, 36, 24), ink)

    def face_marks(c: Canvas) -> None:
        for side in (1, -1):
            x = 128 + side * 26
            eye = smooth([(x - 14 * side, 118, 1), (x, 108), (x + 13 * side, 114, 1), (x, 124)], 5)
            c.polygon(eye, (*ink, 255))
            c.circle((x - 1 * side, 115), 4.5, (255, 230, 120, 255))
            c.circle((x - 1 * side, 115), 2.2, (*ink, 255))
            c.polygon([(128 + side * 8, 104), (128 + side * 40, 98), (128 + side * 38, 104), (128 + side * 10, 110)],
                      (*ink, 220))    # brow
        c.polygon(smooth([(128, 94), (138, 104), (136, 132), (120, 132), (118, 104)], 5), (*fur.light, 170))

    def muzzle(c: Canvas, col: Colour) -> None:
        c.ellipse((114, 160), 19, 16, col)
        c.ellipse((142, 160), 19, 16, col)
        c.ellipse((128, 180), 12, 10, col)

    def muzzle_marks(c: Canvas) -> None:
        for x, y in ((106, 156), (98, 164), (110, 168), (150, 156), (158, 164), (146, 168)):
            c.circle((x, y), 2.2, (*ink, 200))
        c.stroke([(128, 150), (128, 164)], 3, (*ink, 255))
        c.stroke(smooth([(110, 170), (120, 174), (128, 164)], 4, closed=False), 3, (*ink, 255))
        c.stroke(smooth([(146, 170), (136, 174), (128, 164)], 4, closed=False), 3, (*ink, 255))

    e = Emblem(ink)
    e.part(rays, sun_rays)
    e.part(mane, mane_shape, mane_marks)
    e.part(fur, ears, ear_marks)
    e.part(fur, filled(face), face_marks)
    e.part(cream, muzzle, muzzle_marks)
    e.part(nose, filled([(114, 142, 1), (142, 142, 1), (128, 156, 1)], steps=4))
    return e


CREATURES = {"dragon": dragon, "guardian": guardian, "hydra": hydra, "phoenix": phoenix, "lion": lion}


# ---------------------------------------------------------------- dice symbols (white glyphs, 128x128)

def symbol_flame(c: Canvas) -> None:
    c.polygon(smooth([(64, 6, 1), (82, 30), (92, 50), (100, 30, 1), (112, 60), (112, 88), (100, 110), (64, 124),
                      (28, 110), (16, 86), (20, 58), (30, 38, 1), (40, 56), (46, 30)], 8), WHITE)
    c.polygon(smooth([(64, 62, 1), (78, 84), (80, 102), (64, 112), (48, 102), (50, 84)], 8), CLEAR_WHITE)


def symbol_leaf(c: Canvas) -> None:
    c.polygon(smooth([(34, 96, 1), (30, 60), (50, 32), (82, 18), (116, 12, 1), (110, 46), (96, 78), (68, 98)], 8),
              WHITE)
    c.stroke([(14, 116), (38, 92)], 9, WHITE)
    c.stroke(smooth([(36, 92), (64, 62), (102, 26)], 6, closed=False), 5, CLEAR_WHITE)
    for t, (dx, dy) in ((0.3, (-6, -18)), (0.3, (18, 6)), (0.55, (-4, -16)), (0.55, (16, 4))):
        x, y = 36 + (102 - 36) * t, 92 + (26 - 92) * t
        c.stroke([(x, y), (x + dx, y + dy)], 4.5, CLEAR_WHITE)


def symbol_drop(c: Canvas) -> None:
    c.polygon(smooth([(64, 4, 1), (84, 34), (102, 60), (106, 84), (96, 108), (64, 122), (32, 108), (22, 84),
                      (26, 60), (44, 34)], 8), WHITE)
    c.stroke(arc((64, 82), 26, 120, 175, 10), 9, CLEAR_WHITE)


def symbol_feather(c: Canvas) -> None:
    # Slender and curved, leaning the other way from the leaf so the two never look alike.
    spine = smooth([(98, 102), (84, 64), (58, 32), (16, 8)], 8, closed=False)
    left, right = [], []
    for i, (x, y) in enumerate(spine[:-1]):
        t = i / (len(spine) - 1)
        nx, ny = spine[i + 1][1] - y, x - spine[i + 1][0]
        scale = 20 * math.sin(math.pi * min(1.0, 0.1 + t * 0.95)) ** 0.6 / (math.hypot(nx, ny) or 1)
        left.append((x + nx * scale, y + ny * scale))
        right.append((x - nx * scale, y - ny * scale))
    c.polygon(left + [spine[-1]] + right[::-1], WHITE)
    c.stroke([(98, 102), (118, 124)], 8, WHITE)
    c.stroke(spine[:-6], 4.5, CLEAR_WHITE)
    # Gaps between the barbs, slanting back towards the quill.
    for i, side in ((9, left), (17, left), (13, right), (21, right)):
        edge, root = side[i], spine[i + 3]
        c.stroke([(edge[0] * 1.1 - root[0] * 0.1, edge[1] * 1.1 - root[1] * 0.1),
                  (edge[0] * 0.45 + root[0] * 0.55, edge[1] * 0.45 + root[1] * 0.55)], 4.5, CLEAR_WHITE)


def symbol_sun(c: Canvas) -> None:
    centre = (64, 64)
    c.circle(centre, 30, WHITE)
    for i in range(8):
        a = i * 45 - 90
        c.polygon([polar(centre, 38, a - 15), polar(centre, 62, a), polar(centre, 38, a + 15)], WHITE)


def symbol_prism(c: Canvas) -> None:
    top_l, top_r, gird_l, gird_r, bottom = (38, 18), (90, 18), (8, 48), (120, 48), (64, 120)
    c.polygon([top_l, top_r, gird_r, bottom, gird_l], WHITE)
    cut = 5
    c.stroke([(gird_l[0] + 6, 48), (gird_r[0] - 6, 48)], cut, CLEAR_WHITE)
    for a, b in (((50, 22), (40, 46)), ((78, 22), (88, 46)), ((64, 22), (52, 44)), ((64, 22), (76, 44)),
                 ((44, 52), (62, 108)), ((84, 52), (66, 108))):
        c.stroke([a, b], cut, CLEAR_WHITE)


SYMBOLS = {"red": symbol_flame, "green": symbol_leaf, "blue": symbol_drop,
           "magenta": symbol_feather, "yellow": symbol_sun, "white": symbol_prism}


def render_symbol(draw: Callable[[Canvas], None]) -> pygame.Surface:
    c = Canvas(128, CLEAR_WHITE)
    draw(c)
    return fit(c.surface, 128, 6, CLEAR_WHITE)


# ---------------------------------------------------------------- Elemental Dice symbols (white glyphs, 128x128)
#
# One per element die.  The outlines differ (tall tongues, a wide peak, a round-bottomed
# drop, a slanted leaf, sharp spikes, a full disc, round lobes) so the dice stay apart in
# greyscale and at the size of a numbered die's corner mark.  Fire, water and nature reuse
# the Dice Realms flame, drop and leaf.

def symbol_mountain(c: Canvas) -> None:
    """Earth: a high peak with a snow cap and a lower peak beside it, on a flat base."""
    c.polygon([(2, 114), (50, 18, 1), (74, 62), (92, 40, 1), (126, 114)], WHITE)
    # The snow line on the high peak, and the lower peak's flank cut out in front of it.
    c.stroke([(31, 56), (40, 63), (50, 52), (60, 63), (67, 56)], 7, CLEAR_WHITE)
    c.stroke([(92, 42), (62, 114)], 7, CLEAR_WHITE)


def symbol_sparkle(c: Canvas) -> None:
    """Magic: a big four-pointed sparkle with two small ones, all sharp spikes."""
    def star(cx: float, cy: float, r: float) -> list[Point]:
        pts: list[Point] = []
        for i in range(4):
            a = i * 90 - 90
            pts.append((*polar((cx, cy), r, a), 1))
            pts.append(polar((cx, cy), r * 0.34, a + 45))
        return pts
    c.polygon(smooth(star(50, 72, 52), 8), WHITE)
    c.polygon(smooth(star(102, 24, 24), 8), WHITE)
    c.polygon(smooth(star(108, 94, 17), 8), WHITE)


def symbol_coin(c: Canvas) -> None:
    """Gold: a coin turned a little, its milled edge showing on the right."""
    def oval(cx: float, rx: float, ry: float, n: int = 48) -> list[tuple[float, float]]:
        return [(cx + rx * math.cos(2 * math.pi * i / n), 64 + ry * math.sin(2 * math.pi * i / n)) for i in range(n)]
    face, edge = 52, 74
    c.polygon(oval(edge, 40, 60), WHITE)
    c.polygon([(face, 4), (edge, 4), (edge, 124), (face, 124)], WHITE)
    # The milled edge: notches along the visible rim, then a gap that sets the face off from it.
    for i in range(1, 8):
        y = 64 + 60 * math.cos(math.pi * i / 8)
        x = edge + 40 * math.sin(math.pi * i / 8)
        c.stroke([(x - 12, y), (x + 2, y)], 4, CLEAR_WHITE)
    c.polygon(oval(face, 45, 63), CLEAR_WHITE)
    c.polygon(oval(face, 40, 60), WHITE)
    c.stroke(oval(face, 28, 45), 6, CLEAR_WHITE, closed=True)
    c.polygon([(face, 40, 1), (face + 12, 64, 1), (face, 88, 1), (face - 12, 64, 1)], CLEAR_WHITE)


def symbol_clover(c: Canvas) -> None:
    """Chance: a four-leaf clover, four heart-shaped leaves on a curling stem."""
    centre = (64, 56)
    # A heart pointing at (0, 0) with its cleft out along +x.
    heart = [(0, 0, 1), (12, -14), (28, -23), (44, -19), (50, -7), (42, 0, 1), (50, 7), (44, 19), (28, 23),
             (12, 14)]
    for i in range(4):
        a = i * 90 - 45
        c.polygon(smooth(place(heart, a, 1, polar(centre, 4, a)), 8), WHITE)
    c.stroke(smooth([(64, 62), (66, 92), (82, 120)], 6, closed=False), 10, WHITE)


ELEMENTAL_SYMBOLS = {"fire": symbol_flame, "earth": symbol_mountain, "water": symbol_drop, "nature": symbol_leaf,
                     "magic": symbol_sparkle, "gold": symbol_coin, "chance": symbol_clover}


# ---------------------------------------------------------------- Elemental Dice picker tile (256x256)

ELEMENT_COLOURS = {
    "fire": (0xD3, 0x2F, 0x2F),
    "earth": (0x7B, 0x4A, 0x26),
    "water": (0x2F, 0x6F, 0xD6),
    "nature": (0x2E, 0x9E, 0x44),
    "magic": (0xA0, 0x3C, 0x8C),
    "gold": (0xF2, 0xC5, 0x00),
    "chance": (0xF0, 0x8A, 0x00),
}


def elemental_tile() -> Emblem:
    """Elemental Dice: the seven element dice, each showing its symbol, in a ring around an
    orb swirled from their seven colours."""
    ink = (26, 18, 40)
    centre = (128, 128)
    rng = random.Random(SEED + 7)
    n = len(ELEMENT_COLOURS)
    step = 360 / n
    orb, twist = 50, 0.9        # the orb's radius, and how far a wedge turns per unit of radius (degrees)
    half, ring = 26, 84         # the dice: half their side, and the radius of the ring of their centres

    def wedge(slot: float) -> Callable[[Canvas, Colour], None]:
        # A curved wedge of the orb whose outer end lies under the die at angle `slot`.
        a0 = slot - step / 2 - twist * orb

        def draw(c: Canvas, col: Colour) -> None:
            edge0 = [polar(centre, r, a0 + twist * r) for r in range(0, orb + 1, 2)]
            edge1 = [polar(centre, r, a0 + step + twist * r) for r in range(orb, -1, -2)]
            c.polygon(edge0 + arc(centre, orb, a0 + twist * orb, a0 + step + twist * orb, 8) + edge1, col)
        return draw

    def gloss(c: Canvas) -> None:
        c.ellipse((centre[0] - 14, centre[1] - 26), 24, 12, (255, 255, 255, 90))

    e = Emblem(ink)
    slots = [i * step - 90 for i in range(n)]
    for slot, colour in zip(slots, ELEMENT_COLOURS.values()):
        e.part(Palette.of(colour, ink), wedge(slot), gloss)
    e.part(Palette((255, 255, 255), (246, 242, 236), (200, 194, 210), ink), lambda c, col: c.circle(centre, 12, col))

    # The dice: rounded squares around the orb, each tipped a little but upright enough to read its glyph.
    glyph_size = 34
    for slot, (name, colour) in zip(slots, ELEMENT_COLOURS.items()):
        at = polar(centre, ring, slot)
        angle = rng.uniform(-14, 14)
        palette = Palette.of(colour, ink)
        glyph = pygame.transform.smoothscale(render_symbol(ELEMENTAL_SYMBOLS[name]), (glyph_size * SS,) * 2)
        glyph = pygame.transform.rotate(glyph, -angle)

        def body(c: Canvas, col: Colour, at: tuple[float, float] = at, angle: float = angle) -> None:
            c.polygon(rounded_square(at[0], at[1], half, 9, angle), col)

        def face(c: Canvas, glyph: pygame.Surface = glyph, at: tuple[float, float] = at,
                 palette: Palette = palette) -> None:
            # The white glyph over a dark halo, so it reads on the yellow die as on the others.
            x, y = at[0] * SS, at[1] * SS
            halo = glyph.copy()
            halo.fill((*palette.ink, 210), special_flags=pygame.BLEND_RGBA_MULT)
            for a in range(0, 360, 45):
                c.surface.blit(halo, halo.get_rect(center=polar((x, y), 2 * SS, a)))
            c.surface.blit(glyph, glyph.get_rect(center=(x, y)))
        e.part(palette, body, face)
    return e


# ---------------------------------------------------------------- Wizard Dice symbols (white glyphs, 128x128)
#
# The spells, allies and markers of Wizard Dice.  Every glyph has its own outline (a bolt,
# a buckler and sword, a cross, a ring, two heads, a drop, a chain, a kite shield, a hand
# mirror, a hat, a heart, a die with an arrow, a skull), so they stay apart at 24-40 px;
# the two heads differ most: the ogre is broad with tusks, the troll narrow with wide ears.

def stadium(centre: tuple[float, float], length: float, r: float, angle: float) -> list[Point]:
    """Outline of a chain link: two half circles of radius r, `length` apart, turned by angle."""
    half = length / 2
    pts = arc((half, 0), r, -90, 90, 12) + arc((-half, 0), r, 90, 270, 12)
    return place(pts, angle, 1, centre)


def star_points(centre: tuple[float, float], r: float, inner: float = 0.42, n: int = 5,
                turn: float = -90) -> list[Point]:
    """A sharp n-pointed star (a polygon, no smoothing)."""
    pts: list[Point] = []
    for i in range(2 * n):
        pts.append(polar(centre, r if i % 2 == 0 else r * inner, turn + i * 180 / n))
    return pts


def sparkle_points(centre: tuple[float, float], r: float, waist: float = 0.3) -> list[Point]:
    """A four-pointed sparkle with sharp tips, for smooth()."""
    pts: list[Point] = []
    for i in range(4):
        a = i * 90 - 90
        pts.append((*polar(centre, r, a), 1))
        pts.append(polar(centre, r * waist, a + 45))
    return pts


def symbol_bolt(c: Canvas) -> None:
    """Attack: a lightning bolt."""
    c.polygon([(70, 2), (24, 70), (56, 70), (36, 126), (106, 48), (72, 48), (98, 2)], WHITE)


def symbol_ward(c: Canvas) -> None:
    """Counter: a round buckler with a sword behind it, its blade out at the top right."""
    centre = (64, 64)

    def along(d: float, across: float = 0.0) -> tuple[float, float]:
        # d along the sword (towards the top right), `across` to its lower right.
        return centre[0] + (d + across) * 0.7071, centre[1] + (-d + across) * 0.7071
    c.polygon([along(-50, -9), along(68, -9), along(86), along(68, 9), along(-50, 9)], WHITE)
    c.stroke([along(-54, -20), along(-54, 20)], 10, WHITE)
    c.stroke([along(-54), along(-70)], 10, WHITE)
    c.circle(along(-74), 9, WHITE)
    c.circle(centre, 50, CLEAR_WHITE)
    c.circle(centre, 45, WHITE)
    c.stroke(arc(centre, 17, 0, 360, 32), 6, CLEAR_WHITE)
    for a in range(45, 360, 90):
        c.circle(polar(centre, 34, a), 4, CLEAR_WHITE)


def symbol_cross(c: Canvas) -> None:
    """Heal: a bold cross with rounded arms, a sparkle at its shoulder."""
    c.stroke([(54, 20), (54, 116)], 34, WHITE)
    c.stroke([(6, 68), (102, 68)], 34, WHITE)
    c.polygon(smooth(sparkle_points((108, 18), 18, 0.28), 6), WHITE)


def symbol_summon(c: Canvas) -> None:
    """Summon: a summoning circle, a ring round a five-pointed star."""
    centre = (64, 64)
    c.stroke(arc(centre, 58, 0, 360, 60), 9, WHITE)
    corners = [polar(centre, 56, -90 + i * 144) for i in range(5)]
    c.stroke(corners, 8, WHITE, closed=True)


def symbol_ogre(c: Canvas) -> None:
    """Ogre: a broad bald head, small ears, a heavy brow and two tusks over the lip."""
    head = [(64, 8), (94, 14), (108, 36), (112, 62), (120, 86), (112, 110), (88, 124), (64, 126),
            (40, 124), (16, 110), (8, 86), (16, 62), (20, 36), (34, 14)]
    c.polygon(smooth(head, 8), WHITE)
    for side in (1, -1):
        c.ellipse((64 + side * 56, 60), 10, 14, WHITE)
        # Eyes under the brow, and the brow's ridge cut over them.
        c.ellipse((64 + side * 22, 58), 9, 7, CLEAR_WHITE)
        c.stroke([(64 + side * 6, 48), (64 + side * 36, 42)], 6, CLEAR_WHITE)
        c.circle((64 + side * 8, 76), 4, CLEAR_WHITE)      # nostrils
    # The wide mouth, then the tusks rising from the lower lip past the upper one.
    c.polygon(smooth([(26, 92, 1), (64, 100), (102, 92, 1), (90, 108), (64, 112), (38, 108)], 6), CLEAR_WHITE)
    for side in (1, -1):
        x = 64 + side * 26
        tusk = [(x - 7, 110, 1), (x + 7, 110, 1), (x + side * 3, 80, 1)]
        c.polygon(tusk, WHITE)


def symbol_troll(c: Canvas) -> None:
    """Troll: a narrow brow and wider jaw, long pointed ears, a spiky shock of hair and a long nose."""
    head = [(64, 30), (84, 36), (94, 56), (98, 84), (92, 108), (76, 122), (64, 124), (52, 122), (36, 108),
            (30, 84), (34, 56), (44, 36)]
    c.polygon(smooth(head, 8), WHITE)
    c.polygon(smooth([(38, 48), (28, 30, 1), (42, 32), (42, 12, 1), (54, 24), (66, 4, 1), (72, 22), (88, 10, 1),
                      (86, 30), (100, 28, 1), (90, 48)], 4), WHITE)
    for side in (1, -1):
        c.polygon(smooth([(64 + side * 28, 52), (64 + side * 62, 42, 1), (64 + side * 32, 84)], 6), WHITE)
        c.circle((64 + side * 15, 62), 6, CLEAR_WHITE)
        c.stroke([(64 + side * 6, 52), (64 + side * 24, 50)], 5, CLEAR_WHITE)
    # A wide mouth with two small fangs, and the long nose hanging over it.
    c.polygon(smooth([(38, 98, 1), (64, 108), (90, 98, 1), (80, 114), (64, 118), (48, 114)], 6), CLEAR_WHITE)
    for x in (46, 82):
        c.polygon([(x - 5, 116, 1), (x + 5, 116, 1), (x, 102, 1)], WHITE)
    nose = smooth([(64, 54), (70, 68), (76, 86), (78, 98), (70, 106), (58, 106), (50, 98), (52, 86), (58, 68)], 6)
    c.stroke(nose, 6, CLEAR_WHITE, closed=True)
    c.polygon(nose, WHITE)


def symbol_poison(c: Canvas) -> None:
    """Poison: a drop with a skull in it and two bubbles rising beside it."""
    c.polygon(smooth([(56, 4, 1), (76, 34), (94, 60), (98, 84), (88, 108), (56, 122), (24, 108), (14, 84),
                      (18, 60), (36, 34)], 8), WHITE)
    c.circle((110, 40), 11, WHITE)
    c.circle((104, 12), 7, WHITE)
    # The skull, cut out: cranium and jaw, with white eyes and teeth left standing.
    c.circle((56, 78), 22, CLEAR_WHITE)
    c.polygon([(44, 88), (68, 88), (66, 110), (46, 110)], CLEAR_WHITE)
    c.circle((47, 80), 6.5, WHITE)
    c.circle((65, 80), 6.5, WHITE)
    c.polygon([(56, 88), (60, 96), (52, 96)], WHITE)
    c.stroke([(56, 101), (56, 110)], 3, WHITE)


def symbol_chain(c: Canvas) -> None:
    """Paralysis: three chain links, each passing over and under the next."""
    links = [(34, 94), (64, 64), (94, 34)]
    width, gap, length, r = 10, 5, 26, 16
    for centre in links:
        outline = stadium(centre, length, r, -45)
        c.stroke(outline, width + 2 * gap, CLEAR_WHITE, closed=True)
        c.stroke(outline, width, WHITE, closed=True)
    # Each earlier link goes back over the next one on one side, so the links interlock.
    for centre in links[:-1]:
        over = stadium(centre, length, r, -45)[:7]
        c.stroke(over, width + 2 * gap, CLEAR_WHITE)
        c.stroke(over, width, WHITE)


def symbol_kite(c: Canvas) -> None:
    """Shield: a kite shield with a border and a line down its middle."""
    outline = [(8, 14, 1), (64, 6), (120, 14, 1), (116, 56), (98, 92), (64, 124, 1), (30, 92), (12, 56)]
    c.polygon(smooth(outline, 8), WHITE)
    inner = place(smooth(outline, 8), 0, 0.78, (64 * 0.22, 56 * 0.22))
    c.stroke(inner, 6, CLEAR_WHITE, closed=True)
    c.stroke([(64, 20), (64, 104)], 6, CLEAR_WHITE)


def symbol_mirror(c: Canvas) -> None:
    """Mirror: a hand mirror, an oval glass in a frame with a glint, on a handle."""
    def oval(rx: float, ry: float, n: int = 48) -> list[Point]:
        return [(rx * math.cos(2 * math.pi * i / n), -30 + ry * math.sin(2 * math.pi * i / n)) for i in range(n)]
    angle, at = 28, (70, 64)
    c.polygon(place(oval(40, 46), angle, 1, at), WHITE)
    c.stroke(place([(0, 14), (0, 62)], angle, 1, at), 14, WHITE)
    c.circle(place([(0, 64)], angle, 1, at)[0], 10, WHITE)
    c.stroke(place(oval(31, 37), angle, 1, at), 6, CLEAR_WHITE, closed=True)
    for (x0, y0), (x1, y1) in (((-18, -40), (-2, -58)), ((-18, -20), (10, -52))):
        c.stroke(place([(x0, y0), (x1, y1)], angle, 1, at), 5, CLEAR_WHITE)


def symbol_hat(c: Canvas) -> None:
    """Wizard: a pointed hat with a bent tip and stars, on a wide brim."""
    cone = [(30, 98, 1), (42, 66), (54, 36), (70, 14), (98, 8, 1), (82, 26), (86, 60), (98, 98, 1)]
    c.polygon(smooth(cone, 8), WHITE)
    c.ellipse((64, 104), 62, 16, WHITE)
    c.stroke(smooth([(30, 96), (64, 104), (98, 96)], 6, closed=False), 5, CLEAR_WHITE)
    c.stroke(smooth([(34, 84), (64, 90), (94, 84)], 6, closed=False), 5, CLEAR_WHITE)
    c.polygon(star_points((66, 58), 15), CLEAR_WHITE)
    c.polygon(star_points((16, 28), 14), WHITE)
    c.polygon(star_points((116, 42), 9), WHITE)


def symbol_heart(c: Canvas) -> None:
    """HP: a heart with a glint."""
    half = [(64, 122, 1), (30, 90), (8, 60), (6, 30), (22, 10), (44, 8), (58, 18), (64, 28, 1)]
    c.polygon(smooth(half + mirror(half[1:-1], 64)[::-1], 8), WHITE)
    c.stroke(arc((38, 40), 20, 190, 260, 8), 7, CLEAR_WHITE)


def symbol_carry(c: Canvas) -> None:
    """Continued: a die (showing three) with an arrow pointing right: kept for the next round."""
    angle, at = -10, (40, 64)
    c.polygon(rounded_square(*at, 36, 10, angle), WHITE)
    for px, py in place([(-19, -19), (0, 0), (19, 19)], angle, 1, at):
        c.circle((px, py), 7.5, CLEAR_WHITE)
    c.polygon([(84, 56, 1), (102, 56, 1), (102, 36, 1), (128, 64, 1), (102, 92, 1), (102, 72, 1), (84, 72, 1)],
              WHITE)


def symbol_skull(c: Canvas) -> None:
    """Dead: a skull with hollow eyes and a jaw of teeth."""
    c.circle((64, 54), 50, WHITE)
    c.polygon(smooth([(30, 80), (98, 80), (94, 112), (84, 122, 1), (44, 122, 1), (34, 112)], 6), WHITE)
    c.ellipse((42, 62), 15, 14, CLEAR_WHITE)
    c.ellipse((86, 62), 15, 14, CLEAR_WHITE)
    c.polygon([(64, 76, 1), (72, 92, 1), (56, 92, 1)], CLEAR_WHITE)
    for x in (52, 64, 76):
        c.stroke([(x, 104), (x, 124)], 4, CLEAR_WHITE)


WIZARD_SYMBOLS = {"attack": symbol_bolt, "counter": symbol_ward, "heal": symbol_cross, "summon": symbol_summon,
                  "ogre": symbol_ogre, "troll": symbol_troll, "poison": symbol_poison, "paralysis": symbol_chain,
                  "shield": symbol_kite, "mirror": symbol_mirror, "wizard": symbol_hat, "hp": symbol_heart,
                  "continued": symbol_carry, "dead": symbol_skull}


# ---------------------------------------------------------------- Wizard Dice picker tile (256x256)

def wizard_tile() -> Emblem:
    """Wizard Dice: a starry wizard hat over two crossed wands with sparkling tips, three
    white dice in front, on a night-violet roundel with a gold rim."""
    ink = (22, 12, 46)
    rng = random.Random(SEED + 11)
    centre = (128, 128)
    gold = Palette((255, 238, 160), (236, 186, 60), (176, 122, 30), ink)
    night = Palette((104, 74, 190), (62, 38, 138), (34, 20, 84), ink)
    hat = Palette((120, 168, 255), (48, 96, 214), (26, 52, 140), ink)
    wood = Palette((214, 160, 106), (150, 96, 52), (96, 58, 28), ink)
    birch = Palette((255, 250, 236), (226, 214, 190), (170, 150, 124), ink)
    spark_gold = Palette((255, 252, 220), (255, 222, 90), (230, 160, 40), ink)
    spark_cyan = Palette((236, 255, 255), (120, 230, 250), (50, 170, 220), ink)
    die = Palette((255, 255, 255), (246, 242, 236), (200, 194, 210), ink)

    def sky(c: Canvas) -> None:
        for _ in range(34):
            x, y = polar(centre, 104 * math.sqrt(rng.random()), rng.uniform(0, 360))
            c.circle((x, y), rng.uniform(1.2, 2.6), (255, 255, 255, rng.randrange(150, 240)))
        for at, r in (((60, 70), 9), ((206, 104), 7), ((88, 40), 6)):
            c.polygon(smooth(sparkle_points(at, r), 4), (255, 255, 255, 230))

    def wand(handle: tuple[float, float], tip: tuple[float, float], r0: float, r1: float
             ) -> Callable[[Canvas, Colour], None]:
        dx, dy = tip[0] - handle[0], tip[1] - handle[1]
        length = math.hypot(dx, dy)
        nx, ny = -dy / length, dx / length

        def draw(c: Canvas, col: Colour) -> None:
            c.polygon([(handle[0] + nx * r0, handle[1] + ny * r0), (tip[0] + nx * r1, tip[1] + ny * r1),
                       (tip[0] - nx * r1, tip[1] - ny * r1), (handle[0] - nx * r0, handle[1] - ny * r0)], col)
            c.circle(handle, r0, col)
            c.circle(tip, r1, col)
        return draw

    cone = [(78, 150, 1), (90, 112), (104, 72), (118, 46), (140, 26), (166, 22), (192, 40, 1), (164, 38),
            (150, 54), (152, 84), (162, 118), (178, 150, 1)]

    def cone_shape(c: Canvas, col: Colour) -> None:
        c.polygon(smooth(cone, 8), col)

    def band_shape(c: Canvas, col: Colour) -> None:
        cone_shape(c, col)
        c.polygon([(0, 0), (256, 0), (256, 114), (0, 114)], (0, 0, 0, 0))

    def hat_marks(c: Canvas) -> None:
        c.polygon(star_points((124, 88), 13), (*spark_gold.base, 255))
        c.polygon(star_points((140, 52), 8), (*spark_gold.base, 255))
        c.polygon(smooth(sparkle_points((150, 96), 7), 4), (255, 255, 255, 230))
        c.circle((110, 64), 3, (255, 255, 255, 220))

    def brim_marks(c: Canvas) -> None:
        c.stroke(smooth([(60, 150), (96, 160), (160, 160), (196, 150)], 6, closed=False), 3, (*ink, 110))

    def die_shape(at: tuple[float, float], angle: float, half: float) -> Callable[[Canvas, Colour], None]:
        return lambda c, col: c.polygon(rounded_square(at[0], at[1], half, half * 0.34, angle), col)

    def pips(at: tuple[float, float], angle: float, half: float, spots: Sequence[tuple[int, int]]
             ) -> Callable[[Canvas], None]:
        def draw(c: Canvas) -> None:
            for px, py in place([(x * half * 0.5, y * half * 0.5) for x, y in spots], angle, 1, at):
                c.circle((px, py), half * 0.17, (*ink, 255))
        return draw

    e = Emblem(ink)
    e.part(gold, lambda c, col: c.circle(centre, 124, col))
    e.part(night, lambda c, col: c.circle(centre, 110, col), sky)
    # The wands end behind the outer dice.
    for handle, tip, pal, spark in (((84, 204), (214, 58), wood, spark_gold),
                                    ((172, 204), (42, 58), birch, spark_cyan)):
        e.part(pal, wand(handle, tip, 8, 4.5))
        e.part(spark, filled(sparkle_points(tip, 24, 0.28), steps=4))
    e.part(hat, cone_shape, hat_marks)
    e.part(gold, band_shape)
    e.part(hat, lambda c, col: c.ellipse((128, 150), 86, 20, col), brim_marks)
    three, six = [(-1, -1), (0, 0), (1, 1)], [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]
    for at, angle, half, spots in (((68, 196), -16, 24, PIPS_FIVE), ((188, 196), 14, 24, three),
                                   ((128, 208), 4, 27, six)):
        e.part(die, die_shape(at, angle, half), pips(at, angle, half, spots))
    return e


# ---------------------------------------------------------------- ElementaliS symbols (white glyphs, 128x128)
#
# The faces of ElementaliS's dice show element symbols, never numbers: fire, water and earth
# are Elemental Dice's flame, drop and mountain, the Sun is Dice Realms' rayed disc; air is
# three wind lines with curled ends and Ether a lone four-pointed star, so the Sun
# (a disc with eight rays) and Ether (four long points, no disc) never look alike.  The
# markers around them each have their own outline too: a cut gem for Mana, a die for the
# round, a funnel for the Channel, two links for an Earth Link and a scroll for a spell.

def symbol_wind(c: Canvas) -> None:
    """Air: three gusts, the top one curling up, the bottom one curling down, the middle one longest."""
    width = 11
    c.stroke([(8, 64), (116, 64)], width, WHITE)
    # (start x, y of the line, end x, curl radius, curl direction: -1 up, 1 down)
    for x0, y, x1, r, turn in ((20, 38, 84, 18, -1), (4, 90, 66, 17, 1)):
        centre = (x1, y + turn * r)
        # The curl leaves the line at the circle's bottom (or top) and turns back over it.
        start = -90 * turn
        end = start + 250 * turn
        curl = [polar(centre, r * (1 - 0.2 * i / 24), start + (end - start) * i / 24) for i in range(25)]
        c.stroke([(x0, y)] + curl, width, WHITE)


def symbol_ether(c: Canvas) -> None:
    """Ether: a single four-pointed star with long sharp tips and a narrow waist, no disc."""
    c.polygon(smooth(sparkle_points((64, 64), 62, 0.36), 8), WHITE)


def symbol_die_outline(c: Canvas) -> None:
    """Round: the outline of a die, tipped a little, with three pips."""
    angle, at = -12, (64, 64)
    c.polygon(rounded_square(*at, 56, 16, angle), WHITE)
    c.polygon(rounded_square(*at, 44, 8, angle), CLEAR_WHITE)
    for px, py in place([(-22, -22), (0, 0), (22, 22)], angle, 1, at):
        c.circle((px, py), 8.5, WHITE)


def symbol_funnel(c: Canvas) -> None:
    """Channel: a funnel with its open rim, and the stream running out of its spout."""
    c.polygon(smooth([(6, 22, 1), (122, 22, 1), (74, 70, 1), (74, 92, 1), (54, 92, 1), (54, 70, 1)], 1), WHITE)
    c.ellipse((64, 22), 58, 14, WHITE)
    c.ellipse((64, 22), 46, 7, CLEAR_WHITE)
    c.polygon(smooth([(64, 98, 1), (72, 110), (70, 120), (64, 124), (58, 120), (56, 110)], 6), WHITE)


def symbol_links(c: Canvas) -> None:
    """Earth Link: two chain links, the left one passing over the right one at the top."""
    links = [(40, 76), (88, 52)]
    width, gap, length, r = 13, 6, 34, 24
    angle = -26
    for centre in links:
        outline = stadium(centre, length, r, angle)
        c.stroke(outline, width + 2 * gap, CLEAR_WHITE, closed=True)
        c.stroke(outline, width, WHITE, closed=True)
    over = stadium(links[0], length, r, angle)[:9]
    c.stroke(over, width + 2 * gap, CLEAR_WHITE)
    c.stroke(over, width, WHITE)


def symbol_scroll(c: Canvas) -> None:
    """Spell: an unrolled scroll between two rolled ends, with lines of writing."""
    angle, at = -8, (64, 64)

    def put(points: Sequence[Point]) -> list[Point]:
        return place([(x - 64, y - 64, *r) for x, y, *r in points], angle, 1, at)
    c.polygon(put([(26, 20), (102, 20), (102, 108), (26, 108)]), WHITE)
    for y in (18, 110):
        # A clear seam between the sheet and the roll, then the roll, its left end curled.
        c.stroke(put([(14, y), (114, y)]), 28, CLEAR_WHITE)
        c.stroke(put([(14, y), (114, y)]), 20, WHITE)
        c.stroke(arc(put([(14, y)])[0], 4.5, 0, 300, 12), 3.5, CLEAR_WHITE)
    for y, x1 in ((44, 88), (60, 80), (76, 88), (92, 70)):
        c.stroke(put([(40, y), (x1, y)]), 6, CLEAR_WHITE)


ELEMENTALIS_SYMBOLS = {"fire": symbol_flame, "water": symbol_drop, "earth": symbol_mountain, "air": symbol_wind,
                       "ether": symbol_ether, "sun": symbol_sun, "mana": symbol_prism, "round": symbol_die_outline,
                       "channel": symbol_funnel, "link": symbol_links, "spell": symbol_scroll}


# ---------------------------------------------------------------- ElementaliS picker tile (256x256)

ELEMENTALIS_GEMS = {"fire": (214, 64, 52), "water": (52, 110, 214), "earth": (58, 160, 78), "air": (236, 236, 240)}


def elementalis_tile() -> Emblem:
    """ElementaliS: four cut gems of the elements (red fire, blue water, green earth, white air),
    each showing its symbol, round a golden sun on a dark teal roundel with a silver rim."""
    ink = (10, 24, 32)
    centre = (128, 128)
    silver = Palette((250, 252, 255), (196, 206, 216), (128, 140, 156), ink)
    night = Palette((46, 96, 112), (22, 56, 72), (10, 30, 42), ink)
    ray_pal = Palette((255, 230, 140), (232, 160, 36), (176, 104, 20), ink)
    sun_pal = Palette((255, 250, 200), (255, 208, 60), (222, 148, 24), ink)

    def sky(c: Canvas) -> None:
        # The element cycle: a faint ring through the gems.
        c.stroke(arc(centre, 80, 0, 360, 72), 4, (170, 220, 230, 90))
        c.stroke(arc(centre, 100, 0, 360, 72), 2, (170, 220, 230, 60))

    def rays(c: Canvas, col: Colour) -> None:
        for i in range(16):
            a = i * 22.5 - 90
            length = 100 if i % 4 == 0 else (70 if i % 2 == 0 else 60)
            c.polygon([polar(centre, 34, a - 9), polar(centre, length, a), polar(centre, 34, a + 9)], col)

    def sun_marks(c: Canvas) -> None:
        c.stroke(arc(centre, 26, 0, 360, 48), 3, (*ray_pal.shadow, 200))
        c.ellipse((centre[0] - 10, centre[1] - 14), 14, 8, (255, 255, 255, 150))

    def gem_outline(at: tuple[float, float], r: float) -> list[Point]:
        # An octagonal cut stone, its flat sides up, down, left and right.
        return [polar(at, r, 22.5 + 45 * i) for i in range(8)]

    e = Emblem(ink)
    e.part(silver, lambda c, col: c.circle(centre, 124, col))
    e.part(night, lambda c, col: c.circle(centre, 112, col), sky)
    e.part(ray_pal, rays)
    e.part(sun_pal, lambda c, col: c.circle(centre, 38, col), sun_marks)

    glyph_size = 34
    for (name, colour), slot in zip(ELEMENTALIS_GEMS.items(), (-135, -45, 135, 45)):
        at = polar(centre, 78, slot)
        r = 32
        palette = Palette.of(colour, ink) if name != "air" else \
            Palette((255, 255, 255), (226, 230, 238), (160, 168, 186), ink)
        glyph = pygame.transform.smoothscale(render_symbol(ELEMENTALIS_SYMBOLS[name]), (glyph_size * SS,) * 2)

        def facets(c: Canvas, at: tuple[float, float] = at, r: float = r, palette: Palette = palette,
                   glyph: pygame.Surface = glyph, name: str = name) -> None:
            outer, table = gem_outline(at, r), gem_outline(at, r * 0.66)
            for i in range(8):
                shade = (*palette.light, 110) if i in (4, 5, 6) else (*palette.shadow, 110)
                c.polygon([outer[i], outer[(i + 1) % 8], table[(i + 1) % 8], table[i]], shade)
                c.stroke([outer[i], table[i]], 1.5, (*palette.ink, 90))
            c.stroke(table, 1.5, (*palette.ink, 90), closed=True)
            # A glint on the upper left crown facet.
            c.stroke([polar(at, r * 0.83, 200), polar(at, r * 0.83, 232)], 3, (255, 255, 255, 200))
            x, y = at[0] * SS, at[1] * SS
            if name == "air":
                mark = glyph.copy()
                mark.fill((*darker(palette.shadow, 0.4), 255), special_flags=pygame.BLEND_RGBA_MULT)
            else:
                halo = glyph.copy()
                halo.fill((*palette.ink, 200), special_flags=pygame.BLEND_RGBA_MULT)
                for a in range(0, 360, 45):
                    c.surface.blit(halo, halo.get_rect(center=polar((x, y), 1.5 * SS, a)))
                mark = glyph
            c.surface.blit(mark, mark.get_rect(center=(x, y)))
        e.part(palette, lambda c, col, at=at, r=r: c.polygon(gem_outline(at, r), col), facets)
    return e


# ---------------------------------------------------------------- Dice Cards symbols (white glyphs, 128x128)
#
# One glyph per archetype, drawn in the corner of its coloured dice, so each outline must
# read alone at 20-30 px: a flame with tall tongues, a square tower with merlons, a round
# skull, a slanted leaf, a wide almond eye and a toothed gear.  The flame and leaf are the
# Dice Realms ones and the skull Wizard Dice's.  The markers of the table each have their
# own outline too: a kite shield and a lightning bolt (Wizard Dice's), a pile of three dice
# for the Stock, a tombstone for the Grave, a slashed ring for banished dice, a sword with
# speed lines for Strike First, a cuff and chain for a captive, an open hand, a jagged
# burst for damage and two upward chevrons for Power.

def symbol_tower(c: Canvas) -> None:
    """Bastion Wardens: a square tower, three merlons on an overhanging parapet, an arched gate."""
    c.polygon([(28, 124), (36, 50), (92, 50), (100, 124)], WHITE)
    c.polygon([(14, 30), (114, 30), (106, 54), (22, 54)], WHITE)
    for x in (14, 52, 90):
        c.polygon([(x, 4), (x + 24, 4), (x + 24, 34), (x, 34)], WHITE)
    # The seam under the parapet, an arrow slit, and the gate.
    c.stroke([(30, 60), (98, 60)], 5, CLEAR_WHITE)
    c.stroke([(64, 72), (64, 86)], 8, CLEAR_WHITE)
    c.polygon([(50, 126), (50, 108)] + arc((64, 108), 14, 180, 360, 12) + [(78, 126)], CLEAR_WHITE)


def symbol_eye(c: Canvas) -> None:
    """Veil Court: a wide almond eye, its iris set off by a clear ring, a round pupil."""
    c.polygon(smooth([(2, 64, 1), (30, 32), (64, 20), (98, 32), (126, 64, 1), (98, 96), (64, 108), (30, 96)], 8),
              WHITE)
    c.circle((64, 64), 33, CLEAR_WHITE)
    c.circle((64, 64), 26, WHITE)
    c.circle((64, 64), 11, CLEAR_WHITE)


def symbol_gear(c: Canvas) -> None:
    """Clockwork Reliquary: a cog with eight square teeth round a hub hole."""
    centre = (64, 64)
    c.circle(centre, 47, WHITE)
    for i in range(8):
        a = i * 45
        c.polygon([polar(centre, 40, a - 15), polar(centre, 63, a - 10), polar(centre, 63, a + 10),
                   polar(centre, 40, a + 15)], WHITE)
    c.circle(centre, 19, CLEAR_WHITE)


def symbol_bold_leaf(c: Canvas) -> None:
    """Bramble Chimera: the Dice Realms leaf with only its midrib cut and a thicker stem, so it
    holds together at 20 px."""
    c.polygon(smooth([(34, 96, 1), (30, 60), (50, 32), (82, 18), (116, 12, 1), (110, 46), (96, 78), (68, 98)], 8),
              WHITE)
    c.stroke([(12, 118), (40, 90)], 13, WHITE)
    c.stroke(smooth([(40, 88), (66, 60), (98, 30)], 6, closed=False), 5.5, CLEAR_WHITE)


def symbol_dice_pile(c: Canvas) -> None:
    """Stock: a pile of three dice, two side by side and one resting on top."""
    two, three = [(-1, -1), (1, 1)], [(-1, -1), (0, 0), (1, 1)]
    for at, angle, spots in (((32, 94), -4, two), ((96, 94), 6, [(0, 0)]), ((62, 34), -10, three)):
        c.polygon(rounded_square(*at, 36, 13, angle), CLEAR_WHITE)
        c.polygon(rounded_square(*at, 30, 9, angle), WHITE)
        for px, py in place([(x * 15, y * 15) for x, y in spots], angle, 1, at):
            c.circle((px, py), 7, CLEAR_WHITE)


def symbol_tombstone(c: Canvas) -> None:
    """Grave: a round-topped headstone with a cross, on a mound of earth."""
    c.polygon([(24, 110)] + arc((64, 48), 40, 180, 360, 24) + [(104, 110)], WHITE)
    c.stroke([(64, 28), (64, 80)], 11, CLEAR_WHITE)
    c.stroke([(46, 46), (82, 46)], 11, CLEAR_WHITE)
    mound = smooth([(0, 126, 1), (14, 110), (64, 100), (114, 110), (128, 126, 1)], 6)
    c.stroke(mound, 10, CLEAR_WHITE, closed=True)
    c.polygon(mound, WHITE)


def symbol_banish(c: Canvas) -> None:
    """Banished: a thick ring struck through: gone from the game."""
    centre = (64, 64)
    c.circle(centre, 62, WHITE)
    c.circle(centre, 43, CLEAR_WHITE)
    c.stroke([polar(centre, 50, 225), polar(centre, 50, 45)], 18, WHITE)


def symbol_sword(c: Canvas) -> None:
    """Strike First: a sword thrust up to the right, speed lines streaming behind it."""
    def along(d: float, across: float = 0.0) -> tuple[float, float]:
        # d along the blade (towards the top right), `across` to its lower right.
        return 60 + (d + across) * 0.7071, 68 + (-d + across) * 0.7071
    c.polygon([along(-24, -10), along(60, -10), along(84), along(60, 10), along(-24, 10)], WHITE)
    c.stroke([along(-26, -26), along(-26, 26)], 13, WHITE)
    c.stroke([along(-30), along(-56)], 12, WHITE)
    c.circle(along(-64), 11, WHITE)
    for across, d0, d1 in ((-30, -6, 40), (30, -40, 6), (-48, -20, 10)):
        c.stroke([along(d0, across), along(d1, across)], 8, WHITE)


def symbol_shackle(c: Canvas) -> None:
    """Captive: an iron cuff with a rivet, held by a chain link that runs off to the top left."""
    width, gap = 14, 6
    link = stadium((42, 42), 28, 20, 45)
    c.stroke(link, width, WHITE, closed=True)
    cuff = (84, 84)
    c.circle(cuff, 46, CLEAR_WHITE)
    c.circle(cuff, 41, WHITE)
    c.circle(cuff, 23, CLEAR_WHITE)
    c.circle(polar(cuff, 32, 135), 6, CLEAR_WHITE)
    # The link passes back over the cuff on its far side.
    over = link[12:20]
    c.stroke(over, width + 2 * gap, CLEAR_WHITE)
    c.stroke(over, width, WHITE)


def symbol_open_hand(c: Canvas) -> None:
    """Hand: an open hand, palm out, four fingers spread and the thumb out to the side."""
    for base, angle, length in (((42, 64), -102, 46), ((58, 60), -93, 54), ((74, 60), -84, 52),
                                ((90, 66), -74, 40)):
        c.stroke([base, polar(base, length, angle)], 16, WHITE)
    c.stroke([(40, 96), polar((40, 96), 44, -148)], 18, WHITE)
    c.polygon(smooth([(34, 62), (64, 56), (98, 64), (100, 96), (86, 122), (46, 122), (30, 100)], 6), WHITE)


def symbol_burst(c: Canvas) -> None:
    """Damage: a jagged burst, like a blow landing, with a clear star at its heart."""
    centre = (64, 64)
    outer = (62, 50, 60, 46, 62, 52, 58, 48, 62, 50)
    pts: list[Point] = []
    for i, r in enumerate(outer):
        a = -90 + i * 36
        pts.append(polar(centre, r, a))
        pts.append(polar(centre, 30, a + 18))
    c.polygon(pts, WHITE)
    c.polygon(star_points(centre, 20, 0.5, 5), CLEAR_WHITE)


def symbol_chevrons(c: Canvas) -> None:
    """Power: two bold chevrons pointing up."""
    for y in (16, 66):
        c.stroke([(14, y + 44), (64, y), (114, y + 44)], 26, WHITE)


DICE_CARDS_SYMBOLS = {"flame": symbol_flame, "tower": symbol_tower, "skull": symbol_skull, "leaf": symbol_bold_leaf,
                      "eye": symbol_eye, "gear": symbol_gear, "shield": symbol_kite, "energy": symbol_bolt,
                      "stock": symbol_dice_pile, "grave": symbol_tombstone, "banish": symbol_banish,
                      "strike": symbol_sword, "chain": symbol_shackle, "hand": symbol_open_hand,
                      "damage": symbol_burst, "power": symbol_chevrons}


# ---------------------------------------------------------------- Dice Cards picker tile (256x256)

DICE_CARDS_COLOURS = {"flame": (0xD8, 0x40, 0x2F), "tower": (0x3F, 0x6F, 0xD8), "skull": (0x8E, 0x4F, 0xC4),
                      "leaf": (0x3F, 0x9A, 0x45), "eye": (0xE0, 0xB5, 0x2A), "gear": (0xE0, 0x7A, 0x1F)}


def dice_cards_tile() -> Emblem:
    """Dice Cards: a duel on a playmat.  A unit of two red dice stacked (6 and 2: Power 8)
    stands in front of a silver shield, a card with a purple frame and one with a green frame
    fanned behind it, on a felt roundel with its zones marked, in a rim of the six archetype
    colours."""
    ink = (20, 16, 30)
    centre = (128, 128)
    felt = Palette((64, 126, 104), (30, 84, 70), (14, 48, 40), ink)
    steel = Palette((250, 252, 255), (190, 200, 214), (118, 130, 150), ink)
    field = Palette((120, 160, 240), (52, 86, 180), (26, 44, 110), ink)
    gold = Palette((255, 238, 160), (236, 186, 60), (176, 122, 30), ink)
    parchment = Palette((255, 250, 232), (236, 224, 196), (190, 172, 140), ink)
    red = Palette.of(DICE_CARDS_COLOURS["flame"], ink)

    def wedge(a0: float, a1: float) -> Callable[[Canvas, Colour], None]:
        def draw(c: Canvas, col: Colour) -> None:
            c.polygon(arc(centre, 124, a0, a1, 12) + arc(centre, 104, a1, a0, 12), col)
        return draw

    def zones(c: Canvas) -> None:
        # The playmat: a row of zone frames for each player, the centre line between them.
        line = (200, 240, 220, 70)
        c.stroke([(30, 128), (226, 128)], 2.5, line)
        for y in (44, 190):
            for x in (62, 100, 138, 176):
                c.stroke(rounded_square(x + 9, y + 11, 15, 4), 2.5, line, closed=True)

    def card(angle: float, at: tuple[float, float], frame: Colour, glyph_name: str
             ) -> list[tuple[Palette, Callable[[Canvas, Colour], None], Callable[[Canvas], None] | None]]:
        w, h = 31, 44

        def rect(hw: float, hh: float, dy: float = 0) -> list[Point]:
            return place([(-hw, -hh + dy), (hw, -hh + dy), (hw, hh + dy), (-hw, hh + dy)], angle, 1, at)
        glyph = pygame.transform.smoothscale(render_symbol(DICE_CARDS_SYMBOLS[glyph_name]), (26 * SS,) * 2)
        glyph = pygame.transform.rotate(glyph, -angle)
        frame_pal = Palette.of(frame, ink)

        def body(c: Canvas, col: Colour) -> None:
            c.polygon(smooth(rect(w, h), 1), col)

        def inside(c: Canvas) -> None:
            # The picture window, its glyph, and three lines of card text.
            c.polygon(rect(w - 7, 17, -14), (*parchment.base, 255))
            c.polygon(rect(w - 10, 14, -14), (*darker(frame, 0.6), 255))
            x, y = place([(0, -14)], angle, 1, at)[0]
            c.surface.blit(glyph, glyph.get_rect(center=(x * SS, y * SS)))
            for dy, half in ((12, 20), (21, 20), (30, 12)):
                a, b = place([(-half, dy), (half, dy)], angle, 1, at)
                c.stroke([a, b], 3, (*darker(frame, 0.45), 200))
        return [(frame_pal, body, None),
                (parchment, lambda c, col: c.polygon(rect(w - 5, h - 5), col), inside)]

    shield = [(74, 46, 1), (128, 36), (182, 46, 1), (180, 116), (162, 164), (128, 204, 1), (94, 164), (76, 116)]

    def shield_field(c: Canvas, col: Colour) -> None:
        c.polygon(place(smooth(shield, 8), 0, 0.8, (128 * 0.2, 116 * 0.2)), col)

    def field_marks(c: Canvas) -> None:
        # A gold chevron on the blue field and a glint at the top left.
        c.stroke([(98, 112), (128, 82), (158, 112)], 10, (*gold.base, 255))
        c.stroke([(98, 112), (128, 82), (158, 112)], 3, (*gold.light, 255))
        c.stroke(smooth([(94, 62), (108, 56), (124, 54)], 4, closed=False), 5, (255, 255, 255, 120))

    def die_shape(at: tuple[float, float], angle: float, half: float) -> Callable[[Canvas, Colour], None]:
        return lambda c, col: c.polygon(rounded_square(at[0], at[1], half, half * 0.3, angle), col)

    def pips(at: tuple[float, float], angle: float, half: float, spots: Sequence[tuple[int, int]]
             ) -> Callable[[Canvas], None]:
        def draw(c: Canvas) -> None:
            for px, py in place([(x * half * 0.5, y * half * 0.5) for x, y in spots], angle, 1, at):
                c.circle((px, py), half * 0.16, (*ink, 255))
                c.circle((px, py), half * 0.12, (255, 246, 236, 255))
        return draw

    e = Emblem(ink)
    step = 60
    for i, colour in enumerate(DICE_CARDS_COLOURS.values()):
        a0 = -90 - step / 2 + i * step
        e.part(Palette.of(colour, ink), wedge(a0 + 1, a0 + step - 1))
    e.part(felt, lambda c, col: c.circle(centre, 104, col), zones)
    for part in card(-20, (66, 120), DICE_CARDS_COLOURS["skull"], "skull") + \
            card(20, (190, 120), DICE_CARDS_COLOURS["leaf"], "leaf"):
        e.part(*part)
    e.part(steel, filled(shield, steps=8))
    e.part(field, shield_field, field_marks)
    # The unit: a 6 with a 2 on top of it, both red (Cinder Drakes), in front of the shield.
    six = [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]
    two = [(-1, -1), (1, 1)]
    e.part(red, die_shape((128, 196), -4, 30), pips((128, 196), -4, 30, six))
    flame = pygame.transform.rotate(
        pygame.transform.smoothscale(render_symbol(DICE_CARDS_SYMBOLS["flame"]), (14 * SS,) * 2), -6)

    def top_face(c: Canvas) -> None:
        pips((124, 146), 6, 22, two)(c)
        # The archetype's symbol in the free corner, as on the dice in the game.
        x, y = place([(11, -11)], 6, 1, (124, 146))[0]
        c.surface.blit(flame, flame.get_rect(center=(x * SS, y * SS)))
    e.part(red, die_shape((124, 146), 6, 22), top_face)
    return e


# ---------------------------------------------------------------- board tiles (periodic textures)

TILE = 32


class PeriodicNoise:
    """Value noise on a lattice that wraps around, so a tile repeats without seams."""

    def __init__(self, rng: random.Random, period: int) -> None:
        self.period = period
        self.values = [[rng.random() for _ in range(period)] for _ in range(period)]

    def __call__(self, u: float, v: float) -> float:
        """Noise in [0, 1] at tile coordinates u, v in [0, 1)."""
        p = self.period
        x, y = u * p, v * p
        x0, y0 = int(math.floor(x)), int(math.floor(y))
        fx, fy = x - x0, y - y0
        fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
        v00 = self.values[y0 % p][x0 % p]
        v10 = self.values[y0 % p][(x0 + 1) % p]
        v01 = self.values[(y0 + 1) % p][x0 % p]
        v11 = self.values[(y0 + 1) % p][(x0 + 1) % p]
        top = v00 + (v10 - v00) * fx
        bottom = v01 + (v11 - v01) * fx
        return top + (bottom - top) * fy


class Fractal:
    """A few octaves of periodic noise, normalised to [0, 1]."""

    def __init__(self, rng: random.Random, periods: Sequence[int] = (2, 4, 8)) -> None:
        self.octaves = [PeriodicNoise(rng, p) for p in periods]

    def __call__(self, u: float, v: float) -> float:
        total = weight = 0.0
        w = 1.0
        for octave in self.octaves:
            total += w * octave(u, v)
            weight += w
            w *= 0.5
        return total / weight


class Tile:
    """A 32x32 RGB float buffer with wrap-around painting."""

    def __init__(self, colour: Callable[[float, float], Sequence[float]]) -> None:
        self.px = [[list(colour(x / TILE, y / TILE)) for x in range(TILE)] for y in range(TILE)]

    def blend(self, x: float, y: float, colour: Sequence[int], alpha: float) -> None:
        cell = self.px[int(y) % TILE][int(x) % TILE]
        for k in range(3):
            cell[k] += (colour[k] - cell[k]) * alpha

    def line(self, x0: float, y0: float, x1: float, y1: float, colour: Sequence[int], alpha: float) -> None:
        steps = max(1, int(math.hypot(x1 - x0, y1 - y0) * 2))
        seen = set()
        for i in range(steps + 1):
            x = round(x0 + (x1 - x0) * i / steps)
            y = round(y0 + (y1 - y0) * i / steps)
            if (x, y) not in seen:   # blend each pixel once so lines have an even tone
                seen.add((x, y))
                self.blend(x, y, colour, alpha)

    def rows(self) -> list[list[Colour]]:
        return [[tuple(max(0, min(255, round(c))) for c in px) for px in row] for row in self.px]


def lerp3(a: Sequence[float], b: Sequence[float], t: float) -> list[float]:
    t = max(0.0, min(1.0, t))
    return [x + (y - x) * t for x, y in zip(a, b)]


def wrapped_cells(rng: random.Random, count: int) -> Callable[[float, float], tuple[float, float]]:
    """Periodic Worley noise: distances (in tile widths) to the nearest and second-nearest of
    `count` random points, measured around the wrap, so cell edges continue across tile borders."""
    points = [(rng.random(), rng.random()) for _ in range(count)]

    def distances(u: float, v: float) -> tuple[float, float]:
        ds = sorted(math.hypot(min(abs(u - x), 1 - abs(u - x)), min(abs(v - y), 1 - abs(v - y))) for x, y in points)
        return ds[0], ds[1]
    return distances


def tile_lava(rng: random.Random) -> Tile:
    base, cells = Fractal(rng), wrapped_cells(rng, 7)
    jitter = PeriodicNoise(rng, 8)

    def colour(u: float, v: float) -> list[float]:
        c = lerp3((40, 17, 13), (70, 30, 19), base(u, v))
        # Cooled crust plates with glowing seams where two cells meet.
        near, second = cells(u, v)
        seam = (second - near) * TILE + 0.6 * jitter(u, v)
        c = lerp3(c, (110, 40, 16), max(0.0, 1 - seam / 3.0))
        return lerp3(c, (150, 66, 22), max(0.0, 1 - seam / 1.2))
    return Tile(colour)


def tile_earth(rng: random.Random) -> Tile:
    soil, moss = Fractal(rng, (4, 8, 16)), Fractal(rng, (3, 5, 8))

    def colour(u: float, v: float) -> list[float]:
        c = lerp3((38, 32, 21), (62, 50, 32), soil(u, v))
        return lerp3(c, (40, 68, 30), (moss(u, v) - 0.42) * 3.5)
    tile = Tile(colour)
    for _ in range(30):   # pebbles and moss specks
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        tile.blend(x, y, (28, 22, 14) if rng.random() < 0.5 else (66, 88, 42), 0.55)
    return tile


def tile_water(rng: random.Random) -> Tile:
    swell, breaks = Fractal(rng), PeriodicNoise(rng, 4)
    warp = Fractal(rng, (2, 4))

    def colour(u: float, v: float) -> list[float]:
        c = lerp3((14, 30, 66), (24, 46, 92), swell(u, v))
        # Ripple crests: a sine with whole periods across the tile, bent by periodic noise
        # and broken into short glints.
        crest = math.sin(2 * math.pi * (4 * v + u) + 7.0 * warp(u, v))
        glint = max(0.0, crest - 0.8) * 5 * max(0.0, breaks(u, v) - 0.35) * 2.2
        return lerp3(c, (54, 94, 142), glint)
    return Tile(colour)


def tile_sky(rng: random.Random) -> Tile:
    haze = Fractal(rng)
    tile = Tile(lambda u, v: lerp3((24, 16, 44), (46, 28, 70), haze(u, v)))
    for i in range(5):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        bright = rng.uniform(0.55, 0.9)
        tile.blend(x, y, (240, 232, 255), bright)
        if i == 0:   # one larger twinkle
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                tile.blend(x + dx, y + dy, (220, 210, 255), 0.35)
    return tile


def tile_savanna(rng: random.Random) -> Tile:
    ground = Fractal(rng)
    tile = Tile(lambda u, v: lerp3((58, 44, 20), (80, 62, 28), ground(u, v)))
    for _ in range(60):
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
        length, lean = rng.uniform(4, 8), rng.uniform(-0.6, 0.6)
        col = (122, 96, 40) if rng.random() < 0.6 else (40, 30, 14)
        tile.line(x, y, x + lean * length, y - length, col, 0.45)
    return tile


def tile_parchment(rng: random.Random) -> Tile:
    mottle = Fractal(rng, (2, 4, 8, 16))
    tile = Tile(lambda u, v: lerp3((214, 196, 158), (234, 220, 186), mottle(u, v)))
    for _ in range(14):   # fibres
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
        a = rng.uniform(-0.5, 0.5)
        length = rng.uniform(4, 10)
        tile.line(x, y, x + math.cos(a) * length, y + math.sin(a) * length, (196, 176, 136), 0.35)
    return tile


def tile_wood(rng: random.Random) -> Tile:
    warp, knots = Fractal(rng, (2, 4)), PeriodicNoise(rng, 8)

    def colour(u: float, v: float) -> list[float]:
        # Grain: horizontal bands (whole periods down the tile) gently bent by periodic noise.
        g = math.sin(2 * math.pi * (5 * v + 0.6 * warp(u, v)))
        c = lerp3((50, 30, 18), (74, 46, 26), 0.5 + 0.5 * g)
        fine = math.sin(2 * math.pi * (17 * v + 1.2 * warp(u, v)))
        c = lerp3(c, (38, 22, 13), max(0.0, fine - 0.6) * 1.5)
        return lerp3(c, (86, 56, 32), (knots(u, v) - 0.6) * 0.8)
    return Tile(colour)


def tile_felt(rng: random.Random) -> Tile:
    cloth = Fractal(rng, (2, 4))
    tile = Tile(lambda u, v: lerp3((18, 60, 56), (26, 76, 70), cloth(u, v)))
    for row in tile.px:   # fine per-pixel fuzz: pure noise has no structure to show a seam
        for px in row:
            d = rng.uniform(-5, 5)
            px[0] += d
            px[1] += d * 1.2
            px[2] += d * 1.1
    return tile


TILES = [tile_lava, tile_earth, tile_water, tile_sky, tile_savanna, tile_parchment, tile_wood, tile_felt]


def render_tiles() -> pygame.Surface:
    sheet = pygame.Surface((TILE * len(TILES), TILE))   # no SRCALPHA: the tileset is opaque
    for i, make in enumerate(TILES):
        rng = random.Random(SEED + 101 * i)
        for y, row in enumerate(make(rng).rows()):
            for x, colour in enumerate(row):
                sheet.set_at((i * TILE + x, y), colour)
    return sheet


# ---------------------------------------------------------------- app icon

PIPS_FIVE = [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)]


def render_icon() -> pygame.Surface:
    c = Canvas(256)
    centre = (128, 128)
    ink = (24, 20, 36, 255)
    # Badge: dark disc inside a ring split into the five realm colours.
    c.circle(centre, 124, ink)
    for i, colour in enumerate(REALM_COLOURS.values()):
        a0 = -90 - 36 + i * 72
        wedge = [centre] + arc(centre, 120, a0 + 1.5, a0 + 72 - 1.5, 24)
        c.polygon(wedge, (*colour, 255))
    c.circle(centre, 98, ink)
    c.circle(centre, 94, (46, 40, 70, 255))
    c.circle((120, 118), 80, (54, 48, 82, 255))   # soft inner light from the top left

    angle, half, radius = -12, 54, 14
    die_centre = (124, 122)
    # Drop shadow: a blurred dark copy of the die.
    shadow = Canvas(256)
    shadow.polygon(rounded_square(die_centre[0] + 12, die_centre[1] + 16, half + 2, radius, angle), (0, 0, 0, 150))
    blurred = pygame.transform.gaussian_blur(shadow.surface, 6 * SS)
    c.surface.blit(blurred, (0, 0))
    # Depth: the face swept down and right in a grey, then an outline, then the face itself.
    for step in range(0, 11):
        c.polygon(rounded_square(die_centre[0] + step * 0.7, die_centre[1] + step, half + 3, radius + 3, angle), ink)
    for step in range(0, 10):
        c.polygon(rounded_square(die_centre[0] + step * 0.7, die_centre[1] + step, half, radius, angle),
                  (172, 176, 196, 255))
    face = Canvas(256)
    face.polygon(rounded_square(*die_centre, half, radius, angle), WHITE)
    face_mask = pygame.mask.from_surface(face.surface)
    fill = paint(face_mask, WHITE)
    fill.blit(gradient(256 * SS, (255, 255, 255), (246, 246, 252), (212, 214, 230)), (0, 0),
              special_flags=pygame.BLEND_RGBA_MULT)
    c.surface.blit(fill, (0, 0))
    for px, py in place([(x * 30, y * 30) for x, y in PIPS_FIVE], angle, 1, die_centre):
        c.circle((px, py), 11, (30, 28, 48, 255))
        c.circle((px - 2, py - 2), 4, (70, 66, 96, 255))
    return pygame.transform.smoothscale(c.surface, (256, 256))


ICO_SIZES = (256, 128, 64, 48, 32, 16)


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "x.png")
    return buffer.getvalue()


def ico_bytes(icon: pygame.Surface) -> bytes:
    """A Windows .ico holding PNG-compressed images (allowed since Vista) at ICO_SIZES."""
    images = [png_bytes(pygame.transform.smoothscale(icon, (s, s))) for s in ICO_SIZES]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = b""
    for size, data in zip(ICO_SIZES, images):
        # width, height (0 = 256), colours, reserved, planes, bits per pixel, data size, data offset
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(images)


def check_ico(data: bytes) -> None:
    """Parse the ICO back and fail loudly if any field is off."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, len(ICO_SIZES)), (reserved, kind, count)
    for i, size in enumerate(ICO_SIZES):
        w, h, colours, res, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (w or 256, h or 256) == (size, size) and (colours, res, planes, bpp) == (0, 0, 1, 32)
        image = data[offset:offset + length]
        assert image.startswith(b"\x89PNG\r\n\x1a\n") and len(image) == length
        assert pygame.image.load(io.BytesIO(image), "x.png").get_size() == (size, size)


# ---------------------------------------------------------------- main

def save(surface: pygame.Surface, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    print(f"wrote {path.relative_to(ART.parent)}")


def main() -> None:
    realms = ART / "dice_realms"
    for name, make in CREATURES.items():
        save(make().render(256), realms / "creatures" / f"{name}.png")
    for name, draw in SYMBOLS.items():
        save(render_symbol(draw), realms / "symbols" / f"{name}.png")
    save(render_tiles(), realms / "board_tiles.png")

    elemental = ART / "elemental_dice"
    for name, draw in ELEMENTAL_SYMBOLS.items():
        save(render_symbol(draw), elemental / "symbols" / f"{name}.png")
    save(elemental_tile().render(256), elemental / "tile.png")

    wizard = ART / "wizard_dice"
    for name, draw in WIZARD_SYMBOLS.items():
        save(render_symbol(draw), wizard / "symbols" / f"{name}.png")
    save(wizard_tile().render(256), wizard / "tile.png")

    elementalis = ART / "elementalis"
    for name, draw in ELEMENTALIS_SYMBOLS.items():
        save(render_symbol(draw), elementalis / "symbols" / f"{name}.png")
    save(elementalis_tile().render(256), elementalis / "tile.png")

    dice_cards = ART / "dice_cards"
    for name, draw in DICE_CARDS_SYMBOLS.items():
        save(render_symbol(draw), dice_cards / "symbols" / f"{name}.png")
    save(dice_cards_tile().render(256), dice_cards / "tile.png")

    icon = render_icon()
    save(icon, ART / "icon.png")
    data = ico_bytes(icon)
    check_ico(data)
    (ART / "icon.ico").write_bytes(data)
    print(f"wrote art/icon.ico ({', '.join(map(str, ICO_SIZES))} px)")


if __name__ == "__main__":
    main()
