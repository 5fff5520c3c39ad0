"""Game picker: one tile per registered game (name, players, length, pitch) and a quick replay.

Tiles fill the picker's area in a grid worked out from how many games there are
(one row up to three games, then two rows), so adding a game never needs a new
layout.
"""

from __future__ import annotations

import math
from functools import partial

import pygame

from tabletop.core.files import FileRefused
from tabletop.paths import art_path
from tabletop.registry import entry, game_ids, get_rules

from ..assets import load_image
from ..lesson import lesson_path, open_tutorial
from ..matches import quick_start, remembered_names
from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button, press_any

__all__ = ["PickerScene", "tile_rects"]


def tile_rects(count: int, area: pygame.Rect, gap: int, max_columns: int = 3) -> list[pygame.Rect]:
    """``count`` equal tiles in centred rows filling ``area``, never overlapping.

    >>> [tuple(r) for r in tile_rects(2, pygame.Rect(0, 0, 1000, 400), 20, 3)]
    [(170, 0, 320, 400), (510, 0, 320, 400)]
    """
    if count <= 0:
        return []
    columns = min(count, max_columns)
    rows = math.ceil(count / columns)
    width = (area.width - gap * (max_columns - 1)) // max_columns
    height = (area.height - gap * (rows - 1)) // rows
    out = []
    for index in range(count):
        row, column = divmod(index, columns)
        in_row = min(columns, count - row * columns)
        left = area.x + (area.width - (in_row * width + (in_row - 1) * gap)) // 2
        out.append(pygame.Rect(left + column * (width + gap), area.y + row * (height + gap), width, height))
    return out


def quick_play_words(app, layout, names: list[str], width: int) -> tuple[str, ...]:
    """What the quick-play button says, never cut: ``Play: Ada vs Brom`` on one line when it fits, else
    ``Play again`` over the names, or over as many names as fit and how many more, or over the number of
    players."""
    first, second = layout["quick_play"].style, layout["quick_play_names"].style
    text = app.text
    one = f"Play: {' vs '.join(names)}"
    if text.size(one, first.font, first.size)[0] <= width:
        return (one,)
    candidates = [" vs ".join(names)]
    candidates += [f"{', '.join(names[:shown])} and {len(names) - shown} more" for shown in range(len(names) - 1, 0, -1)]
    candidates.append(f"{len(names)} players")
    return ("Play again", next((words for words in candidates
                                if text.size(words, second.font, second.size)[0] <= width), candidates[-1]))


class QuickPlayButton(Button):
    """The quick-play button of a tile: one line, or two (what it does over who plays)."""

    lines: tuple[str, ...] = ()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        style = self.look(hovered=self.hovered, enabled=self.enabled)
        draw_box(surface, self.rect, style)
        text = self.app.text
        inner = self.rect.inflate(-24, -12)
        if len(self.lines) == 1:
            text.draw(surface, self.lines[0], style, inner)
            return
        second = self.app.layouts["picker"]["quick_play_names"].style
        top = text.line_height(style)
        bottom = text.line_height(second)
        y = inner.centery - (top + bottom) // 2
        text.draw(surface, self.lines[0], style, pygame.Rect(inner.x, y, inner.width, top))
        text.draw(surface, self.lines[1], second, pygame.Rect(inner.x, y + top, inner.width, bottom),
                  colour=style.colour)


class PickerScene(Scene):
    """Choose what to play."""

    scene_name = "picker"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.layout = layout = app.layouts["picker"]
        area = pygame.Rect(layout["tiles"].rect)
        gap = layout.setting("gap").int(0, 400)
        games = game_ids()
        self.tiles = list(zip(games, tile_rects(len(games), area, gap, layout.setting("max_columns").int(1, 6))))
        self.buttons: list[Button] = [Button(app, layout["back"], app.scenes.pop, hotkey=pygame.K_ESCAPE)]
        self.art: dict[str, pygame.Surface | None] = {}
        button_height = layout["quick_play"].rect[3]
        for index, (game_id, tile) in enumerate(self.tiles):
            if app.settings.names.get(game_id):
                names = remembered_names(app, game_id)
                quick = layout["quick_play"]
                # Above Learn to play, which stays where a first visit found it (the tile's foot).
                below = layout["learn"].rect[3] + 10 if lesson_path(game_id).is_file() else 0
                rect = pygame.Rect(tile.x + 16, tile.bottom - button_height - 16 - below, tile.width - 32,
                                   button_height)
                button = QuickPlayButton(app, quick, partial(quick_start, self.app, game_id),
                                         hotkey=pygame.K_RETURN if index == 0 else None)
                button.rect = rect
                button.lines = quick_play_words(app, layout, names, rect.width - 24)
                button.text = " ".join(button.lines)
                self.buttons.append(button)
            self.art[game_id] = self._load_art(game_id, tile)
        self.learn_buttons: dict[str, Button] = {}
        learn = layout["learn"]
        for game_id, tile in self.tiles:
            if not lesson_path(game_id).is_file():
                continue
            bottom = tile.bottom - 16
            learn_button = Button(app, learn, partial(self.learn, game_id))
            learn_button.rect = pygame.Rect(tile.x + 16, bottom - learn.rect[3], tile.width - 32, learn.rect[3])
            self.learn_buttons[game_id] = learn_button
            self.buttons.append(learn_button)
        self.hover: str | None = None

    def learn(self, game_id: str) -> None:
        """"Learn to play": the game's tutorial (or the question whether to continue the one left)."""
        open_tutorial(self.app, game_id)

    def _art_size(self, tile: pygame.Rect, game_id: str | None = None) -> int:
        """The art's size: as large as the layout allows while name, facts, the lines of the pitch (two at
        least), the quick-play button and Learn to play still fit (0: no room, no art)."""
        layout = self.layout
        pitch = layout["tile_pitch"].style
        lines, facts_lines = 2, 1
        if game_id is not None:
            meta = get_rules(game_id).meta
            lines = max(2, len(self.app.text.wrap(meta.pitch, pitch.font, pitch.size, tile.width - 40)))
            facts = layout["tile_facts"].style
            words = f"{meta.min_players}-{meta.max_players} players  ·  {meta.minutes} min"
            facts_lines = 1 if self.app.text.size(words, facts.font, facts.size)[0] <= tile.width - 40 else 2
        # Above the art 20, below it 8, above the pitch 6, around Learn to play 8 + 10, below the buttons 16.
        text_block = (layout["tile_name"].rect[3] + facts_lines * layout["tile_facts"].rect[3]
                      + lines * self.app.text.line_height(pitch) + layout["quick_play"].rect[3]
                      + layout["learn"].rect[3] + 68)
        size = min(layout["tile_art"].rect[2], tile.height - text_block)
        return size if size >= 48 else 0

    def _load_art(self, game_id: str, tile: pygame.Rect) -> pygame.Surface | None:
        path = entry(game_id).tile_art
        if not path or not self._art_size(tile, game_id):
            return None
        try:
            size = self._art_size(tile, game_id)
            return pygame.transform.smoothscale(load_image(art_path(path)), (size, size))
        except (pygame.error, FileRefused):
            return None

    def choose(self, game_id: str) -> None:
        """Go to seat setup for ``game_id``."""
        self.app.scenes.open("seats", game_id=game_id)

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
        name_el, facts_el, pitch_el = layout["tile_name"], layout["tile_facts"], layout["tile_pitch"]
        button_height = layout["quick_play"].rect[3]
        for game_id, rect in self.tiles:
            meta = get_rules(game_id).meta
            tile = layout["tile"]
            border = self.app.layouts.theme.colours["accent"] if self.hover == game_id else None
            draw_box(surface, rect, tile.style, border=border)
            y = rect.y + 20
            art = self.art.get(game_id)
            if art is not None:
                surface.blit(art, art.get_rect(midtop=(rect.centerx, y)))
            art_size = self._art_size(rect, game_id)
            y += art_size + 8 if art_size else 0
            inner = rect.inflate(-40, 0)
            players = (f"{meta.min_players} players" if meta.min_players == meta.max_players
                       else f"{meta.min_players}-{meta.max_players} players")
            facts = f"{players}  ·  {meta.minutes} min"
            style = facts_el.style
            # A narrow tile (many games in a row) gives players and minutes a line each, rather than cut them.
            lines = [(name_el, meta.name)] + ([(facts_el, facts)] if text.size(facts, style.font, style.size)[0]
                                               <= inner.width else [(facts_el, players), (facts_el, f"{meta.minutes} min")])
            for element, content in lines:
                height = element.rect[3]
                text.draw(surface, content, element.style, pygame.Rect(inner.x, y, inner.width, height), shrink=True)
                y += height
            bottom = rect.bottom - 24
            for button in self.buttons:
                if button.rect.colliderect(rect) and button.visible:
                    bottom = min(bottom, button.rect.top - 8)      # the pitch ends above the tile's buttons
            text.draw(surface, meta.pitch, pitch_el.style, pygame.Rect(inner.x, y + 6, inner.width, bottom - y - 6),
                      wrap=True, valign="top")
        for button in self.buttons:
            button.draw(surface)
