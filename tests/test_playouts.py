"""Seeded random playouts of every game at every player count it allows (1,000 games per game by default,
spread over its player counts; ``--playouts 10000`` for the long run), with the game's playout bot and
every generic check at every step.  They run on every core (in forked workers where the system has them).
The first playout of each case plays the default options; in the games of ``OPTION_GAMES`` the others
take every option's choices in turn (:func:`playout_options`), so that every option value is played.
The throwaway Secret Trick of the test suite runs through the same checks as the real games."""

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext

import pytest

from tabletop.core.controller import MatchController
from tabletop.core.rng import SeededRandom, derive_seed
from tabletop.core.simulate import DEFAULT_SEATS
from tabletop.registry import game_ids, get_rules, registered

from .dice_realms.checks import check_step as dice_realms_step
from .elemental_dice.checks import check_step as elemental_dice_step
from .playout_checks import play_checked
from .toygame import ENTRY
from .toygame.rules import META as TOY_META

STEP_CHECKS = {"dice-realms": dice_realms_step, "elemental-dice": elemental_dice_step}
CASES = [(game, players) for game in game_ids() for players in get_rules(game).meta.player_counts]
CASES += [(ENTRY.game_id, players) for players in TOY_META.player_counts]
#: The games whose playouts take every option's choices in turn.  Elemental Dice waits for its playout
#: check to count the shop deck without the lost page (its option), Wizard Dice for its new options.
OPTION_GAMES = ("dice-cards", "dice-realms", "elementalis")


def playout_options(game: str, players: int, index: int) -> dict[str, str]:
    """The rules options of playout ``index``: the defaults for the first; then option ``k`` of the game takes
    its choices in turn, default first, starting ``k`` choices on.  A mix the game refuses at this many
    players (five ElementaliS mages without the Ether cards) falls back to the defaults."""
    meta = get_rules(game).meta
    if index == 0 or game not in OPTION_GAMES:
        return {}
    chosen = {}
    for k, spec in enumerate(meta.options):
        order = (spec.default, *(c for c in spec.choices if c != spec.default))
        chosen[spec.key] = order[(index + k) % len(order)]
    try:
        get_rules(game).setup(chosen, DEFAULT_SEATS[:players], SeededRandom(0))
    except ValueError:
        return {}
    return chosen


def play_some(game: str, players: int, indexes: range) -> tuple[int, int]:
    """Play the playouts ``indexes`` of ``game``; returns (finished, moves)."""
    finished = moves = 0
    for index in indexes:
        match = play_checked(game, derive_seed(20261122, game, index), STEP_CHECKS.get(game), players=players,
                             options=playout_options(game, players, index))
        assert len(match.seats) == players
        finished += match.finished
        moves += len(match.journal)
    return finished, moves


@pytest.mark.parametrize("game", game_ids())
def test_a_few_playouts_of_every_game_keep_every_invariant(game):
    # The fast lane's share of the playouts below: two seeded games at the smallest and the largest table.
    meta = get_rules(game).meta
    for players in sorted({meta.min_players, meta.max_players}):
        finished, moves = play_some(game, players, range(2))
        assert finished == 2 and moves > 0


@pytest.mark.slow
# About 0.2 s of CPU a game, 1,000 games: a few minutes on a quiet machine, but on a loaded one (a second CI
# run, bots simulating) it passed the default 10 minutes.  The guard is against a hang, not a measure of speed.
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("game, players", CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_random_playouts_keep_every_invariant(game, players, playouts):
    counts = sum(1 for g, _ in CASES if g == game)
    games = max(1, playouts // counts)
    with registered(ENTRY) if game == ENTRY.game_id else nullcontext():
        workers = min(os.cpu_count() or 1, 8) if "fork" in multiprocessing.get_all_start_methods() else 1
        if workers == 1 or games < 4 * workers:
            results = [play_some(game, players, range(games))]
        else:
            # Forked workers share the registry as it is now (with a test's throwaway game registered).
            shares = [range(start, games, workers) for start in range(workers)]
            with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
                results = list(pool.map(play_some, [game] * workers, [players] * workers, shares))
    finished = sum(done for done, _ in results)
    assert finished == games


@pytest.mark.slow
@pytest.mark.parametrize("game", OPTION_GAMES)
def test_the_playouts_play_every_option_value(game, playouts):
    counts = [players for g, players in CASES if g == game]
    games = max(1, playouts // len(counts))
    if games < 4:
        pytest.skip("too few playouts to cycle through the options")
    played = {(key, value) for players in counts for index in range(games)
              for key, value in playout_options(game, players, index).items()}
    meta = get_rules(game).meta
    wanted = {(spec.key, choice) for spec in meta.options for choice in spec.choices if choice != spec.default}
    assert wanted <= played, f"never played: {sorted(wanted - played)}"


def option_cases() -> list[tuple[str, int, dict[str, str]]]:
    """A seeded playout for every value of every option a game offers (each at a player count it is offered
    at, a per-seat option for every seat), and for each game a mix of all its options at their last choice."""
    cases = []
    for game in game_ids():
        meta = get_rules(game).meta
        for spec in meta.options:
            players = spec.players[0] if spec.players else meta.min_players
            cases += [(game, players, {spec.key: value}) for value in spec.choices if value != spec.default]
        for players in sorted({meta.max_players, *(n for spec in meta.options for n in spec.players)}):
            mix: dict[str, str] = {}
            for spec in meta.options:
                # Options that cannot go together at this count (the game's setup refuses them) are left out.
                if spec.offered(players) and _can_set_up(game, players, {**mix, spec.key: spec.choices[-1]}):
                    mix[spec.key] = spec.choices[-1]
            if mix:
                cases.append((game, players, mix))
    return cases


def _can_set_up(game: str, players: int, options: dict[str, str]) -> bool:
    try:
        MatchController(get_rules(game), options, DEFAULT_SEATS[:players], 1)
    except ValueError:
        return False
    return True


OPTION_CASES = option_cases()


@pytest.mark.parametrize("game, players, options", OPTION_CASES,
                         ids=[f"{g}-{n}p-" + ",".join(f"{k}={v}" for k, v in o.items()) for g, n, o in OPTION_CASES])
@pytest.mark.slow
def test_every_option_value_is_played(game, players, options):
    seed = derive_seed(20261122, game, "options", *sorted(options.items()))
    match = play_checked(game, seed, STEP_CHECKS.get(game), players=players, options=options)
    assert match.finished
    for key, value in options.items():
        if key in match.options:
            assert match.options[key] == value
        else:       # a per-seat option: every seat has it
            assert [v for k, v in match.options.items() if k.startswith(key + ".")] == [value] * players
