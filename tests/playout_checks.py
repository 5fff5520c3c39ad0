"""Seeded random playouts shared by every game: invariants at every step, illegal probes, exact replay.

A game's test package may add its own per-step check through ``STEP_CHECKS``.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Callable, Iterable, Iterator

from tabletop.core.controller import MatchController, MatchRecord
from tabletop.registry import get_rules
from tabletop.core.protocol import IllegalIntent
from tabletop.core.rng import SeededRandom, derive_seed
from tabletop.core.simulate import DEFAULT_SEATS, check_invariants

StepCheck = Callable[[MatchController, tuple], None]


def probe_illegal(match: MatchController, chooser: random.Random, pool: dict, tries: int) -> int:
    """Mutate legal intents into illegal ones; each must be refused with nothing changed. Returns probes made."""
    legal = list(match.legal_intents())
    if not legal:
        return 0
    made = 0
    for _ in range(tries):
        base = chooser.choice(legal)
        name = chooser.choice(_field_names(type(base)))
        values = sorted(pool.get(name, ()), key=str)
        if not values:
            continue
        candidate = dataclasses.replace(base, **{name: chooser.choice(values)})
        seat = getattr(candidate, "seat", None)
        if candidate in legal or (isinstance(seat, int) and candidate in match.rules.legal_for(match.state, seat)):
            continue                  # legal after all (another seat deciding at once, say)
        before, journal_length = match.state, len(match.journal)
        try:
            match.submit(candidate)
        except IllegalIntent as exc:
            assert exc.reason and exc.reason[0].isupper() and exc.reason.endswith("."), exc.reason
            assert exc.reason == match.rules.why_illegal(before, candidate), (exc.reason, candidate.to_str())
        else:
            raise AssertionError(f"illegal '{candidate.to_str()}' was applied")
        assert match.state is before and len(match.journal) == journal_length
        made += 1
    return made


def refusals_disagree(rules, state, others: Iterable) -> list[str]:
    """Where ``rules.why_illegal`` and the legal lists disagree at ``state``: a listed intent (of the seat to act,
    or of a seat deciding at once) given a refusal; one of ``others`` that is not listed given none; or
    ``apply`` refusing it in other words than ``why_illegal`` (or not refusing it at all)."""
    problems = []
    listed = list(rules.legal_intents(state))
    for seat in rules.deciding(state):
        listed += [intent for intent in rules.legal_for(state, seat) if intent not in listed]
    for intent in listed:
        said = rules.why_illegal(state, intent)
        if said:
            problems.append(f"listed {intent.to_str()} refused: {said!r}")
    for intent in others:
        if intent in listed:
            continue
        said = rules.why_illegal(state, intent)
        if not said:
            problems.append(f"unlisted {intent.to_str()} given no refusal")
        try:
            rules.apply(state, intent, SeededRandom(0))
        except IllegalIntent as exc:
            if exc.reason != said:
                problems.append(f"{intent.to_str()}: apply says {exc.reason!r}, why_illegal {said!r}")
        else:
            problems.append(f"unlisted {intent.to_str()} applied")
    return problems


def remember_fields(pool: dict, intents) -> None:
    """Add each field value of ``intents`` to ``pool`` (field name -> values met), each intent once: the same
    moves are listed again and again (``pool[REMEMBERED]`` holds those already taken in)."""
    remembered = pool.setdefault(REMEMBERED, set())
    for intent in intents:
        if intent in remembered:
            continue
        remembered.add(intent)
        for name in _field_names(type(intent)):
            pool.setdefault(name, set()).add(getattr(intent, name))


#: The key of ``pool`` under which :func:`remember_fields` keeps the intents it has taken in.
REMEMBERED = ("intents remembered",)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    if kind not in _FIELD_NAMES:
        _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return _FIELD_NAMES[kind]


def play_checked(game: str, seed: int, step_check: StepCheck | None = None, probes: int = 2,
                 players: int | None = None, options: dict | None = None) -> MatchController:
    """One seeded game with every check (``options``: the game's options); returns the finished match.  The
    playout bot is shown the view of the seat to act."""
    match = MatchController(get_rules(game), options, DEFAULT_SEATS[:players or match_seats(game)], seed)
    bot = match.rules.playout_bot(derive_seed(seed, "bot"))
    chooser = random.Random(seed)
    pool: dict = {"seat": set(range(len(match.seats) + 1))}
    while True:
        check_invariants(match)
        if match.finished:
            break
        legal = match.legal_intents()
        remember_fields(pool, legal)
        probe_illegal(match, chooser, pool, probes)
        events = match.submit(bot.choose(legal, match.rules.view(match.state, match.state.to_act)))
        if step_check:
            step_check(match, events)
    # save -> load -> replay reproduces every state along the way
    replayed = MatchController.from_record(MatchRecord.from_json(match.record().to_json()), get_rules)
    assert replayed.states == match.states
    return match


def match_seats(game: str) -> int:
    return get_rules(game).meta.min_players


def positions(game: str, seeds: range, moves: int, players: int | None = None,
              names: tuple[str, ...] = ("Ada", "Brom")) -> Iterator[MatchController]:
    """The match at each position of seeded playouts of ``game`` (the playout bot of each seed), up to ``moves``
    moves a game: a test looks at ``match.state`` before the next move is made."""
    rules = get_rules(game)
    count = players or rules.meta.min_players
    seats = list(names) + list(DEFAULT_SEATS)[len(names):]
    for seed in seeds:
        match = MatchController(rules, None, seats[:count], seed)
        bot = rules.playout_bot(seed)
        for _ in range(moves):
            if match.finished:
                break
            yield match
            match.submit(bot.choose(match.legal_intents()))
