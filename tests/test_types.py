"""The package type-checks: mypy, with the project's configuration (``pyproject.toml``: every function typed in
the rules core and the games, mypy's default checks for the app), reports no error."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_mypy_finds_no_error():
    pytest.importorskip("mypy", reason="mypy is not installed")
    run = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
                         cwd=ROOT, capture_output=True, text=True, timeout=550)
    assert run.returncode == 0 and "Success: no issues found" in run.stdout, run.stdout[-3000:] + run.stderr


GAMES = ("dice_cards", "dice_realms", "elemental_dice", "elementalis", "wizard_dice")


@pytest.mark.parametrize("game", GAMES)
def test_a_games_intent_union_holds_every_intent_its_codec_parses(game):
    """``intents.Intent`` (what ``legal_intents`` lists and the bots read, narrowed by ``isinstance``) is the union
    of exactly the classes of ``INTENTS``: an intent added to one and not the other would escape the type checks,
    or the ``isinstance(intent, Intent)`` that opens ``apply`` would refuse it."""
    import importlib
    import typing

    intents = importlib.import_module(f"tabletop.games.{game}.intents")
    union = typing.get_args(intents.Intent)
    assert tuple(cls.KIND for cls in union) == intents.INTENTS.kinds


def _ignores(folder: str) -> list[tuple[str, int, str, str]]:
    """Each ``# type: ignore`` under ``tabletop/<folder>``: (file, line number, the line, the line above)."""
    found = []
    for path in sorted((ROOT / "tabletop" / folder).rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            if "type: ignore" in line:
                found.append((str(path.relative_to(ROOT)), number, line, lines[number - 2] if number > 1 else ""))
    return found


def test_the_games_silence_no_type_check():
    """The games' rules and bots read typed intents (each game's ``Intent`` union, narrowed by ``isinstance``):
    none of them needs a ``# type: ignore``."""
    assert [f"{path}:{number}" for path, number, _, _ in _ignores("games")] == []


def test_each_type_check_the_rules_core_silences_names_its_error_and_says_why():
    """The few ``# type: ignore`` left in tabletop/core name the error they silence and give a reason: a comment
    after it, or on the line above (``random.Random._randbelow`` is in no stub, say)."""
    unexplained = [f"{path}:{number}" for path, number, line, above in _ignores("core")
                   if not re.search(r"# type: ignore\[[a-z-]+(,[a-z-]+)*\]", line)
                   or not (re.search(r"# type: ignore\[[^]]*\]\s+#\s*\S", line) or above.strip().startswith("#"))]
    assert unexplained == []
    assert len(_ignores("core")) <= 5
