"""Hint: the strong bot's choice for the human seat to act, from that seat's view only, shown on the table with
one sentence why; counted per player in the match record; off in the demo and when the setting says so."""

from __future__ import annotations

import json
import random
import time

import pygame
import pytest

from tabletop.app.hints import hint_for, match_hint
from tabletop.app.screens.table import TableScene
from tabletop.cli import main
from tabletop.core.controller import MatchController, MatchRecord
from tabletop.core.simulate import DEFAULT_SEATS
from tabletop.registry import game_ids, get_rules

from .driver import Driver


@pytest.mark.parametrize("game", game_ids())
def test_the_cli_prints_a_legal_hint_as_json(game, capsys):
    assert main(["hint", "--game", game, "--seed", "3", "--moves", "9"]) == 0
    printed = json.loads(capsys.readouterr().out)
    rules = get_rules(game)
    match = MatchController(rules, None, ["Ada", "Brom", "Cyd", "Dee", "Eli"][:rules.meta.min_players], 3)
    assert printed["legal"] is True and printed["reason"]
    assert rules.intents.parse(printed["intent"]).to_str() == printed["intent"]
    assert printed["seat"] in range(len(match.seats))


@pytest.mark.parametrize("game", [game for game in game_ids() if get_rules(game).meta.hidden_information])
def test_a_hint_is_the_same_whatever_the_others_hide(game):
    rules = get_rules(game)
    compared = 0
    for index in range(6):
        match = MatchController(rules, None, DEFAULT_SEATS[:rules.meta.min_players], 900 + index)
        playout = rules.playout_bot(index)
        for _ in range(8 + 5 * index):
            if match.finished:
                break
            match.submit(playout.choose(match.legal_intents()))
        if match.finished:
            continue
        state = match.state
        seat = state.to_act
        view = rules.view(state, seat)
        hint = hint_for(rules, state, seat, 11)
        assert hint is not None and hint.intent in rules.legal_intents(state)
        for sample in range(2):
            other = rules.determinize(view, seat, random.Random(sample))
            again = hint_for(rules, other, seat, 11)
            assert again == hint, f"{game}: {hint} on the real state, {again} on a resampled one"
            compared += 1
    assert compared


def _table(app, game: str = "dice-realms", kinds=("human", "strong")) -> TableScene:
    rules = get_rules(game)
    match = MatchController(rules, None, ["Ada", "Brom"], 5, seat_kinds=kinds)
    table = TableScene(app, match)
    app.scenes.push(table)
    return table


def test_h_shows_the_hint_glowing_on_its_next_click_and_counts_it(app):
    driver = Driver(app)
    table = _table(app)
    driver.settle()
    assert table.hints.seat() == 0
    driver.key(pygame.K_h)
    hint = table.hints.current()
    assert hint is not None and hint.intent in table.match.legal_intents()
    assert hint == match_hint(table.match, 0)
    assert table.hints.pointer() == table.view.buttons["roll"].rect        # the first roll: Roll glows
    assert table.match.hints_used == [1, 0]
    driver.key(pygame.K_h)                                                  # pressed again: hidden
    assert table.hints.current() is None and table.match.hints_used == [1, 0]
    driver.click(table.hints.button.rect.center)                            # the button does the same
    assert table.hints.current() is not None and table.match.hints_used == [2, 0]
    driver.click(table.view.buttons["roll"].rect.center)
    driver.settle()
    assert table.hints.current() is None                                    # a move was made: it is gone


def test_the_count_of_hints_survives_a_save_and_shows_on_the_results(app):
    table = _table(app)
    table.hints.toggle()
    record = MatchRecord.from_json(table.match.record().to_json())
    assert record.hints == (1, 0)
    again = MatchController.from_record(record, get_rules)
    assert again.hints_used == [1, 0]
    results = app.scenes.open("results", match=again)
    assert results.hints_line() == "Hints used: Ada 1, Brom 0"
    plain = MatchController(get_rules("dice-realms"), None, ["Ada", "Brom"], 5)
    assert "hints" not in json.loads(plain.record().to_json())             # no hint: the file is as before


def test_no_hint_when_the_setting_is_off_in_the_demo_or_for_a_bot(app):
    app.settings.hints = False
    table = _table(app)
    Driver(app).key(pygame.K_h)
    assert table.hints.current() is None and table.hints.seat() is None
    app.settings.hints = True
    assert table.hints.seat() == 0
    table.demo = True
    assert table.hints.seat() is None
    table.demo = False
    bots = _table(app, kinds=("strong", "strong"))
    assert bots.hints.seat() is None


def test_the_settings_screen_turns_hints_off_and_on(app):
    settings = app.scenes.open("settings")
    button = settings.buttons[8]
    settings.draw(app.display.surface)
    assert button.text.startswith("On")
    button.on_click()
    settings.draw(app.display.surface)
    assert app.settings.hints is False and button.text == "Off"


def test_a_slow_hint_is_worked_out_in_a_thread_and_the_screen_stays_alive(app, monkeypatch):
    import threading
    import tabletop.app.hints as hints

    release = threading.Event()
    real = hints.match_hint

    def slow(match, seat):
        release.wait(5)
        return real(match, seat)

    monkeypatch.setattr(hints, "match_hint", slow)
    driver = Driver(app)
    table = _table(app)
    driver.settle()
    driver.key(pygame.K_h)
    assert table.hints.thinking and table.hints.current() is None and table.busy
    driver.frames(2)                                    # frames go on while it thinks
    release.set()
    table.hints._thinking[1].join(5)
    assert table.hints.current() is not None and not table.hints.thinking


def test_a_bot_that_explains_itself_gives_the_hint_its_reason_and_the_banner_its_words(app, monkeypatch):
    rules = get_rules("dice-realms")
    real = rules.make_bot

    class Explaining:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, legal, view):
            return self.bot.choose(legal, view)

        def decide(self, view, rng):
            legal = rules.legal_intents(view)
            return legal[-1], "the last move is always best"

    monkeypatch.setattr(rules, "make_bot", lambda level, seed, seat: Explaining(real(level, seed, seat)))
    match = MatchController(rules, None, ["Ada", "Brom"], 5)
    hint = match_hint(match, 0)
    assert hint.intent == rules.legal_intents(match.state)[-1]
    assert hint.reason == "the last move is always best"
    table = _table(app, kinds=("strong", "human"))
    turn = table.bots._start(table.match.state, 0, 0.0, paced=False)
    assert turn.reason == "the last move is always best"
    turn.shown_at = 0.0
    table.bots.turn = turn
    assert table.bots.line() == "Ada: the last move is always best"


def _hint_on_screen(driver: Driver, table: TableScene) -> pygame.Rect:
    driver.key(pygame.K_h)
    for _ in range(200):                          # a hint worked out in its thread (a search may take a moment)
        driver.frames(1)
        if table.hints.current() is not None:
            break
        time.sleep(0.05)
    driver.frames(1)
    assert table.hints.current() is not None and table.hints.box is not None
    return pygame.Rect(table.hints.box)


def test_the_hint_box_closes_with_esc_or_a_click_and_a_click_elsewhere_goes_on(app):
    driver = Driver(app)
    table = _table(app)
    driver.settle()
    box = _hint_on_screen(driver, table)
    driver.key(pygame.K_ESCAPE)                                  # Esc closes the hint, not the table
    assert table.hints.current() is None and app.scenes.top is table
    box = _hint_on_screen(driver, table)
    driver.click(box.center)                                     # a click on the box closes it, nothing else
    assert table.hints.current() is None and not table.match.journal and app.scenes.top is table
    _hint_on_screen(driver, table)
    driver.click(table.view.buttons["roll"].rect.center)         # a click elsewhere closes it and is a click
    driver.settle()
    assert table.hints.current() is None
    assert table.match.journal[-1].intent.to_str().startswith("roll")


@pytest.mark.parametrize("game", game_ids())
def test_the_hint_box_never_covers_the_tables_buttons(app, game):
    driver = Driver(app)
    rules = get_rules(game)
    match = MatchController(rules, None, DEFAULT_SEATS[:rules.meta.min_players], 5,
                            seat_kinds=("human",) * rules.meta.min_players)
    table = TableScene(app, match)
    app.scenes.push(table)
    driver.settle()
    while app.scenes.top is not table:
        app.scenes.pop()                                          # a cover for the first seat
    box = _hint_on_screen(driver, table)
    covered = [button.text for button in table.buttons if button.visible and box.colliderect(button.rect)]
    assert not covered, f"{game}: the hint's box covers {covered}"
    bars = [getattr(table.view, name, None) for name in ("action_bar", "menu_bar")]
    covered = [button.text for bar in bars if bar is not None for button in bar.buttons
               if button.visible and box.colliderect(button.rect)]
    assert not covered, f"{game}: the hint's box covers {covered}"
