"""Optional members are written into the contracts (issue 35, item 5): a scene's ``idle``, a bot's ``decide``, a
view's ``cover_answer`` and ``Choices``, the table's ``hint`` are declared in their protocols, with defaults in
the base classes, so mypy checks them and nothing looks them up by ``getattr(..., None)``; every game's view
derives from :class:`~tabletop.app.gameview.GameView`, so mypy checks each view against the table's contract."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.app.gameview import GameView, GameViewBase
from tabletop.app.scenes import Scene
from tabletop.core.bots import BotBase
from tabletop.core.protocol import bot_levels
from tabletop.registry import entry, game_ids, get_rules, load

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "tabletop" / "app"
#: The members the issue found looked up by getattr, and the others of the same kind.
OPTIONAL = ("idle", "decide", "cover_answer", "hints", "Choices", "determinize", "answer_without_cover")
_LOOKUP = re.compile(r"getattr\([^,()]+,\s*\"(%s)\"" % "|".join(OPTIONAL))


def optional_lookups(root: Path) -> list[str]:
    """Every ``getattr(x, "member")`` of a declared optional member under ``root``, as ``file:line``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _LOOKUP.search(line):
                found.append(f"{path.relative_to(root)}:{number}")
    return found


def test_no_declared_member_is_looked_up_by_getattr():
    assert optional_lookups(APP) == []


def test_the_check_finds_a_lookup(tmp_path):
    (tmp_path / "scene.py").write_text('waiting = getattr(top, "idle", None)\n'
                                       'decide = getattr(bot, "decide", None)\n', encoding="utf-8")
    assert optional_lookups(tmp_path) == ["scene.py:1", "scene.py:2"]


def test_every_scene_may_be_told_it_is_idle():
    Scene(None).idle(61.0)          # the default does nothing; the title's demo counts the seconds


@pytest.mark.parametrize("game", game_ids())
def test_every_bot_of_every_game_declares_decide(game):
    rules = get_rules(game)
    for level in bot_levels(rules):
        bot = rules.make_bot(level, 3, 0)
        assert isinstance(bot, BotBase), (game, level, type(bot))
    quiet = rules.playout_bot(3)
    assert isinstance(quiet, BotBase)
    if type(quiet).decide is BotBase.decide:
        assert quiet.decide(None, random.Random(1)) is None      # no reason given: the table asks choose


@pytest.mark.parametrize("game", game_ids())
def test_every_view_derives_from_the_table_contract(game):
    view = load(entry(game).view)
    assert issubclass(view, GameViewBase) and GameView in view.__mro__


def test_mypy_sees_a_view_that_does_not_fit_the_contract(tmp_path):
    """The other half of the check above: with the views derived from GameView, a view whose member does not
    fit (the banner's status as a plain string) is a type error."""
    pytest.importorskip("mypy", reason="mypy is not installed")
    bad = tmp_path / "bad_view.py"
    bad.write_text("from tabletop.app.gameview import GameViewBase\n\n\n"
                   "class BadView(GameViewBase):\n"
                   "    def status(self) -> str:\n"
                   "        return 'x'\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "mypy", "--ignore-missing-imports", "--follow-imports", "silent",
                          str(bad)], cwd=ROOT, capture_output=True, text=True, timeout=550)
    assert run.returncode == 1 and "supertype \"tabletop.app.gameview.GameView\"" in run.stdout, run.stdout
