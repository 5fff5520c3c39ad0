"""The results: the score table or the score over the match, tonight's tally, and a rematch that keeps each
player's colour as the seats turn."""

import pygame

from tabletop.core.controller import MatchController
from tabletop.registry import get_rules

from .driver import Driver


def finished(game: str = "elemental-dice", names=("Ada", "Brom"), seed: int = 5, colours=()) -> MatchController:
    rules = get_rules(game)
    match = MatchController(rules, None, list(names), seed, colours=colours)
    bot = rules.playout_bot(3)
    while not match.finished:
        match.submit(bot.choose(match.legal_intents()))
    return match


def test_rematch_keeps_each_players_colour_as_the_seats_turn(app):
    match = finished()
    results = app.scenes.open("results", match=match)
    Driver(app).click(results.buttons[0].rect.center)                        # Rematch
    table = app.scenes.find("table")
    again = table.match
    assert again.seats == ("Brom", "Ada")
    assert again.colours == (1, 0)                                          # Brom keeps orange, Ada blue
    assert [table.view.seat_colour(seat) for seat in (0, 1)] == [
        app.layouts.theme.rgb("seat_1"), app.layouts.theme.rgb("seat_0")]
    saved = again.record()
    assert MatchController.from_record(saved, get_rules).colours == (1, 0)     # kept in the save too


def test_the_chart_shows_the_score_over_the_match_and_tab_switches_back(app):
    match = finished()
    results = app.scenes.open("results", match=match)
    assert results.series[0] == list(match.rules.outcome(match.states[0]).scores)
    assert results.series[-1] == list(match.rules.outcome(match.state).scores)
    driver = Driver(app)
    driver.key(pygame.K_TAB)
    assert results.showing_chart
    driver.frames(2)
    assert results.buttons[3].text == "Scores"
    driver.key(pygame.K_TAB)
    assert not results.showing_chart


def test_tonights_tally_counts_each_match_once_across_games(app):
    first = finished("elemental-dice")
    results = app.scenes.open("results", match=first)
    results.enter()
    results.enter()                                                          # seen again: counted once
    winner = first.seats[first.rules.outcome(first.state).winners[0]]
    assert app.settings.tonight["wins"] == {winner: 1}
    assert app.settings.tonight["played"] == {"Ada": 1, "Brom": 1}
    second = finished("dice-realms", seed=8)
    again = app.scenes.open("results", match=second)
    again.enter()
    assert sum(app.settings.tonight["played"].values()) == 4
    assert again.tonight.startswith("Tonight: ") and "Ada" in again.tonight and "Brom" in again.tonight
