"""Fonts and text drawing, with rendered text cached (text is the most expensive thing on screen)."""

from __future__ import annotations

import io
import unicodedata
from pathlib import Path

import pygame

from tabletop.paths import art_path

from .imagecache import ImageCache
from .assets import font_bytes, open_font
from .layout import Colour, Element, Style, Theme

__all__ = ["TextRenderer", "draw_box", "MIN_READABLE", "smallest_shrunk", "wrap_words", "visual_order"]

#: The smallest text a player must read, in logical pixels (1920 x 1080): 29 px stays at least
#: 18 px on a 1366 x 768 screen, where the app's window shows the picture at 0.63 of its size.
MIN_READABLE = 29

#: The most pixel memory the text cache keeps (a busy screen's text needs a few MB).
CACHE_BYTES = 24 * 2**20

#: The most text sizes kept measured: a busy frame measures a few thousand pieces (clipping halves a line to fit).
_SIZES_KEPT = 20_000



def smallest_shrunk(size: int) -> int:
    """The least size a text of ``size`` is shrunk to before it is clipped: 70 % of it, never below what can be
    read across the table."""
    return min(size, max(MIN_READABLE, int(size * 0.7)))

class TextRenderer:
    """Loads the theme's fonts once and renders text through an LRU cache."""

    def __init__(self, theme: Theme, font_folder: Path | None = None, cache_size: int = 1500,
                 cache_bytes: int = CACHE_BYTES) -> None:
        self.theme = theme
        self.font_folder = font_folder or art_path()
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._coverage: dict[str, object] = {}        # font name -> a freetype face, to ask which glyphs exist
        self._covered: dict[tuple[str, str], bool] = {}
        # Bounded by pixels as well as by count: a night of games renders thousands of one-off log lines,
        # each a wide surface, and 1,500 of them held some 100 MB.
        self._cache = ImageCache(cache_bytes, cache_size)
        self._wrapped: dict[tuple, list[str]] = {}
        # Text measured once: a frame fits and clips most of its lines again (shrink), and measuring is much of it.
        self._sizes: dict[tuple[str, str, int], tuple[int, int]] = {}

    def font(self, name: str, size: int) -> pygame.font.Font:
        """The font ``name`` (a theme font) at ``size`` pixels."""
        key = (name, size)
        font = self._fonts.get(key)
        if font is None:
            file = self.theme.fonts.get(name)
            path = self.font_folder / file if file else None
            # The theme refuses a non-font with its file and line; this guard is for a font
            # folder or theme changed since: pygame crashes the process on a file that is no font.
            # pygame gets the bytes read by the careful reader, and the bundled default font (never a crash)
            # when they are no font.
            font = self._fonts[key] = open_font(path, size)
        return font

    # ---------------------------------------------------------------- characters the font lacks
    def _covers(self, name: str, char: str) -> bool:
        """Whether the theme font ``name`` has a glyph for ``char``."""
        key = (name, char)
        known = self._covered.get(key)
        if known is None:
            face = self._coverage.get(name)
            if name not in self._coverage:
                file = self.theme.fonts.get(name)
                path = self.font_folder / file if file else None
                face = None
                data = font_bytes(path) if path is not None else ""
                if isinstance(data, bytes):
                    import pygame.freetype

                    if not pygame.freetype.get_init():
                        pygame.freetype.init()
                    face = pygame.freetype.Font(io.BytesIO(data), 16)
                self._coverage[name] = face
            # The type: ignore below: freetype is absent from pygame-ce's stub.
            known = face is not None and face.get_metrics(char)[0] is not None  # type: ignore[attr-defined]
            self._covered[key] = known
        return known

    def runs(self, text: str, font: str) -> list[tuple[str, str]]:
        """``text`` as (font, piece) runs: the theme font, its ``_fallback`` where it has no glyph,
        and ``?`` for a character neither can draw (never an empty box)."""
        if text.isascii():
            return [(font, text)]
        text = visual_order(text)
        fallback = f"{font}_fallback"
        out: list[tuple[str, str]] = []
        for char in text:
            if char.isspace() or self._covers(font, char):
                chosen, shown = font, char
            elif fallback in self.theme.fonts and self._covers(fallback, char):
                chosen, shown = fallback, char
            else:
                chosen, shown = font, "?"
            if out and out[-1][0] == chosen:
                out[-1] = (chosen, out[-1][1] + shown)
            else:
                out.append((chosen, shown))
        return out

    def render(self, text: str, font: str, size: int, colour: Colour) -> pygame.Surface:
        """``text`` rendered once and reused afterwards."""
        key = (text, font, size, colour)
        surface = self._cache.get(key)
        if surface is not None:
            return surface
        runs = self.runs(text, font)
        if len(runs) == 1:
            surface = self.font(runs[0][0], size).render(runs[0][1], True, colour[:3])
        else:
            pieces = [self.font(name, size).render(piece, True, colour[:3]) for name, piece in runs]
            surface = pygame.Surface((sum(p.get_width() for p in pieces), max(p.get_height() for p in pieces)),
                                     pygame.SRCALPHA)
            x = 0
            for piece in pieces:
                surface.blit(piece, (x, (surface.get_height() - piece.get_height()) // 2))
                x += piece.get_width()
        if len(colour) == 4 and colour[3] < 255:
            surface.set_alpha(colour[3])
        return self._cache.put(key, surface)

    @property
    def cached_bytes(self) -> int:
        """The pixel memory the rendered-text cache holds now."""
        return self._cache.bytes

    def size(self, text: str, font: str, size: int) -> tuple[int, int]:
        """The pixel size ``text`` would take."""
        key = (text, font, size)
        known = self._sizes.get(key)
        if known is None:
            known = self._sizes[key] = self._measure(text, font, size)
            if len(self._sizes) > _SIZES_KEPT:
                self._sizes.pop(next(iter(self._sizes)))
        return known

    def _measure(self, text: str, font: str, size: int) -> tuple[int, int]:
        runs = self.runs(text, font)
        if len(runs) == 1:
            return self.font(runs[0][0], size).size(runs[0][1])
        sizes = [self.font(name, size).size(piece) for name, piece in runs]
        return sum(w for w, _ in sizes), max(h for _, h in sizes)

    def clip(self, text: str, font: str, size: int, width: int) -> str:
        """``text`` cut with an ellipsis so that it fits ``width``: after a whole word where one fits
        ("Bartholomew the…", never "Bartholomew the Gr…"), inside the first word only if it alone is too long.

        Logarithmic in the length of ``text``: the longest fitting prefix is found by halving, and no more
        than ``width`` + 64 characters are ever measured (a longer text is cut there first: readable
        characters are wider than a pixel), so a name of a million characters clips as fast as a short one."""
        longest = max(64, width + 64)
        if len(text) <= longest and self.size(text, font, size)[0] <= width:
            return text
        text = text[:longest]

        def fits(piece: str) -> bool:
            return self.size(piece + "\u2026", font, size)[0] <= width

        words = text.split(" ")
        # The most whole words that fit (the last "word" of a text cut above may be a part: never kept whole).
        low, high = 0, len(words) - 1
        while low < high:
            middle = (low + high + 1) // 2
            kept = " ".join(words[:middle]).rstrip(" ,;:·-")
            if not kept or fits(kept):          # nothing but spaces yet: more words may still fit
                low = middle
            else:
                high = middle - 1
        kept = " ".join(words[:low]).rstrip(" ,;:·-")
        if kept:
            return kept + "\u2026"
        # Not even the first word fits: the most characters that do.
        low, high = 0, len(text)
        while low < high:
            middle = (low + high + 1) // 2
            if fits(text[:middle]):
                low = middle
            else:
                high = middle - 1
        return text[:low].rstrip() + "\u2026"

    def wrap(self, text: str, font: str, size: int, width: int) -> list[str]:
        """``text`` broken into lines no wider than ``width`` (explicit newlines kept)."""
        key = (text, font, size, width)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = self._wrapped[key] = wrap_words(self.font(font, size), text, width)
            if len(self._wrapped) > self._cache.max_items:
                self._wrapped.pop(next(iter(self._wrapped)))
        return lines

    def line_height(self, style: Style, size: int | None = None) -> int:
        """The distance between two lines of ``style`` (as :meth:`draw` spaces them)."""
        return int(self.font(style.font, size or style.size).get_linesize() * style.line_height / 1.2)

    def fits_shrunk(self, text: str, style: Style, width: int) -> bool:
        """Whether ``text`` fits ``width`` on one line when shrunk as ``draw(..., shrink=True)`` may shrink it
        (no further than can be read across the table)."""
        return self.size(text, style.font, smallest_shrunk(style.size))[0] <= width

    def fit_size(self, text: str, font: str, size: int, width: int, smallest: int = 14) -> int:
        """The largest size up to ``size`` at which ``text`` fits in ``width`` on one line."""
        while size > smallest and self.size(text, font, size)[0] > width:
            size -= 2
        return size

    def draw(self, surface: pygame.Surface, text: str, style: Style, rect: pygame.Rect | tuple,
             *, colour: Colour | None = None, size: int | None = None, valign: str = "center",
             wrap: bool = False, shrink: bool = False) -> pygame.Rect:
        """Draw ``text`` inside ``rect`` with ``style``; returns the area used."""
        rect = pygame.Rect(rect)
        size = size or style.size
        colour = colour or style.colour
        if shrink and not wrap:
            # Shrink to fit, but never below what can be read across the table: then clip instead.
            size = self.fit_size(text, style.font, size, rect.width, smallest=smallest_shrunk(size))
            text = self.clip(text, style.font, size, rect.width)
        lines = self.wrap(text, style.font, size, rect.width) if wrap else [text]
        line_height = int(self.font(style.font, size).get_linesize() * style.line_height / 1.2)
        if wrap and len(lines) > 1 and line_height * len(lines) > rect.height:
            # Never spill out of the box: keep the lines that fit, the last one ending in an ellipsis.
            keep = max(1, rect.height // line_height)
            if keep < len(lines):
                lines = lines[:keep]
                lines[-1] = self.clip(lines[-1] + "\u2026", style.font, size, rect.width)
        total = line_height * len(lines)
        if valign == "top":
            y = rect.top
        elif valign == "bottom":
            y = rect.bottom - total
        else:
            y = rect.centery - total // 2
        used = pygame.Rect(rect.x, y, 0, total)
        for line in lines:
            if line:
                image = self.render(line, style.font, size, colour)
                if style.align == "left":
                    x = rect.left
                elif style.align == "right":
                    x = rect.right - image.get_width()
                else:
                    x = rect.centerx - image.get_width() // 2
                surface.blit(image, (x, y + (line_height - image.get_height()) // 2))
                used.union_ip(pygame.Rect(x, y, image.get_width(), line_height))
            y += line_height
        return used

    def draw_element(self, surface: pygame.Surface, element: Element, text: str | None = None,
                     **kwargs) -> pygame.Rect:
        """Draw an element's box (if its style has one) and its text."""
        draw_box(surface, element.rect, element.style)
        content = element.text if text is None else text
        if content:
            pad = element.style.radius // 2 if element.style.bg else 0
            inner = pygame.Rect(element.rect).inflate(-2 * pad, 0)
            return self.draw(surface, content, element.style, inner, **kwargs)
        return pygame.Rect(element.rect)


def _is_rtl(char: str) -> bool:
    return unicodedata.bidirectional(char) in ("R", "AL")


def visual_order(text: str) -> str:
    """Right-to-left words (Hebrew, Arabic) turned round so they read correctly when drawn left to right.

    A simple form of the Unicode bidirectional algorithm: enough for a name on a seat.

    >>> visual_order("Bo \u05d0\u05d1 \u05d2") == "Bo \u05d2 \u05d1\u05d0"
    True
    """
    out: list[str] = []
    run: list[str] = []
    for char in text:
        if _is_rtl(char) or (run and char == " "):
            run.append(char)
            continue
        if run:
            trailing = len(run) - len("".join(run).rstrip(" "))
            out.extend(reversed(run[:len(run) - trailing]))
            out.extend(" " * trailing)
            run = []
        out.append(char)
    if run:
        trailing = len(run) - len("".join(run).rstrip(" "))
        out.extend(reversed(run[:len(run) - trailing]))
        out.extend(" " * trailing)
    return "".join(out)


def wrap_words(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` with ``font``; explicit newlines are kept, and a word
    too long for a line on its own is broken with a hyphen (never cut at a letter without one, so a reader
    sees the word goes on: "Reconnais-" / "sance")."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            while font.size(word)[0] > width and len(word) > 1:
                if line:
                    lines.append(line)
                    line = ""
                head, word = _hyphenated(font, word, width)
                lines.append(head)
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def _hyphenated(font: pygame.font.Font, word: str, width: int) -> tuple[str, str]:
    """The longest start of ``word`` that fits ``width`` with a hyphen after it, and the rest.  At least two
    letters stay on each side where the word allows; a word already holding a hyphen breaks after it."""
    if "-" in word[1:-1]:
        at = word.index("-", 1) + 1
        if font.size(word[:at])[0] <= width:
            while "-" in word[at:-1] and font.size(word[:word.index("-", at) + 1])[0] <= width:
                at = word.index("-", at) + 1
            return word[:at], word[at:]
    cut = len(word) - 2 if len(word) > 3 else len(word) - 1
    while cut > 1 and font.size(word[:cut] + "-")[0] > width:
        cut -= 1
    return word[:cut] + "-", word[cut:]


#: Translucent boxes by size and colour: a full-screen veil alone is 8 MB, so they too have a pixel budget.
_alpha_boxes = ImageCache(max_bytes=24 * 2**20, max_items=200)


def _translucent_box(size: tuple[int, int], bg: Colour, radius: int) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, bg, box.get_rect(), border_radius=radius)
    return box


def draw_box(surface: pygame.Surface, rect, style: Style, *, bg: Colour | None = None,
             border: Colour | None = None) -> None:
    """A rounded box with the style's background and border; translucent colours are blended."""
    rect = pygame.Rect(rect)
    bg = bg or style.bg
    border = border or style.border
    if bg is not None:
        if len(bg) == 4 and bg[3] < 255:
            key = (rect.size, bg, style.radius)
            surface.blit(_alpha_boxes.fetch(key, lambda: _translucent_box(rect.size, bg, style.radius)),
                         rect.topleft)
        else:
            pygame.draw.rect(surface, bg, rect, border_radius=style.radius)
    if border is not None and style.border_width:
        pygame.draw.rect(surface, border, rect, style.border_width, border_radius=style.radius)
