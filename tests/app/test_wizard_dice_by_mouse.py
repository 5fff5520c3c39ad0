"""Wizard Dice played on the real app through posted clicks only: whole seeded games for 2, 3 and 4 wizards,
the cover before every wizard's secret turn, the reveal stepped, and the results with the core's winners."""

import time

import pygame
import pytest

from tabletop.app.screens.table import TableScene
from tabletop.core.rng import derive_seed

from .driver import open_new_game


def open_table(driver, players: int = 2) -> TableScene:
    return open_new_game(driver, "wizard-dice", players)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_whole_game_by_mouse(driver, monkeypatch, players):
    # A new match takes a random seed; a fixed one makes the game, and this test, the same every run.
    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 20261124)
    driver.app.settings.reveal = "play"          # the reveal plays through (its steps are tested below)
    table = open_table(driver, players)
    match = table.match
    assert len(match.seats) == players
    bot = match.rules.playout_bot(derive_seed(players, "mouse"))
    kinds = set()
    covers = 0
    started = time.perf_counter()
    while not match.finished:
        if driver.app.scenes.top.scene_name == "pass_device":
            holder = match.rules.private_seat(match.state)
            assert driver.app.scenes.top.player == match.seats[holder]
            covers += 1
            driver.through_cover()
            continue
        assert table.shows == match.rules.private_seat(match.state)
        legal = match.legal_intents()
        intent = bot.choose(legal, match.rules.view(match.state, match.state.to_act))
        before = len(match.journal)
        driver.play_intent(intent)
        assert len(match.journal) == before + 1, (intent.to_str(), driver.app.toasts.message)
        assert match.journal[before].intent == intent
        kinds.add(intent.KIND)
        assert len(match.journal) < 3000
    driver.settle()
    results = driver.app.scenes.top
    assert results.scene_name == "results"
    winners = match.rules.outcome(match.state).winners
    assert all(match.seats[w] in results.headline for w in winners)
    assert covers >= players
    assert {"roll", "keep", "cast", "commit"} <= kinds
    print(f"{players} wizards: {len(match.journal)} moves by mouse in {time.perf_counter() - started:.1f} s; "
          f"kinds: {sorted(kinds)}")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [20261124, 7, 11])
def test_the_reveal_waits_for_a_click_or_space(driver, monkeypatch, seed):
    # A new match takes a random seed: fixed ones make the reveals (and whoever holds the screen after them,
    # a public choice or the next wizard's secret turn) the same every run.
    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: seed)
    driver.app.settings.animation = "fast"
    table = open_table(driver, 2)
    match = table.match
    bot = match.rules.playout_bot(5)
    while not table.view.beats:
        driver.through_cover()
        legal = match.legal_intents()
        driver.play_intent(bot.choose(legal, match.rules.view(match.state, match.state.to_act)))
    view = table.view
    driver.frames(120)
    assert view.waiting and view.beats, "the reveal should stop after the casts are shown"
    # The log tells the casts, but not yet what happens to them; the screen is public now, so the log
    # speaks to everyone (no "You rolled", no private line of the last wizard to commit).
    assert any(" cast " in line for line in table.log.lines)
    assert table.log.seat is None and not any(line.startswith("You") for line in table.log.lines)
    assert table.log.held and not any("Phase" in line for line in table.log.lines[-3:])
    held = len(table.log.held)
    left = len(view.beats)
    driver.key(pygame.K_SPACE)
    driver.frames(120)
    assert len(view.beats) < left
    assert len(table.log.held) < held
    assert table.shows is None or match.rules.private_seat(match.state) is None or view.busy   # no cover mid-reveal
    left = len(view.beats)
    assert view.waiting and left > 1
    driver.click(view.geometry.reveal_rect(0, 2).center)               # a click on the table is a step too
    driver.frames(120)
    assert len(view.beats) < left and len(table.log.held) < held
    driver.click(view.action_bar.buttons[2].rect.center)                # Play all
    driver.settle(limit=4000)
    assert not view.beats
    assert not table.log.held


def test_a_refused_click_shows_the_rules_sentence(driver):
    table = open_table(driver, 2)
    driver.through_cover()
    view = table.view
    row = [s.spell_id for s in view.book.spells].index("fireball")
    driver.click(view.geometry.book_row_rect(row).center)               # before any roll
    assert driver.app.toasts.message == "Finish rolling first: keep all your dice, or roll the third time."
    assert driver.app.toasts.message == table.match.rules.why_illegal(table.match.state, view_cast(view, "fireball"))


def view_cast(view, spell):
    from tabletop.games.wizard_dice.intents import CastSpell

    seat = view.table.shows
    return CastSpell(seat, spell, view.book[spell].pattern.example(),
                     tuple(view.rules.targets(view.state, seat, view.book[spell])[:1]))
