"""The audience check shared by every game: a seeded playout through the screens of a table.

At every step, for a table whose seats are people at the shared screen (``human``), people on phones (``phone``)
and bots, the policy (:class:`tabletop.app.audience.Audience`) is asked what each screen shows and may send; a
screen with something to send (or a bot) makes the next move, chosen at random, so phones also decide out of turn
where the rules let seats decide at once.  After each step:

* a phone shows its own seat, and the shared screen a person of the shared screen or the public view, never a
  phone's or a bot's seat; with phones at the table it shows a seat only while that seat decides in private;
* nothing another seat alone may know (the rules' ``secrets``), nor what nobody may know yet, is in the view a
  screen shows, in the events it receives, or in their log lines, counted for the seat the screen belongs to;
* every intent a screen may send is legal and names a seat that screen acts for;
* the table never stalls: some screen, or a bot, can always move.

It returns how many times the shared screen had to be covered (its hand-overs).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from tabletop.app.audience import PHONE, SHARED, SPECTATOR, Audience, Screen, phone_screen
from tabletop.core.controller import MatchController
from tabletop.core.values import visible_events
from tabletop.registry import get_rules

from .privacy_checks import Leak, check_seen


class AudienceLeak(AssertionError):
    """A screen showed, received or could send what it must not."""


@dataclass
class Walk:
    """What one playout through the screens saw."""

    steps: int = 0
    covers: int = 0
    out_of_turn: int = 0                       # moves made by a deciding seat that was not the seat to act
    senders: dict = field(default_factory=dict)   # screen -> moves it sent


def check_screen(rules, state, before, events, screen: Screen, shows: int | None, audience: Audience,
                 seats: int) -> None:
    """``screen`` shows the seat it belongs to (a phone its own; the shared screen a person at it, see
    :func:`_check_shows`; a spectator nobody's), receives the events as that seat may see them, and nothing
    in its view, its events or their log lines is another seat's to know (the privacy check's rules)."""
    if screen.kind == "phone" and shows != screen.seat:
        raise AudienceLeak(f"{screen} shows seat {shows}'s view")
    if screen.kind == "spectator" and shows is not None:
        raise AudienceLeak(f"a spectator shows seat {shows}'s view")
    if audience.events_for(shows, events) != visible_events(events, shows):
        raise AudienceLeak(f"{screen} receives other events than seat {shows} may see")
    try:
        check_seen(rules, state, events, [shows], before)
    except Leak as leak:
        raise AudienceLeak(f"{screen}: {leak}") from None


def walk(game: str, kinds: Sequence[str], seed: int, audience_class: type[Audience] = Audience,
         limit: int = 300, choose: Callable | None = None) -> Walk:
    """Play ``game`` with seats of ``kinds`` through the screens the policy gives (see the module docstring)."""
    rules = get_rules(game)
    names = ["Ann", "Bo", "Cy", "Di", "Ed"][:len(kinds)]
    match = MatchController(rules, {}, names, seed, seat_kinds=tuple(kinds))
    audience = audience_class(rules, kinds)
    chooser = random.Random(seed)
    result = Walk()
    shows: int | None = None
    phones = [phone_screen(seat) for seat, kind in enumerate(kinds) if kind == PHONE]
    screens = [SHARED, *phones]
    bots = {seat: rules.make_bot("easy", seed + seat, seat) for seat in audience.bots}
    while not match.finished and result.steps < limit:
        state = match.state
        shared = audience.shared(state, shows)
        if shared.cover_for is not None:
            result.covers += 1
            if shared.cover_for not in audience.humans or len(audience.humans) < 2:
                raise AudienceLeak(f"a cover for seat {shared.cover_for}, not between two people of the screen")
        shows = shared.shows
        _check_shows(audience, state, shows)
        options: list[tuple[object, tuple]] = []
        for screen in screens:
            sendable = audience.may_send(screen, state, shows)
            for intent in sendable:
                if intent.seat not in audience.acts_for(screen):
                    raise AudienceLeak(f"{screen} may send {intent.to_str()}, a move of another seat")
                if intent not in rules.legal_for(state, intent.seat):
                    raise AudienceLeak(f"{screen} may send {intent.to_str()}, which is not legal")
            if sendable:
                options.append((screen, sendable))
        bot = audience.bot_to_move(state)
        if bot is not None:
            legal = tuple(rules.legal_for(state, bot))
            options.append((f"bot {bot}", (bots[bot].choose(legal, rules.view(state, bot)),)))
        if not options:
            raise AudienceLeak(f"the table stalls: nobody can move (deciding {audience.deciding(state)}, "
                               f"shared shows {shows})")
        sender, sendable = options[chooser.randrange(len(options))] if choose is None else choose(options)
        intent = sendable[chooser.randrange(len(sendable))]
        if intent.seat != state.to_act:
            result.out_of_turn += 1
        events = match.submit(intent)
        result.steps += 1
        result.senders[str(sender)] = result.senders.get(str(sender), 0) + 1
        after = match.state
        shows_after = audience.shared(after, shows).shows
        _check_shows(audience, after, shows_after)
        for screen in [*screens, SPECTATOR]:
            screen_shows = audience.shows(screen, shows_after)
            check_screen(rules, after, state, events, screen, screen_shows, audience, len(kinds))
    return result


def _check_shows(audience: Audience, state, shows: int | None) -> None:
    """The shared screen shows nobody's private view but a person's at it, and with phones at the table only
    while that person decides in private."""
    if shows is None:
        return
    if shows not in audience.humans:
        raise AudienceLeak(f"the shared screen shows seat {shows}, which is not a person at it")
    if audience.phones and (audience.private_seat(state) is None or shows not in audience.deciding(state)):
        raise AudienceLeak(f"the shared screen shows seat {shows} to a room with phones, outside its decision")
