"""The game-night attract mode: bots play every game in turn at a watchable pace, each demo ending on its
results, with a banner inviting people to play.  Any key or click returns to the title and never reaches
the game being shown.

It opens after a minute without input on the title, or from its Demo button.  The demo tables are played
in the scene itself (not on the scene stack), so nothing of them is saved, no cover appears, and every
input goes to this scene alone.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.controller import MatchController
from tabletop.core.rng import derive_seed
from tabletop.registry import entry, game_ids, get_rules

from ..matches import DEFAULT_NAMES
from ..memory import release_between_games
from ..scenes import Scene
from ..text import draw_box

__all__ = ["AttractScene", "RESULTS_SECONDS"]

#: How long each demo's results stay on screen before the next game.
RESULTS_SECONDS = 6.0
#: The longest a demo game is watched (seconds of play) before the next game: a night shows every game.
GAME_SECONDS = 420.0
#: The bot levels at a demo table: evenly matched, so the game stays close to the end.
_DEMO_KINDS = ("strong", "strong", "strong")


class AttractScene(Scene):
    """Plays demo games one after another until any key or click."""

    scene_name = "attract"

    def __init__(self, app, seed: int = 2026, first: int = 0) -> None:
        super().__init__(app)
        self.layout = app.layouts["attract"]
        self.seed = seed
        self.index = first - 1                 # which game of the registry is shown (the next one first)
        self.games_shown = 0
        self.table: Any = None                # the demo's table scene (built, never pushed)
        self.results: Any = None
        self.results_left = 0.0
        self.game_left = GAME_SECONDS
        self.next_game()

    def next_game(self) -> None:
        """The next game of the registry, with fresh bots."""
        # The last demo's table and results go before the next is built: a night of demos must not pile up
        # views waiting for the garbage collector (their animations hold references in cycles).
        self.table = self.results = None
        release_between_games()
        ids = game_ids()
        self.index = (self.index + 1) % len(ids)
        game = ids[self.index]
        rules = get_rules(game)
        listed = entry(game)
        players = listed.demo_players or max(rules.meta.min_players, min(3, rules.meta.max_players))
        kinds = _DEMO_KINDS[:players]
        match = MatchController(rules, dict(listed.demo), DEFAULT_NAMES[:players],
                                derive_seed(self.seed, "demo", self.games_shown), seat_kinds=kinds)
        self.table = self.app.scenes.build("table", match=match)
        self.table.demo = True
        self.table.finished_shown = True       # the demo shows the results itself, then moves on
        self.table.enter()
        self.results = None
        self.game_left = GAME_SECONDS
        self.games_shown += 1

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.JOYBUTTONDOWN):
            self.leave_demo()

    def leave_demo(self) -> None:
        """Back to the title: the demo's tables are dropped, nothing of them is kept."""
        self.table = None
        self.results = None
        self.app.scenes.pop_until("title")

    def update(self, dt: float) -> None:
        if self.results is not None:
            self.results.update(dt)
            self.results_left -= dt
            if self.results_left <= 0:
                self.next_game()
            return
        table = self.table
        if table is None:
            return
        table.update(dt)
        self.game_left -= dt
        if self.game_left <= 0 and not table.match.finished:
            self.next_game()                   # a long game is left before its end: the night goes on
            return
        if table.match.finished and not table.view.animating:
            self.results = self.app.scenes.build("results", match=table.match, demo=True)
            self.results_left = RESULTS_SECONDS
            self.table = None

    @property
    def busy(self) -> bool:
        return True                            # the demo always moves

    def draw(self, surface: pygame.Surface) -> None:
        if self.results is not None:
            self.results.draw(surface)
        elif self.table is not None:
            self.table.draw(surface)
        layout = self.layout
        draw_box(surface, layout["banner"].rect, layout["banner"].style)
        self.app.text.draw_element(surface, layout["invite"])
        name = get_rules(game_ids()[self.index]).meta.name
        self.app.text.draw_element(surface, layout["showing"], f"Demo: {name}, played by bots")
