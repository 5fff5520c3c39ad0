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
