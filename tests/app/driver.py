"""Drive the real app with posted mouse events, locating every target from the layout and the map."""

from __future__ import annotations

import pygame

from tabletop.app.main import App
from tabletop.app.screens.table import TableScene
from tabletop.games.dice_realms.intents import Bonus, Boost, Forfeit, Pass, Pick, Roll, TimeWarp
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
        return view._screen_rect(seat, view.map.cells[(realm, where)].rect).center

    def play_intent(self, intent) -> None:
        """Perform ``intent`` with clicks only, the way a player would."""
        view = self.table().view
        if isinstance(intent, Roll):
            self.click(view.buttons["roll"].rect.center)
        elif isinstance(intent, TimeWarp):
            self.click(view.buttons["time_warp"].rect.center)
        elif isinstance(intent, Forfeit):
            self.click(view.buttons["forfeit"].rect.center)
        elif isinstance(intent, Pass):
            self.click(view.buttons["skip"].rect.center)
        elif isinstance(intent, (Pick, Boost)):
            self.click(view.sprites[intent.die].rect().center)
            assert view.selected_die == intent.die, f"die {intent.die} was not selected"
            self.click(self.cell_center(intent.seat, intent.realm, intent.cell))
        elif isinstance(intent, Bonus):
            chips = dict(view.chips)
            if chips:
                self.click(chips[intent.kind].rect.center)
            self.click(self.cell_center(intent.seat, intent.realm, intent.cell))
        else:
            raise AssertionError(f"no way to click {intent}")
        self.settle()


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
