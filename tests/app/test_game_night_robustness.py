"""The app always starts and never loses a match without asking: hostile saves and settings, a broken
home folder, a full disk, two copies of the app, a new game beside an unfinished one, and screens that fail."""

import errno
import json
import os
import subprocess
import sys
import textwrap
import time

import pygame
import pytest

from tabletop.app.main import run_app
from tabletop.app.storage import SaveLock, SaveSlots
from tabletop.core.controller import MatchController
from tabletop.registry import get_rules

from .conftest import make_app
from .driver import Driver

GOOD = {"format": "dice-tabletop-match", "version": 1, "game": "dice-realms", "options": {},
        "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}], "seed": 1,
        "setup_outcomes": [], "intents": [{"intent": "roll seat=0", "outcomes": [1, 2, 3, 4, 5, 6]}],
        "finished": False}


def hostile(kind: str) -> str:
    if kind == "brackets":
        return "[" * 5000
    data = json.loads(json.dumps(GOOD))
    if kind == "long seed":
        return json.dumps(data).replace('"seed": 1', '"seed": ' + "7" * 5000)
    if kind == "unknown game":
        data["game"] = "chess"
    elif kind == "nul in a name":
        data["seats"][0]["name"] = "An\u0000n"
    elif kind == "lone surrogate":
        return json.dumps(data).replace('"Ann"', '"\\ud800Ann"')
    elif kind == "megabyte name":
        data["seats"][0]["name"] = "A" * 1_000_000
    elif kind == "finished is not a boolean":
        data["finished"] = "no"
    elif kind == "huge file":
        data["padding"] = "x" * (5 * 1024 * 1024)
    return json.dumps(data)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", ["brackets", "long seed", "unknown game", "nul in a name", "lone surrogate",
                                  "megabyte name", "finished is not a boolean", "huge file"])
def test_a_hostile_save_is_set_aside_with_a_plain_sentence_and_the_app_starts(private_user_dir, kind):
    saves = private_user_dir / "saves"
    saves.mkdir(parents=True)
    (saves / "dice-realms.json").write_text(hostile(kind), encoding="utf-8", errors="surrogatepass")
    assert run_app(frames=5, windowed=True) == 0              # the real start-up, not only the title
    app = make_app()
    try:
        title = app.scenes.top
        assert title.scene_name == "title" and not title.buttons[0].visible
        kept = list(saves.glob("dice-realms.damaged-*.json"))
        assert kept or "could not be continued" in title.message
        for developer_words in ("Traceback", "codec", "string indices", "JSON at line", "Error"):
            assert developer_words not in title.message
    finally:
        pygame.quit()
    assert not (private_user_dir / "logs" / "errors.log").exists()


@pytest.mark.timeout(20)
def test_a_fifo_at_the_save_path_is_refused_without_blocking(private_user_dir):
    saves = private_user_dir / "saves"
    saves.mkdir(parents=True)
    os.mkfifo(saves / "dice-realms.json")
    slots = SaveSlots()
    found, problems = slots.unfinished()             # a FIFO opened would block: the timeout would fail it
    assert not found
    assert problems and "not an ordinary file" in problems[0]


def test_orphaned_temporary_files_are_cleaned_at_start(private_user_dir):
    # Old or fresh, a temporary file whose save no running copy holds is a kill's leftover (see also
    # test_files_from_elsewhere.py: one whose save another copy holds is kept).
    saves = private_user_dir / "saves"
    saves.mkdir(parents=True)
    orphan = saves / ".dice-realms.json.abc123.tmp"
    orphan.write_text("half a save")
    old = time.time() - 3600
    os.utime(orphan, (old, old))
    fresh = saves / ".dice-realms.json.def456.tmp"
    fresh.write_text("left a second ago")
    SaveSlots()
    assert not orphan.exists() and not fresh.exists()


def test_a_scene_that_fails_again_after_recovering_shows_a_plain_screen_and_logs_once(private_user_dir,
                                                                                      monkeypatch):
    from tabletop.app.screens.title import TitleScene

    app = make_app()
    try:
        def explode(self, surface):
            raise RuntimeError("the title cannot be drawn")

        monkeypatch.setattr(TitleScene, "draw", explode)
        app.run(frames=app.frames + 60)
        assert app.scenes.top.scene_name == "problem"
        assert "failed twice" in app.scenes.top.message
        log = (private_user_dir / "logs" / "errors.log").read_text()
        assert log.count("the title cannot be drawn") <= 2          # not sixty tracebacks
    finally:
        pygame.quit()


def test_the_same_error_again_and_again_is_logged_once_with_a_count(private_user_dir):
    from tabletop.app.main import ErrorLog

    log = ErrorLog()
    for _ in range(12):
        log.write("Traceback: the same thing\n")
    log.write("Traceback: something else\n")
    text = (private_user_dir / "logs" / "errors.log").read_text()
    assert text.count("the same thing") == 1 and "happened 10 times" in text and "happened 12 times" in text


def test_the_first_screen_is_inside_the_error_guard(private_user_dir, monkeypatch):
    from tabletop.app.screens.title import TitleScene

    def broken(self):
        raise RuntimeError("the title cannot start")

    monkeypatch.setattr(TitleScene, "enter", broken)
    assert run_app(frames=10, windowed=True) == 0
    assert "the title cannot start" in (private_user_dir / "logs" / "errors.log").read_text()


@pytest.mark.parametrize("content", [
    '{"names": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"volume": "loud", "muted": "yes", "animation": 7, "names": {"dice-realms": [1, 2]}, "starter": {"x": "y"}}',
    '[1, 2, 3]',
])
def test_damaged_settings_fall_back_to_defaults(private_user_dir, content):
    private_user_dir.mkdir(parents=True, exist_ok=True)
    (private_user_dir / "settings.json").write_text(content)
    app = make_app()
    try:
        settings = app.settings
        assert settings.volume == 0.7 and settings.muted is False and settings.animation in ("normal", "instant")
        assert settings.names == {}
    finally:
        pygame.quit()


@pytest.mark.parametrize("names, starter", [(["", ""], 0), (["Ann", "Ann"], 0), (["Ann"], 0),
                                            (["Ann", "Bo", "Cy"], 0), (["Ann", "Bo"], 99), (["Ann", "Bo"], "x"),
                                            ("Ann", 0)])
def test_play_start_with_odd_remembered_names_starts_with_good_ones(private_user_dir, names, starter):
    private_user_dir.mkdir(parents=True, exist_ok=True)
    (private_user_dir / "settings.json").write_text(json.dumps({"names": {"dice-realms": names},
                                                                "starter": {"dice-realms": starter}}))
    assert run_app(frames=5, windowed=True, start="dice-realms") == 0
    assert not (private_user_dir / "logs" / "errors.log").exists()
    saved = json.loads((private_user_dir / "saves" / "dice-realms.json").read_text())
    seats = [seat["name"] for seat in saved["seats"]]
    assert len(seats) == 2 and len(set(seats)) == 2 and all(seats)


def test_names_are_cleaned_on_entry(driver):
    app = driver.app
    driver.click(app.scenes.top.buttons[1].rect.center)
    driver.click(dict(app.scenes.top.tiles)["dice-realms"].center)
    seats = app.scenes.top
    field = seats.fields[0]
    driver.click(field.rect.center)
    for _ in range(10):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text("Bo\u0000b\u200b the Tremendously Long")
    assert field.value == "Bob the Tremendo" or len(field.value) <= 16
    assert "\u0000" not in field.value and "\u200b" not in field.value


def test_a_home_folder_under_a_file_falls_back_to_a_temporary_one(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TABLETOP_HOME", str(blocker / "home"))
    app = make_app()
    try:
        assert not app.home.kept and "a file stands where a folder should be" in app.home.problem
        assert "Games will not be kept" in app.toasts.message
        from tabletop.app.matches import start_match

        match = start_match(app, "dice-realms", ["Ann", "Bo"], {})
        assert match is not None and app.saves.file_of(match).is_relative_to(app.home.path)
    finally:
        pygame.quit()


def test_a_failed_save_keeps_the_match_going_and_the_next_move_tries_again(driver, monkeypatch):
    import tabletop.app.storage as storage

    from .test_play_by_mouse import scripted_table

    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6", "G2 B3 M4 Y5 W6"])
    real = storage.write_atomic

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "write_atomic", full)
    driver.click(table.view.buttons["roll"].rect.center)
    driver.settle()
    # The save is written beside the frame loop: wait for its failure, then a frame tells it (the roll's
    # animation used to outlast the write; a quicker frame no longer does).
    driver.app.saves.flush()
    driver.frames(2)
    assert len(table.match.journal) == 1
    assert driver.app.toasts.message == "Could not save: the disk is full; the game goes on and saving is retried."
    monkeypatch.setattr(storage, "write_atomic", real)
    driver.play_intent(table.match.rules.intents.parse("pick seat=0 die=red realm=red cell=tail-1"))
    saved = json.loads(driver.app.saves.file_of(table.match).read_text())
    assert len(saved["intents"]) == 2                     # the next move saved both


def test_the_recovery_message_says_saved_only_when_it_is(driver, monkeypatch):
    import tabletop.app.storage as storage

    from .test_play_by_mouse import scripted_table

    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    monkeypatch.setattr(storage, "write_atomic", lambda path, text: (_ for _ in ()).throw(OSError(errno.EROFS, "")))
    driver.click(table.view.buttons["roll"].rect.center)
    driver.settle()
    monkeypatch.setattr(table.view, "draw", lambda surface: 1 / 0)
    driver.app.run(frames=driver.app.frames + 2)
    assert "could not be saved" in driver.app.toasts.message and "is saved" not in driver.app.toasts.message


HOLDER = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from pathlib import Path
    from tabletop.app.storage import SaveLock
    lock = SaveLock(Path({path!r}))
    print(lock.acquire(), flush=True)
    time.sleep(30)
""")


def test_a_second_copy_of_the_app_can_only_watch_a_match_the_first_plays(private_user_dir, tmp_path):
    root = str(__import__("pathlib").Path(__file__).resolve().parents[2])
    saves = private_user_dir / "saves"
    saves.mkdir(parents=True)
    (saves / "dice-realms.json").write_text(json.dumps(GOOD))
    holder = subprocess.Popen([sys.executable, "-c", HOLDER.format(root=root, path=str(saves / "dice-realms.json"))],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "True"       # the other copy plays it
        assert SaveLock(saves / "dice-realms.json").taken_elsewhere()
        app = make_app()
        try:
            driver = Driver(app)
            title = app.scenes.top
            assert title.record.watch_only and "watch only" in title.record.describe() + " watch only"
            driver.click(title.buttons[0].rect.center)
            table = app.scenes.top
            assert table.scene_name == "table" and table.watch_only and table.legal() == ()
            assert not table.submit(table.match.legal_intents()[0])
            assert "only watch" in app.toasts.message
            before = (saves / "dice-realms.json").read_text()
            app.scenes.start_over("title")
            from tabletop.app.matches import start_match

            start_match(app, "dice-realms", ["Cy", "Di"], {})        # this copy's own match goes elsewhere
            assert (saves / "dice-realms.2.json").exists()
            assert (saves / "dice-realms.json").read_text() == before
        finally:
            pygame.quit()
    finally:
        holder.kill()


def test_a_new_game_asks_before_replacing_an_unfinished_match(driver, private_user_dir):
    from tabletop.app.matches import start_match

    app = driver.app
    first = start_match(app, "dice-realms", ["Ann", "Bo"], {})
    driver.settle()
    driver.click(driver.table().view.buttons["roll"].rect.center)
    driver.settle()
    app.scenes.start_over("title")
    assert start_match(app, "dice-realms", ["Cy", "Di"], {}) is None
    confirm = app.scenes.top
    assert confirm.scene_name == "confirm" and "Ann vs Bo" in confirm.message
    driver.click(confirm.buttons[0].rect.center)                  # Keep both
    saves = private_user_dir / "saves"
    assert sorted(p.name for p in saves.glob("*.json")) == ["dice-realms.2.json", "dice-realms.json"]
    app.scenes.start_over("title")
    title = app.scenes.top
    assert len(title.saved) == 2 and title.buttons[0].text.startswith("Resume")
    driver.click(title.buttons[0].rect.center)
    assert app.scenes.top.scene_name == "matches" and len(app.scenes.top.saved) == 2
    assert len(first.journal) == 1


def test_the_resume_line_says_the_round(driver):
    import random

    from tabletop.app.matches import start_match

    app = driver.app
    start_match(app, "dice-realms", ["Ann", "Bo"], {})
    table = driver.table()
    chooser = random.Random(1)
    while table.match.state.flow.round < 3:
        table.submit(chooser.choice(list(table.match.legal_intents())))
        driver.settle()
    app.scenes.start_over("title")
    assert app.scenes.top.record.describe() == "Dice Realms: Ann vs Bo, round 3 of 6"


def test_the_essence_shift_leaves_no_dice_of_the_last_turn_on_the_table():
    import random

    match = MatchController(get_rules("dice-realms"), None, ["Ann", "Bo"], 4)
    chooser = random.Random(4)
    while match.state.flow.stage != "essence_shift":
        match.submit(chooser.choice(list(match.legal_intents())))
    dice = match.state.dice
    assert dice.fields == () and dice.forgotten == () and dice.value("red") == 0


def test_a_data_error_stops_the_start_with_file_line_and_key(tmp_path, monkeypatch, capsys):
    import shutil

    from tabletop import paths
    from tabletop.registry import _RULES
    from tabletop.games.dice_realms import tables

    root = tmp_path / "assets"
    shutil.copytree(paths.data_path(), root / "data")
    shutil.copytree(paths.art_path(), root / "art")
    realms = root / "data" / "dice_realms" / "realms.yaml"
    realms.write_text(realms.read_text().replace("column_points: [10, 14, 16, 20]", "column_points: [10, .nan, 16, 20]"))
    monkeypatch.setattr(paths, "asset_root", lambda: root)
    monkeypatch.setitem(_RULES, "dice-realms", None)
    monkeypatch.delitem(_RULES, "dice-realms")
    tables.load_tables.cache_clear()
    try:
        for start in (None, "dice-realms"):
            assert run_app(frames=3, windowed=True, start=start) == 2
            err = capsys.readouterr().err
            assert "cannot start" in err and "realms.yaml:" in err and "column_points" in err
    finally:
        tables.load_tables.cache_clear()


def test_a_data_error_found_later_ends_on_a_plain_screen_naming_the_file(driver, monkeypatch):
    from tabletop.core.data import DataError
    from tabletop.app.screens import table as table_module

    def broken(app, table, match):
        raise DataError("data/layouts/dice_realms.yaml", 12, "elements.roll", "expected 4 numbers")

    monkeypatch.setattr(table_module, "make_view", broken)
    app = driver.app
    driver.click(app.scenes.top.buttons[1].rect.center)                     # New game
    driver.click(dict(app.scenes.top.tiles)["dice-realms"].center)
    start = app.display.to_window(app.scenes.top.buttons[0].rect.center)   # Start, through the real loop
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.run(frames=app.frames + 3)
    problem = app.scenes.top
    assert problem.scene_name == "problem"
    assert "dice_realms.yaml:12: elements.roll: expected 4 numbers" in problem.message
