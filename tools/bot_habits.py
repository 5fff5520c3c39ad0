"""Habits of the bots, measured over seeded games: what a player watching them would notice.

    PYTHONPATH=$PWD python tools/bot_habits.py --game elemental-dice --bots strong,strong --games 20 --seed 1
    PYTHONPATH=$PWD python tools/bot_habits.py --game wizard-dice --bots strong,strong --games 40 --seed 1

Games are played through the rules core as ``simulate`` plays them (the same game seeds and seating: game
``i`` has seed ``derive_seed(seed, i)`` and the levels turned by ``i`` seats), and one JSON object is printed:
the length of the games in the game's own unit (mean, p90, max) and each game's own habits (Elemental Dice: hoarding
and tempo; Wizard Dice: idle rounds and lone mirrors).

A game adds its habits to :data:`HABITS`: a class whose instance watches one game (``see`` is called before
every move with the state, the legal intents, the intent chosen and the level of the seat that chose it;
``end`` once the game is over) and whose ``report`` turns the instances of all games into a dict.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.core.controller import MatchController  # noqa: E402
from tabletop.core.rng import derive_seed  # noqa: E402
from tabletop.core.simulate import DEFAULT_SEATS, seating  # noqa: E402
from tabletop.registry import get_rules  # noqa: E402


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


class Habit:
    """Watches one game; ``report`` sums up every game's watcher."""

    def see(self, state: Any, legal: Sequence[Any], intent: Any, level: str) -> None:
        """Called before ``intent`` (chosen by a bot of ``level`` among ``legal``) is applied to ``state``."""

    def end(self, state: Any) -> None:
        """Called once with the final state."""

    @classmethod
    def report(cls, games: list["Habit"]) -> dict[str, Any]:
        return {}


class ElementalHoarding(Habit):
    """Elemental Dice: the turns a level ends holding 20 gold or more while a buy was legal, and each player's
    peak gold in a game."""

    HOARD = 20

    def __init__(self) -> None:
        self.turns: dict[str, int] = {}
        self.hoarded: dict[str, int] = {}
        self.examples: list[tuple[str, int, int]] = []
        self.peak: list[int] = []
        self.levels: dict[int, str] = {}

    def see(self, state: Any, legal: Sequence[Any], intent: Any, level: str) -> None:
        if len(self.peak) < len(state.players):
            self.peak = [0] * len(state.players)
        for seat, player in enumerate(state.players):
            self.peak[seat] = max(self.peak[seat], player.gold)
        if intent.KIND != "end-turn":
            return
        self.turns[level] = self.turns.get(level, 0) + 1
        gold = state.players[intent.seat].gold
        if gold >= self.HOARD and any(other.KIND == "buy" for other in legal):
            self.hoarded[level] = self.hoarded.get(level, 0) + 1
            self.examples.append((level, state.flow.turn, gold))

    def end(self, state: Any) -> None:
        for seat, player in enumerate(state.players):
            self.peak[seat] = max(self.peak[seat] if seat < len(self.peak) else 0, player.gold)

    @classmethod
    def report(cls, games: list["Habit"]) -> dict[str, Any]:
        watched = [g for g in games if isinstance(g, ElementalHoarding)]
        levels = sorted({level for g in watched for level in g.turns})
        hoarding = {}
        for level in levels:
            turns = sum(g.turns.get(level, 0) for g in watched)
            hoarded = sum(g.hoarded.get(level, 0) for g in watched)
            hoarding[level] = {"turns_ended": turns, "hoarded": hoarded,
                               "share": round(hoarded / turns, 4) if turns else None}
        peaks = [peak for g in watched for peak in g.peak]
        return {"hoarding": hoarding,
                "peak_gold": {"median": statistics.median(peaks) if peaks else None,
                              "p90": _percentile(peaks, 0.9), "max": max(peaks, default=None)}}


class ElementalTempo(Habit):
    """Elemental Dice: how fast a game gets going.  The turn of the first damage; each level's share of turns whose
    play was a Basic Income and its gold spent on shop rerolls against the gold it earned; how often the shared
    dice change (only cards change them, and the chance die is not counted); and the length of the games by their
    opening dice (fire, earth and water adding up to 8 or less: attacks start weak and stay weak)."""

    LOW_DICE = 8

    def __init__(self) -> None:
        self.first_damage: int | None = None
        self.hp: tuple[int, ...] = ()
        self.dice: tuple[int, ...] = ()
        self.opening = 0
        self.changes = 0
        self.turns: dict[str, int] = {}
        self.incomes: dict[str, int] = {}
        self.rerolled: dict[str, int] = {}
        self.earned: dict[str, int] = {}
        self.levels: dict[int, str] = {}
        self.reroll: tuple[int, str, int] | None = None      # seat, level, gold before a reroll
        self.length = 0

    def _look(self, state: Any) -> None:
        hp = tuple(player.hp for player in state.players)
        if self.first_damage is None and self.hp and any(now < before for now, before in zip(hp, self.hp)):
            self.first_damage = state.flow.turn
        self.hp = hp
        dice = tuple(state.dice[:6])
        if not self.dice:
            self.opening = sum(dice[:3])
        elif dice != self.dice:
            self.changes += 1
        self.dice = dice
        if self.reroll is not None:
            seat, level, before = self.reroll
            self.rerolled[level] = self.rerolled.get(level, 0) + max(0, before - state.players[seat].gold)
            self.reroll = None

    def see(self, state: Any, legal: Sequence[Any], intent: Any, level: str) -> None:
        self._look(state)
        seat = intent.seat
        self.levels[seat] = level
        if intent.KIND == "reroll-shop":
            self.reroll = (seat, level, state.players[seat].gold)
        elif intent.KIND == "end-turn":
            self.turns[level] = self.turns.get(level, 0) + 1
        elif intent.KIND == "play" and state.flow.active == seat and intent.card.split("~")[0] == "basic-income":
            self.incomes[level] = self.incomes.get(level, 0) + 1

    def end(self, state: Any) -> None:
        self._look(state)
        self.length = state.flow.turn
        for seat, level in self.levels.items():
            self.earned[level] = self.earned.get(level, 0) + state.players[seat].gold_earned

    @classmethod
    def report(cls, games: list["Habit"]) -> dict[str, Any]:
        watched = [g for g in games if isinstance(g, ElementalTempo)]
        levels = sorted({level for g in watched for level in g.turns})
        firsts = [g.first_damage for g in watched if g.first_damage is not None]
        tempo: dict[str, Any] = {}
        for level in levels:
            turns = sum(g.turns.get(level, 0) for g in watched)
            earned = sum(g.earned.get(level, 0) for g in watched)
            incomes = sum(g.incomes.get(level, 0) for g in watched)
            rerolled = sum(g.rerolled.get(level, 0) for g in watched)
            tempo[level] = {"basic_income_share": round(incomes / max(1, turns), 3),
                            "reroll_gold_share": round(rerolled / max(1, earned), 3)}
        by_dice: dict[str, Any] = {}
        for name, low in ((f"fire+earth+water <= {cls.LOW_DICE}", True), (f"fire+earth+water > {cls.LOW_DICE}", False)):
            lengths = [g.length for g in watched if (g.opening <= cls.LOW_DICE) == low]
            by_dice[name] = {"games": len(lengths),
                             "mean_length": round(statistics.mean(lengths), 1) if lengths else None}
        return {"first_damage_turn": round(statistics.mean(firsts), 1) if firsts else None, "tempo": tempo,
                "dice_changes_per_game": round(statistics.mean(g.changes for g in watched), 2) if watched else None,
                "length_by_opening_dice": by_dice}


class WizardTempo(Habit):
    """Wizard Dice: the rounds that change nobody's HP, and the share of a wizard's rounds that are a lone
    Magic Mirror (what turtling looks like at the table)."""

    def __init__(self) -> None:
        self.hp_at: dict[int, tuple[int, ...]] = {}          # each round's HP as it begins
        self.revealed: dict[int, tuple] = {}                  # each round's casts, once revealed
        self.rounds = 0

    def _look(self, state: Any) -> None:
        self.hp_at.setdefault(state.flow.round, tuple(w.hp if w.alive else 0 for w in state.wizards))
        if state.flow.revealed:
            self.revealed[state.flow.round] = state.flow.revealed

    def see(self, state: Any, legal: Sequence[Any], intent: Any, level: str) -> None:
        self._look(state)

    def end(self, state: Any) -> None:
        self._look(state)
        self.rounds = state.flow.round
        self.hp_at[self.rounds + 1] = tuple(w.hp if w.alive else 0 for w in state.wizards)

    def idle(self) -> int:
        return sum(self.hp_at[r] == self.hp_at[r + 1] for r in range(1, self.rounds + 1)
                   if r in self.hp_at and r + 1 in self.hp_at)

    def lone_mirrors(self) -> tuple[int, int]:
        """(rounds a wizard cast a Magic Mirror and nothing else, rounds a wizard cast anything)."""
        lone = cast = 0
        for casts in self.revealed.values():
            for seat in {s for s, _ in casts}:
                cast += 1
                lone += [c.spell for s, c in casts if s == seat] == ["magic-mirror"]
        return lone, cast

    @classmethod
    def report(cls, games: list["Habit"]) -> dict[str, Any]:
        watched = [g for g in games if isinstance(g, WizardTempo)]
        rounds = sum(g.rounds for g in watched)
        mirrors = [g.lone_mirrors() for g in watched]
        return {"idle_round_share": round(sum(g.idle() for g in watched) / max(1, rounds), 3),
                "lone_mirror_share": round(sum(m[0] for m in mirrors) / max(1, sum(m[1] for m in mirrors)), 3)}


#: Each game's habits (a game not listed reports its lengths only).
HABITS: dict[str, list[Callable[[], Habit]]] = {"elemental-dice": [ElementalHoarding, ElementalTempo],
                                                 "wizard-dice": [WizardTempo]}


def play(game: str, bots: Sequence[str], games: int, seed: int, max_moves: int = 20_000) -> dict[str, Any]:
    """Play ``games`` seeded games with ``bots`` (a level per seat, turned by one seat a game) and report."""
    rules = get_rules(game)
    makers = HABITS.get(game, [])
    watchers: list[list[Habit]] = [[] for _ in makers]
    lengths: list[int] = []
    longest: tuple[int, int] = (0, 0)
    wins: dict[str, int] = {}
    decided = capped = 0
    unit = "moves"
    for index in range(games):
        game_seed = derive_seed(seed, index)
        seats = seating(tuple(bots), index)
        match = MatchController(rules, None, list(DEFAULT_SEATS[:len(seats)]), game_seed)
        seated = [rules.make_bot(level, derive_seed(game_seed, "bot", seat), seat) for seat, level in enumerate(seats)]
        habits = [make() for make in makers]
        while not match.finished and len(match.journal) < max_moves:
            state = match.state
            seat = state.to_act
            legal = match.legal_intents()
            intent = seated[seat].choose(legal, rules.view(state, seat))
            for habit in habits:
                habit.see(state, legal, intent, seats[seat])
            match.submit(intent)
        for kept, habit in zip(watchers, habits):
            habit.end(match.state)
            kept.append(habit)
        if not match.finished:
            capped += 1
            continue
        length, unit = rules.length(match.state)
        lengths.append(length)
        if length > longest[0]:
            longest = (length, game_seed)
        winners = rules.outcome(match.state).winners
        if len(winners) == 1:
            decided += 1
            wins[seats[winners[0]]] = wins.get(seats[winners[0]], 0) + 1
    report: dict[str, Any] = {
        "game": game, "bots": list(bots), "games": games, "seed": seed, "capped": capped, "decided": decided,
        "draw_share": round(1 - decided / (games - capped), 3) if games > capped else None,
        "wins": wins, "length_unit": unit,
        "length": {"mean": round(statistics.mean(lengths), 1) if lengths else None,
                   "p90": _percentile(lengths, 0.9), "max": longest[0], "max_seed": longest[1]}}
    for make, kept in zip(makers, watchers):
        report.update(make().report(kept))    # type: ignore[misc]
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="elemental-dice")
    parser.add_argument("--bots", default="strong,strong", help="a level per seat, e.g. strong,greedy")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(play(args.game, args.bots.split(","), args.games, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
