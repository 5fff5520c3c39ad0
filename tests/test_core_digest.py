"""The faster rules cores play exactly as before: digests of seeded games recorded from the code before.

Dice Realms' and Wizard Dice's cores were made faster (issue 22, item 4).  Every game
below is played from a fixed seed by a small weighted-random bot defined here (not a
game's bots, which change on their own), and at every move this digest takes in the
legal intents in their order, the intent chosen, the random draws, the events, the
whole state and every seat's view (and a spectator's), and where undo stops (the match
controller's barrier after each move, which reads the views and the rules' secrets).  Whatever the screen shows
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
        digest.update(match.journal[-1].barrier.encode())      # where undo stops: what the table allows
        digest.update(repr([canon(event) for event in events]).encode())
        take(match.state)
    digest.update(f"moves={len(match.journal)} finished={match.finished}".encode())
    return digest.hexdigest()


EXPECTED: dict[str, list[str]] = {
    'dice-realms': [
        '5eca423bc66e793c0a430f5b', '34db33a0cba30e6f68c721ef', '28179dd7f355c7657bbab974',
        'ab33f7b1c922da994d5320bd', '117f1fb002196e8fcfdca173', '68855f1bceb77974d03fceed',
        'e956a44b45437f10ef60a670', '95c3d0f5a6cab8f2c960b5f8', 'e6bc8c3a4e9b67d4c6b6ea8c',
        '98558f499d77dbff26065cfc', 'a11526f0fae16abda65a9033', '1835236ef273a6d9c3d31a05',
        '62e458f981451fca6d14f85b', '318cb5b4b1557949bd295543', '26a88ed873bc0f47da65325b',
        '5d7bc1b7103b4ef646609833', '5cf6b17d5b8589cc10abc526', 'fc62ac1f4262233d72c306f3',
        '0ae0b48dd9662eed2eb1fade', 'd7a06a20853d177fec720c43', '1ec2d220e84ed9e1303dc31a',
        'a7b8263050aa7f1e6997edd9', 'e01f7a433136b7b9de6825ec', '4b34dfd1918cb5437a502e92',
    ],
    'wizard-dice': [
        '248161c85bf5c5f92b4ea5ee', '8b670c34b9f5f8dd80e29e35', '799200ffbd45fe683606a32f',
        '25dff7abdb7bc19a4632a9ba', 'e77ef97a8eb1d8e1196f17d3', 'd0c288b469a823968fa481f5',
        'aba05a1e3207ec5c6f2faeb0', '2c1db9b0a9e1ea8c402a27ba', 'f28b7156dcc87738eccc3d5b',
        '72336c0448e24539f4970bbb', '3cb08a46ce766ad0653e9314', '78f753e0a2d242e11df2de31',
        'f104ff8a0f64a36f433d4bf4', 'c6641a7b3b4d4253e0a92533', '08ed624114ac36f0febbf16f',
        '74a9dbc6241f3eeba3240a53', '17bff075de7241489369829e', '7752908de5f7e5faf10fe576',
        'b3089496377a4369171b4b70', '85eb857e966d4428885bb81a', '99dee935d769e7bcdc54bdd0',
        '26e8ed9ffdcb6b43e750713e', 'a754a482ba30ff70dc5e3fab', 'acfbb915569f77413187515a',
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
