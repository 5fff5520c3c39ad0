"""How often the shared screen changes hands in a game: played by strong bots, counted by the audience policy as
if the seats were people (no pygame).

``tabletop handovers --game G`` plays seeded games of strong bots and counts, for each seating asked for, how many
times the policy covers the shared screen to pass it between people: every seat at the shared screen (pass and
play, today's table), and every seat with a hidden hand on a phone (the count is then 0 in every game).
"""

from __future__ import annotations

import json
from typing import Callable, Sequence

from tabletop.core.controller import MatchController
from tabletop.core.rng import derive_seed
from tabletop.core.simulate import DEFAULT_SEATS
from tabletop.registry import get_rules

from .audience import HUMAN, PHONE, Audience

__all__ = ["count_handovers", "handovers_cli", "SEATINGS"]

#: The seatings counted: everyone at the shared screen, and everyone on a phone.
SEATINGS = {"shared": HUMAN, "phones": PHONE}


def count_handovers(game: str, seed: int, players: int, kind: str, options: dict | None = None,
                    level: str = "strong", limit: int = 20_000) -> tuple[int, int]:
    """One game of ``level`` bots with every seat of ``kind``: (times the shared screen was covered, moves)."""
    rules = get_rules(game)
    kinds = (kind,) * players
    match = MatchController(rules, options, DEFAULT_SEATS[:players], seed, seat_kinds=kinds)
    audience = Audience(rules, kinds)
    bots = {seat: rules.make_bot(level, derive_seed(seed, "handovers", seat), seat) for seat in range(players)}
    shows, covers = None, 0
    while not match.finished and len(match.journal) < limit:
        state = match.state
        shared = audience.shared(state, shows)
        if shared.cover_for is not None:
            covers += 1
        shows = shared.shows
        seat = state.to_act
        legal = tuple(rules.legal_for(state, seat))
        match.submit(bots[seat].choose(legal, rules.view(state, seat)))
    return covers, len(match.journal)


def handovers_cli(game: str, games: int, seed: int, players: int | None, emit: Callable[[str], None] = print,
                  seatings: Sequence[str] = tuple(SEATINGS)) -> int:
    """Print, as JSON, the mean hand-overs of the shared screen per game for each seating."""
    rules = get_rules(game)
    players = players or rules.meta.min_players
    out: dict = {"game": game, "players": players, "games": games, "seed": seed}
    for name in seatings:
        counts = [count_handovers(game, derive_seed(seed, "game", index), players, SEATINGS[name])
                  for index in range(games)]
        out[name] = {"handovers_per_game": round(sum(c for c, _ in counts) / games, 1),
                     "moves_per_game": round(sum(m for _, m in counts) / games, 1)}
    emit(json.dumps(out))
    return 0
