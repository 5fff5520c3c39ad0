"""Seeded random playouts of every game (1,000 each by default; ``--playouts 10000`` for the long run)."""

import pytest

from tabletop.core.rng import derive_seed
from tabletop.registry import game_ids

GAME_IDS = game_ids()

from .dice_realms.checks import check_step as dice_realms_step
from .playout_checks import play_checked

STEP_CHECKS = {"dice-realms": dice_realms_step}


@pytest.mark.parametrize("game", GAME_IDS)
def test_random_playouts_keep_every_invariant(game, playouts):
    finished = 0
    for index in range(playouts):
        match = play_checked(game, derive_seed(20261122, game, index), STEP_CHECKS.get(game))
        finished += match.finished
    assert finished == playouts
