"""Bots at the real table: a seat set to a bot at seat setup is played by the game's bot, at a pace the table
can follow or at once; the cover comes only between humans; nobody clicks for a bot."""

import time

import pytest

from tabletop.registry import game_ids

from .driver import Driver, click_route


def open_game_with_kinds(driver: Driver, game_id: str, kinds: list[str]):
    """Title -> New game -> the tile -> each seat's kind button clicked to ``kinds`` -> Start, by clicks."""
    app = driver.app
    driver.click(app.scenes.top.buttons[1].rect.center)                 # New game
    driver.click(dict(app.scenes.top.tiles)[game_id].center)
    seats = app.scenes.top
    while len(seats.fields) < len(kinds):
        driver.click(seats.add_button.rect.center)
    for index, kind in enumerate(kinds):
        while seats.kinds[index] != kind:
            driver.click(seats.kind_buttons[index].rect.center)
    driver.click(seats.buttons[0].rect.center)                          # Start
    table = app.scenes.find("table")
    assert table is not None
    return table


def play_until_results(driver: Driver, limit: int = 20000) -> None:
    app = driver.app
    for _ in range(limit):
        if app.scenes.top.scene_name == "results":
            return
        assert app.scenes.top.scene_name == "table", f"{app.scenes.top.scene_name} over the table of bots"
        driver.frames(1)
    raise AssertionError("the bots did not finish the game")


@pytest.mark.slow
@pytest.mark.parametrize("game", game_ids())
def test_bots_play_a_whole_game_through_the_real_table_with_no_cover(app, game):
    app.settings.bots = "instant"
    driver = Driver(app)
    table = open_game_with_kinds(driver, game, ["easy", "strong"])
    assert table.match.seat_kinds == ("easy", "strong")
    assert table.legal() == ()                     # nobody at the screen may click for a bot
    play_until_results(driver)
    assert table.match.finished and table.shows is None


def test_one_human_against_a_bot_never_sees_the_cover_nor_the_bots_hand(app):
    app.settings.bots = "instant"
    driver = Driver(app)
    table = open_game_with_kinds(driver, "dice-cards", ["human", "strong"])
    rules = table.match.rules
    covers = 0
    for _ in range(400):
        top = app.scenes.top.scene_name
        covers += top == "pass_device"
        if top == "results":
            break
        assert table.shows == 0
        state = table.match.state
        if state.to_act == 0 and not table.view.busy:
            # The human's move, straight through the table (the by-mouse tests click their way).
            assert table.legal() == rules.legal_intents(state)
            table.submit(rules.playout_bot(len(table.match.journal)).choose(table.legal()))
        seen = table.seen_state()
        if state.flow.stage != "deck":
            assert all(die.value == 0 for die in seen.duelists[1].hand)
        driver.frames(1)
    assert covers == 0
    assert len(table.match.journal) > 10 and any(kind == "strong" for kind in table.match.seat_kinds)


def test_a_paced_bot_thinks_aloud_then_moves_after_a_moment(app):
    app.settings.bots = "paced"
    driver = Driver(app)
    table = open_game_with_kinds(driver, "elementalis", ["strong", "human"])
    assert table.bot_to_act() == 0
    # The banner says it thinks, then names its choice (a quick bot may have chosen already).
    turn = table.bots.turn
    assert "is thinking" in table.thinking_line() or table.thinking_line() == table.bots.preview(
        turn.choice, table.match.state, table.shows)
    driver.frames(2)
    assert len(table.match.journal) == 0                   # it waits a moment, even when it chose at once
    started = time.monotonic()
    previews = set()
    while not table.match.journal and time.monotonic() - started < 30:
        driver.frames(1)
        time.sleep(0.002)                                 # the bot thinks in a thread, in real time
        if not table.match.journal and "is thinking" not in table.thinking_line():
            previews.add(table.thinking_line())
    assert len(table.match.journal) == 1                  # one move, after the pause, not a burst
    # Before it applied, the banner showed the choice: the bot's own reason for it (its decide), naming the
    # bot and what it takes, as the log then does.
    assert previews and all(p.startswith("Ada: ") or p in table.log.lines for p in previews), (
        previews, table.log.lines[-3:])
    assert table.match.journal[0].intent.seat == 0


def test_a_bot_takes_over_a_seat_from_the_pause_menu_and_gives_it_back(app):
    app.settings.bots = "instant"
    driver = Driver(app)
    table = open_game_with_kinds(driver, "elementalis", ["human", "human"])
    assert table.bot_to_act() is None
    driver.key(__import__("pygame").K_ESCAPE)                        # the pause menu
    pause = app.scenes.top
    assert pause.scene_name == "pause"
    seats_button = next(b for b in pause.buttons if b.text == "Seats and bots")
    driver.click(seats_button.rect.center)
    seats = app.scenes.top
    assert seats.scene_name == "seat_kinds"
    driver.click(seats.kind_buttons[0].rect.center)                   # Ann leaves: an easy bot takes her seat
    assert table.match.seat_kinds == ("easy", "human")
    saved = __import__("json").loads(app.saves.file_of(table.match).read_text())
    assert [seat.get("kind") for seat in saved["seats"]] == ["easy", "human"]     # kept with the match
    driver.click(seats.done.rect.center)
    driver.click(next(b for b in app.scenes.top.buttons if b.text == "Resume").rect.center)
    for _ in range(100):
        driver.frames(1)
        if table.match.journal:
            break
    assert table.match.journal and table.match.journal[0].intent.seat == 0      # the bot played Ann's move
    driver.key(__import__("pygame").K_ESCAPE)
    driver.click(next(b for b in app.scenes.top.buttons if b.text == "Seats and bots").rect.center)
    seats = app.scenes.top
    from tabletop.core.protocol import bot_levels
    for _ in bot_levels(table.match.rules, table=True):             # the other levels seated, then human again
        driver.click(seats.kind_buttons[0].rect.center)
    # Ann is back.
    assert table.match.seat_kinds == ("human", "human") and not table.bots


def test_the_table_asks_the_rules_for_the_hand_over_once_per_position(app, monkeypatch):
    app.settings.bots = "instant"
    driver = Driver(app)
    table = open_game_with_kinds(driver, "dice-realms", ["human", "human"])
    rules = table.match.rules
    asked: list = []
    real = type(rules).private_seat
    monkeypatch.setattr(type(rules), "private_seat", lambda self, state: (asked.append(state), real(self, state))[1])
    for _ in range(6):
        while app.scenes.top.scene_name == "pass_device":
            driver.click(app.scenes.top.ready.rect.center)
            driver.settle()
        click_route(driver, table.match.legal_intents()[0])
        driver.settle()
    assert asked, "the table never asked"
    assert len(asked) == len({id(state) for state in asked})      # never twice for the same position
