"""Hostile files at a game night: realm tables, layouts, the theme and scenarios that are broken
on purpose (absurd numbers, deep nesting, alias bombs, typos) stop with a plain message naming
the file, the line and the key, and never hang, crash or eat the machine's memory."""

import re
import shutil
from pathlib import Path

import pytest

from tabletop.app.layout import LayoutBook
from tabletop.cli import main
from tabletop.core.data import DataError
from tabletop.games.dice_realms.tables import load_tables
from tabletop.paths import data_path

from .test_data import alias_bomb

SCENARIOS = Path(__file__).parent / "scenarios" / "dice_realms"
REALMS = data_path("dice_realms", "realms.yaml")


def line_of(text, fragment, after=None):
    """The 1-based line of the first line containing ``fragment`` (below the line holding ``after``)."""
    start = line_of(text, after) if after else 0
    return next(n for n, line in enumerate(text.splitlines(), 1) if n > start and fragment in line)


def edited(path, old, new, count=1):
    """Replace ``old`` (which must be there) by ``new`` in the file; the new text."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    text = text.replace(old, new, count)
    path.write_text(text, encoding="utf-8")
    return text


# -- realms.yaml --------------------------------------------------------------------------------

@pytest.fixture
def realms(tmp_path):
    path = tmp_path / "realms.yaml"
    shutil.copy(REALMS, path)
    return path


def refused_realms(path):
    with pytest.raises(DataError) as info:
        load_tables(path)
    assert info.value.path == str(path)
    return info.value


@pytest.mark.parametrize("realm, anchor", [
    ("red", "    diagonal_reward: arcane_boost\n"),
    ("green", "    column_rewards: "),
    ("blue", "    thresholds: "),
    ("magenta", "    cells: 11\n"),
    ("yellow", "    multipliers: "),
])
def test_an_unknown_key_inside_a_realm_is_refused(realms, realm, anchor):
    # A typo such as "colum_points" was silently ignored, and the realm played with the old value.
    text = edited(realms, anchor, "    colum_points: [1, 2]\n" + anchor)
    line = line_of(text, "colum_points", after=f"  {realm}:")
    error = refused_realms(realms)
    assert (error.line, error.key) == (line, f"realms.{realm}.colum_points")
    assert str(error).startswith(f"{realms}:{line}: realms.{realm}.colum_points: unknown key")


def test_a_realm_of_the_wrong_kind_is_refused(realms):
    text = edited(realms, "kind: threshold_track", "kind: column_grid")
    error = refused_realms(realms)
    assert (error.line, error.key) == (line_of(text, "kind: column_grid", after="  blue:"), "realms.blue.kind")


@pytest.mark.parametrize("old, new, key", [
    ("column_points: [10, 14, 16, 20]", "column_points: [10, 14, 16, " + "9" * 5000 + "]", "realms.red.column_points.3"),
    ("column_points: [10, 14, 16, 20]", "column_points: [10, 14, 16, " + "9" * 4000 + "]", "realms.red.column_points.3"),
    ("multipliers: [1, 1, 1, 2,", "multipliers: [1, 1, 1, 4000000000,", "realms.yellow.multipliers.3"),
])
def test_absurd_numbers_in_the_realm_tables_are_refused(realms, old, new, key):
    text = edited(realms, old, new)
    error = refused_realms(realms)
    assert (error.line, error.key) == (line_of(text, new[:12]), key)
    assert len(str(error)) < 200              # never a 5,000-digit message


@pytest.mark.timeout(10)
def test_ten_thousand_deep_nesting_in_the_realm_tables_is_refused(realms):
    text = edited(realms, "thresholds: [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6]",
                  "thresholds: " + "[" * 10_000 + "]" * 10_000)
    error = refused_realms(realms)
    assert error.line == line_of(text, "thresholds:") and error.key.startswith("realms.blue.thresholds.0")


@pytest.mark.parametrize("old, new, key", [
    ("      - [9, 10, 11, 12]", "      - [9, 10, 11]", "realms.green.grid.2"),     # was an IndexError
    ("rows: [head, wings, tail, heart]", "rows: []", "realms.red.rows"),   # was blamed on grid.head
])
def test_misshapen_realm_grids_are_data_errors(realms, old, new, key):
    text = edited(realms, old, new)
    error = refused_realms(realms)
    assert (error.line, error.key) == (line_of(text, new.strip()), key)


# -- layouts and the theme ---------------------------------------------------------------------

@pytest.fixture
def layouts(tmp_path):
    folder = tmp_path / "layouts"
    shutil.copytree(data_path("layouts"), folder)
    return folder


ROLL_RECT = re.compile(r"roll: \{rect: \[[^\]]*\]")


@pytest.mark.parametrize("rect", [
    "[800, .nan, 320, 112]",          # was a bare ValueError from int(nan)
    "[800, .inf, 320, 112]",          # was a bare OverflowError
    "[800, 930, 1.0e+300, 112]",      # was a 301-digit width handed to pygame
    "[800, 930, 320, " + "9" * 5000 + "]",
    "[800, 930, 320, 1000000]",       # a million pixels: a typo, and a surface of gigabytes
])
def test_absurd_numbers_in_a_layout_rect_are_refused(layouts, rect):
    path = layouts / "dice_realms.yaml"
    text = path.read_text(encoding="utf-8")
    assert ROLL_RECT.search(text)
    text = ROLL_RECT.sub(lambda m: f"roll: {{rect: {rect}", text, count=1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        LayoutBook(layouts)
    error = info.value
    assert (error.path, error.line) == (str(path), line_of(text, "roll: {rect:"))
    assert error.key.startswith("elements.roll.rect") and len(str(error)) < 200


def test_a_nan_line_height_in_the_theme_is_refused(layouts):
    # NaN passed the 0.5..3 range check (every comparison with it is false).
    path = layouts / "theme.yaml"
    text = edited(path, "  body: {font: regular,", "  body: {line_height: .nan, font: regular,")
    with pytest.raises(DataError) as info:
        LayoutBook(layouts)
    assert (info.value.path, info.value.line) == (str(path), line_of(text, "line_height: .nan"))
    assert info.value.key == "styles.body.line_height"


@pytest.mark.timeout(10)
def test_an_alias_bomb_in_the_theme_is_refused(layouts):
    # A style's keys other than the style keys were never looked at, so the bomb loaded unnoticed.
    path = layouts / "theme.yaml"
    bomb = "".join(f"    {line}\n" for line in alias_bomb(key="x").splitlines())
    text = edited(path, "styles:\n", "styles:\n  bomb:\n" + bomb)
    with pytest.raises(DataError, match=r"values \(aliases expanded\)") as info:
        LayoutBook(layouts)
    assert (info.value.path, info.value.line) == (str(path), line_of(text, "l4: &l4"))
    assert info.value.key == "styles.bomb.l4"


# -- scenarios ---------------------------------------------------------------------------------

GOOD = SCENARIOS / "01_gandalf_roll_1.yaml"
HEADER = "title: hostile\ngame: dice-realms\nseats: [A, B]\nrandom: ['R1 G3 B3 M4 Y5 W5']\n"


def run_folder(tmp_path, hostile_text, capsys):
    """Run a folder holding the hostile scenario and a good one after it; (status, output)."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "a_hostile.yaml").write_text(hostile_text, encoding="utf-8")
    shutil.copy(GOOD, folder / "b_good.yaml")
    status = main(["scenario", str(folder)])
    return status, capsys.readouterr().out


def bomb_under(key):
    """An alias bomb whose expansion sits under ``key`` (expect or given)."""
    bomb = alias_bomb(key="x")
    anchors = "\n".join(line for line in bomb.splitlines() if not line.startswith("x:"))
    # The anchors sit under ``note`` (a key the runner allows and never reads); the alias is the bomb.
    return (HEADER + "note:\n" + "".join(f"  {line}\n" for line in anchors.splitlines())
            + f"{key}:\n  players.0.blue: *l8\n")


@pytest.mark.timeout(10)
@pytest.mark.parametrize("key", ["expect", "given"])
def test_an_alias_bomb_scenario_is_refused_and_the_next_file_still_runs(tmp_path, capsys, key):
    # Before: a 1 KB file whose aliases expand to 10 ** 9 values took minutes and gigabytes.
    text = bomb_under(key)
    assert len(text) < 1500
    status, out = run_folder(tmp_path, text, capsys)
    assert status == 1
    hostile = tmp_path / "scenarios" / "a_hostile.yaml"
    assert re.search(rf"ERROR {re.escape(str(hostile))}:\d+: note\.l4: holds more than 100,000 values", out)
    assert "1 of 2 scenarios passed" in out and f"failed: {hostile}" in out


@pytest.mark.timeout(10)
@pytest.mark.parametrize("tail, where, words", [
    ("expect:\n  players.0.blue: " + "[" * 10_000 + "]" * 10_000, "6: expect.players.0.blue.0", "nested more than"),
    ("given:\n  players.0.blue: " + "{a: " * 10_000 + "1" + "}" * 10_000, "6: given.players.0.blue.a", "nested"),
    ("expect:\n  players.0.blue: " + "9" * 5000, "6: expect.players.0.blue: ", "too large a number"),
    ("given:\n  players.0.blue: " + "9" * 4000, "6: given.players.0.blue: ", "too large a number"),
    ("seed: " + "9" * 30, "5: seed: ", "too large a number"),
    ("given:\n  1: 2", "6: given.1: ", "dotted path"),       # was an AttributeError that ended the run
])
def test_deep_nesting_and_giant_numbers_in_a_scenario_are_refused_file_by_file(tmp_path, capsys, tail, where, words):
    status, out = run_folder(tmp_path, HEADER + tail + "\n", capsys)
    hostile = tmp_path / "scenarios" / "a_hostile.yaml"
    assert status == 1
    error = next(line for line in out.splitlines() if line.startswith("  ERROR"))
    assert error.startswith(f"  ERROR {hostile}:{where}") and words in error and len(error) < 300
    assert "1 of 2 scenarios passed" in out


def test_a_huge_scenario_file_is_refused(tmp_path, capsys):
    text = HEADER + "# padding padding padding padding\n" * 10_000      # 350 KB of comments
    status, out = run_folder(tmp_path, text, capsys)
    assert status == 1 and "it is too large (" in out and "a scenario file is at most 256 KB" in out and "1 of 2 scenarios passed" in out


def test_a_scenario_that_breaks_the_runner_does_not_stop_the_others(tmp_path, capsys, monkeypatch):
    import tabletop.core.scenario as scenario

    real = scenario.run_scenario

    def flaky(path, lookup, say=print):
        if path.name.startswith("a_"):
            raise RecursionError("maximum recursion depth exceeded")
        return real(path, lookup, say)

    monkeypatch.setattr(scenario, "run_scenario", flaky)
    status, out = run_folder(tmp_path, HEADER, capsys)
    assert status == 1
    assert "could not run (RecursionError: maximum recursion depth exceeded)" in out
    assert "1 of 2 scenarios passed" in out
