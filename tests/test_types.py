"""The package type-checks: mypy, with the project's configuration (``pyproject.toml``: every function typed in
the rules core and the games, mypy's default checks for the app), reports no error."""

from __future__ import annotations

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
