"""The table's phone seats: their server and join screens, the moves that come from them, and what the big
screen shows about them (a box when it waits for a phone that is not connected, the banner's line).

:class:`TablePhones` belongs to one table scene and does nothing without phone seats.  The policy (who a phone
shows and may send) is the table's :class:`~tabletop.app.audience.Audience`; the phones themselves are a
:class:`~tabletop.app.phones.hub.PhoneHub`.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

import pygame

from tabletop.core.protocol import IllegalIntent
from tabletop.core.values import Value

from ..audience import HUMAN, Audience
from .hub import PhoneHub
from ..services import AppServices
from ..text import draw_box
from ..widgets import Button, press_any

__all__ = ["TablePhones", "PhoneTable"]


class PhoneTable(Protocol):
    """The table scene as its phone seats use it (a protocol: the table imports this module, not the reverse)."""

    app: AppServices
    audience: Audience
    match: Any
    view: Any
    chrome: Any

    def seats_changed(self) -> None:
        """The kinds of seat changed."""

    def save(self) -> None:
        """Save the match after a change."""

    def show_move(self, events: Sequence[Value]) -> None:
        """The events of a move just made, animated and told."""


class TablePhones:
    """One table's phone seats (see the module docstring)."""

    def __init__(self, table: PhoneTable) -> None:
        self.table = table
        self.app = table.app
        self.hub: PhoneHub | None = None
        self._waiting_seat: int | None = None
        self._waiting_buttons: list[Button] = []

    # ---------------------------------------------------------------- the server's life
    def start(self) -> None:
        """Start the phones' server when the match has phone seats and is played here; the join screen follows.
        A server that cannot start says why, and its seats are played at the shared screen."""
        table = self.table
        audience = table.audience
        if self.hub is not None or not audience.phones or audience.spectating or table.match.finished:
            return
        hub = PhoneHub(self.app, table.match, audience, self._move, self._ready, self._second_phone)
        if not hub.start():
            self.app.toasts.show(hub.problem + ". The phone seats are played here instead.", 8)
            for seat in audience.phones:
                self._at_the_table(seat)
            table.seats_changed()
            return
        self.hub = hub
        self.app.every_frame(hub.tick)
        self.app.every_frame(hub.send_due, spare=True)
        first = next(iter(hub.seats), None)
        if first is not None:
            self.app.scenes.open("join", table=table, seat=first)

    def stop(self) -> None:
        """Send every phone its last page, stop listening."""
        hub = self.hub
        if hub is None:
            return
        hub.send_all_now()
        hub.stop()
        self.app.every_frame(hub.tick, on=False)
        self.app.every_frame(hub.send_due, on=False, spare=True)
        self.hub = None

    def reseat(self) -> None:
        """The kinds of seat changed: the phones follow; no phone seat left, no server."""
        if self.hub is not None:
            self.hub.reseat(self.table.audience)
            if not self.table.audience.phones:
                self.stop()
        self.start()

    # ---------------------------------------------------------------- moves from the phones
    def _move(self, seat: int, intent: Value) -> bool:
        """A move from ``seat``'s phone (one of its legal intents: the policy and its choices said so), shown at
        once: the big screen's animation of the move before, if any, ends where it lands."""
        table = self.table
        if table.view.busy:
            table.view.finish_animations()
        self.app.saves.flush()
        try:
            events = table.match.submit(intent)
        except IllegalIntent:
            return False
        table.save()
        table.show_move(events)
        return True

    def _ready(self) -> bool:
        """Whether a phone's move may be made now: not while the big screen steps through a reveal (it waits for
        clicks at the table), nor while the move before is still being saved (it waits a frame, not the disk),
        nor once the match is over."""
        table = self.table
        return not table.match.finished and not table.view.waiting_for_click() and not self.app.saves.writing

    def _second_phone(self, seat: int, answer: Any) -> None:
        name = self.table.match.seats[seat]
        self.app.scenes.open("confirm", heading=f"Another phone wants {name}'s seat",
                             message=f"{name}'s phone is connected. Let the other phone take {name}'s seat (the "
                                     "first one is let go), or keep the first one?",
                             choices=[(f"Let it take {name}'s seat", lambda: answer(True)),
                                      ("Keep the first phone", lambda: answer(False))])

    def moved(self, events: Sequence[Value]) -> None:
        """A move was made (here or on a phone): every phone's log and page follow."""
        if self.hub is not None:
            self.hub.moved(events)

    def retold(self) -> None:
        """A move was taken back: every phone is told the match again."""
        if self.hub is not None:
            self.hub.retold()

    # ---------------------------------------------------------------- seats
    def show_codes(self, seat: int) -> None:
        """Scan again: ``seat``'s code on the join screen, with a new address (the old one is revoked)."""
        if self.hub is not None and seat in self.hub.seats:
            self.app.scenes.open("join", table=self.table, seat=seat, rescan=True)

    def play_here(self, seat: int) -> None:
        """A phone seat is played at the shared screen from now on (its phone is let go)."""
        self._at_the_table(seat)
        self.table.seats_changed()
        self.app.saves.store(self.table.match)

    def _at_the_table(self, seat: int) -> None:
        match = self.table.match
        kinds = list(match.seat_kinds)
        kinds[seat] = HUMAN
        match.seat_kinds = tuple(kinds)
        if self.hub is not None:
            self.hub.forget(seat)

    # ---------------------------------------------------------------- what the big screen shows of them
    def waiting(self) -> int | None:
        """A deciding seat whose phone is not connected (the table waits for it), if any."""
        hub = self.hub
        table = self.table
        if hub is None or table.match.finished:
            return None
        for seat, where in table.audience.waiting(table.match.state):
            if where == "phone" and not hub.connected(seat):
                return seat
        return None

    def follow_wait(self) -> int | None:
        """The seat the table waits for on a phone that is not connected, its box's buttons made for it."""
        waiting = self.waiting()
        if waiting != self._waiting_seat:
            self._waiting_seat = waiting
            self._waiting_buttons = self._wait_buttons(waiting) if waiting is not None else []
        return waiting

    def _wait_buttons(self, seat: int) -> list[Button]:
        """The waiting box's buttons for ``seat``: show its code again (a new address), or play it here."""
        name = self.table.match.seats[seat]
        layout = self.table.chrome
        return [Button(self.app, layout["phone_code"], lambda: self.show_codes(seat), text=f"Show {name}'s code"),
                Button(self.app, layout["phone_here"], lambda: self.play_here(seat), text=f"Play {name} here")]

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the waiting box's buttons (True if it took the event)."""
        return self.follow_wait() is not None and press_any(self._waiting_buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        """The waiting box, while the table waits for a phone that is not connected."""
        seat = self._waiting_seat
        if seat is None or self.waiting() != seat:
            return
        layout = self.table.chrome
        draw_box(surface, layout["phone_wait"].rect, layout["phone_wait"].style)
        self.app.text.draw_element(surface, layout["phone_wait_text"],
                                   f"Waiting for {self.table.match.seats[seat]}'s phone", wrap=True)
        for button in self._waiting_buttons:
            button.draw(surface)

    def line(self) -> str:
        """The banner's line while seats decide on their phones (the big screen shows no phone's choices)."""
        table = self.table
        if self.hub is None or table.match.finished:
            return ""
        waiting = table.audience.waiting(table.match.state)
        on_phones = [seat for seat, where in waiting if where == "phone"]
        if not on_phones or any(where == "shared" for _, where in waiting):
            return ""
        names = " and ".join(table.match.seats[seat] for seat in on_phones)
        return f"{names} {'is' if len(on_phones) == 1 else 'are'} choosing on the phone."
