"""The early verdict of a seeded strength batch (tests/strength_checks.py): it stops only once the interval is
clear, and a batch the stronger bot does not win is still played out and fails."""

import pytest

from tests.strength_checks import FEWEST, wins_most


def played_by(results):
    """A ``play`` that answers ``results`` in turn, and the list of the games it was asked for."""
    asked = []

    def play(index):
        asked.append(index)
        return results[index]
    return play, asked


def test_a_clear_batch_stops_early_and_a_close_one_is_played_out():
    play, asked = played_by([True] * 24)
    wins_most(play, 24, fewest_decided=20)
    assert len(asked) == FEWEST                     # 10 of 10: the interval (0.72 up) is above 0.6
    play, asked = played_by([True, True, False] * 8)
    wins_most(play, 24, fewest_decided=20)          # 16 of 24 won: the interval is never clear, the whole passes
    assert len(asked) == 24


@pytest.mark.parametrize("results, words", [([True, False] * 12, "won 12 of 24"),
                                            ([True] * 6 + [None] * 18, "6 of 24 games had a winner")])
def test_a_batch_lost_or_without_winners_fails_after_every_game(results, words):
    play, asked = played_by(results)
    with pytest.raises(AssertionError, match=words):
        wins_most(play, 24, fewest_decided=20)
    assert len(asked) == 24
