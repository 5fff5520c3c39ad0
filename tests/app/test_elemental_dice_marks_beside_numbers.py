"""Elemental Dice: a last-move mark sits beside a number, never on it (issue 34, item 9).  Its corner badge and
its brackets used to cover the Draw and Discard counts (unreadable) and the last letters of "7 gold"; over seeded
playouts, no part of any mark drawn may touch a pile's count or a player's gold."""

from __future__ import annotations

import pygame

from tabletop.app.marks import BADGE_RADIUS, BRACKET_WIDTH

from .test_last_move_marks import open_table, playout


def mark_parts(rect: pygame.Rect) -> list[pygame.Rect]:
    """Where :func:`tabletop.app.marks.draw_mark` draws on the screen for a mark round ``rect``: its corner
    badge and the two arms of each corner bracket (the tag of a face-down card is drawn on that card)."""
    around = pygame.Rect(rect).inflate(10, 10)
    arm = max(8, min(around.width, around.height) // 3) + 2
    width = BRACKET_WIDTH + 4
    radius = (BADGE_RADIUS if min(rect.width, rect.height) >= 36 else BADGE_RADIUS - 5) + 2
    badge = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    badge.center = (around.right - (radius - 2) // 2, around.top + (radius - 2) // 2)
    parts = [badge]
    for x, y, dx, dy in ((around.left, around.top, 1, 1), (around.right, around.top, -1, 1),
                         (around.left, around.bottom, 1, -1), (around.right, around.bottom, -1, -1)):
        parts.append(pygame.Rect(min(x, x + dx * arm), y - width // 2, arm, width))
        parts.append(pygame.Rect(x - width // 2, min(y, y + dy * arm), width, arm))
    return parts


def test_no_mark_covers_a_pile_count_or_the_gold(app):
    checked = 0
    for seed in (3, 11, 17):
        table = open_table(app, "elemental-dice", seed)
        view = table.view
        for entry in playout(table, seed, moves=120):
            table.shows = 0
            numbers = view.number_rects()
            for mark, rect in view.placed_marks():
                if mark.target.kind not in ("pile", "gold"):
                    continue
                checked += 1
                for part in mark_parts(rect):
                    hit = part.collidelist(numbers)
                    assert hit < 0, (f"{mark} after {entry.intent.to_str()}: its mark at {part} covers the number "
                                     f"at {numbers[hit]}")
    assert checked > 20


def test_the_check_sees_a_mark_on_a_count(app):
    """The check can fail: a mark round the whole pile (as before) covers its count."""
    table = open_table(app, "elemental-dice", 3)
    view = table.view
    pile = view.geometry.pile_rect(0, "draw")
    assert any(part.collidelist(view.number_rects()) >= 0 for part in mark_parts(pile))
    gold = pygame.Rect(36, 228, 150, 44)                  # round the whole counter, as it was laid out before
    assert any(part.collidelist(view.number_rects()) >= 0 for part in mark_parts(gold))
