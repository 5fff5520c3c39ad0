"""One phone seat at the table: the game's own view and choices, drawn off screen for that seat alone.

A :class:`PhoneSeat` is to a phone what the table scene is to the shared screen: it holds the game's view (built
with :class:`RemoteTable`, which shows that seat's view and may send what the policy lets that phone send), the
seat's choice so far and its move log.  :meth:`PhoneSeat.page` is what the phone shows: the table's picture as
the seat sees it, what glows with its words, the buttons and the open question, the log as the seat reads it.
:meth:`PhoneSeat.tap` takes a tap and answers with the legal intent it sends, if any: the game's choices decide,
exactly as a click on the table would, so a phone can reach every move of its seat and nothing else.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from tabletop.core.values import Value

from ..audience import Audience, phone_screen
from ..choosing import KEEP, ChoicesBase, Reply, Seen, Target
from ..games import make_view
from ..movelog import MoveLog
from .protocol import Tap

if TYPE_CHECKING:
    from tabletop.core.controller import MatchController

    from ..services import AppServices

__all__ = ["PhoneSeat", "RemoteTable", "PICTURE_SIZE", "LOG_LINES", "encode_picture"]

#: The picture a phone gets: the table's 1920 x 1080 drawn, then scaled (a phone zooms in on it).
PICTURE_SIZE = (1280, 720)
#: The log lines a page carries, newest last.
LOG_LINES = 8
#: How many of the last pages a tap may still be on (a page may be on its way while the player taps the one
#: before: what that one offered is looked up, and a move still has to be legal now).
RECENT_PAGES = 3


def encode_picture(surface: pygame.Surface) -> str:
    """A drawn table as the phone's picture: scaled to :data:`PICTURE_SIZE`, a JPEG data address.  It touches
    only ``surface`` (a copy), so it may run beside the frame loop."""
    small = pygame.transform.smoothscale(surface, PICTURE_SIZE)
    out = io.BytesIO()
    pygame.image.save(small, out, "picture.jpg")
    return "data:image/jpeg;base64," + base64.b64encode(out.getvalue()).decode("ascii")


class RemoteTable:
    """The table as a phone seat's view sees it (:class:`~tabletop.app.gameview.TableAccess`): that seat's view,
    what the policy lets the phone send; a move is not sent from here but handed back to the phone seat."""

    def __init__(self, match: "MatchController", audience: Audience, seat: int) -> None:
        self.match = match
        self.audience = audience
        self.seat = seat
        self.chosen: list[Value] = []          # an intent the view sent (a phone seat takes it from here)
        self._screen: tuple[Any, Audience, Seen] | None = None

    @property
    def shows(self) -> int | None:
        return self.seat

    @property
    def humans(self) -> list[int]:
        return list(self.audience.people)

    def screen(self) -> Seen:
        """The seat's view of the state and the intents its phone may send, asked of the rules once per position
        (and seating)."""
        state, audience = self.match.state, self.audience
        known = self._screen
        if known is not None and known[0] is state and known[1] is audience:
            return known[2]
        rules = self.match.rules
        seen = Seen(rules.view(state, self.seat), tuple(audience.may_send(phone_screen(self.seat), state)),
                    self.seat, tuple(self.match.seats), rules,
                    why=lambda intent: rules.why_illegal(self.match.state, intent))
        self._screen = (state, audience, seen)
        return seen

    def seen_state(self) -> Any:
        return self.screen().state

    def legal(self) -> Sequence[Value]:
        return self.screen().legal

    def submit(self, intent: Value) -> bool:
        self.chosen.append(intent)
        return True

    def release_log(self, count: int) -> None:
        """A phone's picture is never animated: nothing is held back."""

    def vet(self, reply: Reply) -> str:
        return ""

    def hint(self) -> None:
        """A phone shows no hint."""
        return None


@dataclass
class PageParts:
    """The things a page offered, in the order the phone numbers them (what a tap's index means)."""

    seq: int
    targets: tuple[Target, ...]
    buttons: tuple[Reply, ...]
    menu: tuple[Reply, ...]
    rects: tuple[tuple[float, float, float, float], ...]      # where each target lies, in picture fractions


class PhoneSeat:
    """The phone of one seat (see the module docstring)."""

    def __init__(self, app: "AppServices", match: "MatchController", audience: Audience, seat: int) -> None:
        self.app = app
        self.match = match
        self.seat = seat
        self.remote = RemoteTable(match, audience, seat)
        self.view: Any = make_view(app, self.remote, match)
        self.log = MoveLog(match)
        self.log.rebuild(seat)
        self.seq = 0
        self.notice = ""
        self.parts: PageParts | None = None
        self._untold: list[tuple[Value, ...]] = []     # moves whose log lines wait for the next page
        self._recent: dict[int, PageParts] = {}         # the last pages sent, by number (a tap may come late)

    @property
    def audience(self) -> Audience:
        return self.remote.audience

    def reseat(self, audience: Audience) -> None:
        """The kinds of seat changed: the phone follows the table's new policy."""
        self.remote.audience = audience
        self.changed()

    def changed(self) -> None:
        """The match moved on (a move, an undo): the view is put where the state is, the choice kept if it still
        can be made."""
        self.view.sync()

    def told(self, events: Sequence[Value]) -> None:
        """A move was made: its log lines as this seat may read them, told when the next page is made (so a move
        costs the frame loop one phone's work at a time, not every phone's at once)."""
        self._untold.append(tuple(events))

    @property
    def behind(self) -> bool:
        """Whether moves were made since the last page (the next page tells them)."""
        return bool(self._untold)

    def _catch_up(self) -> None:
        if self._untold:
            for events in self._untold:
                self.log.add(events)
            self._untold = []
            self.changed()

    def retold(self) -> None:
        """The log told again from the start (after an undo)."""
        self._untold = []
        self.log.rebuild(self.seat)
        self.changed()

    # ---------------------------------------------------------------- the page
    def choices(self) -> ChoicesBase | None:
        """The choices of the seat's screen now (None for a view without choices)."""
        view = self.view
        if view.Choices is None:
            return None
        return view.choices

    def page(self, picture: bool = True) -> dict[str, Any]:
        """What the phone shows now (a new page number each time)."""
        self._catch_up()
        self.seq += 1
        state = self.match.state
        rules = self.match.rules
        view = self.view
        choices = self.choices()
        status = view.status()
        legal = self.remote.legal()
        name = self.match.seats[self.seat]
        targets: tuple[Target, ...] = ()
        slots: tuple = ()
        menu = None
        glowing: frozenset[Target] = frozenset()
        if choices is not None and legal:
            # What glows first, then what else a click does something to (a move may pass through it).
            glowing = choices.glowing()
            others = [target for target in choices.targets()
                      if target not in glowing and choices.click(target).does_something]
            targets = (*sorted(glowing, key=str), *sorted(set(others), key=str))
            slots = tuple(slot for slot in choices.buttons() if slot is not None and slot.text)
            menu = choices.menu()
        rects = tuple(self._fraction(view.geometry.rect_of(view.state, target)) for target in targets)
        self.parts = PageParts(self.seq, targets, tuple(slot.reply for slot in slots),
                               tuple(item.reply for item in menu.items) if menu is not None else (), rects)
        self._recent[self.seq] = self.parts
        for old in [seq for seq in self._recent if seq <= self.seq - RECENT_PAGES]:
            del self._recent[old]
        yours = bool(legal)
        if state.to_act is None:
            line = rules.prompt(state)
        elif yours:
            line = "Your move: " + (rules.prompt_for(state, self.seat) or status.prompt)
        else:
            line = self._waiting_line(state)
        page: dict[str, Any] = {
            "type": "page", "seq": self.seq, "game": rules.meta.name, "seat": name,
            "colour": "#%02x%02x%02x" % self.app.layouts.theme.rgb(f"seat_{self.match.colours[self.seat]}"),
            "headline": status.headline, "prompt": status.prompt if not yours else "", "status": line,
            "yours": yours, "notice": self.notice,
            "targets": [{"label": self._label(choices, target), "glow": target in glowing} for target in targets],
            "buttons": [{"text": slot.text, "enabled": slot.enabled, "reason": slot.reason, "primary": slot.primary}
                        for slot in slots],
            "menu": None if menu is None else {
                "title": menu.title,
                "items": [{"text": item.text, "enabled": item.enabled, "reason": item.reason,
                           "primary": item.primary} for item in menu.items]},
            "back": choices is not None and legal != () and choices.selection != choices.fresh,
            "log": list(self.log.lines[-LOG_LINES:]),
        }
        if picture:
            page["picture"] = encode_picture(self.snapshot())
        self.notice = ""
        return page

    def _waiting_line(self, state: Any) -> str:
        names = self.match.seats
        waiting = [(seat, where) for seat, where in self.audience.waiting(state) if seat != self.seat]
        if not waiting:
            return "Waiting for the table."
        seat, where = waiting[0]
        place = {"phone": " on their phone", "shared": " at the table", "bot": " (a bot)"}[where]
        return f"Waiting for {names[seat]}{place}."

    def _label(self, choices: ChoicesBase | None, target: Target) -> str:
        return choices.label(target) if choices is not None else str(target)

    def _fraction(self, rect: Any) -> tuple[float, float, float, float]:
        if rect is None:
            return (0.0, 0.0, 0.0, 0.0)
        return (rect.x / 1920, rect.y / 1080, rect.width / 1920, rect.height / 1080)

    def picture_key(self) -> tuple[Any, Any]:
        """What the picture shows: the seat's view and its choice so far (an equal key, an equal picture)."""
        return (self.view.state, self.view.selection)

    def snapshot(self) -> pygame.Surface:
        """The table as this seat sees it, drawn off screen now (nothing animates), a copy of its own: the
        frame loop draws it, :func:`encode_picture` (in the hub's encoder thread) makes the picture of it."""
        surface = pygame.Surface((1920, 1080))
        surface.fill(self.app.layouts["table"].background)
        self.view.finish_animations()
        self.view.draw(surface)
        return surface

    # ---------------------------------------------------------------- a tap
    def tap(self, tap: Tap) -> Value | None:
        """What a tap does: a legal intent to send (returned), or a new choice so far, or a reason why not (the
        next page says it).  A tap on a page older than the last few is refused: the table has moved on; a move
        it offered must still be legal now."""
        self._catch_up()
        parts = self._recent.get(tap.seq)
        choices = self.choices()
        if parts is None or choices is None:
            self.notice = "The table has moved on: look again, then tap."
            return None
        reply: Reply | None = None
        if tap.kind == "target" and 0 <= tap.index < len(parts.targets):
            reply = choices.click(parts.targets[tap.index])
        elif tap.kind == "button" and 0 <= tap.index < len(parts.buttons):
            reply = parts.buttons[tap.index]
        elif tap.kind == "menu" and 0 <= tap.index < len(parts.menu):
            reply = parts.menu[tap.index]
        elif tap.kind == "back":
            reply = choices.clear()
        elif tap.kind == "point":
            target = self.view.geometry.target_at(self.view.state, (int(tap.x * 1920), int(tap.y * 1080)))
            reply = choices.click(target) if target is not None else choices.click_nothing()
        if reply is None:
            self.notice = "That is not on this page."
            return None
        return self._carry_out(reply)

    def _carry_out(self, reply: Reply) -> Value | None:
        if reply.refusal:
            self.notice = reply.refusal
        elif reply.note:
            self.notice = reply.note
        if reply.selection is not KEEP:
            self.view.selection = reply.selection
        self.view.refresh()
        intent = reply.intent
        if intent is not None and intent not in self.remote.legal():
            self.notice = "That move cannot be made from this phone now."
            return None
        return intent
