"""``tabletop bench --phones N`` (issue 33): its rounds of the shared screen and the phones taking turns, the
tap to big screen times, and the idle figure measured with the phones still connected, without the app's close.
Nothing is timed here: the figures are printed for the benchmark's reader."""

import json

import pytest

from tabletop.app.bench import run_phone_bench

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


def test_the_phone_bench_plays_rounds_and_shows_every_tap_on_the_big_screen(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    assert run_phone_bench(2, seconds=4.0, every=0.5, rounds=2) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["rounds"] == 2
    assert len(result["frame_ms_p99_shared_screen_rounds"]) == len(result["frame_ms_p99_with_phones_rounds"]) == 2
    assert result["taps"] > 0 and result["moves_shown"] == result["taps"]      # every tap reached the table
    assert isinstance(result["frame_p99_within_noise"], bool)
    assert 0 <= result["idle_cpu_percent_with_phones"] < 100


def test_the_frame_loop_can_run_without_closing_the_app(app):
    """``App.loop`` stops at a quit and leaves the match open, its phone server listening (the idle benchmark
    runs it between rounds); ``App.run`` is the loop and then the close, which stops the server."""
    import pygame

    from tabletop.core.controller import MatchController
    from tabletop.registry import get_rules

    match = MatchController(get_rules("wizard-dice"), {}, ["Ann", "Bo"], 3, seat_kinds=("phone", "human"))
    table = app.scenes.open("table", match=match)
    if app.scenes.top.scene_name == "join":
        app.scenes.top.close()
    server = table.phones.server
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.loop()
    assert app.scenes.top is table and server.running
    app.running = True
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert not server.running
