"""The Dice Cards bots: strong beats easy, every choice is legal and follows from the seed, easy takes the
move that scores when there is one, and strong reads a battle right (it blocks for its life, attacks for the
win, and does not throw a unit away)."""

import pytest

from tabletop.core.controller import MatchController
from tabletop.core.simulate import DEFAULT_SEATS, play_one
from tabletop.core.values import evolve
from tabletop.games.dice_cards.bots import clock_pressure, deck_out_turn
from tabletop.games.dice_cards.intents import Attack, BlocksDone, BlockWith, EndTurn, FightNext
from tabletop.games.dice_cards.state import Duelist, Flow, HandDie, State, Unit
from tabletop.registry import get_rules

RULES = get_rules("dice-cards")


@pytest.mark.slow
def test_strong_beats_easy_over_a_seeded_batch():
    wins = 0
    games = 30
    for index in range(games):
        bots = ("strong", "easy") if index % 2 == 0 else ("easy", "strong")
        match = play_one(RULES, 900 + index, check=False, bots=bots)
        assert match.finished
        wins += bots[match.state.flow.winner] == "strong"
    assert wins >= 0.6 * games, f"strong won {wins} of {games}"


@pytest.mark.parametrize("levels", [("strong", "easy"), ("strong", "strong"), ("easy", "strong")])
def test_every_choice_is_legal_and_the_same_seed_gives_the_same_choices(levels):
    def duel() -> list:
        bots = [RULES.make_bot(level, 40 + seat, seat) for seat, level in enumerate(levels)]
        match = MatchController(RULES, None, DEFAULT_SEATS[:2], 77)
        chosen = []
        while not match.finished:
            seat = match.state.to_act
            legal = match.legal_intents()
            intent = bots[seat].choose(legal, RULES.view(match.state, seat))
            assert intent in legal
            chosen.append(intent)
            match.submit(intent)
        return chosen

    assert duel() == duel()


def table(stage: str, mine: list[int], theirs: list[int], their_shields=(2, 4, 6), hand=(), **flow) -> State:
    """Seat 0 to act (or seat 1 when blocking), with units of the given base Power (Cinder Drakes)."""
    units = tuple(Unit(uid=i + 1, owner=0, archetype="CINDER", base=p) for i, p in enumerate(mine))
    units += tuple(Unit(uid=10 + i, owner=1, archetype="CINDER", base=p) for i, p in enumerate(theirs))
    duelists = (Duelist("Ada", deck=("CINDER",), shields=(2, 4, 6), stock=15,
                        hand=tuple(HandDie(i + 1, v) for i, v in enumerate(hand))),
                Duelist("Brom", deck=("CINDER",), shields=tuple(their_shields), stock=15))
    return State(duelists=duelists, units=units, next_uid=20, next_die=20,
                 flow=Flow(stage=stage, turn=5, active=0, battled=stage != "main", **flow))


def choices(level: str, state: State, seeds=range(20)) -> set:
    seat = state.to_act
    legal = RULES.legal_intents(state)
    return {RULES.make_bot(level, seed, seat).choose(legal, RULES.view(state, seat)) for seed in seeds}


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_with_nothing_to_block_both_levels_attack_with_everything(level):
    state = table("attack", [1, 2, 3], [], their_shields=())
    assert choices(level, state) == {Attack(0, (1, 2, 3))}


def test_easy_spends_its_dice_before_it_ends_the_turn_and_battles_an_empty_field():
    with_dice = table("main", [2], [3], hand=(4, 1))
    assert not any(isinstance(i, EndTurn) for i in choices("easy", with_dice, range(60)))
    spent = table("main", [2], [], hand=())
    assert {i.KIND for i in choices("easy", spent)} == {"battle"}


def test_strong_blocks_an_attack_that_would_win_and_does_not_throw_a_unit_away():
    # Seat 1 has no shield left: the lone attacker must be blocked, whatever it costs.
    state = table("block", [5], [1], their_shields=(), attackers=(1,))
    assert choices("strong", state, range(3)) == {BlockWith(1, 10, 1)}
    # A Power 1 unit against a Power 6 blocker, shields full: attacking only loses it.
    assert choices("strong", table("attack", [1], [6]), range(3)) == {Attack(0, ())}



def captive_at_stake() -> State:
    """Brom (seat 1) defends with five units; Ada's attacker #1 (Power 1) holds his #15 captive and is
    blocked by #10 (Power 3); her #2 (Power 1) by #11 (Power 1): the two destroy each other.  If #1 falls
    first, #15 comes home to a full field and Brom must discard a unit (his #11, and #2 lives on, or
    another, and he loses #11 in battle too)."""
    state = table("block", [1, 1], [3, 1, 1, 1, 1], attackers=(1, 2))
    captive = Unit(uid=15, owner=1, archetype="CINDER", base=1, captor=1)
    duelists = list(state.duelists)
    duelists[1] = Duelist("Brom", deck=("CINDER",), shields=(2, 4, 6), stock=14)
    state = State(duelists=tuple(duelists), units=state.units + (captive,), next_uid=20, next_die=20,
                  flow=state.flow)
    state = RULES.apply(state, BlockWith(1, 10, 1), None).state
    state = RULES.apply(state, BlockWith(1, 11, 2), None).state
    state = RULES.apply(state, BlocksDone(1), None).state
    assert state.flow.stage == "order" and state.to_act == 1
    return state


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_asked_for_the_next_battle_both_levels_keep_room_for_their_captive(level):
    # #11 against #2 first: both fall, and #15 comes home to four units, nothing to discard.
    assert choices(level, captive_at_stake(), range(8)) == {FightNext(1, 11, 2)}


def test_the_playout_bot_answers_the_battle_order():
    state = captive_at_stake()
    legal = RULES.legal_intents(state)
    assert {RULES.playout_bot(seed).choose(legal) for seed in range(30)} == set(legal)


# ---------------------------------------------------------------- the Stock clock and battles that never come
def with_stock(state: State, mine: int, theirs: int) -> State:
    first, second = state.duelists
    return evolve(state, duelists=(evolve(first, stock=mine), evolve(second, stock=theirs)))


def test_strong_ends_its_turn_rather_than_announce_a_battle_it_will_not_fight():
    """No "goes to battle … attacks with nothing after all": with no attack worth making it ends the turn."""
    state = table("main", [1, 2], [6, 6])
    assert {i.KIND for i in RULES.legal_intents(state)} >= {"battle", "end"}
    assert choices("strong", state, range(3)) == {EndTurn(0)}
    # With an attack worth making it goes to battle.
    assert {i.KIND for i in choices("strong", table("main", [6], [], their_shields=(2, 4)), range(3))} == {"battle"}


def test_strong_keeps_its_units_home_when_the_others_stock_runs_out_first():
    """Even trades are no gain for the side the Stock clock favours: the other must draw from an empty
    Stock first, so it keeps its units rather than attack into a wall of equal blockers."""
    state = with_stock(table("attack", [3, 3, 3], [3, 3, 3]), 15, 2)
    assert choices("strong", state, range(3)) == {Attack(0, ())}


def test_the_stock_clock_presses_only_the_side_that_runs_out_first():
    even = table("attack", [3], [3])
    assert clock_pressure(even, 0) == clock_pressure(even, 1) == 0.0
    short = with_stock(even, 15, 2)      # seat 1 draws its last 2 dice next turn and loses the turn after
    assert deck_out_turn(short, 1) == 8 and deck_out_turn(short, 0) == 17
    assert clock_pressure(short, 0) == 0.0 < clock_pressure(short, 1) <= 1.0
    assert clock_pressure(with_stock(even, 15, 0), 1) == 1.0
