"""Trace one click at the real app, headless: the app's calls of the rules (``view``, ``legal_intents``,
``legal_for``, counted by position and seat) and the choices built, from the first move-sending click of a new
game of each of the five until it has played out.  Used by ``test_one_click``; run alone it prints the counts,
and it runs against an older tree too (``git archive <commit> | tar -x -C /tmp/old``), for before and after:

    .venv/bin/python -m tests.app.click_trace [/tmp/old]

The rules object's public methods are wrapped: a call the rules make inside one of their own methods (``apply``
checking legality, ``prompt`` asking which moves there are) is theirs, not the app's, and is not counted."""

from __future__ import annotations

import collections
import inspect

from tabletop.app.choosing import route_to
from tabletop.app.screens.table import TableScene

from .driver import Driver, open_new_game

GAMES = ["dice-realms", "elemental-dice", "wizard-dice", "elementalis", "dice-cards"]
COUNTED = ("view", "legal_intents", "legal_for")


class RulesTrace:
    """The app's calls of the rules while it runs, each counted under its question and the position and seat
    it asks about."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self.calls: collections.Counter = collections.Counter()
        self.kept: list = []             # the states asked about (so no id is reused while counting)
        self.depth = 0
        self.on = False
        self.wrapped = []
        for name, member in inspect.getmembers(type(rules)):
            if name.startswith("_") or not callable(member) or isinstance(member, type):
                continue
            self.wrapped.append(name)
            setattr(rules, name, self._wrap(name, getattr(rules, name)))

    def _wrap(self, name, method):
        def traced(*args, **kwargs):
            if self.on and self.depth == 0 and name in COUNTED:
                state = args[0] if args else kwargs.get("state")
                seat = args[1] if len(args) > 1 else kwargs.get("seat")
                self.kept.append(state)
                self.calls[(name, id(state), seat if name != "legal_intents" else None)] += 1
            self.depth += 1
            try:
                return method(*args, **kwargs)
            finally:
                self.depth -= 1
        return traced

    def undo(self) -> None:
        for name in self.wrapped:
            self.rules.__dict__.pop(name, None)

    def most(self, name: str) -> int:
        """The most calls of ``name`` about any one position and seat."""
        return max((count for key, count in self.calls.items() if key[0] == name), default=0)

    def total(self, name: str) -> int:
        return sum(count for key, count in self.calls.items() if key[0] == name)


def _counting_choices(table):
    """The view's choices class, counting each build by the screen it was built for: the position (the match's
    state) and the seat shown."""
    builds: collections.Counter = collections.Counter()
    positions: list = []             # kept, so no id is reused while counting
    view = table.view
    base = view.Choices

    class Counted(base):
        def __init__(self, seen, selection=None):
            positions.append(table.match.state)
            builds[(id(table.match.state), seen.shows)] += 1
            super().__init__(seen, selection)

    view.Choices = Counted
    return builds


def _ready_for_a_move(driver: Driver, game: str) -> TableScene:
    table = open_new_game(driver, game)
    driver.settle()
    driver.through_cover()
    driver.settle()
    return table


def _route_to_a_move(table: TableScene):
    """The shortest click sequence to some legal move of the screen's (its last click sends the move)."""
    view = table.view
    best = None
    for intent in table.legal():
        route = route_to(lambda selection: view.Choices(view.seen(), selection), intent, view.selection)
        if route and all(view.position_of(move) is not None for move in route) and (
                best is None or len(route) < len(best[1])):
            best = (intent, route)
    assert best is not None, "no move can be made by clicks"
    return best


def traced_click(driver: Driver, game: str):
    """Make the choosing clicks of a move of a new ``game``, then trace its last click until the move has
    played out (and five frames more): the move, the rules trace and the choices built."""
    table = _ready_for_a_move(driver, game)
    view = table.view
    intent, route = _route_to_a_move(table)
    for move in route[:-1]:                    # the clicks that only choose, before the one that sends
        driver.click(view.position_of(move))
        driver.settle()
    moves = len(table.match.journal)
    trace = RulesTrace(table.match.rules)
    try:
        builds = _counting_choices(table)
        trace.on = True
        driver.click(view.position_of(route[-1]))
        driver.settle()
        driver.frames(5)
        trace.on = False
    finally:
        trace.undo()
    assert len(table.match.journal) == moves + 1, f"the click did not send {intent}"
    return intent, trace, builds


def main() -> None:
    import os
    import sys
    import tempfile

    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TABLETOP_HOME=tempfile.mkdtemp())
    import pygame

    from .conftest import make_app

    for game in GAMES:
        intent, trace, builds = traced_click(Driver(make_app()), game)
        counts = "  ".join(f"{name} {trace.total(name)} (at most {trace.most(name)} a screen)" for name in COUNTED)
        print(f"{game:15s} {intent.to_str():30s} {counts}  choices {sum(builds.values())} "
              f"(at most {max(builds.values(), default=0)} a screen)")
        pygame.quit()


if __name__ == "__main__":
    main()
