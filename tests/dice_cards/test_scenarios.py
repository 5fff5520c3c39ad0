"""Every test case of the Dice Cards rules reference (C.5, DT1 to DT20) and every settled ruling (1 to 9)
has a scenario file, and every scenario file in the folder passes (the per-ability ones too)."""

import re
from pathlib import Path

import pytest

from ..scenario_checks import assert_scenario_passes

FOLDER = Path(__file__).parent.parent / "scenarios" / "dice_cards"
FILES = sorted(FOLDER.glob("*.yaml"))


def numbers(pattern: str) -> set[int]:
    return {int(m.group(1)) for p in FILES if (m := re.match(pattern, p.name))}


def test_every_reference_case_has_a_scenario():
    assert numbers(r"DT(\d\d)[a-z]?_") == set(range(1, 21))


def test_every_settled_ruling_has_a_scenario():
    assert numbers(r"ruling_(\d)[a-z]?_") == set(range(1, 10))


def test_the_shields_option_has_a_scenario():
    assert any('shields: "2, 3, 6"' in p.read_text(encoding="utf-8") for p in FOLDER.glob("ruling_6*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    assert_scenario_passes(path)
