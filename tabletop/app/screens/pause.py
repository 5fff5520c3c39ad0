"""The pause menu (Esc): resume, rules, who plays each seat, restart, quit to title."""

from __future__ import annotations

import pygame

from ..matches import start_match
from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button, press_any


class PauseScene(Scene):
    """An overlay over the table."""

    overlay = True
    scene_name = "pause"

    def open_help(self) -> None:
        """F1 in the pause menu: the rules of the game at the table."""
        self.rules()

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.layout = layout = app.layouts["pause"]
        self.confirm_restart = False
        self.buttons = [
            Button(app, layout["resume"], app.scenes.pop, hotkey=pygame.K_ESCAPE),
            Button(app, layout["rules"], self.rules, hotkey=pygame.K_F1),
            Button(app, layout["restart"], self.restart),
            Button(app, layout["quit"], self.quit_to_title, hotkey=pygame.K_q),
            Button(app, layout["seats"], lambda: app.scenes.open("seat_kinds", table=table)),
        ]

    def rules(self) -> None:
        """The rules page of the game being played."""
        self.table.open_rules()

    def restart(self) -> None:
        """Start the same game again with the same players (asks for a second click first)."""
        if not self.confirm_restart:
            self.confirm_restart = True
            return
        match = self.table.match
        path = self.app.saves.file_of(match)
        if path is not None:
            self.app.saves.abandon(path, match.game)
        start_match(self.app, match.game, list(match.seats), dict(match.options), match.seat_kinds, confirmed=True)

    def quit_to_title(self) -> None:
        """Back to the title; the match stays saved and can be resumed there."""
        self.app.scenes.pop_until("title")

    def handle(self, event: pygame.event.Event) -> None:
        if press_any(self.buttons, event):
            return

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_box(surface, layout["shade"].rect, layout["shade"].style)
        draw_box(surface, layout["panel"].rect, layout["panel"].style)
        self.app.text.draw_element(surface, layout["heading"])
        for button in self.buttons:
            button.draw(surface)
        self.app.text.draw_element(surface, layout["confirm" if self.confirm_restart else "note"])
