"""The unfinished matches, to choose which to resume (newest first)."""

from __future__ import annotations

from typing import Sequence

import pygame

from ..matches import open_saved
from ..scenes import Scene
from ..storage import SavedMatch
from ..widgets import Button, press_any

__all__ = ["MatchesScene"]


class MatchesScene(Scene):
    """One row per unfinished match: what it is and where it stands; a click resumes it."""

    scene_name = "matches"

    def __init__(self, app, saved: Sequence[SavedMatch]) -> None:
        super().__init__(app)
        self.layout = layout = app.layouts["matches"]
        spacing = layout.setting("row_spacing").int(10, 400)
        rows = layout.setting("rows").int(1, 20)
        self.saved = list(saved)[:rows]
        self.message = ""
        self.buttons = [
            Button(app, layout["row"].moved(0, index * spacing), lambda s=match: self.choose(s),
                   text=match.describe() + ("  (watch only: open in another copy)" if match.watch_only else ""))
            for index, match in enumerate(self.saved)]
        self.buttons.append(Button(app, layout["back"], app.scenes.pop, hotkey=pygame.K_ESCAPE))

    def choose(self, saved: SavedMatch) -> None:
        """Resume ``saved`` (or say why it cannot be)."""
        self.message = open_saved(self.app, saved)

    def handle(self, event: pygame.event.Event) -> None:
        press_any(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill(layout.background)
        self.app.text.draw_element(surface, layout["heading"])
        for button in self.buttons:
            button.draw(surface)
        if self.message:
            self.app.text.draw_element(surface, layout["message"], self.message, wrap=True)
