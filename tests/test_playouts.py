"""Seeded random playouts of every game at every player count it allows (1,000 games per game by default,
spread over its player counts, or 80 moves per playout asked for, whichever comes first: a random
Elemental Dice game runs to some 1,500 moves; ``--playouts 10000`` for the long run).  The throwaway
Secret Trick of the test suite runs through the same checks as the real games."""

from contextlib import nullcontext

import pytest

from tabletop.core.rng import derive_seed
from tabletop.registry import game_ids, get_rules, registered

from .dice_realms.checks import check_step as dice_realms_step
from .elemental_dice.checks import check_step as elemental_dice_step
from .playout_checks import play_checked
from .toygame import ENTRY
from .toygame.rules import META as TOY_META

STEP_CHECKS = {"dice-realms": dice_realms_step, "elemental-dice": elemental_dice_step}
MOVES_PER_PLAYOUT = 80
CASES = [(game, players) for game in game_ids() for players in get_rules(game).meta.player_counts]
CASES += [(ENTRY.game_id, players) for players in TOY_META.player_counts]


@pytest.mark.parametrize("game, players", CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_random_playouts_keep_every_invariant(game, players, playouts):
    counts = sum(1 for g, _ in CASES if g == game)
    games = max(1, playouts // counts)
    with registered(ENTRY) if game == ENTRY.game_id else nullcontext():
        finished = moves = 0
        for index in range(games):
            match = play_checked(game, derive_seed(20261122, game, index), STEP_CHECKS.get(game), players=players)
            finished += match.finished
            moves += len(match.journal)
            assert len(match.seats) == players
            if moves >= games * MOVES_PER_PLAYOUT:
                break
    assert finished == index + 1 and finished >= min(games, 3)
