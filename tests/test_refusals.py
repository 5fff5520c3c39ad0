"""One source of legality: each game's ``why_illegal`` says nothing against a move its lists hold, refuses every
move they do not, in the words ``apply`` refuses it with (issue 35, item 1).

Seeded playouts of every game (and of the throwaway Secret Trick a sixth game is copied from) at its smallest
and largest table; at sampled positions every listed intent, and intents listed at other moments of the game,
are asked about.  Two twins prove the check can fail: one whose ``why_illegal`` is its wording alone (the old
way, which refused listed moves), one that refuses nothing."""

from __future__ import annotations

import copy
import random
import types

import pytest

from tabletop.core.controller import MatchController
from tabletop.core.rng import derive_seed
from tabletop.core.simulate import DEFAULT_SEATS
from tabletop.registry import game_ids, get_rules

from .playout_checks import refusals_disagree
from .toygame.rules import META as TOY_META
from .toygame.rules import SecretTrickRules

GAMES = (*game_ids(), TOY_META.game_id)
#: Positions looked at a playout, and intents of other moments asked about at each.
EVERY, OTHERS = 3, 6


def _rules(game: str):
    return SecretTrickRules() if game == TOY_META.game_id else get_rules(game)


def _positions(rules, players: int, seed: int, moves: int = 150):
    """(state, intents listed at other moments) at every EVERY-th position of a seeded playout."""
    match = MatchController(rules, None, DEFAULT_SEATS[:players], seed)
    bot = rules.playout_bot(derive_seed(seed, "bot"))
    pool: dict[str, object] = {}
    chooser = random.Random(seed)
    while not match.finished and len(match.journal) < moves:
        legal = match.legal_intents()
        if len(match.journal) % EVERY == 0:
            others = [intent for key, intent in sorted(pool.items()) if intent not in legal]
            yield match.state, chooser.sample(others, min(OTHERS, len(others)))
        for intent in legal:
            pool.setdefault(intent.to_str(), intent)
        match.submit(bot.choose(legal, rules.view(match.state, match.state.to_act)))


@pytest.mark.parametrize("game", GAMES)
def test_why_illegal_agrees_with_the_legal_lists(game: str) -> None:
    rules = _rules(game)
    counts = sorted({rules.meta.min_players, rules.meta.max_players})
    looked = 0
    for players in counts:
        for index in range(2):
            for state, others in _positions(rules, players, derive_seed(3535, game, players, index)):
                problems = refusals_disagree(rules, state, others)
                assert not problems, f"{game} at {players}: " + "; ".join(problems[:3])
                looked += 1
    assert looked >= 10, looked


def _twin(rules, why):
    twin = copy.copy(rules)
    twin.why_illegal = types.MethodType(why, twin)
    return twin


@pytest.mark.parametrize("game", GAMES)
def test_a_why_illegal_of_its_own_is_caught(game: str) -> None:
    """Wording that decides legality itself (a second statement of the rules) calls a listed move impossible
    somewhere in a playout; a why_illegal that refuses nothing lets unlisted moves pass."""
    rules = _rules(game)
    wording_only = _twin(rules, lambda self, state, intent: self.refusal(state, intent))
    silent = _twin(rules, lambda self, state, intent: "")
    caught = {"wording only": False, "silent": False}
    seed = derive_seed(3535, game, rules.meta.min_players, 0)
    for state, others in _positions(rules, rules.meta.min_players, seed):
        caught["wording only"] |= bool(refusals_disagree(wording_only, state, others))
        caught["silent"] |= bool(refusals_disagree(silent, state, others))
    assert all(caught.values()), caught
