"""Dice Realms levels measured on the same dice: one seat's grimoire over a whole game, every roll's faces fixed
by its place in the game (``bots.KeyedDice``), so two levels meet the same dice wherever they meet the same roll.

Dice Realms has no solo rules; a sheet here is the grimoire of the seat measured in a game against a rival bot
(the strong bot, the same for every level), the measured seat alternating with the sheet's number (the first
seat starts every round).  ``tools/dice_realms_sheets.py`` prints the comparison.
"""

from __future__ import annotations

from typing import Any, Sequence

from tabletop.core.rng import SeededRandom, derive_seed

from .bots import KeyedDice
from .intents import Roll, TimeWarp

__all__ = ["play_sheet", "play_sheets"]


def play_sheet(rules: Any, level: str, rival: str, seed: int, index: int) -> tuple[int, int]:
    """(the score of ``level``'s grimoire, the rival's) on sheet ``index`` of ``seed``: ``level`` in seat
    ``index % 2``, ``rival`` in the other, the dice fixed by the seed, the sheet and the roll."""
    seat = index % 2
    levels = (level, rival) if seat == 0 else (rival, level)
    bots = [rules.make_bot(name, derive_seed(seed, index, "bot", s), s) for s, name in enumerate(levels)]
    state = rules.setup({}, ["Ada", "Brom"], SeededRandom(0)).state
    dice = KeyedDice(derive_seed(seed, index, "dice"))
    warps: dict[tuple[int, int, int], int] = {}
    while state.to_act is not None:
        to_act = state.to_act
        move = bots[to_act].choose(rules.legal_intents(state), rules.view(state, to_act))
        flow = state.flow
        if isinstance(move, (Roll, TimeWarp)):
            roll = (flow.round, flow.turn, flow.rolls_used + isinstance(move, Roll))
            warps[roll] = warps.get(roll, 0) + isinstance(move, TimeWarp)
            dice.at(*roll, warps[roll])
        state = rules.apply(state, move, dice).state
    scores = rules.outcome(state).scores
    return scores[seat], scores[1 - seat]


def play_sheets(rules: Any, levels: Sequence[str], sheets: int, seed: int, rival: str = "strong",
                start: int = 0) -> dict[str, list[int]]:
    """Each level's scores on sheets ``start`` .. ``start + sheets - 1`` of ``seed``."""
    return {level: [play_sheet(rules, level, rival, seed, index)[0] for index in range(start, start + sheets)]
            for level in levels}
