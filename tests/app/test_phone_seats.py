"""Issue 33, phone seats at the table (the headless app, its server on 127.0.0.1): joining by a QR code or a
short address, a phone's taps playing its seat, the big screen never covered for a phone, a lost phone getting
its seat back, Play here, scanning again, a second phone, and a match with phone seats resumed after a restart."""

import pygame
import pytest

from tabletop.app.audience import PHONE
from tabletop.app.screens.join import qr_modules

from .conftest import make_app
from .driver import Driver
from .phone_clients import Phone, address, get, open_phone_table

pytestmark = pytest.mark.timeout(120)


def test_a_match_with_phone_seats_opens_the_join_screen_with_a_code_for_each(app):
    from tabletop.core.controller import MatchController
    from tabletop.registry import get_rules

    match = MatchController(get_rules("wizard-dice"), {}, ["Ann", "Bo", "Cy"], 3,
                            seat_kinds=("phone", "human", "phone"))
    app.saves.start(match)
    table = app.scenes.open("table", match=match)
    join = app.scenes.top
    assert join.scene_name == "join" and join.seat == 0
    url = address(table, 0)
    assert url.startswith("http://127.0.0.1:") and len(url.split("/p/")[1].strip("/")) >= 32   # 192 bits
    rows = qr_modules(url)
    assert len(rows) > 25
    driver = Driver(app)
    phone = Phone(table, 0)
    phone.pump(driver, 3)
    assert join.seat == 2                       # Ann joined: Cy's code is shown next
    status, headers, _ = get(f"http://{table.phones.short_address(2)}")          # Cy types the short address
    assert status == 302 and headers["Location"] == address(table, 2).split(table.phones.base)[1]
    assert get(f"http://{table.phones.short_address(2)}")[0] == 404               # a code is used once
    cy = Phone(table, 2)
    cy.pump(driver, 3)
    assert app.scenes.top is table               # every phone joined: the join screen closed
    phone.close()
    cy.close()


def test_the_phone_page_itself_is_served_with_the_secret_only(app):
    table = open_phone_table(app, "elemental-dice", ("phone", "human"))
    status, headers, body = get(address(table, 0))
    assert status == 200 and b"phone.js" in body and headers["Content-Type"].startswith("text/html")
    assert headers["Cache-Control"] == "no-store" and "default-src 'self'" in headers["Content-Security-Policy"]
    for name in ("phone.js", "phone.css"):
        assert get(address(table, 0) + name)[0] == 200
    assert get(table.phones.base + "/")[0] == 404
    assert get(table.phones.base + "/phone.js")[0] == 404


def test_a_phone_plays_its_seat_and_the_big_screen_is_never_covered_for_it(app, monkeypatch):
    from tabletop.app.audience import Audience

    app.settings.bots = "instant"
    # The minimum wait of a public prompt, shortened (as the browser test does): a phone's answer to a public
    # prompt still waits it, but each such move spun 1.5 s of real-time frames before it was made, and this
    # test checks who may move and what the big screen shows, not how long the wait is.
    monkeypatch.setattr(Audience, "public_answer_wait", 0.05)
    table = open_phone_table(app, "elemental-dice", ("phone", "phone"))
    driver = Driver(app)
    phones = [Phone(table, 0), Phone(table, 1)]
    covers = []
    real_open = app.scenes.open
    app.scenes.open = lambda name, **kw: (covers.append(name) if name == "pass_device" else None,
                                          real_open(name, **kw))[1]
    made = 0
    for _ in range(40):
        if table.match.finished:
            break
        seat = table.match.state.to_act
        phone = phones[seat]
        page = phone.pump(driver, 3, until=lambda p: p["yours"])
        assert page is not None and page["seat"] == table.match.seats[seat]
        before = len(table.match.journal)
        offers = [("button", i) for i, b in enumerate(page["buttons"]) if b["enabled"]] or \
            [("target", i) for i in range(len(page["targets"]))]
        phone.tap(*offers[-1])
        for _ in range(200):
            driver.frames(1)
            if len(table.match.journal) > before:
                break
        made += len(table.match.journal) > before
        assert table.shows is None                      # the big screen shows the public table throughout
    assert made >= 10 and covers == []
    for phone in phones:
        phone.close()


def test_phones_in_wizard_dice_allocate_at_the_same_time(app):
    table = open_phone_table(app, "wizard-dice", ("phone", "phone", "human"))
    driver = Driver(app)
    ann, bo = Phone(table, 0), Phone(table, 1)
    while table.match.state.flow.stage != "secret":       # the upkeep, if any, in public
        table.submit(table.match.legal_intents()[0])
        driver.settle()
    page = bo.pump(driver, 3, until=lambda p: p["yours"])   # Bo is not the seat to act, yet he may roll
    assert table.match.state.to_act == 0 and page is not None
    bo.tap("button", 0)
    for _ in range(100):
        driver.frames(1)
        if table.match.journal and table.match.journal[-1].intent.seat == 1:
            break
    assert table.match.journal[-1].intent.to_str() == "roll seat=1"
    assert table.match.state.to_act == 0                   # Ann is still the seat to act
    ann.close()
    bo.close()


def test_a_lost_phone_gets_its_seat_back_and_play_here_hands_it_to_the_shared_screen(app):
    table = open_phone_table(app, "dice-cards", ("phone", "human"))
    driver = Driver(app)
    phone = Phone(table, 0)
    phone.pump(driver, 3)
    phone.close()                                          # the phone sleeps
    driver.frames(20)
    assert table.waiting_for_phone() == 0
    again = Phone(table, 0)                                # it wakes: the same address, the current page
    page = again.pump(driver, 3)
    assert page is not None and page["yours"] and table.waiting_for_phone() is None
    again.close()
    driver.frames(20)
    old = address(table, 0)
    table.show_codes(0)                                    # scan again: a new address, the old one revoked
    assert address(table, 0) != old and get(old)[0] == 404
    app.scenes.top.close()
    newest = address(table, 0)
    table.play_here(0)                                     # Play Ann here
    assert table.match.seat_kinds == ("human", "human")
    assert table.phones is None                            # no phone seat left: the server has stopped
    with pytest.raises(OSError):
        get(newest, timeout=2)


def test_a_second_phone_for_a_held_seat_is_asked_on_the_big_screen(app):
    table = open_phone_table(app, "elemental-dice", ("phone", "human"))
    driver = Driver(app)
    first = Phone(table, 0)
    first.pump(driver, 3)
    second = Phone(table, 0)
    for _ in range(100):
        driver.frames(1)
        if app.scenes.top.scene_name == "confirm":
            break
    confirm = app.scenes.top
    assert confirm.scene_name == "confirm" and "Another phone wants Ann's seat" in confirm.heading
    keep = next(b for b in confirm.buttons if b.text == "Keep the first phone")
    driver.click(keep.rect.center)
    assert second.closing_code(driver) == 4009                  # the second phone is refused
    assert table.phones.connected(0)                                        # the first one plays on
    first.close()


def test_a_match_with_phone_seats_resumes_after_the_app_is_closed(private_user_dir):
    app = make_app()
    try:
        table = open_phone_table(app, "wizard-dice", ("phone", "human"))
        driver = Driver(app)
        for _ in range(3):
            table.submit(table.match.legal_intents()[0])
            driver.settle()
        moves = len(table.match.journal)
        old = address(table, 0)
        app.scenes.shutdown()                      # the app closes: the server stops
        assert not table.phones or not table.phones.server.running
    finally:
        pygame.quit()
    app = make_app()
    try:
        title = app.scenes.top
        assert title.record is not None and title.record.moves == moves
        Driver(app).click(title.buttons[0].rect.center)
        assert app.scenes.top.scene_name == "join"             # the phones rejoin by scanning
        table = app.scenes.find("table")
        assert table.match.seat_kinds[0] == PHONE and address(table, 0) != old
        app.scenes.shutdown()
    finally:
        pygame.quit()


def test_play_phone_check_fetches_the_phone_page_from_the_apps_own_server(private_user_dir, capsys):
    # What the executable's smoke test runs (tools/exe_smoke.sh): the page's files are read and served.
    from tabletop.cli import main

    assert main(["play", "--phone-check"]) == 0
    assert "PHONE PAGE OK" in capsys.readouterr().out
