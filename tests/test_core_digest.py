"""The faster rules cores play exactly as before: digests of seeded games recorded from the code before.

Dice Realms' and Wizard Dice's cores were made faster (issue 22, item 4).  Every game
below is played from a fixed seed by a small weighted-random bot defined here (not a
game's bots, which change on their own), and at every move this digest takes in the
legal intents in their order, the intent chosen, the random draws, the events, the
whole state and every seat's view (and a spectator's).  Whatever the screen shows
and the move log says is worked out from these, so equal digests mean the same game.

The expected digests were recorded by running this file as a script
(``.venv/bin/python tests/test_core_digest.py``) on ``main`` at commit bc7b852, before
any of the speed-ups; they must not be regenerated to make a change pass unless the
change means to alter the rules (and says so).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from typing import Any

import pytest

from tabletop.core.controller import MatchController
from tabletop.core.simulate import DEFAULT_SEATS
from tabletop.core.values import Token, Value
from tabletop.registry import get_rules

#: Moves after which a digest game stops (a random Wizard Dice game can go on for long).
MOVES = 400

#: Weights of intent kinds for the digest bot (any kind not named weighs 1).
WEIGHTS = {
    "dice-realms": {"pass": 1.0},
    "wizard-dice": {"roll": 2.0, "keep": 0.5, "release": 0.1, "stop": 0.5, "uncast": 0.05, "aim": 1.0,
                    "commit": 0.6, "banish": 0.3, "keep-allies": 2.0, "cast": 1.0},
}

#: Option sets the digest games cycle through (the defaults first).
OPTIONS: dict[str, list[dict[str, str]]] = {
    "dice-realms": [{}, {"lion_bonus": "classic"}, {"boost_window": "end-of-turn"}, {"first": "at random"}],
    "wizard-dice": [{}, {"hp": "10", "round_limit": "8"}, {"repeat_spells": "yes", "loose_patterns": "yes"},
                    {"shield_allies": "per ally", "shields_stack": "strongest only", "auto_counter": "yes"}],
}

#: How many seats each digest game of a game has, in turn.
SEATS = {"dice-realms": [2], "wizard-dice": [2, 3, 2, 4]}

GAMES = 24


def canon(value: Any) -> Any:
    """A plain, ordered form of a state, view or event: the same on every run whatever the hash seed."""
    if isinstance(value, Token):
        return ("token", type(value).__name__, value.to_text())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,
                tuple((f.name, canon(getattr(value, f.name))) for f in dataclasses.fields(value)))
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, tuple(canon(item) for item in value))
    if isinstance(value, (frozenset, set)):
        return (type(value).__name__, tuple(sorted((canon(item) for item in value), key=repr)))
    if isinstance(value, dict):
        return ("dict", tuple(sorted(((canon(k), canon(v)) for k, v in value.items()), key=repr)))
    return (type(value).__name__, value)


class DigestBot:
    """Weighted random choice among the legal intents, by kind, from its own generator."""

    def __init__(self, seed: int, weights: dict[str, float]) -> None:
        self.random = random.Random(seed)
        self.weights = weights

    def choose(self, legal: Any) -> Value:
        weights = [self.weights.get(intent.KIND, 1.0) for intent in legal]
        return self.random.choices(list(legal), weights)[0]


def game_digest(game: str, index: int) -> str:
    """The digest of digest game ``index`` of ``game`` (see the module docstring)."""
    rules = get_rules(game)
    options = OPTIONS[game][index % len(OPTIONS[game])]
    players = SEATS[game][index % len(SEATS[game])]
    match = MatchController(rules, options, DEFAULT_SEATS[:players], 1000 + index)
    bot = DigestBot(index, WEIGHTS[game])
    digest = hashlib.blake2b(digest_size=12)

    def take(state: Any) -> None:
        digest.update(repr(canon(state)).encode())
        for seat in (*range(players), None):
            digest.update(repr(canon(rules.view(state, seat))).encode())
        digest.update(repr(canon(rules.outcome(state))).encode())

    digest.update(" ".join(event.to_str() for event in match.opening_events).encode())
    take(match.state)
    while not match.finished and len(match.journal) < MOVES:
        legal = match.legal_intents()
        digest.update("|".join(intent.to_str() for intent in legal).encode())
        intent = bot.choose(legal)
        events = match.submit(intent)
        digest.update(intent.to_str().encode())
        digest.update(repr(match.journal[-1].draws).encode())
        digest.update(repr([canon(event) for event in events]).encode())
        take(match.state)
    digest.update(f"moves={len(match.journal)} finished={match.finished}".encode())
    return digest.hexdigest()


EXPECTED: dict[str, list[str]] = {
    'dice-realms': [
        '3a1f4ba78e210df21e1b328a', 'cd7fb5493ccbcbb5eecbe23e', '6db4ef12f6726cf098c72c50',
        '272f10461095aa6418993118', '1bd071ac46b4c7331607312c', 'be8f910a4193a3a50a61b212',
        'df6794a5da21af4b6f05686b', '46a4d6f245161160da23235b', 'b77593432fb1ab0c21747beb',
        '205079a5e8247b20a2ee4950', 'f764a3f745de27c72e2f942a', '0ca6ec1327ecbfc89bf5e30b',
        '8d07b614f82ccfcbbfe48342', 'c8ebd1c0a3c9ee388b01f7f1', 'f599b8b4deeb914db867b706',
        '87e7619d4238c9ef48508e84', 'd3b5a4d07d633ab328fd8c4e', '927aa636c6bddb2baaadc999',
        'fb50d9298dfa8ce3bcae1da4', '68e75de6445aadf598106a6b', '9fcb78b4a9afdb11b634c400',
        '363542c9bdc7535f307c7199', '9f96b06d807be67a2928bddc', 'b2c35fa54adfd285e18ed2b6',
    ],
    'wizard-dice': [
        '007e3268299a605bd7b46f66', '88195612e2379a8e5a9d1fc4', 'bd92dfb9ded7282dd4bfa9c8',
        'f52c241abfcb936cfe6d645c', '193d148b5d09bd0151fe596f', 'e6112d64f0cb194af034931c',
        'e04bcfdb2a2704df286cc1aa', '53d3f63c6ea101d7bc440c54', '02adba50a9a3a476cc65417d',
        '7503b2c6a11adda76d15dbde', '04be37d920da21d769723d71', '57f26aa1816ef1f5cfb05cc1',
        '7ae6211b744a789affc60372', '3faa9acaac7d3f4d7dc21cc4', 'ef0b9c18e95bdce61740acc9',
        '736874e8e1d17540efffab73', '7d3baf499b0226d59eb62090', 'f8f13c9874bc4fdd7c5413f3',
        'a7ef95718dd38eacf83ff494', 'be392874fd3dada6bdd679dc', '0cb3b7ff0f68fc4c97f9eb91',
        '8ccff879e8594b9cf4e14e67', 'fdda86bfcc4d74df4c77aeea', 'eca31d50d66d99394f894441',
    ],
}


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_seeded_games_play_as_before(game: str) -> None:
    got = [game_digest(game, index) for index in range(len(EXPECTED[game]))]
    changed = [index for index, (a, b) in enumerate(zip(got, EXPECTED[game])) if a != b]
    assert not changed, f"{game}: digest games {changed} no longer play as they did"


if __name__ == "__main__":
    print("EXPECTED: dict[str, list[str]] = {")
    for name in ("dice-realms", "wizard-dice"):
        print(f"    {name!r}: [")
        digests = [game_digest(name, index) for index in range(GAMES)]
        for start in range(0, len(digests), 3):
            print("        " + " ".join(f"{d!r}," for d in digests[start:start + 3]))
        print("    ],")
    print("}")
