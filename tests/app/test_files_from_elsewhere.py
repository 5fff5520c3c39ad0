"""Files from elsewhere (issue 19), on the real app: hostile replay files on the Replays screen and after
``play --replay``, every game's data checked at start, a read-only home, orphaned temporary files, a lock
that cannot be opened, a save from Notepad, and one save path.

The numbers in the test names are the items of the issue."""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from tabletop.app.main import run_app
from tabletop.app.storage import SaveLock, SaveSlots
from tabletop.cli import main
from tabletop.core.controller import MatchController, write_atomic
from tabletop.registry import get_rules

from ..hostile_records import record_text
from .conftest import make_app
from .driver import Driver

ROOT = Path(__file__).resolve().parents[2]


def finished_export(folder: Path, name: str = "good.json", first_seat: str | None = None) -> Path:
    """A finished Elemental Dice match as another copy exports it (its first seat renamed if asked)."""
    folder.mkdir(parents=True, exist_ok=True)
    data = json.loads(record_text("elemental-dice", finished=True))
    if first_seat is not None:
        data["seats"][0]["name"] = first_seat
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8", errors="surrogatepass")
    return path


def hostile_replays(folder: Path) -> dict[str, str]:
    """The issue's hostile files in ``folder``; file name -> the reason each must be refused with."""
    finished_export(folder, "long.json", "A" * 1_000_000)
    finished_export(folder, "nul.json", "An\u0000n")
    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    seed = finished_export(folder, "seed.json")
    data = json.loads(seed.read_text())
    seed.write_text(seed.read_text().replace(f'"seed": {data["seed"]}', '"seed": ' + "7" * 4300))
    os.mkfifo(folder / "x.json")
    (folder / "z.json").symlink_to("/dev/zero")
    return {"long.json": "a player's name in it is too long",
            "nul.json": "a player's name in it holds characters that cannot be shown",
            "deep.json": "it is nested too deeply", "seed.json": "a number in it is far too large",
            "x.json": "it is not an ordinary file", "z.json": "it is not an ordinary file"}


def open_replays(app):
    driver = Driver(app)
    started = time.perf_counter()
    driver.click(next(b for b in app.scenes.top.buttons if b.text == "Replays").rect.center)
    assert app.scenes.top.scene_name == "replays"
    driver.frames(3)
    return app.scenes.top, time.perf_counter() - started


# -- 1 to 5: hostile files in replays/ and after --replay ----------------------------------------------

@pytest.mark.timeout(120)
@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(), reason="needs FIFOs and /dev/zero")
def test_1_to_5_hostile_files_in_replays_are_listed_as_unreadable_and_left_in_place(private_user_dir):
    folder = private_user_dir / "replays"
    reasons = hostile_replays(folder)
    finished_export(folder)
    before = sorted(p.name for p in folder.iterdir())
    app = make_app()
    try:
        for visit in range(2):                                  # on every visit, not only the first
            replays, _ = open_replays(app)
            rows = {b.text: b for b in replays.buttons[:-1]}
            assert len(rows) == 7
            good = [text for text in rows if "Elemental Dice: Ann vs Bo" in text]
            assert len(good) == 1 and rows[good[0]].enabled
            for name, reason in reasons.items():
                row = rows[f"{name}: cannot be replayed"]
                assert not row.enabled and row.reason == f"{name} cannot be replayed: {reason}."
                assert row.reason in replays.message
            Driver(app).click(rows["deep.json: cannot be replayed"].rect.center)     # a click says why
            assert app.toasts.message == "deep.json cannot be replayed: it is nested too deeply."
            Driver(app).key(pygame.K_ESCAPE)
            assert app.scenes.top.scene_name == "title"
    finally:
        pygame.quit()
    assert sorted(p.name for p in folder.iterdir()) == before          # the player's files stay as they are
    assert not (private_user_dir / "logs" / "errors.log").exists()


def test_5_a_damaged_finished_match_in_the_apps_own_folder_is_set_aside_and_said(private_user_dir):
    finished = private_user_dir / "saves" / "finished"
    finished_export(finished, "dice-cards-1.json", "An\u0000n")
    finished_export(finished, "elemental-dice-2.json")
    app = make_app()
    try:
        replays, _ = open_replays(app)
        assert len(replays.matches) == 1 and len(replays.buttons) == 2
        assert replays.message.startswith("dice-cards-1.json cannot be replayed: a player's name in it holds "
                                          "characters that cannot be shown. It was kept as dice-cards-1.damaged-")
    finally:
        pygame.quit()
    assert [p.name.split(".damaged-")[0] for p in finished.glob("*.damaged-*")] == ["dice-cards-1"]


def run_cli(args, home: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, TABLETOP_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "tabletop", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


@pytest.mark.timeout(120)
@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(), reason="needs FIFOs and /dev/zero")
def test_1_to_5_play_replay_with_a_hostile_file_exits_non_zero_with_the_sentence_on_stderr(private_user_dir, tmp_path):
    reasons = hostile_replays(tmp_path / "files")
    for name in ("x.json", "z.json", "long.json"):                 # those that hung or ate the memory: a process
        # run_cli's timeout fails a process that hangs or reads without end
        done = run_cli(["play", "--frames", "30", "--replay", str(tmp_path / "files" / name)], private_user_dir)
        assert done.returncode == 1, done.stderr
        assert done.stderr.strip().splitlines()[-1] == f"{name} cannot be replayed: {reasons[name]}."
    assert not (private_user_dir / "logs" / "errors.log").exists()


@pytest.mark.parametrize("name", ["deep.json", "seed.json", "nul.json"])
def test_5_play_replay_says_why_in_plain_words(private_user_dir, tmp_path, capsys, name):
    reasons = hostile_replays(tmp_path / "files")
    assert main(["play", "--frames", "30", "--replay", str(tmp_path / "files" / name)]) == 1
    err = capsys.readouterr().err
    assert err == f"{name} cannot be replayed: {reasons[name]}.\n"
    assert "Traceback" not in err and not (private_user_dir / "logs" / "errors.log").exists()


def test_play_replay_of_a_good_export_opens_the_table(private_user_dir, tmp_path):
    path = finished_export(tmp_path)
    assert run_app(frames=5, windowed=True, replay=path) == 0
    assert not (private_user_dir / "logs" / "errors.log").exists()


# -- 1: clipping ---------------------------------------------------------------------------------

def reference_clip(text, size_of, width):
    """The old clip, one measurement per word and per character: the answer a faster clip must give."""
    if size_of(text) <= width:
        return text
    words = text.split(" ")
    for count in range(len(words) - 1, 0, -1):
        kept = " ".join(words[:count]).rstrip(" ,;:·-")
        if kept and size_of(kept + "\u2026") <= width:
            return kept + "\u2026"
    while text and size_of(text + "\u2026") > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


@pytest.mark.timeout(20)
@pytest.mark.parametrize("text", ["A" * 1_000_000, "A " * 500_000, "é" * 1_000_000, "Bo" + "\u0301" * 999_998])
def test_1_a_million_characters_clip_with_a_few_short_measurements(app, text, monkeypatch):
    """Logarithmic: a few dozen measurements, none of more than the width + 64 characters (the figure in ms is
    printed by the bench, not timed here)."""
    renderer = app.text
    measured: list[int] = []
    size = renderer.size

    def counting(piece, font, points):
        measured.append(len(piece))
        return size(piece, font, points)

    monkeypatch.setattr(renderer, "size", counting)
    clipped = renderer.clip(text, "regular", 32, 300)
    assert len(measured) <= 2 * 20 and max(measured) <= 300 + 64 + 1, (len(measured), max(measured))
    assert clipped.endswith("\u2026") and text.startswith(clipped[:-1].rstrip())
    assert size(clipped, "regular", 32)[0] <= 300


def test_1_the_fast_clip_gives_what_the_slow_one_gave(app):
    import random

    renderer = app.text
    chooser = random.Random(19)
    words = ["Bartholomew", "the", "Great,", "of", "Ravenholm", "Ann", "Bo", "W", "iiii", "Zzyzx-", "·", ""]
    for _ in range(300):
        text = " ".join(chooser.choice(words) for _ in range(chooser.randint(1, 9)))
        width = chooser.randint(20, 500)
        size = chooser.choice([24, 32, 48])
        expected = reference_clip(text, lambda piece: renderer.size(piece, "regular", size)[0], width)
        assert renderer.clip(text, "regular", size, width) == expected, (text, width, size)


# -- 6: every game's data at start ---------------------------------------------------------------

@pytest.fixture
def assets(tmp_path, monkeypatch):
    """A copy of data/ and art/ that the app reads instead of the real ones."""
    from tabletop import paths

    root = tmp_path / "assets"
    shutil.copytree(paths.data_path(), root / "data")
    shutil.copytree(paths.art_path(), root / "art")
    monkeypatch.setattr(paths, "asset_root", lambda: root)
    return root


def broken_start(capsys) -> str:
    assert run_app(frames=3, windowed=True) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("game", ["dice_realms", "elemental_dice", "wizard_dice", "elementalis", "dice_cards"])
def test_6_a_broken_dice_file_of_any_game_stops_the_start_with_file_line_and_key(assets, capsys, game):
    path = assets / "data" / game / "dice.yaml"
    lines = path.read_text().splitlines(keepends=True)
    number = next(n for n, line in enumerate(lines) if "body:" in line)
    lines[number] = lines[number].replace("body: \"#", "body: \"#zz", 1)
    path.write_text("".join(lines))
    err = broken_start(capsys)
    assert err.startswith("Dice Tabletop cannot start: ")
    assert f"{game}/dice.yaml:{number + 1}: dice." in err and ".body: " in err and "is not a colour" in err


def test_6_a_rules_page_that_is_not_text_stops_the_start_with_its_file_and_line(assets, capsys):
    path = assets / "data" / "wizard_dice" / "rules.md"
    path.write_bytes(b"# Wizard Dice\n\nline three\n\xff\xfe broken\n")
    err = broken_start(capsys)
    assert f"{path}:4: the rules page cannot be shown: it is not text" in err


def test_6_a_missing_rules_page_stops_the_start(assets, capsys):
    (assets / "data" / "dice_cards" / "rules.md").unlink()
    err = broken_start(capsys)
    assert "dice_cards/rules.md: the rules page cannot be shown: there is no such file" in err


# -- 7: a read-only home with a save -------------------------------------------------------------------

def a_saved_match(folder: Path, moves: int = 6, name: str = "dice-realms.json") -> MatchController:
    match = MatchController(get_rules("dice-realms"), None, ["Ann", "Bo"], 5)
    bot = match.rules.playout_bot(5)
    for _ in range(moves):
        match.submit(bot.choose(match.legal_intents()))
    write_atomic(folder / name, match.record().to_json())
    return match


@pytest.fixture
def read_only_home(private_user_dir, tmp_path, monkeypatch):
    """The user's folder holds a save but cannot be written (as on a read-only disk)."""
    import tempfile

    from tabletop import paths

    (private_user_dir / "saves").mkdir(parents=True)
    played = a_saved_match(private_user_dir / "saves")
    real = paths._usable
    monkeypatch.setattr(paths, "_usable", lambda folder: "the disk is read-only" if folder == private_user_dir
                        else real(folder))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    (tmp_path / "temporary").mkdir()
    return played


@pytest.mark.parametrize("answer", ["Watch", "Play on, unsaved"])
def test_7_a_read_only_home_still_offers_its_saved_match(read_only_home, private_user_dir, answer):
    save = private_user_dir / "saves" / "dice-realms.json"
    before = save.read_bytes()
    app = make_app()
    try:
        driver = Driver(app)
        title = app.scenes.top
        assert not app.home.kept and "Games will not be kept" in app.toasts.message
        resume = title.buttons[0]
        assert resume.visible and title.record.read_only and title.record.path == save
        driver.click(resume.rect.center)
        confirm = app.scenes.top
        assert confirm.scene_name == "confirm" and "will not be kept" in confirm.message
        driver.click(next(b for b in confirm.buttons if b.text == answer).rect.center)
        table = app.scenes.top
        assert table.scene_name == "table" and table.match.state == read_only_home.state
        if answer == "Watch":
            assert table.watch_only and not table.submit(table.match.legal_intents()[0])
        else:
            assert not table.watch_only and "without saving" in app.toasts.message
            moves = len(table.match.journal)
            table.submit(table.match.legal_intents()[0])
            assert len(table.match.journal) == moves + 1 and app.saves.problem == ""
    finally:
        pygame.quit()
    assert save.read_bytes() == before and sorted(p.name for p in save.parent.iterdir()) == ["dice-realms.json"]


def test_7_a_read_only_home_lists_its_matches_under_replays_and_moves_nothing(read_only_home, private_user_dir):
    finished = private_user_dir / "saves" / "finished"
    finished_export(finished, "dice-cards-1.json", "An\u0000n")
    app = make_app()
    try:
        replays, _ = open_replays(app)
        texts = [button.text for button in replays.buttons[:-1]]
        assert any("Dice Realms: Ann vs Bo" in text for text in texts)
        assert "dice-cards-1.json: cannot be replayed" in texts
    finally:
        pygame.quit()
    assert [p.name for p in finished.iterdir()] == ["dice-cards-1.json"]


# -- 8: orphaned temporary files ----------------------------------------------------------------------

HOLDER = """
import sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
from tabletop.app.storage import SaveLock
lock = SaveLock(Path({path!r}))
print(lock.acquire(), flush=True)
time.sleep(60)
"""


def test_8_a_fresh_orphan_is_removed_unless_a_running_copy_holds_its_saves_lock(private_user_dir):
    saves = private_user_dir / "saves"
    saves.mkdir(parents=True)
    orphan = saves / ".dice-realms.json.k1ll3d00.tmp"                     # a kill a second ago, mid-save
    orphan.write_text("half a save")
    held = saves / ".wizard-dice.json.wr1t1ng0.tmp"                       # another copy is writing it now
    held.write_text("being written")
    code = HOLDER.format(root=str(ROOT), path=str(saves / "wizard-dice.json"))
    holder = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "True"
        SaveSlots()
        assert not orphan.exists() and held.exists()
    finally:
        holder.kill()
        holder.wait()
    SaveSlots()                                                             # that copy has gone: its orphan too
    assert not held.exists()


# -- 9: a lock file that cannot be opened (issue 32 item 5: a lock that is no ordinary file is set aside) ------

def test_9_a_lock_that_is_a_folder_is_set_aside_and_the_match_is_playable(private_user_dir):
    saves = private_user_dir / "saves"
    saves.mkdir(parents=True)
    a_saved_match(saves)
    (saves / "dice-realms.json.lock").mkdir()                            # open() fails on it
    app = make_app()
    try:
        title = app.scenes.top
        assert not title.record.watch_only
        assert ("The lock of the saved game dice-realms.json was a folder; it was kept as "
                "dice-realms.json.damaged-") in title.message
        Driver(app).click(title.buttons[0].rect.center)
        table = app.scenes.top
        assert table.scene_name == "table" and not table.watch_only
        assert table.submit(table.match.legal_intents()[0])
    finally:
        pygame.quit()
    assert (saves / "dice-realms.json.lock").is_file() and list(saves.glob("dice-realms.json.damaged-*.lock"))


def test_9_a_lock_that_cannot_be_made_still_counts_as_held_by_another_copy(private_user_dir, monkeypatch):
    saves = private_user_dir / "saves"
    saves.mkdir(parents=True)
    lock = SaveLock(saves / "dice-realms.json")
    real_open = os.open

    def refused(path, *args, **kwargs):
        if str(path).endswith(".lock"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refused)
    assert lock.acquire() is False and lock.problem == "permission is denied" and lock.taken_elsewhere()


def test_9_a_new_match_beside_a_lock_that_is_a_folder_gets_its_usual_file(private_user_dir):
    saves = private_user_dir / "saves"
    saves.mkdir(parents=True)
    (saves / "dice-realms.json.lock").mkdir()
    slots = SaveSlots()
    assert slots.claim("dice-realms") == saves / "dice-realms.json"
    assert "was a folder" in slots.notices[0]


# -- 10: Notepad's byte-order mark, and a wrong seat count -------------------------------------------------

def test_10_a_save_edited_in_notepad_resumes(private_user_dir):
    saves = private_user_dir / "saves"
    saves.mkdir(parents=True)
    played = a_saved_match(saves)
    save = saves / "dice-realms.json"
    save.write_bytes(b"\xef\xbb\xbf" + save.read_bytes().replace(b"\n", b"\r\n"))
    app = make_app()
    try:
        title = app.scenes.top
        assert title.record is not None and not title.message
        Driver(app).click(title.buttons[0].rect.center)
        assert app.scenes.top.match.state == played.state
    finally:
        pygame.quit()


def test_10_a_save_with_a_wrong_seat_count_says_what_is_wrong(private_user_dir):
    saves = private_user_dir / "saves"
    saves.mkdir(parents=True)
    a_saved_match(saves)
    save = saves / "dice-realms.json"
    data = json.loads(save.read_text())
    data["seats"].append({"name": "Cy", "kind": "human"})
    save.write_text(json.dumps(data))
    app = make_app()
    try:
        assert app.scenes.top.message.startswith("The saved game dice-realms.json could not be continued: it has 3 "
                                                 "players, but Dice Realms is played by 2. It was kept as ")
    finally:
        pygame.quit()


# -- one save path -----------------------------------------------------------------------------------------

def test_one_save_path_the_app_saves_every_move_and_every_undo(driver):
    from .test_play_by_mouse import scripted_table

    table = scripted_table(driver, ["R1 G6 B6 M6 Y6 W6"])
    match = table.match
    assert not hasattr(match, "autosave")                  # the controller writes nothing: SaveSlots does
    path = driver.app.saves.file_of(match)

    def saved():
        driver.app.saves.flush()                # written beside the frame loop, before the next move is taken
        return [entry["intent"] for entry in json.loads(path.read_text())["intents"]]

    driver.click(table.view.buttons["roll"].rect.center)
    driver.settle()
    assert saved() == ["roll seat=0"]
    driver.play_intent(match.rules.intents.parse("pick seat=0 die=red realm=red cell=tail-1"))
    assert saved() == ["roll seat=0", "pick seat=0 die=red realm=red cell=tail-1"]
    table.undo()
    assert saved() == ["roll seat=0"]
