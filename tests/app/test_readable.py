"""Readable and self-explaining for everyone at the table: rules pages, help on every screen, names,
the words of the move log, tooltips, the banner and the final board."""

import pygame

from tabletop.app.screens.rules import RulesScene, parse_markdown
from tabletop.paths import data_path
from tabletop.registry import game_ids

from .test_play_by_mouse import scripted_table


def test_rules_pages_hold_no_developer_text_and_no_overlapping_lines(app):
    import re

    for game in [None, *game_ids()]:
        scene = RulesScene(app, game)
        words = " ".join(content for _, content in scene.blocks)
        assert not re.search(r"\b\d\d[a-z]?_[a-z_]+\b|tests/|\.yaml|<!--", words), game
        rects = [rect for rect, _, _ in scene.pieces]
        for index, rect in enumerate(rects):
            for other in rects[index + 1:]:
                assert not rect.colliderect(other), (game, rect, other)


def test_the_parser_leaves_maintainers_notes_out():
    assert parse_markdown("- a <!-- 08_x -->\n  b\n\n<!-- two\nlines -->\nc") == [("bullet", "a b"), ("paragraph", "c")]
    assert "Decisions" in data_path("dice_realms", "rules.md").read_text()


def test_f1_opens_help_on_every_screen(driver):
    app = driver.app
    for reach in (lambda: None, lambda: driver.click(app.scenes.top.buttons[1].rect.center),
                  lambda: driver.click(dict(app.scenes.top.tiles)["dice-realms"].center)):
        reach()
        before = app.scenes.top
        driver.key(pygame.K_F1)
        assert app.scenes.top.scene_name == "rules"
        driver.key(pygame.K_F1)
        assert app.scenes.top is before


def test_tab_moves_between_names_and_enter_starts(driver):
    app = driver.app
    driver.click(app.scenes.top.buttons[1].rect.center)
    driver.click(dict(app.scenes.top.tiles)["dice-realms"].center)
    seats = app.scenes.top
    driver.key(pygame.K_TAB)
    assert seats.fields[0].focused
    driver.key(pygame.K_TAB)
    assert seats.fields[1].focused and not seats.fields[0].focused
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert seats.fields[0].focused
    driver.key(pygame.K_RETURN)
    assert app.scenes.top.scene_name == "table"


def test_an_option_explains_itself_on_hover(driver, monkeypatch):
    app = driver.app
    driver.click(app.scenes.top.buttons[1].rect.center)
    driver.click(dict(app.scenes.top.tiles)["dice-realms"].center)
    seats = app.scenes.top
    option = seats.option_buttons[0]
    shown = []
    draw = app.text.draw
    # The seat screen says it in its help box, which covers no option or button.
    monkeypatch.setattr(app.text, "draw", lambda surface, text, style, rect, **kw: (
        shown.append(text) if pygame.Rect(rect).colliderect(seats.help_rect) else None,
        draw(surface, text, style, rect, **kw))[1])
    pos = app.display.to_window(option.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    driver.frames(1)
    assert shown and "What a Yellow Bonus writes" in shown[-1]


def test_the_log_says_in_words_what_undo_took_back(driver):
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    driver.click(table.view.buttons["roll"].rect.center)
    driver.settle()
    driver.play_intent(table.match.rules.intents.parse("pick seat=0 die=red realm=red cell=tail-1"))
    driver.click(table.undo_button.rect.center)
    line = table.log.lines[-1]
    assert line.startswith("Taken back: Gandalf selects the red die") and "seat=" not in line


def test_a_tooltip_goes_away_on_a_click(driver):
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    reward = next(r for r in table.view.map.rewards if r.goal == "row-head")
    point = table.view.geometry.screen_rect(0, reward.rect).center
    pos = driver.app.display.to_window(point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    driver.frames(40)
    assert table.tip is not None
    driver.click(point)
    assert table.tip is None


def test_in_the_essence_shift_the_tags_name_who_chooses(driver):
    import random

    from tabletop.app.matches import start_match

    start_match(driver.app, "dice-realms", ["Gandalf", "Saruman"], {})
    table = driver.table()
    chooser = random.Random(3)
    while table.match.state.flow.stage != "essence_shift":
        table.match.submit(chooser.choice(list(table.match.legal_intents())))
    table.view.sync()
    seat = table.match.state.to_act
    assert table.view.role_of(seat) == "essence shift" and table.view.role_of(1 - seat) == ""


def test_escape_on_the_results_shows_the_final_board_and_comes_back(driver):
    import random

    from tabletop.app.matches import start_match

    start_match(driver.app, "dice-realms", ["Gandalf", "Saruman"], {})
    table = driver.table()
    chooser = random.Random(4)
    while not table.match.finished:
        table.submit(chooser.choice(list(table.match.legal_intents())))
        driver.settle()
    driver.settle()
    results = driver.app.scenes.top
    assert results.scene_name == "results"
    driver.key(pygame.K_ESCAPE)
    assert driver.app.scenes.top is table and table.shows is None
    driver.key(pygame.K_ESCAPE)
    assert driver.app.scenes.top is results


def test_long_text_is_cut_after_a_whole_word_with_an_ellipsis(app):
    text = app.text
    width = text.size("Bartholomew the", "bold", 38)[0] + text.size("\u2026", "bold", 38)[0] + 4
    assert text.clip("Bartholomew the Great is active", "bold", 38, width) == "Bartholomew the\u2026"
    narrow = text.size("Barth", "bold", 38)[0]
    assert text.clip("Bartholomew", "bold", 38, narrow).endswith("\u2026")
    assert text.clip("Bo", "bold", 38, 500) == "Bo"


def test_names_the_font_cannot_draw_fall_back_to_one_that_can(app):
    text = app.text
    hebrew = "\u05e9\u05dc\u05d5\u05dd"          # shalom
    assert text.runs(hebrew, "bold") == [("bold_fallback", hebrew[::-1])]      # drawn right to left
    assert text.runs("Ann \U0001F600", "regular")[-1][0] == "regular_fallback"
    assert text.runs("Ann", "bold") == [("bold", "Ann")]
    # A character no font here can draw becomes a visible question mark, never an empty box.
    assert text.runs("\u65e5", "regular") == [("regular", "?")]
    image = text.render("Bo " + hebrew, "bold", 38, (255, 255, 255, 255))
    assert image.get_width() == text.size("Bo " + hebrew, "bold", 38)[0] > text.size("Bo ", "bold", 38)[0]
