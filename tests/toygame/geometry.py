"""Where things lie on the Secret Trick table (``layout.yaml``): a panel and a played-card slot per seat, the
fanned hand of the seat the screen shows, the deck and the collected cards."""

from __future__ import annotations

from typing import Iterator

import pygame

from tabletop.app.cards import fan_slots
from tabletop.app.choosing import Target
from tabletop.app.geometry import GeometryBase
from tabletop.app.layout import Layout

from .choices import DECK, TAKEN, card_target
from .rules import HIDDEN

__all__ = ["SecretTrickGeometry"]


class SecretTrickGeometry(GeometryBase):
    """The table's places for this many seats and the seat the screen shows (``shows``: whose hand)."""

    def __init__(self, layout: Layout, seats: int, shows: int | None = None) -> None:
        super().__init__(layout, seats)
        self.shows = shows
        self.hand_area = pygame.Rect(layout["hand"].rect)
        self.hand_card: tuple[int, int] = (layout["hand_card"].rect[2], layout["hand_card"].rect[3])
        self.deck_rect = pygame.Rect(layout["deck"].rect)
        self.taken_rect = pygame.Rect(layout["taken"].rect)
        self.panel_rects = [pygame.Rect(layout[f"seat_{seat}"].rect) for seat in range(seats)]

    def hand(self, state) -> tuple[str, ...]:
        """The shown seat's cards."""
        if self.shows is None:
            return ()
        return tuple(card for card in state.hands[self.shows] if card != HIDDEN)

    def hand_slots(self, count: int) -> list[tuple[pygame.Rect, float]]:
        """Where each of ``count`` cards of the hand lies, and its tilt."""
        return fan_slots(self.hand_area, self.hand_card, count, 16, 0.8)

    def played_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's card of this trick lies: under its panel."""
        slot = pygame.Rect(self.layout["played"].rect)
        slot.centerx = self.panel_rects[seat].centerx
        return slot

    def hits(self, state) -> Iterator[tuple[Target, pygame.Rect]]:
        """The hand's cards (the topmost, the last, first), then the piles."""
        hand = self.hand(state)
        slots = self.hand_slots(len(hand))
        for index in reversed(range(len(hand))):
            yield card_target(hand[index]), slots[index][0]
        yield TAKEN, self.taken_rect
        yield DECK, self.deck_rect
