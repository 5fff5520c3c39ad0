"""Results: one column per player (2 to 5), the game's rows from the outcome, the winner and any tie-break;
the score over the match as a chart (Tab or the button); tonight's tally of wins across games.

The rows are the registry's ``results`` for the game: each a label and a key of
the outcome's per-seat breakdown, so a game scored by categories and a game won
with HP left use the same screen.  The chart follows the outcome's scores (the
registry's ``score`` names them: points, HP, shields ...) over the match's
positions.  Everything shown is public.  Rematch keeps each player's colour.
"""

from __future__ import annotations

import datetime

import pygame

from tabletop.paths import describe_os_error
from tabletop.registry import entry

from ..charts import draw_lines, sampled
from ..layout import Style
from ..matches import rotated_options, start_match
from ..tally import counted, evening_of, line
from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button, press_any
from .backdrop import DiceBackdrop

__all__ = ["ResultsScene", "result_columns"]


def result_columns(area: pygame.Rect, label_width: int, seats: int, gap: int = 12) -> list[pygame.Rect]:
    """The column of each seat to the right of the labels, equal widths filling ``area``.

    >>> [r.x for r in result_columns(pygame.Rect(0, 0, 1000, 10), 400, 3)]
    [400, 600, 800]
    """
    width = (area.width - label_width) // seats
    return [pygame.Rect(area.x + label_width + index * width, area.y, width - gap, area.height)
            for index in range(seats)]


class ResultsScene(Scene):
    """The end of a match."""

    scene_name = "results"

    def __init__(self, app, match, table: Scene | None = None, demo: bool = False) -> None:
        super().__init__(app)
        self.match = match
        self.table = table            # the final board, to look at again
        self.help_game = match.game
        self.outcome = match.rules.outcome(match.state)
        self.rows = entry(match.game).results
        self.layout = layout = app.layouts["results"]
        self.backdrop = DiceBackdrop(app, (0, 0, 1920, 1080), count=14, seed=11)
        self.demo = demo                # a demo's results are not counted in tonight's tally
        self.showing_chart = False
        self.buttons = [
            Button(app, layout["rematch"], self.rematch, hotkey=pygame.K_RETURN),
            Button(app, layout["title"], self.to_title, hotkey=pygame.K_t),
            Button(app, layout["board"], self.look_at_board, hotkey=pygame.K_ESCAPE, visible=table is not None),
            Button(app, layout["chart_toggle"], self.toggle_chart, hotkey=pygame.K_TAB),
        ]
        # Shown only while the match's last moves are not on disk (a full disk): keep it in another folder.
        self.save_elsewhere_button = Button(app, layout["save_elsewhere"], self.save_elsewhere, visible=False)
        self.buttons.append(self.save_elsewhere_button)
        self.score_name = entry(match.game).score
        self.series = [list(match.rules.outcome(state).scores) for state in sampled(match.states)]
        winners = [match.seats[seat] for seat in self.outcome.winners]
        if self.outcome.title:
            self.headline = self.outcome.title
        elif not winners:
            self.headline = "The game is over"
        elif len(winners) == 1:
            self.headline = f"{winners[0]} wins!"
        else:
            self.headline = f"A shared win: {' and '.join(winners)}"
        theme = app.layouts.theme
        self.seat_colours = [theme.rgba(f"seat_{colour}") for colour in match.colours]
        self.tonight = ""
        self.saved_elsewhere = ""

    def enter(self) -> None:
        self.app.audio.play("win")
        self.count_tonight()

    def count_tonight(self) -> None:
        """Tonight's tally, with this match counted once (never a demo's)."""
        settings = self.app.settings
        if not self.demo and self.match.finished:
            winners = [self.match.seats[seat] for seat in self.outcome.winners]
            match_id = f"{self.match.game}:{self.match.seed}"
            updated = counted(settings.tonight, evening_of(datetime.datetime.now()), match_id, self.match.seats,
                              winners)
            if updated != settings.tonight:
                settings.tonight = updated
                self.app.save_settings()
        self.tonight = line(settings.tonight, self.match.seats)

    @property
    def unsaved(self) -> bool:
        """Whether this match's end is not on disk yet (the app keeps trying until it closes)."""
        return not self.demo and self.app.saves.is_unsaved(self.match)

    def save_elsewhere(self) -> None:
        """Write the match into another folder (the desktop, documents, home, temporary), and say where."""
        try:
            path = self.app.saves.save_elsewhere(self.match)
        except OSError as exc:
            self.app.toasts.show(f"It could not be saved anywhere: {describe_os_error(exc)}. Saving is retried "
                                 "until you close Dice Tabletop.", 8)
            return
        self.saved_elsewhere = str(path)
        self.app.toasts.show(f"The match was saved as {path} (Replays opens it once it is in the replays "
                             "folder).", 10)

    def toggle_chart(self) -> None:
        """Between the score table and the score over the match."""
        self.showing_chart = not self.showing_chart

    def rematch(self) -> None:
        """Same players and options, the next player starts (each player's own options go with them)."""
        seats = list(self.match.seats)
        kinds = list(self.match.seat_kinds)
        colours = list(self.match.colours)
        options = rotated_options(self.match.rules.meta, self.match.options, len(seats))
        start_match(self.app, self.match.game, seats[1:] + seats[:1], options, kinds[1:] + kinds[:1],
                    colours=colours[1:] + colours[:1])

    def look_at_board(self) -> None:
        """The final board again (Esc there comes back here)."""
        if self.table is not None:
            self.app.scenes.push(self.table)

    def to_title(self) -> None:
        """Back to the title screen."""
        self.app.scenes.start_over("title")

    def handle(self, event: pygame.event.Event) -> None:
        self.backdrop.wake()
        press_any(self.buttons, event)

    def update(self, dt: float) -> None:
        self.backdrop.update(dt)

    @property
    def busy(self) -> bool:
        return self.backdrop.moving

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        text = self.app.text
        surface.fill(layout.background)
        self.backdrop.draw(surface)
        text.draw_element(surface, layout["heading"], self.headline, shrink=True)   # two long winners' names
        tie_break = self.outcome.tie_break
        line = ""
        if tie_break:
            line = (tie_break.capitalize() if tie_break.startswith(("shared", "won "))
                    else f"Equal totals: decided by the {tie_break}")
        hints = self.hints_line()
        if line or hints:
            text.draw_element(surface, layout["tie_break"], "  ·  ".join(part for part in (line, hints) if part),
                              shrink=True)
        table = layout["table"]
        draw_box(surface, table.rect, table.style)
        self.buttons[3].text = "Scores" if self.showing_chart else "Over the match"
        self.save_elsewhere_button.visible = self.unsaved and not self.saved_elsewhere
        if self.unsaved:
            after = "A copy was saved elsewhere." if self.saved_elsewhere else "Retried until you close the app."
            text.draw_element(surface, layout["unsaved"], f"! Not saved: {self.app.saves.reason}. {after}")
        elif self.tonight:
            # Five long names do not fit on one line: the tally wraps onto a second.
            text.draw_element(surface, layout["tonight"], self.tonight, wrap=True)
        if self.showing_chart:
            self._draw_chart(surface)
        else:
            self._draw_table(surface)
        for button in self.buttons:
            button.draw(surface)

    def label_width(self, room: int, style: Style) -> int:
        """The width of the row labels' column: as wide as the widest label needs (so a long label is never cut,
        nor five players' columns squeezed by room no label uses), leaving each player's column at least
        ``least_column`` wide."""
        least_column = self.layout.setting("least_column").int(100, 600)
        widest = max(self.app.text.size(row_label, style.font, style.size)[0] for row_label, _ in self.rows)
        return max(100, min(widest + 40, room - least_column * len(self.match.seats)))

    def hints_line(self) -> str:
        """How many hints each player used ("" when nobody asked for one)."""
        used = getattr(self.match, "hints_used", ())
        if not any(used):
            return ""
        return "Hints used: " + ", ".join(f"{name} {count}" for name, count in zip(self.match.seats, used))

    def _draw_chart(self, surface: pygame.Surface) -> None:
        layout = self.layout
        self.app.text.draw_element(surface, layout["chart_title"], f"{self.score_name} over the match")
        draw_lines(self.app, surface, pygame.Rect(layout["chart"].rect), self.series, self.match.seats,
                   [colour[:3] for colour in self.seat_colours], layout["chart_label"].style,
                   layout["chart_axis"].style)

    def _draw_table(self, surface: pygame.Surface) -> None:
        layout = self.layout
        text = self.app.text
        area = pygame.Rect(layout["table"].rect).inflate(-40, -30)
        row_height = layout.setting("row_height").int(20, 200)
        player, cell, label = layout["player"], layout["cell"], layout["row_label"]
        label_width = self.label_width(area.width, label.style)
        columns = result_columns(area, label_width, len(self.match.seats))
        colours = self.app.layouts.theme.colours
        for seat, (name, column) in enumerate(zip(self.match.seats, columns)):
            head = pygame.Rect(column.x, area.y, column.width, row_height)
            pygame.draw.rect(surface, self.seat_colours[seat], (head.x + 10, head.bottom - 4, head.width - 20, 5),
                             border_radius=2)
            winner = seat in self.outcome.winners
            colour = colours["accent"] if winner else colours["text"]
            # The winner's column is marked by a star as well as by colour.
            text.draw(surface, f"\u2605 {name}" if winner else name, player.style, head, colour=colour, shrink=True)
        for index, (row_label, key) in enumerate(self.rows, start=1):
            y = area.y + index * row_height + 12
            is_total = index == len(self.rows)
            highlight = colours["accent"] if is_total else None
            if is_total:
                pygame.draw.line(surface, colours["accent_dark"], (area.x, y - 4), (area.right, y - 4), 2)
            text.draw(surface, row_label, label.style, pygame.Rect(area.x, y, label_width - 16, row_height),
                      colour=highlight, shrink=True)
            for seat, column in enumerate(columns):
                value = self.outcome.breakdown[seat].get(key, "") if seat < len(self.outcome.breakdown) else ""
                text.draw(surface, str(value), cell.style, pygame.Rect(column.x, y, column.width, row_height),
                          colour=highlight)
