"""Dice Realms levels compared on the same dice: each level fills the same seeded sheets, and their scores are set
side by side.

    .venv/bin/python tools/dice_realms_sheets.py [--sheets 500] [--seed 1] [--levels strong,expert] [--rival strong]

Dice Realms has no solo rules, so a sheet here is one seat's grimoire over a whole game against a rival bot
(``--rival``, the strong bot by default, the same for every level).  Sheet ``i`` is played with the measured
level in seat ``i % 2`` (the first seat starts every round, so the measured level starts every round on half
the sheets), and with its dice fixed by the seed: every roll's faces depend only on the sheet, the round,
the turn, the roll of the turn and the Time Warps spent on that roll (``bots.KeyedDice``), so every level meets
the same dice wherever it meets the same roll, however it played before
(``tabletop/games/dice_realms/sheets.py``).  Prints each level's mean score on
its sheets (with the rival's), and the paired difference between the first two levels with its 95 % interval.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.games.dice_realms.sheets import play_sheet  # noqa: E402
from tabletop.registry import get_rules  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="strong,expert", help="the levels measured, comma-separated")
    parser.add_argument("--rival", default="strong", help="the bot in the other seat (default: strong)")
    parser.add_argument("--start", type=int, default=0, help="the first sheet (to split a run)")
    parser.add_argument("--quiet", action="store_true", help="no line per sheet")
    args = parser.parse_args(argv)
    rules = get_rules("dice-realms")
    levels = args.levels.split(",")
    scores: dict[str, list[int]] = {level: [] for level in levels}
    rivals: dict[str, list[int]] = {level: [] for level in levels}
    cpu: dict[str, float] = {level: 0.0 for level in levels}
    for index in range(args.start, args.start + args.sheets):
        line = []
        for level in levels:
            started = time.process_time()
            mine, theirs = play_sheet(rules, level, args.rival, args.seed, index)
            cpu[level] += time.process_time() - started
            scores[level].append(mine)
            rivals[level].append(theirs)
            line.append(f"{level} {mine} (rival {theirs})")
        if not args.quiet:
            print(f"sheet {index}: " + ", ".join(line), flush=True)
    for level in levels:
        values = scores[level]
        print(f"{level}: mean {statistics.mean(values):.1f} over {len(values)} sheets (median "
              f"{statistics.median(values):.0f}, stdev {statistics.pstdev(values):.1f}); the {args.rival} rival "
              f"{statistics.mean(rivals[level]):.1f}; won {sum(m > t for m, t in zip(values, rivals[level]))}, "
              f"lost {sum(m < t for m, t in zip(values, rivals[level]))}; {cpu[level]:.0f} s of CPU")
    if len(levels) >= 2 and len(scores[levels[0]]) > 1:
        first, second = levels[:2]
        gaps = [b - a for a, b in zip(scores[first], scores[second])]
        mean = statistics.mean(gaps)
        half = 1.96 * statistics.stdev(gaps) / math.sqrt(len(gaps))
        print(f"{second} - {first} on the same sheets: {mean:+.1f} points (95 % interval {mean - half:+.1f} to "
              f"{mean + half:+.1f}), ahead on {sum(g > 0 for g in gaps)}, behind on {sum(g < 0 for g in gaps)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
