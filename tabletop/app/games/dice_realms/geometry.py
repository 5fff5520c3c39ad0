"""Where things lie on the Dice Realms table: two grimoires (cells and rewards placed by the Tiled map), the
dice tray, the Forgotten Realm and the dice fields."""

from __future__ import annotations

from typing import Iterator

import pygame

from tabletop.games.dice_realms.state import DICE, Cell, State

from ...choosing import Target
from ...geometry import GeometryBase
from ...layout import Layout
from .board import GrimoireMap, MapReward

__all__ = ["DiceRealmsGeometry", "die_target", "cell_target", "reward_target"]


def die_target(die: str) -> Target:
    """The target of a die."""
    return Target("die", die)


def cell_target(seat: int, realm: str, cell: Cell) -> Target:
    """The target of a cell of ``seat``'s grimoire."""
    return Target("cell", (seat, realm, cell))


def reward_target(seat: int, reward: MapReward) -> Target:
    """The target of a printed reward (or an Emberfall column's points) of ``seat``'s grimoire: what it gives travels with
    it, so the choices can explain it without the map."""
    return Target("reward", (seat, reward.realm, reward.goal, reward.reward, reward.points))


class DiceRealmsGeometry(GeometryBase):
    """The table's places, from ``data/layouts/dice_realms.yaml`` and the grimoire's map."""

    def __init__(self, layout: Layout, board: GrimoireMap, seats: int = 2) -> None:
        super().__init__(layout, seats)
        self.map = board
        self.grimoire_rects = [pygame.Rect(layout["grimoire_0"].rect), pygame.Rect(layout["grimoire_1"].rect)]
        self.die_size = layout.setting("die_size").int(20, 200)
        self.small_die = layout.setting("small_die_size").int(20, 200)
        self.tray_slots = self.positions("tray_slots", 6)
        self.forgotten_slots = self.positions("forgotten_slots", 6)
        self.field_slots = self.positions("field_slots", 3)
        #: The labels of the Forgotten Realm, the dice tray and the dice fields (a mark's badge keeps off them).
        self.labels = [pygame.Rect(layout[name].rect) for name in ("forgotten_label", "tray_label", "fields_label")]

    # ---------------------------------------------------------------- dice
    def home(self, state: State, die: str) -> tuple[int, int, int]:
        """Where ``die`` rests in ``state``: its centre and size."""
        dice = state.dice
        if die in dice.forgotten:
            x, y = self.forgotten_slots[dice.forgotten.index(die)]
            return x, y, self.small_die
        if die in dice.fields:
            x, y = self.field_slots[dice.fields.index(die)]
            return x, y, self.small_die
        x, y = self.tray_slots[DICE.index(die)]
        return x, y, self.die_size

    def die_rect(self, state: State, die: str) -> pygame.Rect:  # type: ignore[override]  # dice by name, not a row
        """The square ``die`` covers where it rests."""
        x, y, size = self.home(state, die)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (x, y)
        return rect

    # ---------------------------------------------------------------- grimoires
    def screen_rect(self, seat: int, rect: pygame.Rect) -> pygame.Rect:
        """A map rectangle placed on ``seat``'s grimoire on screen."""
        origin = self.grimoire_rects[seat]
        sx = origin.width / self.map.size[0]
        sy = origin.height / self.map.size[1]
        return pygame.Rect(origin.x + rect.x * sx, origin.y + rect.y * sy, rect.width * sx, rect.height * sy)

    def map_point(self, seat: int, pos: tuple[int, int]) -> tuple[int, int] | None:
        """``pos`` in the map's own pixels, if it lies on ``seat``'s grimoire."""
        origin = self.grimoire_rects[seat]
        if not origin.collidepoint(pos):
            return None
        return (int((pos[0] - origin.x) * self.map.size[0] / origin.width),
                int((pos[1] - origin.y) * self.map.size[1] / origin.height))

    def cell_rect(self, seat: int, realm: str, cell: Cell) -> pygame.Rect | None:
        """Where a cell of ``seat``'s grimoire lies on screen (None for a cell the map does not draw)."""
        map_cell = self.map.cells.get((realm, cell))
        return None if map_cell is None else self.screen_rect(seat, map_cell.rect)

    # ---------------------------------------------------------------- hit-testing
    def target_at(self, state: State, pos: tuple[int, int]) -> Target | None:
        """A die, else a cell (looked up in the map's own pixels, as the map's shapes are drawn)."""
        for die in reversed(DICE):
            if self.die_rect(state, die).collidepoint(pos):
                return die_target(die)
        for seat in range(len(self.grimoire_rects)):
            point = self.map_point(seat, pos)
            if point is not None:
                cell = self.map.cell_at(point)
                if cell is not None:
                    return cell_target(seat, cell.realm, cell.cell)
        return None

    def help_target_at(self, state: State, pos: tuple[int, int]) -> Target | None:
        """A printed reward first (it lies inside a cell), then as for a click."""
        for seat in range(len(self.grimoire_rects)):
            point = self.map_point(seat, pos)
            reward = self.map.reward_at(point) if point is not None else None
            if reward is not None:
                return reward_target(seat, reward)
        return self.target_at(state, pos)

    def hits(self, state: State) -> Iterator[tuple[Target, pygame.Rect]]:
        """Dice, then every cell of both grimoires, then the printed rewards."""
        for die in reversed(DICE):
            yield die_target(die), self.die_rect(state, die)
        for seat in range(len(self.grimoire_rects)):
            for (realm, cell), map_cell in self.map.cells.items():
                yield cell_target(seat, realm, cell), self.screen_rect(seat, map_cell.rect)
        for seat in range(len(self.grimoire_rects)):
            for reward in self.map.rewards:
                yield reward_target(seat, reward), self.screen_rect(seat, reward.rect)
