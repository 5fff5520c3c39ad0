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
        'd52b18b0ef4e4fc093df43e4', '6a6a4c3f2ab42623a0eeeaff', 'cd9f860c012849bef0aaeff5',
        'fe4fb46b86dca0fc832f06e2', 'ccd2f4d1dc31e3cabe357fca', '6f403ddada53a74d25de6622',
        'feba7f69f3c7a3b2c57b172e', 'f432e3496592e8ab69c93a5d', '1c5a0c91abca653a1fa65474',
        'bfba2d2433e718d477e47020', '00e801578a5b082d50404571', '4069812bc020b9efdc001b08',
        '310e17406d37e097d95602ac', 'fe4723d104378657ba13f275', '0622b0ec90244c08598c6741',
        'a71ca2ec55b9486a82286930', 'dc2fbca50ef992bb4055d1ce', '7e18ddfc7ac8d92fe4c63ea2',
        'c53ce54e5da45281faeb997a', '1acecd4d08cdebe526ec1e48', '5458a64b3b12000ec3c0d41f',
        'f0afe9838474383c39a436d4', 'e31cf8eabd46cbf86ba72a67', '0359297356500a2869b7a452',
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
