"""Play a whole Dice Realms game in a real window under Xvfb, by mouse only (xdotool), and take screenshots.

The app runs as a normal process on a virtual X screen.  This script reads the
match record the app saves after every move, works out the legal moves with the
rules, picks one, and clicks where a player would click (positions taken from
the layout files and the Tiled map, as the app draws them).  It checks that every
click sequence produced exactly the intended move.

Needs Debian's xvfb, xdotool and imagemagick.  Run from the project root:
``.venv/bin/python tools/xdotool_play.py [--seed N] [--shots DIR]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.app.layout import LayoutBook  # noqa: E402  (no pygame: layouts are plain YAML)
from tabletop.core.controller import MatchController, MatchRecord  # noqa: E402
from tabletop.registry import get_rules
from tabletop.games.dice_realms.intents import Bonus, Boost, Forfeit, Pass, Pick, Roll, TimeWarp  # noqa: E402
from tabletop.games.dice_realms.state import DICE  # noqa: E402


def cell_rects() -> tuple[tuple[int, int], dict[tuple[str, str], tuple[int, int, int, int]]]:
    """Map size and (realm, cell) -> rectangle, read from the Tiled map like the app does."""
    import pytmx

    tmx = pytmx.TiledMap(str(ROOT / "data" / "dice_realms" / "board.tmx"))
    cells = {}
    for obj in tmx.get_layer_by_name("cells"):
        if obj.type == "cell":
            cells[(obj.properties["realm"], str(obj.properties["cell"]))] = (obj.x, obj.y, obj.width, obj.height)
    return (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight), cells


class Player:
    """Clicks through a match, checking each move against the saved record."""

    def __init__(self, display: str, window: str, save: Path, seed: int) -> None:
        self.display = display
        self.window = window
        self.save = save
        self.random = random.Random(seed)
        self.layout = LayoutBook(ROOT / "data" / "layouts")["dice_realms"]
        self.map_size, self.cells = cell_rects()

    def element_center(self, name: str) -> tuple[int, int]:
        x, y, w, h = self.layout[name].rect
        return x + w // 2, y + h // 2

    def slots(self, key: str) -> list[tuple[int, int]]:
        return [tuple(int(v) for v in item.numbers(2)) for item in self.layout.setting(key)]

    def die_center(self, state, die: str) -> tuple[int, int]:
        dice = state.dice
        if die in dice.forgotten:
            return self.slots("forgotten_slots")[dice.forgotten.index(die)]
        if die in dice.fields:
            return self.slots("field_slots")[dice.fields.index(die)]
        return self.slots("tray_slots")[DICE.index(die)]

    def cell_center(self, seat: int, realm: str, cell: str) -> tuple[int, int]:
        gx, gy, gw, gh = self.layout[f"grimoire_{seat}"].rect
        x, y, w, h = self.cells[(realm, str(cell))]
        sx, sy = gw / self.map_size[0], gh / self.map_size[1]
        return int(gx + (x + w / 2) * sx), int(gy + (y + h / 2) * sy)

    def click(self, point: tuple[int, int]) -> None:
        subprocess.run(["xdotool", "mousemove", "--window", self.window, str(point[0]), str(point[1]),
                        "click", "1"], env=dict(os.environ, DISPLAY=self.display), check=True)
        time.sleep(0.25)

    def record(self) -> MatchRecord | None:
        try:
            return MatchRecord.from_json(self.save.read_text())
        except (OSError, ValueError):
            return None

    def wait_for(self, count: int, timeout: float = 8.0) -> MatchRecord:
        deadline = time.time() + timeout
        while time.time() < deadline:
            record = self.record()
            if record is not None and len(record.entries) >= count:
                time.sleep(0.9)          # let the animations finish before the next click
                return record
            time.sleep(0.1)
        raise SystemExit(f"the app did not make move {count} within {timeout} s")

    def clicks_for(self, state, intent) -> list[tuple[int, int]]:
        if isinstance(intent, Roll):
            return [self.element_center("roll")]
        if isinstance(intent, TimeWarp):
            return [self.element_center("time_warp")]
        if isinstance(intent, Forfeit):
            return [self.element_center("forfeit")]
        if isinstance(intent, Pass):
            return [self.element_center("skip")]
        if isinstance(intent, (Pick, Boost)):
            return [self.die_center(state, intent.die), self.cell_center(intent.seat, intent.realm, intent.cell)]
        if isinstance(intent, Bonus):
            kinds = list(dict.fromkeys(state.flow.pending))
            clicks = []
            if len(kinds) > 1:
                x, y, w, h = self.layout["bonus_chip"].rect
                step = self.layout.setting("chip_spacing").int()
                clicks.append((x + w // 2 + kinds.index(intent.kind) * step, y + h // 2))
            clicks.append(self.cell_center(intent.seat, intent.realm, intent.cell))
            return clicks
        raise ValueError(intent)

    def play(self, shots: Path) -> dict:
        record = self.wait_for(0, timeout=20)
        moves = 0
        while not record.finished:
            match = MatchController.from_record(record, get_rules)
            intent = self.random.choice(list(match.legal_intents()))
            for attempt in range(3):
                # Clicks while the dice are still moving are ignored, as for a player: click again.
                for point in self.clicks_for(match.state, intent):
                    self.click(point)
                try:
                    record = self.wait_for(len(record.entries) + 1, timeout=3.0)
                    break
                except SystemExit:
                    if attempt == 2:
                        screenshot(self.display, shots / "stuck.png")
                        raise SystemExit(f"no move after the clicks for '{intent.to_str()}' (screenshot stuck.png)")
            made = record.entries[len(match.journal)][0]
            if made != intent.to_str():
                raise SystemExit(f"clicked for '{intent.to_str()}' but the app made '{made}'")
            moves += 1
            if moves in (8, 45):
                screenshot(self.display, shots / f"move-{moves}.png")
        time.sleep(2.5)
        screenshot(self.display, shots / "results.png")
        final = MatchController.from_record(record, get_rules)
        outcome = final.rules.outcome(final.state)
        return {"moves": moves, "scores": list(outcome.scores), "winners": list(outcome.winners)}


def screenshot(display: str, path: Path) -> None:
    subprocess.run(["import", "-window", "root", str(path)], env=dict(os.environ, DISPLAY=display), check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shots", type=Path, default=Path(tempfile.mkdtemp(prefix="dice-shots-")))
    args = parser.parse_args()
    args.shots.mkdir(parents=True, exist_ok=True)
    display = f":{90 + os.getpid() % 9}"
    home = Path(tempfile.mkdtemp(prefix="dice-home-"))
    (home / "settings.json").write_text(json.dumps({"animation": "fast", "names": {"dice-realms": ["Gandalf", "Saruman"]}}))
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    env = dict(os.environ, DISPLAY=display, TABLETOP_HOME=str(home), TABLETOP_WINDOW="1920x1080",
               SDL_AUDIODRIVER="dummy")
    app = subprocess.Popen([sys.executable, "-m", "tabletop", "play", "--windowed", "--start", "dice-realms"],
                           cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        window = ""
        for _ in range(100):
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--classname", "."],
                                   env=dict(os.environ, DISPLAY=display), capture_output=True, text=True)
            if found.stdout.split():
                window = found.stdout.split()[-1]
                break
            time.sleep(0.1)
        if not window:
            raise SystemExit("no window appeared")
        result = Player(display, window, home / "saves" / "current.json", args.seed).play(args.shots)
        result["screenshots"] = str(args.shots)
        print(json.dumps(result))
        return 0
    finally:
        app.terminate()
        try:
            app.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()
        xvfb.terminate()


if __name__ == "__main__":
    sys.exit(main())
