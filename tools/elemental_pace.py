"""How short can a game of Elemental Dice be?  Two strong bots that both want the game over.

    PYTHONPATH=$PWD python tools/elemental_pace.py --rush 10 --games 30 --seed 1

Each bot is the strong bot with every HP either player loses worth ``--rush`` HP more to it, in the positions
it scores and in the cards it values (an attack, its own water attack's half, Cruel Pact): both race to burn
all HP, neither heals or holds back.  No competing pair plays faster than players who cooperate to end the
game, so the mean length printed is a floor on what an evaluation of the strong bot can reach (issue 22 asks
for strong-vs-strong games under 30 turns).  ``--rush 0`` is the strong bot itself.  Game ``i`` has the seed
and seating of ``bot_habits.py`` and ``simulate``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.core.controller import MatchController  # noqa: E402
from tabletop.core.rng import derive_seed  # noqa: E402
from tabletop.core.simulate import DEFAULT_SEATS  # noqa: E402
from tabletop.games.elemental_dice.bots import BIG, StrongBot, Valuer, _mean  # noqa: E402
from tabletop.registry import get_rules  # noqa: E402


class RushValuer(Valuer):
    """Card worths with every HP a card takes from either player worth ``rush`` more."""

    rush = 0.0

    def play_value(self, card: str, dice: Sequence[float], deck_extra: float = 1.0, decks: Any = None) -> float:
        value = super().play_value(card, dice, deck_extra, decks)
        for step in self.book[card].steps:
            if step.formula is not None and step.kind == "damage":
                value += self.rush * _mean(step.formula, dice) * len(step.targets)
            elif step.formula is not None and step.kind == "self_damage":
                value += self.rush * _mean(step.formula, dice)
        return value


class RushBot(StrongBot):
    """The strong bot wanting every HP at the table gone."""

    rush = 0.0

    def score(self, state: Any, valuer: Valuer, hand_counts: bool = True) -> float:
        value = super().score(state, valuer, hand_counts)
        if abs(value) >= BIG:
            return value
        return value - self.rush * sum(player.hp for player in state.players)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rush", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = get_rules("elemental-dice")
    RushBot.rush = RushValuer.rush = args.rush
    import tabletop.games.elemental_dice.bots as bots
    bots.Valuer = RushValuer              # type: ignore[misc]  # the bot builds its valuer by this name
    lengths = []
    for index in range(args.games):
        game_seed = derive_seed(args.seed, index)
        match = MatchController(rules, None, list(DEFAULT_SEATS[:2]), game_seed)
        seated = [RushBot(rules, derive_seed(game_seed, "bot", seat), seat) for seat in (0, 1)]
        while not match.finished and len(match.journal) < 20000:
            seat = match.state.to_act
            match.submit(seated[seat].choose(match.legal_intents(), rules.view(match.state, seat)))
        lengths.append(match.state.flow.turn)
    print(json.dumps({"rush": args.rush, "games": args.games, "seed": args.seed,
                      "mean_length": round(statistics.mean(lengths), 1), "min": min(lengths), "max": max(lengths)}))


if __name__ == "__main__":
    main()
