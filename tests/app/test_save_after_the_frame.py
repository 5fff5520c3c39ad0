"""A move's save leaves the input path (issue 35, item 5): its record is taken after the frame that shows it, and
it is on disk before the next move is taken; a move made just before the app closes is never lost."""

from __future__ import annotations

from .click_trace import _ready_for_a_move, _route_to_a_move


def test_a_move_is_saved_after_its_frame_and_on_disk_before_the_next_is_taken(driver):
    app = driver.app
    table = _ready_for_a_move(driver, "dice-realms")
    match = table.match
    path = app.saves.files[match]
    order = []
    inside = []
    store, present, submit = app.saves.store, app.display.present, match.submit
    handle = table.view.handle

    def traced_store(m):
        order.append("store in the handler" if inside else "store")
        store(m)

    def traced_present():
        order.append("shown")
        present()

    def traced_handle(event):
        inside.append(True)
        try:
            handle(event)
        finally:
            inside.pop()

    def traced_submit(intent, **kwargs):
        # Every move before this one is on disk when it is taken.
        order.append(("submit", path.read_text() == match.record().to_json()))
        return submit(intent, **kwargs)

    app.saves.store, app.display.present, match.submit = traced_store, traced_present, traced_submit
    table.view.handle = traced_handle
    _, route = _route_to_a_move(table)
    for move in route[:-1]:
        driver.click(table.view.position_of(move))
        driver.settle()
    order.clear()
    driver.click(table.view.position_of(route[-1]))
    assert "store in the handler" not in order, "no save is taken while the click is handled"
    assert order[:3] == [("submit", True), "shown", "store"], "the move is saved once its frame is shown"
    # A move taken before any frame (a bot's, a phone's) finds the move before it on disk.
    table.view.finish_animations()
    order.clear()
    assert table.submit(table.legal()[0])
    table.view.finish_animations()
    assert table.submit(table.legal()[0])
    assert order == [("submit", True), "store", ("submit", True)], order


def test_a_move_made_just_before_the_app_closes_is_on_disk(driver):
    app = driver.app
    table = _ready_for_a_move(driver, "dice-realms")
    match = table.match
    path = app.saves.files[match]
    assert table.submit(table.legal()[0])           # no frame after it: its save is still due
    assert app.saves.due
    app.close()
    assert path.read_text() == match.record().to_json()
