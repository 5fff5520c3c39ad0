"""Issue 33 item 5: hostile clients are refused and the table plays on, nothing lost.  Every client here talks to
the phones' server on 127.0.0.1; every loop is bounded in count and time."""

import json
import time

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from .driver import Driver
from .phone_clients import Phone, address, get, open_phone_table, origin, raw_connection, ws_address

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def table(app):
    table = open_phone_table(app, "elemental-dice", ("phone", "phone"))
    yield table
    app.scenes.shutdown()


def journal(table):
    return [entry.intent.to_str() for entry in table.match.journal]


def a_move_still_works(table, seat=None):
    """The table plays on: the seat to act's phone makes a move."""
    driver = Driver(table.app)
    seat = table.match.state.to_act if seat is None else seat
    phone = Phone(table, seat)
    try:
        page = phone.pump(driver, 4, until=lambda p: p["yours"])
        assert page is not None
        before = len(table.match.journal)
        phone.tap("button", next(i for i, b in enumerate(page["buttons"]) if b["enabled"]))
        deadline = time.perf_counter() + 6        # a public prompt of a game with secrets waits 1.5 s at least
        while time.perf_counter() < deadline:
            driver.frames(1)
            time.sleep(0.005)
            if len(table.match.journal) > before:
                return
        raise AssertionError("the move from the phone was not made")
    finally:
        phone.close()


def test_a_wrong_secret_gets_nothing(table):
    wrong = "A" * 32
    assert get(f"{table.phones.base}/p/{wrong}/")[0] == 404
    assert get(f"{table.phones.base}/p/{wrong}/phone.js")[0] == 404
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://{table.phones.base.removeprefix('http://')}/p/{wrong}/ws", origin=origin(table),
                open_timeout=5)
    assert refused.value.response.status_code == 404
    a_move_still_works(table)


def test_a_revoked_address_is_let_go_and_refused(table):
    driver = Driver(table.app)
    phone = Phone(table, 0)
    phone.pump(driver, 3)
    old_ws, old_page = ws_address(table, 0), address(table, 0)
    table.phones.rekey(0)
    assert phone.closing_code(driver) == 4001
    assert get(old_page)[0] == 404
    with pytest.raises(InvalidStatus):
        connect(old_ws, origin=origin(table), open_timeout=5)
    a_move_still_works(table)


@pytest.mark.parametrize("message, notice", [
    (json.dumps({"type": "play", "intent": "end seat=0"}), "A phone sends taps only."),
    (json.dumps({"type": "tap", "seq": 1, "kind": "intent", "index": 0, "intent": "end seat=0"}),
     "The tap holds more than a tap."),
    ("{not json at all", "The message is not a tap."),
    ("[" * 500, "The message is not a tap."),
    (json.dumps({"type": "tap", "seq": 1, "kind": "button", "index": 9999}), ""),
])
def test_a_forged_or_malformed_message_is_refused_with_a_reason_and_changes_nothing(table, message, notice):
    driver = Driver(table.app)
    phone = Phone(table, 0)
    phone.pump(driver, 3)
    before = journal(table)
    phone.socket.send(message)
    page = phone.pump(driver, 3, until=lambda p: bool(p["notice"]))
    assert page is not None and page["notice"]
    if notice:
        assert page["notice"] == notice
    assert journal(table) == before
    phone.close()
    a_move_still_works(table)


def test_a_phone_cannot_send_another_seats_move(table):
    driver = Driver(table.app)
    to_act = table.match.state.to_act
    other = Phone(table, 1 - to_act)
    page = other.pump(driver, 3)
    assert page is not None and not page["yours"] and page["buttons"] == [] and page["targets"] == []
    before = journal(table)
    for kind in ("button", "target", "menu"):
        other.tap(kind, 0)
    other.tap("button", 0, seq=page["seq"] - 1)          # an old page
    other.pump(driver, 2, until=lambda p: bool(p["notice"]))
    assert journal(table) == before
    other.close()
    a_move_still_works(table)


def test_a_megabyte_message_closes_that_connection_only(table):
    driver = Driver(table.app)
    phone = Phone(table, 0)
    phone.pump(driver, 3)
    before = journal(table)
    phone.socket.send("x" * 1_000_000)
    assert phone.closing_code(driver) == 1009                         # message too big
    assert journal(table) == before
    a_move_still_works(table)


def test_five_hundred_connections_at_once_leave_the_table_playable(table):
    sockets = []
    try:
        for _ in range(500):
            sockets.append(raw_connection(table))
        started = time.perf_counter()
        a_move_still_works(table)
        assert time.perf_counter() - started < 30
    finally:
        for sock in sockets:
            sock.close()


def test_a_client_sending_one_byte_a_second_is_let_go(table):
    sock = raw_connection(table)
    request = f"GET /p/{address(table, 0).split('/p/')[1]}ws HTTP/1.1\r\n".encode()
    started = time.perf_counter()
    dropped = False
    sock.settimeout(1.0)
    for byte in request[:15]:
        try:
            sock.send(bytes([byte]))
            if sock.recv(1) == b"":
                dropped = True
                break
        except TimeoutError:
            continue
        except OSError:
            dropped = True
            break
    sock.close()
    assert dropped and time.perf_counter() - started < 14          # the server's 5 s to open a connection
    a_move_still_works(table)


@pytest.mark.parametrize("tail", ["../../../../etc/passwd", "%2e%2e/%2e%2e/%2e%2e/etc/passwd", "..%2f..%2fsettings.json",
                                  "index.html", "data/phone/phone.js", "phone.js/../../", "ws/../phone.js"])
def test_no_file_outside_the_page_is_served(table, tail):
    assert get(address(table, 0) + tail)[0] == 404


def test_a_websocket_from_a_foreign_origin_is_refused(table):
    for foreign in ("http://evil.example", "null", ""):
        with pytest.raises(InvalidStatus) as refused:
            connect(ws_address(table, 0), origin=foreign or None, open_timeout=5)
        assert refused.value.response.status_code == 403
    a_move_still_works(table)
