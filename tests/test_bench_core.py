"""``tabletop bench --core GAME`` prints one JSON line of games per second per game (nothing is timed here)."""

from __future__ import annotations

import json

from tabletop.cli import main


def test_bench_core_prints_the_rates_of_a_game_as_json(capsys):
    assert main(["bench", "--core", "dice-realms", "--games", "2", "--runs", "1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["game"] for line in lines] == ["dice-realms"]
    for figure in ("core_games_per_second", "simulate_games_per_second"):
        rates = lines[0][figure]
        assert set(rates) == {"best", "median", "cpu_best", "cpu_median"}
        assert all(rate > 0 for rate in rates.values())


def test_bench_core_refuses_a_game_it_does_not_know(capsys):
    try:
        main(["bench", "--core", "chess"])
    except SystemExit as exc:
        assert exc.code == 2
    else:
        raise AssertionError("an unknown game was accepted")
