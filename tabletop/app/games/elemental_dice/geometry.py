"""Where things lie on the Elemental Dice table: two player columns, the seven dice, the chain, the shop, the
hand of the seat at the screen and the card picker over the middle.

The layout is ``data/layouts/elemental_dice.yaml``; a player's column is seat 0's
moved right by ``column_step`` per seat.  Besides the seat count, three things of
the screen decide where cards lie: the seat in front of it (whose hand is shown),
whether the card picker is open (and how many cards it holds) and how far it is
scrolled.  A geometry is made for them with :meth:`ElementalDiceGeometry.screen`
and never changes.
"""

from __future__ import annotations

import copy
from typing import Iterator

import pygame

from tabletop.games.elemental_dice.cards import DICE
from tabletop.games.elemental_dice.state import State

from ...cards import fan_slots, grid_rects
from ...choosing import Target
from ...geometry import GeometryBase
from ...layout import Layout
from .help import PILES

__all__ = ["ElementalDiceGeometry"]


class ElementalDiceGeometry(GeometryBase):
    """The table's places for a seat count and one screen (its shows, the picker's cards and scroll)."""

    def __init__(self, layout: Layout, seats: int, shows: int | None = None, picker: int | None = None,
                 scroll: int = 0) -> None:
        super().__init__(layout, seats)
        self.shows = shows              # whose hand is shown (None: nobody's)
        self.picker = picker              # the picker's number of cards (None: it is closed)
        self.scroll = scroll              # how far the picker is scrolled
        setting = layout.setting
        self.column_step = setting("column_step").int(0, 1920)
        self.die_size = setting("die_size").int(20, 200)
        centres = [item.point() for item in setting("dice")]
        if len(centres) != len(DICE):
            raise setting("dice").error(f"expected {len(DICE)} die positions, got {len(centres)}")
        self.die_centres: dict[str, tuple[int, int]] = dict(zip(DICE, centres))
        self.pile_step = setting("pile_step").int(0, 400)
        self.facedown_step = setting("facedown_step").int(0, 400)
        self.chip_step = setting("chip_step").int(0, 200)
        self.chip_room = setting("chips").int(1, 20)
        self.chain_step = setting("chain_step").int(10, 600)
        self.shop_step = setting("shop_step").int(0, 400)
        self.hand_area = pygame.Rect(layout["hand"].rect)
        self.hand_card = layout["hand_card"].rect[2], layout["hand_card"].rect[3]
        self.picker_area = pygame.Rect(layout["picker_cards"].rect)
        self.picker_card = layout["picker_card"].rect[2], layout["picker_card"].rect[3]
        self.shop_label = pygame.Rect(layout["shop_label"].rect)

    def screen(self, shows: int | None, picker: int | None, scroll: int) -> "ElementalDiceGeometry":
        """The same table for a screen with this shows, picker and scroll (itself if they are the same)."""
        if (shows, picker, scroll) == (self.shows, self.picker, self.scroll):
            return self
        other = copy.copy(self)
        other.shows, other.picker, other.scroll = shows, picker, scroll
        return other

    # ---------------------------------------------------------------- places
    def at(self, name: str, seat: int) -> pygame.Rect:
        """Element ``name`` of a player's column, placed in ``seat``'s column."""
        return pygame.Rect(self.layout[name].rect).move(seat * self.column_step, 0)

    def die_at(self, die: str) -> pygame.Rect:
        """The square ``die`` covers in the tray."""
        rect = pygame.Rect(0, 0, self.die_size, self.die_size)
        rect.center = self.die_centres[die]
        return rect

    def facedown_rect(self, seat: int, index: int) -> pygame.Rect:
        """A player's ``index``-th face-down place."""
        return self.at("facedown_slot", seat).move(index * self.facedown_step, 0)

    def chip_rect(self, seat: int, index: int) -> pygame.Rect:
        """A player's ``index``-th card in play."""
        return self.at("chip", seat).move(0, index * self.chip_step)

    def shop_rect(self, index: int) -> pygame.Rect:
        """The ``index``-th card of the shop row."""
        return pygame.Rect(self.layout["shop_card"].rect).move(index * self.shop_step, 0)

    def pile_rect(self, seat: int, pile: str) -> pygame.Rect:
        """A player's deck, discard or removed pile."""
        return self.at("pile", seat).move(PILES.index(pile) * self.pile_step, 0)

    def pile_count_rect(self, seat: int, pile: str, badge: tuple[int, int]) -> pygame.Rect:
        """Where a pile's count (a ``badge``-sized box centred near its top right corner) is printed."""
        rect = self.pile_rect(seat, pile)
        box = pygame.Rect(0, 0, *badge)
        box.center = (rect.right - 6, rect.top + 6)
        return box

    def pile_mark_rect(self, seat: int, pile: str, badge: tuple[int, int]) -> pygame.Rect:
        """What a mark on a pile goes round: the pile below its count, so the mark's corner badge (its top right,
        :func:`tabletop.app.marks.draw_mark`) and brackets sit beside the count, never on it."""
        rect = self.pile_rect(seat, pile)
        top = self.pile_count_rect(seat, pile, badge).bottom + 20
        return pygame.Rect(rect.x, top, rect.width, max(36, rect.bottom - top))

    def gold_text_rect(self, seat: int, width: int) -> pygame.Rect:
        """Where a player's gold is written, ``width`` wide (after its coin, as the counter draws it)."""
        gold = self.at("gold", seat)
        return pygame.Rect(gold.x + gold.height + 8, gold.y, width, gold.height)

    def gold_mark_rect(self, seat: int) -> pygame.Rect:
        """What a mark on a player's gold goes round: the coin, moved left so that the mark's corner badge
        covers the coin and not the number after it."""
        gold = self.at("gold", seat)
        return pygame.Rect(gold.x - 16, gold.y, gold.height, gold.height)

    def chain_rect(self, state: State, index: int) -> pygame.Rect:
        """Where the ``index``-th card of the chain lies (oldest left), squeezed when there are many."""
        count = len(state.flow.chain) + (1 if state.flow.executing else 0)
        base = pygame.Rect(self.layout["chain_card"].rect)
        area = pygame.Rect(self.layout["chain"].rect).inflate(-32, 0)
        step = self.chain_step
        if count > 1:
            step = min(step, (area.width - base.width) // (count - 1))
        return base.move(index * step, 0)

    def chain_count(self, state: State) -> int:
        """Cards on the chain, the one taking effect included."""
        return len(state.flow.chain) + (1 if state.flow.executing else 0)

    def hand_slots(self, count: int) -> list[tuple[pygame.Rect, float]]:
        """Where each card of a hand of ``count`` lies, and its tilt: side by side while they fit."""
        return fan_slots(self.hand_area, self.hand_card, count, 10, 1.0)

    def hand_point(self, count: int, index: int) -> tuple[int, int]:
        """A point of the ``index``-th card of a hand that the next card does not cover (where to click it)."""
        slots = self.hand_slots(count)
        rect = slots[index][0]
        right = min(rect.right, slots[index + 1][0].left) if index + 1 < count else rect.right
        return (rect.left + right) // 2, rect.centery

    def picker_rects(self, count: int) -> list[pygame.Rect]:
        """Where each of the picker's cards lies at the screen's scroll."""
        return grid_rects(self.picker_area, self.picker_card, count, 12, self.scroll)

    def hand(self, state: State) -> tuple[str, ...]:
        """The hand shown: the shows's."""
        return () if self.shows is None else state.players[self.shows].hand

    # ---------------------------------------------------------------- hit-testing
    def hits(self, state: State) -> Iterator[tuple[Target, pygame.Rect]]:
        """In the picker, its cards (where they show); else the dice, the hand (the card on top first), the
        face-down cards, the shop, the piles and the shop's label."""
        if self.picker is not None:
            for index, rect in enumerate(self.picker_rects(self.picker)):
                shown = rect.clip(self.picker_area)
                if shown.width and shown.height:
                    yield Target("pick", index), shown
            return
        for die in DICE:
            yield Target("die", die), self.die_at(die)
        hand = self.hand(state)
        slots = self.hand_slots(len(hand))
        for index in reversed(range(len(hand))):
            yield Target("hand", hand[index]), slots[index][0]
        for seat, player in enumerate(state.players):
            for index in range(len(player.facedown)):
                yield Target("facedown", (seat, index)), self.facedown_rect(seat, index)
        for index, card in enumerate(state.shop_row):
            yield Target("shop", card), self.shop_rect(index)
        for seat in range(len(state.players)):
            for pile in PILES:
                yield Target("pile", (seat, pile)), self.pile_rect(seat, pile)
        yield Target("shop_label"), self.shop_label

    def help_hits(self, state: State) -> Iterator[tuple[Target, pygame.Rect]]:
        """The dice; for each player the cards in play, face-down cards, piles, HP, gold and actions; the shop."""
        for die in DICE:
            yield Target("die", die), self.die_at(die)
        room = self.chip_room
        for seat, player in enumerate(state.players):
            chips = len(player.lasting) + len(player.passives)
            for index in range(min(chips, room)):
                yield Target("chip", (seat, index)), self.chip_rect(seat, index)
            if chips > room:
                yield Target("more", (seat, room)), self.chip_rect(seat, room)
            for index in range(len(player.facedown)):
                yield Target("facedown", (seat, index)), self.facedown_rect(seat, index)
            for pile in PILES:
                yield Target("pile", (seat, pile)), self.pile_rect(seat, pile)
            for name in ("hp", "gold", "actions"):
                yield Target(name, seat), self.at(name, seat)
        yield Target("shop_label"), self.shop_label
