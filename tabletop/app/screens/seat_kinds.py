"""Who plays each seat, changed mid-match from the pause menu: a bot takes over when someone leaves the
table, and gives the seat back when they return.  The match's seat kinds are saved with it."""

from __future__ import annotations

from functools import partial

import pygame

from ..matches import kind_words, next_kind
from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button, press_any

__all__ = ["SeatKindsScene"]


class SeatKindsScene(Scene):
    """An overlay over the pause menu: one button per seat steps Human, Bot: easy, Bot: strong (a phone seat
    steps back to Human: phones join at seat setup)."""

    overlay = True
    scene_name = "seat_kinds"

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.layout = layout = app.layouts["seat_kinds"]
        step = layout.setting("row_spacing").int()
        seats = table.match.seats
        self.kind_buttons = [Button(app, layout["kind"].moved(0, i * step), partial(self.cycle, i))
                             for i in range(len(seats))]
        self.done = Button(app, layout["done"], app.scenes.pop, hotkey=pygame.K_ESCAPE)

    def cycle(self, seat: int) -> None:
        """Seat ``seat`` to its next kind; the table seats its bots again and the match is saved."""
        match = self.table.match
        kinds = list(match.seat_kinds)
        kinds[seat] = next_kind(match.game, kinds[seat], phones=False)
        match.seat_kinds = tuple(kinds)
        self.table.seats_changed()
        self.app.saves.store(match)

    def handle(self, event: pygame.event.Event) -> None:
        press_any([*self.kind_buttons, self.done], event)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_box(surface, layout["shade"].rect, layout["shade"].style)
        draw_box(surface, layout["panel"].rect, layout["panel"].style)
        text = self.app.text
        text.draw_element(surface, layout["heading"])
        step = layout.setting("row_spacing").int()
        match = self.table.match
        for index, (name, button) in enumerate(zip(match.seats, self.kind_buttons)):
            text.draw_element(surface, layout["name"].moved(0, index * step), name)
            button.text = kind_words(match.seat_kinds[index])
            button.draw(surface)
        self.done.draw(surface)
        text.draw_element(surface, layout["note"])
