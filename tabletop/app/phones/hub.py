"""The phones of one table: the server, one :class:`~tabletop.app.phones.remote.PhoneSeat` per phone seat, their
addresses, and the moves that come in from them.

The table scene owns a :class:`PhoneHub` while its match has phone seats; the app calls :meth:`PhoneHub.tick`
every frame (whichever scene is on top: a phone is played while a cover or a menu is up).  A tap becomes a move
only through the phone seat's choices; the hub holds it until the big screen is free to show it (its animations
done, and in a game with secrets the public prompt shown its minimum time), then the table applies it as it
applies a click.  Pages go out after every change, the tapping phone's first, at most one drawn per frame.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from typing import TYPE_CHECKING, Any, Callable

from tabletop.core.files import DATA_FILE, FileRefused, read_bytes
from tabletop.core.values import Value
from tabletop.paths import data_path

from ..audience import Audience, phone_screen
from .protocol import TapRefused, parse_tap
from .remote import PhoneSeat, encode_picture
from .server import PAGE_FILES, PhoneEvent, PhoneServer

if TYPE_CHECKING:
    from tabletop.core.controller import MatchController

    from ..services import AppServices

__all__ = ["PhoneHub", "phone_pages", "lan_address"]

#: The least time between two pages of one phone (the phone that tapped gets its page at once): a table of five
#: phones playing at once would otherwise draw a picture every frame.
PAGE_INTERVAL = 0.15
#: The same for a phone whose seat has nothing to do now: it only watches, so its picture may follow the table a
#: little later (five watching phones would otherwise draw a picture after nearly every move).
WATCHING_PAGE_INTERVAL = 0.5
#: Where the server listens: every interface of this computer (the phones are on the local network); tests and
#: the benchmark set TABLETOP_PHONE_HOST=127.0.0.1.
DEFAULT_HOST = "0.0.0.0"


def wake_the_loop() -> None:
    """Wake the frame loop from the server's thread (SDL's event queue takes events from any thread)."""
    import pygame

    try:
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"phones": True}))
    except pygame.error:
        pass                             # no display (a closing app): the next frame looks anyway


def phone_pages() -> dict[str, bytes]:
    """The phone page's files, read once through the careful reader (FileRefused if one cannot be read)."""
    return {name: read_bytes(data_path("phone", file), DATA_FILE) for name, (file, _) in PAGE_FILES.items()}


def lan_address(host: str) -> str:
    """The address phones on the local network reach this computer at (the loopback when it listens only there,
    or when it has no network)."""
    if host not in ("0.0.0.0", ""):
        return host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))        # no packet is sent: it only picks the outgoing interface
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class PictureEncoder:
    """A thread that turns a page's drawn table into its picture and sends the page (the newest page of each seat
    only: a phone a move behind gets the latest), so the frame loop only draws."""

    def __init__(self, server: PhoneServer) -> None:
        self.server = server
        self._due: dict[int, tuple[dict, Any, Any]] = {}
        self._ready = threading.Condition()
        self._stopping = False
        self._thread: threading.Thread | None = None

    def submit(self, seat: int, page: dict, surface: Any, done: Any = None) -> None:
        """Encode ``surface`` into ``page``'s picture and send the page (``done(picture)`` then, if given)."""
        with self._ready:
            self._due[seat] = (page, surface, done)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="phone-pictures", daemon=True)
                self._thread.start()
            self._ready.notify()

    def stop(self) -> None:
        with self._ready:
            self._stopping = True
            self._ready.notify()
        if self._thread is not None:
            self._thread.join(5)

    def _run(self) -> None:
        _yield_to_the_frame_loop()
        while True:
            with self._ready:
                while not self._due and not self._stopping:
                    self._ready.wait()
                if self._stopping:
                    return
                seat, (page, surface, done) = self._due.popitem()
            page["picture"] = encode_picture(surface)
            self.server.send(seat, _json(page))
            if done is not None:
                done(page["picture"])


def _yield_to_the_frame_loop() -> None:
    """Lower this thread's priority (Linux and the BSDs: a thread's own id), so that where the cores are busy the
    frame loop's next frame is drawn first and a picture waits: a phone's page a few ms later is not seen, a
    big screen's late frame is.  Where the platform cannot, nothing changes."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    except (AttributeError, OSError):
        pass


class PhoneHub:
    """The phones of one table (see the module docstring).

    ``apply(seat, intent)`` is the table's way to make a phone's move (True if it was made); ``ready()`` whether
    the big screen may show one now; ``ask(seat, allow)`` asks the big screen whether a second phone may take
    ``seat`` (``allow(bool)`` answers)."""

    def __init__(self, app: "AppServices", match: "MatchController", audience: Audience,
                 apply: Callable[[int, Value], bool], ready: Callable[[], bool],
                 ask: Callable[[int, Callable[[bool], None]], None]) -> None:
        self.app = app
        self.match = match
        self.audience = audience
        self.apply = apply
        self.ready = ready
        self.ask = ask
        self.host = os.environ.get("TABLETOP_PHONE_HOST") or DEFAULT_HOST
        self.server = PhoneServer({}, self.host, wake=wake_the_loop)     # its pages are read by start()
        self.encoder = PictureEncoder(self.server)
        self.seats = {seat: PhoneSeat(app, match, audience, seat) for seat in audience.phones}
        self.addresses: dict[int, str] = {}
        self.codes: dict[int, str] = {}
        self.base = ""
        self.pending: list[tuple[int, Value, int]] = []        # (seat, intent, the page it was tapped on)
        self.dirty: list[int] = []                              # seats whose page is to be sent, first first
        self.problem = ""
        # Each phone's move that reached the table: its seat, the page it was tapped on, when it was made (for
        # ``bench --phones``; the last 500).
        self.moves_made: list[tuple[int, int, float]] = []
        self._tapped: int | None = None                         # the phone that tapped last: its page first
        self._sent_at: dict[int, float] = {}
        self._pictures: dict[int, tuple[Any, str]] = {}          # each seat's last picture, with what it shows
        self._frames_since_drawn = 0
        self._moved = False                    # a move was made in this frame: no picture drawn after it
        self._shown_since = (None, 0.0)                         # the position the big screen shows, since when

    # ---------------------------------------------------------------- the server
    def start(self) -> bool:
        """Listen for the phones; False (and ``problem`` says why) if the server cannot start."""
        try:
            # Read here, not when the hub is made: a page file that cannot be read is said, it stops no match.
            self.server.pages = phone_pages()
            host, port = self.server.start()
        except (OSError, FileRefused) as exc:
            self.problem = f"The phones cannot join: {exc}"
            return False
        self.base = f"http://{lan_address(host)}:{port}"
        for seat in self.seats:
            self.rekey(seat)
        return True

    def stop(self) -> None:
        """Stop listening and let every phone go."""
        self.encoder.stop()
        self.server.stop()

    def rekey(self, seat: int) -> str:
        """A new address for ``seat`` (scanning again): the old one is revoked."""
        secret = self.server.key(seat)
        self.addresses[seat] = f"{self.base}/p/{secret}/"
        self.dirty.append(seat)
        return self.addresses[seat]

    def pairing(self, seat: int | None) -> str:
        """The short code to type for ``seat`` while its join screen is up (None: no join screen)."""
        code = self.server.pair(seat)
        if seat is not None:
            self.codes[seat] = code
        return code

    def short_address(self, seat: int) -> str:
        """``192.168.1.23:51234/j/K7P2QX``: what to type when scanning is not possible."""
        code = self.codes.get(seat) or self.pairing(seat)
        return f"{self.base.removeprefix('http://')}/j/{code}"

    def connected(self, seat: int) -> bool:
        """Whether ``seat``'s phone is connected now."""
        return seat in self.server.connected()

    def forget(self, seat: int) -> None:
        """``seat`` is played at the shared screen now."""
        self.server.forget(seat)
        self.seats.pop(seat, None)

    def reseat(self, audience: Audience) -> None:
        """The kinds of seat changed."""
        self.audience = audience
        for seat in list(self.seats):
            if seat not in audience.phones:
                self.forget(seat)
        for seat in audience.phones:
            if seat not in self.seats:
                self.seats[seat] = PhoneSeat(self.app, self.match, audience, seat)
                if self.base:
                    self.rekey(seat)
        for phone in self.seats.values():
            phone.reseat(audience)
        self.dirty = list(self.seats)

    # ---------------------------------------------------------------- every frame
    def tick(self) -> bool:
        """Take in what the phones sent, make the moves that may be made now (before the frame is drawn, so the
        big screen shows them at once); whether there is more to do at once."""
        for event in self.server.events():
            self._take(event)
        self._moved = self._apply_pending() or self._moved
        return bool(self.pending or self.dirty)

    def send_due(self) -> bool:
        """Once the frame is shown: the page of the first phone due.  At most one phone's picture is drawn in a
        frame, never in the frame that made a move, and not in two frames in a row, so it fits in the frame's
        spare time; whether there is more to do at once."""
        moved, self._moved = self._moved, False
        self._frames_since_drawn += 1
        if not moved and self._frames_since_drawn >= 2:
            self._send_one()
        return bool(self.pending or self.dirty)

    def _take(self, event: PhoneEvent) -> None:
        phone = self.seats.get(event.seat)
        if phone is None:
            return
        if event.kind == "joined":
            self._mark(event.seat, first=True)
        elif event.kind == "tap":
            try:
                tap = parse_tap(event.text)
            except TapRefused as refused:
                phone.notice = refused.reason
                self._mark(event.seat, first=True)
                return
            intent = phone.tap(tap)
            if intent is not None:
                self.pending.append((event.seat, intent, tap.seq))
            self._tapped = event.seat
            self._mark(event.seat, first=True)
        elif event.kind == "second":
            ticket = event.ticket

            def answer(allow: bool) -> None:
                self.server.answer(ticket, allow)

            self.ask(event.seat, answer)
        elif event.kind == "refused":
            self.pairing(event.seat)                  # too many wrong codes: the join screen shows a new one

    def _apply_pending(self) -> bool:
        """Make the first phone's move waiting, if it may be made now; whether one was made."""
        if not self.pending or not self.ready():
            return False
        seat, intent, page = self.pending[0]
        state = self.match.state
        shown, since = self._shown_since
        if shown is not state:
            self._shown_since = (state, time.perf_counter())
            since = time.perf_counter()
        if time.perf_counter() - since < self.audience.answer_wait(state, seat):
            return False                               # a public prompt is shown its minimum time first
        self.pending.pop(0)
        phone = self.seats.get(seat)
        if phone is None:
            return False
        if intent not in self.audience.may_send(phone_screen(seat), state):
            phone.notice = "The table has moved on: that move cannot be made now."
            self._mark(seat, first=True)
            return False
        if not self.apply(seat, intent):
            return False
        self.moves_made.append((seat, page, time.time()))
        del self.moves_made[:-500]
        return True

    def _mark(self, seat: int, first: bool = False) -> None:
        if seat in self.dirty:
            self.dirty.remove(seat)
        if first:
            self.dirty.insert(0, seat)
        else:
            self.dirty.append(seat)

    def _interval(self, seat: int) -> float:
        """The least time between two pages of ``seat``'s phone: longer while it only watches."""
        acting = self.audience.may_send(phone_screen(seat), self.match.state)
        return PAGE_INTERVAL if acting else WATCHING_PAGE_INTERVAL

    def _send_one(self) -> None:
        """The page of the first phone due: its words now, its picture drawn now and encoded beside the loop."""
        intervals = {seat: self._interval(seat) for seat in self.dirty}       # once a frame, not once a look
        while self.dirty:
            seat = self.dirty.pop(0)
            phone = self.seats.get(seat)
            if phone is None:
                continue
            if not self.connected(seat):
                continue                               # sent when it joins
            if seat != self._tapped and time.perf_counter() - self._sent_at.get(seat, 0.0) < intervals[seat]:
                self.dirty.append(seat)                # a page went out a moment ago: this one a little later
                if all(time.perf_counter() - self._sent_at.get(s, 0.0) < intervals[s] for s in self.dirty):
                    return
                continue
            self._sent_at[seat] = time.perf_counter()
            self._tapped = None
            self._frames_since_drawn = 0
            page = phone.page(picture=False)
            key = phone.picture_key()
            known = self._pictures.get(seat)
            if known is not None and known[0] == key:
                page["picture"] = known[1]            # the same view, the same choice: the same picture
                self.server.send(seat, _json(page))
                return

            def keep(picture: str, seat: int = seat, key: Any = key) -> None:
                self._pictures[seat] = (key, picture)

            self.encoder.submit(seat, page, phone.snapshot(), keep)
            return

    # ---------------------------------------------------------------- what the table tells the hub
    def moved(self, events: Any) -> None:
        """A move was made (here or on a phone): every phone's log and page follow."""
        for phone in self.seats.values():
            phone.told(events)
        self.dirty = [seat for seat in self.dirty if seat in self.seats] + \
            [seat for seat in self.seats if seat not in self.dirty]

    def retold(self) -> None:
        """A move was taken back: every phone is told again from the start."""
        for phone in self.seats.values():
            phone.retold()
        self.dirty = list(self.seats)

    def send_all_now(self) -> None:
        """Every page at once (the match is over, or the table closes)."""
        for seat in list(self.seats):
            if self.connected(seat):
                self.server.send(seat, _json(self.seats[seat].page()))
        self.dirty = []


def _json(page: dict) -> str:
    return json.dumps(page, separators=(",", ":"))
