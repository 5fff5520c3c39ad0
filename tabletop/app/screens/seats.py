"""Seat setup: how many players (within the game's range), their names and seat colours, who plays each seat
(a human, or a bot: easy or strong), who starts, options.

Names are remembered per game; the rows are laid out from one row element
repeated ``row_spacing`` apart, so five players fit as well as two.
"""

from __future__ import annotations

from functools import partial

import pygame

from tabletop.registry import get_rules

from ..matches import DEFAULT_NAMES, SEAT_KINDS, kind_words, start_match
from ..scenes import Scene
from ..storage import NAME_LIMIT
from ..widgets import Button, TextField, press_any

__all__ = ["SeatsScene"]


class SeatsScene(Scene):
    """Who is playing, and who starts."""

    scene_name = "seats"

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.help_game = game_id
        self.meta = get_rules(game_id).meta
        self.layout = layout = app.layouts["seats"]
        self.spacing = layout.setting("row_spacing").int()
        remembered = list(app.settings.names.get(game_id, []))
        count = min(max(len(remembered), self.meta.min_players), self.meta.max_players)
        names = (remembered + [n for n in DEFAULT_NAMES if n not in remembered])[:count]
        self.starter = int(app.settings.starter.get(game_id, 0)) % count
        self.fields: list[TextField] = []
        self.kinds: list[str] = []
        for name in names:
            self._add_field(name)
        self.options = {spec.key: spec.default for spec in self.meta.options}
        self.error = ""
        self.add_button = Button(app, layout["add"], self.add_player, hotkey=pygame.K_PLUS)
        self.buttons = [
            Button(app, layout["start"], self.start, hotkey=pygame.K_RETURN),
            Button(app, layout["back"], app.scenes.pop, hotkey=pygame.K_ESCAPE),
            Button(app, layout["swap"], self.swap_starter,
                   text="Next player starts" if self.meta.max_players > 2 else layout["swap"].text),
            self.add_button,
        ]
        option_spacing = layout.setting("option_spacing").int()
        # The options stack down to the bottom row; more than fit there move the stack (and its heading) up.
        lowest = layout.setting("options_end").int() - option_spacing
        self.options_lift = max(0, layout["option"].rect[1] + (len(self.meta.options) - 1) * option_spacing
                                - lowest)
        self.option_buttons = [
            Button(app, layout["option"].moved(0, i * option_spacing - self.options_lift),
                   partial(self.cycle, spec.key))
            for i, spec in enumerate(self.meta.options)]
        self._refresh_rows()

    # ---------------------------------------------------------------- seats
    def _add_field(self, name: str) -> None:
        index = len(self.fields)
        self.kinds.append("human")
        self.fields.append(TextField(self.app, self.layout["name_field"].moved(0, index * self.spacing), name,
                                     max_length=NAME_LIMIT, on_enter=self.start))

    def _refresh_rows(self) -> None:
        """Re-place the fields and the remove buttons after a player came or went."""
        for index, field in enumerate(self.fields):
            field.element = self.layout["name_field"].moved(0, index * self.spacing)
            field.rect = pygame.Rect(field.element.rect)
        can_remove = len(self.fields) > self.meta.min_players
        self.remove_buttons = [
            Button(self.app, self.layout["remove"].moved(0, index * self.spacing),
                   partial(self.remove_player, index), visible=can_remove)
            for index in range(len(self.fields))]
        self.kind_buttons = [
            Button(self.app, self.layout["kind"].moved(0, index * self.spacing), partial(self.cycle_kind, index),
                   reason="Who plays this seat: a human at the table, or a bot (easy or strong).")
            for index in range(len(self.fields))]
        self.add_button.visible = self.meta.min_players != self.meta.max_players
        self.add_button.enabled = len(self.fields) < self.meta.max_players
        self.add_button.reason = f"{self.meta.name} is played by at most {self.meta.max_players}."

    def add_player(self) -> None:
        """One more seat, with a name nobody at the table has yet."""
        if len(self.fields) >= self.meta.max_players:
            return
        taken = {field.value.strip() for field in self.fields}
        self._add_field(next((n for n in DEFAULT_NAMES if n not in taken), f"Player {len(self.fields) + 1}"))
        self._refresh_rows()

    def remove_player(self, index: int) -> None:
        """Take seat ``index`` away (the starter stays with the same player where possible)."""
        if len(self.fields) <= self.meta.min_players:
            return
        del self.fields[index]
        del self.kinds[index]
        if self.starter > index or self.starter >= len(self.fields):
            self.starter = max(0, self.starter - 1)
        self._refresh_rows()

    def cycle_kind(self, index: int) -> None:
        """Seat ``index`` to its next kind: Human, Bot: easy, Bot: strong."""
        self.kinds[index] = SEAT_KINDS[(SEAT_KINDS.index(self.kinds[index]) + 1) % len(SEAT_KINDS)]

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
        kinds = self.kinds[self.starter:] + self.kinds[:self.starter]
        try:
            self.meta.check_seats(order)
        except ValueError as exc:
            self.error = str(exc).capitalize() + "."
            return
        start_match(self.app, self.game_id, order, dict(self.options), tuple(kinds))

    # ---------------------------------------------------------------- loop
    def enter(self) -> None:
        pygame.key.start_text_input()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.next_field(backwards=bool(event.mod & pygame.KMOD_SHIFT))
            return
        for field in self.fields:
            if field.handle(event):
                return
        press_any(self.buttons + self.option_buttons + self.remove_buttons + self.kind_buttons, event)

    def next_field(self, backwards: bool = False) -> None:
        """Tab: the next name field (Shift+Tab: the previous), round the list."""
        current = next((i for i, field in enumerate(self.fields) if field.focused), None)
        step = -1 if backwards else 1
        target = (0 if not backwards else len(self.fields) - 1) if current is None else \
            (current + step) % len(self.fields)
        for index, field in enumerate(self.fields):
            field.focused = index == target

    def update(self, dt: float) -> None:
        for field in self.fields:
            field.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill(layout.background)
        text = self.app.text
        colours = self.app.layouts.theme.colours
        text.draw_element(surface, layout["heading"], f"{self.meta.name}: who is playing?")
        players = (f"{self.meta.min_players} players" if self.meta.min_players == self.meta.max_players
                   else f"{self.meta.min_players} to {self.meta.max_players} players")
        text.draw_element(surface, layout["hint"], f"{players}. Type the names; the first player starts.")
        for index, field in enumerate(self.fields):
            dy = index * self.spacing
            text.draw_element(surface, layout["seat_label"].moved(0, dy), f"Player {index + 1}")
            swatch = pygame.Rect(layout["swatch"].moved(0, dy).rect)
            pygame.draw.rect(surface, colours[f"seat_{index}"], swatch, border_radius=swatch.height // 4)
            field.draw(surface)
            if index == self.starter:
                text.draw_element(surface, layout["starter_badge"].moved(0, dy), "starts")
        if self.option_buttons:
            text.draw_element(surface, layout["options_heading"].moved(0, -self.options_lift))
        for spec, button in zip(self.meta.options, self.option_buttons):
            button.text = f"{spec.label}: {self.options[spec.key]}"
            button.reason = spec.help
            button.draw(surface)
        for button, kind in zip(self.kind_buttons, self.kinds):
            button.text = kind_words(kind)
        for button in self.buttons + self.remove_buttons + self.kind_buttons:
            button.draw(surface)
        for button in self.option_buttons:
            button.draw_tooltip(surface, always=True)       # each option explains itself on hover
        if self.error:
            text.draw_element(surface, layout["error"], self.error)
