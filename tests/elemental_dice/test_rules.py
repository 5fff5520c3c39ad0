"""Elemental Dice rules beyond the reference's worked cases: golden games, options, who sees what,
and who holds the screen (rules reference A.4.8 and A.5)."""

import pytest

from tabletop.core.bots import RandomBot
from tabletop.core.controller import MatchController
from tabletop.core.protocol import IllegalIntent
from tabletop.core.rng import derive_seed
from tabletop.core.simulate import play_one
from tabletop.games.elemental_dice.intents import EndTurn, Interrupt, Pass, Play, Respond
from tabletop.games.elemental_dice.state import HIDDEN, Phase, Window
from tabletop.registry import entry, get_rules

RULES = get_rules("elemental-dice")

# seed: (HP at the end, winners, intents played) of a game between two playout bots (bots.py).  If one
# changes, a rule changed (or the bot did): say so in the commit and update the numbers.
GOLDEN = {
    1: ((-2, 43), (1,), 833),
    2: ((6, -11), (0,), 1227),
    3: ((-4, 38), (1,), 666),
    2026: ((44, -4), (0,), 996),
}


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_games(seed):
    match = play_one(RULES, seed)
    outcome = RULES.outcome(match.state)
    assert (outcome.scores, outcome.winners, len(match.journal)) == GOLDEN[seed]


def new_match(options=None, seed=7) -> MatchController:
    return MatchController(RULES, options, ["Ann", "Bo"], seed)


def test_setup_follows_the_reference():
    state = new_match().state
    ann, bo = state.players
    assert (ann.hp, bo.hp) == (60, 60)
    assert (ann.gold, bo.gold) == (6, 6)              # 5 and 6, and Ann's first turn's gold
    assert len(ann.hand) == len(bo.hand) == 4 and len(ann.draw) == len(bo.draw) == 4
    assert len(state.shop_draw) == 87 and state.shop_row == ()
    assert len(new_match({"include_lost_page": "no"}).state.shop_draw) == 78


def test_prometheus_option_doubles_instead_of_tripling():
    state = new_match({"prometheus": "double"}).state
    assert state.prometheus == 2
    assert new_match().state.prometheus == 3


def test_the_other_players_prompt_is_public_and_the_same_whatever_they_hold():
    # A.5: the prompt is shown even with nothing to play; skipping it would tell.
    match = new_match()
    state = match.state
    assert state.flow.window == Window.TURN_START and state.to_act == 1
    assert RULES.private_seat(state) is None
    assert match.legal_intents() == (Pass(1), Respond(1))
    match.submit(Respond(1))
    assert RULES.private_seat(match.state) == 1           # now the screen goes to Bo, behind the cover


def test_the_active_player_answers_from_their_own_screen():
    match = new_match()
    match.submit(Pass(1))
    card = match.state.players[0].hand[0]
    match.submit(Play(0, card))
    assert RULES.private_seat(match.state) is None        # Bo's public prompt
    match.submit(Pass(1))
    assert match.state.to_act == 0 and RULES.private_seat(match.state) == 0
    assert Respond(0) not in match.legal_intents() and Pass(0) in match.legal_intents()


def test_auto_pass_skips_a_window_only_when_nothing_is_playable():
    match = new_match({"auto_pass": "second player"})
    # Bo holds only Basic Income (an action): nothing he could play in Ann's turn.
    assert match.state.flow.phase == Phase.MAIN
    assert any(event.to_str().startswith("window-passed seat=1") for event in match.opening_events)


def test_the_opponent_may_interrupt_an_idle_main_phase():
    match = new_match()
    match.submit(Pass(1))
    assert Interrupt(1) in match.legal_intents()
    match.submit(Interrupt(1))
    state = match.state
    assert (state.flow.phase, state.flow.window, state.to_act) == (Phase.WINDOW, Window.INTERRUPT, 1)
    assert RULES.private_seat(state) == 1


def views_along_a_game(seed: int, options=None):
    match = MatchController(RULES, options, ["Ann", "Bo"], seed)
    bot = RandomBot(derive_seed(seed, "views"))          # purely random: every corner of the rules
    while not match.finished:
        yield match.state
        match.submit(bot.choose(match.legal_intents()))


@pytest.mark.parametrize("seed", [1, 2])
def test_no_view_shows_a_draw_pile_or_the_other_players_hand(seed):
    for state in views_along_a_game(seed):
        for viewer in (0, 1, None):
            view = RULES.view(state, viewer)
            assert set(view.shop_draw) <= {HIDDEN}
            for seat, player in enumerate(view.players):
                assert set(player.draw) <= {HIDDEN}
                if seat != viewer:
                    assert set(player.hand) <= {HIDDEN}
                    assert {fd.card for fd in player.facedown} <= {HIDDEN}
                    assert set(player.discard) <= {HIDDEN}
                else:
                    assert player.hand == state.players[seat].hand


def test_discard_piles_are_public_with_the_option():
    for state in views_along_a_game(3, {"discard_public": "public"}):
        view = RULES.view(state, 0)
        assert view.players[1].discard == state.players[1].discard


def test_the_results_rows_name_the_outcome_breakdown():
    outcome = RULES.outcome(new_match().state)
    for _, key in entry("elemental-dice").results:
        assert key in outcome.breakdown[0]


def test_the_turn_cannot_end_while_a_card_waits_on_the_chain():
    match = new_match()
    match.submit(Pass(1))
    match.submit(Play(0, match.state.players[0].hand[0]))
    match.submit(Pass(1))
    before = match.state
    with pytest.raises(IllegalIntent, match="A card waits to be answered"):
        match.submit(EndTurn(0))
    assert match.state is before


def test_the_playout_bot_finishes_games_a_random_one_drags_out():
    from tabletop.core.simulate import MOVE_CAP

    lengths = [len(play_one(RULES, seed).journal) for seed in range(10)]
    assert all(length < MOVE_CAP for length in lengths)
    assert sum(lengths) / len(lengths) < 1200


def test_simulate_counts_capped_games_apart(monkeypatch):
    import json

    import tabletop.core.simulate as simulate

    monkeypatch.setattr(simulate, "MOVE_CAP", 50)            # no game ends in 50 moves
    lines = []
    summary = simulate.simulate(lambda game: RULES, "elemental-dice", 3, 1, jobs=1, emit=lines.append)
    assert summary["capped"] == 3 and summary["errors"] == 0
    assert all(json.loads(line).get("capped") for line in lines[:3])


def test_a_match_saved_with_the_table_wide_auto_pass_still_loads_and_replays():
    # Saved by the version before each player chose their own auto-pass: "auto_pass": "second player".
    from pathlib import Path

    from tabletop.core.controller import MatchRecord

    text = (Path(__file__).parent / "old_auto_pass_record.json").read_text()
    record = MatchRecord.from_json(text)
    assert record.options["auto_pass"] == "second player"
    match = MatchController.from_record(record, lambda game: RULES)
    state = match.state
    assert state.auto_pass == (False, True) and state.auto_pass_harmless == (False, False)
    assert match.options["auto_pass_nothing.0"] == "off" and match.options["auto_pass_nothing.1"] == "on"
    # What the version that saved it reached after the same 120 moves.
    assert (state.flow.turn, state.flow.active) == (24, 1)
    assert [(p.hp, p.gold, len(p.hand), len(p.discard)) for p in state.players] == [(60, 2, 4, 0), (60, 5, 3, 5)]
    assert state.shop_row == ("tremor", "cheap-trick", "arcane-meteor", "mirror-wall", "optimization-master")
    assert sum(e.to_str() == "window-passed seat=1" for entry in match.journal for e in entry.events) == 45
    # Saved again, it is saved under today's keys, and replays the same.
    again = MatchController.from_record(MatchRecord.from_json(match.record().to_json()), lambda game: RULES)
    assert "auto_pass" not in again.options and again.states == match.states


def test_per_seat_options_are_one_value_per_seat():
    match = new_match({"auto_pass_harmless.1": "on", "pass_turn": "on"})
    assert match.options["auto_pass_harmless.0"] == "off" and match.options["auto_pass_harmless.1"] == "on"
    assert match.options["pass_turn.0"] == match.options["pass_turn.1"] == "on"     # the bare key: every seat
    state = match.state
    assert state.auto_pass_harmless == (False, True) and state.pass_turn == (True, True)
    with pytest.raises(ValueError, match="auto_pass_nothing.1='maybe'"):
        new_match({"auto_pass_nothing.1": "maybe"})
    with pytest.raises(ValueError, match="no option auto_pass_nothing.2"):
        new_match({"auto_pass_nothing.2": "on"})
    with pytest.raises(ValueError, match="auto_pass='sometimes'"):
        new_match({"auto_pass": "sometimes"})


def test_every_option_has_a_plain_help_sentence():
    for spec in RULES.meta.options:
        assert spec.help and spec.help[0].isupper() or spec.help.split(":")[0] in spec.choices, spec.key
        assert spec.help.endswith("."), spec.key
        for word in ("seed", "reference", "GSC", "lost page"):
            assert word not in spec.help and word not in spec.label, (spec.key, word)
