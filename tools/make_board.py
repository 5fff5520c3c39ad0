"""Generate the Dice Realms grimoire map: ``data/dice_realms/board.tmx`` and its tileset ``board_tiles.tsx``.

The map is an ordinary Tiled map (open it in Tiled to adjust it by hand): a tile
layer paints each realm's ground, and object layers place every cell, reward,
label and score box of one player's grimoire, with the rules' own names in their
properties (``realm``, ``cell``, ``goal``, ``reward``).  The app loads it with pytmx
and draws each player's grimoire from it.  Cell values come from
``data/dice_realms/realms.yaml``, so the map always matches the rules.

Run: ``.venv/bin/python tools/make_board.py``
"""

from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.games.dice_realms.state import Cell  # noqa: E402
from tabletop.games.dice_realms.tables import load_tables  # noqa: E402

TILE = 32
WIDTH, HEIGHT = 29, 19          # in tiles: 928 x 608 pixels
# Tileset indices (board_tiles.png, one row of 32 px tiles).
LAVA, EARTH, WATER, SKY, SAVANNA, PARCHMENT, WOOD, FELT = range(8)

CELL = 52            # grid cell size
PITCH = 56           # grid cell pitch
GRID_TOP = 104
TRACK_CELL = 56
TRACK_PITCH = 62
TRACK_X = 240
TRACK_TOP = 376      # the first track's row; each track takes TRACK_ROW pixels
TRACK_ROW = 76
ICON = 40            # printed rewards of the grids; the tracks' are smaller
TRACK_ICON = 30
class MapWriter:
    """Collects objects by layer and writes the TMX text."""

    def __init__(self) -> None:
        self.layers: dict[str, list[str]] = {}
        self.next_id = 1

    def add(self, layer: str, name: str, kind: str, rect: tuple[int, int, int, int], **props: object) -> None:
        x, y, w, h = rect
        lines = [f'  <object id="{self.next_id}" name={quoteattr(name)} type="{kind}" '
                 f'x="{x}" y="{y}" width="{w}" height="{h}">']
        if props:
            lines.append("   <properties>")
            for key, value in props.items():
                lines.append(f"    <property name={quoteattr(key)} value={quoteattr(str(value))}/>")
            lines.append("   </properties>")
        lines.append("  </object>")
        self.layers.setdefault(layer, []).append("\n".join(lines))
        self.next_id += 1


def ground() -> list[list[int]]:
    """The tile layer: each realm's ground under its part of the grimoire."""
    rows = [[PARCHMENT] * WIDTH for _ in range(HEIGHT)]
    for y in range(0, 2):
        rows[y] = [WOOD] * WIDTH
    for y in range(2, 11):
        for x in range(WIDTH):
            rows[y][x] = LAVA if x < 9 else EARTH if x < 18 else WOOD
    tracks = (WATER, WATER, SKY, SKY, SAVANNA, SAVANNA, SAVANNA, SAVANNA)
    for y, tile in zip(range(11, HEIGHT), tracks):
        rows[y] = [WOOD] * 7 + [tile] * (WIDTH - 7)
    return rows


def build(writer: MapWriter) -> None:
    t = load_tables()
    writer.add("areas", "header", "area", (0, 0, 928, 60))
    writer.add("areas", "panel", "area", (592, 60, 336, 290))

    # Emberfall: the grid, rows 1..4 (head..heart in saves), columns 1..4.
    writer.add("labels", "title:red", "label", (8, 62, 180, 38), realm="red", text=t.names["red"])
    writer.add("areas", "score:red", "score", (188, 62, 100, 38), realm="red")
    for r, row in enumerate(t.red_rows):
        for c in range(4):
            cell = Cell(row, c + 1)
            rect = (8 + c * PITCH, GRID_TOP + r * PITCH, CELL, CELL)
            kind = "cell" if cell in t.red_values else "blocked"
            props = {"label": t.red_values[cell]} if kind == "cell" else {}
            writer.add("cells", f"red:{cell.to_text()}", kind, rect, realm="red", cell=cell.to_text(), **props)
    for goal in t.red_goals:
        kind, _, which = goal.goal_id.partition("-")
        if kind == "row":
            r = t.red_rows.index(which)
            writer.add("rewards", f"red:{goal.goal_id}", "reward", (240, GRID_TOP + 6 + r * PITCH, ICON, ICON),
                       realm="red", goal=goal.goal_id, reward=goal.reward)
        elif kind == "dragon":
            c = int(which) - 1
            writer.add("rewards", f"red:{goal.goal_id}", "points", (8 + c * PITCH, 330, CELL, 38),
                       realm="red", goal=goal.goal_id, reward="none", points=goal.points)
        else:
            writer.add("rewards", "red:diagonal", "reward", (240, 330, ICON, ICON),
                       realm="red", goal=goal.goal_id, reward=goal.reward)

    # Terra: the grid of sums 2..12.
    writer.add("labels", "title:green", "label", (304, 62, 180, 38), realm="green", text=t.names["green"])
    writer.add("areas", "score:green", "score", (480, 62, 100, 38), realm="green")
    for r, row in enumerate(t.green_grid):
        for c, value in enumerate(row):
            rect = (304 + c * PITCH, GRID_TOP + r * PITCH, CELL, CELL)
            if value is None:
                writer.add("cells", f"green:none-{r}-{c}", "blocked", rect, realm="green")
            else:
                writer.add("cells", f"green:{value}", "cell", rect, realm="green", cell=value, label=value)
    for r in range(len(t.green_grid)):
        reward = next(g for g in t.green_goals_by_cell[t.green_grid[r][-1]] if g.goal_id == f"row-{r + 1}")
        writer.add("rewards", f"green:row-{r + 1}", "reward", (532, GRID_TOP + 6 + r * PITCH, ICON, ICON),
                   realm="green", goal=reward.goal_id, reward=reward.reward)
    rows = len(t.green_grid)
    for c in range(len(t.green_grid[0])):
        cell = t.green_grid[-1][c]
        reward = next(g for g in t.green_goals_by_cell[cell] if g.goal_id == f"column-{c + 1}")
        writer.add("rewards", f"green:column-{c + 1}", "reward",
                   (310 + c * PITCH, GRID_TOP + rows * PITCH + 4, ICON, ICON),
                   realm="green", goal=reward.goal_id, reward=reward.reward)

    # The side panel: tokens and the total.
    for i, token in enumerate(("time_warp", "arcane_boost", "crest")):
        writer.add("areas", f"token:{token}", "token", (596, 66 + i * 64, 324, 56), token=token)
    writer.add("areas", "total", "score", (596, 262, 324, 72), realm="total")

    # The three tracks: name and score on the left, eleven cells to the right.
    tracks = (
        ("blue", [f">={v}" for v in t.blue_thresholds], t.blue_rewards),
        ("magenta", ["<"] * 11, t.magenta_rewards),
        ("yellow", [f"x{m}" if m > 1 else "" for m in t.yellow_multipliers], t.yellow_rewards),
    )
    for index, (realm, labels, rewards) in enumerate(tracks):
        y = TRACK_TOP + index * TRACK_ROW
        writer.add("labels", f"title:{realm}", "label", (8, y, 228, 36), realm=realm, text=t.names[realm]  # the realm's one name (realms.yaml))
        writer.add("areas", f"score:{realm}", "score", (8, y + 36, 228, 36), realm=realm)
        for i in range(11):
            rect = (TRACK_X + i * TRACK_PITCH, y + 16, TRACK_CELL, TRACK_CELL)
            writer.add("cells", f"{realm}:{i + 1}", "cell", rect, realm=realm, cell=i + 1, label=labels[i])
            if rewards[i] != "none":
                writer.add("rewards", f"{realm}:cell-{i + 1}", "reward",
                           (rect[0] + TRACK_CELL - TRACK_ICON + 6, y - 2, TRACK_ICON, TRACK_ICON), realm=realm,
                           goal=f"cell-{i + 1}", reward=rewards[i])


def tmx_text(writer: MapWriter) -> str:
    rows = ground()
    csv = ",\n".join(",".join(str(tile + 1) for tile in row) for row in rows)
    groups = []
    for layer_id, (name, objects) in enumerate(writer.layers.items(), start=2):
        groups.append(f' <objectgroup id="{layer_id}" name="{name}">\n' + "\n".join(objects) + "\n </objectgroup>")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!-- Generated by tools/make_board.py from data/dice_realms/realms.yaml; one player\'s grimoire. -->\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{WIDTH}" height="{HEIGHT}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="{len(writer.layers) + 2}" nextobjectid="{writer.next_id}">\n'
        ' <tileset firstgid="1" source="board_tiles.tsx"/>\n'
        f' <layer id="1" name="ground" width="{WIDTH}" height="{HEIGHT}">\n'
        f'  <data encoding="csv">\n{csv}\n</data>\n </layer>\n'
        + "\n".join(groups) + "\n</map>\n"
    )


TSX = """<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by tools/make_board.py; the image is made by tools/make_art.py. -->
<tileset version="1.10" tiledversion="1.10.2" name="board_tiles" tilewidth="32" tileheight="32" tilecount="8" columns="8">
 <image source="../../art/dice_realms/board_tiles.png" width="256" height="32"/>
</tileset>
"""


def main() -> None:
    writer = MapWriter()
    build(writer)
    folder = ROOT / "data" / "dice_realms"
    (folder / "board.tmx").write_text(tmx_text(writer), encoding="utf-8")
    (folder / "board_tiles.tsx").write_text(TSX, encoding="utf-8")
    print(f"wrote {folder / 'board.tmx'} ({writer.next_id - 1} objects) and board_tiles.tsx")


if __name__ == "__main__":
    main()
