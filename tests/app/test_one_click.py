"""One click, one refresh (issue 35, item 5): a click that sends a move asks the rules for each screen it leads to
once, builds the choices once, and is shown after the view's handler has returned (the saves:
``test_save_after_the_frame``).  The click goes through the real scene, headless (see :mod:`.click_trace`)."""

from __future__ import annotations

import pytest

from .click_trace import GAMES, _ready_for_a_move, _route_to_a_move, traced_click


@pytest.mark.parametrize("game", GAMES)
def test_a_click_asks_the_rules_once_per_screen_and_builds_the_choices_once(driver, game):
    _, trace, builds = traced_click(driver, game)
    assert trace.most("view") <= 1, f"rules.view asked {trace.total('view')} times: {trace.calls}"
    assert trace.most("legal_intents") <= 1, f"legal_intents asked again about a position: {trace.calls}"
    assert trace.most("legal_for") <= 1, f"legal_for asked again about a position: {trace.calls}"
    assert builds and max(builds.values()) == 1, f"the choices were built {sum(builds.values())} times: {builds}"


@pytest.mark.parametrize("game", ["dice-realms", "elemental-dice"])
def test_the_table_never_calls_back_into_the_view_while_it_handles_a_click(driver, game):
    table = _ready_for_a_move(driver, game)
    view = table.view
    _, route = _route_to_a_move(table)
    for move in route[:-1]:
        driver.click(view.position_of(move))
        driver.settle()
    handling = []
    calls = []
    handle, animate = view.handle, view.animate

    def traced_handle(event):
        handling.append(True)
        try:
            handle(event)
        finally:
            handling.pop()

    def traced_animate(events):
        calls.append(("animate", bool(handling)))
        animate(events)

    view.handle, view.animate = traced_handle, traced_animate
    moves = len(table.match.journal)
    driver.click(view.position_of(route[-1]))
    assert len(table.match.journal) == moves + 1
    assert calls == [("animate", False)], "the move is shown once, after the view's handler has returned"
