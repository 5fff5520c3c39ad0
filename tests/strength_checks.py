"""A seeded batch of bot games that stops once its verdict is clear: the games are played in the order of their
seeds, and the batch passes as soon as the 95 % (Wilson) interval of the stronger bot's share of the games
played lies above the share asked for; a batch that never gets there is played to its end and judged as a whole.
A strength test's time went to the games its verdict did not need."""

from __future__ import annotations

from typing import Callable

from tabletop.core.simulate import wilson

#: The fewest games an early verdict reads: both seats taken a few times each (the seats alternate).
FEWEST = 10


def wins_most(play: Callable[[int], bool | None], games: int, fewest_decided: int, share: float = 0.6) -> None:
    """Plays ``play(0)``, ``play(1)``, ... (True: the stronger bot won, False: it lost, None: no winner) and
    passes once the Wilson interval of its wins among the games played so far lies above ``share``, a game
    without a winner counting as one it did not win (so a batch of draws never passes early, and the games
    without a winner in a prefix that passes stay as few as the whole batch allows); otherwise, after
    ``games``, the whole batch must have at least ``fewest_decided`` games with a winner, and the stronger bot
    ``share`` of their wins."""
    wins = decided = 0
    for index in range(games):
        won = play(index)
        decided += won is not None
        wins += bool(won)
        played = index + 1
        interval = wilson(wins, played)
        if played >= FEWEST and interval is not None and interval[0] >= share:
            return
    assert decided >= fewest_decided, f"{decided} of {games} games had a winner"
    assert wins >= share * decided, f"the stronger bot won {wins} of {decided}"
