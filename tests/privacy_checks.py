"""The privacy check shared by every game with hidden information.

At every step of a seeded random playout, for every seat at the screen (and for
a spectator, ``None``), nothing that another seat alone may know (the game's
``secrets``), nor anything nobody may know yet, appears in:

* the rules' view for that seat (its plain form, as text),
* the events of the step as filtered for that seat (their text forms),
* the move log lines narrated for that seat.
"""

from __future__ import annotations

import json
import re

from tabletop.core.controller import MatchController
from tabletop.core.rng import derive_seed
from tabletop.core.simulate import DEFAULT_SEATS
from tabletop.core.values import to_plain, visible_events
from tabletop.registry import get_rules


class Leak(AssertionError):
    """A seat could see what it must not."""


def _found(secret: str, text: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(secret) + r"(?![\w-])", text) is not None


def check_seen(rules, state, events, viewers, before=None) -> None:
    """Raise Leak if any viewer's view, filtered events or log lines hold another's secret.

    The secrets are those of the state after the step; a seat may still read what is,
    or was before the step, its own secret (a card it discarded, then shuffled into
    its draw pile in the same step, is named in the discard's event).
    """
    owners = list(viewers)        # every seat, and None: what nobody may know
    secrets = {owner: rules.secrets(state, owner) for owner in owners}
    for viewer in viewers:
        known: frozenset = frozenset()
        if viewer is not None:
            known = rules.secrets(state, viewer) | (rules.secrets(before, viewer) if before is not None else known)
        seen = rules.view(state, viewer)
        shown = visible_events(events, viewer)
        texts = {
            "view": json.dumps(to_plain(seen)),
            "events": " | ".join(event.to_str() for event in shown),
            "log": " | ".join(line for event in shown if (line := rules.narrate(event, seen, viewer))),
        }
        for owner, words in secrets.items():
            if owner == viewer and owner is not None:
                continue
            hidden = sorted(words - known)
            if not hidden:
                continue
            # One pattern for all of them; the word found is named in the message.
            pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, hidden)) + r")(?![\w-])")
            for where, text in texts.items():
                found = pattern.search(text)
                if found:
                    whose = "nobody's" if owner is None else f"seat {owner}'s"
                    raise Leak(f"{where} of seat {viewer} shows {whose} secret {found.group(1)!r}: {text[:300]}")


def play_private(game: str, seed: int, players: int) -> int:
    """One seeded random game with the privacy check at every step; returns the steps checked."""
    rules = get_rules(game)
    match = MatchController(rules, None, DEFAULT_SEATS[:players], seed)
    viewers = [*range(players), None]
    check_seen(rules, match.state, match.opening_events, viewers)
    bot = rules.playout_bot(derive_seed(seed, "privacy"))
    steps = 0
    while not match.finished:
        before = match.state
        events = match.submit(bot.choose(match.legal_intents()))
        check_seen(rules, match.state, events, viewers, before)
        steps += 1
    return steps
