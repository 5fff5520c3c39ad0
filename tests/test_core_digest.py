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

Dice Realms' digests were recorded again when its code took the board's names (issue 35, item 3): the red
columns' goals ``dragon-N`` became ``column-N``, the Tide Abyss cells' ``head-N`` became ``cell-N`` and the
state's ``lion_bonus`` became ``yellow_bonus``.  Before recording, the new code reproduced all 24 old digests
with only those names mapped back inside ``canon``: the same games, under new names.
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
    kind = type(value)
    how = _CANON_KINDS.get(kind)
    if how is None:
        how = _CANON_KINDS[kind] = _canon_kind(kind)
    if how[0] == "record":
        return (kind.__name__, tuple((name, canon(getattr(value, name))) for name in how[1]))
    if how[0] == "token":
        return ("token", kind.__name__, value.to_text())
    if how[0] == "sequence":
        return (kind.__name__, tuple(canon(item) for item in value))
    if how[0] == "set":
        return (kind.__name__, tuple(sorted((canon(item) for item in value), key=repr)))
    if how[0] == "dict":
        return ("dict", tuple(sorted(((canon(k), canon(v)) for k, v in value.items()), key=repr)))
    return (kind.__name__, value)


#: How ``canon`` writes out each type (worked out once per type: the digest writes out thousands of values a move).
_CANON_KINDS: dict[type, tuple[str, tuple[str, ...]]] = {}


def _canon_kind(kind: type) -> tuple[str, tuple[str, ...]]:
    if issubclass(kind, Token):
        return "token", ()
    if dataclasses.is_dataclass(kind) and not issubclass(kind, type):
        return "record", tuple(f.name for f in dataclasses.fields(kind))
    if issubclass(kind, (tuple, list)):
        return "sequence", ()
    if issubclass(kind, (frozenset, set)):
        return "set", ()
    if issubclass(kind, dict):
        return "dict", ()
    return "as-is", ()


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
        digest.update(match.barrier(len(match.journal) - 1).encode())      # where undo stops: what the table allows
        digest.update(repr([canon(event) for event in events]).encode())
        take(match.state)
    digest.update(f"moves={len(match.journal)} finished={match.finished}".encode())
    return digest.hexdigest()


EXPECTED: dict[str, list[str]] = {
    'dice-realms': [
        'bef88d197b31874777685c08', '9f3866a62da685bf38ec7eb5', '89e0bca698e41554ea32b1a2',
        '035c7c1a576b800442f34939', 'fc30ac93a15a5332f8e2d622', '07b75232be35bbe8c273c751',
        'c62767b565ccd9ac75cb7b54', '2e7dc74583abc90b018d23ca', '11f16458d2b4bc54ac67beb7',
        '0e29347061d5fb8260b1b90c', '8ba0d019fefc11cd2ede907c', '963957c0bba1828b8b419284',
        'd3b80a529d8385c6741bbfb4', 'cc44f63e63a42a083efa0857', '2c08f87809f3ad1f20428ea0',
        '1bed35ec2a40d48b5da13d2b', '7d101a7f61267fce93a74980', '2c971eb4745ec5d223c76e75',
        '3aece3e151acaa820c6ac885', 'e0d66e75cc2e88c7ce6897f2', '8342c81fe9b8a23549d69ca6',
        '0f1c20e4600d60432d71d089', 'e03161995644fbc7b6474076', '8b63dcf68a18d8f15fbbaea0',
    ],
    'wizard-dice': [
        'eff51600977477a426c22a8e', '973f81299892b2e551ba7a54', '00caa5851018e668e31b1fd3',
        '799fc4eeae27ddb24fed1b9b', '8c04bef1fd1c52ad08b98f1d', 'a5644624ff0ddfbb57a8337f',
        'bcc36977673f7179e51cfff2', '2320fc000a7c23719059b55c', 'f41cd8c0fcabd3d81b971e7b',
        'b942c9c0f618dc6cd7be79dd', '4fa36f07327683a34835a8e9', 'f054735a17c60c8983244c74',
        '8713887f034032dad1f240f4', 'c02b8dbd0e44544cdb05127d', '883ff95f282238aace2635a5',
        '2294a06ebc2fb0dfc8998c72', '45b998d3a3a2032cadb206d8', '715eda952691fe1b71e97c6a',
        'b4f6de22ce1beeb53138c833', 'bf71b9730a44513fab0d6c85', 'defb82a016ccf66db31dcd49',
        '727c5625fa979292d82ee8e5', '5ac47a31996bece1c63fa90f', '7b93baadfb9e126de6bc16c5',
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
