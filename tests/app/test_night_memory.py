"""A night of demo games must not fill memory: the text cache is bounded by the pixels it holds, not only
by how many strings (a night renders thousands of one-off log lines, each a wide surface)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from tabletop.app.layout import LayoutBook
from tabletop.app.text import TextRenderer


@pytest.fixture(scope="module")
def theme():
    pygame.init()
    return LayoutBook().theme


def pixels(renderer: TextRenderer) -> int:
    return sum(s.get_pitch() * s.get_height() for s in renderer._cache.values())


def test_the_text_cache_keeps_within_its_pixel_budget(theme):
    budget = 2 * 2**20
    renderer = TextRenderer(theme, cache_bytes=budget)
    for n in range(600):                 # a night's log: every line new, each some 60 KB at 29 px
        renderer.render(f"Ada casts Lightning Bolt at Brom for {n} damage (round {n // 5}).", "regular", 29,
                        (240, 230, 210))
    assert pixels(renderer) <= budget
    assert renderer.cached_bytes == pixels(renderer)
    assert len(renderer._cache) > 10     # still a cache: the recent lines stay


def test_what_a_frame_draws_again_stays_cached(theme):
    renderer = TextRenderer(theme, cache_bytes=2 * 2**20)
    title = renderer.render("Dice Realms", "bold", 42, (255, 255, 255))
    for n in range(600):
        renderer.render(f"log line {n} of a long evening at the table", "regular", 29, (240, 230, 210))
        assert renderer.render("Dice Realms", "bold", 42, (255, 255, 255)) is title   # used every frame
