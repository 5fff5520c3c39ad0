"""Time and profile the rules core the way ``tabletop simulate --jobs 1 --no-check`` drives it.

    .venv/bin/python tools/profile_core.py                      # games/s, best of 3 runs of 500 games
    .venv/bin/python tools/profile_core.py --profile            # plus the top of a cProfile, by own time
    .venv/bin/python tools/profile_core.py --profile --sort cumulative --top 40 --game dice-realms

The timing runs ``simulate`` itself (one process, no invariant checks, output
discarded), so its figure is the one the simulate summary line reports, without
the cost of printing.  Take the best of several runs: other work on the machine
only ever makes a run slower.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.core.simulate import simulate  # noqa: E402
from tabletop.registry import get_rules  # noqa: E402


def games_per_second(game: str, games: int, seed: int) -> float:
    """Play ``games`` seeded games on one core, unchecked; return games per second."""
    start = time.perf_counter()
    simulate(get_rules, game, games, seed, jobs=1, check=False, emit=lambda line: None)
    return games / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    """Print the best games/s of a few runs, and optionally a profile of one run."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="dice-realms")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="timed runs; the best one is reported")
    parser.add_argument("--profile", action="store_true", help="also profile one run with cProfile")
    parser.add_argument("--sort", default="tottime", help="pstats sort key (tottime, cumulative, ncalls)")
    parser.add_argument("--top", type=int, default=25, help="profile lines to print")
    args = parser.parse_args(argv)

    get_rules(args.game)  # load the tables before the clock starts, as a worker would
    rates = [games_per_second(args.game, args.games, args.seed) for _ in range(args.runs)]
    print(f"{args.game}: best {max(rates):.1f} games/s over {args.runs} runs of {args.games} games "
          f"({', '.join(f'{rate:.1f}' for rate in rates)})")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(simulate, get_rules, args.game, args.games, args.seed, jobs=1, check=False,
                         emit=lambda line: None)
        pstats.Stats(profiler).strip_dirs().sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
