"""The realm tables of Dice Realms, loaded from ``data/dice_realms/realms.yaml`` into typed values.

The tables say which cells exist, what each goal (a row, a column, the Dragon
diagonal, a track cell) rewards, and how each realm scores.  The rules read them;
nothing about a realm's layout is written in code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

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
    # Emberfall Dominion (red): Dragon grid.
    red_rows: tuple[str, ...]
    red_values: dict[Cell, int]              # real Dragon cell -> value
    red_pre_crossed: frozenset[Cell]         # the NA cells
    red_cells_by_value: dict[int, tuple[Cell, ...]]
    red_goals: tuple[Goal, ...]
    red_goals_by_cell: dict[Cell, tuple[Goal, ...]]
    red_columns: tuple[Goal, ...]
    # Terra's Heartland (green): sum grid.
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
    # Radiant Savanna (yellow): free track with multipliers.
    yellow_multipliers: tuple[int, ...]
    yellow_rewards: tuple[str, ...]
    round_rewards: tuple[str, ...]
    lion_bonus_values: dict[str, dict[str, int]]

    def track_length(self, realm: str) -> int:
        """Number of cells on a track realm (blue, magenta, yellow)."""
        return {"blue": len(self.blue_thresholds), "magenta": len(self.magenta_rewards),
                "yellow": len(self.yellow_multipliers)}[realm]


#: The keys each realm's mapping may hold, and the kind of board it is (``kind:`` must say so).
_REALM_KEYS = {
    "red": ("dragon_grid", ("rows", "grid", "row_rewards", "column_points", "diagonal", "diagonal_reward")),
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
    root = Reader.from_file(path).only_keys("realms", "round_rewards", "lion_bonus_values")
    realms = root["realms"].only_keys(*REALMS)
    realm_readers = {realm: _realm(realms, realm) for realm in REALMS}
    names = {realm: realm_readers[realm]["name"].str() for realm in REALMS}
    creatures = {realm: realm_readers[realm]["creature"].str() for realm in REALMS}

    red = realm_readers["red"]
    rows = tuple(item.str() for item in red["rows"])
    if not rows:
        raise red["rows"].error("expected at least one row")
    if len(set(rows)) != len(rows):
        raise red["rows"].error("a row is named twice")
    grid = red["grid"].only_keys(*rows)
    values: dict[Cell, int] = {}
    pre_crossed: set[Cell] = set()
    width = None
    for row in rows:
        row_reader = grid[row]
        cells = list(row_reader)
        if not cells:
            raise row_reader.error("expected at least one cell")
        width = width or len(cells)
        if len(cells) != width:
            raise row_reader.error(f"expected {width} cells like the rows above, got {len(cells)}")
        for column, cell in enumerate(cells, start=1):
            cell_id = Cell(row, column)
            if cell.data is None:
                pre_crossed.add(cell_id)
            else:
                values[cell_id] = cell.int(1, 6)
    assert width is not None
    column_points = red["column_points"].ints(width, 0)
    row_rewards = red["row_rewards"].only_keys(*rows)
    red_goals: list[Goal] = []
    for row in rows:
        cells = frozenset(Cell(row, c) for c in range(1, width + 1)) - pre_crossed
        red_goals.append(Goal(f"row-{row}", cells, _reward(row_rewards[row])))
    columns = []
    for column in range(1, width + 1):
        cells = frozenset(Cell(row, column) for row in rows) - pre_crossed
        columns.append(Goal(f"dragon-{column}", cells, "none", column_points[column - 1]))
    red_goals.extend(columns)
    texts = {cell.to_text(): cell for cell in values}
    diagonal = frozenset(texts[item.str(tuple(texts))] for item in red["diagonal"])
    red_goals.append(Goal("diagonal", diagonal, _reward(red["diagonal_reward"])))
    by_value: dict[int, list[Cell]] = {}
    for cell_id, value in values.items():
        by_value.setdefault(value, []).append(cell_id)

    green = realm_readers["green"]
    green_rows = [list(row) for row in green["grid"]]
    if not green_rows or not green_rows[0]:
        raise green["grid"].error("expected at least one row of cells")
    for row_reader, row in zip(green["grid"], green_rows):
        if len(row) != len(green_rows[0]):
            raise row_reader.error(f"expected {len(green_rows[0])} cells like the first row, got {len(row)}")
    green_grid = tuple(tuple(cell.optional(lambda c: c.int(2, 12)) for cell in row) for row in green_rows)
    green_cells = tuple(sorted(v for row in green_grid for v in row if v is not None))
    if len(set(green_cells)) != len(green_cells):
        raise green["grid"].error("a Gaia sum appears twice")
    row_rewards_g = [_reward(item) for item in green["row_rewards"]]
    column_rewards_g = [_reward(item) for item in green["column_rewards"]]
    if len(row_rewards_g) != len(green_grid):
        raise green["row_rewards"].error(f"expected {len(green_grid)} rewards, one per row")
    if len(column_rewards_g) != len(green_grid[0]):
        raise green["column_rewards"].error(f"expected {len(green_grid[0])} rewards, one per column")
    green_goals: list[Goal] = []
    for r, row in enumerate(green_grid):
        green_goals.append(Goal(f"row-{r + 1}", frozenset(v for v in row if v is not None), row_rewards_g[r]))
    for c in range(len(green_grid[0])):
        cells = frozenset(row[c] for row in green_grid if row[c] is not None)
        green_goals.append(Goal(f"column-{c + 1}", cells, column_rewards_g[c]))
    green_points = green["points"].ints(len(green_cells) + 1, 0)

    blue = realm_readers["blue"]
    thresholds = blue["thresholds"].ints(None, 1, 6)
    blue_rewards = tuple(_reward(item) for item in blue["rewards"])
    if len(blue_rewards) != len(thresholds):
        raise blue["rewards"].error(f"expected {len(thresholds)} rewards, one per head")
    blue_points = blue["points"].ints(len(thresholds) + 1, 0)

    magenta = realm_readers["magenta"]
    magenta_rewards = tuple(_reward(item) for item in magenta["rewards"])
    if len(magenta_rewards) != magenta["cells"].int(1):
        raise magenta["rewards"].error("expected one reward per cell")

    yellow = realm_readers["yellow"]
    multipliers = yellow["multipliers"].ints(None, 1)
    yellow_rewards = tuple(_reward(item) for item in yellow["rewards"])
    if len(yellow_rewards) != len(multipliers):
        raise yellow["rewards"].error("expected one reward per cell")

    round_rewards = tuple(item.str((*REWARDS, "essence_shift")) for item in root["round_rewards"])
    lion = {name: {source: value.int(1, 6) for source, value in table.items()}
            for name, table in root["lion_bonus_values"].items()}

    return RealmTables(
        names=names, creatures=creatures,
        red_rows=rows, red_values=values, red_pre_crossed=frozenset(pre_crossed),
        red_cells_by_value={v: tuple(sorted(cells)) for v, cells in by_value.items()},
        red_goals=tuple(red_goals),
        red_goals_by_cell={cell: tuple(g for g in red_goals if cell in g.cells) for cell in values},
        red_columns=tuple(columns),
        green_grid=green_grid, green_cells=green_cells,
        green_goals_by_cell={cell: tuple(g for g in green_goals if cell in g.cells) for cell in green_cells},
        green_points=green_points,
        blue_thresholds=thresholds, blue_rewards=blue_rewards, blue_points=blue_points,
        magenta_rewards=magenta_rewards,
        yellow_multipliers=multipliers, yellow_rewards=yellow_rewards,
        round_rewards=round_rewards, lion_bonus_values=lion,
    )


@lru_cache(maxsize=4)
def load_tables(path: Path | None = None) -> RealmTables:
    """The realm tables from ``path`` (default: the bundled ``realms.yaml``), read once."""
    return _read(path or data_path("dice_realms", "realms.yaml"))
