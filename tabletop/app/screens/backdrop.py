"""Dice drifting and tumbling behind the menus, so the title screen looks alive at a game night."""

from __future__ import annotations

import random

import pygame


class DiceBackdrop:
    """A handful of translucent dice drifting across ``area``; purely decorative.

    They drift while people are around and come to rest ``REST_AFTER`` seconds after
    the last input, so an untouched screen costs no power; any input wakes them.
    """

    REST_AFTER = 20.0

    def __init__(self, app, area: tuple[int, int, int, int], count: int = 10, seed: int = 4,
                 dice_folder: str = "dice_realms") -> None:
        self.app = app
        self.art = app.dice_for(dice_folder)
        self.colours = tuple(self.art.kinds)
        self.area = pygame.Rect(area)
        self.random = random.Random(seed)   # the view's own generator; the rules never see it
        self.dice = [self._new(spawn_anywhere=True) for _ in range(count)]
        self.quiet = 0.0          # seconds since the last input

    @property
    def moving(self) -> bool:
        """Whether the dice still drift."""
        return self.quiet < self.REST_AFTER

    def wake(self) -> None:
        """Someone touched something: drift again."""
        self.quiet = 0.0

    def _new(self, spawn_anywhere: bool = False) -> dict:
        r = self.random
        size = r.choice((70, 90, 110, 130))
        x = r.uniform(self.area.left, self.area.right)
        y = r.uniform(self.area.top, self.area.bottom) if spawn_anywhere else self.area.bottom + size
        return {"colour": r.choice(self.colours), "value": r.randint(1, 6), "x": x, "y": y, "size": size,
                "vx": r.uniform(-25, 25), "vy": r.uniform(-55, -20), "angle": r.uniform(0, 360),
                "spin": r.uniform(-40, 40), "next_face": r.uniform(0.5, 3.0)}

    def update(self, dt: float) -> None:
        """Drift, spin, and now and then show another face (while moving)."""
        self.quiet += dt
        if not self.moving:
            return
        for index, die in enumerate(self.dice):
            die["x"] += die["vx"] * dt
            die["y"] += die["vy"] * dt
            die["angle"] = (die["angle"] + die["spin"] * dt) % 360
            die["next_face"] -= dt
            if die["next_face"] <= 0:
                die["value"] = self.random.randint(1, 6)
                die["next_face"] = self.random.uniform(1.0, 3.5)
            if die["y"] < self.area.top - die["size"] * 2:
                self.dice[index] = self._new()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the dice faintly."""
        for die in self.dice:
            self.art.draw(surface, die["colour"], die["value"], (die["x"], die["y"]), die["size"],
                                   angle=die["angle"] // 6 * 6, alpha=70)
