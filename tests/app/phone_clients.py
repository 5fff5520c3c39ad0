"""Phones for the tests: a table with phone seats in the headless app, its server on the loopback address only,
and clients that speak to it as a phone's browser does (HTTP, then a WebSocket), every wait bounded."""

from __future__ import annotations

import http.client
import json
import socket
import time
from urllib.parse import urlsplit

from websockets.sync.client import ClientConnection, connect

from tabletop.core.controller import MatchController
from tabletop.registry import get_rules

from .driver import Driver


def open_phone_table(app, game: str, kinds, seed: int = 3, options=None, names=None):
    """A table of ``game`` with seats of ``kinds`` (its phones' server on 127.0.0.1); the join screen closed."""
    names = names or ["Ann", "Bo", "Cy", "Di", "Ed"][:len(kinds)]
    match = MatchController(get_rules(game), options, names, seed, seat_kinds=tuple(kinds))
    app.saves.start(match)
    table = app.scenes.open("table", match=match)
    if app.scenes.top.scene_name == "join":
        app.scenes.top.close()
    Driver(app).frames(2)
    return table


def address(table, seat: int) -> str:
    return table.phones.addresses[seat]


def ws_address(table, seat: int) -> str:
    return address(table, seat).replace("http://", "ws://") + "ws"


def origin(table) -> str:
    return table.phones.base


def get(url: str, headers: dict | None = None, timeout: float = 5.0) -> tuple[int, dict, bytes]:
    """An HTTP GET: status, headers, body."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request("GET", parts.path or "/", headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


class Phone:
    """One phone's WebSocket, as its page uses it."""

    def __init__(self, table, seat: int, url: str | None = None, origin_header: str | None = None) -> None:
        self.table = table
        self.seat = seat
        self.socket: ClientConnection = connect(url or ws_address(table, seat),
                                                origin=origin_header or origin(table), open_timeout=5,
                                                close_timeout=1)
        self.page: dict | None = None

    def pump(self, driver: Driver, seconds: float = 3.0, until=None) -> dict | None:
        """Let the app run frames while reading pages, until the newest page satisfies ``until(page)`` (or any
        page arrived) and nothing more is coming, or the time is up."""
        deadline = time.perf_counter() + seconds
        fresh = False
        while time.perf_counter() < deadline:
            driver.frames(1)
            try:
                text = self.socket.recv(timeout=0.03)
            except TimeoutError:
                if fresh and self.page is not None and (until is None or until(self.page)):
                    return self.page
                continue
            page = json.loads(text)
            if page.get("type") == "page":
                self.page, fresh = page, True
        return None

    def closing_code(self, driver: Driver, frames: int = 100) -> int | None:
        """The close code the server sends this phone within ``frames`` frames (None: it stays open)."""
        from websockets.exceptions import ConnectionClosed

        for _ in range(frames):
            driver.frames(1)
            try:
                self.socket.recv(timeout=0.05)
            except TimeoutError:
                continue
            except ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd is not None else None
        return None

    def tap(self, kind: str, index: int = -1, seq: int | None = None) -> None:
        assert self.page is not None
        self.socket.send(json.dumps({"type": "tap", "seq": self.page["seq"] if seq is None else seq,
                                     "kind": kind, "index": index}))

    def close(self) -> None:
        self.socket.close()


def raw_connection(table) -> socket.socket:
    """A bare TCP connection to the phones' server."""
    parts = urlsplit(table.phones.base)
    return socket.create_connection((parts.hostname, parts.port), timeout=5)
