"""The move log: the table's box shows only whole entries, and the whole match can be read back from it."""

import pygame
import pytest

from tabletop.core.bots import RandomBot
from tabletop.core.controller import MatchController
from tabletop.registry import game_ids, get_rules

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


def _log_room(app, table) -> int:
    from tabletop.app.movelog import log_rect
    line = app.layouts["table"]["log_line"].rect[3]
    return log_rect(app, table.view.layout).inflate(-24, -12).height // line


@pytest.mark.parametrize("game", game_ids())
def test_every_game_leaves_its_log_six_lines_that_nothing_of_the_game_covers(app, game):
    """At 1366 x 768 the table is the 1920 x 1080 one scaled: six lines of the log must be there, and no
    button, die, card or panel a player clicks or hovers may lie under it (at the smallest and largest table)."""
    from tabletop.app.movelog import log_rect
    rules = get_rules(game)
    for players in sorted({rules.meta.min_players, rules.meta.max_players}):
        match = MatchController(rules, None, ["Ann", "Bo", "Cy", "Di", "Ed"][:players], 7)
        bot = rules.playout_bot(7)
        table = app.scenes.open("table", match=match)
        Driver(app).settle()
        box = log_rect(app, table.view.layout)
        assert _log_room(app, table) >= 6
        for button in table.buttons:
            assert not box.colliderect(button.rect), button.text
        geometry = table.view.geometry
        for _ in range(30):
            if match.finished:
                break
            for _ in range(5):
                if not match.finished:
                    match.submit(bot.choose(match.legal_intents()))
            state = match.state
            for target, rect in [*geometry.hits(state), *geometry.help_hits(state)]:
                assert not box.colliderect(rect), (players, target, rect)
        app.scenes.pop()


@pytest.mark.parametrize("game", game_ids())
def test_a_refusal_never_covers_a_button_of_the_table(app, game):
    rules = get_rules(game)
    match = MatchController(rules, None, ["Ann", "Bo", "Cy", "Di", "Ed"][:rules.meta.max_players], 7)
    table = app.scenes.open("table", match=match)
    Driver(app).settle()
    app.toasts.show("That die is not lit: choose one of the glowing dice, then one of the cells it can go to. " * 2)
    area = app.toasts.area()
    assert area.height > app.layouts["common"]["toast"].rect[3]          # a long message grows
    for button in table.buttons:
        assert not area.colliderect(button.rect), button.text
