"""Drive the real app with posted mouse events, locating every target from the layout and the map."""

from __future__ import annotations

import pygame

from tabletop.app.main import App
from tabletop.app.screens.table import TableScene
from tabletop.app.choosing import route_to
from tabletop.games.dice_realms.state import Cell


class Driver:
    """Posts real input events to the app and runs frames."""

    def __init__(self, app: App) -> None:
        self.app = app

    def frames(self, count: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(count):
            self.app.frame(dt)

    def settle(self, limit: int = 2000) -> None:
        """Run frames until the top scene stops animating (or ``limit`` frames)."""
        self.frames(1)
        for _ in range(limit):
            table = self.app.scenes.top
            if not isinstance(table, TableScene) or not table.view.busy:
                break
            self.frames(1)
        self.frames(1)

    def click(self, logical: tuple[int, int], button: int = 1) -> None:
        """A real click at a logical position (converted to window pixels, as the OS would send it)."""
        pos = self.app.display.to_window((int(logical[0]), int(logical[1])))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames(1)

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=""))
        self.frames(1)

    def type_text(self, text: str) -> None:
        for ch in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        self.frames(1)

    # ---------------------------------------------------------------- Dice Realms
    def table(self) -> TableScene:
        scene = self.app.scenes.top
        assert isinstance(scene, TableScene), scene
        return scene

    def cell_center(self, seat: int, realm: str, cell: "Cell | str") -> tuple[int, int]:
        view = self.table().view
        where = cell if isinstance(cell, Cell) else Cell.from_text(cell)
        return view.geometry.cell_rect(seat, realm, where).center

    def through_cover(self) -> None:
        """Click "I'm ready" while the pass-the-device cover is up (any game)."""
        for _ in range(5):
            top = self.app.scenes.top
            if top.scene_name != "pass_device":
                return
            self.click(top.ready.rect.center)
            self.settle()

    def play_intent(self, intent, choices_class=None) -> None:
        """Perform ``intent`` with clicks only, the way a player would: the shortest click sequence the game's
        choices offer for it, each click posted at the place the view shows it (any game)."""
        click_route(self, intent, choices_class)
        self.settle()


def click_route(driver: Driver, intent, choices_class=None) -> None:
    """Click through the route the table's choices offer from the current selection to ``intent``.

    ``choices_class`` (default: the view's own) may be a test's variant of the game's choices that offers fewer
    clicks, so that the route takes another of the table's ways (answers from the menu rather than the table)."""
    table = driver.app.scenes.find("table")
    view = table.view
    make = choices_class or view.Choices
    route = route_to(lambda selection: make(view.seen(), selection), intent, view.selection)
    assert route is not None, f"no click sequence sends {intent}"
    for move in route:
        pos = view.position_of(move)
        if pos is None:
            driver.click((960, 1070), button=3)        # a right click clears the selection
        else:
            driver.click(pos)


def open_new_game(driver: Driver, game_id: str, players: int | None = None) -> TableScene:
    """Title -> New game -> the game's tile -> (add seats up to ``players``) -> Start: the table, by clicks."""
    app = driver.app
    driver.click(app.scenes.top.buttons[1].rect.center)                 # New game
    picker = app.scenes.top
    driver.click(dict(picker.tiles)[game_id].center)
    seats = app.scenes.top
    assert seats.scene_name == "seats"
    while players is not None and len(seats.fields) < players:
        driver.click(seats.add_button.rect.center)
    driver.click(seats.buttons[0].rect.center)                          # Start
    table = app.scenes.find("table")
    assert table is not None
    return table
