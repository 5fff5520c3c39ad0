"""The realm tables of Dice Realms, loaded from ``data/dice_realms/realms.yaml`` into typed values.

The tables say which cells exist, what each goal (a row, a column, the
diagonal, a track cell) rewards, and how each realm scores.  The rules read them;
nothing about a realm's layout is written in code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from tabletop.core.data import Reader
from tabletop.paths import data_path

from .state import Cell

__all__ = ["Goal", "RealmTables", "load_tables", "REALMS", "COLOUR_BONUSES", "REWARDS"]

#: The five realms by die colour, in the order the grimoire shows them.
REALMS = ("red", "green", "blue", "magenta", "yellow")
#: Rewards that are a colour bonus (resolved at once, can chain).
COLOUR_BONUSES = REALMS
#: Every reward name a table may use.
REWARDS = (*COLOUR_BONUSES, "time_warp", "arcane_boost", "crest", "none")


@dataclass(frozen=True)
class Goal:
    """A set of cells that rewards (or scores) once every one of them is crossed."""

    goal_id: str
    cells: frozenset
    reward: str
    points: int = 0


@dataclass(frozen=True)
class RealmTables:
    """Every table of the five realms."""

    names: dict[str, str]
    creatures: dict[str, str]
    # Emberfall (red): the grid of values.
    red_rows: tuple[str, ...]
    red_values: dict[Cell, int]              # real Emberfall cell -> value
    red_pre_crossed: frozenset[Cell]         # the NA cells
    red_cells_by_value: dict[int, tuple[Cell, ...]]
    red_goals: tuple[Goal, ...]
    red_goals_by_cell: dict[Cell, tuple[Goal, ...]]
    red_columns: tuple[Goal, ...]
    # Terra (green): sum grid.
    green_grid: tuple[tuple[int | None, ...], ...]
    green_cells: tuple[int, ...]
    green_goals_by_cell: dict[int, tuple[Goal, ...]]
    green_points: tuple[int, ...]
    # Tide Abyss (blue): threshold track.
    blue_thresholds: tuple[int, ...]
    blue_rewards: tuple[str, ...]
    blue_points: tuple[int, ...]
    # Mystical Sky (magenta): rising track.
    magenta_rewards: tuple[str, ...]
    # Savanna (yellow): free track with multipliers.
    yellow_multipliers: tuple[int, ...]
    yellow_rewards: tuple[str, ...]
    round_rewards: tuple[str, ...]
    yellow_bonus_values: dict[str, dict[str, int]]

    def track_length(self, realm: str) -> int:
        """Number of cells on a track realm (blue, magenta, yellow)."""
        return {"blue": len(self.blue_thresholds), "magenta": len(self.magenta_rewards),
                "yellow": len(self.yellow_multipliers)}[realm]


#: The keys each realm's mapping may hold, and the kind of board it is (``kind:`` must say so).
_REALM_KEYS = {
    "red": ("column_grid", ("rows", "grid", "row_rewards", "column_points", "diagonal", "diagonal_reward")),
    "green": ("sum_grid", ("grid", "row_rewards", "column_rewards", "points")),
    "blue": ("threshold_track", ("thresholds", "rewards", "points")),
    "magenta": ("rising_track", ("cells", "rewards")),
    "yellow": ("free_track", ("multipliers", "rewards")),
}


def _reward(reader: Reader) -> str:
    return reader.str(REWARDS)


def _realm(realms: Reader, realm: str) -> Reader:
    """One realm's mapping, refusing keys the tables do not read (a typo would be silently ignored)."""
    kind, keys = _REALM_KEYS[realm]
    reader = realms[realm].only_keys("name", "creature", "kind", *keys)
    if reader.has("kind"):
        reader["kind"].str((kind,))
    return reader


def _read(path: Path) -> RealmTables:
    root = Reader.from_file(path).only_keys("realms", "round_rewards", "yellow_bonus_values")
    realms = root["realms"].only_keys(*REALMS)
    realm_readers = {realm: _realm(realms, realm) for realm in REALMS}
    names = {realm: realm_readers[realm]["name"].str() for realm in REALMS}
    creatures = {realm: realm_readers[realm]["creature"].str() for realm in REALMS}
    round_rewards = tuple(item.str((*REWARDS, "essence_shift")) for item in root["round_rewards"])
    yellow_values = {name: {source: value.int(1, 6) for source, value in table.items()}
            for name, table in root["yellow_bonus_values"].items()}
    return RealmTables(
        names=names, creatures=creatures,
        **_read_red(realm_readers["red"]), **_read_green(realm_readers["green"]),
        **_read_tracks(realm_readers["blue"], realm_readers["magenta"], realm_readers["yellow"]),
        round_rewards=round_rewards, yellow_bonus_values=yellow_values,
    )


def _read_red(red: Reader) -> dict[str, Any]:
    """Emberfall: the grid of values, its rows, columns and the diagonal."""
    rows = tuple(item.str() for item in red["rows"])
    if not rows:
        raise red["rows"].error("expected at least one row")
    if len(set(rows)) != len(rows):
        raise red["rows"].error("a row is named twice")
    grid = red["grid"].only_keys(*rows)
    values: dict[Cell, int] = {}
    pre_crossed: set[Cell] = set()
    width = 0
    for row in rows:
        row_reader = grid[row]
        row_cells = list(row_reader)
        if not row_cells:
            raise row_reader.error("expected at least one cell")
        width = width or len(row_cells)
        if len(row_cells) != width:
            raise row_reader.error(f"expected {width} cells like the rows above, got {len(row_cells)}")
        for column, cell in enumerate(row_cells, start=1):
            cell_id = Cell(row, column)
            if cell.data is None:
                pre_crossed.add(cell_id)
            else:
                values[cell_id] = cell.int(1, 6)
    column_points = red["column_points"].ints(width, 0)
    row_rewards = red["row_rewards"].only_keys(*rows)
    goals: list[Goal] = []
    for row in rows:
        cells = frozenset(Cell(row, c) for c in range(1, width + 1)) - pre_crossed
        goals.append(Goal(f"row-{row}", cells, _reward(row_rewards[row])))
    columns = []
    for column in range(1, width + 1):
        cells = frozenset(Cell(row, column) for row in rows) - pre_crossed
        columns.append(Goal(f"column-{column}", cells, "none", column_points[column - 1]))
    goals.extend(columns)
    texts = {cell.to_text(): cell for cell in values}
    diagonal = frozenset(texts[item.str(tuple(texts))] for item in red["diagonal"])
    goals.append(Goal("diagonal", diagonal, _reward(red["diagonal_reward"])))
    by_value: dict[int, list[Cell]] = {}
    for cell_id, value in values.items():
        by_value.setdefault(value, []).append(cell_id)
    return dict(
        red_rows=rows, red_values=values, red_pre_crossed=frozenset(pre_crossed),
        red_cells_by_value={v: tuple(sorted(cells)) for v, cells in by_value.items()},
        red_goals=tuple(goals),
        red_goals_by_cell={cell: tuple(g for g in goals if cell in g.cells) for cell in values},
        red_columns=tuple(columns),
    )


def _read_green(green: Reader) -> dict[str, Any]:
    """Terra: the grid of sums, its rows' and columns' rewards, the points by cells crossed."""
    green_rows = [list(row) for row in green["grid"]]
    if not green_rows or not green_rows[0]:
        raise green["grid"].error("expected at least one row of cells")
    for row_reader, read_row in zip(green["grid"], green_rows):
        if len(read_row) != len(green_rows[0]):
            raise row_reader.error(f"expected {len(green_rows[0])} cells like the first row, got {len(read_row)}")
    grid = tuple(tuple(cell.optional(lambda c: c.int(2, 12)) for cell in row) for row in green_rows)
    cells = tuple(sorted(v for row in grid for v in row if v is not None))
    if len(set(cells)) != len(cells):
        raise green["grid"].error("a Terra sum appears twice")
    row_rewards = [_reward(item) for item in green["row_rewards"]]
    column_rewards = [_reward(item) for item in green["column_rewards"]]
    if len(row_rewards) != len(grid):
        raise green["row_rewards"].error(f"expected {len(grid)} rewards, one per row")
    if len(column_rewards) != len(grid[0]):
        raise green["column_rewards"].error(f"expected {len(grid[0])} rewards, one per column")
    goals: list[Goal] = []
    for r, row in enumerate(grid):
        goals.append(Goal(f"row-{r + 1}", frozenset(v for v in row if v is not None), row_rewards[r]))
    for c in range(len(grid[0])):
        goals.append(Goal(f"column-{c + 1}", frozenset(row[c] for row in grid if row[c] is not None),
                          column_rewards[c]))
    return dict(
        green_grid=grid, green_cells=cells,
        green_goals_by_cell={cell: tuple(g for g in goals if cell in g.cells) for cell in cells},
        green_points=green["points"].ints(len(cells) + 1, 0),
    )


def _read_tracks(blue: Reader, magenta: Reader, yellow: Reader) -> dict[str, Any]:
    """The three tracks: Tide Abyss' cells, Mystical Sky's cells, Savanna's multipliers."""
    thresholds = blue["thresholds"].ints(None, 1, 6)
    blue_rewards = tuple(_reward(item) for item in blue["rewards"])
    if len(blue_rewards) != len(thresholds):
        raise blue["rewards"].error(f"expected {len(thresholds)} rewards, one per cell")
    magenta_rewards = tuple(_reward(item) for item in magenta["rewards"])
    if len(magenta_rewards) != magenta["cells"].int(1):
        raise magenta["rewards"].error("expected one reward per cell")
    multipliers = yellow["multipliers"].ints(None, 1)
    yellow_rewards = tuple(_reward(item) for item in yellow["rewards"])
    if len(yellow_rewards) != len(multipliers):
        raise yellow["rewards"].error("expected one reward per cell")
    return dict(
        blue_thresholds=thresholds, blue_rewards=blue_rewards, blue_points=blue["points"].ints(len(thresholds) + 1, 0),
        magenta_rewards=magenta_rewards, yellow_multipliers=multipliers, yellow_rewards=yellow_rewards,
    )


@lru_cache(maxsize=4)
def load_tables(path: Path | None = None) -> RealmTables:
    """The realm tables from ``path`` (default: the bundled ``realms.yaml``), read once."""
    return _read(path or data_path("dice_realms", "realms.yaml"))
