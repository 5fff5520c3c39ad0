"""Seat setup: player names (remembered from last time), who starts, the game's options."""

from __future__ import annotations

import secrets

import pygame

from tabletop.core.controller import MatchController
from tabletop.games import get_rules

from ..scenes import Scene
from ..widgets import Button, TextField, press_any

DEFAULT_NAMES = ("Ada", "Brom", "Cyra", "Dorn", "Esme")


def start_match(app, game_id: str, names: list[str], options: dict) -> None:
    """Create the match (seat 0 starts), remember the names, and open the table over the title."""
    from .table import TableScene
    from .title import TitleScene

    match = MatchController(game_id, options, names, secrets.randbits(62))
    app.save_slot.start(match)
    remembered = app.settings.names.get(game_id)
    if remembered and sorted(remembered) == sorted(names):
        app.settings.starter[game_id] = remembered.index(names[0])
    else:
        app.settings.names[game_id] = list(names)
        app.settings.starter[game_id] = 0
    app.save_settings()
    app.scenes.pop_until(TitleScene)
    app.scenes.push(TableScene(app, match))


def quick_start(app, game_id: str) -> None:
    """A new match with the last names and starter used (or default names)."""
    meta = get_rules(game_id).meta
    names = list(app.settings.names.get(game_id) or DEFAULT_NAMES[:meta.min_players])
    if not meta.min_players <= len(names) <= meta.max_players:
        names = list(DEFAULT_NAMES[:meta.min_players])
    starter = int(app.settings.starter.get(game_id, 0)) % len(names)
    start_match(app, game_id, names[starter:] + names[:starter], {})


class SeatsScene(Scene):
    """Who is playing, and who starts."""

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.meta = get_rules(game_id).meta
        self.layout = layout = app.layouts["seats"]
        remembered = list(app.settings.names.get(game_id, []))
        count = min(max(len(remembered), self.meta.min_players), self.meta.max_players)
        names = (remembered + [n for n in DEFAULT_NAMES if n not in remembered])[:count]
        self.starter = int(app.settings.starter.get(game_id, 0)) % count
        spacing = layout.setting("row_spacing").int()
        self.fields = [TextField(app, layout["name_field"].moved(0, i * spacing), name, on_enter=self.start)
                       for i, name in enumerate(names)]
        self.options = {spec.key: spec.default for spec in self.meta.options}
        self.error = ""
        self.buttons = [
            Button(app, layout["start"], self.start, hotkey=pygame.K_RETURN),
            Button(app, layout["back"], app.scenes.pop, hotkey=pygame.K_ESCAPE),
            Button(app, layout["swap"], self.swap_starter,
                   text="Next player starts" if count > 2 else layout["swap"].text),
        ]
        option_spacing = layout.setting("option_spacing").int()
        self.option_buttons = [
            Button(app, layout["option"].moved(0, i * option_spacing), lambda key=spec.key: self.cycle(key))
            for i, spec in enumerate(self.meta.options)]

    def enter(self) -> None:
        pygame.key.start_text_input()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    def swap_starter(self) -> None:
        """Give the start to the next player."""
        self.starter = (self.starter + 1) % len(self.fields)

    def cycle(self, key: str) -> None:
        """Step an option to its next choice."""
        spec = next(s for s in self.meta.options if s.key == key)
        index = spec.choices.index(self.options[key])
        self.options[key] = spec.choices[(index + 1) % len(spec.choices)]

    def start(self) -> None:
        """Check the names and start the match with the chosen player first."""
        names = [field.value.strip() for field in self.fields]
        order = names[self.starter:] + names[:self.starter]
        try:
            self.meta.check_seats(order)
        except ValueError as exc:
            self.error = str(exc).capitalize() + "."
            return
        start_match(self.app, self.game_id, order, dict(self.options))

    def handle(self, event: pygame.event.Event) -> None:
        for field in self.fields:
            if field.handle(event):
                return
        if press_any(self.buttons + self.option_buttons, event):
            return

    def update(self, dt: float) -> None:
        for field in self.fields:
            field.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill(layout.background)
        text = self.app.text
        text.draw_element(surface, layout["heading"], f"{self.meta.name}: who is playing?")
        text.draw_element(surface, layout["hint"])
        spacing = layout.setting("row_spacing").int()
        for index, field in enumerate(self.fields):
            text.draw_element(surface, layout["seat_label"].moved(0, index * spacing), f"Player {index + 1}")
            field.draw(surface)
            if index == self.starter:
                text.draw_element(surface, layout["starter_badge"].moved(0, index * spacing), "starts")
        if self.option_buttons:
            text.draw_element(surface, layout["options_heading"])
        for spec, button in zip(self.meta.options, self.option_buttons):
            button.text = f"{spec.label}: {self.options[spec.key]}"
            button.reason = spec.help
            button.draw(surface)
        for button in self.buttons:
            button.draw(surface)
        if self.error:
            text.draw_element(surface, layout["error"], self.error)
