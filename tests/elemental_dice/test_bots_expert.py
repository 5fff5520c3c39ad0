"""Elemental Dice's expert bot: it searches the shop (every move the strong bot weighs there, up to its few
best, played out on the same sampled states) and the hand (each kind of card worth playing), keeps the strong
bot's move unless another plays out clearly better, repeats its choices for a seed, and is offered at the table."""

import pytest

from tabletop.core.controller import MatchController
from tabletop.core.protocol import bot_levels
from tabletop.core.rng import derive_seed
from tabletop.core.values import evolve
from tabletop.games.elemental_dice.bots import ExpertBot, StrongBot, Valuer
from tabletop.games.elemental_dice.intents import Buy, EndTurn, Play, RerollShop

from .test_bots import RULES, position, rich_position


def shop_position():
    """Seat 0 has used its action and holds 14 gold; Tremor, Gambling and Mystical Restoration in the row."""
    return rich_position(14, ("tremor", "gambling", "mystical-restoration"), turn=9, owned=("fire",))


def spied_expert(monkeypatch, favour=None, seed=3):
    """An expert whose play-outs are recorded, each scoring 0, or 10 for the move ``favour``."""
    weighed = []

    def playout(self, state, intent, valuer, seed, last):
        weighed.append(intent)
        return 10.0 if intent == favour else 0.0

    monkeypatch.setattr(ExpertBot, "_playout", playout)
    return RULES.make_bot("expert", seed, 0), weighed


def decide(bot, state):
    return bot.choose(RULES.legal_intents(state), RULES.view(state, bot.seat))


def test_expert_is_offered_at_the_table():
    assert "expert" in bot_levels(RULES, table=True)
    assert bot_levels(RULES, table=True).index("expert") > bot_levels(RULES, table=True).index("strong")


def test_in_the_shop_the_expert_plays_out_the_strong_bots_best_moves_on_the_same_samples(monkeypatch):
    state = shop_position()
    strong = StrongBot(RULES, 3, 0)
    ranked = [intent for _, intent, _ in strong._main_options(RULES.view(state, 0), RULES.legal_intents(state))]
    bot, weighed = spied_expert(monkeypatch)
    choice = decide(bot, state)
    moves = list(dict.fromkeys(weighed))
    # Every buy, the reroll and the end of the turn are weighed (up to CANDIDATES of them), each on SAMPLES states.
    assert len(moves) == min(len(ranked), ExpertBot.CANDIDATES) >= 4
    assert set(moves) == set(ranked[:len(moves)])
    assert {type(move) for move in moves} >= {Buy, RerollShop, EndTurn}
    assert all(weighed.count(move) == ExpertBot.SAMPLES for move in moves)
    # Play-outs that all tie keep the strong bot's choice.
    assert choice == moves[0]


def test_the_expert_leaves_the_strong_bots_move_only_for_one_that_plays_out_clearly_better(monkeypatch):
    state = shop_position()
    bot, weighed = spied_expert(monkeypatch)
    decide(bot, state)
    first, other = list(dict.fromkeys(weighed))[:2]
    favoured, _ = spied_expert(monkeypatch, favour=other)
    assert decide(favoured, state) == other != first


def test_one_lucky_play_out_does_not_carry_a_move(monkeypatch):
    """A move that plays out a little better on every sample, and far better on one, is still not clearly better:
    the strong bot's move stays (on the average with the lucky sample it would have been taken)."""
    state = shop_position()
    bot, weighed = spied_expert(monkeypatch)
    first = decide(bot, state)
    other = list(dict.fromkeys(weighed))[1]
    seen = []

    def playout(self, state, intent, valuer, seed, last):
        if intent != other:
            return 0.0
        seen.append(intent)
        return 100.0 if len(seen) == 1 else 1.0

    monkeypatch.setattr(ExpertBot, "_playout", playout)
    assert decide(RULES.make_bot("expert", 3, 0), state) == first != other
    assert len(seen) == ExpertBot.SAMPLES


def hand_position():
    """Seat 0 holds Blazing Fire and three Basic Income, RED at 5: both kinds are worth playing."""
    return position(hands=(("blazing-fire",), ()), dice={"RED": 5})


def test_in_the_hand_the_expert_plays_out_each_kind_of_card_worth_playing_once(monkeypatch):
    state = hand_position()
    bot, weighed = spied_expert(monkeypatch)
    choice = decide(bot, state)
    kinds = [RULES.book[play.card].key for play in dict.fromkeys(weighed)]
    # Three copies of Basic Income play alike: one of them is weighed, beside Blazing Fire, each on SAMPLES states.
    assert sorted(kinds) == ["basic-income", "blazing-fire"]
    assert all(isinstance(play, Play) for play in weighed) and len(weighed) == 2 * ExpertBot.SAMPLES
    # Play-outs that tie keep the strong bot's play: the attack.
    assert choice == Play(0, "blazing-fire") == decide(StrongBot(RULES, 3, 0), state)


def test_a_play_that_plays_out_clearly_better_replaces_the_strong_bots(monkeypatch):
    state = hand_position()
    bot, weighed = spied_expert(monkeypatch)
    decide(bot, state)
    income = next(play for play in weighed if play.card != "blazing-fire")
    favoured, _ = spied_expert(monkeypatch, favour=income)
    assert decide(favoured, state) == income


def test_a_lone_card_worth_playing_is_played_without_a_search(monkeypatch):
    state = hand_position()
    player = state.players[0]
    alone = evolve(player, hand=("blazing-fire",), draw=player.draw + player.hand[1:])
    state = evolve(state, players=(alone, state.players[1]))
    assert not RULES.invariants(state)
    bot, weighed = spied_expert(monkeypatch)
    assert decide(bot, state) == Play(0, "blazing-fire")
    assert weighed == []


def test_the_same_seed_makes_the_same_choices():
    """A game's first 16 turns between the expert and the strong bot, twice: the same moves (the search is
    counted in play-outs, never in time, and a decision's shared card worths start afresh)."""
    def play(seed):
        match = MatchController(RULES, None, ["Ann", "Bo"], seed)
        bots = [RULES.make_bot(level, derive_seed(seed, seat), seat) for seat, level in enumerate(("expert", "strong"))]
        while not match.finished and match.state.flow.turn <= 16:
            seat = match.state.to_act
            legal = match.legal_intents()
            intent = bots[seat].choose(legal, RULES.view(match.state, seat))
            assert intent in legal
            match.submit(intent)
        return [entry.intent.to_str() for entry in match.journal]

    first = play(12)
    assert len(first) > 40 and first == play(12)


@pytest.mark.parametrize("gold", [3, 40])
def test_the_expert_shops_with_legal_moves_whatever_its_gold(gold):
    state = rich_position(gold, ("tremor", "gambling", "mystical-restoration"), turn=9, owned=("fire",))
    state = evolve(state, players=(evolve(state.players[0], gold=gold), state.players[1]))
    choice = decide(RULES.make_bot("expert", 5, 0), state)
    assert choice in RULES.legal_intents(state)


def test_a_card_bought_in_a_play_out_still_counts_once_it_is_shuffled_into_the_draw_pile(monkeypatch):
    """Seat 0's draw pile is empty: the end of its turn shuffles its discard pile, with the card it bought, into a
    new draw pile.  The play-out's score counts the card there (a memory of what it has seen alone would lose it,
    and buying would look worse than ending the turn)."""
    state = shop_position()
    players = list(state.players)
    players[0] = evolve(players[0], draw=(), discard=players[0].discard + players[0].draw)
    state = evolve(state, players=tuple(players))
    assert not RULES.invariants(state)
    bot = RULES.make_bot("expert", 3, 0)
    bot._remember(RULES.view(state, 0))
    valuer = Valuer(RULES, bot._context(state))
    scored = []
    score = ExpertBot.score

    def spy(self, final, valuer, hand_counts=True):
        scored.append((final.players[0].draw, self.deck(final, 0)))
        return score(self, final, valuer, hand_counts)

    monkeypatch.setattr(ExpertBot, "score", spy)
    in_draw = 0
    for seed in range(8):
        bot._playout(state, Buy(0, "tremor"), valuer, seed, state.flow.turn)
        draw, deck = scored[-1]
        assert "tremor" in deck
        in_draw += "tremor" in draw
    assert in_draw > 0
    assert "tremor" not in bot.owned[0]          # the memory itself is left as it was
