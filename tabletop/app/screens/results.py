"""Results: each realm's score, crests and their value, total, the winner and any tie-break."""

from __future__ import annotations

import pygame

from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button, press_any
from ..games import result_rows
from .backdrop import DiceBackdrop

class ResultsScene(Scene):
    """The end of a match."""

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.outcome = match.rules.outcome(match.state)
        self.layout = layout = app.layouts["results"]
        self.backdrop = DiceBackdrop(app, (0, 0, 1920, 1080), count=14, seed=11)
        self.buttons = [
            Button(app, layout["rematch"], self.rematch, hotkey=pygame.K_RETURN),
            Button(app, layout["title"], self.to_title, hotkey=pygame.K_ESCAPE),
        ]
        winners = [match.seats[seat] for seat in self.outcome.winners]
        self.headline = (f"{winners[0]} wins!" if len(winners) == 1
                         else f"A shared win: {' and '.join(winners)}")

    def enter(self) -> None:
        self.app.audio.play("win")

    def rematch(self) -> None:
        """Same players and options, the other player starts."""
        from .seats import start_match

        seats = list(self.match.seats)
        start_match(self.app, self.match.game, seats[1:] + seats[:1], dict(self.match.options))

    def to_title(self) -> None:
        from .title import TitleScene

        self.app.scenes.reset(TitleScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        if press_any(self.buttons, event):
            return

    def update(self, dt: float) -> None:
        self.backdrop.update(dt)

    @property
    def busy(self) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        text = self.app.text
        surface.fill(layout.background)
        self.backdrop.draw(surface)
        text.draw_element(surface, layout["heading"], self.headline)
        if self.outcome.tie_break:
            text.draw_element(surface, layout["tie_break"], f"Equal totals: decided by the {self.outcome.tie_break}"
                              if not self.outcome.tie_break.startswith("shared") else self.outcome.tie_break.capitalize())
        draw_box(surface, layout["table"].rect, layout["table"].style)
        row_height = layout.setting("row_height").int()
        column = layout.setting("column_width").int()
        colours = self.app.layouts.theme.colours
        for seat, name in enumerate(self.match.seats):
            colour = colours["accent"] if seat in self.outcome.winners else colours["text"]
            text.draw_element(surface, layout["player"].moved(seat * column, 0), name, colour=colour, shrink=True)
        for index, (label, key) in enumerate(result_rows(self.match.game), start=1):
            dy = index * row_height + 20
            is_total = key == "total"
            if is_total:
                y = layout["row_label"].rect[1] + dy - 6
                pygame.draw.line(surface, colours["accent_dark"], (390, y), (1530, y), 2)
            text.draw_element(surface, layout["row_label"].moved(0, dy), label,
                              colour=colours["accent"] if is_total else None)
            for seat in range(len(self.match.seats)):
                value = self.outcome.breakdown[seat].get(key, 0)
                text.draw_element(surface, layout["cell"].moved(seat * column, dy), str(value),
                                  colour=colours["accent"] if is_total else None)
        for button in self.buttons:
            button.draw(surface)
