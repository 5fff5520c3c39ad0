"""How many points the strong Dice Realms bot scores on its own grimoire, over seeded games.

    python tools/dice_realms_score.py [--games 200] [--seed 1] [--rival strong|easy|strong-1]

Each game is played through the match controller (``simulate.play_one``), the strong
bot and its rival taking turns to start; the score is the app's own
(``rules.outcome(state).scores``).  With ``--rival strong`` both seats are strong
bots and both their scores count.  Prints the mean, median, spread and win rate.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.core.rng import derive_seed  # noqa: E402
from tabletop.core.simulate import play_one, seating  # noqa: E402
from tabletop.registry import get_rules  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="strong", help="the bot measured (default: strong)")
    parser.add_argument("--rival", default="strong", help="the bot it plays against (default: strong)")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    args = parser.parse_args(argv)
    rules = get_rules("dice-realms")
    scores: list[int] = []
    rival_scores: list[int] = []
    wins = decided = 0
    started = time.perf_counter()
    for index in range(args.games):
        seats = seating((args.level, args.rival), index)
        match = play_one(rules, derive_seed(args.seed, index), check=False, bots=seats)
        outcome = rules.outcome(match.state)
        measured = [seat for seat, level in enumerate(seats) if level == args.level]
        if args.rival == args.level:
            measured = [0, 1]
        game = [outcome.scores[seat] for seat in measured]
        scores.extend(game)
        rival_scores.extend(outcome.scores[seat] for seat in range(2) if seat not in measured)
        if args.rival != args.level and len(outcome.winners) == 1:
            decided += 1
            wins += outcome.winners[0] in measured
        if not args.quiet:
            print(f"game {index}: {list(seats)} scores {list(outcome.scores)}", flush=True)
    elapsed = time.perf_counter() - started
    quartiles = statistics.quantiles(scores, n=4) if len(scores) > 1 else [scores[0]] * 3
    print(f"{args.level} vs {args.rival}, {args.games} games (seed {args.seed}): {args.level} scores "
          f"mean {statistics.mean(scores):.1f}, median {statistics.median(scores):.1f}, "
          f"stdev {statistics.pstdev(scores):.1f}, quartiles {quartiles[0]:.0f}-{quartiles[2]:.0f}, "
          f"min {min(scores)}, max {max(scores)}"
          + (f"; {args.rival} mean {statistics.mean(rival_scores):.1f}; {args.level} won {wins} of {decided}"
             f" decided games" if rival_scores else "")
          + f" ({elapsed:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
