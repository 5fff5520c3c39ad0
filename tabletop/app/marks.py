"""The last move, marked on the board, the same way in every game; and a bot seat's badge.

A game's ``marks.py`` (no pygame) turns the events of the last move, as the seat in
front of the screen may see them, into :class:`Mark` values: a
:class:`~tabletop.app.choosing.Target` of its geometry (the cell just crossed, the
card just played, the unit just summoned) and what happened to it (a symbol).  The
view finds where each target lies and draws it with :func:`draw_mark`: corner
brackets around the thing and a round badge with a symbol drawn as a shape, so a
mark reads in greyscale and never looks like the glow of what may be clicked (a
whole outline).  A mark is worked out from the visible events only, so it shows
no more than the move log: "a card was placed face down", never which one.

The marks stay until the next move: the view works them out again from the match's
last move whenever it changes (a move, an undo, a hand-over, a replay's step).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, TYPE_CHECKING, Iterable, Sequence

import pygame

from .choosing import Target
from .text import draw_box

if TYPE_CHECKING:
    from .services import AppServices

__all__ = ["Mark", "SYMBOLS", "draw_mark", "draw_marks", "unique", "draw_bot_badge", "bot_words",
           "recent_moves", "draw_recent_moves", "last_turn", "turn_of", "LAST_TURN_MOVES", "badge_place", "tag_place"]

#: What happened to a marked thing, each drawn as its own shape in the badge.
SYMBOLS = {
    "cross": "crossed off",
    "pick": "picked",
    "roll": "rolled",
    "play": "played",
    "buy": "bought",
    "summon": "summoned",
    "reveal": "revealed",
    "bank": "banked",
    "hit": "hit",
    "heal": "healed",
    "gain": "gained",
    "lose": "lost",
    "hidden": "placed face down",
    "move": "moved",
    "pass": "passed",
}


@dataclass(frozen=True)
class Mark:
    """One thing the last move touched: its target on the board, what happened to it (a key of
    :data:`SYMBOLS`) and, if any, a short tag shown beside it ("face down")."""

    target: Target
    symbol: str
    words: str = ""

    def __post_init__(self) -> None:
        if self.symbol not in SYMBOLS:
            raise ValueError(f"unknown mark symbol {self.symbol!r}")




def unique(marks: Iterable[Mark]) -> tuple[Mark, ...]:
    """The marks with one per target (the first said wins: the move's own action before its consequences)."""
    seen: set[Target] = set()
    out = []
    for mark in marks:
        if mark.target not in seen:
            seen.add(mark.target)
            out.append(mark)
    return tuple(out)


# ---------------------------------------------------------------------------------------------- drawing
def _colours(app: "AppServices") -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    theme = app.layouts.theme
    return theme.rgb("mark"), theme.rgb("mark_edge")


def _brackets(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int,
              arm: int) -> None:
    """An L at each corner of ``rect``."""
    for corner, dx, dy in ((rect.topleft, 1, 1), (rect.topright, -1, 1), (rect.bottomleft, 1, -1),
                           (rect.bottomright, -1, -1)):
        x, y = corner[0] - (1 if dx < 0 else 0), corner[1] - (1 if dy < 0 else 0)
        pygame.draw.line(surface, colour, (x, y), (x + dx * arm, y), width)
        pygame.draw.line(surface, colour, (x, y), (x, y + dy * arm), width)
        pygame.draw.circle(surface, colour, (x, y), width // 2)


def _star(centre: tuple[int, int], outer: float, inner: float, points: int = 5) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / points
        out.append((centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle)))
    return out


def draw_symbol(surface: pygame.Surface, symbol: str, centre: tuple[int, int], radius: int,
                colour: tuple[int, int, int]) -> None:
    """``symbol`` as a shape inside a circle of ``radius`` around ``centre``."""
    x, y = centre
    r = radius * 0.62
    w = max(2, radius // 4)
    if symbol == "cross":
        pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), w + 1)
        pygame.draw.line(surface, colour, (x - r, y + r), (x + r, y - r), w + 1)
    elif symbol == "pick":          # a check
        pygame.draw.lines(surface, colour, False, [(x - r, y), (x - r * 0.25, y + r * 0.75), (x + r, y - r * 0.7)],
                          w + 1)
    elif symbol == "roll":          # a die's face
        side = int(r * 1.7)
        box = pygame.Rect(0, 0, side, side)
        box.center = centre
        pygame.draw.rect(surface, colour, box, max(2, w - 1), border_radius=max(2, side // 5))
        for px, py in ((-1, -1), (0, 0), (1, 1)):
            pygame.draw.circle(surface, colour, (x + px * side // 4, y + py * side // 4), max(2, side // 9))
    elif symbol in ("play", "move"):    # a triangle / an arrow to the right
        if symbol == "play":
            pygame.draw.polygon(surface, colour, [(x - r * 0.7, y - r), (x - r * 0.7, y + r), (x + r, y)])
        else:
            pygame.draw.line(surface, colour, (x - r, y), (x + r * 0.4, y), w + 1)
            pygame.draw.polygon(surface, colour, [(x + r, y), (x + r * 0.2, y - r * 0.7), (x + r * 0.2, y + r * 0.7)])
    elif symbol in ("buy", "heal", "gain"):     # a plus (buy: in a box, gain: an arrow up)
        if symbol == "gain":
            pygame.draw.line(surface, colour, (x, y + r), (x, y - r * 0.3), w + 1)
            pygame.draw.polygon(surface, colour, [(x, y - r), (x - r * 0.75, y - r * 0.1), (x + r * 0.75, y - r * 0.1)])
        else:
            arm = r * (0.65 if symbol == "buy" else 0.9)
            pygame.draw.line(surface, colour, (x - arm, y), (x + arm, y), w + 1)
            pygame.draw.line(surface, colour, (x, y - arm), (x, y + arm), w + 1)
            if symbol == "buy":
                box = pygame.Rect(0, 0, int(r * 2), int(r * 2))
                box.center = centre
                pygame.draw.rect(surface, colour, box, max(2, w - 1), border_radius=3)
    elif symbol == "lose":          # an arrow down
        pygame.draw.line(surface, colour, (x, y - r), (x, y + r * 0.3), w + 1)
        pygame.draw.polygon(surface, colour, [(x, y + r), (x - r * 0.75, y + r * 0.1), (x + r * 0.75, y + r * 0.1)])
    elif symbol == "summon":
        pygame.draw.polygon(surface, colour, _star(centre, r * 1.15, r * 0.5))
    elif symbol == "reveal":        # an eye
        eye = pygame.Rect(0, 0, int(r * 2.2), int(r * 1.3))
        eye.center = centre
        pygame.draw.ellipse(surface, colour, eye, max(2, w - 1))
        pygame.draw.circle(surface, colour, centre, max(2, int(r * 0.4)))
    elif symbol == "bank":          # an arrow down into a tray
        pygame.draw.line(surface, colour, (x, y - r), (x, y + r * 0.1), w + 1)
        pygame.draw.polygon(surface, colour, [(x, y + r * 0.5), (x - r * 0.6, y - r * 0.1), (x + r * 0.6, y - r * 0.1)])
        pygame.draw.lines(surface, colour, False, [(x - r, y + r * 0.3), (x - r, y + r), (x + r, y + r),
                                                   (x + r, y + r * 0.3)], max(2, w - 1))
    elif symbol == "hit":           # a bolt
        pygame.draw.polygon(surface, colour, [(x + r * 0.2, y - r * 1.1), (x - r * 0.7, y + r * 0.15),
                                              (x - r * 0.05, y + r * 0.15), (x - r * 0.3, y + r * 1.1),
                                              (x + r * 0.7, y - r * 0.2), (x + r * 0.05, y - r * 0.2)])
    elif symbol == "pass":          # two chevrons: on to the next
        for dx in (-r * 0.55, r * 0.35):
            pygame.draw.lines(surface, colour, False, [(x + dx - r * 0.35, y - r * 0.75), (x + dx + r * 0.3, y),
                                                       (x + dx - r * 0.35, y + r * 0.75)], w + 1)
    elif symbol == "hidden":        # a card's back: a card with a cross-hatch
        card = pygame.Rect(0, 0, int(r * 1.4), int(r * 2))
        card.center = centre
        pygame.draw.rect(surface, colour, card, max(2, w - 1), border_radius=3)
        pygame.draw.line(surface, colour, card.topleft, card.bottomright, max(1, w - 2))
        pygame.draw.line(surface, colour, card.topright, card.bottomleft, max(1, w - 2))


#: The badge's radius and the brackets' width and arm, in logical pixels (readable at 1366 x 768).
BADGE_RADIUS = 20
BRACKET_WIDTH = 5


def badge_place(rect: pygame.Rect, keep_off: Sequence[pygame.Rect] = ()) -> tuple[tuple[int, int], int]:
    """Where a mark's badge sits and its radius: on the corner of the brackets, so it covers the thing's
    corner and never the number or the word printed in its middle (a cell's "10", a pile's count); the top
    right corner, or the bottom right one where the top would cover one of ``keep_off`` (a label above)."""
    around = pygame.Rect(rect).inflate(10, 10)
    radius = BADGE_RADIUS if min(rect.width, rect.height) >= 36 else BADGE_RADIUS - 5
    top = pygame.Rect(around.right - radius - 2, around.top - radius - 2, 2 * radius + 4, 2 * radius + 4)
    if top.collidelist(list(keep_off)) >= 0:
        return (around.right, around.bottom), radius
    return (around.right, around.top), radius


def draw_mark(app: "AppServices", surface: pygame.Surface, rect: pygame.Rect, mark: Mark,
              clip: pygame.Rect | None = None, keep_off: Sequence[pygame.Rect] = ()) -> None:
    """One mark: corner brackets around ``rect`` (light on a dark edge: they read on any board, in colour and in
    grey) and a badge with the mark's symbol on the top right corner; its tag, if any, low on the thing (under a
    small one)."""
    light, dark = _colours(app)
    around = pygame.Rect(rect).inflate(10, 10)
    arm = max(8, min(around.width, around.height) // 3)
    _brackets(surface, around, dark, BRACKET_WIDTH + 4, arm + 2)
    _brackets(surface, around, light, BRACKET_WIDTH, arm)
    centre, radius = badge_place(rect, keep_off)
    if clip is not None:
        centre = (min(max(centre[0], clip.left + radius), clip.right - radius),
                  min(max(centre[1], clip.top + radius), clip.bottom - radius))
    pygame.draw.circle(surface, dark, centre, radius + 2)
    pygame.draw.circle(surface, light, centre, radius, 3)
    draw_symbol(surface, mark.symbol, centre, radius - 3, light)
    if mark.words:
        style = app.layouts["table"]["mark_tag"].style
        tag, lines = tag_place(app, rect, mark.words, clip)
        pygame.draw.rect(surface, dark, tag, border_radius=8)
        pygame.draw.rect(surface, light, tag, 2, border_radius=8)
        app.text.draw(surface, "\n".join(lines), style, tag, colour=(*light, 255), wrap=True)


def tag_place(app: "AppServices", rect: pygame.Rect, words: str,
              clip: pygame.Rect | None = None) -> tuple[pygame.Rect, list[str]]:
    """Where a mark's tag lies and its lines: as wide as the thing it marks at most ("face down" over a
    face-down card 118 px wide takes two lines), on the thing, low, where it leaves room above it; else under
    the thing."""
    style = app.layouts["table"]["mark_tag"].style
    lines = [words]
    if app.text.size(words, style.font, style.size)[0] + 16 > rect.width:
        lines = app.text.wrap(words, style.font, style.size, max(1, rect.width - 16))
    width = max(app.text.size(line, style.font, style.size)[0] for line in lines)
    height = app.text.line_height(style) * len(lines)
    tag = pygame.Rect(0, 0, width + 16, height + 4)
    if rect.height >= 2 * tag.height or (len(lines) > 1 and rect.height >= tag.height + 24):
        tag.midbottom = (rect.centerx, rect.bottom - 6)       # on the thing itself, low
    else:
        around = pygame.Rect(rect).inflate(10, 10)
        tag.midtop = (around.centerx, around.bottom + 2)    # under a thing too small to hold it
    if clip is not None:
        tag.clamp_ip(clip)
    return tag, lines


def draw_marks(app: "AppServices", surface: pygame.Surface, placed: Iterable[tuple[Mark, pygame.Rect]],
               clip: pygame.Rect | None = None, keep_off: Sequence[pygame.Rect] = ()) -> None:
    """Every mark where its target lies (kept inside ``clip``, by default the surface; badges off ``keep_off``)."""
    clip = clip if clip is not None else surface.get_rect()
    for mark, rect in placed:
        draw_mark(app, surface, rect, mark, clip, keep_off)


# ---------------------------------------------------------------------------------------------- bot seats
def bot_words(kind: str) -> str:
    """A bot seat's badge in words: "bot · strong" ("on a phone" for a phone seat)."""
    return "on a phone" if kind == "phone" else f"bot · {kind}"


def _phone(surface: pygame.Surface, centre: tuple[int, int], size: int, colour: tuple[int, int, int]) -> None:
    """A phone: an upright rounded frame with a screen and a button (a phone seat's symbol)."""
    x, y = centre
    body = pygame.Rect(0, 0, int(size * 0.6), size)
    body.center = (x, y)
    pygame.draw.rect(surface, colour, body, 3, border_radius=max(3, size // 7))
    pygame.draw.circle(surface, colour, (x, body.bottom - size // 6), max(2, size // 12))


def _robot(surface: pygame.Surface, centre: tuple[int, int], size: int, colour: tuple[int, int, int]) -> None:
    """A robot's head: a square face with two eyes and an antenna (the bot's symbol)."""
    x, y = centre
    head = pygame.Rect(0, 0, size, int(size * 0.8))
    head.center = (x, y + size // 10)
    pygame.draw.rect(surface, colour, head, 3, border_radius=max(3, size // 6))
    for dx in (-1, 1):
        pygame.draw.circle(surface, colour, (x + dx * size // 5, head.centery - size // 12), max(2, size // 9))
    pygame.draw.line(surface, colour, (x - size // 5, head.bottom - size // 5), (x + size // 5, head.bottom - size // 5),
                     2)
    pygame.draw.line(surface, colour, (x, head.top), (x, head.top - size // 4), 3)
    pygame.draw.circle(surface, colour, (x, head.top - size // 4), max(2, size // 10))


def draw_bot_badge(app: "AppServices", surface: pygame.Surface, anchor: tuple[int, int], kind: str,
                   align: str = "left") -> pygame.Rect:
    """A bot seat's badge, "bot · strong" after a robot's head (a phone seat's "on a phone" after a phone), its
    left (or right, ``align="right"``) middle at ``anchor``; returns where it lies."""
    style = app.layouts["table"]["bot_badge"].style
    words = bot_words(kind)
    width, height = app.text.size(words, style.font, style.size)
    icon = int(height * 0.7)
    badge = pygame.Rect(0, 0, width + icon + 22, height + 2)
    if align == "right":
        badge.midright = anchor
    else:
        badge.midleft = anchor
    _, dark = _colours(app)
    colour = style.colour[:3]
    pygame.draw.rect(surface, dark, badge, border_radius=badge.height // 2)
    pygame.draw.rect(surface, colour, badge, 2, border_radius=badge.height // 2)
    (_phone if kind == "phone" else _robot)(surface, (badge.x + 8 + icon // 2, badge.centery), icon, colour)
    app.text.draw(surface, words, style, pygame.Rect(badge.x + icon + 14, badge.y, width + 4, badge.height))
    return badge


# ---------------------------------------------------------------------------------------------- the last turn
#: The most moves of one turn kept marked (a long turn's first moves are long past).
LAST_TURN_MOVES = 12


def last_turn(history: Sequence[Any]) -> Sequence[Any]:
    """The moves of the last turn: the latest moves made one after another by the seat that made the last one,
    back to a move of another seat or one that told of another seat (a reveal ends a round), at most
    :data:`LAST_TURN_MOVES`, oldest first.  A move that names no seat is a turn of its own."""
    if not history:
        return ()
    seat = getattr(history[-1].intent, "seat", None)

    def own(entry: Any) -> bool:
        return (getattr(entry.intent, "seat", None) == seat
                and all(getattr(event, "seat", seat) == seat for event in entry.events))

    start = len(history) - 1
    while seat is not None and start > 0 and len(history) - start < LAST_TURN_MOVES and own(history[start - 1]):
        start -= 1
    return history[start:]


def turn_of(match: Any) -> Sequence[Any]:
    """The moves of ``match``'s last turn (:func:`last_turn`), none from before an edit of the position (a
    tutorial's skip ahead)."""
    return last_turn(match.history[max(0, match.edited_at):])


# ---------------------------------------------------------------------------------------------- recent moves
def recent_moves(lines_of_moves: Sequence[Sequence[str]], count: int = 3) -> list[str]:
    """The last ``count`` moves in a sentence each (the first the log tells of it), oldest first, for the
    "recent moves" strip; moves the log tells nothing of are skipped."""
    found: list[str] = []
    for lines in reversed(lines_of_moves):
        if lines:
            found.append(lines[0])
            if len(found) == count:
                break
    return found[::-1]


def draw_recent_moves(app: "AppServices", surface: pygame.Surface, moves: Sequence[str]) -> None:
    """The "recent moves" strip beside the move log while a bot plays: the last moves, newest at the bottom and
    brightest, each after a numbered disc (3, 2, 1: how many moves ago), whole sentences only (wrapped)."""
    layout = app.layouts["table"]
    box = layout["recent"]
    line = layout["recent_line"]
    style = line.style
    text = app.text
    draw_box(surface, box.rect, box.style)
    area = pygame.Rect(box.rect).inflate(-24, -12)
    height = line.rect[3]
    room = area.height // height
    disc = height - 6
    width = area.width - disc - 12
    rows: list[tuple[str, int, bool]] = []          # a row's words, how many moves ago, whether it starts a move
    for age, sentence in enumerate(reversed(moves)):
        wrapped = text.wrap(sentence, style.font, style.size, width)
        if rows and len(rows) + len(wrapped) > room:
            break
        rows[:0] = [(piece, age, index == 0) for index, piece in enumerate(wrapped)]
    rows = rows[-room:]
    light = _colours(app)[0]
    dim = app.layouts.theme.rgb("text_dim")
    for index, (piece, age, first) in enumerate(rows):
        y = area.y + index * height
        colour = light if age == 0 else dim
        if first:
            centre = (area.x + disc // 2, y + height // 2)
            pygame.draw.circle(surface, colour, centre, disc // 2, 2)
            text.draw(surface, str(age + 1), replace(style, colour=(*colour, 255), align="center"),
                      pygame.Rect(centre[0] - disc // 2, y, disc, height))
        text.draw(surface, piece, style, pygame.Rect(area.x + disc + 12, y, width, height),
                  colour=(*colour, 255))
