"""Teaching texts for hovering: what a cell asks for, what a die does.  Words only; the rules decide."""

from __future__ import annotations

from tabletop.games.dice_realms.state import Cell
from tabletop.games.dice_realms.tables import RealmTables

__all__ = ["cell_help", "die_help"]

_DIE_REALM = {"red": "Emberfall Dominion", "green": "Terra's Heartland", "blue": "Tide Abyss",
              "magenta": "Mystical Sky", "yellow": "Radiant Savanna"}


def cell_help(tables: RealmTables, realm: str, cell: Cell) -> str:
    """What it takes to mark this cell."""
    name = tables.names[realm]
    if realm == "red":
        return (f"{name}, {cell.row} of Dragon {cell.number}: a red or white die showing exactly "
                f"{tables.red_values[cell]}.")
    if realm == "green":
        return f"{name}: green die + white die must make {cell.number}, wherever those two dice lie."
    index = cell.number
    if realm == "blue":
        return (f"{name}, head {index}: a blue or white die of {tables.blue_thresholds[index - 1]} or more. "
                "Heads are marked from left to right.")
    if realm == "magenta":
        return (f"{name}, cell {index}: each entry must be higher than the one before; "
                "after a 6 any value may follow.")
    multiplier = tables.yellow_multipliers[index - 1]
    counts = f" and it counts x{multiplier}" if multiplier > 1 else ""
    return f"{name}, cell {index}: any value{counts}. Cells fill from left to right."


def die_help(die: str, value: int) -> str:
    """What a die can do."""
    if die == "white":
        return f"White die ({value}): the Arcane Prism is wild and can attack any realm."
    if value == 0:
        return f"{die.capitalize()} die: attacks {_DIE_REALM[die]} (or joins white in Terra's Heartland)."
    extra = " With the white die it also makes the Terra's Heartland sum." if die == "green" else ""
    return f"{die.capitalize()} die ({value}): attacks {_DIE_REALM[die]}.{extra}"
