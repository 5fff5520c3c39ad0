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
from typing import Mapping

from tabletop.core.controller import MatchController
from tabletop.core.rng import derive_seed
from tabletop.core.simulate import DEFAULT_SEATS
from tabletop.core.values import to_plain
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

    The view is of the state after the step: it may show none of them.  An event
    happened before the step was over, so it may name a secret of the state after
    only if the viewer saw that word before the step (in its view) and the word left
    the viewer's sight later in the same step, in an event told in full to another
    seat alone (a lasting card expires in public, then its owner shuffles it back and
    draws it: the expiry is public, the draw private).  Its log line may then name
    what that later event hides too (the card's name beside its id).  Anything else
    is a leak: what only one seat drew, a card the viewer never saw, a word named
    after it was hidden.
    """
    owners = list(viewers)        # every seat, and None: what nobody may know
    secrets = {owner: rules.secrets(state, owner) for owner in owners}
    views = {viewer: rules.view(state, viewer) for viewer in viewers}
    for viewer in viewers:
        known: frozenset = frozenset()
        if viewer is not None:
            known = rules.secrets(state, viewer) | (rules.secrets(before, viewer) if before is not None else known)
        whose = {word: owner for owner, words in secrets.items() if owner != viewer or owner is None
                 for word in words if word not in known}
        if not whose:
            continue
        # One pattern for all of them; the word found is named in the message.
        pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(whose))) + r")(?![\w-])")

        def found(text: str) -> set[str]:
            return set(pattern.findall(text))

        def leak(where: str, text: str, word: str) -> Leak:
            owner = whose[word]
            name = "nobody's" if owner is None else f"seat {owner}'s"
            return Leak(f"{where} of seat {viewer} shows {name} secret {word!r}: {text[:300]}")

        seen = views[viewer]
        text = json.dumps(to_plain(seen))
        shown_words = found(text)
        for owner in owners:      # the first owner's secret first, as the seats are listed
            for word in sorted(w for w in shown_words if whose[w] == owner):
                raise leak("view", text, word)
        saw = found(json.dumps(to_plain(rules.view(before, viewer)))) if before is not None else set()
        # Per event: the form and the log line this viewer is shown, and the words it hides from this viewer.
        told: list[tuple[str, str] | None] = []
        hides: list[set[str]] = []
        for event in events:
            audience = event.audience()
            if audience is None or audience == viewer:
                told.append((event.to_str(), rules.narrate(event, seen, viewer) or ""))
                hides.append(set())
                continue
            shown = event.public_form()
            forms = ("", "") if shown is None else (shown.to_str(), rules.narrate(shown, seen, viewer) or "")
            told.append(None if shown is None else forms)
            owner_line = rules.narrate(event, views.get(audience) or rules.view(state, audience), audience) or ""
            hides.append(found(event.to_str() + " " + owner_line) - found(" ".join(forms)))
        for index, forms in enumerate(told):
            if forms is None:
                continue
            text, line = forms
            later = set().union(*hides[index + 1:])
            allowed = saw & later
            for word in sorted(found(text)):
                if word not in allowed:
                    raise leak("events", text, word)
            # The log line of an event naming what the viewer may read names what the later event hides.
            line_allowed = allowed | (later if found(text) else set())
            for word in sorted(found(line)):
                if word not in line_allowed:
                    raise leak("log", line, word)


def play_private(game: str, seed: int, players: int, bot_seed: int | None = None,
                 options: Mapping[str, str] | None = None) -> int:
    """One seeded random game with the privacy check at every step; returns the steps checked.

    The playout bot is seeded ``derive_seed(seed, "privacy")`` unless ``bot_seed`` is given."""
    rules = get_rules(game)
    match = MatchController(rules, options, DEFAULT_SEATS[:players], seed)
    viewers = [*range(players), None]
    check_seen(rules, match.state, match.opening_events, viewers)
    bot = rules.playout_bot(derive_seed(seed, "privacy") if bot_seed is None else bot_seed)
    steps = 0
    while not match.finished:
        before = match.state
        events = match.submit(bot.choose(match.legal_intents()))
        check_seen(rules, match.state, events, viewers, before)
        steps += 1
    return steps
