"""Every ability of the Dice Cards content has a scenario of its own (``ability_<ARCHETYPE>_<n>_*.yaml``), and the
core's own decisions (``decision_*.yaml``) are pinned by scenarios; each passes."""

import re
from pathlib import Path

import pytest

from tabletop.games.dice_cards.content import load_content

from ..scenario_checks import assert_scenario_passes

FOLDER = Path(__file__).parent.parent / "scenarios" / "dice_cards"
ABILITY_FILES = sorted(FOLDER.glob("ability_*.yaml"))
DECISION_FILES = sorted(FOLDER.glob("decision_*.yaml"))
FILES = ABILITY_FILES + DECISION_FILES


def test_every_ability_has_a_scenario():
    covered = {f"{m.group(1)}.{m.group(2)}" for p in ABILITY_FILES
               if (m := re.match(r"ability_([A-Z]+)_([1-3])_", p.name))}
    content = load_content()
    abilities = {a.ability_id for arch in content.archetypes.values() for a in arch.abilities}
    assert len(abilities) == 18
    assert abilities - covered == set(), "abilities without a scenario"
    assert covered - abilities == set(), "scenarios named after no ability"


def test_the_core_decisions_have_scenarios():
    assert len(DECISION_FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    assert_scenario_passes(path)
