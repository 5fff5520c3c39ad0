"""The table view of each game the app can show; the picker offers exactly these games."""

from __future__ import annotations

import importlib

__all__ = ["PLAYABLE", "make_view", "tile_art", "result_rows"]

#: game id -> (module, view class) for every game with a table view.
_VIEWS = {
    "dice-realms": ("tabletop.app.games.dice_realms.view", "DiceRealmsView"),
}
PLAYABLE = tuple(_VIEWS)


def make_view(app, table, match):
    """The view that draws ``match`` on the table and turns clicks into intents."""
    module, name = _VIEWS[match.game]
    return getattr(importlib.import_module(module), name)(app, table, match)


def result_rows(game_id: str) -> list[tuple[str, str]]:
    """The rows of the results table: (label, key of the outcome's breakdown)."""
    module, _ = _VIEWS[game_id]
    return list(getattr(importlib.import_module(module), "RESULT_ROWS"))


def tile_art(game_id: str) -> str | None:
    """An image (under art/) shown on the game's tile in the picker."""
    return {"dice-realms": "dice_realms/creatures/dragon.png"}.get(game_id)
