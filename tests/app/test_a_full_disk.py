"""Issue 32 item 4: a full disk from move 34 to the end of a match loses nothing.  The match stays in memory and
every move (and the app, every few seconds) tries again; the players are told once, then a standing mark stays;
the results screen says the match is not saved and offers to save it elsewhere; the title never offers the stale
file; once the disk has room the whole match is kept among the finished ones.  And the start warns when the data
folder cannot be written."""

import errno
import json
import random

import pygame
import pytest

import tabletop.app.storage as storage
from tabletop.app.screens.table import TableScene
from tabletop.core.controller import MatchController
from tabletop.registry import get_rules

from .conftest import make_app
from .driver import Driver

FULL_FROM = 34


class FullDisk:
    """write_atomic that fails with ENOSPC in ``folder`` while ``full`` (its disk has no room; others have)."""

    def __init__(self, monkeypatch, folder) -> None:
        self.full = False
        real = storage.write_atomic

        def write(path, text):
            if self.full and folder in path.parents:
                raise OSError(errno.ENOSPC, "No space left on device")
            real(path, text)

        monkeypatch.setattr(storage, "write_atomic", write)


class ToastSpy:
    def __init__(self, app) -> None:
        self.shown: list[str] = []
        real = app.toasts.show

        def show(message, seconds=3.0):
            self.shown.append(message)
            real(message, seconds)

        app.toasts.show = show


def play_to_the_end(driver, table, disk, seed=3):
    chooser = random.Random(seed)
    while not table.match.finished:
        if len(table.match.journal) == FULL_FROM:
            disk.full = True
        assert table.submit(chooser.choice(list(table.match.legal_intents())))
        driver.settle()
        assert len(table.match.journal) < 400


@pytest.fixture
def full_disk_game(private_user_dir, monkeypatch):
    disk = FullDisk(monkeypatch, private_user_dir)
    app = make_app()
    toasts = ToastSpy(app)
    driver = Driver(app)
    match = MatchController(get_rules("dice-realms"), {}, ["Ann", "Bo"], 12)
    app.saves.start(match)
    table = TableScene(app, match)
    app.scenes.push(table)
    driver.settle()
    yield app, driver, table, disk, toasts
    pygame.quit()


def test_4_a_full_disk_to_the_end_of_a_match_loses_no_move(full_disk_game, private_user_dir):
    app, driver, table, disk, toasts = full_disk_game
    match = table.match
    play_to_the_end(driver, table, disk)
    moves = len(match.journal)
    assert moves > FULL_FROM + 20
    # Said once, not after every move; then the standing mark.
    assert [t for t in toasts.shown if t.startswith("Could not save")] == \
        ["Could not save: the disk is full; the game goes on and saving is retried."]
    results = app.scenes.top
    assert results.scene_name == "results" and results.unsaved
    surface = pygame.Surface((1920, 1080))
    results.draw(surface)
    assert results.save_elsewhere_button.visible
    # The title offers no stale match at move 34 (the match is finished, in memory).
    found, _ = app.saves.unfinished()
    assert found == []
    # The disk has room again: the app's retry keeps the whole match among the finished ones.
    disk.full = False
    app.keep_saving(closing=True)
    assert not app.saves.unsaved
    finished = list((private_user_dir / "saves" / "finished").glob("dice-realms-*.json"))
    assert len(finished) == 1
    assert len(json.loads(finished[0].read_text())["intents"]) == moves
    assert not (private_user_dir / "saves" / "dice-realms.json").exists()


def test_4_the_table_shows_a_standing_mark_while_unsaved(full_disk_game):
    app, driver, table, disk, toasts = full_disk_game
    disk.full = True
    for _ in range(5):
        assert table.submit(table.match.legal_intents()[0])
        driver.settle()
    app.saves.flush()                         # the saves are written beside the frame loop
    driver.frames(2)
    assert app.saves.is_unsaved(table.match)
    drawn = []
    real = table._draw_unsaved_mark
    table._draw_unsaved_mark = lambda surface: (drawn.append(True), real(surface))
    table.draw(pygame.Surface((1920, 1080)))
    assert drawn and len([t for t in toasts.shown if t.startswith("Could not save")]) == 1
    disk.full = False
    assert table.submit(table.match.legal_intents()[0])           # the next move saves everything
    app.saves.flush()
    drawn.clear()
    table.draw(pygame.Surface((1920, 1080)))
    assert not drawn and not app.saves.is_unsaved(table.match)


def test_4_an_unfinished_unsaved_match_left_at_the_title_resumes_from_memory(full_disk_game):
    app, driver, table, disk, toasts = full_disk_game
    for _ in range(3):
        table.submit(table.match.legal_intents()[0])
        driver.settle()
    disk.full = True
    for _ in range(4):
        table.submit(table.match.legal_intents()[0])
        driver.settle()
    moves = len(table.match.journal)
    app.scenes.start_over("title")                       # the players leave the table
    title = app.scenes.top
    assert title.record is not None and title.record.moves == moves
    match, playable, _ = app.saves.open(title.record)
    assert playable and len(match.journal) == moves


def test_4_save_elsewhere_writes_the_match_to_another_folder(full_disk_game, tmp_path, monkeypatch):
    app, driver, table, disk, toasts = full_disk_game
    desktop = tmp_path / "Desktop"
    desktop.mkdir()
    monkeypatch.setattr(storage.Path, "home", classmethod(lambda cls: tmp_path))
    play_to_the_end(driver, table, disk)
    results = app.scenes.top
    results.save_elsewhere()
    kept = list(desktop.glob("dice-realms-*.json"))
    assert len(kept) == 1 and len(json.loads(kept[0].read_text())["intents"]) == len(table.match.journal)
    assert toasts.shown[-1].startswith(f"The match was saved as {kept[0]}")


def test_4_the_start_warns_when_the_data_folder_cannot_be_written(private_user_dir, monkeypatch):
    import os

    import tabletop.paths as paths

    real_fsync = os.fsync

    def no_room(descriptor):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(paths.os, "fsync", no_room)
    try:
        app = make_app()
    finally:
        monkeypatch.setattr(paths.os, "fsync", real_fsync)
    try:
        assert app.toasts.message.startswith(f"Games will not be kept: {private_user_dir} cannot be used "
                                             "(the disk is full).")
    finally:
        pygame.quit()
