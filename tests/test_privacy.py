"""Hidden information never reaches the wrong eyes: the privacy check over seeded playouts of every
game with hidden information, at every player count, and proof that the check catches leaks."""

import dataclasses

import pytest

from tabletop.registry import game_ids, get_rules, registered

from .privacy_checks import Leak, play_private
from .toygame import ENTRY, LEAKY_ENTRY


def hidden_games() -> list[str]:
    return [game for game in game_ids() if get_rules(game).meta.hidden_information]


@pytest.mark.slow
def test_every_game_with_hidden_information_keeps_its_secrets(playouts):
    with registered(ENTRY):
        games = hidden_games()
        assert "secret-trick" in games
        for game in games:
            meta = get_rules(game).meta
            for players in meta.player_counts:
                # As many games as asked, or 4 moves per playout asked for (long games), at least 3.
                steps = 0
                for index in range(max(20, playouts // 20)):
                    played = play_private(game, 1000 + index, players)
                    assert played > 0
                    steps += played
                    if index >= 2 and steps >= 4 * playouts:
                        break


def test_the_check_catches_a_view_that_shows_other_hands():
    with registered(LEAKY_ENTRY):
        with pytest.raises(Leak, match=r"view of seat \d shows seat \d's secret 'star-"):
            play_private("leaky-trick", 5, 3)


def test_the_check_catches_an_event_shown_to_everyone(monkeypatch):
    from .toygame.rules import Played

    monkeypatch.setattr(Played, "audience", lambda self: None)     # the face-down card's identity goes public
    with registered(ENTRY):
        with pytest.raises(Leak, match="events of seat 1 shows seat 0's secret"):
            play_private("secret-trick", 5, 3)


def test_the_check_catches_a_log_line_that_says_too_much(monkeypatch):
    from .toygame.rules import FaceDown, SecretTrickRules

    narrate, apply = SecretTrickRules.narrate, SecretTrickRules.apply

    def chatty(self, event, view, seat):
        if isinstance(event, FaceDown):
            return f"{view.names[event.seat]} plays a card face down ({self.leaked})."
        return narrate(self, event, view, seat)

    def remember(self, state, intent, rng):
        self.leaked = " ".join(state.played)     # read from the full state, not the seat's view
        return apply(self, state, intent, rng)

    monkeypatch.setattr(SecretTrickRules, "apply", remember)
    monkeypatch.setattr(SecretTrickRules, "narrate", chatty)
    with registered(ENTRY):
        with pytest.raises(Leak, match="log of seat"):
            play_private("secret-trick", 5, 3)


def test_the_check_catches_a_wizard_dice_view_that_shows_another_wizards_dice(monkeypatch):
    from tabletop.games.wizard_dice.rules import WizardDiceRules

    monkeypatch.setattr(WizardDiceRules, "view", lambda self, state, seat: state)
    with pytest.raises(Leak, match=r"view of seat \d shows seat \d's secret 'secret-r1-w"):
        play_private("wizard-dice", 5, 3)


def test_the_check_catches_a_wizard_dice_allocation_told_to_everyone(monkeypatch):
    from tabletop.games.wizard_dice.events import Allocated

    monkeypatch.setattr(Allocated, "audience", lambda self: None)   # "Drew allocated 4 4 5 to Shield" goes public
    with pytest.raises(Leak, match=r"(events|log) of seat \d shows seat \d's secret"):
        play_private("wizard-dice", 5, 3)


def test_a_public_card_drawn_again_in_the_same_move_is_no_leak():
    # Elemental Dice, seed 103, move 457: an expired lasting card (public) goes to the discard pile, which is
    # shuffled and drawn from in the same move; the public "lasting-expired" event names it, as it should.
    from tabletop.core.rng import derive_seed

    assert play_private("elemental-dice", 103, 2, bot_seed=derive_seed(103, "p5")) > 457


def test_the_check_still_catches_that_card_drawn_in_public_in_that_same_move(monkeypatch):
    # The same move, with the draw told to everyone: the card was public a moment before, but that Brom now
    # holds it is his alone.
    from tabletop.core.controller import MatchController
    from tabletop.core.rng import derive_seed
    from tabletop.games.elemental_dice.events import CardsDrawn

    from .privacy_checks import check_seen

    rules = get_rules("elemental-dice")
    match = MatchController(rules, None, ["Ada", "Brom"], 103)
    bot = rules.playout_bot(derive_seed(103, "p5"))
    for _ in range(457):
        match.submit(bot.choose(match.legal_intents()))
    before, events = match.states[-2], match.journal[-1].events
    assert any(event.to_str().startswith("lasting-expired seat=1 card=nymphs-grace") for event in events)
    check_seen(rules, match.state, events, [0, 1, None], before)
    # Only that card drawn (the others Ada never saw would give the leak away by themselves).
    events = tuple(dataclasses.replace(e, cards=("nymphs-grace",)) if isinstance(e, CardsDrawn) else e
                   for e in events)
    check_seen(rules, match.state, events, [0, 1, None], before)
    monkeypatch.setattr(CardsDrawn, "audience", lambda self: None)
    with pytest.raises(Leak, match="events of seat 0 shows seat 1's secret 'nymphs-grace'"):
        check_seen(rules, match.state, events, [0, 1, None], before)


def test_the_check_catches_elemental_dice_draws_told_to_everyone(monkeypatch):
    from tabletop.games.elemental_dice.events import CardsDrawn

    monkeypatch.setattr(CardsDrawn, "audience", lambda self: None)
    with pytest.raises(Leak, match=r"events of seat \d shows seat \d's secret"):
        play_private("elemental-dice", 5, 2)


@pytest.mark.slow
def test_secrets_are_kept_with_the_options_mixed():
    # Each game's options all at their last choice (the seeded playouts' mixes): teams, auto-pass, ...
    from .test_playouts import OPTION_CASES

    mixes = [(game, players, options) for game, players, options in OPTION_CASES
             if get_rules(game).meta.hidden_information and len(options) > 1]
    assert {"elemental-dice", "wizard-dice"} <= {game for game, _, _ in mixes}
    for game, players, options in mixes:
        assert play_private(game, 79, players, options=options) > 0
