"""Teaching while playing: the banner says whose turn and what to do, hovering explains, the log narrates."""

import pygame
import pytest

from tabletop.core.bots import RandomBot
from tabletop.core.controller import MatchController
from tabletop.registry import get_rules

from .test_play_by_mouse import scripted_table


def hover(driver, point):
    pos = driver.app.display.to_window(point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    driver.frames(40)           # tooltips wait a moment before appearing


def test_the_banner_names_the_player_the_role_the_roll_and_the_task(driver):
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    status = table.view.status()
    assert (status.headline, status.prompt, status.round, status.seat) == (
        "Gandalf is active  ·  Saruman waits", "Gandalf: roll the dice (roll 1 of 3).", "Round 1 of 6  ·  roll 1/3", 0)
    assert table.view.buttons["roll"].text == "Roll  1/3"
    driver.click(table.view.buttons["roll"].rect.center)
    driver.settle()
    status = table.view.status()
    assert status.prompt == "Gandalf: choose a die and the cell it attacks." and status.round.endswith("roll 1/3")
    assert table.view.buttons["roll"].text == "Rolled  1/3"          # greyed: it tells what was done
    driver.play_intent(table.match.rules.intents.parse("pick seat=0 die=red realm=red cell=tail-1"))
    # The banner and the button count the same roll: the one about to be made.
    assert table.view.status().round.endswith("roll 2/3") and table.view.buttons["roll"].text == "Roll  2/3"


def test_hovering_a_reward_a_cell_and_a_die_explains_them(driver):
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    view = table.view
    reward = next(r for r in view.map.rewards if r.goal == "row-head")
    hover(driver, view.geometry.screen_rect(0, reward.rect).center)
    assert table.tip and "Completing this row gives: Green Bonus" in table.tip[0]
    hover(driver, driver.cell_center(1, "blue", "4"))
    assert "Tide Abyss, cell 4: a blue or white die of 4 or more" in table.tip[0]
    hover(driver, view.sprites["white"].rect().center)
    assert "wild" in table.tip[0]


def test_every_event_of_a_whole_game_is_narrated_or_deliberately_silent():
    match = MatchController(get_rules("dice-realms"), None, ["Gandalf", "Saruman"], 9)
    bot = RandomBot(9)
    while not match.finished:
        match.submit(bot.choose(match.legal_intents()))
    silent = {"die-to-field", "cell-marked", "turn-ended"}
    kinds = set()
    for entry in match.journal:
        for event in entry.events:
            kinds.add(event.KIND)
            line = match.rules.narrate(event, match.state, None)
            if event.KIND in silent:
                assert line is None
            elif event.KIND == "goal-completed":
                assert line is None or "Gandalf" in line or "Saruman" in line
            else:
                assert line and ("Gandalf" in line or "Saruman" in line or line.startswith(("—", "Into"))), event
    assert {"dice-rolled", "die-used", "round-started", "game-ended"} <= kinds


@pytest.mark.slow
def test_bench_prints_its_figures(capsys):
    from tabletop.cli import main

    assert main(["bench", "--frames", "60"]) == 0
    out = capsys.readouterr().out
    for words in ("frame time p50", "p95", "p99", "launch to first interactive frame", "peak memory", "idle CPU"):
        assert words in out
