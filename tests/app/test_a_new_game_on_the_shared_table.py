"""A throwaway three-player game with secret hands, registered with one entry, plays on the real app
from the picker to the results, with the cover at each hand-over and no secret on the wrong screen."""

import pygame
import pytest

from tabletop.registry import game_ids, registered

from ..privacy_checks import _found
from ..toygame import ENTRY
from .conftest import make_app
from .driver import Driver


@pytest.fixture
def toy_app():
    with registered(ENTRY):
        app = make_app()
        yield app
        pygame.quit()


def open_toy_table(driver: Driver, players: int):
    app = driver.app
    driver.click(app.scenes.top.buttons[1].rect.center)                 # New game
    picker = app.scenes.top
    assert picker.scene_name == "picker"
    tile = dict(picker.tiles)["secret-trick"]
    driver.click(tile.center)
    seats = app.scenes.top
    assert seats.scene_name == "seats" and len(seats.fields) == 2
    for _ in range(players - 2):
        driver.click(seats.add_button.rect.center)
    assert len(seats.fields) == players
    driver.click(seats.buttons[0].rect.center)                          # Start
    return app.scenes.find("table")


def other_secrets(table, seat):
    rules, state = table.match.rules, table.match.state
    owners = [s for s in range(len(table.match.seats)) if s != seat] + [None]
    return {word for owner in owners for word in rules.secrets(state, owner)}


def test_three_players_from_picker_to_results_with_a_cover_at_each_hand_over(toy_app):
    driver = Driver(toy_app)
    table = open_toy_table(driver, 3)
    assert table is not None and table.match.seats == ("Ada", "Brom", "Cyra")
    covers = []
    moves = 0
    while not table.match.finished:
        top = toy_app.scenes.top
        if top.scene_name == "pass_device":
            holder = table.match.rules.private_seat(table.match.state)
            assert top.player == table.match.seats[holder] and table.shows == holder
            covers.append(top.player)
            driver.click(top.ready.rect.center)
            continue
        assert top is table
        view = table.view
        seat = table.shows
        # What the screen shows is the seat's own view; the log holds no other seat's secret.
        assert view.state == table.match.rules.view(table.match.state, seat)
        secret = other_secrets(table, seat)
        assert not [line for line in table.log.lines for word in secret if _found(word, line)]
        if view.action_bar.buttons[0].visible:
            assert table.match.rules.private_seat(table.match.state) is None and seat is None
            driver.click(view.action_bar.buttons[0].rect.center)
        else:
            hand = table.match.state.hands[seat]
            rect, _ = view.hand.slots(len(hand))[0]
            driver.click(rect.center)
        driver.settle()
        moves += 1
    # 3 tricks of 3 face-down plays: every play was preceded by the cover for the player making it.
    assert len(covers) == 9 and moves == 12
    assert covers[:3] == ["Ada", "Brom", "Cyra"]
    driver.settle()
    results = toy_app.scenes.top
    assert results.scene_name == "results" and table.shows is None
    assert len(results.outcome.breakdown) == 3 and results.rows == ENTRY.results
    driver.frames(2)


def test_the_cover_waits_for_the_animations_of_the_move_before_it(toy_app):
    toy_app.settings.animation = "normal"
    driver = Driver(toy_app)
    table = open_toy_table(driver, 3)
    cover = toy_app.scenes.top
    assert cover.scene_name == "pass_device" and cover.player == "Ada"     # the first move of a hidden game
    driver.click(cover.ready.rect.center)
    rect, _ = table.view.hand.slots(3)[0]
    driver.click(rect.center)
    assert table.view.busy and toy_app.scenes.top is table and table.shows == 0
    driver.settle()
    assert toy_app.scenes.top.scene_name == "pass_device" and toy_app.scenes.top.player == "Brom"
    assert table.shows == 1


def test_resume_of_a_hidden_game_opens_behind_the_cover(toy_app):
    driver = Driver(toy_app)
    table = open_toy_table(driver, 3)
    driver.click(toy_app.scenes.top.ready.rect.center)
    driver.click(table.view.hand.slots(3)[0][0].center)
    driver.settle()
    toy_app.scenes.start_over("title")
    title = toy_app.scenes.top
    assert title.record is not None
    driver.click(title.buttons[0].rect.center)                          # Resume
    cover = toy_app.scenes.top
    assert cover.scene_name == "pass_device" and cover.player == "Brom"


def test_five_seats_fit_on_the_seat_screen_and_the_results_lay_out_columns(toy_app, monkeypatch):
    from dataclasses import replace

    from tabletop.app.screens.results import result_columns
    from tabletop.registry import get_rules

    rules = get_rules("secret-trick")
    monkeypatch.setattr(rules, "meta", replace(rules.meta, max_players=5))
    driver = Driver(toy_app)
    driver.click(toy_app.scenes.top.buttons[1].rect.center)
    picker = toy_app.scenes.top
    driver.click(dict(picker.tiles)["secret-trick"].center)
    seats = toy_app.scenes.top
    for _ in range(5):
        driver.click(seats.add_button.rect.center)
    assert len(seats.fields) == 5 and not seats.add_button.enabled     # the game allows at most five
    rects = [field.rect for field in seats.fields] + [b.rect for b in seats.remove_buttons] + \
        [b.rect for b in seats.buttons + seats.option_buttons]
    for index, rect in enumerate(rects):
        assert toy_app.display.surface.get_rect().contains(rect)
        for other in rects[index + 1:]:
            assert not rect.colliderect(other), (rect, other)
    driver.click(seats.remove_buttons[1].rect.center)
    assert [field.value for field in seats.fields] == ["Ada", "Cyra", "Dorn", "Esme"]
    columns = result_columns(pygame.Rect(0, 0, 1560, 600), 560, 5)
    assert all(not a.colliderect(b) for i, a in enumerate(columns) for b in columns[i + 1:])


def test_the_collected_pile_can_be_looked_through(toy_app):
    driver = Driver(toy_app)
    table = open_toy_table(driver, 2)
    while not table.match.state.taken:
        top = toy_app.scenes.top
        if top.scene_name == "pass_device":
            driver.click(top.ready.rect.center)
        elif table.view.action_bar.buttons[0].visible:
            driver.click(table.view.action_bar.buttons[0].rect.center)
        else:
            driver.click(table.view.hand.slots(len(table.match.state.hands[table.shows]))[0][0].center)
        driver.settle()
    if toy_app.scenes.top.scene_name == "pass_device":
        driver.click(toy_app.scenes.top.ready.rect.center)
    driver.click(table.view.taken.rect.center)
    pile = toy_app.scenes.top
    assert pile.scene_name == "pile"
    assert [card.title for card in pile.cards] == [f"Star {c.split('-')[1]}" for c in table.match.state.taken]
    driver.key(pygame.K_ESCAPE)
    assert toy_app.scenes.top is table


@pytest.mark.slow
def test_bench_draws_the_busiest_scene_of_the_game_it_is_given(capsys):
    from tabletop.app.bench import run_bench

    with registered(ENTRY):
        assert run_bench(frames=30, game="secret-trick") == 0
    out = capsys.readouterr().out
    assert "secret-trick: frames rendered: 30" in out and "p99" in out


@pytest.mark.parametrize("extra", [1, 4, 5])
def test_the_picker_lays_out_every_registered_game_without_overlap(extra):
    from contextlib import ExitStack
    from dataclasses import replace

    real_games = len(game_ids())
    with ExitStack() as stack:
        for index in range(extra):
            stack.enter_context(registered(replace(ENTRY, game_id=f"trick-{index}")))
        app = make_app()
        try:
            driver = Driver(app)
            driver.click(app.scenes.top.buttons[1].rect.center)
            picker = app.scenes.top
            rects = [rect for _, rect in picker.tiles] + [button.rect for button in picker.buttons]
            assert len(picker.tiles) == real_games + extra
            screen = app.display.surface.get_rect()
            for index, rect in enumerate(rects):
                assert screen.contains(rect)
                for other in rects[index + 1:]:
                    if rect not in [r for _, r in picker.tiles] or other not in [r for _, r in picker.tiles]:
                        continue
                    assert not rect.colliderect(other), (rect, other)
            driver.frames(2)
        finally:
            pygame.quit()


def test_every_game_of_the_picker_keeps_its_art_up_to_five_games():
    # Four games on three columns once made two short rows, and every tile lost its art.
    from tabletop.registry import game_ids

    assert len(game_ids()) == 5                     # the brief's five games, all registered
    app = make_app()
    try:
        driver = Driver(app)
        driver.click(app.scenes.top.buttons[1].rect.center)
        picker = app.scenes.top
        assert len(picker.tiles) == 5
        rows = {rect.y for _, rect in picker.tiles}
        assert len(rows) == 1, "five games fit one row"
        for game_id, rect in picker.tiles:
            assert picker.art.get(game_id) is not None, f"{game_id}'s tile has no art"
    finally:
        pygame.quit()
