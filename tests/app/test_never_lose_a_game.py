"""A killed process resumes exactly; a damaged save is set aside and reported, never a crash."""

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame

from tabletop.app.screens.table import TableScene
from tabletop.core.values import to_plain

from .conftest import make_app
from .driver import Driver

CRASHING_PLAYER = textwrap.dedent("""
    import json, os, random, signal, sys
    import pygame
    sys.path.insert(0, {root!r})
    from tests.app.driver import Driver
    from tabletop.app.main import App
    from tabletop.app.screens.title import TitleScene
    from tabletop.app.matches import start_match
    from tabletop.core.values import to_plain
    pygame.init()
    app = App()
    app.settings.animation = "instant"
    app.scenes.push(TitleScene(app))
    start_match(app, "dice-realms", ["Gandalf", "Saruman"], {{}})
    driver = Driver(app)
    driver.settle()
    bot = random.Random(5)
    for _ in range(35):
        driver.play_intent(bot.choice(list(driver.table().match.legal_intents())))
    app.saves.flush()                      # the last move's save is on disk (a real kill waits no 15 ms less)
    print(json.dumps(to_plain(driver.table().match.state)), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)   # no clean shutdown
""")


def test_a_killed_process_resumes_exactly_where_it_was(private_user_dir):
    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ, TABLETOP_HOME=str(private_user_dir))
    done = subprocess.run([sys.executable, "-c", CRASHING_PLAYER.format(root=root)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    expected = json.loads(done.stdout.strip().splitlines()[-1])
    app = make_app()
    try:
        title = app.scenes.top
        assert title.record is not None, "the title offers Resume"
        resume = title.buttons[0]
        assert resume.visible
        Driver(app).click(resume.rect.center)
        table = app.scenes.top
        assert isinstance(table, TableScene)
        assert to_plain(table.match.state) == expected
        # ... and play goes on from there.
        before = len(table.match.journal)
        table.submit(table.match.legal_intents()[0])
        assert len(table.match.journal) == before + 1
    finally:
        pygame.quit()


def test_a_corrupted_save_is_set_aside_and_reported(private_user_dir):
    saves = private_user_dir / "saves"
    saves.mkdir(parents=True)
    (saves / "current.json").write_text('{"format": "dice-tabletop-match", "version": 1, "game": "dice-re')
    app = make_app()
    try:
        title = app.scenes.top
        assert title.record is None and not title.buttons[0].visible
        assert "could not be continued" in title.message and "damaged" in title.message
        assert not (saves / "current.json").exists()
        kept = list(saves.glob("current.damaged-*.json"))
        assert len(kept) == 1 and kept[0].read_text().startswith('{"format"')
        Driver(app).frames(3)          # the title keeps drawing the message
    finally:
        pygame.quit()


def test_a_save_that_does_not_replay_is_never_offered(private_user_dir):
    saves = private_user_dir / "saves"
    saves.mkdir(parents=True)
    record = {"format": "dice-tabletop-match", "version": 1, "game": "dice-realms", "options": {},
              "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}], "seed": 1,
              "setup_outcomes": [], "intents": [{"intent": "pass seat=1", "outcomes": []}], "finished": False}
    (saves / "current.json").write_text(json.dumps(record))
    app = make_app()
    try:
        title = app.scenes.top
        # The title replays a save completely before it offers Resume.
        assert not title.buttons[0].visible
        assert "could not be continued: its moves do not replay" in title.message
        assert "kept as dice-realms.damaged-" in title.message
    finally:
        pygame.quit()


def test_saves_and_settings_go_only_to_the_user_folder(private_user_dir, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = make_app()
    try:
        from tabletop.app.matches import start_match

        start_match(app, "dice-realms", ["A", "B"], {})
        Driver(app).settle()
        app.save_settings()
    finally:
        pygame.quit()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["user"]      # the fixture's folder only
    assert (private_user_dir / "saves" / "dice-realms.json").exists()
    assert (private_user_dir / "settings.json").exists()
