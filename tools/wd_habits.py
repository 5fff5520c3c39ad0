"""Wizard Dice: the habits of the bots over seeded games, as a player watching them would see them.

    PYTHONPATH=$PWD python tools/wd_habits.py --bots strong,strong --games 20 --seed 1
    PYTHONPATH=$PWD python tools/wd_habits.py --bots strong,old --old /tmp/wd_old_bots.py --games 20 --seed 1

Games are played as ``simulate`` plays them (game ``i`` has seed ``derive_seed(seed, i)``, the levels turned by
``i`` seats).  One JSON object is printed: games, mean length in rounds, the share of draws, the share of
rounds that change nobody's HP, the share of a wizard's rounds that are a lone Magic Mirror, each level's wins
of the decided games (with the Wilson interval) and its decision time p50/p95 in ms.

``--old FILE`` loads another copy of the bots module (for example the bots before a change, kept outside the
repository) and seats its strong bot as the level ``old`` and its expert as ``old-expert``: a comparison on the
same seeds, nothing more.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.core.controller import MatchController  # noqa: E402
from tabletop.core.rng import derive_seed  # noqa: E402
from tabletop.core.simulate import DEFAULT_SEATS, seating, wilson  # noqa: E402
from tabletop.games.wizard_dice.state import Stage  # noqa: E402
from tabletop.registry import get_rules  # noqa: E402

RULES = get_rules("wizard-dice")


def load_old(path: str) -> Any:
    """The bots module at ``path``, loaded inside the game's package (its relative imports resolve)."""
    spec = importlib.util.spec_from_file_location("tabletop.games.wizard_dice._old_bots", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def make_bot(level: str, seed: int, seat: int, old: Any) -> Any:
    """A bot of ``level``; ``old`` and ``old-expert`` come from the old module."""
    if level in ("old", "old-expert"):
        bot = (old.StrongBot if level == "old" else old.ExpertBot)(seed, seat)
        bot.rules = RULES
        return bot
    if level.startswith("w:"):
        # A strong bot of other weights, for tuning: w:mirror=1.5+duel_guard=1
        from tabletop.games.wizard_dice.bots import StrongBot, Weights
        pairs = (item.split("=") for item in level[2:].split("+") if item)
        bot = StrongBot(seed, seat, Weights(**{key: float(value) for key, value in pairs}))
        bot.rules = RULES
        return bot
    return RULES.make_bot(level, seed, seat)


def play(seed: int, levels: tuple[str, ...], old: Any, timings: dict[str, list[float]]) -> dict[str, Any]:
    """One game: its length, winners' levels, rounds without an HP change, lone mirrors."""
    match = MatchController(RULES, None, DEFAULT_SEATS[:len(levels)], seed)
    bots = [make_bot(level, derive_seed(seed, "bot", seat), seat, old) for seat, level in enumerate(levels)]
    hp_at: dict[int, tuple[int, ...]] = {}
    revealed: dict[int, tuple] = {}
    while not match.finished:
        state = match.state
        hp_at.setdefault(state.flow.round, tuple(w.hp if w.alive else 0 for w in state.wizards))
        seat = state.to_act
        started = time.perf_counter()
        intent = bots[seat].choose(match.legal_intents(), RULES.view(state, seat))
        timings.setdefault(levels[seat], []).append(time.perf_counter() - started)
        match.submit(intent)
        if match.state.flow.revealed:
            revealed[match.state.flow.round] = match.state.flow.revealed
    final = match.state
    rounds = final.flow.round
    hp_at[rounds + 1] = tuple(w.hp if w.alive else 0 for w in final.wizards)
    idle = sum(hp_at.get(r) == hp_at.get(r + 1) for r in range(1, rounds + 1) if r in hp_at and r + 1 in hp_at)
    lone = turns = 0
    for casts in revealed.values():
        for seat in {s for s, _ in casts}:
            spells = [c.spell for s, c in casts if s == seat]
            turns += 1
            lone += spells == ["magic-mirror"]
    winners = RULES.outcome(final).winners
    assert final.flow.stage == Stage.OVER
    return {"rounds": rounds, "idle": idle, "lone": lone, "turns": turns,
            "winners": [levels[w] for w in winners], "draw": len(winners) != 1}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="strong,strong")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=0, help="seats (default: one per bot level)")
    parser.add_argument("--old", default="", help="another bots module, seated as the levels old and old-expert")
    args = parser.parse_args(argv)
    levels = tuple(args.bots.split(","))
    if args.players:
        levels = tuple(levels[i % len(levels)] for i in range(args.players))
    old = load_old(args.old) if args.old else None
    timings: dict[str, list[float]] = {}
    games = [play(derive_seed(args.seed, index), seating(levels, index), old, timings) for index in range(args.games)]
    rounds = sum(g["rounds"] for g in games)
    decided = [g for g in games if not g["draw"]]
    report: dict[str, Any] = {
        "games": len(games), "mean_rounds": round(rounds / len(games), 2),
        "draw_share": round(1 - len(decided) / len(games), 3),
        "idle_round_share": round(sum(g["idle"] for g in games) / rounds, 3),
        "lone_mirror_share": round(sum(g["lone"] for g in games) / max(1, sum(g["turns"] for g in games)), 3),
        "decided": len(decided), "levels": {}}
    for level in dict.fromkeys(levels):
        wins = sum(g["winners"] == [level] for g in decided)
        times = sorted(timings.get(level, [0.0]))
        report["levels"][level] = {
            "wins": wins, "share_of_decided": round(wins / len(decided), 3) if decided else None,
            "interval": wilson(wins, len(decided)),
            "p50_ms": round(1000 * times[len(times) // 2], 1),
            "p95_ms": round(1000 * times[min(len(times) - 1, int(0.95 * len(times)))], 1)}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
