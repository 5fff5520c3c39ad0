"""Game picker: one tile per playable game (name, players, length, pitch) and a quick replay."""

from __future__ import annotations

import pygame

from tabletop.games import get_rules
from tabletop.paths import art_path

from ..games import PLAYABLE, tile_art
from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button, press_any


class PickerScene(Scene):
    """Choose what to play."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.layout = app.layouts["picker"]
        positions = [tuple(int(v) for v in item.numbers(2)) for item in self.layout.setting("tile_positions")]
        self.tiles: list[tuple[str, pygame.Rect]] = []
        self.buttons: list[Button] = [Button(app, self.layout["back"], app.scenes.pop, hotkey=pygame.K_ESCAPE)]
        self.art: dict[str, pygame.Surface | None] = {}
        for index, game_id in enumerate(PLAYABLE):
            x, y = positions[index % len(positions)]
            tile = pygame.Rect(self.layout["tile"].rect).move(x, y)
            self.tiles.append((game_id, tile))
            names = app.settings.names.get(game_id)
            if names:
                meta = get_rules(game_id).meta
                quick = self.layout["quick_play"].moved(x, y)
                self.buttons.append(Button(app, quick, lambda g=game_id: self.quick_play(g),
                                           text=f"Play: {' vs '.join(names)}",
                                           hotkey=pygame.K_RETURN if index == 0 else None,
                                           visible=meta.min_players <= len(names) <= meta.max_players))
            self.art[game_id] = self._load_art(game_id)
        self.hover: str | None = None

    def _load_art(self, game_id: str) -> pygame.Surface | None:
        path = tile_art(game_id)
        if not path:
            return None
        try:
            size = self.layout["tile_art"].rect[2:]
            return pygame.transform.smoothscale(pygame.image.load(str(art_path(path))), size)
        except (pygame.error, FileNotFoundError):
            return None

    def choose(self, game_id: str) -> None:
        """Go to seat setup for ``game_id``."""
        from .seats import SeatsScene

        self.app.scenes.push(SeatsScene(self.app, game_id))

    def quick_play(self, game_id: str) -> None:
        """Start at once with the remembered names (the second click from the title)."""
        from .seats import quick_start

        quick_start(self.app, game_id)

    def handle(self, event: pygame.event.Event) -> None:
        if press_any(self.buttons, event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((g for g, rect in self.tiles if rect.collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for game_id, rect in self.tiles:
                if rect.collidepoint(event.pos):
                    self.choose(game_id)
                    return

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill(layout.background)
        text = self.app.text
        text.draw_element(surface, layout["heading"])
        for game_id, rect in self.tiles:
            meta = get_rules(game_id).meta
            tile = layout["tile"]
            border = self.app.layouts.theme.colours["accent"] if self.hover == game_id else None
            draw_box(surface, rect, tile.style, border=border)
            art = self.art.get(game_id)
            if art is not None:
                surface.blit(art, pygame.Rect(layout["tile_art"].rect).move(rect.topleft))
            players = (f"{meta.min_players} players" if meta.min_players == meta.max_players
                       else f"{meta.min_players}-{meta.max_players} players")
            text.draw_element(surface, layout["tile_name"].moved(*rect.topleft), meta.name)
            text.draw_element(surface, layout["tile_facts"].moved(*rect.topleft),
                              f"{players}  ·  {meta.minutes} min")
            text.draw_element(surface, layout["tile_pitch"].moved(*rect.topleft), meta.pitch, wrap=True,
                              valign="top")
        for button in self.buttons:
            button.draw(surface)
