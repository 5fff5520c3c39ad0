"""Headless playouts with the game's playout bot in every seat: ``python -m tabletop simulate``.

Each game is played through the match controller; after every intent the
invariants are checked (legal intents exist until the game ends, they all belong
to the seat to act, and the game's own ``invariants(state)`` hold).  One JSON line
is printed per game, then a summary line (the mean length of the finished games in the game's own unit,
turns or rounds, and the share of them won by nobody or shared; with ``--bots`` each level's win rate over
the decided games it sat in, its 95 % interval, its wins and decided games by seat when it sat in one seat a game,
and its decision times p50/p95, by the clock and in CPU time); the exit status is non-zero if any game
raised or broke an invariant.  The bot is the rules' ``playout_bot`` (random-legal
unless the game's random games would stall); a game still going after ``MOVE_CAP``
moves is stopped and counted apart as capped.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import time
import traceback
from typing import Any, Callable, Iterable, Mapping, Sequence

from .controller import MatchController
from .protocol import Rules
from .rng import derive_seed

__all__ = ["play_one", "simulate", "InvariantBroken", "check_invariants"]

DEFAULT_SEATS = ("Ada", "Brom", "Cyra", "Dorn", "Esme")


class InvariantBroken(AssertionError):
    """A playout reached a state the rules should never produce."""


def check_invariants(match: MatchController) -> None:
    """Raise InvariantBroken if the current state breaks a generic or game invariant."""
    state = match.state
    legal = match.legal_intents()
    if state.to_act is None:
        if legal:
            raise InvariantBroken("legal intents listed after the game ended")
        return
    if not legal:
        raise InvariantBroken(f"no legal intent for seat {state.to_act} before the game ended")
    for intent in legal:
        # Any game's intents, so Values: each names its seat (the Intent protocol), which Value does not declare.
        if intent.seat != state.to_act and not intent.OTHER_SEAT:  # type: ignore[attr-defined]
            raise InvariantBroken(f"'{intent.to_str()}' is listed but seat {state.to_act} is to act")
    problems = match.rules.invariants(state)
    if problems:
        raise InvariantBroken("; ".join(problems))


#: Moves after which a simulated game is stopped and counted apart ("capped"), not as an error.
MOVE_CAP = 20_000


def play_one(rules: Rules, seed: int, players: int | None = None, check: bool = True,
             max_intents: int = MOVE_CAP, bots: Sequence[str] = (), timings: list | None = None,
             options: Mapping[str, str] | None = None) -> MatchController:
    """Play one whole game; returns the match (finished, or stopped after ``max_intents`` moves: see
    ``match.finished``).

    Without ``bots`` the game's playout bot plays every seat, shown the view of the seat to act.  With
    ``bots`` (a level per seat, from ``rules.make_bot``) each seat's bot sees only the legal intents and its
    own seat's view; ``timings`` collects ``(level, seconds, cpu seconds)`` for every decision (the CPU time of
    this process, ``time.process_time``: unlike the clock, it does not count what other work on the machine
    takes).  ``options``: the game's
    options (the defaults where not given).
    """
    count = players or (len(bots) if bots else rules.meta.min_players)
    match = MatchController(rules, options, DEFAULT_SEATS[:count], seed)
    if bots:
        if len(bots) != count:
            raise ValueError(f"{len(bots)} bots for {count} seats")
        seated = [rules.make_bot(level, derive_seed(seed, "bot", seat), seat) for seat, level in enumerate(bots)]
    else:
        playout = rules.playout_bot(derive_seed(seed, "bot"))
    while not match.finished and len(match.journal) < max_intents:
        if check:
            check_invariants(match)
        legal = match.legal_intents()
        if bots:
            seat = match.state.to_act
            started, cpu = time.perf_counter(), time.process_time()
            intent = seated[seat].choose(legal, rules.view(match.state, seat))
            if timings is not None:
                timings.append((bots[seat], time.perf_counter() - started, time.process_time() - cpu))
        else:
            intent = playout.choose(legal, rules.view(match.state, match.state.to_act))
        match.submit(intent)
    if check:
        check_invariants(match)
    return match


def seating(bots: Sequence[str], index: int) -> tuple[str, ...]:
    """The bot of each seat in game ``index``: the list turned by one seat a game, so each starts in turn.

    >>> seating(("strong", "easy"), 0), seating(("strong", "easy"), 1)
    (('strong', 'easy'), ('easy', 'strong'))
    """
    shift = index % len(bots)
    return tuple(bots[shift:]) + tuple(bots[:shift])


def _play_line(args: tuple) -> dict[str, Any]:
    lookup, game, index, seed, players, check, bots, options = args
    game_seed = derive_seed(seed, index)
    seats = seating(bots, index) if bots else ()
    timings: list = []
    try:
        match = play_one(lookup(game), game_seed, players, check, MOVE_CAP, seats, timings, options)
    except Exception as exc:  # reported per game, counted as an error
        return {"game": index, "seed": game_seed, "error": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=3)}
    outcome = match.rules.outcome(match.state)
    line = {"game": index, "seed": game_seed, "scores": list(outcome.scores),
            "winner": list(outcome.winners), "intents": len(match.journal)}
    length, unit = match.rules.length(match.state)
    line["length"], line["unit"] = (length, unit) if unit else (len(match.journal), "moves")
    if seats:
        line["bots"] = list(seats)
        line["winner_bots"] = [seats[w] for w in outcome.winners]
        line["decisions"] = timings
    if not match.finished:
        line["capped"] = True
    return line


def wilson(wins: int, games: int, z: float = 1.96) -> list[float] | None:
    """The 95 % (Wilson) interval of a win rate of ``wins`` in ``games`` (None without games).

    >>> wilson(60, 100)
    [0.502, 0.691]
    """
    if not games:
        return None
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return [round(centre - half, 3), round(centre + half, 3)]


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def simulate(lookup: Callable[[str], Rules], game: str, games: int, seed: int, players: int | None = None,
             jobs: int | None = None, check: bool = True, emit: Callable[[str], None] = print,
             bots: Sequence[str] = (), options: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Play ``games`` games and emit a JSON line per game and a summary; returns the summary.

    ``lookup`` gives the rules of ``game`` (a module-level function, so worker processes can use it).
    ``bots``: a bot level per seat (``strong,easy``); the seats turn by one each game, and the summary
    gives each level's share of the decided games it won and its decision times.  ``options``: the game's
    options for every game (checked before the first game is played).
    """
    jobs = max(1, jobs or os.cpu_count() or 1)
    bots = tuple(bots)
    options = dict(options or {})
    lookup(game).meta.resolve_options(options, players or (len(bots) if bots else lookup(game).meta.min_players))
    work: Iterable[tuple] = ((lookup, game, index, seed, players, check, bots, options) for index in range(games))
    errors = capped = 0
    intents = 0
    lengths: list[int] = []             # each finished game's length, in the game's unit (moves if none)
    draws = 0                           # finished games won by nobody or shared
    unit = "moves"
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    by_seat: dict[str, list[list[int]]] = {}    # a level seated once a game: [wins, decided games] by its seat
    times: dict[str, list[float]] = {}
    cpu_times: dict[str, list[float]] = {}
    start = time.perf_counter()

    def handle(line: dict[str, Any]) -> None:
        nonlocal errors, intents, capped, draws, unit
        errors += "error" in line
        capped += bool(line.get("capped"))
        intents += line.get("intents", 0)
        if "error" not in line and not line.get("capped"):
            lengths.append(line["length"])
            unit = line["unit"]
            draws += len(line["winner"]) != 1
        if line.get("bots") and line.get("winner") and not line.get("capped"):
            # A decided game counts once for each level seated (a level in two seats plays one game).
            for level in set(line["bots"]):
                played[level] = played.get(level, 0) + 1
            for level in set(line["winner_bots"]):
                won[level] = won.get(level, 0) + 1
            for seat, level in enumerate(line["bots"]):
                if line["bots"].count(level) == 1:
                    tally = by_seat.setdefault(level, [[0, 0] for _ in line["bots"]])[seat]
                    tally[0] += seat in line["winner"]
                    tally[1] += 1
        for level, seconds, cpu in line.pop("decisions", ()):
            times.setdefault(level, []).append(seconds)
            cpu_times.setdefault(level, []).append(cpu)
        emit(json.dumps({k: v for k, v in line.items() if k != "trace"}))

    if jobs == 1 or games < 2 * jobs:
        for item in work:
            handle(_play_line(item))
    else:
        context = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
        with context.Pool(jobs) as pool:
            for line in pool.imap(_play_line, work, chunksize=max(1, min(64, games // (jobs * 8)))):
                handle(line)
    elapsed = time.perf_counter() - start
    summary: dict[str, Any] = {
        "summary": True, "game": game, "players": players or (len(bots) if bots else lookup(game).meta.min_players),
        **({"options": options} if options else {}),
        "games": games, "errors": errors, "capped": capped, "move_cap": MOVE_CAP, "seed": seed,
        "jobs": jobs, "seconds": round(elapsed, 3),
        "mean_length": round(sum(lengths) / len(lengths), 1) if lengths else None, "length_unit": unit,
        "draw_share": round(draws / len(lengths), 3) if lengths else None,
        "games_per_second": round(games / elapsed, 1) if elapsed else None,
        "intents_per_second": round(intents / elapsed) if elapsed else None}
    if bots:
        summary["bots"] = {level: {"decided_games": played.get(level, 0), "wins": won.get(level, 0),
                                   "win_rate": round(won.get(level, 0) / played[level], 3) if played.get(level)
                                   else None,
                                   "win_rate_95": wilson(won.get(level, 0), played.get(level, 0)),
                                   **({"by_seat": by_seat[level]} if level in by_seat else {}),
                                   "decision_ms_p50": round(1000 * _percentile(times.get(level, []), 0.5), 2),
                                   "decision_ms_p95": round(1000 * _percentile(times.get(level, []), 0.95), 2),
                                   "decision_cpu_ms_p50": round(1000 * _percentile(cpu_times.get(level, []), 0.5), 2),
                                   "decision_cpu_ms_p95": round(1000 * _percentile(cpu_times.get(level, []), 0.95),
                                                                2)}
                           for level in dict.fromkeys(bots)}
    emit(json.dumps(summary))
    return summary
