"""The table view of each game; which class draws which game is in :mod:`tabletop.registry`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.registry import entry, load

if TYPE_CHECKING:
    from ..gameview import GameView

__all__ = ["make_view"]


def make_view(app, table, match) -> "GameView":
    """The view that draws ``match`` on the table and turns clicks into intents."""
    return load(entry(match.game).view)(app, table, match)
