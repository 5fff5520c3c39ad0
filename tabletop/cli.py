"""Command line: ``tabletop`` opens the app; ``tabletop scenario|simulate|bench`` are the tools."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Sequence

__all__ = ["main"]


def _window_size(text: str) -> tuple[int, int]:
    """``3840x2160`` -> (3840, 2160): a window size for ``bench --size``."""
    width, sep, height = text.lower().partition("x")
    if not (sep and width.isdigit() and height.isdigit() and int(width) >= 320 and int(height) >= 180):
        raise argparse.ArgumentTypeError(f"not a window size like 3840x2160: {text!r}")
    return int(width), int(height)


def _parser() -> argparse.ArgumentParser:
    from tabletop.registry import game_ids

    GAME_IDS = game_ids()

    parser = argparse.ArgumentParser(
        prog="tabletop", description="Dice Tabletop: five dice games on one screen. "
        "Without a command it opens the app.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the app (the default)")
    play.add_argument("--frames", type=int, default=0, help="quit after this many frames (smoke tests)")
    play.add_argument("--windowed", action="store_true", help="ignore the fullscreen setting")
    play.add_argument("--start", choices=GAME_IDS, default=None,
                      help="go straight to a new match of this game with the last names used")
    play.add_argument("--phone-check", action="store_true",
                      help="open a match with a phone seat, fetch its phone page from the app's own server "
                           "(on 127.0.0.1) and print PHONE PAGE OK and its size (the executable's smoke test)")
    play.add_argument("--replay", type=Path, default=None,
                      help="open a saved or exported match file as a replay (one that cannot be replayed: "
                           "exit status 1, and why on stderr)")

    scenario = sub.add_parser("scenario", help="run YAML rules scenarios and print pass/fail")
    scenario.add_argument("files", nargs="+", type=Path, help="scenario files or folders of them")
    scenario.add_argument("-q", "--quiet", action="store_true", help="print only failures and the summary")

    simulate = sub.add_parser("simulate", help="play games with random bots, headless, as JSON lines")
    simulate.add_argument("--game", default=GAME_IDS[0], choices=GAME_IDS)
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--players", type=int, default=None, help="seats (default: the game's minimum)")
    simulate.add_argument("--jobs", type=int, default=None, help="worker processes (default: one per core)")
    simulate.add_argument("--no-check", action="store_true", help="skip the invariant checks (raw speed)")
    simulate.add_argument("--bots", default="", help="a bot level per seat, e.g. strong,easy (the seats turn by "
                                                     "one each game); default: the playout bot everywhere")
    simulate.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                          help="a game option for every game, e.g. --option teams='2 against 2' (repeatable; "
                               "a per-seat option as key.SEAT=VALUE, or key=VALUE for every seat)")

    bench = sub.add_parser("bench", help="render the busiest moment headless and print frame times")
    bench.add_argument("--frames", type=int, default=600)
    bench.add_argument("--exe", default=None, help="also time the launch of this executable")
    bench.add_argument("--game", default=GAME_IDS[0], choices=(*GAME_IDS, "all"),
                       help="the game whose busiest scene is drawn (all: each game in turn)")
    bench.add_argument("--size", default=None, type=_window_size, metavar="WxH",
                       help="draw in a real X window of this size, e.g. 3840x2160 (implies --window)")
    bench.add_argument("--window", action="store_true",
                       help="draw in a real X window (under Xvfb if no display is set) instead of headless")
    bench.add_argument("--demo", action="store_true",
                       help="run the attract mode headless instead, in compressed time, and report memory growth")
    bench.add_argument("--minutes", type=float, default=30.0, help="with --demo: minutes of game time")
    bench.add_argument("--bots-game", default=None, choices=GAME_IDS, metavar="GAME",
                       help="play one game of strong bots through the real table at the Instant pace; print its time")
    bench.add_argument("--pace", default="instant", choices=("paced", "fast", "instant"),
                       help="with --bots-game: the bots' pace (Settings -> Bots)")
    bench.add_argument("--core", default=None, choices=(*GAME_IDS, "all"), metavar="GAME",
                       help="games per second of GAME's rules core (or all games'), alone and through the match "
                            "controller, printed as JSON; nothing is drawn")
    bench.add_argument("--games", type=int, default=300, help="with --core: games per run")
    bench.add_argument("--runs", type=int, default=3, help="with --core: runs (the best and the median are given)")
    bench.add_argument("--seed", type=int, default=1, help="with --core: the seed of the games")
    bench.add_argument("--phones", type=int, default=0, metavar="N",
                       help="a Wizard Dice table with N phone seats (2 to 5) whose phones tap moves: tap to big "
                            "screen times, frame times and idle CPU (loopback only)")
    bench.add_argument("--rounds", type=int, default=3,
                       help="with --phones: rounds of the shared screen and the phones, taking turns (the spread "
                            "of the shared screen's rounds is the noise)")
    tutorial = sub.add_parser("tutorial", help="check every tutorial: play each headless on the table, click by "
                                               "click, and exit 0 when all play to their end")
    tutorial.add_argument("--check", action="store_true", help="play every tutorial headless")
    tutorial.add_argument("--game", choices=GAME_IDS, default=None, help="without --check: open this game's tutorial")
    tutorial.add_argument("--step", type=int, default=0, help="with --game: the steps already played")

    handovers = sub.add_parser("handovers", help="count how often the shared screen changes hands in games of "
                                                 "strong bots: every seat at the shared screen, and every seat "
                                                 "on a phone (JSON)")
    handovers.add_argument("--game", default=GAME_IDS[0], choices=GAME_IDS)
    handovers.add_argument("--games", type=int, default=10)
    handovers.add_argument("--seed", type=int, default=1)
    handovers.add_argument("--players", type=int, default=None, help="seats (default: the game's minimum)")

    hint = sub.add_parser("hint", help="play N seeded moves, then print the hint for the seat to act (JSON)")
    hint.add_argument("--game", default=GAME_IDS[0], choices=GAME_IDS)
    hint.add_argument("--seed", type=int, default=1)
    hint.add_argument("--moves", type=int, default=0, help="moves played first by the easy bots")
    hint.add_argument("--players", type=int, default=None, help="seats (default: the game's minimum)")
    return parser


def _scenario_files(paths: Sequence[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(path.rglob("*.yaml")))
        else:
            files.append(path)
    return files


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # before anything imports pygame
    args = _parser().parse_args(argv)
    if args.command == "scenario":
        from tabletop.core.scenario import run_scenario
        from tabletop.registry import get_rules

        files = _scenario_files(args.files)
        failed = []
        for path in files:
            lines: list[str] = []
            try:
                ok = run_scenario(path, get_rules, lines.append).ok
            except Exception as exc:  # noqa: BLE001 - one broken file must not stop the others
                lines.append(f"scenario {path}\n  ERROR {path}: the scenario could not run "
                             f"({type(exc).__name__}: {str(exc)[:300]})\n  FAILED")
                ok = False
            if not ok:
                failed.append(path)
            if not args.quiet or not ok:
                print("\n".join(lines))
        print(f"{len(files) - len(failed)} of {len(files)} scenarios passed")
        for path in failed:
            print(f"  failed: {path}")
        return 1 if failed or not files else 0
    if args.command == "simulate":
        from tabletop.core.simulate import simulate
        from tabletop.registry import get_rules

        meta = get_rules(args.game).meta
        if args.players is not None and args.players not in meta.player_counts:
            print(f"{meta.name} is played by {meta.players_text} players, not {args.players}.", file=sys.stderr)
            return 2
        bots = tuple(level.strip() for level in args.bots.split(",") if level.strip())
        options = dict(item.partition("=")[::2] for item in args.option)
        try:
            meta.resolve_options(options, args.players or (len(bots) if bots else meta.min_players))
        except ValueError as exc:
            print(f"{exc}.", file=sys.stderr)
            return 2
        summary = simulate(get_rules, args.game, args.games, args.seed, args.players, args.jobs, not args.no_check,
                           bots=bots, options=options)
        return 1 if summary["errors"] else 0
    if args.command == "tutorial":
        if args.check or not args.game:
            from tabletop.app.tutorial_check import check_all

            return check_all()
        from tabletop.app.main import run_app

        return run_app(windowed=True, tutorial=args.game, tutorial_step=args.step)
    if args.command == "handovers":
        from tabletop.app.handovers import handovers_cli

        return handovers_cli(args.game, args.games, args.seed, args.players)
    if args.command == "hint":
        from tabletop.app.hints import hint_cli

        return hint_cli(args.game, args.seed, args.moves, args.players)
    if args.command == "bench":
        from tabletop.app.bench import run_bench, run_bots_game, run_core_bench, run_demo_bench

        if args.core:
            return run_core_bench(args.core, args.games, args.runs, args.seed)
        if args.phones:
            from tabletop.app.bench import run_phone_bench

            return run_phone_bench(args.phones, rounds=args.rounds)
        if args.demo:
            return run_demo_bench(args.minutes)
        if args.bots_game:
            return run_bots_game(args.bots_game, pace=args.pace)
        return run_bench(args.frames, args.exe, args.game, args.window, args.size)
    from tabletop.app.main import run_app

    if getattr(args, "phone_check", False):
        from tabletop.app.main import check_phone_page

        return check_phone_page()
    return run_app(frames=getattr(args, "frames", 0), windowed=getattr(args, "windowed", False),
                   start=getattr(args, "start", None), replay=getattr(args, "replay", None))


if __name__ == "__main__":
    sys.exit(main())
