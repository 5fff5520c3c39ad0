"""Every test case of the rules reference (B5, E1 to E21) and every worked example of the seed
(Appendix B, Appendix C) has a scenario file, and each passes."""

import re
from pathlib import Path

import pytest

from ..scenario_checks import assert_scenario_passes

FOLDER = Path(__file__).parent.parent / "scenarios" / "elementalis"
FILES = sorted(FOLDER.glob("*.yaml"))


def test_every_reference_case_has_a_scenario():
    cases = {int(m.group(1)) for p in FILES if (m := re.match(r"E(\d+)[a-z]?_", p.name))}
    assert cases == set(range(1, 22))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    assert_scenario_passes(path)
