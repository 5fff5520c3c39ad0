"""The local web server of a match's phone seats: a thread of its own, talking to the frame loop through queues.

It serves the phone page (three files of ``data/phone/``, read once through the careful reader and kept in
memory: no path from a request ever reaches the file system) and one WebSocket per phone.  Everything a phone
asks for carries its seat's secret (``secrets.token_urlsafe``, 192 bits) in the path: ``/p/<secret>/`` (the
page, its script and style) and ``/p/<secret>/ws`` (the WebSocket).  Anything else is a bare 404, a WebSocket from
another origin than the page's own a 403.  A short pairing code (``/j/<code>``, shown only while that seat's join
screen is up, used once, replaced after a few wrong tries) sends a phone whose owner typed it to its seat's page.

Threads: the frame loop calls :meth:`PhoneServer.start`, :meth:`~PhoneServer.stop`, :meth:`~PhoneServer.key`,
:meth:`~PhoneServer.pair`, :meth:`~PhoneServer.send`, :meth:`~PhoneServer.answer` and reads
:meth:`~PhoneServer.events`; none of them waits on the network.  The server's own thread runs an asyncio loop:
one task per connection, a bounded inbox, and for each phone only the newest page waiting to be sent (a slow
phone never holds up another, nor the table).  Limits: messages of at most 1 KB, 32 connections at a time, 5 s to
open one, keep-alive pings, 60 s for the big screen to answer whether a second phone may take a seat.
"""

from __future__ import annotations

import asyncio
import http
import queue
import re
import secrets
import threading
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from .protocol import MESSAGE_LIMIT

__all__ = ["PhoneServer", "PhoneEvent", "PAGE_FILES", "PAIRING_ALPHABET"]

#: The phone page's files (name in the URL -> file under data/phone/ and its type).
PAGE_FILES = {"": ("index.html", "text/html; charset=utf-8"), "phone.js": ("phone.js", "text/javascript; charset=utf-8"),
              "phone.css": ("phone.css", "text/css; charset=utf-8")}
#: Letters of a pairing code: no 0/O, 1/I/L, easy to type on a phone.
PAIRING_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
#: Wrong pairing codes tried before the code on the join screen is replaced.
PAIRING_TRIES = 5
MAX_CONNECTIONS = 32
INBOX_LIMIT = 256
SECOND_PHONE_WAIT = 60.0
_PATH = re.compile(r"/p/([A-Za-z0-9_-]{32})/(|phone\.js|phone\.css|ws)")
_PAIRING = re.compile(r"/j/([A-Za-z0-9]{1,12})/?")


@dataclass(frozen=True)
class PhoneEvent:
    """What happened on the network, for the frame loop: ``"joined"``, ``"left"``, ``"tap"`` (``text`` is the
    message), ``"second"`` (another phone asks for a seat already held: answer ``ticket``), ``"refused"``."""

    kind: str
    seat: int
    text: str = ""
    ticket: int = 0


class _Phone:
    """One seat's connection as the server's loop keeps it: the socket, the newest page to send, a wake-up."""

    def __init__(self, connection: ServerConnection) -> None:
        self.connection = connection
        self.page: str | None = None
        self.wake = asyncio.Event()


class PhoneServer:
    """A match's phone server (see the module docstring).  ``pages``: the phone page's files by URL name."""

    def __init__(self, pages: dict[str, bytes], host: str = "0.0.0.0", port: int = 0,
                 wake: Any = None) -> None:
        self.pages = dict(pages)
        self.wake = wake                  # called (from the server's thread) when something came in
        self.host = host
        self.port = port
        self.events_queue: queue.Queue[PhoneEvent] = queue.Queue(maxsize=INBOX_LIMIT)
        self._keys: dict[int, str] = {}           # seat -> secret (the frame loop writes, the loop reads)
        self._pairing: tuple[str, int] | None = None
        self._wrong = 0
        self._lock = threading.Lock()
        self._phones: dict[int, _Phone] = {}       # the loop's own
        self._latest: dict[int, str] = {}          # seat -> newest page, also for a phone still to join
        self._tickets: dict[int, asyncio.Future] = {}
        self._next_ticket = 1
        self._open = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()
        self._problem = ""

    # ---------------------------------------------------------------- from the frame loop
    def start(self, timeout: float = 5.0) -> tuple[str, int]:
        """Start listening (in a thread); the address and port it listens on.  OSError if it cannot."""
        self._thread = threading.Thread(target=self._run, name="phone-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout) or self._problem:
            raise OSError(self._problem or "the phone server did not start")
        return self.host, self.port

    def stop(self, timeout: float = 5.0) -> None:
        """Close every connection and stop listening."""
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stopping.set)
        if self._thread is not None:
            self._thread.join(timeout)
        self._thread = None

    @property
    def running(self) -> bool:
        """Whether the server listens now."""
        return self._thread is not None and self._thread.is_alive()

    def key(self, seat: int) -> str:
        """A new secret for ``seat`` (a new address: the old one is revoked and its phone let go)."""
        secret = secrets.token_urlsafe(24)
        with self._lock:
            self._keys[seat] = secret
        self._call(self._drop, seat, "This address was replaced by a new one: scan the new code.")
        return secret

    def forget(self, seat: int) -> None:
        """``seat`` has no address any more (it is played at the shared screen now)."""
        with self._lock:
            self._keys.pop(seat, None)
            if self._pairing is not None and self._pairing[1] == seat:
                self._pairing = None
        self._call(self._drop, seat, "This seat is played at the table now.")

    def pair(self, seat: int | None) -> str:
        """A pairing code for ``seat`` while its join screen is up (None: the join screen closed: no code)."""
        code = "".join(secrets.choice(PAIRING_ALPHABET) for _ in range(6)) if seat is not None else ""
        with self._lock:
            self._pairing = (code, seat) if seat is not None else None
            self._wrong = 0
        return code

    def send(self, seat: int, page: str) -> None:
        """Send ``page`` to ``seat``'s phone (only the newest waits: a phone that is slow gets the latest)."""
        self._call(self._queue_page, seat, page)

    def answer(self, ticket: int, allow: bool) -> None:
        """The big screen's answer to a second phone asking for a seat already held."""
        self._call(self._resolve, ticket, allow)

    def events(self) -> list[PhoneEvent]:
        """Everything that happened since the last call (never waits)."""
        found = []
        while True:
            try:
                found.append(self.events_queue.get_nowait())
            except queue.Empty:
                return found

    def connected(self) -> frozenset[int]:
        """The seats whose phone is connected now."""
        return frozenset(self._phones)

    # ---------------------------------------------------------------- the server's thread
    def _call(self, function: Any, *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(function, *args)
            except RuntimeError:
                pass                       # the loop closed in between: nothing left to tell

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except OSError as exc:
            self._problem = str(exc)
            self._ready.set()
        finally:
            loop.close()

    async def _serve(self) -> None:
        self._stopping = asyncio.Event()
        async with serve(self._handle, self.host, self.port, process_request=self._request, max_size=MESSAGE_LIMIT,
                         max_queue=4, open_timeout=5, ping_interval=10, ping_timeout=20, close_timeout=2,
                         compression=None, server_header=None) as server:
            sockets = list(server.sockets)
            self.port = sockets[0].getsockname()[1] if sockets else self.port
            self._ready.set()
            await self._stopping.wait()
            for phone in list(self._phones.values()):
                await phone.connection.close(1001, "The match is over.")

    def _emit(self, event: PhoneEvent) -> None:
        try:
            self.events_queue.put_nowait(event)
        except queue.Full:
            return                       # the frame loop is far behind: a flood is dropped, never waited on
        if self.wake is not None:
            self.wake()

    def _seat_of(self, secret: str) -> int | None:
        with self._lock:
            keys = dict(self._keys)
        found = None
        for seat, key in keys.items():
            if secrets.compare_digest(key.encode(), secret.encode()):
                found = seat
        return found

    def _request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Every request: the page's files and the WebSocket for a valid secret, a pairing code's redirect."""
        path = request.path.split("?", 1)[0]
        if self._open >= MAX_CONNECTIONS:
            return _response(http.HTTPStatus.SERVICE_UNAVAILABLE, b"")
        pairing = _PAIRING.fullmatch(path)
        if pairing is not None:
            return self._paired(pairing.group(1).upper())
        found = _PATH.fullmatch(path)
        seat = self._seat_of(found.group(1)) if found is not None else None
        if found is None or seat is None:
            return _response(http.HTTPStatus.NOT_FOUND, b"")
        name = found.group(2)
        if name != "ws":
            if request.headers.get("Upgrade"):
                return _response(http.HTTPStatus.NOT_FOUND, b"")
            file, kind = PAGE_FILES[name]
            return _response(http.HTTPStatus.OK, self.pages[name], kind)
        host = request.headers.get("Host", "")
        origin = request.headers.get("Origin", "")
        if not host or origin != f"http://{host}":
            return _response(http.HTTPStatus.FORBIDDEN, b"")
        return None                                  # the WebSocket handshake goes on

    def _paired(self, code: str) -> Response:
        with self._lock:
            pairing = self._pairing
            if pairing is None or not secrets.compare_digest(pairing[0].encode(), code.encode()):
                self._wrong += 1
                if pairing is not None and self._wrong >= PAIRING_TRIES:
                    self._pairing = None     # too many wrong tries: the join screen shows a new code
                    self._emit(PhoneEvent("refused", pairing[1], "pairing"))
                return _response(http.HTTPStatus.NOT_FOUND, b"")
            seat = pairing[1]
            self._pairing = None               # used once
            secret = self._keys.get(seat)
        if secret is None:
            return _response(http.HTTPStatus.NOT_FOUND, b"")
        response = _response(http.HTTPStatus.FOUND, b"")
        response.headers["Location"] = f"/p/{secret}/"
        return response

    async def _handle(self, connection: ServerConnection) -> None:
        """One phone's WebSocket, from its handshake to its close."""
        found = _PATH.fullmatch(connection.request.path.split("?", 1)[0]) if connection.request else None
        secret = found.group(1) if found is not None else ""
        seat = self._seat_of(secret) if secret else None
        if seat is None:
            await connection.close(4003, "Not a seat of this match.")
            return
        self._open += 1
        try:
            held = self._phones.get(seat)
            if held is not None:
                if not await self._second_phone(seat):
                    await connection.close(4009, "Another phone holds this seat.")
                    return
                if seat in self._phones:
                    await self._phones[seat].connection.close(4008, "Another phone took this seat.")
            phone = self._phones[seat] = _Phone(connection)
            if seat in self._latest:
                phone.page = self._latest[seat]
                phone.wake.set()
            self._emit(PhoneEvent("joined", seat))
            sender = asyncio.create_task(self._send_pages(phone))
            try:
                async for message in connection:
                    if self._seat_of(secret) != seat:            # revoked meanwhile
                        break
                    text = message if isinstance(message, str) else message.decode("utf-8", "replace")
                    self._emit(PhoneEvent("tap", seat, text[:MESSAGE_LIMIT]))
            except ConnectionClosed:
                pass
            finally:
                sender.cancel()
                if self._phones.get(seat) is phone:
                    del self._phones[seat]
                    self._emit(PhoneEvent("left", seat))
        finally:
            self._open -= 1

    async def _second_phone(self, seat: int) -> bool:
        """Ask the big screen whether a second phone may take ``seat`` (no answer in time: no)."""
        ticket = self._next_ticket
        self._next_ticket += 1
        future = asyncio.get_running_loop().create_future()
        self._tickets[ticket] = future
        self._emit(PhoneEvent("second", seat, ticket=ticket))
        try:
            return bool(await asyncio.wait_for(future, SECOND_PHONE_WAIT))
        except asyncio.TimeoutError:
            return False
        finally:
            self._tickets.pop(ticket, None)

    def _resolve(self, ticket: int, allow: bool) -> None:
        future = self._tickets.get(ticket)
        if future is not None and not future.done():
            future.set_result(allow)

    async def _send_pages(self, phone: _Phone) -> None:
        while True:
            await phone.wake.wait()
            phone.wake.clear()
            page, phone.page = phone.page, None
            if page is not None:
                await phone.connection.send(page)

    def _queue_page(self, seat: int, page: str) -> None:
        self._latest[seat] = page
        phone = self._phones.get(seat)
        if phone is not None:
            phone.page = page
            phone.wake.set()

    def _drop(self, seat: int, reason: str) -> None:
        phone = self._phones.get(seat)
        self._latest.pop(seat, None)
        if phone is not None:
            asyncio.ensure_future(phone.connection.close(4001, reason))


def _response(status: http.HTTPStatus, body: bytes, kind: str = "text/plain; charset=utf-8") -> Response:
    headers = Headers([("Content-Type", kind), ("Content-Length", str(len(body))), ("Cache-Control", "no-store"),
                       ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
                       ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; "
                                                   "connect-src 'self'; frame-ancestors 'none'")])
    return Response(status.value, status.phrase, headers, body)
