"""The move log as one seat may read it, and its box at the table's side."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from tabletop.core.controller import MatchController
from tabletop.core.values import Value, visible_events

from .services import AppServices
from .text import draw_box

__all__ = ["MoveLog", "draw_log", "log_rect", "LOG_LIMIT"]

#: The most lines kept: in practice the whole match (the history overlay scrolls back through all of it).
LOG_LIMIT = 100_000


class MoveLog:
    """The move log as one seat may read it: every event it may see, narrated with names."""

    def __init__(self, match: MatchController, view_of: Callable[[int | None], Any] | None = None) -> None:
        self.match = match
        # The rules' view of the current state for a seat (the table's, asked of the rules once per position).
        self.view_of = view_of or (lambda seat: match.rules.view(match.state, seat))
        self.lines: list[str] = []
        self.seat: int | None = None
        self.held: list[str | None] = []     # lines of events the view has not shown yet (a stepped reveal)

    def rebuild(self, seat: int | None, hold: int = 0) -> None:
        """Narrate the whole match again for ``seat`` (after a hand-over or an undo); the lines of the last
        ``hold`` events of the last move wait for :meth:`release`."""
        self.seat = seat
        self.lines = []
        self.held = []
        history = self.match.history
        # The same lines as adding each move in turn, told in one pass: a rebuild comes at every hand-over,
        # and a long match's history made the per-move steps (and the view asked again each time) the cost.
        narrate = self.match.rules.narrate
        seen = None
        moves = [self.match.opening_events, *(entry.events for entry in history)]
        for index, events in enumerate(moves):
            shown = visible_events(events, seat)
            if not shown:
                continue
            if seen is None:
                seen = self.view_of(seat)
            told = [narrate(event, seen, seat) for event in shown]
            if history and index == len(moves) - 1:
                kept = len(told) - min(hold, len(told))
                told, self.held = told[:kept], told[kept:]
            self.lines.extend(line for line in told if line)
        del self.lines[:-LOG_LIMIT]

    def add(self, events: Sequence[Value], hold: int = 0) -> None:
        """Narrate the events ``seat`` may see of one move; the lines of the last ``hold`` of them wait for
        :meth:`release` (the view shows those events one step at a time)."""
        self.release(len(self.held))
        lines = self.sentences(events, keep_silent=True)
        hold = min(hold, len(lines))
        shown, self.held = lines[:len(lines) - hold], lines[len(lines) - hold:]
        self.lines.extend(line for line in shown if line)
        del self.lines[:-LOG_LIMIT]

    def release(self, count: int) -> None:
        """The view has shown ``count`` more of the held events: their lines join the log."""
        released, self.held = self.held[:count], self.held[count:]
        self.lines.extend(line for line in released if line)
        del self.lines[:-LOG_LIMIT]

    def sentences(self, events: Sequence[Value], keep_silent: bool = False) -> list:
        """The log's sentences for ``events``, as ``seat`` may read them (``keep_silent``: one item per
        visible event, None for an event the log does not tell)."""
        rules = self.match.rules
        shown = visible_events(events, self.seat)
        if not shown:
            return []
        seen = self.view_of(self.seat)
        lines = [rules.narrate(event, seen, self.seat) for event in shown]
        return lines if keep_silent else [line for line in lines if line]

    def note(self, line: str) -> None:
        """A line of the table's own (an undo, say)."""
        self.lines.append(line)
        del self.lines[:-LOG_LIMIT]


def log_rect(app: AppServices, game_layout: Any = None) -> pygame.Rect:
    """Where the move log lies: the game's own ``log`` place if its layout has one (a game whose board needs
    the table's corner moves it), else the table's."""
    if game_layout is not None and "log" in game_layout:
        return pygame.Rect(game_layout["log"].rect)
    return pygame.Rect(app.layouts["table"]["log"].rect)


def draw_log(app: AppServices, surface: pygame.Surface, log: MoveLog, game_layout: Any = None,
             last_turn: int = 1) -> None:
    """The latest lines of the move log in the table's log box (or the game's), newest at the bottom, long
    lines wrapped; only whole entries.  The ``last_turn`` newest lines (the last turn's) are bright, with a bar
    beside them; the older ones dim."""
    layout = app.layouts["table"]
    box = log_rect(app, game_layout)
    draw_box(surface, box, layout["log"].style)
    line = layout["log_line"]
    style = line.style
    text = app.text
    height = line.rect[3]
    area = box.inflate(-24, -12)
    room = area.height // height
    rows: list[tuple[str, bool]] = []
    for age, entry in enumerate(reversed(log.lines)):
        wrapped = text.wrap(entry, style.font, style.size, area.width)
        if rows and len(rows) + len(wrapped) > room:
            break                  # only whole entries: an older one that does not fit waits in the history
        rows[:0] = [(piece, age < max(1, last_turn)) for piece in wrapped]
    rows = rows[-room:]
    dim = app.layouts.theme.colours["text_dim"]
    bar = app.layouts.theme.rgb("accent")
    for index, (piece, newest) in enumerate(rows):
        rect = pygame.Rect(area.x, area.y + index * height, area.width, height)
        if newest and last_turn > 1:
            pygame.draw.rect(surface, bar, (box.x + 5, rect.y + 3, 5, height - 6), border_radius=2)
        text.draw(surface, piece, style, rect, colour=None if newest else dim)
