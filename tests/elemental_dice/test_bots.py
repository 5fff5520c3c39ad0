"""Elemental Dice bots: the strong bot beats the easy one, every choice is legal and a seed repeats its
choices, each level does the obvious thing in a constructed position, and ``determinize`` samples only
states the seat cannot tell from the real one."""

import random

import pytest

from tabletop.core.controller import MatchController
from tabletop.core.rng import SeededRandom, derive_seed
from tabletop.core.simulate import play_one
from tabletop.core.values import evolve
from tabletop.games.elemental_dice.cards import DICE
from tabletop.games.elemental_dice.intents import (Buy, EndTurn, Pass, Play, Remove, RerollShop, Respond, Reveal,
                                                   Stop)
from tabletop.games.elemental_dice.state import FaceDown, Flow, Pending, Phase
from tabletop.registry import get_rules
from tests.strength_checks import wins_most

RULES = get_rules("elemental-dice")


def position(hands=((), ()), facedown=((), ()), dice=None, turn=3, active=0) -> object:
    """A main phase of ``active`` (turn ``turn``): each player's hand holds these shop cards (Basic
    Income for the rest of four), face-down cards placed the turn before, every card still in one place."""
    state = RULES.setup({}, ["Ann", "Bo"], SeededRandom(1)).state
    taken = {card for cards in (*hands, *facedown) for card in cards}
    players = []
    for seat, player in enumerate(state.players):
        starters = list(player.hand + player.draw)
        hand = list(hands[seat]) + starters[:4 - len(hands[seat])]
        players.append(evolve(player, hand=tuple(hand), draw=tuple(starters[4 - len(hands[seat]):]),
                              facedown=tuple(FaceDown(card, turn - 1) for card in facedown[seat])))
    state = evolve(state, players=tuple(players), shop_draw=tuple(c for c in state.shop_draw if c not in taken),
                   flow=Flow(turn=turn, active=active, phase=Phase.MAIN, window="", priority=active))
    if dice:
        values = list(state.dice)
        for die, value in dice.items():
            values[DICE.index(die)] = value
        state = evolve(state, dice=tuple(values))
    assert not RULES.invariants(state)
    return state


def choose(level, state, seed=7):
    seat = state.to_act
    return RULES.make_bot(level, seed, seat).choose(RULES.legal_intents(state), RULES.view(state, seat))


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError):
        RULES.make_bot("grandmaster", 1, 0)


@pytest.mark.slow
def test_strong_beats_easy_over_a_seeded_batch():
    """Up to 24 seeded games, the seats taken in turn, stopped once the verdict is clear (:func:`wins_most`)."""
    def strong_won(index):
        seats = ("strong", "easy") if index % 2 == 0 else ("easy", "strong")
        match = play_one(RULES, derive_seed(2024, index), check=False, bots=seats)
        winners = RULES.outcome(match.state).winners
        return seats[winners[0]] == "strong" if winners else None

    wins_most(strong_won, 24, fewest_decided=20)


@pytest.mark.parametrize("levels", [("strong", "easy"), ("easy", "strong")])
def test_every_choice_is_legal_and_the_same_seed_makes_the_same_choices(levels):
    def play(seed):
        match = MatchController(RULES, None, ["Ann", "Bo"], seed)
        bots = [RULES.make_bot(level, derive_seed(seed, seat), seat) for seat, level in enumerate(levels)]
        while not match.finished and len(match.journal) < 3000:
            seat = match.state.to_act
            legal = match.legal_intents()
            intent = bots[seat].choose(legal, RULES.view(match.state, seat))
            assert intent in legal and intent.seat == seat, intent.to_str()
            match.submit(intent)
        assert match.finished
        return [entry.intent.to_str() for entry in match.journal]

    assert play(31) == play(31)


def test_easy_plays_the_attack_it_holds():
    state = position(hands=(("fire",), ()))
    for seed in range(10):
        assert choose("easy", state, seed) == Play(0, "fire")


def test_easy_never_plays_a_card_that_could_kill_it():
    state = position(hands=(("heavy-rain",), ()), dice={"BLUE": 6})
    players = list(state.players)
    players[0] = evolve(players[0], hp=5)
    state = evolve(state, players=tuple(players))
    for seed in range(10):
        assert choose("easy", state, seed) != Play(0, "heavy-rain")


def test_strong_plays_the_attack_the_dice_favour():
    state = position(hands=(("fire", "tremor"), ()), dice={"RED": 6, "BROWN": 1})
    assert choose("strong", state) == Play(0, "fire")
    state = position(hands=(("fire", "tremor"), ()), dice={"RED": 1, "BROWN": 6})
    assert choose("strong", state) == Play(0, "tremor")


def test_strong_flips_a_face_down_shield_against_an_attack_it_stops():
    state = position(hands=(("blazing-fire",), ()), facedown=((), ("water-reservoirs",)),
                     dice={"RED": 6, "BLUE": 6})
    state = RULES.apply(state, Play(0, "blazing-fire"), SeededRandom(0)).state
    assert state.flow.chain == (Pending("blazing-fire", 0),) and state.to_act == 1
    assert choose("strong", state) == Respond(1)
    state = RULES.apply(state, Respond(1), SeededRandom(0)).state
    assert choose("strong", state) == Reveal(1, "water-reservoirs")


def test_strong_lets_a_harmless_card_through():
    state = position(hands=(("fire",), ()), facedown=((), ("water-reservoirs",)), dice={"RED": 1, "BLUE": 6})
    income = next(card for card in state.players[0].hand if card.startswith("basic-income"))
    state = RULES.apply(state, Play(0, income), SeededRandom(0)).state
    assert choose("strong", state) == Pass(1)


# ---------------------------------------------------------------- determinize
def playout_positions(count=30):
    """Positions of seeded playout games, with every option the sampling depends on."""
    for index in range(count):
        options = [None, {"include_lost_page": "no"}, {"discard_public": "public"}][index % 3]
        match = MatchController(RULES, options, ["Ann", "Bo"], 900 + index)
        bot = RULES.playout_bot(index)
        for _ in range(20 + 13 * index):
            if match.finished:
                break
            match.submit(bot.choose(match.legal_intents()))
        if not match.finished:
            yield index, match.state


def test_determinize_samples_a_sound_state_the_seat_cannot_tell_from_the_real_one():
    differed = 0
    for index, state in playout_positions():
        for seat in (0, 1):
            view = RULES.view(state, seat)
            sample = RULES.determinize(view, seat, random.Random(index))
            assert RULES.view(sample, seat) == view
            assert not RULES.invariants(sample)
            differed += sample != state
            for owner, player in enumerate(sample.players):
                held = [*player.hand, *player.draw, *player.discard, *(fd.card for fd in player.facedown)]
                # A starter stays with its owner; a passive is never held, so an unseen one is in the shop.
                assert all(card.split("~")[1][0] == "ab"[owner] for card in held if "~" in card)
                assert not [card for card in held if RULES.book[card].type == "passive"]
            # The bots choose the same on the sample, which shows them the same view.
            for level in ("easy", "strong"):
                if state.to_act == seat:
                    assert choose(level, state) == choose(level, sample), (index, level)
    assert differed


def test_determinize_keeps_what_a_card_shows_its_chooser_and_refills_it_for_the_other():
    state = position(hands=(("mirror-wall",), ("fire", "tremor")))
    state = RULES.apply(state, Play(0, "mirror-wall"), SeededRandom(0)).state
    state = RULES.apply(state, Pass(1), SeededRandom(0)).state
    state = RULES.apply(state, Pass(0), SeededRandom(0)).state
    execution = state.flow.executing
    assert execution.stage == "look" and execution.seen == state.players[1].hand
    for index in range(5):
        sample = RULES.determinize(RULES.view(state, 0), 0, random.Random(index))
        assert sample.players[1].hand == state.players[1].hand
        other = RULES.determinize(RULES.view(state, 1), 1, random.Random(index))
        assert other.flow.executing.seen == other.players[1].hand == state.players[1].hand
        assert not RULES.invariants(sample) and not RULES.invariants(other)


# ---------------------------------------------------------------- gold is spent, not hoarded
def rich_position(gold, row, hp=(60, 60), turn=21, owned=(), rerolls=0):
    """Seat 0's main phase with its action used and ``gold`` to spend, ``row`` in the shop (the rest of the
    shop deck where it was), Basic Income in hand, the cards ``owned`` in its discard pile, ``rerolls`` of the
    shop made this turn."""
    state = position(turn=turn)
    taken = set(row) | set(owned)
    players = list(state.players)
    players[0] = evolve(players[0], gold=gold, hp=hp[0], discard=tuple(owned))
    players[1] = evolve(players[1], hp=hp[1])
    state = evolve(state, players=tuple(players), shop_row=tuple(row),
                   shop_draw=tuple(c for c in state.shop_draw if c not in taken),
                   flow=evolve(state.flow, actions_used=1, rerolls=rerolls))
    assert not RULES.invariants(state)
    return state


@pytest.mark.parametrize("gold", [25, 40, 61])
def test_strong_with_gold_to_spare_buys_the_good_card_in_the_row_rather_than_ending_its_turn(gold):
    """The hoarding of issue 22: two attacks bought already, the shop rerolled twice this turn, a turn or two
    of buying power in hand and Tremor in the row: the strong bot buys it (gold beyond what a turn can spend
    is worth little), whether the other has out-healed it or not."""
    for hp in ((60, 60), (40, 90)):
        state = rich_position(gold, ("tremor", "sneak-peek", "lush-forests", "gambling"), hp,
                              owned=("blazing-fire", "lava-surge"), rerolls=2)
        state = evolve(state, dice=tuple(4 if die == "BROWN" else value for die, value in zip(DICE, state.dice)))
        for seed in range(3):
            assert choose("strong", state, seed) == Buy(0, "tremor"), (gold, hp)


@pytest.mark.parametrize("row", [("perspective-shift", "hot-springs", "marketplace"),
                                 ("calculated-risk", "treasury", "flower-gardens")])
def test_strong_with_its_attacks_frozen_on_low_dice_buys_the_card_that_changes_them(row):
    """The stalemate of issue 22: the shared dice stand with fire, earth, water and magic on 1 and nature on 6,
    so the attacks it owns deal almost nothing; it buys the card that flips or rerolls a die (worth what the
    change brings its deck) instead of ending its turn with 20 gold or buying another heal or gold card."""
    state = rich_position(20, row, owned=("blazing-fire", "fire", "magical-inferno", "lava-surge"))
    low = {"RED": 1, "BROWN": 1, "BLUE": 1, "GREEN": 6, "PURPLE": 1, "YELLOW": 3}
    state = evolve(state, dice=tuple(low.get(die, value) for die, value in zip(DICE, state.dice)))
    for seed in range(4):
        assert choose("strong", state, seed) == Buy(0, row[0])


@pytest.mark.parametrize("row", [("reroller", "forecast", "exploration-novice"),
                                 ("deep-pockets", "mirror-table", "solid-infrastructure")])
def test_strong_with_idle_gold_and_nothing_for_its_deck_in_the_row_buys_the_passive(row):
    """30 gold, the shop rerolled twice, and the row holds only cards that would thin its deck of attacks and
    a passive (which never enters the deck): it buys the passive rather than ending its turn on its gold."""
    state = rich_position(30, row, owned=("blazing-fire", "lava-surge", "tremor"), rerolls=2)
    for seed in range(4):
        assert choose("strong", state, seed) == Buy(0, row[0])


# ---------------------------------------------------------------- a deck built to end the game
def test_strong_early_in_the_game_buys_the_attack_rather_than_the_big_heal():
    """Turn 7, 50 HP against 60, 14 gold and the shop rerolled twice: Mystical Restoration (about 20 HP a play) or
    Tremor (3 damage).  HP healed are dealt again by the other player, who earns their gold doing so, and early
    in a game a gold buys much: the strong bot buys the attack, not the heal that would stretch the game."""
    state = rich_position(14, ("mystical-restoration", "tremor", "gambling"), hp=(50, 60), turn=7, owned=("fire",),
                          rerolls=2)
    low = {"GREEN": 4, "PURPLE": 5, "BROWN": 3, "RED": 4}
    state = evolve(state, dice=tuple(low.get(die, value) for die, value in zip(DICE, state.dice)))
    for seed in range(3):
        assert choose("strong", state, seed) == Buy(0, "tremor")


def optimization_choice(owned):
    """Seat 0 plays Optimization Master (Basic Income for the rest of its hand), ``owned`` in its discard pile; the
    position once the card takes effect and asks which cards to remove."""
    state = position(hands=(("optimization-master",), ()), turn=7, dice={"RED": 4, "BROWN": 4})
    state = evolve(state, players=(evolve(state.players[0], discard=tuple(owned)), state.players[1]),
                   shop_draw=tuple(card for card in state.shop_draw if card not in owned))
    state = RULES.apply(state, Play(0, "optimization-master"), SeededRandom(0)).state
    while state.flow.phase == Phase.WINDOW:
        state = RULES.apply(state, Pass(state.flow.priority), SeededRandom(0)).state
    assert any(isinstance(intent, Remove) for intent in RULES.legal_intents(state))
    return state


def test_strong_thins_basic_income_from_a_deck_with_attacks_and_keeps_it_in_a_deck_without():
    """Optimization: with three attacks in the deck a Basic Income removed brings them to hand more often, so the
    strong bot removes one; in a deck of nothing but Basic Income it is the only income, and it stops."""
    state = optimization_choice(("fire", "tremor", "lava-surge"))
    for seed in range(3):
        choice = choose("strong", state, seed)
        assert isinstance(choice, Remove) and choice.card.startswith("basic-income"), choice
    state = optimization_choice(())
    assert choose("strong", state) == Stop(0)


@pytest.mark.parametrize("hp", [20, 30])
def test_strong_losing_the_race_buys_the_heal_rather_than_a_feeble_attack(hp):
    """Turn 9: the other player's Blazing Fire (seen in its discard pile) hits for 12 with fire on 6 and would bring
    us to 0 in a few turns, long before our Basic Income does anything to its 60 HP.  The row holds Hot Springs (9 HP a play) and
    Tremor (2 damage with earth on 2): losing the race, each HP healed is time to live, and the strong bot buys
    the heal (an even or winning race would make it buy the attack, see above)."""
    row, attacks = ("hot-springs", "tremor", "sneak-peek"), ("blazing-fire",)
    state = rich_position(9, row, hp=(hp, 60), turn=9, rerolls=2)
    state = evolve(state, discard_public=True, players=(state.players[0], evolve(state.players[1], discard=attacks)),
                   shop_draw=tuple(card for card in state.shop_draw if card not in attacks))
    dice = {"RED": 6, "BROWN": 2, "GREEN": 5, "BLUE": 4}
    state = evolve(state, dice=tuple(dice.get(die, value) for die, value in zip(DICE, state.dice)))
    assert not RULES.invariants(state)
    for seed in range(3):
        assert choose("strong", state, seed) == Buy(0, "hot-springs")


@pytest.mark.parametrize("row, hp", [(("blazing-fire", "treasury", "gambling"), (30, 30)),
                                     (("blazing-fire", "treasury", "gambling"), (50, 25)),
                                     (("lava-surge", "marketplace", "gambling"), (30, 30))])
def test_strong_in_a_race_near_its_end_saves_for_the_attack_rather_than_buying_a_gold_card(row, hp):
    """Turn 21, a Fire in the deck, 8 gold, an attack of 12 in the row beside a card that earns gold.  The damage the
    decks deal as they stand says 15 more turns, but decks grow and such games end in about 10: a gold card is worth
    the turns it is played times what its gold buys in the turns left, both fewer, so the strong bot keeps its gold
    for the attack rather than buying the gold card (on a horizon of 14 turns it bought it).  The other player holds
    no gold, so it cannot buy the gold card next turn either (a card it could buy counts against the bot if left in
    the row: see the test of the row left behind below)."""
    state = rich_position(8, row, hp=hp, turn=21, owned=("fire",), rerolls=2)
    state = evolve(state, players=(state.players[0], evolve(state.players[1], gold=0)))
    for seed in range(3):
        assert choose("strong", state, seed) == EndTurn(0), (row, hp, seed)


# ---------------------------------------------------------------- the end of a game, and the row left behind
@pytest.mark.parametrize("hp", [(300, 2), (60, 2)])
def test_strong_with_the_other_player_at_2_hp_and_no_attack_buys_the_attack_that_ends_the_game(hp):
    """The endless game of issue 22: the other player sits at 2 HP, the strong bot owns no attack (Basic Income
    only) and holds 9 gold; the row has Fire (2 damage with fire on 2), Hot Springs and Treasury.  With a turn
    and a half left by the race as it stands an attack adds little to a deck, but this one can end the game:
    it is worth the win, and the strong bot buys it (before, it rerolled the shop on two seeds of four)."""
    state = rich_position(9, ("fire", "hot-springs", "treasury"), hp=hp, turn=60)
    state = evolve(state, dice=tuple(2 if die == "RED" else value for die, value in zip(DICE, state.dice)))
    assert not RULES.invariants(state)
    for seed in range(4):
        assert choose("strong", state, seed) == Buy(0, "fire"), (hp, seed)


def test_strong_does_not_leave_a_strong_cheap_attack_in_the_row_for_the_other_player():
    """Turn 15, the strong bot's deck holds four attacks (one action a turn: a fifth adds little to it) and 8 gold;
    the other player's deck is nothing but Basic Income and it holds 7 gold.  Fire hits for 6 with fire on 6: left
    in the row, the other player buys it next turn and its deck deals damage at last.  The strong bot buys it
    (before, it ended its turn on its gold)."""
    owned = ("blazing-fire", "lava-surge", "magical-inferno", "tremor")
    state = rich_position(8, ("fire", "sneak-peek", "gambling"), turn=15, owned=owned, rerolls=2)
    state = evolve(state, players=(state.players[0], evolve(state.players[1], gold=7)))
    dice = {"RED": 6, "BROWN": 6}
    state = evolve(state, dice=tuple(dice.get(die, value) for die, value in zip(DICE, state.dice)))
    assert not RULES.invariants(state)
    for seed in range(3):
        assert choose("strong", state, seed) == Buy(0, "fire"), seed


def test_greedy_rerolls_a_shop_row_without_an_attack_when_it_can_pay_for_one_after():
    """The shop's row starts empty: a greedy bot that never rerolled it waited for ever against another greedy
    bot.  With nothing to hit with in the row and gold for a reroll and an attack, it rerolls; short of that
    gold it keeps it."""
    assert choose("greedy", rich_position(9, ())) == RerollShop(0)
    assert choose("greedy", rich_position(9, ("lush-forests", "gambling"))) == RerollShop(0)
    assert choose("greedy", rich_position(8, ())) == EndTurn(0)
    assert choose("greedy", rich_position(20, ("tremor", "gambling"))) == Buy(0, "tremor")


def test_two_greedy_bots_finish_a_game():
    match = play_one(RULES, derive_seed(2026, 0), check=False, bots=("greedy", "greedy"), max_intents=4000)
    assert match.finished and RULES.outcome(match.state).winners
