"""Drawing dice of any game: a coloured body, and pips or the symbols of named faces, from the game's data.

Each game lists its dice in ``data/<game>/dice.yaml``::

    symbols:                       # images under art/, one per symbol name
      fire: dice_realms/symbols/red.png
    dice:
      red: {body: "#e0452b", pips: "#faf8f0", symbol: fire}        # numbered die, its colour's symbol
      sun: {body: "#e8b92c", pips: "#282018", faces: [sun, ether, earth, air, water, fire]}
      fire_die: {body: "#e0452b", faces: [earth, air, water, fire, ether, fire+fire]}
      book: {body: "#efe6d2", pips: "#1c1a22", numerals: true}   # shows 1-6 as digits
      ember: {body: "#e0452b", pips: "#faf8f0", symbol: fire, big_symbol: true}   # digit + symbol, large

A numbered die shows pips for 1 to 6 (and its colour's symbol where the face has
room, so dice read in greyscale too), or its digit with ``numerals``, or its digit beside its symbol at
half the die's size with ``big_symbol`` (the colour told by a symbol read across the table); a die with
``faces`` shows the symbol of the face, two of them for a double face (``fire+fire``).  :meth:`DiceArt.face` takes a
value (1-6: the pips, or the face at that position) or a face name.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from tabletop.core.data import Reader
from tabletop.core.files import FileRefused
from tabletop.paths import art_path, data_path

from .assets import load_image, open_font
from .imagecache import ImageCache

__all__ = ["DiceArt", "DieKind", "load_dice", "colour_of", "FACES_BYTES", "BIG_SYMBOL"]

#: The pixel memory each game's dice faces may keep (a busy table draws well under 1 MB of them).
FACES_BYTES = 4 * 2**20

# Pip positions on a unit square, by face value.
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}
#: A ``big_symbol`` die's symbol, as a share of the die's size (its digit takes the other half).
BIG_SYMBOL = 0.5

# Where each numbered face has room for the colour's symbol (0: a blank die shows it large in the middle).
_SYMBOL_SPOT = {0: (0.5, 0.5), 1: (0.26, 0.26), 2: (0.73, 0.27), 3: (0.73, 0.27), 4: (0.5, 0.5),
                5: (0.5, 0.27), 6: (0.5, 0.5)}


@dataclass(frozen=True)
class DieKind:
    """How one die of a game looks: body and pip colours, its symbol, or its named faces."""

    name: str
    body: tuple[int, int, int]
    pips: tuple[int, int, int]
    symbol: str = ""                         # a numbered die's colour symbol
    faces: tuple[str, ...] = ()              # a symbol die's faces in order (``a+b`` is a double face)
    numerals: bool = False                   # a numbered die that shows its digit, not pips (small dice)
    big_symbol: bool = False                 # its digit and, beside it, its symbol at half its size


def _colour(reader: Reader) -> tuple[int, int, int]:
    text = reader.str()
    digits = text.lstrip("#")
    if not text.startswith("#") or len(digits) != 6:
        raise reader.error(f"{text!r} is not a colour like #rrggbb")
    try:
        red, green, blue = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
        return red, green, blue
    except ValueError:
        raise reader.error(f"{text!r} is not a colour like #rrggbb") from None


def load_dice(path: Path) -> tuple[dict[str, DieKind], dict[str, str]]:
    """The dice and symbol images of a ``dice.yaml`` (DataError naming file, line and key)."""
    root = Reader.from_file(path).only_keys("symbols", "dice")
    symbols = {name: item.str() for name, item in root.get("symbols", {}).items()}
    kinds: dict[str, DieKind] = {}
    for name, item in root["dice"].items():
        item.only_keys("body", "pips", "symbol", "faces", "numerals", "big_symbol")
        body = _colour(item["body"])
        pips = _colour(item["pips"]) if item.has("pips") else (250, 248, 240)
        symbol = item["symbol"].str(tuple(symbols)) if item.has("symbol") else ""
        faces = tuple(face.str() for face in item["faces"]) if item.has("faces") else ()
        for index, face in enumerate(faces):
            for part in face.split("+"):
                if part not in symbols:
                    raise item["faces"].error(f"face {index + 1} names {part!r}, which is not under symbols")
        numerals = item["numerals"].bool() if item.has("numerals") else False
        big = item["big_symbol"].bool() if item.has("big_symbol") else False
        if big and not symbol:
            raise item["big_symbol"].error("a die with big_symbol needs a symbol")
        kinds[name] = DieKind(name, body, pips, symbol, faces, numerals, big)
    return kinds, symbols


def _numeral_font(size: int) -> pygame.font.Font:
    """The bold font of the dice's digits (the bundled default if the art's font cannot be read); each face
    is drawn once and kept, so the font is not."""
    return open_font(art_path("fonts", "NotoSans-Bold.ttf"), size)


def colour_of(kinds: dict[str, DieKind], name: str) -> tuple[int, int, int]:
    """The body colour of die ``name`` (grey for an unknown one)."""
    kind = kinds.get(name)
    return kind.body if kind else (200, 200, 200)


class DiceArt:
    """Renders the dice of one game once per (die, face, size) and reuses them."""

    def __init__(self, game_folder: str = "dice_realms", path: Path | None = None) -> None:
        self.path = path or data_path(game_folder, "dice.yaml")
        self.kinds, self.symbol_files = load_dice(self.path)
        # Kept by pixels: a night of games draws dice at many sizes (trays, rolling, legends), a frame a few dozen.
        self._faces = ImageCache(FACES_BYTES)
        self._symbols: dict[tuple, pygame.Surface | None] = {}

    def colour(self, die: str) -> tuple[int, int, int]:
        """The body colour of ``die``."""
        return colour_of(self.kinds, die)

    def symbol(self, name: str, size: int, tint: tuple[int, int, int]) -> pygame.Surface | None:
        """The symbol ``name`` at ``size`` pixels, tinted (None when its image is missing)."""
        key = (name, size, tint)
        if key not in self._symbols:
            try:
                image = load_image(art_path(self.symbol_files[name]))
                image = pygame.transform.smoothscale(image.convert_alpha() if pygame.display.get_surface()
                                                     else image, (size, size))
                tinted = image.copy()
                tinted.fill((*tint, 255), special_flags=pygame.BLEND_RGBA_MULT)
                self._symbols[key] = tinted
            except (pygame.error, FileRefused, KeyError):
                self._symbols[key] = None
        return self._symbols[key]

    def face_name(self, die: str, face: int | str) -> str:
        """The named face a value stands for on a symbol die ("" on a numbered die or a blank face)."""
        kind = self.kinds.get(die)
        if kind is None or not kind.faces:
            return ""
        if isinstance(face, str):
            return face
        return kind.faces[face - 1] if 1 <= face <= len(kind.faces) else ""

    def face(self, die: str, face: int | str, size: int) -> pygame.Surface:
        """Die ``die`` showing ``face`` (a value 1-6, 0 for blank, or a face name), ``size`` pixels square."""
        return self._faces.fetch((die, face, size), lambda: self._render(die, face, size))

    def emblem(self, die: str, number: int, height: int, width: int) -> pygame.Surface:
        """A tablet ``width`` x ``height`` in ``die``'s colour: its symbol large on the left, ``number`` on the
        right (a list's row icon, where a die with pips would be too small for its symbol to read)."""
        return self._faces.fetch(("emblem", die, number, height, width),
                                 lambda: self._render_emblem(die, number, height, width))

    def _render_emblem(self, die: str, number: int, height: int, width: int) -> pygame.Surface:
        kind = self.kinds.get(die) or DieKind(die, (200, 200, 200), (40, 34, 28))
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        rect = surface.get_rect()
        dark = tuple(max(0, int(c * 0.55)) for c in kind.body)
        pygame.draw.rect(surface, dark, rect, border_radius=height // 4)
        pygame.draw.rect(surface, kind.body, rect.inflate(-4, -4), border_radius=height // 4)
        glyph = self.symbol(kind.symbol, int(height * 0.76), kind.pips) if kind.symbol else None
        if glyph is not None:
            surface.blit(glyph, glyph.get_rect(center=(int(height * 0.46), height // 2)))
        digit = _numeral_font(int(height * 0.62)).render(str(number), True, kind.pips)
        surface.blit(digit, digit.get_rect(center=(width - int(height * 0.3) - 1, height // 2)))
        return surface

    def _render(self, die: str, face: int | str, size: int) -> pygame.Surface:
        kind = self.kinds.get(die) or DieKind(die, (200, 200, 200), (40, 34, 28))
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        body = kind.body
        dark = tuple(max(0, int(c * 0.55)) for c in body)
        light = tuple(min(255, int(c * 1.25 + 30)) for c in body)
        radius = size // 5
        rect = surface.get_rect()
        pygame.draw.rect(surface, dark, rect, border_radius=radius)
        pygame.draw.rect(surface, body, rect.inflate(-size // 12, -size // 12).move(0, -size // 40),
                         border_radius=radius)
        shine = rect.inflate(-size // 3, -int(size * 0.78)).move(-size // 10, -int(size * 0.33))
        pygame.draw.rect(surface, light, shine, border_radius=size // 14)
        named = self.face_name(die, face)
        if named:
            self._draw_symbols(surface, named.split("+"), kind.pips, size)
        elif kind.big_symbol and isinstance(face, int) and face > 0:
            # The value as a digit, top left; the colour's symbol, half the die, bottom right: in grey (or for a
            # colour-blind player) the symbol says which die it is from across the table.
            digit = _numeral_font(int(size * 0.56)).render(str(face), True, kind.pips)
            surface.blit(digit, digit.get_rect(center=(int(size * 0.31), int(size * 0.36))))
            glyph = self.symbol(kind.symbol, int(size * BIG_SYMBOL), kind.pips)
            if glyph is not None:
                surface.blit(glyph, glyph.get_rect(center=(int(size * 0.66), int(size * 0.64))))
        elif kind.numerals and isinstance(face, int) and face > 0:
            # A digit reads from across the table where pips of a small die blur into one another.
            digit = _numeral_font(int(size * 0.82)).render(str(face), True, kind.pips)
            surface.blit(digit, digit.get_rect(center=(size // 2, size // 2 - size // 40)))
        else:
            value = face if isinstance(face, int) else 0
            for px, py in _PIPS.get(value, []):
                pygame.draw.circle(surface, kind.pips, (int(px * size), int(py * size)), max(2, size // 11))
            # The colour's symbol goes where that face has no pip, so both stay readable.
            if kind.symbol:
                spot = _SYMBOL_SPOT.get(value, (0.5, 0.5))
                glyph = self.symbol(kind.symbol, size // 2 if value == 0 else int(size * 0.22), kind.pips)
                if glyph is not None:
                    surface.blit(glyph, glyph.get_rect(center=(int(spot[0] * size), int(spot[1] * size))))
        return surface

    def _draw_symbols(self, surface: pygame.Surface, names: list[str], tint: tuple[int, int, int],
                      size: int) -> None:
        if len(names) == 1:
            spots, glyph_size = [(0.5, 0.5)], int(size * 0.62)
        else:
            # A double face: two symbols on the diagonal, so it can never pass for a single one.
            spots, glyph_size = [(0.32, 0.32), (0.68, 0.68)], int(size * 0.44)
        for name, (sx, sy) in zip(names, spots):
            glyph = self.symbol(name, glyph_size, tint)
            centre = (int(sx * size), int(sy * size))
            if glyph is not None:
                surface.blit(glyph, glyph.get_rect(center=centre))
            else:      # no image: the symbol's initial, still readable
                pygame.draw.circle(surface, tint, centre, glyph_size // 2, 3)

    def draw(self, surface: pygame.Surface, die: str, face: int | str, center: tuple[float, float], size: int,
             angle: float = 0.0, lift: float = 0.0, alpha: int = 255) -> pygame.Rect:
        """Draw a die, rotated by ``angle`` degrees and raised by ``lift`` (0-1, a bigger shadow)."""
        image = self.face(die, face, size)
        if angle:
            # Rotated on the fly: a cache of every angle would cost hundreds of MB.
            image = pygame.transform.rotate(image, int(angle) % 360)
        cx, cy = center
        if lift > 0:
            scale = 1.0 + 0.18 * lift
            w, h = image.get_size()
            image = pygame.transform.smoothscale(image, (int(w * scale), int(h * scale)))
        shadow = pygame.Rect(0, 0, int(size * (0.9 + 0.3 * lift)), int(size * 0.35))
        shadow.center = (int(cx + size * (0.08 + 0.25 * lift)), int(cy + size * (0.45 + 0.3 * lift)))
        _draw_shadow(surface, shadow)
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        rect = image.get_rect(center=(int(cx), int(cy - size * 0.25 * lift)))
        surface.blit(image, rect)
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
