"""Settings: full screen, volume and mute, animation speed, the pace of reveals and of bots, hints.  Kept for next
time."""

from __future__ import annotations

import pygame

from ..scenes import Scene
from ..storage import ANIMATION_SPEEDS, BOT_PACES, REVEAL_PACES
from ..widgets import Button, press_any


class SettingsScene(Scene):
    """Change and keep the preferences."""

    scene_name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.layout = layout = app.layouts["settings"]
        step = layout.setting("row_spacing").int()
        self.rows = ["Full screen", "Volume", "Sound", "Animations", "Reveals", "Bots", "Hints"]
        self.buttons = [
            Button(app, layout["value"], self.toggle_fullscreen),
            Button(app, layout["minus"].moved(0, step), lambda: self.change_volume(-0.1), hotkey=pygame.K_MINUS),
            Button(app, layout["plus"].moved(0, step), lambda: self.change_volume(+0.1), hotkey=pygame.K_EQUALS),
            Button(app, layout["value"].moved(0, 2 * step), self.toggle_mute, hotkey=pygame.K_m),
            Button(app, layout["value"].moved(0, 3 * step), self.cycle_speed, hotkey=pygame.K_a),
            Button(app, layout["back"], self.close, hotkey=pygame.K_ESCAPE),
            Button(app, layout["value"].moved(0, 4 * step), self.cycle_reveal, hotkey=pygame.K_r),
            Button(app, layout["value"].moved(0, 5 * step), self.cycle_bots, hotkey=pygame.K_b),
            Button(app, layout["value"].moved(0, 6 * step), self.toggle_hints, hotkey=pygame.K_h),
        ]

    def toggle_fullscreen(self) -> None:
        self.app.display.toggle_fullscreen()
        self.app.save_settings()

    def change_volume(self, delta: float) -> None:
        self.app.audio.volume = round(min(1.0, max(0.0, self.app.audio.volume + delta)), 2)
        self.app.audio.muted = False
        self.app.save_settings()
        self.app.audio.play("place")

    def toggle_mute(self) -> None:
        self.app.audio.muted = not self.app.audio.muted
        self.app.save_settings()

    def cycle_speed(self) -> None:
        speeds = list(ANIMATION_SPEEDS)
        current = speeds.index(self.app.settings.animation) if self.app.settings.animation in speeds else 0
        self.app.settings.animation = speeds[(current + 1) % len(speeds)]
        self.app.save_settings()

    def cycle_reveal(self) -> None:
        paces = list(REVEAL_PACES)
        current = paces.index(self.app.settings.reveal) if self.app.settings.reveal in paces else 0
        self.app.settings.reveal = paces[(current + 1) % len(paces)]
        self.app.save_settings()

    def cycle_bots(self) -> None:
        paces = list(BOT_PACES)
        current = paces.index(self.app.settings.bots) if self.app.settings.bots in paces else 0
        self.app.settings.bots = paces[(current + 1) % len(paces)]
        self.app.save_settings()

    def toggle_hints(self) -> None:
        self.app.settings.hints = not self.app.settings.hints
        self.app.save_settings()

    def close(self) -> None:
        self.app.save_settings()
        self.app.scenes.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if press_any(self.buttons, event):
            return

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill(layout.background)
        text = self.app.text
        text.draw_element(surface, layout["heading"])
        step = layout.setting("row_spacing").int()
        for index, label in enumerate(self.rows):
            text.draw_element(surface, layout["label"].moved(0, index * step), label)
        audio = self.app.audio
        self.buttons[0].text = "On" if self.app.display.fullscreen else "Off"
        self.buttons[3].text = "Muted" if audio.muted else ("On" if audio.available else "No sound device")
        self.buttons[4].text = self.app.settings.animation.capitalize()
        self.buttons[6].text = REVEAL_PACES.get(self.app.settings.reveal, "Step by step")
        self.buttons[7].text = BOT_PACES.get(self.app.settings.bots, "Paced (watchable)")
        self.buttons[8].text = "On (H at the table)" if self.app.settings.hints else "Off"
        text.draw_element(surface, layout["volume"].moved(0, step), f"{round(audio.volume * 100)} %")
        for button in self.buttons:
            button.draw(surface)
        text.draw_element(surface, layout["note"])
