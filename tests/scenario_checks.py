"""What every game's scenario tests share: one file passes with at least one check; the folder passes from
the command line."""

from pathlib import Path

from tabletop.cli import main
from tabletop.core.scenario import run_scenario
from tabletop.registry import get_rules


def assert_scenario_passes(path: Path) -> None:
    lines: list[str] = []
    result = run_scenario(path, get_rules, lines.append)
    assert result.ok, "\n".join(lines)
    assert result.passed > 0


def assert_folder_passes(folder: Path, capsys) -> None:
    count = len(list(folder.glob("*.yaml")))
    assert main(["scenario", "-q", str(folder)]) == 0
    assert f"{count} of {count} scenarios passed" in capsys.readouterr().out
