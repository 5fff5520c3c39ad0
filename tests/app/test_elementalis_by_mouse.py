"""ElementaliS played on the real app through posted clicks only: whole seeded games for 2 to 5 mages,
from the draft to the results with the core's winners; no cover ever comes (nothing is hidden)."""

import time

import pytest

from tabletop.core.bots import RandomBot
from tabletop.core.rng import derive_seed

from .driver import open_new_game

#: The moves the table sends for a mage, unasked, when it is their one legal move.
UNASKED = {"pass", "forfeit", "done", "major"}


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_whole_game_by_mouse(driver, monkeypatch, players):
    # A new match takes a random seed; a fixed one makes the game, and this test, the same every run.
    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 20261124 + players)
    table = open_new_game(driver, "elementalis", players)
    match = table.match
    assert len(match.seats) == players
    bot = RandomBot(derive_seed(players, "mouse"))
    kinds, unasked = set(), set()
    started = time.perf_counter()
    while not match.finished:
        assert driver.app.scenes.top.scene_name == "table", "no cover: nothing in ElementaliS is hidden"
        intent = bot.choose(match.legal_intents())
        before = len(match.journal)
        driver.play_intent(intent)
        driver.settle()
        assert len(match.journal) >= before + 1, (intent.to_str(), driver.app.toasts.message)
        assert match.journal[before].intent == intent
        # What the table sent after it, unasked, was a mage's one legal move, only letting the game go on.
        for entry in match.journal[before + 1:]:
            assert entry.intent.KIND in UNASKED, entry.intent.to_str()
            unasked.add(entry.intent.KIND)
        kinds.add(intent.KIND)
        assert len(match.journal) < 3000
    driver.settle()
    results = driver.app.scenes.top
    assert results.scene_name == "results"
    winners = match.rules.outcome(match.state).winners
    assert all(match.seats[w] in results.headline for w in winners)
    assert {"major", "minor", "roll", "declare", "cast", "bank"} <= kinds
    print(f"{players} mages: {len(match.journal)} moves by mouse in {time.perf_counter() - started:.1f} s; "
          f"kinds: {sorted(kinds)}; sent unasked: {sorted(unasked)}")
