"""What a phone lists to tap is in the players' words: a card in the hand or the shop by its printed name, never by
the table's key for it (Elemental Dice's phone page once listed "hand:basic-income~a2"); over seeded playouts of
every game with phone seats, every label on every page is checked."""

import random

import pytest

from tabletop.app.audience import Audience
from tabletop.app.phones.remote import PhoneSeat
from tabletop.core.controller import MatchController
from tabletop.registry import get_rules

from .test_phone_privacy import CASES, NAMES, tap_to_a_move


def labels_in_key_form(phone) -> list[str]:
    """The labels of a phone's page that are a target's key (its developer form) rather than words."""
    page = phone.page(picture=False)
    keys = {str(target) for target in phone.parts.targets}
    return [shown["label"] for shown in page["targets"] if shown["label"] in keys]


@pytest.mark.parametrize("game, players, options", CASES[:1] + CASES[-1:] + [("wizard-dice", 3, {})],
                         ids=lambda value: str(value))
def test_a_phone_lists_what_it_may_tap_in_words(app, game, players, options):
    rules = get_rules(game)
    kinds = ("phone",) * players
    match = MatchController(rules, options, NAMES[:players], 7, seat_kinds=kinds)
    audience = Audience(rules, kinds)
    phones = {seat: PhoneSeat(app, match, audience, seat) for seat in range(players)}
    chooser = random.Random(7)
    looked = 0
    for _ in range(40):
        if match.finished:
            break
        for seat, phone in phones.items():
            assert labels_in_key_form(phone) == [], (game, seat)
            looked += len(phone.parts.targets)
        movers = [seat for seat in phones if phones[seat].remote.legal()]
        intent = tap_to_a_move(phones[chooser.choice(movers)], chooser)
        events = match.submit(intent)
        for phone in phones.values():
            phone.told(events)
    assert looked > 0
