"""Issue 32 item 7: every path the app reads gets the same guard (an ordinary file, a size cap, the encoding, the
depth), in one reader, :mod:`tabletop.core.files`.  Each path the app reads is tried with a FIFO, a link to
/dev/zero, a folder, a huge (sparse) file and garbage: each is refused, or falls back, at once, and nothing hangs
or crashes.  The reading is done by the app's own code for that path, not by the reader alone."""

import os
import shutil
from pathlib import Path

import pygame
import pytest

from tabletop.app.assets import font_problem, load_image, load_sound, open_font
from tabletop.app.games.dice_realms.board import load_map
from tabletop.app.layout import LayoutBook
from tabletop.app.lesson import LESSON_FILE, load_lesson, read_progress
from tabletop.app.screens.rules import read_rules_page
from tabletop.app.storage import SaveLock, SaveSlots, SettingsStore
from tabletop.core.controller import MatchController
from tabletop.core.data import DataError, Reader
from tabletop.core.files import (DATA_FILE, FONT_FILE, IMAGE_FILE, KINDS, MAP_FILE, MATCH_FILE, RULES_PAGE, SETTINGS_FILE,
                                 SOUND_FILE, TUTORIAL_PROGRESS, FileRefused, read_bytes)
from tabletop.core.records import RecordError
from tabletop.games.dice_realms.tables import load_tables
from tabletop.paths import art_path, data_path
from tabletop.registry import get_rules

pytestmark = [pytest.mark.timeout(60),
              pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                                 reason="needs FIFOs and /dev/zero")]

HOSTILE = ("fifo", "dev-zero", "folder", "huge", "garbage")


def make_hostile(path: Path, kind: str, limit: int) -> None:
    """Put a hostile thing of ``kind`` at ``path`` (whatever stood there goes)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "huge":
        with open(path, "wb") as out:          # sparse: no disk is used, but a reader would read it all
            out.truncate(max(limit * 4, 1 << 30))
    else:
        path.write_bytes(b"\xff\xfe\x00garbage[[[{{" * 50 + bytes(range(256)))


@pytest.fixture
def video():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.quit()


def a_match_file(folder: Path, name: str = "dice-realms.json", finished: bool = False) -> Path:
    match = MatchController(get_rules("dice-realms"), {}, ["Ann", "Bo"], 5)
    if finished:
        while not match.finished:
            match.submit(match.legal_intents()[0])
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(match.record().to_json())
    return path


# Each path the app reads: (name, the file's kind, a way to place it, how the app reads it and what it must give).

def check_save(tmp, kind):
    home = tmp / "home"
    a_match_file(home / "saves")
    target = home / "saves" / "dice-realms.json"
    make_hostile(target, kind, MATCH_FILE.limit)
    slots = SaveSlots(folder=home)
    found, problems = slots.unfinished()
    assert found == [] and problems and "could not be continued: it is" in problems[0]
    assert not (target.exists() or target.is_symlink())          # set aside


def check_finished_save(tmp, kind):
    home = tmp / "home"
    a_match_file(home / "saves" / "finished", "dice-realms-x.json", finished=True)
    target = home / "saves" / "finished" / "dice-realms-x.json"
    make_hostile(target, kind, MATCH_FILE.limit)
    listed, problems = SaveSlots(folder=home).replays()
    assert all(item.match is None or item.path != target for item in listed)
    assert problems and "cannot be replayed: it is" in problems[0]


def check_replay(tmp, kind):
    home = tmp / "home"
    (home / "saves").mkdir(parents=True)
    target = home / "replays" / "friend.json"
    make_hostile(target, kind, MATCH_FILE.limit)
    listed, _ = SaveSlots(folder=home).replays()
    assert [item.match for item in listed] == [None] and "cannot be replayed: it is" in listed[0].problem
    with pytest.raises(RecordError):
        MatchController.load(target, get_rules)


def check_lock(tmp, kind):
    saves = tmp / "home" / "saves"
    a_match_file(saves)
    target = saves / "dice-realms.json.lock"
    make_hostile(target, kind, 1 << 20)
    lock = SaveLock(saves / "dice-realms.json")
    if kind in ("huge", "garbage"):                  # an ordinary file: a lock as good as any
        assert lock.acquire()
    else:
        assert lock.acquire() and "was a" in lock.notice and target.is_file()
    lock.release()


def check_settings(tmp, kind):
    folder = tmp / "home"
    make_hostile(folder / "settings.json", kind, SETTINGS_FILE.limit)
    store = SettingsStore(folder)
    settings = store.load()
    assert settings.animation == "normal" and "settings could not be read" in store.message
    if kind == "huge":
        assert "the settings file is at most 256 KB" in store.message


def check_tutorial_progress(tmp, kind, monkeypatch):
    folder = tmp / "home"
    monkeypatch.setenv("TABLETOP_HOME", str(folder))
    make_hostile(folder / "tutorials" / "dice-realms.json", kind, TUTORIAL_PROGRESS.limit)
    step, problem = read_progress("dice-realms")
    assert step == 0 and "could not be read" in problem
    assert read_progress("dice-realms") == (0, "")            # set aside: said once


def copied(tmp: Path, *parts: str) -> Path:
    """A copy of an asset folder (under data/ or art/) to spoil."""
    source = (data_path if parts[0] == "data" else art_path)(*parts[1:])
    target = tmp.joinpath(*parts)
    shutil.copytree(source, target)
    return target


def check_rules_page(tmp, kind):
    target = tmp / "rules.md"
    make_hostile(target, kind, RULES_PAGE.limit)
    with pytest.raises(DataError, match="the rules page cannot be shown"):
        read_rules_page(target)


def check_tutorial_data(tmp, kind):
    target = tmp / "tutorial.yaml"
    make_hostile(target, kind, LESSON_FILE.limit)
    with pytest.raises(DataError):
        load_lesson("dice-realms", target)


def check_layout(tmp, kind):
    folder = copied(tmp, "data", "layouts")
    make_hostile(folder / "title.yaml", kind, DATA_FILE.limit)
    with pytest.raises(DataError) as info:
        LayoutBook(folder)
    assert "title.yaml" in str(info.value)


def check_game_content(tmp, kind):
    target = tmp / "realms.yaml"
    make_hostile(target, kind, DATA_FILE.limit)
    with pytest.raises(DataError):
        load_tables(target)
    with pytest.raises(DataError):
        Reader.from_file(target)


def check_font(tmp, kind):
    target = tmp / "font.ttf"
    make_hostile(target, kind, FONT_FILE.limit)
    assert font_problem(target)
    assert open_font(target, 30).get_linesize() > 0        # the bundled default font stands in


def check_image(tmp, kind):
    target = tmp / "icon.png"
    make_hostile(target, kind, IMAGE_FILE.limit)
    with pytest.raises((FileRefused, pygame.error)):
        load_image(target)


def check_sound(tmp, kind):
    target = tmp / "roll.wav"
    make_hostile(target, kind, SOUND_FILE.limit)
    with pytest.raises((FileRefused, pygame.error)):
        load_sound(target)


def check_map(tmp, kind):
    folder = copied(tmp, "data", "dice_realms")
    copied(tmp, "art", "dice_realms")
    make_hostile(folder / "board.tmx", kind, MAP_FILE.limit)
    with pytest.raises(Exception) as info:            # the board turns any failure into a DataError
        load_map(folder / "board.tmx")
    assert not isinstance(info.value, (RecursionError, MemoryError))


def check_map_tiles(tmp, kind):
    folder = copied(tmp, "data", "dice_realms")
    copied(tmp, "art", "dice_realms")
    make_hostile(folder / "board_tiles.tsx", kind, MAP_FILE.limit)
    with pytest.raises(Exception) as info:
        load_map(folder / "board.tmx")
    assert not isinstance(info.value, (RecursionError, MemoryError))


def check_map_image(tmp, kind):
    folder = copied(tmp, "data", "dice_realms")
    art = copied(tmp, "art", "dice_realms")
    make_hostile(art / "board_tiles.png", kind, IMAGE_FILE.limit)
    with pytest.raises((FileRefused, pygame.error)):
        load_map(folder / "board.tmx")


def check_phone_page(tmp, kind, monkeypatch):
    from tabletop.app.phones import hub
    from tabletop.app.phones.server import PAGE_FILES

    folder = copied(tmp, "data", "phone")
    make_hostile(folder / PAGE_FILES["phone.js"][0], kind, DATA_FILE.limit)
    monkeypatch.setattr(hub, "data_path", lambda *parts: tmp.joinpath("data", *parts))
    phones = hub.PhoneHub.__new__(hub.PhoneHub)      # only what start() needs: its server and its problem
    phones.server = hub.PhoneServer({}, "127.0.0.1")
    phones.problem, phones.seats = "", {}
    try:
        started = phones.start()
    finally:
        phones.server.stop()
    if kind == "garbage":                           # bytes the page is served as they are (it is the app's own)
        assert started and phones.problem == ""
    else:                                           # said, and the match goes on with the seats played here
        assert not started and phones.problem.startswith("The phones cannot join:"), phones.problem


PATHS = {
    "save": check_save, "finished save": check_finished_save, "replay": check_replay, "lock": check_lock,
    "settings": check_settings, "tutorial progress": check_tutorial_progress, "rules page": check_rules_page,
    "tutorial data": check_tutorial_data, "layout": check_layout, "game content": check_game_content,
    "font": check_font, "image": check_image, "sound": check_sound, "map": check_map, "map tile set": check_map_tiles,
    "map image": check_map_image, "phone page": check_phone_page,
}


@pytest.mark.parametrize("kind", HOSTILE)
@pytest.mark.parametrize("name", list(PATHS))
def test_every_path_the_app_reads_refuses_a_hostile_file(tmp_path, video, monkeypatch, name, kind):
    check = PATHS[name]
    if name in ("tutorial progress", "phone page"):
        check(tmp_path, kind, monkeypatch)
    else:
        check(tmp_path, kind)


def test_the_reader_refuses_each_hostile_thing_by_its_name(tmp_path):
    words = {"fifo": "it is not an ordinary file", "dev-zero": "it is not an ordinary file",
             "folder": "it is not an ordinary file", "huge": "it is too large"}
    for kind, reason in words.items():
        target = tmp_path / kind
        make_hostile(target, kind, DATA_FILE.limit)
        with pytest.raises(FileRefused) as info:
            read_bytes(target, DATA_FILE)
        assert info.value.reason.startswith(reason), (kind, info.value.reason)


def test_each_kind_of_file_names_itself_and_its_own_cap():
    nouns = [kind.noun for kind in KINDS]
    assert len(set(nouns)) == len(nouns)
    for kind in KINDS:
        assert kind.too_large(kind.limit * 2).endswith(f"; {kind.noun} is at most {kind.limit // 1024:,} KB)")


def test_no_module_of_the_app_opens_a_file_another_way():
    # The one reader: nothing else in the package reads a file by path (writes, the lock, and listing are apart).
    root = Path(__file__).resolve().parents[1] / "tabletop"
    allowed = {"core/files.py"}
    needles = ("read_text(encoding", ".read_bytes()", "pygame.image.load(str", "pygame.font.Font(str",
               "mixer.Sound(str", "load_pygame(", "open(path, \"rb\")", "path.open(\"rb\")", "json.load(open")
    found = []
    for path in root.rglob("*.py"):
        relative = path.relative_to(root).as_posix()
        if relative in allowed:
            continue
        text = path.read_text(encoding="utf-8")
        found += [f"{relative}: {needle}" for needle in needles if needle in text]
    assert found == []
