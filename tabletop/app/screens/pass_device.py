"""Pass the device: a full-screen cover between players when the next one holds hidden information.

A cover may also carry one public answer the named player can give without looking at anything hidden (a game's
view offers it, from the legal moves: Elemental Dice's pass on a card the player just played). It is on Space,
"I'm ready" on Enter; whoever presses either says they are that player."""

from __future__ import annotations

from typing import Callable

import pygame

from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button

#: A public answer the cover offers: its button's text and what pressing it does (after the cover has gone).
QuickAnswer = tuple[str, Callable[[], None]]


class PassDeviceScene(Scene):
    """Covers the table until the named player says they are ready (opaque: nothing shows through)."""

    scene_name = "pass_device"

    def __init__(self, app, player: str, quick: QuickAnswer | None = None, detail: str = "") -> None:
        super().__init__(app)
        self.player = player
        self.detail = detail            # the game's own line under the heading (empty: the layout's)
        self.layout = app.layouts["pass_device"]
        self.ready = Button(app, self.layout["ready"], app.scenes.pop, hotkey=pygame.K_RETURN)
        self.quick: Button | None = None
        if quick is not None:
            text, answer = quick

            def answer_now() -> None:
                app.scenes.pop()
                answer()

            self.quick = Button(app, self.layout["quick"], answer_now, text=f"{text}  (Space)",
                                hotkey=pygame.K_SPACE)

    def handle(self, event: pygame.event.Event) -> None:
        if self.ready.handle(event):
            return
        if self.quick is not None:
            self.quick.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill((5, 6, 10))
        draw_box(surface, layout["shade"].rect, layout["shade"].style)
        self.app.text.draw_element(surface, layout["heading"], f"Pass to {self.player}")
        self.app.text.draw_element(surface, layout["detail"], self.detail or None)
        self.ready.draw(surface)
        if self.quick is not None:
            self.app.text.draw_element(surface, layout["quick_detail"])
            self.quick.draw(surface)
