"""Issue 32 ("Nothing lost, nothing misread"), items 2, 3, 5 and 6, without a window: two copies starting one game
at one moment, the tutorial's progress file, locks that are not files, and settings read field by field and
merged between two copies.  Item 4 (a full disk) is played at the table in tests/app/test_a_full_disk.py; item 7
(every path the app reads) is tests/test_every_file_read.py."""

import json
import multiprocessing
import os
import time
from pathlib import Path

import pytest

from tabletop.app.lesson import keep_progress, read_progress, saved_step
from tabletop.app.storage import SaveLock, SaveSlots, Settings, SettingsStore
from tabletop.core.controller import MatchController
from tabletop.core.files import SETTINGS_FILE
from tabletop.registry import get_rules

needs_fifos = pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                                 reason="needs FIFOs and /dev/zero")


# -- 2: two copies start the same game at the same moment ----------------------------------------------------

def _start_after_barrier(home: str, seed: int, barrier, results) -> None:
    """One copy of the app: wait for the other, start a Dice Realms match, say where it went, hold on."""
    slots = SaveSlots(folder=Path(home))
    match = MatchController(get_rules("dice-realms"), {}, ["Ann", "Bo"], seed)
    barrier.wait()
    slots.start(match)
    path = slots.file_of(match)
    lock = slots.locks.get(path) if path is not None else None
    results.put((seed, str(path), bool(lock and lock.held)))
    barrier.wait()                       # both have started: only now may either let its lock go
    slots.leave(match)


def race_once(home: Path, context) -> list[tuple[int, str, bool]]:
    barrier, results = context.Barrier(2), context.Queue()
    copies = [context.Process(target=_start_after_barrier, args=(str(home), seed, barrier, results))
              for seed in (1, 2)]
    for copy in copies:
        copy.start()
    found = [results.get(timeout=30) for _ in copies]
    for copy in copies:
        copy.join(timeout=30)
    return found


@pytest.mark.timeout(300)
@pytest.mark.skipif(os.name != "posix", reason="forks two copies at once")
@pytest.mark.parametrize("trials", [pytest.param(20, id="20"), pytest.param(200, id="200", marks=pytest.mark.slow)])
def test_2_two_copies_starting_one_game_at_one_moment_never_share_a_file(tmp_path, trials):
    context = multiprocessing.get_context("fork")
    shared = []
    for trial in range(trials):
        home = tmp_path / f"t{trial}"
        found = race_once(home, context)
        paths = {path for _, path, _ in found}
        if len(paths) != 2 or not all(held for _, _, held in found):
            shared.append((trial, found))
            continue
        for seed, path, _ in found:         # each file holds the match of the copy that was given it
            assert json.loads(Path(path).read_text())["seed"] == seed
    assert shared == [], f"{len(shared)} of {trials} trials shared a file: {shared[:3]}"


def test_2_a_claimed_file_is_made_exclusively_and_locked(tmp_path):
    slots = SaveSlots(folder=tmp_path)
    first = slots.claim("dice-realms")
    second = slots.claim("dice-realms")
    assert (first.name, second.name) == ("dice-realms.json", "dice-realms.2.json")
    assert SaveLock(first).taken_elsewhere() and SaveLock(second).taken_elsewhere()
    other = SaveSlots(folder=tmp_path)          # another copy, same folder
    assert other.claim("dice-realms").name == "dice-realms.3.json"


def test_2_a_new_match_file_being_written_by_another_copy_is_never_set_aside(tmp_path):
    writer = SaveSlots(folder=tmp_path)
    claimed = writer.claim("dice-realms")        # empty until its first save: another copy may list it now
    found, problems = SaveSlots(folder=tmp_path).unfinished()
    assert (found, problems) == ([], []) and claimed.exists()


# -- 3: the tutorial's progress file ------------------------------------------------------------------------

@pytest.fixture
def progress(private_user_dir):
    path = private_user_dir / "tutorials" / "dice-realms.json"
    path.parent.mkdir(parents=True)
    return path


@needs_fifos
@pytest.mark.timeout(20)
@pytest.mark.parametrize("make", ["fifo", "dev-zero", "brackets", "sparse", "folder", "garbage"])
def test_3_a_hostile_progress_file_is_refused_at_once_set_aside_and_said_once(progress, make):
    if make == "fifo":
        os.mkfifo(progress)
    elif make == "dev-zero":
        progress.symlink_to("/dev/zero")
    elif make == "brackets":
        progress.write_text("[" * 100_000)
    elif make == "sparse":
        with open(progress, "wb") as out:
            out.truncate(1 << 30)
    elif make == "folder":
        progress.mkdir()
    else:
        progress.write_bytes(b"\x00\xff{step" * 100)
    started = time.perf_counter()
    step, problem = read_progress("dice-realms")
    assert time.perf_counter() - started < 1.0
    assert step == 0 and problem.startswith("Where you were in this tutorial could not be read (it is")
    assert "kept as dice-realms.damaged-" in problem
    assert read_progress("dice-realms") == (0, "")        # set aside: the next click says nothing more
    assert list(progress.parent.glob("dice-realms.damaged-*"))


def test_3_good_progress_is_still_read(progress):
    keep_progress("dice-realms", 7)
    assert saved_step("dice-realms") == 7 and read_progress("dice-realms") == (7, "")


# -- 5: a lock that is not a regular file -------------------------------------------------------------------

@needs_fifos
@pytest.mark.parametrize("make, what", [("fifo", "a pipe"), ("folder", "a folder"), ("dev-zero", "a link")])
def test_5_a_lock_that_is_not_a_file_is_set_aside_and_the_match_is_playable(tmp_path, make, what):
    saves = tmp_path / "saves"
    saves.mkdir()
    match = MatchController(get_rules("dice-realms"), {}, ["Ann", "Bo"], 3)
    (saves / "dice-realms.json").write_text(match.record().to_json())
    lock = saves / "dice-realms.json.lock"
    if make == "fifo":
        os.mkfifo(lock)
    elif make == "folder":
        lock.mkdir()
    else:
        lock.symlink_to("/dev/zero")
    slots = SaveSlots(folder=tmp_path)
    found, problems = slots.unfinished()
    assert len(found) == 1 and not found[0].watch_only and found[0].note == ""
    assert any(f"The lock of the saved game dice-realms.json was {what}; it was kept as" in p for p in problems)
    opened, playable, problem = slots.open(found[0])
    assert playable and problem == "" and lock.is_file() and not lock.is_symlink()
    assert SaveSlots(folder=tmp_path).unfinished()[0][0].watch_only      # now truly held by this copy


# -- 6: settings, field by field ----------------------------------------------------------------------------

def write_settings(folder: Path, data) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "settings.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


GOOD = {"names": {"dice-realms": ["Ann", "Bo"]}, "decks": {"Ann": ["CINDER"]}, "volume": 0.3,
        "tonight": {"evening": "2026-12-01", "wins": {"Ann": 1}, "played": {"Ann": 1, "Bo": 1}, "counted": ["m"]}}


@pytest.mark.parametrize("field, bad, words", [
    ("animation", [1, 2], "animation speed"), ("reveal", {"a": 1}, "reveal pace"), ("bots", ["x"], "bot pace"),
    ("muted", "yes", "mute"), ("names", [["Ann"]], "remembered names"), ("tonight", [1], "tonight's tally"),
])
def test_6_one_bad_field_falls_back_alone_and_is_named(tmp_path, field, bad, words):
    write_settings(tmp_path, {**GOOD, field: bad})
    store = SettingsStore(tmp_path)
    settings = store.load()
    assert getattr(settings, field) == getattr(Settings(), field)
    for kept in set(GOOD) - {field}:
        assert getattr(settings, kept) == GOOD[kept], kept
    assert store.message == (f"Some settings could not be read and are back to their defaults: {words}. "
                             "The others are kept.")


def test_6_a_five_thousand_digit_volume_falls_back_alone_in_plain_words(tmp_path):
    path = write_settings(tmp_path, json.dumps(GOOD).replace('"volume": 0.3', '"volume": ' + "9" * 5000))
    store = SettingsStore(tmp_path)
    settings = store.load()
    assert settings.volume == 0.7 and settings.names == GOOD["names"]
    assert "volume" in store.message and "digits" not in store.message and "integer" not in store.message
    assert path.exists()                                     # not set aside: only one field was bad


def test_6_a_megabyte_name_is_cut_before_it_is_stored(tmp_path):
    store = SettingsStore(tmp_path)
    settings = store.load()
    settings.names["dice-realms"] = ["A" * 1_000_000, "Bo"]
    settings.decks["B" * 1_000_000] = ["CINDER"]
    store.save(settings)
    size = (tmp_path / "settings.json").stat().st_size
    assert size < 4096
    again = SettingsStore(tmp_path).load()
    assert again.names["dice-realms"] == ["A" * 16, "Bo"] and list(again.decks) == ["B" * 16]


def test_6_two_copies_saving_keep_each_others_names(tmp_path):
    write_settings(tmp_path, GOOD)
    ann_copy, bo_copy = SettingsStore(tmp_path), SettingsStore(tmp_path)
    ann, bo = ann_copy.load(), bo_copy.load()
    ann.names["wizard-dice"] = ["Ann", "Cy", "Di"]
    ann.volume = 0.9
    ann_copy.save(ann)
    bo.names["elementalis"] = ["Bo", "Ed"]
    bo.decks["Bo"] = ["VEIL"]
    bo_copy.save(bo)                         # last writer: it must not drop what Ann's copy wrote
    final = SettingsStore(tmp_path).load()
    assert final.names == {"dice-realms": ["Ann", "Bo"], "wizard-dice": ["Ann", "Cy", "Di"],
                           "elementalis": ["Bo", "Ed"]}
    assert final.volume == 0.9 and final.decks == {"Ann": ["CINDER"], "Bo": ["VEIL"]}
    assert bo.names == final.names                     # Bo's copy sees Ann's names too


def test_6_two_copies_counting_games_tonight_add_up(tmp_path):
    from tabletop.app.tally import counted

    write_settings(tmp_path, GOOD)
    one, two = SettingsStore(tmp_path), SettingsStore(tmp_path)
    first, second = one.load(), two.load()
    first.tonight = counted(first.tonight, "2026-12-01", "m1", ["Ann", "Bo"], ["Bo"])
    one.save(first)
    second.tonight = counted(second.tonight, "2026-12-01", "m2", ["Cy", "Di"], ["Cy"])
    two.save(second)
    tally = SettingsStore(tmp_path).load().tonight
    assert tally["wins"] == {"Ann": 1, "Bo": 1, "Cy": 1}
    assert tally["played"] == {"Ann": 2, "Bo": 2, "Cy": 1, "Di": 1}


def test_6_the_size_message_names_the_settings_file_and_its_own_cap(tmp_path):
    write_settings(tmp_path, "{" + " " * (SETTINGS_FILE.limit + 10) + "}")
    store = SettingsStore(tmp_path)
    store.load()
    assert "it is too large (257 KB; the settings file is at most 256 KB)" in store.message
    assert "match file" not in store.message
