"""Everything Dice Realms says to the players: the move log, the banner's prompt, and why a move is refused.

The rules decide; this module only puts their decisions into words (names come
from the state or view it is given).  It asks the rules object for the targets it
describes and never changes anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.values import Value

from . import events as ev
from .intents import Bonus, Boost, Forfeit, Pass, Pick, Roll, TimeWarp
from .state import DICE, BonusKind, Cell, Grimoire, RewardSource, Stage, State
from .tables import REALMS, RealmTables

if TYPE_CHECKING:
    from .queries import DiceRealmsQueries

__all__ = [
    "narrate", "progress", "cell_name", "describe_bonus", "refusal", "why_die_unusable", "where_is", "realm_label",
    "prompt", "BOOST_STAGES", "cells_named", "goal_name", "RED_ROWS",
]

#: The stages in which Arcane Boosts may be spent.
BOOST_STAGES = (Stage.ACTIVE_BOOST, Stage.PASSIVE_BOOST, Stage.FINAL_BOOST)
_BOOST_STAGES = BOOST_STAGES
_NO_CELL = Cell.at(0)      # a probe's cell: "which cell" is not the question
_TOKENS = {"time_warp": "a Time Warp", "arcane_boost": "an Arcane Boost", "crest": "an Elemental Crest"}


def progress(state: State) -> str:
    """Where the match stands, for the list of matches to resume.

    >>> from tabletop.games.dice_realms.state import Dice, Flow
    >>> progress(State(players=(), dice=Dice(), flow=Flow(round=4)))
    'round 4 of 6'
    """
    if state.flow.stage == Stage.GAME_OVER:
        return "game over"
    return f"round {state.flow.round} of {state.rounds}"


def describe_bonus(kind: BonusKind) -> str:
    """A pending bonus in words: ``yellow-6`` -> ``Yellow Bonus (6)``.

    >>> describe_bonus(BonusKind("yellow", 6)), describe_bonus(BonusKind.essence())
    ('Yellow Bonus (6)', 'Essence Shift Bonus')
    """
    if kind.is_essence:
        return "Essence Shift Bonus"
    return f"{kind.realm.capitalize()} Bonus" + (f" ({kind.value})" if kind.value else "")


#: Emberfall's rows as the grimoire shows them, top to bottom (saves and intents call them head, wings, tail
#: and heart, after the original game; no text a player reads does).
RED_ROWS = {"head": 1, "wings": 2, "tail": 3, "heart": 4}


def cell_name(realm: str, cell: Cell) -> str:
    """A grimoire cell in words, the one way every text names it, by what the board shows: an Emberfall cell by
    its row and column (``head-1`` -> ``row 1 of column 1``), any other by its number (a Terra cell's number is
    the sum printed on it).

    >>> cell_name("red", Cell("wings", 3)), cell_name("green", Cell.at(7)), cell_name("blue", Cell.at(3))
    ('row 2 of column 3', 'cell 7', 'cell 3')
    """
    if realm == "red":
        return f"row {RED_ROWS.get(cell.row, cell.row)} of column {cell.number}"
    return f"cell {cell.number}"


def cells_named(realm: str, cells: "tuple[Cell, ...] | list[Cell]") -> str:
    """Cells in words, joined with "or" (at most six, then "..."): ``row 1 of column 2 or cell 4``."""
    shown = " or ".join(cell_name(realm, cell) for cell in cells[:6])
    return shown + (" or another" if len(cells) > 6 else "")


def goal_name(realm: str, goal: str) -> str:
    """A row, column, diagonal or cell that earns a reward, in words: ``row-wings`` -> ``row 2``.

    >>> goal_name("red", "row-wings"), goal_name("red", "column-2"), goal_name("green", "row-1")
    ('row 2', 'column 2', 'row 1')
    >>> goal_name("blue", "cell-4"), goal_name("magenta", "cell-10"), goal_name("red", "diagonal")
    ('cell 4', 'cell 10', 'the diagonal')
    """
    kind, _, which = goal.partition("-")
    if kind == "row":
        return f"row {RED_ROWS.get(which, which)}"
    if kind in ("column", "cell"):
        return f"{kind} {which}"
    return f"the {goal.replace('-', ' ')}"


def _source(source: RewardSource, tables: RealmTables) -> str:
    if source.round:
        return f"round {source.round} reward"
    return f"{tables.names.get(source.realm, source.realm)}, {goal_name(source.realm, source.goal)}"


def narrate(event: Value, state: State, tables: RealmTables) -> str | None:
    """One line of the move log for ``event`` (None for events not worth a line); names from ``state``."""
    names = [sheet.name for sheet in state.players]

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat}"

    if isinstance(event, ev.RoundStarted):
        return f"— Round {event.round} of {state.rounds} —"
    if isinstance(event, ev.TurnStarted):
        return f"{who(event.active)} is the active wizard; {who(1 - event.active)} is passive."
    if isinstance(event, ev.TokenGained):
        token = {"time_warp": "Time Warp", "arcane_boost": "Arcane Boost", "crest": "Elemental Crest"}.get(
            event.token, event.token)
        return f"{who(event.seat)}: +1 {token} ({_source(event.source, tables)})."
    if isinstance(event, ev.TokenSpent):
        return f"{who(event.seat)} spends {_TOKENS.get(event.token, event.token)}."
    if isinstance(event, ev.DiceRolled):
        faces = " ".join(f"{die[0].upper()}{value}" for die, value in zip(event.dice, event.values))
        verb = "re-rolls" if event.time_warp else f"rolls (roll {event.roll})"
        return f"{who(event.seat)} {verb}: {faces}."
    if isinstance(event, ev.DieUsed):
        realm = tables.names.get(event.realm, event.realm)
        verb = {"select": "selects", "pick": "picks", "boost": "takes"}.get(event.how, "uses")
        value = f"{event.value}" if event.realm != "green" else f"green + white = {event.value}"
        boost = " with the Arcane Boost" if event.how == "boost" else ""
        return (f"{who(event.seat)} {verb} the {event.die} die ({value}){boost}: {realm}, "
                f"{cell_name(event.realm, event.cell)}.")
    if isinstance(event, ev.DiceForgotten):
        dice = ", ".join(event.dice)
        return f"Into the Forgotten Realm: {dice}."
    if isinstance(event, ev.BonusUsed):
        realm = tables.names.get(event.realm, event.realm)
        return f"{who(event.seat)} uses the {describe_bonus(event.bonus)}: {realm}, {cell_name(event.realm, event.cell)}."
    if isinstance(event, ev.GoalCompleted):
        if event.points:
            return (f"{who(event.seat)} completes {goal_name(event.realm, event.goal)} of "
                    f"{tables.names.get(event.realm, event.realm)} (+{event.points}).")
        if event.reward == "none":
            return None
        return (f"{who(event.seat)} completes {goal_name(event.realm, event.goal)} of "
                f"{tables.names.get(event.realm, event.realm)}.")
    if isinstance(event, ev.BonusEarned):
        return f"{who(event.seat)} earns a {describe_bonus(event.bonus)}."
    if isinstance(event, ev.BonusLost):
        return f"{who(event.seat)}'s {describe_bonus(event.bonus)} is lost: no free cell for it."
    if isinstance(event, ev.RollForfeited):
        return f"{who(event.seat)} can use no die of roll {event.roll}: the roll is forfeited."
    if isinstance(event, ev.Passed):
        if event.stage == Stage.PASSIVE_PICK:
            return (f"{who(event.seat)} can use no die and passes." if event.forced
                    else f"{who(event.seat)} skips the pick.")
        return f"{who(event.seat)} keeps the remaining Arcane Boosts."
    if isinstance(event, ev.GameEnded):
        scores = ", ".join(f"{who(seat)} {score}" for seat, score in enumerate(event.scores))
        winners = " and ".join(who(seat) for seat in event.winners)
        return f"Game over: {scores}. {winners} {'win' if len(event.winners) > 1 else 'wins'}!"
    return None


# ---------------------------------------------------------------- refusals and prompts
def refusal(rules: "DiceRealmsQueries", state: State, intent: Value) -> str:
    """A sentence saying why ``intent`` is refused in ``state``."""
    seat = getattr(intent, "seat", None)
    flow = state.flow
    to_act = state.to_act
    if to_act is None:
        return "The game is over."
    if not isinstance(seat, int) or not 0 <= seat < len(state.players):
        return f"There is no seat {seat}."
    name = state.players[seat].name
    if seat != to_act:
        return f"It is {state.players[to_act].name}'s turn to decide, not {name}'s."
    if flow.pending and not isinstance(intent, Bonus):
        return f"{name} must first resolve the {describe_bonus(flow.pending[0])}."
    stage = flow.stage
    if isinstance(intent, Bonus):
        if intent.kind not in flow.pending:
            return f"{name} has no {describe_bonus(intent.kind)} to resolve."
        realm = intent.kind.realm
        if realm and intent.realm != realm:
            return f"A {describe_bonus(intent.kind)} goes to {realm_label(rules.tables, realm)}: click a glowing cell there."
        if intent.realm not in REALMS:
            return "That is not a realm of the grimoire."
        targets = rules.bonus_targets(state.players[seat], intent.realm)
        if not targets:
            return f"{realm_label(rules.tables, intent.realm)} is full: choose a glowing cell in another realm."
        bonus = describe_bonus(intent.kind)
        where = rules.tables.names[intent.realm]
        if intent.realm in ("red", "green"):
            return f"The {bonus} can cross any free cell of {where}: click a glowing one."
        if intent.realm == "blue":
            return f"The {bonus} marks the next cell of {where} only (cell {targets[0].number}): click it."
        return f"The {bonus} fills the next cell of {where} only (cell {targets[0].number}): click it."
    if isinstance(intent, Roll):
        if stage != Stage.ACTIVE:
            return "Rolling is over for this turn."
        return "The dice are already rolled: select a die (or spend a Time Warp)."
    if isinstance(intent, TimeWarp):
        if stage != Stage.ACTIVE:
            return "Only the active wizard can use a Time Warp, right after a roll."
        if not state.players[seat].time_warps:
            return f"{name} has no Time Warp left."
        return "Roll first: a Time Warp re-rolls the dice just rolled."
    if isinstance(intent, Forfeit):
        if stage == Stage.ACTIVE and flow.rolled and state.players[seat].time_warps == 0:
            return "Without a Time Warp left, a roll with no usable die is forfeited on its own."
        return "A die can still be used, so the roll cannot be forfeited." if flow.rolled else \
            "There is no roll to forfeit."
    if isinstance(intent, Pass):
        if stage == Stage.ACTIVE:
            return "The active wizard must roll and select a usable die; only a roll with no usable die is forfeited."
        return "Passing is not possible now."
    if isinstance(intent, (Pick, Boost)):
        return _why_die_refused(rules, state, intent, name)
    return "Dice Realms has no such move."


def _why_die_refused(rules: "DiceRealmsQueries", state: State, intent: Pick | Boost, name: str) -> str:
    die, realm, stage = intent.die, intent.realm, state.flow.stage
    if die not in DICE:
        return f"There is no {die} die."
    if realm not in REALMS:
        return "That is not a realm of the grimoire."
    if die != "white" and realm != die:
        return f"The {die} die can only go to {realm_label(rules.tables, die)}; only the white die is wild."
    where = where_is(state, die)
    if isinstance(intent, Boost):
        if stage not in _BOOST_STAGES:
            return "Arcane Boosts are spent only after the dice are chosen (after the selections or the pick)."
        sheet = state.players[intent.seat]
        if not sheet.arcane_boosts:
            return f"{name} has no Arcane Boost left."
        if die in sheet.boosted:
            return f"{name} has already taken the {die} die with Arcane Boost this turn."
    elif stage == Stage.ACTIVE:
        if not state.flow.rolled:
            return "Roll the dice first."
        if die not in state.dice.hand:
            return f"The {die} die is not in the Dice tray: it lies {where}."
    elif stage == Stage.PASSIVE_PICK:
        source, from_fields = rules.passive_source(state)
        if die not in source:
            if die in state.dice.fields:
                return ("A usable die lies in the Forgotten Realm, so the active wizard's "
                        "dice fields are closed to the passive pick.")
            if from_fields:
                return (f"No Forgotten Realm die is usable for {name}, so the pick is from "
                        "the active wizard's dice fields.")
            return f"The passive pick takes a die from the Forgotten Realm; the {die} die lies {where}."
    else:
        return "No die can be used now."
    sheet = state.players[intent.seat]
    value = rules.entry_value(state, die, realm)
    return _why_target_refused(rules, sheet, realm, intent.cell, value, die)


def _why_target_refused(rules: "DiceRealmsQueries", sheet: Grimoire, realm: str, cell: Cell, value: int,
                    die: str) -> str:
    t = rules.tables
    label = realm_label(rules.tables, realm)
    targets = rules.entry_targets(sheet, realm, value)
    if targets:
        shown = cells_named(realm, targets)
        said = f"green + white = {value}" if realm == "green" else f"the {die} die ({value})"
        fits = f"In {label} {said} fits {shown} only"
        return fits + (f", not {cell_name(realm, cell)}: click a glowing cell." if cell.number else
                       ": click a glowing cell.")
    if not rules.bonus_targets(sheet, realm):
        return f"{label} is full."
    if realm == "red":
        return f"{label} has no free cell showing {value}."
    if realm == "green":
        return f"In {label} green + white = {value}, and cell {value} is already crossed."
    if realm == "blue":
        return f"In {label} the next cell needs at least {t.blue_thresholds[sheet.blue]}; the die shows {value}."
    if realm == "magenta":
        return f"In {label} each entry must be higher than the last one ({sheet.magenta[-1]}), unless that was a 6."
    return f"{label} cannot take that die."


def why_die_unusable(rules: "DiceRealmsQueries", state: State, die: str) -> str:
    """Why the seat to act cannot use ``die`` now (for a click on a die that is not offered)."""
    seat = state.to_act
    if seat is None:
        return "The game is over."
    name = state.players[seat].name
    flow = state.flow
    if flow.pending:
        return f"{name} must first resolve the {describe_bonus(flow.pending[0])}."
    if flow.stage == Stage.ACTIVE and die not in state.dice.hand:
        return f"The {die} die is not in the Dice tray: it lies {where_is(state, die)}."
    if flow.stage == Stage.ACTIVE and not flow.rolled:
        return "Roll the dice first."
    if flow.stage in _BOOST_STAGES and die in state.players[seat].boosted:
        return f"{name} has already taken the {die} die with Arcane Boost this turn."
    if flow.stage == Stage.ACTIVE:
        in_reach = die in state.dice.hand
    elif flow.stage == Stage.PASSIVE_PICK:
        in_reach = die in rules.passive_source(state)[0]
    else:
        in_reach = True
    if in_reach and die == "white" and not rules.die_targets(state, seat, die):
        return f"The white die ({state.dice.white}) fits nowhere on {name}'s grimoire."
    probe = Boost if flow.stage in _BOOST_STAGES else Pick
    return refusal(rules, state, probe(seat, die, "red" if die == "white" else die, _NO_CELL))


def where_is(state: State, die: str) -> str:
    """Where a die lies, in words."""
    dice = state.dice
    if die in dice.hand:
        return "in the Dice tray"
    if die in dice.forgotten:
        return "in the Forgotten Realm"
    return "on a dice field"


def realm_label(tables: RealmTables, realm: str) -> str:
    """A realm's name with its colour, e.g. ``Tide Abyss (blue)``."""
    return f"{tables.names[realm]} ({realm})"


def prompt(rules: "DiceRealmsQueries", state: State) -> str:
    """What the seat to act must do now, in plain words."""
    flow = state.flow
    seat = state.to_act
    if seat is None:
        return "The game is over."
    name = state.players[seat].name
    if flow.pending:
        kind = flow.pending[0]
        if kind.is_essence:
            return f"{name}: Essence Shift — one colour bonus of your choice: click any glowing cell."
        if len(set(flow.pending)) > 1:
            return f"{name}: choose which bonus to resolve first ({', '.join(describe_bonus(k) for k in flow.pending)})."
        return f"{name}: choose where the {describe_bonus(kind)} goes."
    if flow.stage == Stage.ACTIVE:
        if not flow.rolled:
            return f"{name}: roll the dice (roll {flow.rolls_used + 1} of 3)."
        if any(isinstance(i, Pick) for i in rules.legal_intents(state)):
            return f"{name}: choose a die and the cell it attacks."
        return f"{name}: no die can be used — spend a Time Warp to re-roll, or forfeit this roll."
    if flow.stage == Stage.PASSIVE_PICK:
        _, from_fields = rules.passive_source(state)
        where = "the active wizard's dice fields" if from_fields else "the Forgotten Realm"
        return f"{name}: pick one die from {where}, or skip."
    return f"{name}: spend Arcane Boosts on any die as it lies, or Done."
