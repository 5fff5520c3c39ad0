"""Every worked case of the rules reference (B.9: the Example of Play's four rounds WT-EX1 to WT-EX4, and
WT5 to WT20) and every spell of the book has a scenario file, and each passes."""

import re
from pathlib import Path

import pytest

from tabletop.games.wizard_dice.spells import load_spells

from ..scenario_checks import assert_folder_passes, assert_scenario_passes

FOLDER = Path(__file__).parent.parent / "scenarios" / "wizard_dice"
FILES = sorted(FOLDER.glob("*.yaml"))


def test_every_reference_case_has_a_scenario():
    rounds = {int(m.group(1)) for p in FILES if (m := re.match(r"WT-EX(\d)_", p.name))}
    cases = {int(m.group(1)) for p in FILES if (m := re.match(r"WT(\d\d)_", p.name))}
    assert rounds == {1, 2, 3, 4}
    assert cases == set(range(5, 21))
    assert (FOLDER / "WT-EX_whole_example.yaml").is_file()


def test_every_spell_of_the_book_has_a_scenario():
    spells = {m.group(1) for p in FILES if (m := re.match(r"spell_(.+)\.yaml$", p.name))}
    assert spells == {spell.spell_id for spell in load_spells().spells}
    assert len(spells) == 15


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    assert_scenario_passes(path)


def test_the_whole_folder_passes_from_the_command_line(capsys):
    assert_folder_passes(FOLDER, capsys)
