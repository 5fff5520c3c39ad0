"""The window: one logical 1920 x 1080 picture, scaled to whatever window or screen it is shown on."""

from __future__ import annotations

import os
import sys

import pygame

__all__ = ["Display", "LOGICAL_SIZE", "prefer_fast_presentation"]

LOGICAL_SIZE = (1920, 1080)


def prefer_fast_presentation() -> None:
    """Show frames through the window system's own fast path (call before the display starts).

    On X11, SDL otherwise presents the window surface through OpenGL, which on a
    software renderer (no GPU, a virtual display) costs 5 ms for even one changed pixel
    and 12 ms for a full frame; the plain shared-memory path takes about 1.4 ms.
    """
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class Display:
    """Opens the window at a size that fits the screen, letterboxes the logical picture into it."""

    def __init__(self, title: str, fullscreen: bool = False, icon: pygame.Surface | None = None) -> None:
        self.title = title
        self.icon = icon
        self.fullscreen = fullscreen
        self.logical = pygame.Surface(LOGICAL_SIZE)
        self.window: pygame.Surface | None = None
        self.scale = 1.0
        self.offset = (0, 0)
        self._direct = False

    # ---------------------------------------------------------------- window
    def open(self) -> None:
        """Create the window (or switch between window and full screen)."""
        pygame.display.set_caption(self.title)
        if self.icon is not None:
            pygame.display.set_icon(self.icon)
        if self.fullscreen:
            size = pygame.display.get_desktop_sizes()[0]
            self.window = pygame.display.set_mode(size, pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self.windowed_size(), pygame.RESIZABLE)
        self._fit()

    @staticmethod
    def windowed_size() -> tuple[int, int]:
        """A 16:9 window that fits the current screen with room for the task bar."""
        forced = os.environ.get("TABLETOP_WINDOW")
        if forced:
            width, _, height = forced.partition("x")
            return int(width), int(height)
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return LOGICAL_SIZE
        desktop_w, desktop_h = pygame.display.get_desktop_sizes()[0]
        scale = min(desktop_w * 0.94 / LOGICAL_SIZE[0], desktop_h * 0.88 / LOGICAL_SIZE[1])
        return max(640, int(LOGICAL_SIZE[0] * scale)), max(360, int(LOGICAL_SIZE[1] * scale))

    def _fit(self) -> None:
        assert self.window is not None
        width, height = self.window.get_size()
        self.scale = min(width / LOGICAL_SIZE[0], height / LOGICAL_SIZE[1])
        shown = (round(LOGICAL_SIZE[0] * self.scale), round(LOGICAL_SIZE[1] * self.scale))
        self.offset = ((width - shown[0]) // 2, (height - shown[1]) // 2)
        # At exactly the logical size, draw straight into the window: no copy, no scaling.
        self._direct = (width, height) == LOGICAL_SIZE
        self.surface = self.window if self._direct else self.logical

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size: fit the picture again.

        The window surface follows a resizable window by itself; setting the mode again
        here would ask for another resize, and some X servers answer each request with
        a new resize event (a window recreated again and again).
        """
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
            self._fit()

    def toggle_fullscreen(self) -> None:
        """F11: full screen on and off."""
        self.fullscreen = not self.fullscreen
        self.open()

    # ---------------------------------------------------------------- frames
    def present(self) -> None:
        """Show the finished logical picture."""
        assert self.window is not None
        if not self._direct:
            shown = (round(LOGICAL_SIZE[0] * self.scale), round(LOGICAL_SIZE[1] * self.scale))
            if self.offset != (0, 0):
                self.window.fill((0, 0, 0))
            target = self.window.subsurface(pygame.Rect(self.offset, shown))
            pygame.transform.smoothscale(self.logical, shown, target)
        pygame.display.flip()

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Window pixel -> logical pixel (clamped to the picture)."""
        x = (pos[0] - self.offset[0]) / self.scale
        y = (pos[1] - self.offset[1]) / self.scale
        return (int(min(max(x, 0), LOGICAL_SIZE[0] - 1)), int(min(max(y, 0), LOGICAL_SIZE[1] - 1)))

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Logical pixel -> window pixel (for tests that post real mouse events)."""
        return (int(pos[0] * self.scale + self.offset[0]), int(pos[1] * self.scale + self.offset[1]))
