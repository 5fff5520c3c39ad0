"""Issue 33, in a real browser: Debian's chromium, headless, at a phone's size (390 x 844), plays whole games through
the phone pages: Wizard Dice with three phone seats and one seat at the shared screen (the phones allocate at the
same time), and Elemental Dice with one phone seat against a bot, both to the results.  The moves are a bot's
choices for each seat; every one of them is made by clicks on the phone page (or, for the shared seat, on the
table), never handed to the rules directly."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from tabletop.app.audience import Audience
from tabletop.app.choosing import route_to
from tabletop.core.rng import derive_seed

from .browser import MISSING, Browser, chromium
from .driver import Driver, click_route
from .phone_clients import address, open_phone_table

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900),
              pytest.mark.skipif(chromium() is None, reason=MISSING)]


def dom(tab) -> dict:
    """What the phone page shows now (its page number, whether it is the seat's move, its buttons)."""
    return tab.eval("""(() => ({
        seq: Number(document.body.dataset.seq || 0), yours: document.body.dataset.yours === "yes",
        targets: document.querySelectorAll('#targets button').length,
        buttons: Array.from(document.querySelectorAll('#buttons button')).map(b => b.disabled ? null : b.textContent),
        menu: document.querySelectorAll('#menu-items button').length,
        seat: document.getElementById('seat').textContent}))()""")


def element_of(phone, move) -> tuple[str, int]:
    """The page element a click of ``move`` is (the page lists what the phone seat offered, in its order)."""
    parts = phone.parts
    if move.kind == "target":
        return "#targets", parts.targets.index(move.target)
    choices = phone.choices()
    slots = [index for index, slot in enumerate(choices.buttons()) if slot is not None and slot.text]
    if move.kind == "button":
        return "#buttons", slots.index(move.index)
    if move.kind == "menu":
        return "#menu-items", move.index
    return "#buttons", len(slots)                         # Back comes after the buttons


def wait_for(driver, test, seconds=10.0, step=None):
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        driver.frames(1)
        if step is not None:
            step()
        if test():
            return True
        time.sleep(0.005)
    return False


class PhonePlayer:
    """One phone seat played in its browser tab, choosing as a bot would and clicking its way there."""

    def __init__(self, table, tab, seat: int, seed: int) -> None:
        self.table = table
        self.tab = tab
        self.seat = seat
        rules = table.match.rules
        self.bot = rules.make_bot("easy", derive_seed(seed, "phone", seat), seat)
        self.intent = None
        self.clicks = 0
        self.moves = 0

    @property
    def phone(self):
        return self.table.phones.seats[self.seat]

    def step(self, driver) -> bool:
        """One click towards this seat's next move, if it has one now and its page is up to date."""
        phone = self.phone
        shown = dom(self.tab)
        current = self.seat not in self.table.phones.dirty and not phone.behind
        if not shown["yours"] or phone.parts is None or shown["seq"] != phone.seq or not current:
            return False                          # its page is not the table as it stands yet
        rules, state = self.table.match.rules, self.table.match.state
        legal = tuple(phone.remote.legal())
        if not legal:
            return False
        if self.intent not in legal:
            self.intent = self.bot.choose(legal, rules.view(state, self.seat))
        view = phone.view
        route = route_to(lambda selection: view.Choices(view.seen(), selection), self.intent, view.selection)
        assert route, f"no clicks on seat {self.seat}'s phone lead to {self.intent.to_str()}"
        section, index = element_of(phone, route[0])
        before, journal = phone.seq, len(self.table.match.journal)
        self.tab.eval(f"document.querySelectorAll('{section} button')[{index}].click()")
        self.clicks += 1
        moved = wait_for(driver, lambda: phone.seq > before and dom(self.tab)["seq"] == phone.seq
                         or len(self.table.match.journal) > journal, 10)
        assert moved, f"seat {self.seat}'s click on {section} {index} changed nothing"
        if len(route) == 1:
            wait_for(driver, lambda: len(self.table.match.journal) > journal, 10)
            self.moves += 1
            self.intent = None
        return True


def play_shared_seat(driver, table, bots) -> bool:
    """The shared screen's seat makes its bot's move by clicks on the table (after the cover, if any)."""
    if driver.app.scenes.top.scene_name == "pass_device":
        driver.through_cover()
    legal = tuple(table.legal())
    if not legal or table.view.busy:
        return False
    seat = legal[0].seat
    intent = bots[seat].choose(tuple(table.match.rules.legal_for(table.match.state, seat)),
                               table.match.rules.view(table.match.state, seat))
    if intent not in legal:
        intent = legal[0]
    click_route(driver, intent)
    driver.settle()
    return True


def play_through_phones(app, table, browser, seed, limit_seconds=600, shot=None):
    driver = Driver(app)
    tabs = {seat: browser.open(address(table, seat)) for seat in table.phones.seats}
    players = {seat: PhonePlayer(table, tab, seat, seed) for seat, tab in tabs.items()}
    shared_bots = {seat: table.match.rules.make_bot("easy", derive_seed(seed, "shared", seat), seat)
                   for seat in table.audience.humans}
    covers: list[str] = []
    real_open = app.scenes.open

    def opened(name, **arguments):
        if name == "pass_device":
            covers.append(arguments["player"])
        return real_open(name, **arguments)

    app.scenes.open = opened
    assert wait_for(driver, lambda: all(table.phones.connected(seat) for seat in tabs), 20), "a phone did not join"
    if app.scenes.top.scene_name == "join":
        app.scenes.top.close()
    deadline = time.perf_counter() + limit_seconds
    together = 0
    chooser = random.Random(seed)
    while not table.match.finished and time.perf_counter() < deadline:
        driver.frames(1)
        yours = [seat for seat, tab in tabs.items() if dom(tab)["yours"]]
        together = max(together, len(yours))
        did = False
        for seat in chooser.sample(list(players), len(players)):
            did = players[seat].step(driver) or did
        if not did and not play_shared_seat(driver, table, shared_bots):
            driver.frames(2)
            time.sleep(0.01)
        if shot is not None and len(table.match.journal) > 12 and not shot.exists():
            tabs[min(tabs)].screenshot(shot)
    assert table.match.finished, f"the game did not end in {limit_seconds} s ({len(table.match.journal)} moves)"
    assert wait_for(driver, lambda: app.scenes.top.scene_name == "results", 20), "no results screen"
    for tab in tabs.values():
        tab.close()
    return players, covers, together


@pytest.fixture
def browser():
    opened = Browser()
    yield opened
    opened.close()


def test_wizard_dice_with_three_phones_and_one_shared_seat_plays_to_the_results(app, browser, tmp_path):
    app.settings.bots = "instant"
    app.settings.reveal = "play"
    table = open_phone_table(app, "wizard-dice", ("phone", "phone", "phone", "human"), seed=5,
                             options={"hp": "10", "round_limit": "5"})
    shot = Path(tmp_path) / "wizard_phone.png"
    players, covers, together = play_through_phones(app, table, browser, 5, shot=shot)
    match = table.match
    assert all(player.moves > 0 for player in players.values())
    assert set(covers) <= {"Di"}                             # the cover only ever names the shared seat
    # The phones allocated at the same time: pages offered moves to several at once, and moves were made by a
    # phone that was not the seat to act.
    out_of_turn = sum(1 for before, entry in zip(match.states, match.journal)
                      if entry.intent.seat != before.to_act and entry.intent.seat in players)
    assert together >= 2 and out_of_turn > 0
    assert shot.exists() and shot.stat().st_size > 10_000


def test_elemental_dice_with_one_phone_seat_plays_to_the_results(app, browser, monkeypatch):
    app.settings.bots = "instant"
    monkeypatch.setattr(Audience, "public_answer_wait", 0.05)    # the minimum wait of a public prompt, shortened
    table = open_phone_table(app, "elemental-dice", ("phone", "strong"), seed=7)
    players, covers, _ = play_through_phones(app, table, browser, 7)
    assert players[0].moves > 10 and covers == []
