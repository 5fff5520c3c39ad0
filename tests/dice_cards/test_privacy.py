"""Dice Cards keeps its secrets (the values rolled into a hand, a deck until both are chosen), and the
privacy check would catch each way they could leak: a view, an event, a log line."""

import pytest

from tabletop.games.dice_cards import events as ev
from tabletop.games.dice_cards.rules import DiceCardsRules
from tabletop.registry import get_rules

from ..privacy_checks import Leak, play_private


@pytest.mark.parametrize("seed", [1, 2, 3, 2026])
def test_a_duel_shows_each_seat_only_its_own_hand(seed):
    assert play_private("dice-cards", seed, 2) > 20


def test_the_check_catches_a_view_that_shows_the_other_hand(monkeypatch):
    monkeypatch.setattr(DiceCardsRules, "view", lambda self, state, seat: state)
    with pytest.raises(Leak, match=r"view of seat \d shows seat \d's secret '(die\d+-\d|[A-Z]+)'"):
        play_private("dice-cards", 5, 2)


def test_the_check_catches_a_roll_shown_to_everyone(monkeypatch):
    monkeypatch.setattr(ev.Rolled, "audience", lambda self: None)
    with pytest.raises(Leak, match=r"events of seat \d shows seat \d's secret 'die\d+-\d'"):
        play_private("dice-cards", 5, 2)


def test_the_check_catches_a_deck_choice_told_to_the_other_seat(monkeypatch):
    monkeypatch.setattr(ev.DeckChosen, "audience", lambda self: None)
    with pytest.raises(Leak, match=r"events of seat 1 shows seat 0's secret '[A-Z]+'"):
        play_private("dice-cards", 5, 2)


def test_the_check_catches_a_log_line_that_names_the_dice_rolled(monkeypatch):
    rules = get_rules("dice-cards")
    narrate = DiceCardsRules.narrate

    def chatty(self, event, view, seat):
        if isinstance(event, ev.RolledCount):
            hand = self._peek.duelists[event.seat].hand
            return f"{view.duelists[event.seat].name} rolls {' '.join(d.to_text() for d in hand)}."
        return narrate(self, event, view, seat)

    apply = DiceCardsRules.apply

    def remember(self, state, intent, rng):
        step = apply(self, state, intent, rng)
        self._peek = step.state            # the full state, not the seat's view
        return step

    monkeypatch.setattr(DiceCardsRules, "narrate", chatty)
    monkeypatch.setattr(DiceCardsRules, "apply", remember)
    assert rules is not None
    with pytest.raises(Leak, match=r"log of seat \d shows seat \d's secret 'die\d+-\d'"):
        play_private("dice-cards", 5, 2)


def test_the_other_hand_is_blank_dice_and_the_log_says_only_how_many():
    rules = get_rules("dice-cards")
    from tabletop.core.controller import MatchController
    from tabletop.core.values import visible_events

    match = MatchController(rules, None, ["Ann", "Bo"], 9)
    match.submit(rules.legal_intents(match.state)[0])
    events = match.submit(rules.legal_intents(match.state)[0])
    hand = match.state.duelists[0].hand
    assert len(hand) == 3 and all(d.value for d in hand)
    seen_by_bo = rules.view(match.state, 1)
    assert all(d.value == 0 for d in seen_by_bo.duelists[0].hand) and len(seen_by_bo.duelists[0].hand) == 3
    lines = [rules.narrate(e, seen_by_bo, 1) for e in visible_events(events, 1)]
    assert "Ann rolls 3 dice into their hand." in lines
    mine = [rules.narrate(e, rules.view(match.state, 0), 0) for e in visible_events(events, 0)]
    assert any(line and line.startswith("Ann draws and rolls") for line in mine)
