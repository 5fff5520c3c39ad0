"""Seeded random ElementaliS games for 2 to 5 mages, with every generic check at every step (invariants,
save -> load -> replay, illegal intents refused with the state unchanged)."""

import pytest

from tabletop.core.rng import derive_seed

from ..playout_checks import play_checked


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_keep_every_invariant(players, playouts):
    games = max(1, playouts // 4)
    for index in range(games):
        match = play_checked("elementalis", derive_seed(20261124, "elementalis", index), players=players)
        assert match.finished and len(match.seats) == players
