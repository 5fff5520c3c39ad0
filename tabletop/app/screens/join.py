"""Joining phone seats: for one seat at a time, a QR code of its address and a short address to type.

Opened by the table when its match has phone seats (and again from the waiting box or the pause menu to scan
again: a new address, the old one revoked).  The screen says "Ann: scan this with your phone"; when Ann's phone
joins, the next phone seat still to join is shown, and the last one closes the screen.  **Play here instead**
gives the seat to the shared screen; **Later** closes the screen, the table waits for that phone.
"""

from __future__ import annotations

from typing import Any

import pygame

from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button, press_any

__all__ = ["JoinScene", "qr_modules"]


def qr_modules(text: str) -> list[list[bool]]:
    """The dark modules of the QR code of ``text``, row by row, with its quiet zone (segno makes the code).

    >>> rows = qr_modules("http://192.168.1.2:8765/p/abc/")
    >>> len(rows) == len(rows[0]) and len(rows) >= 29 and rows[0][0] is False
    True
    """
    import segno

    code = segno.make(text, error="m")
    border = 4
    size = len(code.matrix)
    out = [[False] * (size + 2 * border) for _ in range(border)]
    for row in code.matrix:
        out.append([False] * border + [bool(cell) for cell in row] + [False] * border)
    out += [[False] * (size + 2 * border) for _ in range(border)]
    return out


class JoinScene(Scene):
    """Over the table: one phone seat's code at a time (see the module docstring)."""

    overlay = True
    scene_name = "join"

    def __init__(self, app, table: Any, seat: int, rescan: bool = False) -> None:
        super().__init__(app)
        self.table = table
        self.layout = layout = app.layouts["join"]
        self.seat = seat
        self.here = Button(app, layout["here"], self.play_here)
        self.later = Button(app, layout["later"], self.close, hotkey=pygame.K_ESCAPE)
        self.next = Button(app, layout["next"], self.skip, hotkey=pygame.K_RETURN)
        self._qr: tuple[str, pygame.Surface] | None = None
        self._show(seat, rescan)

    @property
    def hub(self) -> Any:
        return self.table.phones

    def _show(self, seat: int, rescan: bool) -> None:
        self.seat = seat
        if rescan:
            self.hub.rekey(seat)                     # scanning again: a new address, the old one revoked
        self.hub.pairing(seat)
        self.here.text = f"Play {self.table.match.seats[seat]} here instead"
        self.next.visible = len(self.still_to_join()) > 1

    def still_to_join(self) -> list[int]:
        """The phone seats whose phone has not joined, this one first."""
        hub = self.hub
        waiting = [seat for seat in hub.seats if not hub.connected(seat)]
        return sorted(waiting, key=lambda seat: (seat != self.seat, seat))

    def play_here(self) -> None:
        """The seat is played at the shared screen from now on."""
        self.table.play_here(self.seat)
        self._next_or_close()

    def skip(self) -> None:
        """The next phone seat still to join (this one's phone may join later)."""
        others = [seat for seat in self.still_to_join() if seat != self.seat]
        if others:
            self._show(others[0], False)

    def close(self) -> None:
        self.hub.pairing(None)
        self.app.scenes.pop()

    def _next_or_close(self) -> None:
        waiting = [seat for seat in self.still_to_join() if seat != self.seat] if self.hub is not None else []
        if waiting:
            self._show(waiting[0], False)
        else:
            self.close()

    def update(self, dt: float) -> None:
        if self.hub is None:
            self.app.scenes.pop()
            return
        if self.hub.connected(self.seat):
            self._next_or_close()

    @property
    def busy(self) -> bool:
        return True                                   # it waits for a phone: the loop keeps looking

    def handle(self, event: pygame.event.Event) -> None:
        press_any([self.here, self.later, self.next], event)

    def _qr_surface(self, address: str, size: int) -> pygame.Surface:
        if self._qr is None or self._qr[0] != address:
            rows = qr_modules(address)
            cell = max(1, size // len(rows))
            surface = pygame.Surface((cell * len(rows), cell * len(rows)))
            surface.fill((255, 255, 255))
            for y, row in enumerate(rows):
                for x, dark in enumerate(row):
                    if dark:
                        surface.fill((0, 0, 0), (x * cell, y * cell, cell, cell))
            self._qr = (address, surface)
        return self._qr[1]

    def draw(self, surface: pygame.Surface) -> None:
        layout, text = self.layout, self.app.text
        hub = self.hub
        if hub is None:
            return
        name = self.table.match.seats[self.seat]
        draw_box(surface, layout["shade"].rect, layout["shade"].style)
        text.draw_element(surface, layout["heading"], f"{name}: scan this with your phone", shrink=True)
        box = pygame.Rect(layout["qr"].rect)
        draw_box(surface, box, layout["qr"].style)
        code = self._qr_surface(hub.addresses[self.seat], box.width - 20)
        surface.blit(code, code.get_rect(center=box.center))
        text.draw_element(surface, layout["steps"],
                          f"1. Open the camera of {name}'s phone and point it at the code.\n"
                          "2. Open the address it shows: your hand appears on the phone.\n"
                          "3. Keep the phone to yourself; the big screen shows the table.", wrap=True)
        text.draw_element(surface, layout["address_label"])
        text.draw_element(surface, layout["address"], hub.short_address(self.seat))
        left = len(self.still_to_join())
        status = (f"Waiting for {name}'s phone…" + (f" ({left - 1} more phone{'s' if left > 2 else ''} after this)"
                                                     if left > 1 else ""))
        text.draw_element(surface, layout["status"], status, wrap=True)
        for button in (self.here, self.later, self.next):
            button.draw(surface)
