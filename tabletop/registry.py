"""The one list of games: each game's rules, table view, layout, tile art, results rows and bench scene.

The core, the command line and the app all read this list; adding a game is one
:class:`GameEntry` in :data:`_GAMES`.  Entries name code as ``"module:attribute"``
and nothing is imported until it is first asked for, so importing the registry
costs nothing and never loads pygame.

>>> entry("dice-realms").name_of("layout")
'dice_realms'
"""

from __future__ import annotations

import importlib
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:
    from tabletop.core.protocol import Rules

__all__ = ["GameEntry", "UnknownGame", "entry", "game_ids", "get_rules", "load", "registered"]


@dataclass(frozen=True)
class GameEntry:
    """Everything the app and the tools need to find for one game."""

    game_id: str
    rules: str                                   # "module:factory" returning the Rules object
    view: str                                    # "module:Class" drawing the table (tabletop.app)
    layout: str                                  # layout under data/layouts/ (name without .yaml), or a path
    results: tuple[tuple[str, str], ...]         # results table: (row label, key of Outcome.breakdown)
    choices: str                                 # "module:Class": what a click means (no pygame); every game
    #                                              has one, so the choices check covers every game
    tile_art: str = ""                           # image under art/ for the picker tile
    bench: str = ""                              # "module:function(app) -> table scene" at its busiest
    score: str = "Score"                         # what the outcome's scores count, for the results' chart
    demo: tuple[tuple[str, str], ...] = ()       # options of the attract mode's games (a short game), if any
    demo_players: int = 0                        # how many bots play its demo (0: the smallest table, or 3)
    rules_page: str = ""                         # the rules page (Markdown); default data/<layout>/rules.md
    assets: str = ""                             # "module:function(app)" reading the view's assets at start-up

    def name_of(self, what: str) -> str:
        """One of the entry's fields by name (for messages and tests)."""
        return str(getattr(self, what))


_GAMES: dict[str, GameEntry] = {entry.game_id: entry for entry in (
    GameEntry("dice-realms", score="Points", rules="tabletop.games.dice_realms:make_rules",
              view="tabletop.app.games.dice_realms.view:DiceRealmsView", layout="dice_realms",
              results=(("Emberfall (red)", "red"), ("Terra (green)", "green"),
                       ("Tide Abyss (blue)", "blue"), ("Mystical Sky (magenta)", "magenta"),
                       ("Savanna (yellow)", "yellow"), ("Elemental Crests", "crests"),
                       ("Elemental Crest points (x the weakest realm)", "crest_points"), ("Total", "total")),
              tile_art="dice_realms/creatures/dragon.png",
              choices="tabletop.app.games.dice_realms.choices:DiceRealmsChoices",
              bench="tabletop.app.games.dice_realms.bench:busiest_table",
              assets="tabletop.app.games.dice_realms.board:grimoire_map"),
    GameEntry("elemental-dice", score="HP", rules="tabletop.games.elemental_dice:make_rules",
              view="tabletop.app.games.elemental_dice.view:ElementalDiceView", layout="elemental_dice",
              results=(("HP left", "hp"), ("Damage dealt", "damage_dealt"), ("HP healed", "healed"),
                       ("Gold earned", "gold_earned"), ("Cards in the deck", "deck"), ("Passives", "passives")),
              tile_art="elemental_dice/tile.png",
              choices="tabletop.app.games.elemental_dice.choices:ElementalDiceChoices",
              bench="tabletop.app.games.elemental_dice.bench:busiest_table"),
    GameEntry("wizard-dice", score="HP", demo=(("hp", "10"),), demo_players=2, rules="tabletop.games.wizard_dice:make_rules",
              view="tabletop.app.games.wizard_dice.view:WizardDiceView", layout="wizard_dice",
              results=(("Damage dealt", "damage_dealt"), ("HP healed", "healed"), ("Spells cast", "spells_cast"),
                       ("Allies summoned", "allies_summoned"), ("HP left (the score)", "hp")),
              tile_art="wizard_dice/tile.png",
              choices="tabletop.app.games.wizard_dice.choices:WizardDiceChoices",
              bench="tabletop.app.games.wizard_dice.bench:busiest_table"),
    GameEntry("elementalis", score="Mana in the Pool", rules="tabletop.games.elementalis:make_rules",
              view="tabletop.app.games.elementalis.view:ElementaliSView", layout="elementalis",
              results=(("Fire Mana", "fire"), ("Water Mana", "water"), ("Earth Mana", "earth"),
                       ("Air Mana", "air"), ("of which colourless", "colourless"), ("Spells cast", "spells_cast"),
                       ("Mana in the Pool (the score)", "total")),
              tile_art="elementalis/tile.png",
              choices="tabletop.app.games.elementalis.choices:ElementaliSChoices",
              bench="tabletop.app.games.elementalis.bench:busiest_table"),
    GameEntry("dice-cards", score="Shields left", rules="tabletop.games.dice_cards:make_rules",
              view="tabletop.app.games.dice_cards.view:DiceCardsView", layout="dice_cards",
              results=(("Shield Power left", "shield_power"), ("Units on the field", "units"),
                       ("Units set", "units_set"), ("Enemy units destroyed", "units_destroyed"),
                       ("Damage dealt", "damage_dealt"), ("Dice left in the Stock", "stock"),
                       ("Shields left (the score)", "shields")),
              tile_art="dice_cards/tile.png",
              choices="tabletop.app.games.dice_cards.choices:DiceCardsChoices",
              bench="tabletop.app.games.dice_cards.bench:busiest_table"),
)}


class UnknownGame(KeyError):
    """A game id that is not in the registry."""

    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; known games: {', '.join(_GAMES)}"


def game_ids() -> tuple[str, ...]:
    """The ids of every registered game, in picker order."""
    return tuple(_GAMES)


def entry(game_id: str) -> GameEntry:
    """The registry entry of ``game_id`` (UnknownGame if there is none)."""
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


_RULES: dict[str, Any] = {}


def get_rules(game_id: str) -> "Rules":
    """The rules object of ``game_id`` (created once)."""
    rules = _RULES.get(game_id)
    if rules is None:
        rules = _RULES[game_id] = load(entry(game_id).rules)()
    return rules


def load(reference: str) -> Any:
    """The object a ``"module:attribute"`` reference names (imported on first use)."""
    module, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module), attribute)


@contextmanager
def registered(new: GameEntry) -> Iterator[GameEntry]:
    """Add a game for the duration of a ``with`` block (tests register throwaway games this way)."""
    if new.game_id in _GAMES:
        raise ValueError(f"a game {new.game_id!r} is registered already")
    _GAMES[new.game_id] = new
    try:
        yield new
    finally:
        _GAMES.pop(new.game_id, None)
        _RULES.pop(new.game_id, None)
