"""The rules core never imports pygame, and has no side effects at import."""

import ast
import subprocess
import sys
from pathlib import Path

import tabletop

PACKAGE = Path(tabletop.__file__).parent
PURE = [PACKAGE / "core", PACKAGE / "games"]


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_no_pygame_import_in_rules_code():
    offenders = []
    for folder in PURE:
        for path in folder.rglob("*.py"):
            for module in imported_modules(path):
                if module.split(".")[0] == "pygame" or module.startswith("tabletop.app"):
                    offenders.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert offenders == []


def test_the_core_knows_no_game():
    # The core is handed the rules it runs; only the registry and the tools know the games.
    offenders = []
    for path in (PACKAGE / "core").rglob("*.py"):
        for module in imported_modules(path):
            if module.startswith(("tabletop.games", "tabletop.registry")):
                offenders.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert offenders == []


def test_a_whole_game_runs_without_loading_pygame():
    code = (
        "import sys\n"
        "from tabletop.core.simulate import play_one\n"
        "from tabletop.registry import game_ids, get_rules\n"
        "for game in game_ids(): play_one(get_rules(game), 7)\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_importing_the_package_touches_no_files(tmp_path):
    code = (
        "import builtins, os\n"
        "opened = []\n"
        "real = builtins.open\n"
        "builtins.open = lambda f, *a, **k: (opened.append(str(f)), real(f, *a, **k))[1]\n"
        "import tabletop, tabletop.core.controller, tabletop.core.scenario, tabletop.games.dice_realms\n"
        "import tabletop.games.dice_realms.rules\n"
        "print([f for f in opened if not f.endswith('.py')])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=tmp_path)
    assert out.stdout.strip() == "[]"
    assert list(tmp_path.iterdir()) == []
