"""Every worked case of the rules reference (A.8, ET1 to ET28) and every card of the card table (A.7,
1 to 88) has a scenario file, and each passes."""

import re
from pathlib import Path

import pytest

from tabletop.cli import main

from ..scenario_checks import assert_folder_passes, assert_scenario_passes

FOLDER = Path(__file__).parent.parent / "scenarios" / "elemental_dice"
FILES = sorted(FOLDER.glob("*.yaml"))


def test_every_reference_case_and_every_card_has_a_scenario():
    cases = {int(m.group(1)) for p in FILES if (m := re.match(r"ET(\d+)", p.name))}
    cards = {int(m.group(1)) for p in FILES if (m := re.match(r"card_(\d+)_", p.name))}
    assert cases == set(range(1, 29))
    assert cards == set(range(1, 89))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    assert_scenario_passes(path)


def test_a_position_no_game_can_reach_stops_the_scenario(tmp_path, capsys):
    # Fire in Ann's hand and in the shop's deck at once: the scenario would prove nothing.
    bad = tmp_path / "twice.yaml"
    bad.write_text("game: elemental-dice\nseats: [Ann, Bo]\nseed: 1\ngiven:\n  players.0.hand: [fire]\n"
                   "steps:\n  - pass seat=1\n")
    assert main(["scenario", str(bad)]) == 1
    assert "breaks the rules' invariants: cards in two places: fire" in capsys.readouterr().out


def test_the_whole_folder_passes_from_the_command_line(capsys):
    assert_folder_passes(FOLDER, capsys)
