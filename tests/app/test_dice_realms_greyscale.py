"""Dice Realms read without colour (issue 34, item 14): in a grey picture the board that decides is not the
dimmer one, each die shows its colour's symbol large, the realms show the same symbol, and the printed rewards'
digits are of a readable size."""

import pygame

from tabletop.app.games.dice_realms.board import grimoire_map
from tabletop.app.text import MIN_READABLE
from tabletop.games.dice_realms.state import DICE

from .driver import Driver
from .test_golden_screens import greyscale, mid_game_table


def mean_luminance(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """The mean grey level (0-255) of ``rect`` in ``surface`` (already grey)."""
    return pygame.transform.average_color(surface, rect)[0]


def test_with_a_die_chosen_the_deciding_board_is_not_the_dimmer_one_in_grey(app):
    table = mid_game_table(app)
    driver = Driver(app)
    driver.settle()
    view = table.view
    die = next(iter(view.choices.die_targets))
    driver.click(view.sprites[die].rect().center)
    driver.frames(5)
    assert view.choices.cells_shown(view.hover_die), "the chosen die lights no cell"
    grey = greyscale(app.display.surface.copy())
    deciding = view.state.to_act
    other = 1 - deciding
    lit = mean_luminance(grey, view.grimoire_rects[deciding])
    rest = mean_luminance(grey, view.grimoire_rects[other])
    assert lit >= rest, f"the deciding board is darker in grey ({lit:.0f}) than the other ({rest:.0f})"


def test_each_die_shows_its_colour_symbol_large_and_its_realm_title_the_same(app):
    from tabletop.app.dice import BIG_SYMBOL
    from tabletop.games.dice_realms.tables import REALMS

    view_map = grimoire_map(app)
    art = app.dice_for("dice_realms")
    small = app.layouts["dice_realms"].setting("small_die_size").int()
    for die in DICE:
        kind = art.kinds[die]
        assert kind.symbol and kind.big_symbol, f"the {die} die tells its colour by no large symbol"
        # The smallest die (in the Forgotten Realm and the dice fields) shows a symbol of readable size.
        assert small * BIG_SYMBOL >= MIN_READABLE, (die, small * BIG_SYMBOL)
        assert art.symbol(kind.symbol, int(small * BIG_SYMBOL), kind.pips) is not None, die
    titled = {realm for _, _, realm in view_map.labels}
    for realm in REALMS:
        assert realm in titled and view_map.realm_symbol(realm, 34) is not None, \
            f"{realm}'s title does not show its die's symbol"


def test_the_rolled_dice_stay_distinct_in_greyscale(app):
    art = app.dice_for("dice_realms")
    size = app.layouts["dice_realms"].setting("small_die_size").int()
    tiles = {}
    for die in DICE:
        tile = pygame.Surface((size + 4, size + 4))
        tile.fill((40, 40, 40))
        tile.blit(art.face(die, 3, size), (2, 2))         # the same value: only the symbol may tell them apart
        tiles[die] = pygame.image.tobytes(greyscale(tile), "RGB")
    for i, a in enumerate(DICE):
        for b in DICE[i + 1:]:
            changed = sum(1 for x, y in zip(tiles[a][::3], tiles[b][::3]) if abs(x - y) > 60) / (size + 4) ** 2
            assert changed > 0.025, f"a rolled {a} 3 and a {b} 3 look alike in greyscale ({changed:.1%} differ)"


def test_the_printed_rewards_numbers_are_of_a_readable_size(app):
    board = grimoire_map(app)
    width, height = board.size
    numbered = 0
    for reward in board.rewards:
        size = min(reward.rect.width, reward.rect.height)
        label = board.icons.label_size(reward.reward, size)
        if label:
            numbered += 1
            # "+1" and "6" at the smallest readable size: 29 px here, 18 px on a 1366 x 768 screen.
            assert label >= MIN_READABLE, (reward.realm, reward.goal, reward.reward, label)
            icon = board.icons.get(reward.reward, size, width=reward.rect.width)
            assert icon.get_width() <= reward.rect.width and icon.get_height() <= reward.rect.height
        assert 0 <= reward.rect.left and reward.rect.right <= width and reward.rect.bottom <= height, reward
    assert numbered >= 10
    for token in ("arcane_boost",):
        area = board.areas[f"token:{token}"]
        assert board.icons.label_size(token, area.height - 12) >= MIN_READABLE


def test_a_marked_die_leaves_the_dice_areas_labels_readable(app):
    from tabletop.app.marks import badge_place

    table = mid_game_table(app)                   # just rolled: every die in the tray is marked
    driver = Driver(app)
    driver.settle()
    view = table.view
    labels = {name: pygame.Rect(view.layout[name].rect) for name in ("forgotten_label", "tray_label", "fields_label")}
    # Where each label's words lie (the line is wider than its words).
    words = {name: pygame.Rect(rect.topleft, (view.app.text.size(view.layout[name].text or "Ada's dice fields",
                                                                 view.layout[name].style.font,
                                                                 view.layout[name].style.size)[0], rect.height))
             for name, rect in labels.items()}
    dice = [(mark, rect) for mark, rect in view.placed_marks() if mark.target.kind == "die"]
    assert dice, "no die is marked in this position"
    # The die in the tray's first slot lies under "Dice tray": its badge must go elsewhere.
    first = pygame.Rect(view.geometry.die_rect(view.state, DICE[0]))
    dice.append((dice[0][0], first))
    for mark, rect in dice:
        (x, y), radius = badge_place(rect, view.mark_keep_off())
        badge = pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius)
        for name, area in words.items():
            assert not badge.colliderect(area), f"a die's mark covers the {name} ({rect}, badge at {(x, y)})"
