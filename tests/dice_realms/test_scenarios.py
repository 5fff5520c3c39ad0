"""Every worked test case of the rules reference, as a scenario file, passes."""

from pathlib import Path

import pytest

from tabletop.cli import main

from ..scenario_checks import assert_folder_passes, assert_scenario_passes

FOLDER = Path(__file__).parent.parent / "scenarios" / "dice_realms"
FILES = sorted(FOLDER.glob("*.yaml"))


def test_every_reference_case_has_a_scenario():
    # The rules reference lists cases 1 to 24 (A4); each has a file numbered after it.
    numbers = {int(path.name[:2]) for path in FILES}
    assert set(range(1, 25)) <= numbers


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    assert_scenario_passes(path)


def test_a_failing_expectation_fails_the_run(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "title: wrong on purpose\ngame: dice-realms\nseats: [A, B]\nrandom: ['R1 G3 B3 M4 Y5 W5']\n"
        "steps:\n  - roll seat=0\n  - pick seat=0 die=blue realm=blue cell=1\n"
        "expect:\n  players.0.blue: 2\n  dice.forgotten: [red]\n")
    assert main(["scenario", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL end: players.0.blue == 2, got 1" in out
    assert "PASS end: dice.forgotten == [red]" in out


def test_an_illegal_step_fails_the_run(tmp_path, capsys):
    bad = tmp_path / "illegal.yaml"
    bad.write_text("game: dice-realms\nseats: [A, B]\nsteps:\n  - roll seat=1\n")
    assert main(["scenario", str(bad)]) == 1
    assert "was refused: It is A's turn to decide, not B's." in capsys.readouterr().out


def test_a_malformed_scenario_names_file_line_and_key(tmp_path, capsys):
    bad = tmp_path / "malformed.yaml"
    bad.write_text("game: dice-realms\nseats: [A, B]\nrandom: [R1 G1 B1 M1 Y1 W1]\n"
                   "steps:\n  - roll seat=0\n  - {explode: 1}\n")
    assert main(["scenario", str(bad)]) == 1
    assert f"{bad}:6: steps.1: a step is" in capsys.readouterr().out


def test_missing_forced_outcomes_are_reported_at_their_step(tmp_path, capsys):
    bad = tmp_path / "short.yaml"
    bad.write_text("game: dice-realms\nseats: [A, B]\nrandom: [R1 G1]\nsteps:\n  - roll seat=0\n")
    assert main(["scenario", str(bad)]) == 1
    assert f"{bad}:5: step 1 'roll seat=0': forced outcomes: the rules drew B" in capsys.readouterr().out


def test_the_whole_folder_passes_from_the_command_line(capsys):
    assert_folder_passes(FOLDER, capsys)
