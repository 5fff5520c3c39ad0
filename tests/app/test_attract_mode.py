"""The game-night attract mode: it opens after a minute idle on the title (or from Demo), bots play every
game in turn, each demo ends on its results, and any key or click goes back to the title without reaching
the game shown."""

import pytest
import pygame

from tabletop.app.screens.attract import RESULTS_SECONDS
from tabletop.app.screens.title import IDLE_SECONDS
from tabletop.registry import game_ids

from .driver import Driver


def run_demo(app, seconds: float, dt: float = 0.05) -> None:
    for _ in range(int(seconds / dt)):
        app.frame(dt)


def test_a_minute_idle_on_the_title_starts_the_demo(app):
    title = app.scenes.top
    title.idle(IDLE_SECONDS - 1)
    assert app.scenes.top is title
    title.idle(IDLE_SECONDS + 0.5)
    assert app.scenes.top.scene_name == "attract"


@pytest.mark.slow
def test_the_demo_cycles_every_game_showing_each_results_and_saves_nothing(app):
    app.settings.animation = "fast"
    driver = Driver(app)
    driver.click(next(b for b in app.scenes.top.buttons if b.text.startswith("Demo")).rect.center)
    demo = app.scenes.top
    assert demo.scene_name == "attract"
    seen_results: list[str] = []
    shown = []
    for _ in range(200000):
        app.frame(0.1)
        if demo.table is not None and (not shown or shown[-1] != demo.table.match.game):
            shown.append(demo.table.match.game)
        if demo.results is not None and (not seen_results or seen_results[-1] != demo.results.match.game):
            seen_results.append(demo.results.match.game)
        if len(seen_results) == len(game_ids()):
            break
        assert app.scenes.top is demo, "the demo never leaves its own scene"
    assert seen_results == list(game_ids()), "every game is shown to its results, in turn"
    assert shown[:len(game_ids())] == list(game_ids())
    assert not app.saves.paths(), "a demo match is never saved"
    assert RESULTS_SECONDS > 2


def test_any_key_or_click_goes_back_to_the_title_and_never_reaches_the_game(app):
    driver = Driver(app)
    for leave in ("key", "click"):
        app.scenes.open("attract")
        demo = app.scenes.top
        run_demo(app, 3)
        table = demo.table
        moves = len(table.match.journal)
        if leave == "key":
            driver.key(pygame.K_SPACE)
        else:
            driver.click((960, 700))
        assert app.scenes.top.scene_name == "title"
        assert len(table.match.journal) == moves          # the key or click was not a move of the game
        assert demo.table is None


def test_a_demo_game_that_runs_long_gives_way_to_the_next_game(app, monkeypatch):
    from tabletop.app.screens import attract
    monkeypatch.setattr(attract, "GAME_SECONDS", 2.0)
    app.scenes.open("attract")
    demo = app.scenes.top
    first = demo.table.match.game
    run_demo(app, 1.0)
    assert demo.table.match.game == first and not demo.table.match.finished
    run_demo(app, 1.5)
    assert demo.table.match.game != first, "a game past its time is left for the next one"
    assert demo.results is None and not app.saves.paths()


def test_every_demo_game_is_played_with_its_demo_options_by_evenly_matched_bots(app):
    from tabletop.registry import entry
    app.scenes.open("attract")
    demo = app.scenes.top
    for _ in game_ids():
        match = demo.table.match
        listed = entry(match.game)
        for key, value in listed.demo:
            assert match.options[key] == value
        assert len(set(match.seat_kinds)) == 1, "one bot level at a demo table"
        demo.next_game()
