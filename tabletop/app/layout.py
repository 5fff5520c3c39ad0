"""Screen layouts from ``data/layouts/*.yaml``: positions, sizes, colours, fonts and text sizes.

Every screen is drawn from a layout file in logical coordinates (1920 x 1080).  A
layout names elements; each element has a ``rect`` and a ``style`` (from the
theme, ``data/layouts/theme.yaml``), optional ``text`` and overrides, and may carry
extra keys a screen reads (slots, spacing, ...).  Any mistake stops with a
:class:`DataError` naming the file, the line and the key; a theme font that is not
a TrueType or OpenType file is refused here, before pygame (which crashes on one) sees it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator

from tabletop.core.data import DataError, Reader
from tabletop.paths import art_path, data_path

from .assets import font_problem

__all__ = ["Colour", "Style", "Element", "Layout", "Theme", "LayoutBook", "parse_colour", "font_problem"]

Colour = tuple[int, int, int, int]
Rect = tuple[int, int, int, int]

_STYLE_KEYS = ("font", "size", "colour", "bg", "border", "border_width", "radius", "align", "line_height")
_ALIGNS = ("left", "center", "right")
#: How far from the 1920 x 1080 logical screen a rect may reach (beyond is a typo, and huge surfaces).
_RECT_LIMIT = 8192

def parse_colour(text: str) -> Colour | None:
    """``#rgb``, ``#rrggbb`` or ``#rrggbbaa`` to an RGBA tuple; None if it is not one.

    >>> parse_colour("#ff8000"), parse_colour("#0f08")
    ((255, 128, 0, 255), (0, 255, 0, 136))
    """
    if not isinstance(text, str) or not text.startswith("#"):
        return None
    digits = text[1:]
    if len(digits) in (3, 4):
        digits = "".join(ch * 2 for ch in digits)
    if len(digits) not in (6, 8):
        return None
    try:
        values = [int(digits[i:i + 2], 16) for i in range(0, len(digits), 2)]
    except ValueError:
        return None
    if len(values) == 3:
        values.append(255)
    return values[0], values[1], values[2], values[3]


@dataclass(frozen=True)
class Style:
    """How an element's text and box look."""

    font: str = "regular"
    size: int = 32
    colour: Colour = (240, 234, 216, 255)
    bg: Colour | None = None
    border: Colour | None = None
    border_width: int = 0
    radius: int = 0
    align: str = "center"
    line_height: float = 1.2


@dataclass(frozen=True)
class Element:
    """A named thing on a screen: where it is and how it looks."""

    name: str
    rect: Rect
    style: Style
    text: str
    reader: Reader

    def extra(self, key: str) -> Reader:
        """An extra key of this element (DataError naming file, line and key if absent)."""
        return self.reader[key]

    def moved(self, dx: int = 0, dy: int = 0) -> "Element":
        """The same element shifted (for repeated items such as list rows)."""
        x, y, w, h = self.rect
        return replace(self, rect=(x + dx, y + dy, w, h))


class Theme:
    """Named colours, font files (under ``font_folder``, default ``art/``) and styles shared by every layout."""

    def __init__(self, path: Path, font_folder: Path | None = None) -> None:
        self.path = path
        self.font_folder = font_folder or art_path()
        root = Reader.from_file(path).only_keys("colours", "fonts", "styles")
        self.colours: dict[str, Colour] = {}
        for name, value in root["colours"].items():
            colour = parse_colour(value.str())
            if colour is None:
                raise value.error(f"{value.data!r} is not a colour like #rrggbb")
            self.colours[name] = colour
        self.fonts: dict[str, str] = {}
        for name, value in root["fonts"].items():
            problem = font_problem(self.font_folder / value.str())
            if problem:
                raise value.error(f"{value.data!r} cannot be used as a font: {problem}")
            self.fonts[name] = value.data
        self.styles: dict[str, Style] = {}
        for name, value in root["styles"].items():
            self.styles[name] = self.read_style(value, Style())

    def rgb(self, name: str) -> tuple[int, int, int]:
        """A theme colour by name, without its alpha (KeyError naming the theme if there is none)."""
        red, green, blue, _alpha = self.rgba(name)
        return red, green, blue

    def rgba(self, name: str) -> Colour:
        """A theme colour by name, with its alpha."""
        try:
            return self.colours[name]
        except KeyError:
            raise KeyError(f"no colour {name!r} in {self.path.name}") from None

    def colour(self, reader: Reader) -> Colour:
        """A colour given as a theme name or ``#rrggbb``."""
        text = reader.str()
        colour = self.colours.get(text) or parse_colour(text)
        if colour is None:
            raise reader.error(f"{text!r} is neither a theme colour nor like #rrggbb "
                               f"(theme colours: {', '.join(sorted(self.colours))})")
        return colour

    def read_style(self, reader: Reader, base: Style) -> Style:
        """A style from the style keys present in ``reader``, starting from ``base``."""
        changes: dict = {}
        for key in _STYLE_KEYS:
            if not reader.has(key):
                continue
            value = reader[key]
            if key == "font":
                changes[key] = value.str(tuple(self.fonts))
            elif key in ("size", "border_width", "radius"):
                changes[key] = value.int(0, 400)
            elif key == "align":
                changes[key] = value.str(_ALIGNS)
            elif key == "line_height":
                changes[key] = value.number(0.5, 3)
            else:
                changes[key] = None if value.data is None else self.colour(value)
        return replace(base, **changes)


class Layout:
    """One screen's layout file, parsed and checked."""

    def __init__(self, path: Path, theme: Theme) -> None:
        self.path = path
        self.theme = theme
        self.root = Reader.from_file(path)
        self.root.only_keys("background", "elements", "settings")
        self.background: Colour = theme.colour(self.root["background"]) if self.root.has("background") \
            else theme.colours.get("background", (0, 0, 0, 255))
        self._elements: dict[str, Element] = {}
        for name, reader in self.root["elements"].items():
            self._elements[name] = self._read_element(name, reader)
        # A setting's reader, made once: a game's geometry reads hundreds of them in every frame it draws.
        self._settings: dict[str, Reader] = {}

    def _read_element(self, name: str, reader: Reader) -> Element:
        reader.mapping()
        x, y, width, height = (int(v) for v in reader["rect"].numbers(4, -_RECT_LIMIT, _RECT_LIMIT))
        rect = (x, y, width, height)
        if rect[2] < 0 or rect[3] < 0:
            raise reader["rect"].error("width and height must not be negative")
        base = Style()
        if reader.has("style"):
            style_name = reader["style"].str()
            if style_name not in self.theme.styles:
                raise reader["style"].error(f"no style {style_name!r} in {self.theme.path.name} "
                                            f"(styles: {', '.join(sorted(self.theme.styles))})")
            base = self.theme.styles[style_name]
        style = self.theme.read_style(reader, base)
        text = reader["text"].str() if reader.has("text") else ""
        return Element(name, rect, style, text, reader)

    def __getitem__(self, name: str) -> Element:
        element = self._elements.get(name)
        if element is None:
            raise DataError(self.path, self.root["elements"].line, f"elements.{name}",
                            "this element is missing")
        return element

    def __contains__(self, name: str) -> bool:
        return name in self._elements

    def __iter__(self) -> Iterator[Element]:
        return iter(self._elements.values())

    def setting(self, key: str) -> Reader:
        """A screen-wide value under ``settings:`` (DataError if absent)."""
        reader = self._settings.get(key)
        if reader is None:
            reader = self._settings[key] = self.root["settings"][key]
        return reader


class LayoutBook:
    """Every layout file of a folder, loaded and checked at start-up."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_path("layouts")
        self.theme = Theme(self.folder / "theme.yaml")
        self._layouts: dict[str, Layout] = {}
        for path in sorted(self.folder.glob("*.yaml")):
            if path.name != "theme.yaml":
                self._layouts[path.stem] = Layout(path, self.theme)

    def __getitem__(self, name: str) -> Layout:
        """The layout ``name`` (a file of the layouts folder), or the layout file at a path ending in .yaml."""
        layout = self._layouts.get(name)
        if layout is None and name.endswith(".yaml"):
            # A game whose files live elsewhere (a test's throwaway game) names its layout by path.
            path = Path(name)
            if not path.is_file():
                raise DataError(path, None, "", "this layout file is missing")
            layout = self._layouts[name] = Layout(path, self.theme)
        if layout is None:
            raise DataError(self.folder / f"{name}.yaml", None, "", "this layout file is missing")
        return layout

    def names(self) -> list[str]:
        """The screens that have a layout."""
        return sorted(self._layouts)
