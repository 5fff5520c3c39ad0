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


#: A run of word characters and hyphens: a secret made of them alone is named in a text exactly when one of the
#: text's runs is that secret (what ``_found`` tests, one word at a time).
_RUN = re.compile(r"[\w-]+")


class SecretFinder:
    """Which of ``words`` a text names as whole words (as :func:`_found`, for all of them at once).

    Most secrets are ids (``gaia~2``): they are found among the text's runs of word characters, a set
    look-up.  A secret with other characters (a card's name with its spaces) is looked for on its own,
    and only where the text holds it at all.  This replaced one regular expression of every secret,
    compiled anew at almost every step (the secrets change as cards move): 45 % of the check's time."""

    def __init__(self, words) -> None:
        self.simple = frozenset(word for word in words if _RUN.fullmatch(word))
        self.others = tuple(sorted(word for word in words if word not in self.simple))

    def __call__(self, text: str) -> set[str]:
        named = set(self.simple.intersection(_RUN.findall(text))) if self.simple else set()
        named.update(word for word in self.others if word in text and _found(word, text))
        return named


def check_seen(rules, state, events, viewers, before=None, shown_before=None) -> dict:
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

    Returns each viewer's view of ``state`` as text; the next step passes it back as ``shown_before`` (the
    views of ``before``), so no view is written out twice.
    """
    owners = list(viewers)        # every seat, and None: what nobody may know
    secrets = {owner: rules.secrets(state, owner) for owner in owners}
    views = {viewer: rules.view(state, viewer) for viewer in viewers}
    texts = {viewer: json.dumps(to_plain(views[viewer])) for viewer in viewers}
    for viewer in viewers:
        known: frozenset = frozenset()
        if viewer is not None:
            known = rules.secrets(state, viewer) | (rules.secrets(before, viewer) if before is not None else known)
        whose = {word: owner for owner, words in secrets.items() if owner != viewer or owner is None
                 for word in words if word not in known}
        if not whose:
            continue
        found = SecretFinder(whose)

        def leak(where: str, text: str, word: str) -> Leak:
            owner = whose[word]
            name = "nobody's" if owner is None else f"seat {owner}'s"
            return Leak(f"{where} of seat {viewer} shows {name} secret {word!r}: {text[:300]}")

        seen = views[viewer]
        text = texts[viewer]
        shown_words = found(text)
        for owner in owners:      # the first owner's secret first, as the seats are listed
            for word in sorted(w for w in shown_words if whose[w] == owner):
                raise leak("view", text, word)
        if before is None:
            saw: set[str] = set()
        else:
            saw = found(shown_before[viewer] if shown_before is not None
                        else json.dumps(to_plain(rules.view(before, viewer))))
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
    return texts


def play_private(game: str, seed: int, players: int, bot_seed: int | None = None,
                 options: Mapping[str, str] | None = None) -> int:
    """One seeded random game with the privacy check at every step; returns the steps checked.

    The playout bot is seeded ``derive_seed(seed, "privacy")`` unless ``bot_seed`` is given."""
    rules = get_rules(game)
    match = MatchController(rules, options, DEFAULT_SEATS[:players], seed)
    viewers = [*range(players), None]
    shown = check_seen(rules, match.state, match.opening_events, viewers)
    bot = rules.playout_bot(derive_seed(seed, "privacy") if bot_seed is None else bot_seed)
    steps = 0
    while not match.finished:
        before = match.state
        events = match.submit(bot.choose(match.legal_intents()))
        shown = check_seen(rules, match.state, events, viewers, before, shown)
        steps += 1
    return steps
