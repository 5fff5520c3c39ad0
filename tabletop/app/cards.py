"""Cards on the table, for every card game: a card face, a card back, a fanned hand, a pile.

Their look comes from ``data/layouts/cards.yaml`` (sizes, fonts, colours); what a
card says comes from the game as a :class:`CardFace`.  A card's text may hold die
icons written ``[red]`` (any die of the game's ``dice.yaml``): they are drawn as
small dice in that die's colour, so "Deal 2×[red] damage" reads at a glance.

The widgets only draw and say what is under the mouse; what may be clicked is
the game view's business (from the rules' legal intents).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Sequence

import pygame

from .dice import DiceArt
from .imagecache import ImageCache
from .layout import Style
from .text import draw_box

if TYPE_CHECKING:
    from .services import AppServices

__all__ = ["CardFace", "CardArt", "FannedHand", "Pile", "CardGrid", "draw_zoomed", "rich_lines", "RowFace",
           "RowLook", "draw_row", "fan_slots", "grid_rects"]

_ICON = re.compile(r"^\[([a-z_+]+)\](\W*)$")


@dataclass(frozen=True)
class CardFace:
    """What one card shows: its title, cost, kind line, text (``[red]`` for a die icon) and accent colour.

    ``badge`` is a short line of die icons and signs (``2×[red]``, ``[blue]+[red]``) drawn
    large on a small card, where the text does not fit: the card's gist at a glance.
    """

    title: str
    text: str = ""
    cost: str = ""
    kind: str = ""
    accent: tuple[int, int, int] = (138, 106, 28)
    badge: str = ""


@dataclass(frozen=True)
class RowFace:
    """A card shown as one row of a list (an ability of a Dice Cards deck, a spell of the Wizard Dice book, an
    ElementaliS arcana): an icon at the left (a die ``(kind, face)`` or a ``symbol`` of the game's dice), the
    title, and at the right its cost in words or a row of dice (``(kind, face)`` each).

    ``state`` says how it stands now: ``plain``, ``offered`` (it may be clicked: it glows), ``chosen``, or
    ``dim`` (it cannot be used now)."""

    title: str
    cost: str = ""
    die: tuple[str, int] | None = None
    symbol: str = ""
    dice: tuple[tuple[str, int], ...] = ()
    state: str = "plain"


@dataclass(frozen=True)
class RowLook:
    """How a game draws its rows: the title's and cost's styles, the icon's size and place, the cost's width,
    and the colours of an offered, a chosen and a dimmed row (from the game's layout and the theme)."""

    title: Style
    glow: tuple[int, int, int]       # the frame of an offered or chosen row (the theme's "glow")
    tint: tuple[int, int, int]       # a symbol's colour
    cost: Style | None = None
    icon_size: int = 34
    icon_x: int = 18                 # the icon's centre (a die) or left edge (a symbol), from the row's left
    title_x: int = 44
    title_width: int = 0             # 0: up to the cost
    cost_width: int = 0
    die_size: int = 0                # dice at the right
    chosen_fill: tuple[int, int, int] | None = None
    offered_fill: tuple[int, int, int] | None = None
    chosen_frame: int = 2
    dim: tuple[int, int, int, int] | None = None
    pulse_frame: bool = True         # an offered row's frame pulses (else only the chosen row is framed)
    wrap: bool = False               # the title wraps onto more lines from the row's top (a long row)
    emblem_width: int = 0            # >0: the die is drawn as a tablet this wide, its symbol large beside its
                                     # number (:meth:`DiceArt.emblem`), from the row's left edge


def draw_row(surface: pygame.Surface, rect: pygame.Rect, face: RowFace, look: RowLook, text, dice: DiceArt | None,
             pulse: float = 0.0) -> None:
    """Draw ``face`` as one row in ``rect``: its fill, icon, title, cost or dice, and its frame."""
    if face.state == "chosen" and look.chosen_fill is not None:
        pygame.draw.rect(surface, look.chosen_fill, rect, border_radius=8)
        pygame.draw.rect(surface, look.glow, rect, look.chosen_frame, border_radius=8)
    elif face.state == "offered" and look.offered_fill is not None:
        pygame.draw.rect(surface, look.offered_fill, rect, border_radius=8)
    if face.die is not None and dice is not None and look.emblem_width:
        emblem = dice.emblem(face.die[0], face.die[1], look.icon_size, look.emblem_width)
        surface.blit(emblem, emblem.get_rect(midleft=(rect.x + look.icon_x, rect.centery)))
    elif face.die is not None and dice is not None:
        dice.draw(surface, face.die[0], face.die[1], (rect.x + look.icon_x, rect.centery), look.icon_size)
    elif face.symbol and dice is not None:
        glyph = dice.symbol(face.symbol, look.icon_size, look.tint)
        if glyph is not None:
            surface.blit(glyph, glyph.get_rect(midleft=(rect.x + look.icon_x, rect.centery)))
    # A title without a set width takes the row up to its cost or its dice.
    dice_span = len(face.dice) * (look.die_size + 2) + 4 if face.dice and dice is not None else 0
    width = look.title_width or rect.width - look.title_x - 4 - look.cost_width - dice_span
    colour = look.dim if face.state == "dim" else None
    title = pygame.Rect(rect.x + look.title_x, rect.y, width, rect.height)
    if look.wrap:
        text.draw(surface, face.title, look.title, title, colour=colour, wrap=True, shrink=True, valign="top")
    else:
        text.draw(surface, face.title, look.title, title, colour=colour, shrink=True)
    if face.cost and look.cost is not None:
        text.draw(surface, face.cost, look.cost, pygame.Rect(rect.right - look.cost_width, rect.y, look.cost_width,
                                                             rect.height), shrink=True)
    if face.dice and dice is not None:
        size = look.die_size
        x = rect.right - 6 - size // 2 - (len(face.dice) - 1) * (size + 2)
        for kind, value in face.dice:
            dice.draw(surface, kind, value, (x, rect.centery), size)
            x += size + 2
    if face.state == "offered" and look.pulse_frame:
        pygame.draw.rect(surface, look.glow, rect.inflate(6, 0), 3 + int(2 * pulse), border_radius=10)


def rich_lines(words: Sequence[str], width: int, measure) -> list[list[str]]:
    """Words (and ``[die]`` icons) broken into lines no wider than ``width``; ``measure(word)`` gives widths.

    >>> rich_lines(["Deal", "2x[red]", "damage"], 12, len)
    [['Deal', '2x[red]'], ['damage']]
    """
    lines: list[list[str]] = []
    line: list[str] = []
    used = 0
    space = measure(" ")
    for word in words:
        size = measure(word)
        if line and used + space + size > width:
            lines.append(line)
            line, used = [], 0
        used += (space if line else 0) + size
        line.append(word)
    if line:
        lines.append(line)
    return lines


#: How many card images are kept, and their most pixel memory (the least recently drawn go first): a screen
#: shows some forty cards at most (shop, hand, chain, face down, a picker, a preview), measured at 1920x1080
#: under 1 MB in an Elemental Dice frame; more kept only fills memory with every card at every size (Elemental
#: Dice's card images set the peak of a night of demo games).
_CARD_CACHE = 120
#: A small card's title may go below the readable size of other text, as far as a name still reads at a glance
#: (24 px at 1080p); its card at full size, shown on hover, gives the name at full size.
SMALLEST_CARD_TITLE = 24
_CARD_BYTES = 3 * 2**20

class CardArt:
    """Draws card faces and backs at any size, caching each rendered card."""

    def __init__(self, app: "AppServices", dice: DiceArt | None = None) -> None:
        self.app = app
        self.dice = dice
        self.layout = app.layouts["cards"]
        self.theme = app.layouts.theme
        self._cache = ImageCache(_CARD_BYTES, _CARD_CACHE)

    @property
    def size(self) -> tuple[int, int]:
        """The size of a card at full size (the ``card`` element)."""
        rect = self.layout["card"].rect
        return rect[2], rect[3]

    def _style(self, name: str, scale: float) -> Style:
        style = self.layout[name].style
        return replace(style, size=max(10, round(style.size * scale)))

    def face(self, card: CardFace, size: tuple[int, int] | None = None, dimmed: bool = False,
             grow: bool | None = None) -> pygame.Surface:
        """The card's face as an image of ``size`` (the layout's card size by default)."""
        # A card shown whole (at the layout's size) grows taller for a long text rather than lose its last lines.
        grow = size is None if grow is None else grow
        size = size or self.size
        return self._cache.fetch(("face", card, size, dimmed, grow),
                                 lambda: self._render_face(card, size, dimmed, grow))

    def back(self, size: tuple[int, int] | None = None, label: str = "") -> pygame.Surface:
        """A card's back (every card looks the same face down), with an optional label such as a count."""
        size = size or self.size
        return self._cache.fetch(("back", size, label), lambda: self._render_back(size, label))

    def moving(self, card: CardFace | None, size: tuple[int, int], drawn: tuple[int, int]) -> pygame.Surface:
        """A card on its way (its face, or its back for None) at ``size`` this frame: drawn once at ``drawn``
        (the larger of where it flies from and to) and scaled, so that a flight does not render and keep a
        card, with its text in fonts of every size, at each of the sizes it passes through."""
        image = self.face(card, drawn) if card is not None else self.back(drawn)
        if image.get_size() == tuple(size) or size[0] <= 0 or size[1] <= 0:
            return image
        return pygame.transform.smoothscale(image, size)

    def _render_face(self, card: CardFace, size: tuple[int, int], dimmed: bool,
                     grow: bool = False) -> pygame.Surface:
        width, height = size
        scale = width / self.size[0]
        if scale < 0.8:
            return self._render_compact(card, size, dimmed)
        layout = self.layout
        image = pygame.Surface(size, pygame.SRCALPHA)
        body = layout["card"].style
        draw_box(image, image.get_rect(), replace(body, radius=max(4, round(body.radius * scale))),
                 border=(*card.accent, 255))
        text = self.app.text
        pad = round(12 * scale)
        title = self._style("card_title", scale)
        cost_width = round(layout["card_cost"].rect[2] * scale) if card.cost else 0
        left = pad + cost_width + (pad // 2 if cost_width else 0)
        # A long title takes a second line in a taller band: a card at full size shows its whole name (a word
        # too long for the line makes the title smaller, never broken, down to the readable size).
        room = width - left - pad
        longest = max(card.title.split(), key=lambda word: text.size(word, title.font, title.size)[0], default="")
        title = replace(title, size=text.fit_size(longest, title.font, title.size, room,
                                                  smallest=min(title.size, SMALLEST_CARD_TITLE)))
        titles = len(text.wrap(card.title, title.font, title.size, room))
        band = pygame.Rect(0, 0, width, max(round(layout["card_title"].rect[3] * scale),
                                            titles * text.line_height(title)) + 8)
        pygame.draw.rect(image, (*card.accent, 255), band, border_top_left_radius=round(body.radius * scale),
                         border_top_right_radius=round(body.radius * scale))
        if card.cost:
            # The cost sits top left, where it still shows when the card is fanned in a hand.
            cost = self._style("card_cost", scale)
            badge = pygame.Rect(pad // 2, pad // 2, cost_width, round(layout["card_title"].rect[3] * scale) + 8 - pad)
            pygame.draw.ellipse(image, self.theme.rgb("card_cost_badge"), badge)
            text.draw(image, card.cost, cost, badge)
        text.draw(image, card.title, title, pygame.Rect(left, 4, width - left - pad, band.height - 8), wrap=True)
        y = band.bottom + pad // 2
        if card.kind:
            kind = self._style("card_kind", scale)
            lines = len(text.wrap(card.kind, kind.font, kind.size, width - 2 * pad))
            line = max(round(kind.size * 1.3), text.line_height(kind)) * lines
            text.draw(image, card.kind, kind, pygame.Rect(pad, y, width - 2 * pad, line), wrap=True, valign="top")
            y += line + pad // 2
        if card.text:
            body_text = self._style("card_text", scale)
            needed = y + self.rich_height(card.text, body_text, width - 2 * pad) + pad
            if grow and needed > height:
                return self._render_face(card, (width, needed), dimmed)
            self._draw_rich(image, card.text, body_text, pygame.Rect(pad, y, width - 2 * pad, height - y - pad))
        if dimmed:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill(self.theme.rgba("card_dimmed"))
            image.blit(shade, (0, 0))
        return image

    def _render_compact(self, card: CardFace, size: tuple[int, int], dimmed: bool) -> pygame.Surface:
        """A card too small for its text: its cost and title only, still at a readable size."""
        width, height = size
        image = pygame.Surface(size, pygame.SRCALPHA)
        body = self.layout["card"].style
        draw_box(image, image.get_rect(), replace(body, radius=max(6, body.radius // 2)), border=(*card.accent, 255))
        band = pygame.Rect(0, 0, width, max(8, height // 6))
        pygame.draw.rect(image, (*card.accent, 255), band, border_top_left_radius=body.radius // 2,
                         border_top_right_radius=body.radius // 2)
        text = self.app.text
        title = self.layout["card_title_compact"].style
        inner = image.get_rect().inflate(-12, -12)
        cost = self.layout["card_cost"].style
        # The cost sits on the title band's corner, leaving the card's height to the title.
        badge = pygame.Rect(6, 4, min(width - 12, 56), 44) if card.cost else pygame.Rect(6, 4, 0, 0)
        gist = self.layout["card_badge"].style
        line = round(gist.size * 1.3) if card.badge else 0
        while card.badge and gist.size > SMALLEST_CARD_TITLE and self.rich_height(
                card.badge, gist, inner.width) > round(gist.size * gist.line_height * 1.1):
            gist = replace(gist, size=gist.size - 2)    # the gist on its one line: its icons a little smaller
        area, title_size, show_gist = self._compact_title(card.title, title, inner, badge, line)
        if card.cost:
            pygame.draw.ellipse(image, self.theme.rgb("card_cost_badge"), badge)
            pygame.draw.ellipse(image, (*card.accent, 255), badge, 2)
            text.draw(image, card.cost, cost, badge)
        if show_gist:
            # The gist in die icons along the bottom, as large as the card allows.
            self._draw_rich(image, card.badge, gist, pygame.Rect(inner.x, inner.bottom - line, inner.width, line),
                            centred=True)
        text.draw(image, card.title, replace(title, align="center"), area, wrap=True, valign="top", size=title_size)
        if dimmed:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill(self.theme.rgba("card_dimmed"))
            image.blit(shade, (0, 0))
        return image

    def _compact_title(self, words: str, style: Style, inner: pygame.Rect, cost: pygame.Rect,
                       line: int) -> tuple[pygame.Rect, int, bool]:
        """Where a small card's title goes, at what size, and whether its gist in dice still shows: the first
        place where the whole title fits, no word broken (a short chain card has little height under its cost):
        under the cost, beside it, beside it with the gist left to the card at full size; then smaller, down to
        what still reads as a card's name, never cut."""
        below = pygame.Rect(inner.x, cost.bottom + 2, inner.width, inner.bottom - cost.bottom - 2) \
            if cost.width else pygame.Rect(inner)
        beside = pygame.Rect(cost.right + 4, inner.y, inner.right - cost.right - 4, inner.height) \
            if cost.width else pygame.Rect(inner)
        places = [(below, True), (beside, True), (beside, False), (below, False)]
        for size in range(style.size, SMALLEST_CARD_TITLE - 1, -1):
            for area, show_gist in places:
                room = pygame.Rect(area.x, area.y, area.width, area.height - (line if show_gist else 0))
                if self._title_fits(words, style, size, room):
                    return room, size, show_gist
        return pygame.Rect(beside), SMALLEST_CARD_TITLE, False

    def _title_fits(self, words: str, style: Style, size: int, room: pygame.Rect) -> bool:
        """Whether ``words`` fit ``room`` at ``size``, wrapped at spaces only."""
        text = self.app.text
        if any(text.size(word, style.font, size)[0] > room.width for word in words.split()):
            return False
        return len(text.wrap(words, style.font, size, room.width)) * text.line_height(style, size) <= room.height

    def rich_height(self, content: str, style: Style, width: int) -> int:
        """The height :meth:`_draw_rich` needs for all of ``content`` in ``width``."""
        font = self.app.text.font(style.font, style.size)
        icon = round(style.size * 1.05)

        def measure(word: str) -> int:
            return sum(icon if piece.startswith("[") else font.size(piece)[0] for piece in _pieces(word))

        lines = sum(len(rich_lines(paragraph.split(), width, measure)) for paragraph in content.split("\n"))
        return lines * round(style.size * style.line_height * 1.1)

    def _draw_rich(self, image: pygame.Surface, content: str, style: Style, area: pygame.Rect,
                   centred: bool = False) -> None:
        """Wrapped text in which ``[die]`` words are die icons in the die's colour."""
        text = self.app.text
        font = text.font(style.font, style.size)
        icon = round(style.size * 1.05)

        def measure(word: str) -> int:
            width = 0
            for piece in _pieces(word):
                width += icon if piece.startswith("[") else font.size(piece)[0]
            return width

        line_height = round(style.size * style.line_height * 1.1)
        y = area.y
        for paragraph in content.split("\n"):
            for line in rich_lines(paragraph.split(), area.width, measure):
                x = area.x
                if centred:
                    used = sum(measure(word) for word in line) + font.size(" ")[0] * (len(line) - 1)
                    x += max(0, (area.width - used) // 2)
                for word in line:
                    for piece in _pieces(word):
                        if piece.startswith("["):
                            die = piece[1:-1]
                            if self.dice is not None:
                                self.dice.draw(image, die, 0, (x + icon / 2, y + line_height / 2), icon - 2)
                            else:
                                pygame.draw.rect(image, style.colour, (x, y + 4, icon - 4, icon - 4), 2)
                            x += icon
                        else:
                            rendered = text.render(piece, style.font, style.size, style.colour)
                            image.blit(rendered, (x, y + (line_height - rendered.get_height()) // 2))
                            x += rendered.get_width()
                    x += font.size(" ")[0]
                y += line_height
                if y > area.bottom:
                    return

    def _render_back(self, size: tuple[int, int], label: str) -> pygame.Surface:
        width, height = size
        scale = width / self.size[0]
        image = pygame.Surface(size, pygame.SRCALPHA)
        back = self.layout["card_back"].style
        draw_box(image, image.get_rect(), replace(back, radius=max(4, round(back.radius * scale))))
        inner = image.get_rect().inflate(-round(18 * scale), -round(18 * scale))
        colour = back.border or self.theme.rgba("card_back_line")
        pygame.draw.rect(image, colour, inner, max(1, round(3 * scale)), border_radius=round(10 * scale))
        # A diamond lattice: every back is the same, so nothing about the card shows.
        step = max(8, round(26 * scale))
        for x in range(inner.left, inner.right, step):
            pygame.draw.line(image, (*colour[:3], 70), (x, inner.top), (min(x + inner.height, inner.right),
                             inner.top + min(inner.height, inner.right - x)), 1)
        if label:
            style = self._style("card_back_label", scale)
            self.app.text.draw(image, label, style, image.get_rect())
        return image


def _pieces(word: str) -> list[str]:
    """A word split into text and ``[die]`` icons: ``2x[red]+[blue].`` -> 2x, [red], +, [blue], ."""
    return [piece for piece in re.split(r"(\[[a-z_+]+\])", word) if piece]


def fan_slots(area: pygame.Rect, card_size: tuple[int, int], count: int, spread_degrees: float = 16,
              spacing: float = 0.8) -> list[tuple[pygame.Rect, float]]:
    """Where each of ``count`` cards held in a fan across ``area`` lies (its unrotated rectangle) and its tilt in
    degrees: side by side ``spacing`` card widths apart while they fit, closer when they do not (a game's
    geometry places a hand with it; :class:`FannedHand` draws one).

    >>> [rect.x for rect, _ in fan_slots(pygame.Rect(0, 0, 500, 200), (100, 150), 3, spacing=1.0)]
    [100, 200, 300]
    """
    if count == 0:
        return []
    width, height = card_size
    step = min(width * spacing, (area.width - width) / max(1, count - 1)) if count > 1 else 0
    total = width + step * (count - 1)
    left = area.centerx - total / 2
    out = []
    for index in range(count):
        middle = index - (count - 1) / 2
        tilt = -spread_degrees * middle / max(1, count - 1) if count > 1 else 0.0
        drop = abs(middle) ** 1.6 * 6
        rect = pygame.Rect(round(left + index * step), round(area.bottom - height + drop), width, height)
        out.append((rect, tilt))
    return out


def grid_rects(area: pygame.Rect, card_size: tuple[int, int], count: int, gap: int = 12, scroll: int = 0
               ) -> list[pygame.Rect]:
    """Where each of ``count`` cards laid out in rows across ``area`` lies (rows centred, shifted up by
    ``scroll``): a game's geometry places a card picker with it; :class:`CardGrid` draws one.

    >>> [(r.x, r.y) for r in grid_rects(pygame.Rect(0, 0, 230, 400), (100, 150), 3, gap=10)]
    [(10, 0), (120, 0), (65, 160)]
    """
    width, height = card_size
    per_row = max(1, (area.width + gap) // (width + gap))
    out = []
    for index in range(count):
        row, column = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        left = area.centerx - (in_row * width + (in_row - 1) * gap) // 2
        out.append(pygame.Rect(left + column * (width + gap), area.y + row * (height + gap) - scroll, width, height))
    return out


#: The cards of a fan, turned: a hand is redrawn every frame, turning each of its cards again cost more than the
#: rest of the hand.  Keyed by the upright image itself (kept alive by its key, so never mistaken for another).
_tilted = ImageCache(max_bytes=8 * 2**20, max_items=40)


class FannedHand:
    """Cards held in a fan across ``area``; the hovered card rises and grows so it can be read."""

    def __init__(self, art: CardArt, area: pygame.Rect, card_size: tuple[int, int], spread_degrees: float = 16,
                 zoom: float | None = None, spacing: float = 0.8) -> None:
        self.art = art
        self.area = pygame.Rect(area)
        self.card_size = card_size
        self.spread = spread_degrees
        self.spacing = spacing          # the step between cards, in card widths, when there is room
        # The hovered card grows to full size, where all of its text can be read.
        self.zoom = zoom or max(1.0, art.size[0] / card_size[0])
        self.hovered: int | None = None

    def slots(self, count: int) -> list[tuple[pygame.Rect, float]]:
        """Where each of ``count`` cards lies (its unrotated rectangle) and its tilt in degrees."""
        return fan_slots(self.area, self.card_size, count, self.spread, self.spacing)

    def card_at(self, pos: tuple[int, int], count: int) -> int | None:
        """The card under ``pos`` (the topmost of overlapping ones)."""
        for index in reversed(range(count)):
            rect, _ = self.slots(count)[index]
            if rect.collidepoint(pos):
                return index
        return None

    def hover(self, pos: tuple[int, int], count: int) -> None:
        """Remember which card the mouse is over."""
        self.hovered = self.card_at(pos, count)

    def draw(self, surface: pygame.Surface, cards: Sequence[CardFace | None], playable: Sequence[bool] = ()) -> None:
        """The hand, ``None`` for a card seen from the back; cards not ``playable`` are dimmed."""
        slots = self.slots(len(cards))
        order = [i for i in range(len(cards)) if i != self.hovered] + (
            [self.hovered] if self.hovered is not None and self.hovered < len(cards) else [])
        for index in order:
            rect, tilt = slots[index]
            card = cards[index]
            dim = bool(playable) and not playable[index]
            if index == self.hovered and card is not None:
                size = (round(rect.width * self.zoom), round(rect.height * self.zoom))
                image = self.art.face(card, size, dimmed=dim, grow=True)    # taller where its text needs it
                zoomed = image.get_rect(midbottom=(rect.centerx, min(rect.bottom, self.area.bottom) - 10))
                surface.blit(image, zoomed.clamp(surface.get_rect()))
                continue
            image = self.art.face(card, rect.size, dimmed=dim) if card is not None else self.art.back(rect.size)
            if tilt:
                upright = image
                image = _tilted.fetch((upright, tilt), lambda: pygame.transform.rotate(upright, tilt))
            surface.blit(image, image.get_rect(center=rect.center))


class Pile:
    """A pile of cards: a few backs (or the top card) stacked, and a badge with how many there are."""

    def __init__(self, art: CardArt, rect: pygame.Rect, label: str) -> None:
        self.art = art
        self.rect = pygame.Rect(rect)
        self.label = label

    def draw(self, surface: pygame.Surface, count: int, top: CardFace | None = None,
             browsable: bool = False) -> None:
        """The pile, its name and count; ``browsable`` marks a pile its shows may look through."""
        text = self.art.app.text
        layout = self.art.layout
        if count == 0:
            pygame.draw.rect(surface, self.art.theme.rgba("empty_outline"), self.rect, 2, border_radius=12)
        for layer in range(min(3, max(0, count - 1)), -1, -1) if count else ():
            shifted = self.rect.move(layer * 4, -layer * 4)
            if layer == 0 and top is not None:
                surface.blit(self.art.face(top, self.rect.size), shifted)
            else:
                surface.blit(self.art.back(self.rect.size), shifted)
        badge = layout["pile_count"]
        box = pygame.Rect(0, 0, badge.rect[2], badge.rect[3])
        box.center = (self.rect.right - 6, self.rect.top + 6)
        draw_box(surface, box, badge.style)
        text.draw(surface, str(count), badge.style, box)
        caption = layout["pile_label"]
        text.draw(surface, self.label + ("  (look)" if browsable else ""), caption.style,
                  pygame.Rect(self.rect.x - 40, self.rect.bottom + 4, self.rect.width + 80, caption.rect[3]),
                  shrink=True)

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the pile."""
        return self.rect.collidepoint(pos)


class CardGrid:
    """Cards laid out in rows across ``area``, scrolled with the wheel: a pile to browse, cards to choose from.

    ``draw`` marks chosen cards with a label (an order number, say) and rings the
    ones that may be clicked; the hovered card is drawn again at full size so its
    text can be read.
    """

    def __init__(self, art: CardArt, area: pygame.Rect, card_size: tuple[int, int], gap: int = 12) -> None:
        self.art = art
        self.area = pygame.Rect(area)
        self.card_size = card_size
        self.gap = gap
        self.scroll = 0
        self.hovered: int | None = None

    def rects(self, count: int) -> list[pygame.Rect]:
        """Where each of ``count`` cards lies now (rows centred, shifted by the scroll)."""
        return grid_rects(self.area, self.card_size, count, self.gap, self.scroll)

    def scroll_by(self, wheel: int, count: int) -> None:
        """Scroll by mouse-wheel steps, never past the last row."""
        rects = self.rects(count)
        bottom = (rects[-1].bottom + self.scroll) if rects else 0
        limit = max(0, bottom - self.area.bottom)
        self.scroll = min(limit, max(0, self.scroll - wheel * (self.card_size[1] // 2)))

    def card_at(self, pos: tuple[int, int], count: int) -> int | None:
        """The card under ``pos`` (only where the grid is visible)."""
        if not self.area.collidepoint(pos):
            return None
        for index, rect in enumerate(self.rects(count)):
            if rect.collidepoint(pos):
                return index
        return None

    def draw(self, surface: pygame.Surface, cards: Sequence[CardFace | None], clickable: Sequence[bool] = (),
             marks: Sequence[str] = (), zoom: bool = True) -> None:
        """The cards (``None``: a back), rings round the clickable ones, marks in a corner badge."""
        clip = surface.get_clip()
        surface.set_clip(self.area.inflate(12, 12))
        rects = self.rects(len(cards))
        badge = self.art.layout["pile_count"]
        for index, (card, rect) in enumerate(zip(cards, rects)):
            if not rect.colliderect(self.area):
                continue
            dim = bool(clickable) and not clickable[index]
            surface.blit(self.art.face(card, rect.size, dimmed=dim) if card is not None
                         else self.art.back(rect.size), rect)
            if clickable and clickable[index]:
                width = 6 if index == self.hovered else 3
                pygame.draw.rect(surface, self.art.theme.rgb("glow"), rect.inflate(8, 8), width, border_radius=14)
            mark = marks[index] if index < len(marks) else ""
            if mark:
                box = pygame.Rect(0, 0, badge.rect[2], badge.rect[3])
                box.center = (rect.right - 10, rect.top + 10)
                draw_box(surface, box, badge.style)
                self.art.app.text.draw(surface, mark, badge.style, box)
        surface.set_clip(clip)
        shown = cards[self.hovered] if zoom and self.hovered is not None and self.hovered < len(cards) else None
        if shown is not None and self.hovered is not None:
            draw_zoomed(surface, self.art, shown, rects[self.hovered])


def draw_zoomed(surface: pygame.Surface, art: CardArt, card: CardFace, rect: pygame.Rect) -> None:
    """``card`` at full size beside ``rect`` (where it lies small), kept on screen: its whole text readable."""
    image = art.face(card)
    zoomed = image.get_rect(midleft=(rect.right + 12, rect.centery))
    if zoomed.right > surface.get_width():
        zoomed.midright = (rect.left - 12, rect.centery)
    surface.blit(image, zoomed.clamp(surface.get_rect()))


def card_angle_rect(rect: pygame.Rect, degrees: float) -> pygame.Rect:
    """The bounding box of ``rect`` turned by ``degrees`` around its centre (a pending card lies sideways).

    >>> card_angle_rect(pygame.Rect(0, 0, 100, 50), 90).size
    (50, 100)
    """
    radians = math.radians(degrees)
    width = abs(rect.width * math.cos(radians)) + abs(rect.height * math.sin(radians))
    height = abs(rect.width * math.sin(radians)) + abs(rect.height * math.cos(radians))
    out = pygame.Rect(0, 0, round(width), round(height))
    out.center = rect.center
    return out
