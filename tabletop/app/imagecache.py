"""A cache of rendered images bounded by the pixel memory it holds (the text, dice and cards of every game).

A game night runs for hours: whatever is kept "because it will be drawn again" must have a ceiling, or a
night of demo games renders every log line, die and card at every size into memory.  Least recently used
images go first, so what every frame draws stays."""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Hashable

import pygame

__all__ = ["ImageCache", "pixel_bytes"]


def pixel_bytes(surface: pygame.Surface) -> int:
    """The memory ``surface``'s pixels take."""
    return surface.get_pitch() * surface.get_height()


class ImageCache:
    """Images by key, at most ``max_items`` of them holding at most ``max_bytes`` of pixels."""

    def __init__(self, max_bytes: int, max_items: int = 100_000) -> None:
        self.max_bytes = max_bytes
        self.max_items = max_items
        self.bytes = 0                                   # the pixels held now, kept exact
        self._images: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._images)

    def get(self, key: Hashable) -> pygame.Surface | None:
        """The image kept for ``key`` (now the most recently used), or None."""
        image = self._images.get(key)
        if image is not None:
            self._images.move_to_end(key)
        return image

    def put(self, key: Hashable, image: pygame.Surface) -> pygame.Surface:
        """Keep ``image`` for ``key``, dropping the least recently used beyond the budget; returns ``image``."""
        old = self._images.pop(key, None)
        if old is not None:
            self.bytes -= pixel_bytes(old)
        self._images[key] = image
        self.bytes += pixel_bytes(image)
        # The newest always stays, even alone over the budget: it is about to be drawn.
        while len(self._images) > 1 and (len(self._images) > self.max_items or self.bytes > self.max_bytes):
            self.bytes -= pixel_bytes(self._images.popitem(last=False)[1])
        return image

    def fetch(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The image for ``key``, made by ``make`` the first time (and again after it was dropped)."""
        image = self.get(key)
        return image if image is not None else self.put(key, make())

    def images(self) -> list[pygame.Surface]:
        """The images held now (oldest first)."""
        return list(self._images.values())
