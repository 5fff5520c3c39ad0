"""The move log: the table's box shows only whole entries, and the whole match can be read back from it."""

import pygame

from tabletop.core.bots import RandomBot
from tabletop.core.controller import MatchController
from tabletop.registry import get_rules

from .driver import Driver


def played_table(app, game: str = "elemental-dice", moves: int = 400):
    # One person against a bot: the screen is Ann's, no cover comes.
    match = MatchController(get_rules(game), None, ["Ann", "Bo"], 31, seat_kinds=("human", "easy"))
    bot = RandomBot(4)
    while len(match.journal) < moves and not match.finished:
        match.submit(bot.choose(match.legal_intents()))
    table = app.scenes.open("table", match=match)
    Driver(app).settle()
    return table


def test_the_whole_match_is_read_back_from_the_log_by_a_click_or_l(app):
    driver = Driver(app)
    table = played_table(app)
    lines = list(table.log.lines)
    assert len(lines) > 200                        # more than the log ever kept before
    driver.click(pygame.Rect(app.layouts["table"]["log"].rect).center)
    history = app.scenes.top
    assert history.scene_name == "history"
    shown = [piece for piece, _ in history.rows]
    assert " ".join(shown).split() == " ".join(lines).split()          # every line, in order
    top = history.top
    assert top > 0                                                      # opened at the newest lines
    driver.key(pygame.K_HOME)
    assert history.top == 0
    driver.key(pygame.K_PAGEDOWN)
    assert history.top == history.visible
    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top is table
    driver.key(pygame.K_l)
    assert app.scenes.top.scene_name == "history"


def test_the_log_box_shows_whole_entries_only(app, monkeypatch):
    from tabletop.app import movelog

    table = played_table(app, moves=40)
    table.log.lines = ["First " * 40 + "end.", "Second line.", "Third line."]
    drawn: list[str] = []
    real = app.text.draw

    def spy(surface, words, style, rect, **kwargs):
        drawn.append(words)
        return real(surface, words, style, rect, **kwargs)

    monkeypatch.setattr(app.text, "draw", spy)
    movelog.draw_log(app, app.display.surface, table.log)
    # The long first entry does not fit whole beside the two others: none of it is shown, not its tail.
    assert drawn == ["Second line.", "Third line."]
