"""The shape the code keeps: each game's table in small modules (no file under ``tabletop/app/games/`` over 450
lines) and no function in ``tabletop/`` over 100 lines; each check is shown to see a file or function too long."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "tabletop"
MOST_LINES_IN_A_TABLE_FILE = 450
MOST_LINES_IN_A_FUNCTION = 100


def long_files(root: Path, most: int) -> list[tuple[str, int]]:
    return [(str(path.relative_to(root)), count) for path in sorted(root.rglob("*.py"))
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > most]


def long_functions(root: Path, most: int) -> list[tuple[str, str, int]]:
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > most:
                    found.append((str(path.relative_to(root)), node.name, length))
    return found


def test_no_file_of_a_games_table_is_over_450_lines():
    assert long_files(PACKAGE / "app" / "games", MOST_LINES_IN_A_TABLE_FILE) == []


def test_no_function_is_over_100_lines():
    assert long_functions(PACKAGE, MOST_LINES_IN_A_FUNCTION) == []


def test_the_checks_see_a_long_file_and_a_long_function(tmp_path):
    body = "\n".join(f"    x{n} = {n}" for n in range(120))
    (tmp_path / "long.py").write_text(f"def long():\n{body}\n" + "\n" * 400)
    assert long_files(tmp_path, MOST_LINES_IN_A_TABLE_FILE) == [("long.py", 521)]
    assert long_functions(tmp_path, MOST_LINES_IN_A_FUNCTION) == [("long.py", "long", 121)]
