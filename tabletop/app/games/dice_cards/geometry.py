"""Where things lie on the Dice Cards playmat: two mats, mirrored across the centre line, the duelist in front
of the screen (``near``) at the bottom; each duelist's abilities at the right; before the duel, the archetype
cards of the deck choice.  Pure: the layout and a state in, rectangles out."""

from __future__ import annotations

from typing import Iterator, Sequence

import pygame

from tabletop.games.dice_cards.content import Content
from tabletop.games.dice_cards.state import State, Unit

from ...choosing import Target
from ...geometry import GeometryBase
from ...layout import Layout
from .stages import Stage, field_tokens

__all__ = ["DiceCardsGeometry", "ZONES"]

#: The zones of a mat, in the order a hover explains them.
ZONES = ("stock", "grave", "field_zone", "unit_zone", "shield_zone", "charge_zone", "hand", "abilities")


class DiceCardsGeometry(GeometryBase):
    """The playmat's places for the screen of seat ``near`` (its mat at the bottom), from
    ``data/layouts/dice_cards.yaml``."""

    def __init__(self, layout: Layout, content: Content, near: int) -> None:
        super().__init__(layout, 2)
        self.content = content
        self.near = near
        setting = layout.setting
        self.mirror_y = setting("mirror_y").int()
        self.unit_step = setting("unit_step").int()
        self.unit_die = setting("unit_die").int(20, 200)
        self.hand_die = setting("hand_die").int(20, 200)
        self.far_hand_die = setting("far_hand_die").int()
        self.captive_die = setting("captive_die").int()
        self.equip_die = setting("equip_die").int()
        self.near_unit_zone = pygame.Rect(layout["unit_zone"].rect)
        self.centre_line = pygame.Rect(layout["centre_line"].rect)

    # ---------------------------------------------------------------- mats
    def zone(self, name: str, seat: int) -> pygame.Rect:
        """Zone ``name`` of ``seat``'s mat (the far mat is the near one mirrored)."""
        rect = pygame.Rect(self.layout[name].rect)
        if seat != self.near:
            rect.y = self.mirror_y - rect.y - rect.height
        return rect

    def flip(self, seat: int, y: int) -> int:
        """A height on the near mat, placed on ``seat``'s mat."""
        return y if seat == self.near else self.mirror_y - y

    @staticmethod
    def field_units(state: State, seat: int) -> list[Unit]:
        """``seat``'s units on its Unit zone (captives lie behind their captors)."""
        return [u for u in state.units if u.owner == seat and u.captor < 0]

    def unit_centre(self, seat: int, index: int) -> tuple[int, int]:
        """Where the die of unit ``index`` of ``seat``'s Unit zone lies."""
        zone = self.zone("unit_zone", seat)
        return zone.x + self.unit_step // 2 + index * self.unit_step, self.flip(seat, self.near_unit_zone.y + 74)

    def unit_rects(self, state: State) -> dict[int, pygame.Rect]:
        """Where each unit may be clicked: its slot on its owner's mat; a captive's, behind its captor."""
        out: dict[int, pygame.Rect] = {}
        step = self.unit_step
        zone_h = self.near_unit_zone.height
        for seat in range(2):
            zone = self.zone("unit_zone", seat)
            for index, unit in enumerate(self.field_units(state, seat)):
                x, _ = self.unit_centre(seat, index)
                out[unit.uid] = pygame.Rect(x - step // 2 + 4, zone.y + 4, step - 8, zone_h - 8)
        size = self.captive_die
        for unit in state.units:
            if unit.captor >= 0 and unit.captor in out:
                centre = self.captive_centre(state, unit.captor)
                out[unit.uid] = pygame.Rect(centre[0] - size // 2 - 4, centre[1] - size // 2 - 4, size + 8, size + 8)
        return out

    def captive_centre(self, state: State, captor: int) -> tuple[int, int]:
        """Where the captive of ``captor`` lies: below the captor's right equip slot, clear of its Power."""
        unit = state.unit(captor)
        index = [u.uid for u in self.field_units(state, unit.owner)].index(captor)
        x, y = self.unit_centre(unit.owner, index)
        return x + 66, self.flip(unit.owner, self.flip(unit.owner, y) + 42)

    def relic_rect(self, state: State, uid: int) -> pygame.Rect:
        """Where a relic equipped to unit ``uid`` lies: in an equip slot of the unit."""
        rect = self.unit_rects(state).get(uid, pygame.Rect(0, 0, 0, 0))
        unit = state.unit(uid) if any(u.uid == uid for u in state.units) else None
        side = 1 if unit is not None and unit.equips else -1
        centre = (rect.centerx + side * 66, rect.y + 74 if unit is None or unit.owner == self.near
                  else rect.bottom - 74)
        out = pygame.Rect(0, 0, self.equip_die, self.equip_die)
        out.center = centre
        return out

    def hand_centre(self, seat: int, index: int, count: int) -> tuple[int, int]:
        """Where die ``index`` of a hand of ``count`` lies (the dice close up when the hand is long)."""
        setting = self.layout.setting
        zone = self.zone("hand", seat)
        step = setting("hand_step").int()
        room = zone.right - setting("hand_x").int() - 40
        if count > 1 and step * (count - 1) > room:
            step = room // (count - 1)
        return setting("hand_x").int() + 40 + index * step, zone.centery

    def hand_size(self, seat: int) -> int:
        """The size of ``seat``'s hand dice (the far hand's are smaller)."""
        return self.hand_die if seat == self.near else self.far_hand_die

    def hand_rects(self, state: State, seat: int) -> list[pygame.Rect]:
        """Where each die of ``seat``'s hand lies."""
        count = len(state.duelists[seat].hand)
        size = self.hand_size(seat)
        out = []
        for index in range(count):
            rect = pygame.Rect(0, 0, size, size)
            rect.center = self.hand_centre(seat, index, count)
            out.append(rect)
        return out

    def token_rects(self, state: State, seat: int) -> list[tuple[pygame.Rect, str, str]]:
        """The Field zone's tokens: (rect, ability, kind) for realm and field tokens and unequipped relics."""
        setting = self.layout.setting
        size, step = setting("token_die").int(), setting("token_step").int()
        zone = self.zone("field_zone", seat)
        out = []
        for index, (ability, kind) in enumerate(field_tokens(state.duelists[seat])):
            row, col = divmod(index, 3)
            rect = pygame.Rect(0, 0, size, size)
            y = zone.y + 48 + row * 96 if seat == self.near else zone.bottom - 48 - row * 96
            rect.center = (zone.x + 48 + col * step, y)
            out.append((rect, ability, kind))
        return out

    def shield_rects(self, state: State, seat: int) -> list[pygame.Rect]:
        """Where each of ``seat``'s shields lies, the foremost first."""
        setting = self.layout.setting
        size, step = setting("shield_die").int(), setting("shield_step").int()
        zone = self.zone("shield_zone", seat)
        out = []
        for index in range(len(state.duelists[seat].shields)):
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (zone.x + 50 + index * step, zone.centery)
            out.append(rect)
        return out

    def energy_rect(self, seat: int, value: int) -> pygame.Rect:
        """Where ``seat``'s energy tokens of ``value`` lie."""
        setting = self.layout.setting
        size, step = setting("energy_die").int(), setting("energy_step").int()
        zone = self.zone("charge_zone", seat)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (zone.x + 50 + (value - 1) * step, zone.centery)
        return rect

    def ability_rects(self, state: State, seat: int) -> list[tuple[pygame.Rect, str]]:
        """The rows of ``seat``'s abilities (none while the deck is not shown)."""
        zone = self.zone("abilities", seat)
        base = pygame.Rect(self.layout["ability_row"].rect)
        step = self.layout.setting("ability_step").int()
        return [(pygame.Rect(base.x, zone.y + 4 + index * step, base.width, base.height), ability.ability_id)
                for index, ability in enumerate(self.content.abilities_of(state.duelists[seat].deck))]

    def deck_card_rect(self, index: int) -> pygame.Rect:
        """The archetype card ``index`` of the deck choice."""
        setting = self.layout.setting
        columns = setting("deck_columns").int(1, 6)
        row, col = divmod(index, columns)
        return pygame.Rect(self.layout["deck_card"].rect).move(col * setting("deck_step_x").int(),
                                                               row * setting("deck_step_y").int())

    # ---------------------------------------------------------------- the menu
    def menu_shift(self, state: State, count: int, units: set[int]) -> int:
        """How far the menu of ``count`` answers moves down: over the near mat when one of ``units`` (those that
        glow) lies on the far mat, so the menu never hides what it asks about."""
        if not count:
            return 0
        rects = self.unit_rects(state)
        if not any(rects[uid].centery < self.centre_line.centery for uid in units if uid in rects):
            return 0
        top = pygame.Rect(self.layout["menu"].rect).y
        bottom = self.layout.setting("menu_bottom").int()
        return bottom - (70 + count * self.layout.setting("menu_step").int()) - top

    def menu_item_rect(self, index: int, shift: int) -> pygame.Rect:
        """Where answer ``index`` of the menu lies."""
        return pygame.Rect(self.layout["menu_item"].rect).move(0, shift + index * self.layout.setting("menu_step").int())

    def menu_box(self, count: int, shift: int) -> pygame.Rect:
        """The menu's panel for ``count`` answers."""
        box = pygame.Rect(self.layout["menu"].rect).move(0, shift)
        box.height = 70 + count * self.layout.setting("menu_step").int()
        return box

    def click_point(self, state: State, target: Target, covered: Sequence[pygame.Rect] = ()) -> tuple[int, int] | None:
        """Where a player clicks ``target``: a point of it outside the ``covered`` rectangles (the buttons over the
        table) that a click there lands on (its centre if none is; None if it is not on the table)."""
        rect = self.rect_of(state, target)
        if rect is None:
            return None
        for dy in (0, -0.2, 0.2, -0.37, 0.37, -0.5, 0.5):
            for dx in (0, -0.33, 0.33):
                point = (round(rect.centerx + dx * rect.width), round(rect.centery + dy * rect.height))
                if (rect.collidepoint(point) and not any(c.collidepoint(point) for c in covered)
                        and self.target_at(state, point) == target):
                    return point
        return rect.center

    # ---------------------------------------------------------------- hit-testing
    def hits(self, state: State) -> Iterator[tuple[Target, pygame.Rect]]:
        """Before the duel the archetype cards; then relics on units (they lie inside their unit's slot), units
        (captives first: they lie on their captors), hand dice, ability rows and Field zone tokens."""
        if state.flow.stage == Stage.DECK:
            for index, archetype in enumerate(self.content.archetypes):
                yield Target("deck", archetype), self.deck_card_rect(index)
            return
        for seat in range(2):
            for relic in state.duelists[seat].relics:
                if relic.host >= 0:
                    yield Target("relic", (seat, relic.ability, relic.host)), self.relic_rect(state, relic.host)
        for uid, rect in reversed(self.unit_rects(state).items()):
            yield Target("unit", uid), rect
        for seat in range(2):
            for index, rect in enumerate(self.hand_rects(state, seat)):
                yield Target("hand", (seat, index)), rect
        for seat in range(2):
            for rect, ability in self.ability_rects(state, seat):
                yield Target("ability", (seat, ability)), rect
        for seat in range(2):
            for rect, ability, kind in self.token_rects(state, seat):
                yield Target("token", (seat, ability, kind)), rect

    def help_hits(self, state: State) -> Iterator[tuple[Target, pygame.Rect]]:
        """What a hover explains: units (captives first), then each mat's abilities, tokens, shields, energy, hand
        dice and zones."""
        if state.flow.stage == Stage.DECK:
            yield from self.hits(state)
            return
        for uid, rect in reversed(self.unit_rects(state).items()):
            yield Target("unit", uid), rect
        for seat in range(2):
            for rect, ability in self.ability_rects(state, seat):
                yield Target("ability", (seat, ability)), rect
            for rect, ability, kind in self.token_rects(state, seat):
                yield Target("token", (seat, ability, kind)), rect
            for index, rect in enumerate(self.shield_rects(state, seat)):
                yield Target("shield", (seat, index)), rect
            for value in range(1, 7):
                yield Target("energy", (seat, value)), self.energy_rect(seat, value)
            for index, rect in enumerate(self.hand_rects(state, seat)):
                yield Target("hand", (seat, index)), rect
            for name in ZONES:
                yield Target("zone", (seat, name)), self.zone(name, seat)
