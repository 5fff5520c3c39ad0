"""Learn at the table: every tutorial plays to its end on the real table, the coach accepts only the taught
click (anything else gets a gentle line, never an error sound), a tutorial left part of the way is continued
where it was, and the end hands over to a real game."""

from __future__ import annotations

import pygame
import pytest

from tabletop.app.lesson import LessonRun, check_rules_level, lesson_games, load_lesson
from tabletop.app.tutorial import TutorialScene, check_tutorial, saved_step
from tabletop.cli import main

from .driver import Driver, open_new_game  # noqa: F401 - the driver is the shared way to click

GAMES = lesson_games()


def test_dice_realms_has_a_tutorial():
    assert "dice-realms" in GAMES


@pytest.mark.parametrize("game", GAMES)
def test_every_step_of_the_tutorial_is_legal_by_the_rules(game):
    assert check_rules_level(game) == []
    run = LessonRun(load_lesson(game))
    run.skip_to(len(run.lesson.steps))
    assert run.done


@pytest.mark.parametrize("game", GAMES)
def test_the_tutorial_plays_to_its_end_on_the_table_click_by_click(app, game):
    problems = check_tutorial(app, game, say=lambda line: None)
    assert problems == []


def _broken(tmp_path, game: str, old: str, new: str):
    source = load_lesson(game).path.read_text(encoding="utf-8")
    assert old in source
    path = tmp_path / "tutorial.yaml"
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    return load_lesson(game, path)


def test_a_step_whose_move_is_not_legal_fails_the_check(app, tmp_path):
    lesson = _broken(tmp_path, "dice-realms", "do: pick seat=0 die=blue realm=blue cell=1",
                     "do: pick seat=0 die=red realm=red cell=head-2")
    problems = check_tutorial(app, "dice-realms", say=lambda line: None, lesson=lesson)
    assert problems and "is not legal here" in problems[0]


def test_a_pointer_that_names_nothing_fails_the_check(app, tmp_path):
    lesson = _broken(tmp_path, "dice-realms", "point: area:forgotten", "point: area:no_such_place")
    problems = check_tutorial(app, "dice-realms", say=lambda line: None, lesson=lesson)
    assert any("names nothing on screen" in problem for problem in problems)


def test_a_text_too_long_for_the_coach_fails_the_check(app, tmp_path):
    long_words = " ".join(["Emberfall"] * 400)
    lesson = _broken(tmp_path, "dice-realms", 'say: "Welcome to Dice Realms!', f'say: "{long_words} Welcome!')
    problems = check_tutorial(app, "dice-realms", say=lambda line: None, lesson=lesson)
    assert any("too long for the coach" in problem for problem in problems)


def test_the_cli_checks_every_tutorial(capsys):
    assert main(["tutorial", "--check"]) == 0
    assert "0 problem(s)" in capsys.readouterr().out


def _open(driver: Driver, resume: int = 0) -> TutorialScene:
    scene = driver.app.scenes.open("tutorial", game="dice-realms", resume=resume)
    driver.settle()
    return scene


def test_only_the_taught_click_is_taken_and_another_gets_a_gentle_line(driver, monkeypatch):
    sounds: list[str] = []
    monkeypatch.setattr(driver.app.audio, "play", lambda name, *args, **kwargs: sounds.append(name))
    scene = _open(driver)
    match = scene.match
    # A talk step: a click on the board does nothing but say how to go on.
    driver.click(scene.view.buttons["roll"].rect.center)
    assert not match.journal and "Next" in scene.nudge
    driver.click(scene.next_button.rect.center)
    assert scene.run.index == 1
    # The roll is taught: the coach points at the Roll button; a die is not what it teaches.
    assert scene.pointer() == scene.view.buttons["roll"].rect
    driver.click(driver.cell_center(0, "yellow", "1"))
    assert not match.journal and "coach points" in scene.nudge
    assert "error" not in sounds
    driver.click(scene.view.buttons["roll"].rect.center)
    driver.settle()
    assert [entry.intent.to_str() for entry in match.journal] == ["roll seat=0"]
    assert scene.run.index == 2 and scene.nudge == ""
    # The pick: first the die (the coach then points at the Hydra head), another die is refused gently.
    driver.click(scene.view.sprites["white"].rect().center)
    assert scene.view.selected_die is None and "coach points" in scene.nudge
    assert scene.pointer() == scene.view.sprites["blue"].rect() or scene.pointer().center == \
        scene.view.sprites["blue"].rect().center
    driver.click(scene.view.sprites["blue"].rect().center)
    assert scene.view.selected_die == "blue"
    assert scene.pointer().center == driver.cell_center(0, "blue", "1")
    driver.click(driver.cell_center(0, "blue", "1"))
    driver.settle()
    assert match.journal[-1].intent.to_str() == "pick seat=0 die=blue realm=blue cell=1"
    assert "error" not in sounds
    assert not scene.undo_button.enabled


def test_a_tutorial_left_part_way_is_continued_where_it_was(driver):
    scene = _open(driver)
    driver.click(scene.next_button.rect.center)
    driver.click(scene.view.buttons["roll"].rect.center)
    driver.settle()
    assert saved_step("dice-realms") == 2
    state = scene.match.state
    driver.app.scenes.pop()                       # left (Menu -> quit, or the window closed)
    again = _open(driver, resume=saved_step("dice-realms"))
    assert again.run.index == 2 and again.match.state == state


def test_the_end_offers_a_real_game_against_the_strong_bot(driver):
    lesson = load_lesson("dice-realms")
    scene = _open(driver, resume=len(lesson.steps))
    assert scene.run.done and scene.coach_buttons() == [scene.leave_button, scene.play_on_button]
    driver.frames(2)
    driver.click(scene.play_on_button.rect.center)
    table = driver.app.scenes.top
    assert table.scene_name == "table" and not table.match.journal
    assert table.match.seat_kinds == ("human", "strong")
    assert saved_step("dice-realms") == 0
    driver.settle()
    assert table.hints.seat() == 0 and table.hints.button.visible     # hints are still at hand


def test_learn_to_play_on_the_tile_opens_the_tutorial(driver):
    app = driver.app
    driver.click(app.scenes.top.buttons[1].rect.center)                 # New game
    picker = app.scenes.top
    assert picker.scene_name == "picker"
    driver.click(picker.learn_buttons["dice-realms"].rect.center)
    assert app.scenes.top.scene_name == "tutorial"


def test_learn_to_play_in_the_rules_opens_the_tutorial_and_not_twice(driver):
    app = driver.app
    rules = app.scenes.open("rules", game_id="dice-realms")
    assert rules.learn.visible
    driver.click(rules.learn.rect.center)
    tutorial = app.scenes.top
    assert tutorial.scene_name == "tutorial"
    driver.key(pygame.K_F1)
    assert app.scenes.top.scene_name == "rules" and not app.scenes.top.learn.visible
    assert not app.scenes.open("rules", game_id=None).learn.visible


@pytest.mark.parametrize("game, step", [("dice-realms", 2), ("elemental-dice", 3), ("wizard-dice", 2), ("elementalis", 14), ("dice-cards", 9)])
def test_a_coach_mark_looks_as_it_should_at_1366_by_768(driver, game, step):
    from .test_golden_screens import check_golden

    scene = driver.app.scenes.open("tutorial", game=game, resume=step)
    driver.settle()
    assert scene.pointer() is not None
    surface = driver.app.display.surface
    scene.clock = 0.0                  # the ring's pulse at a fixed moment
    scene.draw(surface)
    check_golden(pygame.transform.smoothscale(surface, (1366, 768)), f"tutorial_{game.replace('-', '_')}")


def test_the_coach_tells_of_a_bots_move_only_once_the_table_has_shown_it(driver):
    lesson = load_lesson("dice-realms")
    index = next(number for number, step in enumerate(lesson.steps)
                 if step.do and step.say and "seat=1" in step.do)
    scene = _open(driver, resume=index)
    step = scene.run.step
    assert scene.run.index == index and not scene.waiting_for_next()
    assert scene.coach_words()[1] == "Watch Brom's move."          # not yet what the move will be
    for _ in range(400):                                          # the bot moves at its pace
        driver.frames(1)
        if scene.run.telling:
            break
    assert scene.run.telling and scene.match.journal[-1].intent.to_str() == step.do
    driver.settle()
    assert not scene.view.busy and scene.coach_words()[1] == step.say and scene.waiting_for_next()
    driver.frames(1)
    driver.click(scene.next_button.rect.center)
    assert scene.run.index == index + 1 and not scene.run.telling


def test_a_click_on_the_coachs_box_goes_no_further(driver, monkeypatch):
    opened: list[str] = []
    scene = _open(driver)
    monkeypatch.setattr(scene, "open_rules", lambda: opened.append("rules"))
    driver.frames(1)
    box = scene.coach_box
    assert box is not None
    for button in scene.buttons + list(scene.view.buttons.values()):
        if box.colliderect(button.rect):
            spot = box.clip(button.rect).center
            if not scene.next_button.rect.collidepoint(spot):
                driver.click(spot)
    driver.click((box.left + 4, box.top + 4))
    assert not opened and scene.run.index == 0 and not scene.match.journal


def test_learn_to_play_stays_where_it_was_once_play_again_is_offered(driver):
    app = driver.app
    before = {game: pygame.Rect(button.rect) for game, button in app.scenes.open("picker").learn_buttons.items()}
    app.scenes.pop()
    for game in before:
        app.settings.names[game] = ["Ada", "Brom"]               # a game played: Play again is offered
    picker = app.scenes.open("picker")
    picker.draw(app.display.surface)
    assert {game: button.rect for game, button in picker.learn_buttons.items()} == before
    quick = [button for button in picker.buttons if button.text.startswith("Play again")]
    assert len(quick) == len(before)
    assert not any(button.rect.colliderect(learn) for button in quick for learn in before.values())


def test_every_pick_can_be_made_as_the_coach_says_it_die_first_then_its_cell(driver):
    """The coach's words name the die, then the cell ("click the red 1, then a 1"): at every pick the learner
    is taught, a click on that die is taken (not "Not that one yet"), and the cell then makes the move, also
    where the cell alone would have made it."""
    from tabletop.app.lesson import load_lesson
    from tabletop.games.dice_realms.intents import Pick

    lesson = load_lesson("dice-realms")
    picks = [index for index, step in enumerate(lesson.steps)
             if step.do.startswith(f"pick seat={lesson.learner} ")]
    assert len(picks) >= 3
    for index in picks:
        scene = _open(driver, resume=index)
        taught = scene.run.taught()
        assert isinstance(taught, Pick), (index, taught)
        driver.click(scene.view.sprites[taught.die].rect().center)
        driver.settle()
        assert scene.nudge == "" and scene.view.selected_die == taught.die, (index, scene.nudge)
        driver.click(driver.cell_center(taught.seat, taught.realm, str(taught.cell)))
        driver.settle()
        assert scene.match.journal and scene.match.journal[-1].intent == taught, (index, scene.nudge)
        driver.app.scenes.pop()


def test_after_a_skip_ahead_no_move_from_before_is_listed_or_bright(driver):
    """The Dice Realms tutorial skips from round 3 to round 6 (an edit of the position): the moves of round 3
    made another table, so neither the recent moves beside the bot's turn nor the log's bright last turn
    tells of them."""
    from tabletop.app.lesson import load_lesson

    lesson = load_lesson("dice-realms")
    skips = [index for index, step in enumerate(lesson.steps) if step.given is not None]
    assert skips
    scene = _open(driver, resume=skips[-1])
    assert scene.match.journal and scene.match.edited_at == len(scene.match.journal)
    driver.frames(3)
    assert scene.recent_lines() == [] and scene.last_turn_lines() == 0
