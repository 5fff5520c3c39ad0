"""The Wizard Dice reveal staged in the middle of the table: every cast a card, the cards turning over one after
another, then, phase by phase, the cast being resolved lifted and lit while its damage or healing flies from it
to its target (where the number rises and the hit points move).  A click or Space while something moves ends it
at once; at the Instant bot pace only the result is shown (the view's ``finish_animations``).

Drawing and animation state only (mixed into the Wizard Dice view with :mod:`.reveal`); the rules have already
resolved the whole round."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable

import pygame

from tabletop.games.wizard_dice.state import State
from tabletop.games.wizard_dice.state import Target as Aimed
from tabletop.games.wizard_dice.wording import dice_text

from ...anim import ease_in_out
from ...text import draw_box
from .help import targets_text
from .reveal import Shown

__all__ = ["RevealStage", "Flight", "STAGE", "WIDE_STAGE", "stage_area", "FLIP_SECONDS", "FLIGHT_SECONDS"]

#: The middle of the table the reveal takes (the tray and the spells, left of the book), in logical pixels; a
#: reveal of more than twelve casts takes the book's place too.
STAGE = pygame.Rect(12, 358, 1335, 564)
WIDE_STAGE = pygame.Rect(12, 358, 1896, 564)
#: How long one card takes to turn over, and a number to fly to its target (at normal speed).
FLIP_SECONDS = 0.28
FLIGHT_SECONDS = 0.5
_GAP = 28
_CARD_WIDTH = 460
_CARD_HEIGHT = 230
_TITLE_HEIGHT = 52
_BACK = (42, 36, 64, 255)                   # a card's back


def stage_area(count: int) -> pygame.Rect:
    """Where a reveal of ``count`` casts is staged."""
    return WIDE_STAGE if count > 12 else STAGE


@dataclass
class Flight:
    """Damage or healing on its way from a cast's card to its target."""

    start: tuple[float, float]
    end: tuple[float, float]
    text: str
    colour: tuple[int, int, int]
    progress: float = 0.0

    def position(self) -> tuple[float, float]:
        """Along a gentle arc, eased."""
        t = ease_in_out(self.progress)
        x = self.start[0] + (self.end[0] - self.start[0]) * t
        y = self.start[1] + (self.end[1] - self.start[1]) * t - math.sin(math.pi * t) * 90
        return x, y


class RevealStage:
    """The staged reveal (mixed into the Wizard Dice view, whose ``__init__`` sets ``turned`` and ``flights``)."""

    app: Any
    layout: Any
    theme: Any
    book: Any
    panels: list[Any]
    timeline: Any
    board: list[Shown]
    current: tuple[int, str] | None
    phase_title: str
    turned: list[float]                 # per card of the board: 0 face down, 1 face up
    flights: list[Flight]

    if TYPE_CHECKING:
        def target_rect(self, target: Aimed) -> pygame.Rect | None: ...

    # ---------------------------------------------------------------- where the cards lie
    def stage_rects(self, count: int) -> list[pygame.Rect]:
        """The cards of ``count`` casts, in reveal order, in rows of at most five centred on the stage."""
        if count <= 0:
            return []
        stage = stage_area(count)
        most = 4 if count <= 12 else 5              # rows of four leave a spell's whole name room on one line
        rows = math.ceil(count / most)
        columns = math.ceil(count / rows)
        gap = _GAP if rows <= 3 else _GAP // 2
        width = min(_CARD_WIDTH, (stage.width - 2 * gap - (columns - 1) * gap) // columns)
        area_top = stage.y + _TITLE_HEIGHT + 8
        height = min(_CARD_HEIGHT, (stage.bottom - 10 - area_top - (rows - 1) * gap) // rows)
        block = rows * height + (rows - 1) * gap
        top = area_top + max(0, (stage.bottom - 10 - area_top - block) // 2)
        out = []
        for index in range(count):
            row, column = divmod(index, columns)
            in_row = min(columns, count - row * columns)
            left = stage.centerx - (in_row * width + (in_row - 1) * gap) // 2
            out.append(pygame.Rect(left + column * (width + gap), top + row * (height + gap), width, height))
        return out

    def card_rect(self, caster: int, spell: str) -> pygame.Rect | None:
        """Where the card of a cast lies on the stage (the first of that caster's casts of that spell)."""
        rects = self.stage_rects(len(self.board))
        for shown, rect in zip(self.board, rects):
            if shown.caster == caster and shown.spell == spell:
                return rect
        return None

    # ---------------------------------------------------------------- animations
    def turn_cards_over(self) -> None:
        """The reveal opens: every card face down, then turned over one after another."""
        self.turned = [0.0] * len(self.board)
        for index in range(len(self.board)):
            def turn(p: float, i: int = index) -> None:
                if i < len(self.turned):
                    self.turned[i] = p
            self.timeline.add(FLIP_SECONDS, on_update=turn, on_start=lambda: self.app.audio.play("place"))

    def fly(self, source: pygame.Rect | None, target: Aimed, text: str, colour: str,
            land: Callable[[], None]) -> None:
        """``text`` flies from ``source`` (a card; none: the middle of the stage) to ``target``; ``land`` runs as
        it arrives."""
        end_rect = self.target_rect(target)
        if end_rect is None:
            land()
            return
        start = source.center if source is not None else stage_area(len(self.board)).center
        flight = Flight(start, end_rect.center, text, self.theme.rgb(colour))

        def begin() -> None:
            self.flights.append(flight)

        def move(p: float) -> None:
            flight.progress = p

        def end() -> None:
            if flight in self.flights:
                self.flights.remove(flight)
            land()

        self.timeline.add(FLIGHT_SECONDS, on_start=begin, on_update=move, on_end=end)

    # ---------------------------------------------------------------- drawing
    def draw_stage(self, surface: pygame.Surface, state: State) -> None:
        """The phase's title and every cast's card, the cast being resolved lifted and lit."""
        layout = self.layout
        text = self.app.text
        stage = stage_area(len(self.board))
        draw_box(surface, stage, layout["spells"].style)
        title = self.phase_title if self.phase_title not in ("", "The reveal") else "The reveal: every spell turns over"
        text.draw(surface, title, layout["phase_title"].style,
                  pygame.Rect(stage.x + 20, stage.y + 8, stage.width - 40, _TITLE_HEIGHT - 8), shrink=True)
        rects = self.stage_rects(len(self.board))
        turned = self.turned if len(self.turned) == len(self.board) else [1.0] * len(self.board)
        lifted = None
        for index, (shown, rect) in enumerate(zip(self.board, rects)):
            if self.current == (shown.caster, shown.spell) and lifted is None:
                lifted = index
                continue
            self._draw_card(surface, state, shown, rect, turned[index], False)
        if lifted is not None:
            rect = rects[lifted].inflate(_GAP, _GAP * rects[lifted].height // rects[lifted].width)
            self._draw_card(surface, state, self.board[lifted], rect, turned[lifted], True)

    def _draw_card(self, surface: pygame.Surface, state: State, shown: Shown, rect: pygame.Rect, turned: float,
                   lit: bool) -> None:
        """One cast: its back while face down, its face once turned (squeezed while it turns)."""
        squeeze = abs(2 * turned - 1)
        face_up = turned >= 0.5
        card = rect.inflate(-int(rect.width * (1 - squeeze)), 0) if squeeze < 1 else rect
        colour = self.panels[shown.caster].colour
        style = self.layout["reveal_row"].style
        if card.width < 6:
            return
        if not face_up:
            draw_box(surface, card, style, bg=_BACK, border=colour)
            if squeeze > 0.6:
                self.app.text.draw(surface, "?", replace(style, align="center"), card, size=64)
            return
        done = shown.done and not lit
        draw_box(surface, card, style, border=self.theme.rgb("glow") if lit else colour)
        pygame.draw.rect(surface, colour, (card.x + 2, card.y + 2, card.width - 4, 8), border_radius=6)
        if squeeze < 0.8:
            return
        text = self.app.text
        inner = card.inflate(-24, 0)
        short = inner.height < 150              # a crowded stage: caster and dice share the first line
        line = (inner.height - 16) // (3 if short else 4)
        rows = [pygame.Rect(inner.x, card.y + 12 + n * line, inner.width, line) for n in range(4)]
        size = max(style.size, min(44, int(line * 0.7)))      # larger on a stage with room, never below 29 px
        dim = (*self.theme.rgb("text_dim"), 255)
        cancelled = (*self.theme.rgb("wd_cancelled"), 255) if shown.cancelled else None
        note = self.layout["tray_note"].style
        spell = self.book[shown.spell].name
        spell_colour = cancelled or (dim if done else None)
        if short:
            text.draw(surface, f"{state.wizards[shown.caster].name} · {dice_text(shown.dice)}", style, rows[0],
                      colour=(*colour, 255), shrink=True)
            text.draw(surface, spell, style, rows[1], colour=spell_colour, shrink=True)
            text.draw(surface, shown.note or ("→ " + targets_text(state, shown)), note, rows[2],
                      colour=dim if done else None, shrink=True)
            if shown.cancelled:
                pygame.draw.line(surface, self.theme.rgb("wd_fallen"), (card.x + 10, rows[1].centery),
                                 (card.right - 10, rows[1].centery), 4)
            return
        if text.size(spell, style.font, style.size)[0] <= inner.width:
            text.draw(surface, state.wizards[shown.caster].name, style, rows[0], colour=(*colour, 255), size=size,
                      shrink=True)
            text.draw(surface, spell, style, rows[1], colour=spell_colour, size=size, shrink=True)
            text.draw(surface, dice_text(shown.dice), note, rows[2], colour=dim if done else None,
                      size=max(note.size, size - 4), shrink=True)
        else:
            # A narrow card: the caster and the dice share the first line, the spell's name takes two.
            text.draw(surface, f"{state.wizards[shown.caster].name} · {dice_text(shown.dice)}", style, rows[0],
                      colour=(*colour, 255), shrink=True)
            text.draw(surface, spell, style, rows[1].union(rows[2]), colour=spell_colour, wrap=True)
        detail = shown.note or ("→ " + targets_text(state, shown))
        text.draw(surface, detail, note, rows[3], colour=dim if done else None, size=max(note.size, size - 4),
                  shrink=True)
        if shown.cancelled:
            middle = rows[1].centery
            pygame.draw.line(surface, self.theme.rgb("wd_fallen"), (card.x + 10, middle), (card.right - 10, middle), 4)

    def draw_flights(self, surface: pygame.Surface) -> None:
        """Damage and healing on their way: a glowing bead carrying the number."""
        style = replace(self.layout["phase_title"].style, align="center")
        for flight in self.flights:
            x, y = flight.position()
            pygame.draw.circle(surface, flight.colour, (int(x), int(y)), 30)
            pygame.draw.circle(surface, (15, 15, 20), (int(x), int(y)), 30, 3)
            self.app.text.draw(surface, flight.text, style, pygame.Rect(int(x) - 60, int(y) - 22, 120, 44),
                               colour=(15, 15, 20, 255), shrink=True)
