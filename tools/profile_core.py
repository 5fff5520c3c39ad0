"""Time and profile the rules core the way ``tabletop simulate --jobs 1 --no-check`` drives it.

    .venv/bin/python tools/profile_core.py                      # games/s, best of 3 runs of 500 games
    .venv/bin/python tools/profile_core.py --profile            # plus the top of a cProfile, by own time
    .venv/bin/python tools/profile_core.py --profile --sort cumulative --top 40 --game dice-realms
    .venv/bin/python tools/profile_core.py --game elementalis --bots expert,strong --games 10 --profile

The timing runs ``simulate`` itself (one process, no invariant checks, output
discarded), so its figure is the one the simulate summary line reports, without
the cost of printing; the CPU time it took is given too (``time.process_time``: other
work on the machine barely changes it).  Take the best of several runs: other work
only ever makes a run slower.  With ``--bots`` the games are played by those levels
(a searching bot's play-outs are then what the profile shows).
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


def games_per_second(game: str, games: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[float, float]:
    """Play ``games`` seeded games on one core, unchecked (``bots``: a level per seat, else the playout bot);
    return games per second, by the clock and per second of CPU time (which other work barely changes)."""
    start, cpu = time.perf_counter(), time.process_time()
    simulate(get_rules, game, games, seed, jobs=1, check=False, emit=lambda line: None, bots=bots)
    return games / (time.perf_counter() - start), games / (time.process_time() - cpu)


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
    parser.add_argument("--bots", default="", help="a bot level per seat (expert,strong): their games are timed")
    args = parser.parse_args(argv)
    bots = tuple(args.bots.split(",")) if args.bots else ()

    get_rules(args.game)  # load the tables before the clock starts, as a worker would
    rates = [games_per_second(args.game, args.games, args.seed, bots) for _ in range(args.runs)]
    clock = [rate for rate, _ in rates]
    print(f"{args.game}{' (' + ','.join(bots) + ')' if bots else ''}: best {max(clock):.1f} games/s over "
          f"{args.runs} runs of {args.games} games ({', '.join(f'{rate:.1f}' for rate in clock)}); "
          f"{max(cpu for _, cpu in rates):.2f} games per CPU second")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(simulate, get_rules, args.game, args.games, args.seed, jobs=1, check=False,
                         emit=lambda line: None, bots=bots)
        pstats.Stats(profiler).strip_dirs().sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
