"""The table can play every move and nothing else: every game's choices walked over seeded playout states.

For a state, the seat to act's screen is built as the table builds it (that seat's
view, the legal intents, the names); :func:`tabletop.app.choosing.explore` then walks
every click sequence from nothing chosen.  Every legal intent must be sent by some
sequence, no sequence may send an intent that is not legal, and nothing may glow
that leads nowhere.  No pygame is needed: the choices are pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from tabletop.app.choosing import ChoicesBase, Seen, explore
from tabletop.core.controller import MatchController
from tabletop.core.protocol import IllegalIntent
from tabletop.core.rng import derive_seed
from tabletop.core.simulate import DEFAULT_SEATS
from tabletop.registry import entry, get_rules, load

#: How many selections one state's walk may visit before it counts as too many clicks to explore.
SELECTION_LIMIT = 20000


@dataclass
class ChoiceReport:
    """Problems found over one playout: unreachable legal intents, illegal sends, dead glows (each with the
    move number and a few examples), and how much was walked."""

    states: int = 0
    selections: int = 0
    unreachable: list[str] = field(default_factory=list)
    illegal: list[str] = field(default_factory=list)
    dead_glow: list[str] = field(default_factory=list)
    truncated: list[str] = field(default_factory=list)

    @property
    def problems(self) -> list[str]:
        """Every problem, in words."""
        return self.unreachable + self.illegal + self.dead_glow + self.truncated


def seen_for(match: MatchController) -> Seen:
    """The screen of the seat to act, as the table builds it."""
    rules = match.rules
    state = match.state
    seat = state.to_act
    legal = tuple(rules.legal_intents(state))

    def why(intent: Any) -> str:
        try:
            return rules.why_illegal(state, intent)
        except Exception as exc:  # noqa: BLE001 - a refusal sentence must never break the table
            raise AssertionError(f"why_illegal failed for {intent}: {exc!r}") from exc

    return Seen(rules.view(state, seat), legal, seat, tuple(match.seats), rules, why=why)


def check_state(choices_class: type[ChoicesBase], match: MatchController, report: ChoiceReport) -> None:
    """Walk every click sequence at the match's current state; add what is wrong to ``report``."""
    seen = seen_for(match)
    found = explore(lambda selection: choices_class(seen, selection), limit=SELECTION_LIMIT)
    move = len(match.journal)
    report.states += 1
    report.selections += found.selections
    missing = found.unreachable(seen.legal)
    if missing and not found.truncated:
        names = sorted(intent.to_str() for intent in missing)
        report.unreachable.append(f"move {move}: no clicks send {len(names)} legal intents, e.g. {names[:3]}")
    for intent, route in found.illegal[:3]:
        report.illegal.append(f"move {move}: clicks {' > '.join(map(str, route))} send illegal {intent.to_str()}")
    for target, route in found.dead_glow[:3]:
        report.dead_glow.append(f"move {move}: {target} glows but leads nowhere (after {' > '.join(map(str, route))})")
    if found.truncated:
        report.truncated.append(f"move {move}: more than {SELECTION_LIMIT} selections; the walk was cut short")


def check_playout(game: str, seed: int, players: int, every: int = 1, choices_class: type[ChoicesBase] | None = None,
                  moves: int | None = None, choose: Callable | None = None,
                  options: dict[str, str] | None = None) -> ChoiceReport:
    """One seeded playout of ``game`` with ``players`` seats (and ``options``), its choices walked at every
    ``every``-th state (at most ``moves`` moves)."""
    rules = get_rules(game)
    cls = choices_class or load(entry(game).choices)
    match = MatchController(rules, options, DEFAULT_SEATS[:players], seed)
    bot = rules.playout_bot(derive_seed(seed, "choices"))
    report = ChoiceReport()
    while not match.finished and (moves is None or len(match.journal) < moves):
        if len(match.journal) % every == 0:
            check_state(cls, match, report)
        try:
            match.submit(bot.choose(match.legal_intents()) if choose is None else choose(match))
        except IllegalIntent as exc:       # the playout bot only sends legal intents
            raise AssertionError(exc.reason) from None
    return report


def each_alone_problems(game: str, seed: int, steps: int = 80, per_state: int = 6,
                        choices_class: type[ChoicesBase] | None = None) -> list[str]:
    """A screen may be handed fewer intents than the rules list (a phone its seat's, a tutorial's step the one it
    teaches): over a seeded playout, the choices given any one legal intent alone must still build, and clicks
    must still reach it.  The problems found (empty when there are none)."""
    import random

    rules = get_rules(game)
    make = choices_class or load(entry(game).choices)
    match = MatchController(rules, None, DEFAULT_SEATS[:max(2, rules.meta.min_players)], seed)
    chooser = random.Random(seed)
    problems: list[str] = []
    while not match.finished and len(match.journal) < steps and len(problems) < 5:
        state = match.state
        legal = tuple(rules.legal_intents(state))
        for intent in chooser.sample(legal, min(per_state, len(legal))):
            seen = Seen(rules.view(state, state.to_act), (intent,), state.to_act, tuple(match.seats), rules,
                        why=lambda refused: rules.why_illegal(state, refused))
            try:
                found = explore(lambda selection: make(seen, selection), limit=2000)
            except (KeyError, IndexError, StopIteration) as exc:
                problems.append(f"move {len(match.journal)}: {intent.to_str()} alone breaks the choices ({exc!r})")
                continue
            if intent not in found.routes and not found.truncated:
                problems.append(f"move {len(match.journal)}: {intent.to_str()} alone cannot be reached by clicks")
        match.submit(chooser.choice(legal))
    return problems
