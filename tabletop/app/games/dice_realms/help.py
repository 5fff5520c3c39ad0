"""Teaching texts for hovering: what a cell asks for, what a die does.  Words only; the rules decide."""

from __future__ import annotations

from typing import Any

from tabletop.games.dice_realms.state import Cell, Flow, Stage, State
from tabletop.games.dice_realms.tables import RealmTables, load_tables
from tabletop.games.dice_realms.wording import cell_name

__all__ = ["banner", "legend_items", "roll_number", "cell_help", "die_help", "reward_help", "yellow_help", "REWARD_NAMES", "REWARD_HELP",
           "REWARD_LEGEND"]

REWARD_NAMES = {
    "red": "Red Bonus", "green": "Green Bonus", "blue": "Blue Bonus", "magenta": "Magenta Bonus",
    "yellow": "Yellow Bonus", "time_warp": "Time Warp", "arcane_boost": "Arcane Boost",
    "crest": "Elemental Crest", "essence": "Essence Shift",
}
REWARD_HELP = {
    "red": "Red Bonus: cross any free cell of Emberfall.",
    "green": "Green Bonus: cross any free cell of Terra.",
    "blue": "Blue Bonus: mark the next cell of Tide Abyss, whatever it needs.",
    "magenta": "Magenta Bonus: write a 6 in the next cell of Mystical Sky.",
    "yellow": ("Yellow Bonus: write a 6 (with the classic option: 4, 5 or 6 by where it comes from) in the "
               "next cell of Savanna (its multiplier counts)."),
    "time_warp": "Time Warp: as the active wizard, re-roll all the dice of the roll you just made (any roll).",
    "arcane_boost": "Arcane Boost: after the dice are chosen, use any one die as it lies.",
    "crest": "Elemental Crest: at the end it scores as much as your weakest realm.",
    "essence": "Essence Shift: one colour bonus of your choice.",
}
#: The same, short enough for the rules screen's narrow legend (the tooltips say it in full).  No value is
#: given for the Yellow Bonus: it depends on the option chosen.
REWARD_LEGEND = {
    "red": "Red Bonus: cross a free Emberfall cell",
    "green": "Green Bonus: cross a free Terra cell",
    "blue": "Blue Bonus: mark the next Tide Abyss cell",
    "magenta": "Magenta Bonus: a 6 in the next Mystical Sky cell",
    "yellow": "Yellow Bonus: the next Savanna cell",
    "time_warp": "Time Warp: re-roll the dice just rolled",
    "arcane_boost": "Arcane Boost: use a die as it lies",
    "crest": "Elemental Crest: scores your weakest realm",
}

def yellow_help(value: int) -> str:
    """What a Yellow Bonus writes, with the value it writes under the option chosen."""
    return f"Yellow Bonus: write a {value} in the next cell of Savanna (its multiplier counts)."


def cell_help(tables: RealmTables, realm: str, cell: Cell) -> str:
    """What it takes to mark this cell."""
    name = tables.names[realm]
    if realm == "red":
        return (f"{name}, {cell_name(realm, cell)}: a red or white die showing exactly "
                f"{tables.red_values[cell]}.")
    if realm == "green":
        return f"{name}, cell {cell.number}: green + white must make {cell.number}, wherever those two dice lie."
    index = cell.number
    if realm == "blue":
        return (f"{name}, cell {index}: a blue or white die of {tables.blue_thresholds[index - 1]} or more. "
                "Cells are marked from left to right.")
    if realm == "magenta":
        return (f"{name}, cell {index}: each entry must be higher than the one before; "
                "after a 6 any value may follow.")
    multiplier = tables.yellow_multipliers[index - 1]
    counts = f" and it counts x{multiplier}" if multiplier > 1 else ""
    return f"{name}, cell {index}: any value{counts}. Cells fill from left to right."


def die_help(die: str, value: int, white: int = 0) -> str:
    """What a die can do (``value`` 0: not rolled yet; ``white``: the white die's value, for the green die)."""
    shown = f" ({value})" if value else ""
    if die == "white":
        return f"White die{shown}: the Arcane Prism is wild: it can go to any realm."
    if die == "green":
        total = f" (now {value} + {white} = {value + white})" if value and white else ""
        return (f"Green die{shown}: goes only to {load_tables().names['green']}, and there it always counts as green + white"
                f"{total}, wherever the white die lies.")
    return f"{die.capitalize()} die{shown}: goes only to {load_tables().names[die]}."


def reward_help(goal: str, reward: str, points: int, yellow: int = 6) -> str:
    """What a printed reward (or an Emberfall column's points) gives, and what earns it (``yellow``: what a Yellow Bonus
    from here writes under the option chosen)."""
    if reward == "none":
        return f"Emberfall, column {goal.split('-')[1]}: {points} points when its three cells are crossed."
    where = {"row": "Completing this row", "column": "Completing this column",
             "diagonal": "Completing the diagonal 3-1-2-6", "cell": "Filling this cell"}
    said = yellow_help(yellow) if reward == "yellow" else REWARD_HELP.get(reward, reward)
    return f"{where.get(goal.split('-')[0], 'This')} gives: {said}"


def roll_number(flow: Flow) -> int:
    """The roll being made or just made (1 to 3): the Roll button and the banner both show it."""
    return min(3, flow.rolls_used if flow.rolled else flow.rolls_used + 1)


def banner(state: State, prompt: str) -> tuple[str, str, str, int | None]:
    """The banner's words: who is active and who waits (or the round's special step), what to do now, the
    round and roll (the same number as the Roll button), and the seat to act."""
    flow = state.flow
    seat = state.to_act
    names = [p.name for p in state.players]
    round_text = f"Round {flow.round} of {state.rounds}"
    if seat is None:
        return "The game is over", "", round_text, None
    active, passive = names[flow.active], names[1 - flow.active]
    if flow.stage == Stage.ESSENCE_SHIFT:
        headline = f"{names[seat]}: Essence Shift (round 4 reward)"
    elif flow.stage == Stage.FINAL_BOOST:
        headline = f"{names[seat]}: the last Arcane Boosts"
    elif seat == flow.active:
        headline = f"{active} is active  ·  {passive} waits"
    else:
        headline = f"{passive} (passive) chooses  ·  {active} waits"
    if flow.stage == Stage.ACTIVE:
        round_text += f"  ·  roll {roll_number(flow)}/3"
    return headline, prompt, round_text, seat


def legend_items(icons: Any, art: Any) -> list[tuple[Any, str]]:
    """The board's icons (``icons``: the grimoire's reward icons; ``art``: the dice) with their meaning, for the
    rules screen's legend."""
    items = [(icons.get(reward, 44), REWARD_LEGEND[reward])
             for reward in ("red", "green", "blue", "magenta", "yellow", "time_warp", "arcane_boost", "crest")]
    items.append((art.face("white", 0, 44), "White die: wild, any realm"))
    return items
