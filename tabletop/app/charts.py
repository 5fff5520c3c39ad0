"""A small line chart: each player's score over a match, told apart by colour and by the shape of its points
(so it reads in greyscale too), with the name at the end of each line."""

from __future__ import annotations

from typing import Sequence, TypeVar

import pygame

from .layout import Style
from .services import AppServices

__all__ = ["draw_lines", "MARKERS", "sampled"]

T = TypeVar("T")

#: A point's shape for each seat: circle, square, triangle, diamond, cross.
MARKERS = ("circle", "square", "triangle", "diamond", "cross")


def sampled(items: Sequence[T], most: int = 48) -> list[T]:
    """At most ``most`` evenly spaced items (positions of a match, say), the first and the last always kept.

    >>> sampled(list(range(10)), 4)
    [0, 3, 6, 9]
    """
    if len(items) <= most:
        return list(items)
    step = (len(items) - 1) / (most - 1)
    return [items[round(index * step)] for index in range(most)]


def _marker(surface: pygame.Surface, shape: str, centre: tuple[int, int], size: int,
            colour: tuple[int, int, int], outline: tuple[int, int, int]) -> None:
    x, y = centre
    if shape == "square":
        points = [(x - size, y - size), (x + size, y - size), (x + size, y + size), (x - size, y + size)]
    elif shape == "triangle":
        points = [(x, y - size - 2), (x + size + 2, y + size), (x - size - 2, y + size)]
    elif shape == "diamond":
        points = [(x, y - size - 2), (x + size + 2, y), (x, y + size + 2), (x - size - 2, y)]
    elif shape == "cross":
        pygame.draw.line(surface, outline, (x - size - 1, y - size - 1), (x + size + 1, y + size + 1), 7)
        pygame.draw.line(surface, outline, (x - size - 1, y + size + 1), (x + size + 1, y - size - 1), 7)
        pygame.draw.line(surface, colour, (x - size, y - size), (x + size, y + size), 4)
        pygame.draw.line(surface, colour, (x - size, y + size), (x + size, y - size), 4)
        return
    else:
        pygame.draw.circle(surface, outline, centre, size + 2)
        pygame.draw.circle(surface, colour, centre, size)
        return
    pygame.draw.polygon(surface, outline, points, 0)
    inner = [(px + (x - px) * 0.25, py + (y - py) * 0.25) for px, py in points]
    pygame.draw.polygon(surface, colour, inner)


def spread(wanted: Sequence[int], gap: int, top: int, bottom: int) -> list[int]:
    """Places as near ``wanted`` (sorted) as can be with at least ``gap`` between neighbours, all within ``top`` to
    ``bottom`` when there is room: pushed down apart, then up from ``bottom`` where the last ones spill below.

    >>> spread([500, 500, 510], 36, 0, 520)
    [448, 484, 520]
    >>> spread([10, 200], 36, 18, 500)
    [18, 200]
    """
    placed: list[int] = []
    for y in wanted:
        placed.append(max(y, top, placed[-1] + gap if placed else top))
    for index in range(len(placed) - 1, -1, -1):
        limit = bottom if index == len(placed) - 1 else placed[index + 1] - gap
        placed[index] = min(placed[index], limit)
    return placed


def draw_lines(app: AppServices, surface: pygame.Surface, area: pygame.Rect, series: Sequence[Sequence[int]],
               names: Sequence[str], colours: Sequence[tuple[int, int, int]], label: Style, axis: Style) -> None:
    """``series[k][seat]``: each seat's score at the k-th sampled position; drawn left to right in ``area``."""
    if not series or not names:
        return
    theme = app.layouts.theme
    low = min(0, min(min(row) for row in series))
    high = max(1, max(max(row) for row in series))
    # The names' column is as wide as the widest name needs (a marker, then the name), up to a fifth of the chart.
    legend = min(area.width // 5, 40 + max(app.text.size(name, label.font, label.size)[0] for name in names))
    plot = pygame.Rect(area.x + 70, area.y + 10, area.width - 70 - legend - 16, area.height - 50)
    outline = theme.rgb("background")
    pygame.draw.line(surface, theme.rgb("text_dim"), plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, theme.rgb("text_dim"), plot.bottomleft, plot.topleft, 2)
    for value in (low, high):
        y = plot.bottom - (value - low) / (high - low) * plot.height
        app.text.draw(surface, str(value), axis, pygame.Rect(area.x, int(y) - 18, 62, 36))
    app.text.draw(surface, "start", axis, pygame.Rect(plot.x - 30, plot.bottom + 6, 100, 34))
    app.text.draw(surface, "end", axis, pygame.Rect(plot.right - 70, plot.bottom + 6, 100, 34))
    count = len(series)
    ends: list[tuple[int, int]] = []
    for seat, name in enumerate(names):
        points = [(plot.x + round(index * plot.width / max(1, count - 1)),
                   round(plot.bottom - (row[seat] - low) / (high - low) * plot.height))
                  for index, row in enumerate(series)]
        colour = colours[seat]
        if len(points) > 1:
            pygame.draw.lines(surface, outline, False, points, 7)
            pygame.draw.lines(surface, colour, False, points, 4)
        every = max(1, count // 8)
        for index, point in enumerate(points):
            if index % every == 0 or index == count - 1:
                _marker(surface, MARKERS[seat % len(MARKERS)], point, 7, colour, outline)
        ends.append((points[-1][1], seat))
    # Names at the ends of their lines, pushed apart so two close ends never overlap, and kept in the chart.
    for y, seat in zip(spread([y for y, _ in sorted(ends)], 36, area.top + 18, area.bottom - 18),
                       [seat for _, seat in sorted(ends)]):
        box = pygame.Rect(plot.right + 16, y - 18, legend, 36)
        _marker(surface, MARKERS[seat % len(MARKERS)], (box.x + 8, box.centery), 7, colours[seat], outline)
        app.text.draw(surface, names[seat], label, box.move(24, 0).inflate(-24, 0), colour=(*colours[seat], 255),
                      shrink=True)
