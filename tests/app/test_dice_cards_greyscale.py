"""Dice Cards read without colour (issue 34, item 14): the icon of each ability row tells its archetype by a
symbol large enough to read, so in a grey picture abilities of different archetypes stay apart."""

import pygame

from tabletop.app.cards import RowFace, draw_row
from tabletop.registry import get_rules

from .test_golden_screens import dice_cards_table, greyscale


def test_each_archetypes_ability_rows_stay_distinct_in_greyscale(app):
    table = dice_cards_table(app, 2026, lambda s: s.flow.turn >= 1 and s.flow.stage == "main")
    view = table.view
    look = view.painter.ability_look
    content = get_rules("dice-cards").content
    archetypes = sorted(content.archetypes)
    row = pygame.Rect(0, 0, 490, 37)
    icons = {}
    for archetype in archetypes:
        tile = pygame.Surface(row.size)
        tile.fill((18, 24, 38))
        # The same number and the same name: only the archetype's colour and symbol differ.
        draw_row(tile, row, RowFace("Ability", cost="Single", die=(archetype, 1)), look, app.text, view.art)
        icons[archetype] = pygame.image.tobytes(greyscale(tile.subsurface((0, 0, 52, 37))), "RGB")
    pixels = 52 * 37
    worst = []
    for i, a in enumerate(archetypes):
        assert content.archetypes[a].symbol, a
        for b in archetypes[i + 1:]:
            changed = sum(1 for x, y in zip(icons[a][::3], icons[b][::3]) if abs(x - y) > 60) / pixels
            brightness = abs(sum(icons[a][::3]) - sum(icons[b][::3])) / pixels
            worst.append((changed, a, b))
            assert changed > 0.06, \
                f"{a} and {b} abilities look alike in grey ({changed:.1%} of the icon differs, {brightness:.0f} apart)"
    print("closest pair in grey:", min(worst))
