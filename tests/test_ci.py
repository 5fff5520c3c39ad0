"""The README's test command is the one CI runs."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = readme.splitlines()
    marker = lines.index("<!-- test-command -->")
    command = lines[marker + 2]
    assert "pytest" in command and "pip install" in command
    found = subprocess.run(
        ["awk", "/<!-- test-command -->/ { getline; getline; print; exit }", str(ROOT / "README.md")],
        capture_output=True, text=True, check=True).stdout.strip()
    assert found == command
    assert "awk '/<!-- test-command -->/" in (ROOT / ".ci" / "run").read_text()


def test_readme_opens_with_the_two_commands():
    lines = [line for line in (ROOT / "README.md").read_text().splitlines() if line.strip()]
    code = [line for line in lines[:12] if line.startswith("python3 -m venv")]
    assert len(code) == 2
    assert code[0].endswith("tabletop") and code[1].endswith("python -m pytest -n auto")
