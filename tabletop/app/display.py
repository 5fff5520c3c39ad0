"""The window: one logical 1920 x 1080 picture, scaled to whatever window or screen it is shown on.

At a whole multiple of the logical size (3840 x 2160 is twice 1920 x 1080) each logical pixel becomes a
square of window pixels (nearest neighbour): every edge of the text and the dice is as sharp as at 1080p,
where smoothing would blur each by half a pixel.  There only the areas that changed since the last frame
are scaled and shown: a 4K frame is 33 MB, and scaling and sending all of it costs 20 ms or more without
a GPU (under Xvfb here), while a dice roll changes a band of the table.  What changed is found by comparing
the picture's bytes with the last one shown, band by band (exact: nothing is ever missed, so the picture is
never sent whole again but when the window loses it).  Other sizes (1366 x 768) are
smooth-scaled whole, as before.
"""

from __future__ import annotations

import os
import sys

import pygame

__all__ = ["Display", "LOGICAL_SIZE", "prefer_fast_presentation"]

LOGICAL_SIZE = (1920, 1080)

#: Rows of the logical picture compared at a time for the changed areas: one byte comparison per band.
BAND_ROWS = 8
#: Columns a changed band is cut into (each one comparison a row): finer finds less to send, at more comparisons.
COLUMNS = 8


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
        self.factor = 0                      # a whole multiple of the logical size: that factor; else 0
        self._last: Bands | None = None      # the last picture shown at a factor, band by band (None: show it whole)
        self.sent = 1.0                      # the share of the picture the last frame scaled and sent (bench)

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
        self.factor = int(self.scale) if self.scale >= 2 and self.scale == int(self.scale) else 0
        self._last = None

    def invalidate(self) -> None:
        """The window lost its picture (uncovered, say): show the next one whole."""
        self._last = None

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
        if self.factor:
            self._present_sharp()
            return
        if not self._direct:
            shown = (round(LOGICAL_SIZE[0] * self.scale), round(LOGICAL_SIZE[1] * self.scale))
            if self.offset != (0, 0):
                self.window.fill((0, 0, 0))
            target = self.window.subsurface(pygame.Rect(self.offset, shown))
            pygame.transform.smoothscale(self.logical, shown, target)
        pygame.display.flip()

    def _present_sharp(self) -> None:
        """Each logical pixel as a factor x factor square; only the areas that changed are scaled and sent."""
        assert self.window is not None
        view = memoryview(self.logical.get_view("0"))  # type: ignore[arg-type]  # the picture itself, no copy
        shape = (LOGICAL_SIZE, self.logical.get_pitch(), self.logical.get_bytesize())
        k, (ox, oy) = self.factor, self.offset
        if self._last is None:
            self._last = picture_bands(view, *shape)
            if self.offset != (0, 0):
                self.window.fill((0, 0, 0))
            shown = pygame.Rect(self.offset, (LOGICAL_SIZE[0] * k, LOGICAL_SIZE[1] * k))
            pygame.transform.scale(self.logical, shown.size, self.window.subsurface(shown))
            view.release()
            pygame.display.flip()
            self.sent = 1.0
            return
        areas = changed_areas(view, self._last, *shape)
        self.sent = sum(area.width * area.height for area in areas) / (LOGICAL_SIZE[0] * LOGICAL_SIZE[1])
        view.release()
        rects = []
        for area in areas:
            target = pygame.Rect(ox + area.x * k, oy + area.y * k, area.width * k, area.height * k)
            pygame.transform.scale(self.logical.subsurface(area), target.size, self.window.subsurface(target))
            rects.append(target)
        if rects:
            pygame.display.update(rects)

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Window pixel -> logical pixel (clamped to the picture)."""
        x = (pos[0] - self.offset[0]) / self.scale
        y = (pos[1] - self.offset[1]) / self.scale
        return (int(min(max(x, 0), LOGICAL_SIZE[0] - 1)), int(min(max(y, 0), LOGICAL_SIZE[1] - 1)))

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Logical pixel -> window pixel (for tests that post real mouse events)."""
        return (int(pos[0] * self.scale + self.offset[0]), int(pos[1] * self.scale + self.offset[1]))


#: A picture as last shown: the bytes of each band of BAND_ROWS rows.
Bands = list[bytes]


def picture_bands(view: memoryview, size: tuple[int, int], pitch: int, depth: int) -> Bands:
    """The bytes of every band of a picture (a copy: the picture is drawn over in place)."""
    step = pitch * BAND_ROWS
    return [view[top * pitch:top * pitch + step].tobytes() for top in range(0, size[1], BAND_ROWS)]


def changed_areas(view: memoryview, last: Bands, size: tuple[int, int], pitch: int, depth: int) -> list[pygame.Rect]:
    """The areas where a picture of ``size`` (rows ``pitch`` bytes apart, ``depth`` bytes a pixel) differs from
    the one ``last`` holds (``last`` then holds this one): bands of BAND_ROWS rows, each cut into COLUMNS
    columns, the changed pieces joined across and down.

    Bytes compared, not checksums of them: a checksum can miss a change (adler32 does for +1, -1 on two
    neighbouring bytes and -1, +1 on two others), and a copy of a band compares with memcmp faster than the
    checksum reads it.  A band at a time first (most bands are as they were), then the columns of a changed
    band, so a die tumbling on the left does not send the right of the table again."""
    width, height = size
    edges = [width * column // COLUMNS for column in range(COLUMNS + 1)]
    spans = [(left * depth, right * depth) for left, right in zip(edges, edges[1:])]
    step = pitch * BAND_ROWS
    areas: list[pygame.Rect] = []
    below: dict[tuple[int, int], pygame.Rect] = {}     # the last band's pieces, by their columns
    for band, top in enumerate(range(0, height, BAND_ROWS)):
        now = view[top * pitch:top * pitch + step].tobytes()
        old = last[band]
        if now == old:
            below = {}
            continue
        last[band] = now
        rows = min(BAND_ROWS, height - top)
        starts = range(0, rows * pitch, pitch)
        changed = [any(now[row + left:row + right] != old[row + left:row + right] for row in starts)
                   for left, right in spans]
        pieces: dict[tuple[int, int], pygame.Rect] = {}
        column = 0
        while column < COLUMNS:
            if not changed[column]:
                column += 1
                continue
            first = column
            while column < COLUMNS and changed[column]:
                column += 1
            span = (edges[first], edges[column])
            area = below.get(span)
            if area is not None:
                area.height += rows            # the same columns changed in the band above: one area
            else:
                area = pygame.Rect(span[0], top, span[1] - span[0], rows)
                areas.append(area)
            pieces[span] = area
        below = pieces
    return areas
