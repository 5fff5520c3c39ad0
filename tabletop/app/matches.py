"""Starting a match from the screens: the seats chosen, the save slot, the names remembered, the table opened."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Sequence

from tabletop.core.controller import MatchController
from tabletop.registry import get_rules

if TYPE_CHECKING:
    from .main import App

__all__ = ["start_match", "quick_start", "DEFAULT_NAMES", "remembered_names"]

DEFAULT_NAMES = ("Ada", "Brom", "Cyra", "Dorn", "Esme")


def remembered_names(app: "App", game_id: str) -> list[str]:
    """The names last used for ``game_id`` in seat order (the starter first), or default names."""
    meta = get_rules(game_id).meta
    names = list(app.settings.names.get(game_id) or DEFAULT_NAMES[:meta.min_players])
    if not meta.min_players <= len(names) <= meta.max_players:
        names = list(DEFAULT_NAMES[:meta.min_players])
    starter = int(app.settings.starter.get(game_id, 0)) % len(names)
    return names[starter:] + names[:starter]


def start_match(app: "App", game_id: str, names: Sequence[str], options: dict,
                seat_kinds: Sequence[str] = ()) -> MatchController:
    """Create the match (seat 0 starts), remember the names, and open the table over the title."""
    match = MatchController(get_rules(game_id), options, names, secrets.randbits(62), seat_kinds=seat_kinds)
    app.save_slot.start(match)
    remembered = app.settings.names.get(game_id)
    if remembered and sorted(remembered) == sorted(names):
        app.settings.starter[game_id] = remembered.index(names[0])
    else:
        app.settings.names[game_id] = list(names)
        app.settings.starter[game_id] = 0
    app.save_settings()
    app.scenes.pop_until("title")
    app.scenes.open("table", match=match)
    return match


def quick_start(app: "App", game_id: str) -> MatchController:
    """A new match with the last names and starter used (or default names)."""
    return start_match(app, game_id, remembered_names(app, game_id), {})
