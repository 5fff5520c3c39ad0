"""Replays: a saved or finished match opens from the title's Replays list and steps forward (with its
animations) and back move by move on the real table, as a spectator sees it, or with every hand once it
is over; a finished match exports to a file another copy opens and replays to the same end."""

import pygame

from tabletop.core.bots import RandomBot
from tabletop.core.controller import MatchController
from tabletop.registry import get_rules

from .driver import Driver
from .test_bots_at_the_table import open_game_with_kinds, play_until_results


def finish_a_duel(app, driver: Driver, game: str = "dice-cards") -> MatchController:
    app.settings.bots = "instant"
    table = open_game_with_kinds(driver, game, ["easy", "strong"])
    play_until_results(driver)
    app.scenes.pop_until("title")              # the table closes: the finished match moves to saves/finished
    return table.match


def open_replays_row(app, driver: Driver, choice: str):
    title = app.scenes.top
    driver.click(next(b for b in title.buttons if b.text == "Replays").rect.center)
    replays = app.scenes.top
    assert replays.scene_name == "replays" and replays.matches
    assert "won" in replays.buttons[0].text
    driver.click(replays.buttons[0].rect.center)
    confirm = app.scenes.top
    driver.click(next(b for b in confirm.buttons if b.text == choice).rect.center)
    return app.scenes.top


def test_a_finished_match_replays_forward_and_back_as_a_spectator_sees_it(app):
    driver = Driver(app)
    played = finish_a_duel(app, driver)
    table = open_replays_row(app, driver, "Watch")
    assert table.scene_name == "table" and table.replay
    total = len(table.match.journal)
    assert total == len(played.journal) and len(table.match.history) == 0
    for step in range(total):
        driver.key(pygame.K_RIGHT)
        driver.settle()
        assert len(table.match.history) == step + 1
        assert len(table.match.journal) == total           # the cursor moves; the match itself never changes
        seen = table.seen_state()
        if seen.flow.stage != "deck":                # a spectator never sees a hand's values
            assert all(die.value == 0 for duelist in seen.duelists for die in duelist.hand)
    assert table.match.state == played.state       # the replay reaches the same final state
    driver.key(pygame.K_LEFT)
    assert len(table.match.history) == total - 1
    driver.key(pygame.K_HOME)
    assert len(table.match.history) == 0 and table.match.state == played.states[0]
    driver.key(pygame.K_END)
    assert table.match.state == played.state
    assert app.scenes.top is table and not table.legal()
    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top.scene_name == "replays"


def test_after_the_game_a_replay_may_show_every_hand(app):
    driver = Driver(app)
    finish_a_duel(app, driver)
    table = open_replays_row(app, driver, "Watch all hands")
    shown = 0
    for _ in range(30):
        driver.key(pygame.K_RIGHT)
        driver.settle()
        seen = table.seen_state()
        shown += sum(1 for duelist in seen.duelists for die in duelist.hand if die.value)
    assert shown > 0 and table.show_all


def test_a_finished_match_exports_to_a_file_another_copy_replays_to_the_same_end(app, tmp_path):
    driver = Driver(app)
    played = finish_a_duel(app, driver, "elementalis")
    open_replays_row(app, driver, "Export to a file")
    exported = sorted((app.saves.folder.parent / "exports").glob("*.json"))
    assert len(exported) == 1
    again = MatchController.load(exported[0], get_rules)     # what another copy reads
    assert again.finished and again.state == played.state
    # Dropped into another copy's replays folder, it is listed there.
    from tabletop.app.storage import SaveSlots

    other = SaveSlots(tmp_path / "other" / "data")
    other.replays_folder.mkdir(parents=True)
    (other.replays_folder / exported[0].name).write_text(exported[0].read_text())
    assert [p.name for p in other.replay_paths()] == [exported[0].name]


def test_replays_mark_a_finished_an_unfinished_and_a_replaced_match(tmp_path):
    from tabletop.app.screens.replays import describe_match
    match = MatchController(get_rules("dice-cards"), None, ["Ann", "Bo"], 3)
    bot = RandomBot(3)
    for _ in range(5):
        match.submit(bot.choose(match.legal_intents()))
    saved = tmp_path / "dice-cards-1.json"
    replaced = tmp_path / "dice-cards-20261125-101010-abandoned.json"
    for path in (saved, replaced):
        path.write_text("{}")
    assert describe_match(match, saved).startswith("▶ Unfinished · Dice Cards: Ann vs Bo")
    assert describe_match(match, replaced).startswith("✗ Replaced, unfinished · Dice Cards")
    while not match.finished:
        match.submit(bot.choose(match.legal_intents()))
    finished = describe_match(match, saved)
    assert finished.startswith("✓ Finished · Dice Cards") and (" won" in finished or "no winner" in finished)
