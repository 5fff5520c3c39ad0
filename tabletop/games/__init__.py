"""The games, one package each behind the protocol in :mod:`tabletop.core.protocol`.

Use :func:`get_rules` to obtain a game's rules by id; the module of a game is only
imported (and its content read) when it is first asked for.
"""

from __future__ import annotations

import importlib
from functools import cache

from tabletop.core.protocol import Rules

__all__ = ["GAME_IDS", "get_rules", "UnknownGame"]

#: Every implemented game: id -> module that defines ``make_rules()``.
_MODULES = {
    "dice-realms": "tabletop.games.dice_realms",
}
GAME_IDS = tuple(_MODULES)


class UnknownGame(KeyError):
    """A game id that is not implemented."""

    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; known games: {', '.join(GAME_IDS)}"


@cache
def get_rules(game_id: str) -> Rules:
    """The rules object of ``game_id`` (created once)."""
    try:
        module = _MODULES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
    return importlib.import_module(module).make_rules()
