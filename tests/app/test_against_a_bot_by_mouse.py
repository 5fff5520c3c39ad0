"""One human against a strong bot, in every game: the human's moves are posted mouse clicks on the real
layout, the bot's are made by the table itself; no cover ever comes (one human at the table), and the game
ends on its results with the core's winner."""

import time

import pygame
import pytest

from tabletop.core.bots import RandomBot
from tabletop.core.rng import derive_seed
from tabletop.registry import game_ids

from .driver import Driver
from .test_bots_at_the_table import open_game_with_kinds


def clicks_for(game: str, driver: Driver):
    """The function that makes a move of ``game`` by clicks."""
    return driver.play_intent


@pytest.mark.slow
@pytest.mark.parametrize("game", game_ids())
def test_a_human_plays_a_whole_game_against_a_strong_bot_by_mouse(app, monkeypatch, game):
    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 20261125)
    app.settings.bots = "instant"
    app.settings.reveal = "play"           # a Wizard Dice reveal plays through (its steps are tested elsewhere)
    driver = Driver(app)
    table = open_game_with_kinds(driver, game, ["human", "strong"])
    match = table.match
    click = clicks_for(game, driver)
    human = RandomBot(derive_seed(5, game, "human"))
    mine = idle = 0
    started = time.perf_counter()
    while not match.finished:
        assert app.scenes.top.scene_name == "table", f"{app.scenes.top.scene_name}: no cover with one human"
        assert table.shows == 0
        if match.state.to_act == 0 and not table.view.busy:
            legal = table.legal()                     # never a move of the bot's seat (an interrupt)
            intent = human.choose(legal)
            before = len(match.journal)
            click(intent)
            # The click made exactly this move (an instant bot may already have answered it).
            assert len(match.journal) > before, (intent.to_str(), app.toasts.message)
            assert match.journal[before].intent == intent
            mine += 1
            idle = 0
            continue
        before = len(match.journal)
        driver.frames(1)
        idle = 0 if len(match.journal) != before else idle + 1
        if idle > 20:                       # a reveal waits for a click or Space from the human at the table
            driver.key(pygame.K_SPACE)
            idle = 0
        assert len(match.journal) < 5000
    driver.settle()
    for _ in range(50):                        # a last reveal the human steps through, then the results
        if app.scenes.top.scene_name == "results":
            break
        driver.key(pygame.K_SPACE)
        driver.settle()
    results = app.scenes.top
    assert results.scene_name == "results"
    winners = match.rules.outcome(match.state).winners
    assert all(match.seats[w] in results.headline for w in winners) or not winners
    theirs = sum(1 for entry in match.journal if entry.intent.seat == 1)
    assert mine > 3 and theirs > 3
    assert mine == sum(1 for entry in match.journal if entry.intent.seat == 0)
    print(f"{game}: {mine} moves by mouse, {theirs} by the bot, in {time.perf_counter() - started:.1f} s")
