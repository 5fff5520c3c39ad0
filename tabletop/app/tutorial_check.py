"""``tabletop tutorial --check``: every tutorial played headless on the real table, click by click.

Kept apart from :mod:`tabletop.app.tutorial` because it builds the whole app (which imports every screen).
"""

from __future__ import annotations

from typing import Callable

import pygame

from .lesson import lesson_games
from .tutorial import check_tutorial

__all__ = ["check_all"]


def check_all(say: Callable[[str], None] = print) -> int:
    """``tabletop tutorial --check``: every tutorial played headless; 0 when all play to their end."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .main import App
    from .screens.title import TitleScene

    pygame.init()
    app = App(windowed=True)
    app.settings.animation = "instant"
    app.scenes.push(TitleScene(app))
    failed = 0
    games = lesson_games()
    for game in games:
        for problem in check_tutorial(app, game, say):
            say(f"  {problem}")
            failed += 1
    say(f"{len(games)} tutorial(s) checked, {failed} problem(s)")
    return 1 if failed or not games else 0
