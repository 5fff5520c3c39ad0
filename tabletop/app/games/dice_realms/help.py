"""Teaching texts for hovering: what a cell asks for, what a die does.  Words only; the rules decide."""

from __future__ import annotations

from tabletop.games.dice_realms.state import Cell
from tabletop.games.dice_realms.tables import RealmTables

__all__ = ["cell_help", "die_help", "reward_help", "REWARD_NAMES", "REWARD_HELP", "REWARD_LEGEND"]

REWARD_NAMES = {
    "red": "Red Bonus", "green": "Green Bonus", "blue": "Blue Bonus", "magenta": "Magenta Bonus",
    "yellow": "Yellow Bonus", "time_warp": "Time Warp", "arcane_boost": "Arcane Boost",
    "crest": "Elemental Crest", "essence": "Essence Shift",
}
REWARD_HELP = {
    "red": "Red Bonus: cross any free cell of Emberfall Dominion.",
    "green": "Green Bonus: cross any free cell of Terra's Heartland.",
    "blue": "Blue Bonus: mark the next Hydra head, whatever it needs.",
    "magenta": "Magenta Bonus: write a 6 in the next Phoenix cell.",
    "yellow": "Yellow Bonus: write a 6 in the next Lion cell (its multiplier counts).",
    "time_warp": "Time Warp: once, as the active player, re-roll all the dice you just rolled.",
    "arcane_boost": "Arcane Boost: once, after the dice are chosen, use any die as it lies.",
    "crest": "Elemental Crest: at the end it scores as much as your weakest realm.",
    "essence": "Essence Shift: one colour bonus of your choice.",
}
#: The same, short enough for the rules screen's narrow legend (the tooltips say it in full).
REWARD_LEGEND = {
    "red": "Red Bonus: cross a free Emberfall cell",
    "green": "Green Bonus: cross a free Heartland cell",
    "blue": "Blue Bonus: mark the next Hydra head",
    "magenta": "Magenta Bonus: a 6 in the next Phoenix cell",
    "yellow": "Yellow Bonus: a 6 in the next Lion cell",
    "time_warp": "Time Warp: re-roll the dice just rolled",
    "arcane_boost": "Arcane Boost: use a die as it lies",
    "crest": "Crest: scores your weakest realm",
}

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


def reward_help(goal: str, reward: str, points: int) -> str:
    """What a printed reward (or a Dragon's points) gives, and what earns it."""
    if reward == "none":
        return f"Dragon {goal.split('-')[1]}: {points} points when its three cells are crossed."
    where = {"row": "Completing this row", "column": "Completing this column",
             "diagonal": "Completing the diagonal 3-1-2-6", "cell": "Filling this cell"}
    return f"{where.get(goal.split('-')[0], 'This')} gives: {REWARD_HELP.get(reward, reward)}"
