"""Pass the device: a full-screen cover between players when the next one holds hidden information."""

from __future__ import annotations

import pygame

from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button


class PassDeviceScene(Scene):
    """Covers the table until the named player says they are ready (opaque: nothing shows through)."""

    scene_name = "pass_device"

    def __init__(self, app, player: str) -> None:
        super().__init__(app)
        self.player = player
        self.layout = app.layouts["pass_device"]
        self.ready = Button(app, self.layout["ready"], app.scenes.pop, hotkey=pygame.K_RETURN)

    def handle(self, event: pygame.event.Event) -> None:
        self.ready.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill((5, 6, 10))
        draw_box(surface, layout["shade"].rect, layout["shade"].style)
        self.app.text.draw_element(surface, layout["heading"], f"Pass to {self.player}")
        self.app.text.draw_element(surface, layout["detail"])
        self.ready.draw(surface)
