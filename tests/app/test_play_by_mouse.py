"""A whole Dice Realms game played only through posted mouse events on the real layout."""

import random

import pygame
import pytest

from tabletop.app.screens.picker import PickerScene
from tabletop.app.screens.results import ResultsScene
from tabletop.app.screens.seats import SeatsScene
from tabletop.app.screens.table import TableScene
from tabletop.registry import get_rules


def start_from_title(driver, names=None):
    """Title -> New game -> the Dice Realms tile -> seat setup -> Start, all by clicks."""
    app = driver.app
    driver.click(_center(app.layouts["title"]["new_game"]))
    assert isinstance(app.scenes.top, PickerScene)
    picker = app.scenes.top
    game_id, tile = picker.tiles[0]
    assert game_id == "dice-realms"
    driver.click(tile.center)
    seats = app.scenes.top
    assert isinstance(seats, SeatsScene)
    if names:
        for field, name in zip(seats.fields, names):
            driver.click(field.rect.center)
            for _ in range(20):
                driver.key(pygame.K_BACKSPACE)
            driver.type_text(name)
    driver.click(_center(app.layouts["seats"]["start"]))
    assert isinstance(app.scenes.top, TableScene)
    driver.settle()
    return app.scenes.top


def _center(element):
    x, y, w, h = element.rect
    return x + w // 2, y + h // 2


@pytest.mark.slow
def test_a_whole_game_by_mouse_ends_on_the_results_with_the_core_winner(driver):
    table = start_from_title(driver, ["Gandalf", "Saruman"])
    match = table.match
    assert match.seats == ("Gandalf", "Saruman")
    bot = random.Random(11)
    moves = 0
    while not isinstance(driver.app.scenes.top, ResultsScene):
        intent = bot.choice(list(match.legal_intents()))
        before = len(match.journal)
        driver.play_intent(intent)
        assert len(match.journal) == before + 1, driver.app.toasts.message
        assert match.journal[before].intent == intent
        moves += 1
        assert moves < 400
    results = driver.app.scenes.top
    outcome = match.rules.outcome(match.state)
    assert outcome.finished
    assert results.outcome == outcome
    winner = match.seats[outcome.winners[0]]
    assert winner in results.headline
    # The results screen offers a rematch with the starter swapped.
    driver.click(_center(driver.app.layouts["results"]["rematch"]))
    rematch = driver.app.scenes.top
    assert isinstance(rematch, TableScene) and rematch.match.seats == ("Saruman", "Gandalf")


def test_three_clicks_from_launch_to_the_first_roll_with_remembered_names(driver):
    app = driver.app
    app.settings.names["dice-realms"] = ["Ann", "Bo"]
    driver.click(_center(app.layouts["title"]["new_game"]))                 # 1
    picker = app.scenes.top
    quick = next(b for b in picker.buttons if b.text.startswith("Play"))
    driver.click(quick.rect.center)                                          # 2
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.match.seats == ("Ann", "Bo")
    driver.settle()
    driver.click(table.view.buttons["roll"].rect.center)                     # 3
    assert [e.intent.to_str() for e in table.match.journal] == ["roll seat=0"]


def scripted_table(driver, dice):
    """A table whose dice are forced, so a test knows what it will see."""
    from tabletop.core.controller import MatchController
    from tabletop.core.rng import ScriptedRandom

    match = MatchController(get_rules("dice-realms"), None, ["Gandalf", "Saruman"], 1, rng=ScriptedRandom(dice))
    driver.app.saves.start(match)
    table = TableScene(driver.app, match)
    driver.app.scenes.push(table)
    driver.settle()
    return table


def test_an_illegal_click_shows_the_rules_reason_and_changes_nothing(driver):
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6", "M4 Y5 W6"])
    match, view = table.match, table.view
    driver.click(view.buttons["roll"].rect.center)
    driver.settle()
    driver.play_intent(match.rules.intents.parse("pick seat=0 die=blue realm=blue cell=1"))
    assert match.state.dice.forgotten == ("red", "green")
    before = len(match.journal)
    driver.click(view.sprites["red"].rect().center)
    assert len(match.journal) == before
    assert driver.app.toasts.message == "The red die is not in the Dice tray: it lies in the Forgotten Realm."
    # A cell the selected die cannot take: the rules' reason, nothing applied.
    driver.click(view.buttons["roll"].rect.center)
    driver.settle()
    before = len(match.journal)
    driver.click(view.sprites["magenta"].rect().center)
    assert view.selected_die == "magenta"
    driver.click(driver.cell_center(0, "magenta", "5"))
    assert len(match.journal) == before
    assert "fits cell 1 only, not cell 5" in driver.app.toasts.message
    # A click on the other player's grimoire says whose decision it is.
    driver.click(driver.cell_center(1, "yellow", "1"))
    assert len(match.journal) == before and "Gandalf who decides now" in driver.app.toasts.message


def test_undo_button_follows_the_controller_and_says_why(driver):
    table = scripted_table(driver, ["R1 G6 B6 M6 Y6 W6"])
    match = table.match
    undo = _center(driver.app.layouts["table"]["undo"])
    driver.click(table.view.buttons["roll"].rect.center)
    driver.settle()
    assert not table.undo_button.enabled
    driver.click(undo)
    assert "rolled" in driver.app.toasts.message and len(match.journal) == 1
    state_after_roll = match.state
    driver.play_intent(match.rules.intents.parse("pick seat=0 die=red realm=red cell=tail-1"))
    assert table.undo_button.enabled and len(match.journal) == 2
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert match.state is state_after_roll and len(match.journal) == 1
    assert table.view.sprites["red"].face == 1        # the picture follows the undo


def test_the_arcane_boost_button_lights_up_each_die_that_can_be_boosted(driver):
    from dataclasses import replace

    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    match, view = table.match, table.view
    state = match.states[0]
    gandalf = replace(state.players[0], arcane_boosts=1)
    match.states[0] = replace(state, players=(gandalf, state.players[1]))   # as if earned earlier
    view.sync()
    driver.click(view.buttons["roll"].rect.center)
    driver.settle()
    driver.play_intent(match.rules.intents.parse("pick seat=0 die=white realm=yellow cell=1"))
    boost = view.buttons["boost"]
    assert match.state.flow.stage == "active_boost" and boost.visible and boost.enabled
    assert boost.text == "Arcane Boost (1)"
    driver.click(boost.rect.center)
    first = view.selected_die
    assert first in view.choices.die_targets
    driver.click(boost.rect.center)
    assert view.selected_die != first                   # the next boostable die
    target = next(iter(view.choices.die_targets[view.selected_die]))
    driver.click(driver.cell_center(0, *target))
    driver.settle()
    assert match.journal[-1].intent.to_str().startswith("boost seat=0 die=")
    assert match.state.flow.stage == "passive_pick" and not view.buttons["boost"].visible
