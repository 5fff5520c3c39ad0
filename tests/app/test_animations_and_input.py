"""Clicks during animations are never applied twice; resizing keeps clicks on target; overlays."""

import pygame
import pytest

from tabletop.app.screens.pass_device import PassDeviceScene
from tabletop.app.screens.rules import RulesScene

from tabletop.registry import get_rules

from .conftest import make_app
from .driver import Driver
from .test_play_by_mouse import scripted_table


@pytest.fixture
def slow_driver():
    app = make_app(animation="normal")
    yield Driver(app)
    pygame.quit()


def storm_while_busy(driver, view, targets):
    """Click every target again and again for as long as the animation runs; returns the clicks made."""
    clicks = 0
    while view.busy:
        driver.click(targets[clicks % len(targets)])
        clicks += 1
    return clicks


def test_a_click_storm_during_animations_applies_nothing_twice(slow_driver):
    driver = slow_driver
    table = scripted_table(driver, ["R1 G6 B6 M6 Y6 W6", "G6 B6 M6 Y6 W6"])
    match, view = table.match, table.view
    roll = view.buttons["roll"].rect.center
    cell = driver.cell_center(0, "red", "tail-1")
    driver.click(roll)
    assert view.busy and len(match.journal) == 1
    dice = [view.sprites[d].rect().center for d in ("red", "green", "blue", "magenta", "yellow", "white")]
    assert storm_while_busy(driver, view, [roll, *dice, cell]) > 20
    assert [e.intent.to_str() for e in match.journal] == ["roll seat=0"]
    # Select the red die and hammer its cell: one selection is made, once.
    driver.click(view.sprites["red"].rect().center)
    driver.click(cell)
    assert storm_while_busy(driver, view, [cell, view.sprites["red"].rect().center]) > 5
    for _ in range(5):
        driver.click(cell)          # the cell is crossed now: nothing more happens
    assert [e.intent.to_str() for e in match.journal] == [
        "roll seat=0", "pick seat=0 die=red realm=red cell=tail-1"]
    assert {cell.to_text() for cell in match.state.players[0].red} == {"tail-1"}


def test_animations_end_exactly_where_the_rules_are(slow_driver):
    driver = slow_driver
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    view, match = table.view, table.match
    driver.click(view.buttons["roll"].rect.center)
    driver.frames(10)
    assert view.busy                          # the dice are still tumbling
    driver.settle()
    for die in ("red", "green", "blue", "magenta", "yellow", "white"):
        assert view.sprites[die].face == match.state.dice.value(die)
        assert view.sprites[die].rect().center == tuple(view.tray_slots[("red", "green", "blue", "magenta",
                                                                          "yellow", "white").index(die)])


def test_clicks_land_on_target_in_a_resized_window(driver):
    app = driver.app
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)     # what the window system does on a resize
    app.display.resized((1280, 720))
    assert app.display.scale == pytest.approx(2 / 3)
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    driver.click(table.view.buttons["roll"].rect.center)       # Driver converts to window pixels
    assert [e.intent.to_str() for e in table.match.journal] == ["roll seat=0"]
    assert app.display.to_logical(app.display.to_window((960, 540))) == (960, 540)


def test_rules_overlay_opens_with_f1_and_closes_with_escape(driver):
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    driver.key(pygame.K_F1)
    overlay = driver.app.scenes.top
    assert isinstance(overlay, RulesScene)
    assert any("Forgotten Realm" in text for _, text in overlay.blocks)
    assert len(overlay.legend) >= 8
    driver.key(pygame.K_DOWN)
    assert overlay.scroll > 0
    driver.key(pygame.K_ESCAPE)
    assert driver.app.scenes.top is table


def test_escape_opens_the_pause_menu_and_quit_keeps_the_save(driver):
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    driver.click(table.view.buttons["roll"].rect.center)
    driver.key(pygame.K_ESCAPE)
    pause = driver.app.scenes.top
    from tabletop.app.screens.pause import PauseScene
    from tabletop.app.screens.title import TitleScene

    assert isinstance(pause, PauseScene)
    quit_button = pause.buttons[3]
    driver.click(quit_button.rect.center)
    title = driver.app.scenes.top
    assert isinstance(title, TitleScene) and title.record is not None
    assert title.record.moves == 1 and title.record.game == "dice-realms"


def test_pass_the_device_covers_the_table_until_ready(driver):
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    driver.app.scenes.push(PassDeviceScene(driver.app, "Saruman"))
    driver.frames(2)
    surface = driver.app.display.surface
    # Nothing of the table shows: every grimoire cell is covered by the flat cover colour.
    view = table.view
    cover = driver.app.scenes.top
    words = [pygame.Rect(cover.layout[name].rect) for name in ("heading", "detail", "ready")]
    covered = 0
    for (realm, cell), map_cell in view.map.cells.items():
        for seat in (0, 1):
            point = view.geometry.screen_rect(seat, map_cell.rect).center
            if not any(rect.collidepoint(point) for rect in words):
                assert tuple(surface.get_at(point))[:3] == (5, 6, 10), (seat, realm, cell)
                covered += 1
    assert covered > 50
    driver.click(driver.app.scenes.top.ready.rect.center)
    assert driver.app.scenes.top is table


def test_silence_where_no_audio_device_exists(monkeypatch):
    from tabletop.app.audio import Audio

    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio()
    assert not audio.available
    audio.play("roll")            # nothing happens, nothing raises


def test_an_unexpected_error_returns_to_the_title_with_the_game_saved(driver, private_user_dir, monkeypatch):
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])

    def explode(surface):
        raise RuntimeError("a bug in a view")

    monkeypatch.setattr(table.view, "draw", explode)
    driver.app.run(frames=driver.app.frames + 2)
    from tabletop.app.screens.title import TitleScene

    assert isinstance(driver.app.scenes.top, TitleScene)
    assert "saved" in driver.app.toasts.message
    assert "a bug in a view" in (private_user_dir / "logs" / "errors.log").read_text()


def test_a_game_with_hidden_hands_covers_the_screen_when_the_turn_passes(driver, monkeypatch):
    from dataclasses import replace

    rules = get_rules("dice-realms")
    monkeypatch.setattr(rules, "meta", replace(rules.meta, hidden_information=True))
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    cover = driver.app.scenes.top                    # a new match of a hidden game opens behind the cover
    assert isinstance(cover, PassDeviceScene) and cover.player == "Gandalf"
    driver.click(cover.ready.rect.center)
    driver.click(table.view.buttons["roll"].rect.center)
    driver.settle()
    assert driver.app.scenes.top is table            # same player still deciding: no cover
    driver.play_intent(rules.intents.parse("pick seat=0 die=white realm=yellow cell=1"))
    cover = driver.app.scenes.top
    assert isinstance(cover, PassDeviceScene) and cover.player == "Saruman"


@pytest.mark.slow
def test_a_whole_game_at_normal_speed_plays_every_animation_without_an_error(slow_driver, private_user_dir):
    import random

    from tabletop.app.matches import start_match

    driver = slow_driver
    start_match(driver.app, "dice-realms", ["Gandalf", "Saruman"], {})
    driver.settle()
    chooser = random.Random(5)
    table = driver.table()
    while not table.match.finished:
        driver.play_intent(chooser.choice(list(table.match.legal_intents())))
    driver.settle()
    assert driver.app.scenes.top.scene_name == "results"
    assert not (private_user_dir / "logs" / "errors.log").exists()


def test_resize_events_never_recreate_the_window(driver, monkeypatch):
    calls = []
    real = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: (calls.append(a), real(*a, **k))[1])
    for size in ((1600, 900), (1280, 720), (1920, 1080)) * 20:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    driver.frames(3)
    assert calls == []                       # a resize only fits the picture again
    driver.key(pygame.K_F11)
    driver.key(pygame.K_F11)
    assert len(calls) == 2                   # one switch each way, no more


@pytest.mark.parametrize("game", ["dice-realms", "elemental-dice", "wizard-dice", "elementalis", "dice-cards"])
def test_every_games_legend_fits_its_panel(driver, game):
    from tabletop.app.screens.rules import RulesScene

    from .driver import open_new_game

    table = open_new_game(driver, game)
    overlay = RulesScene(driver.app, game_id=game, legend=table.view.legend())
    rows = overlay.legend_rows()
    panel = pygame.Rect(overlay.layout["legend"].rect)
    assert rows, f"{game} has no legend"
    assert rows[-1][2].bottom <= panel.bottom, f"{game}'s legend runs {rows[-1][2].bottom - panel.bottom} px past its panel"
