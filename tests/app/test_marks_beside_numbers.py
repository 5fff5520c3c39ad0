"""A last-move mark's badge sits beside a number, never on it: on every printed cell of the grimoire the badge
of a mark on that cell misses the cell's printed value."""

from __future__ import annotations

import pygame

from tabletop.app.games.dice_realms.board import grimoire_map
from tabletop.app.marks import badge_place


def circle_meets(centre: tuple[int, int], radius: int, box: pygame.Rect) -> bool:
    nearest_x = min(max(centre[0], box.left), box.right)
    nearest_y = min(max(centre[1], box.top), box.bottom)
    return (nearest_x - centre[0]) ** 2 + (nearest_y - centre[1]) ** 2 < radius ** 2


def test_a_marks_badge_never_covers_a_cells_printed_value(app):
    board = grimoire_map(app)
    text = app.text
    covered = []
    for (realm, cell), mapped in board.cells.items():
        label = mapped.label
        if not label or label == "<":
            continue
        if realm in ("red", "green"):
            shown, style = label, board.layout["cell_value"].style
        elif label.startswith(">="):
            shown, style = label[2:] + "+", board.layout["threshold"].style
        else:
            shown, style = label.replace("x", "\u00d7"), board.layout["multiplier"].style
        width, height = text.size(shown, style.font, style.size)
        printed = pygame.Rect(0, 0, width, int(height * 0.8))     # the glyphs, not the line's leading
        printed.center = mapped.rect.center
        centre, radius = badge_place(mapped.rect)
        if circle_meets(centre, radius, printed):
            covered.append(f"{realm} {cell} '{shown}'")
    assert not covered, covered[:10]
