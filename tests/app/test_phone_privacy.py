"""Issue 33: no byte sent to a phone names another seat's secret.  Over seeded playouts of Elemental Dice, Wizard
Dice (5 wizards, and 2 against 2) and Dice Cards with every seat on a phone, each phone's pages (its words, what
glows, its buttons and menu, its log) are checked after every move, the picture is drawn from exactly that seat's
view, and the check fails on a phone seat that shows what is not its own."""

import json
import random
import re
from dataclasses import replace

import pytest

from tabletop.app.audience import Audience
from tabletop.app.phones.protocol import Tap
from tabletop.app.phones.remote import PhoneSeat, RemoteTable
from tabletop.core.controller import MatchController
from tabletop.core.values import to_plain
from tabletop.registry import get_rules

from ..privacy_checks import check_seen

CASES = [("elemental-dice", 2, {}), ("wizard-dice", 5, {}), ("wizard-dice", 4, {"teams": "2 against 2"}),
         ("dice-cards", 2, {})]
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


class PhoneLeak(AssertionError):
    """A phone was sent another seat's secret."""


def page_words(page: dict) -> str:
    """The words of a page but its log and its picture (the log is the privacy check's, the picture the view's)."""
    shown = {key: value for key, value in page.items() if key not in ("log", "picture")}
    return json.dumps(shown)


def play(app, game, players, options, seed, phone_class=PhoneSeat, moves=60):
    rules = get_rules(game)
    kinds = ("phone",) * players
    match = MatchController(rules, options, NAMES[:players], seed, seat_kinds=kinds)
    audience = Audience(rules, kinds)
    phones = {seat: phone_class(app, match, audience, seat) for seat in range(players)}
    chooser = random.Random(seed)
    ever: dict[int, set[str]] = {seat: set() for seat in phones}
    for _ in range(moves):
        if match.finished:
            break
        state = match.state
        for seat, phone in phones.items():
            check_phone(rules, state, phone, seat, players, ever[seat])
        # A phone that may move taps its way to a move, as its player would (or a random legal move is made).
        movers = [seat for seat in phones if audience.may_send(phone_screen(seat), state)]
        seat = chooser.choice(movers)
        intent = tap_to_a_move(phones[seat], chooser)
        before = match.state
        events = match.submit(intent)
        for phone in phones.values():
            phone.told(events)
        check_seen(rules, match.state, events, list(phones), before)


def phone_screen(seat):
    from tabletop.app.audience import phone_screen as screen

    return screen(seat)


def tap_to_a_move(phone, chooser, limit=40):
    """Tap what the page offers until a move is sent (targets and buttons at random)."""
    for _ in range(limit):
        page = phone.page(picture=False)
        offers = [("target", i) for i in range(len(page["targets"]))]
        offers += [("button", i) for i, b in enumerate(page["buttons"]) if b["enabled"]]
        if page["menu"]:
            offers += [("menu", i) for i, item in enumerate(page["menu"]["items"]) if item["enabled"]]
        if not offers:
            break
        kind, index = chooser.choice(offers)
        intent = phone.tap(Tap(page["seq"], kind, index))
        if intent is not None:
            return intent
    return chooser.choice(list(phone.remote.legal()))


def check_phone(rules, state, phone, seat, players, ever):
    """The phone's picture is drawn from its seat's view, and its page names no secret of another seat that the
    seat could not see (on this page or an earlier one)."""
    if to_plain(phone.view.state) != to_plain(rules.view(state, seat)):
        raise PhoneLeak(f"seat {seat}'s phone draws another view than its seat's")
    page = phone.page(picture=False)
    text = page_words(page)
    own = set(rules.secrets(state, seat))
    forbidden = {word for other in (*range(players), None) if other != seat
                 for word in rules.secrets(state, other)} - own
    view_text = json.dumps(to_plain(rules.view(state, seat)))
    words = {w for w in forbidden if re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", text)}
    leaked = {w for w in words if w not in ever and not re.search(
        r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", view_text)}
    if leaked:
        raise PhoneLeak(f"seat {seat}'s phone page names {sorted(leaked)[0]!r}: {text[:300]}")
    ever.update(re.findall(r"[\w-]+", view_text))
    if page["log"] != phone.log.lines[-len(page["log"]):] if page["log"] else False:
        raise PhoneLeak("the page's log is not its seat's log")


@pytest.mark.parametrize("game, players, options", CASES, ids=[f"{g}-{p}" + ("-teams" if o else "")
                                                               for g, p, o in CASES])
def test_no_byte_sent_to_a_phone_names_another_seats_secret(app, game, players, options):
    for seed in (1, 2):
        play(app, game, players, options, seed)


class ShowsTheNextSeat(RemoteTable):
    """Leaks: the phone's view is the next seat's (the screen the phone's view reads)."""

    def screen(self):
        seen = super().screen()
        return replace(seen, state=self.match.rules.view(self.match.state, (self.seat + 1) % len(self.match.seats)))


class LeakyPhoneSeat(PhoneSeat):
    def __init__(self, app, match, audience, seat):
        super().__init__(app, match, audience, seat)
        self.remote.__class__ = ShowsTheNextSeat


@pytest.mark.parametrize("game, players", [("elemental-dice", 2), ("wizard-dice", 3), ("dice-cards", 2)])
def test_the_check_fails_on_a_phone_that_shows_another_seat(app, game, players):
    with pytest.raises(PhoneLeak):
        play(app, game, players, {}, 1, phone_class=LeakyPhoneSeat)
