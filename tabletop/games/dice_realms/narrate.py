"""The move log of Dice Realms: each event as a sentence with the players' names."""

from __future__ import annotations

from tabletop.core.values import Value

from . import events as ev
from .rules import describe_bonus
from .state import State
from .tables import RealmTables

__all__ = ["narrate", "cell_name"]

_TOKENS = {"time_warp": "a Time Warp", "arcane_boost": "an Arcane Boost", "crest": "an Elemental Crest"}


def cell_name(realm: str, cell: str) -> str:
    """A grimoire cell in words: ``head-1`` -> ``Head of Dragon 1``, ``3`` on a track -> ``cell 3``."""
    if realm == "red":
        row, _, dragon = cell.partition("-")
        return f"{row.capitalize()} of Dragon {dragon}"
    if realm == "green":
        return f"the {cell}"
    if realm == "blue":
        return f"head {cell}"
    return f"cell {cell}"


def _source(source: str, tables: RealmTables) -> str:
    if source.startswith("round-"):
        return f"round {source.split('-')[1]} reward"
    realm, _, goal = source.partition("-")
    name = tables.names.get(realm, realm)
    return f"{name}, {goal.replace('-', ' ')}"


def narrate(event: Value, state: State, tables: RealmTables) -> str | None:
    """One line of the move log for ``event`` (None for events not worth a line)."""
    names = [sheet.name for sheet in state.players]

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat}"

    if isinstance(event, ev.RoundStarted):
        return f"— Round {event.round} of {state.rounds} —"
    if isinstance(event, ev.TurnStarted):
        return f"{who(event.active)} is the active wizard; {who(1 - event.active)} is passive."
    if isinstance(event, ev.TokenGained):
        token = {"time_warp": "Time Warp", "arcane_boost": "Arcane Boost", "crest": "Crest"}.get(event.token, event.token)
        return f"{who(event.seat)}: +1 {token} ({_source(event.source, tables)})."
    if isinstance(event, ev.TokenSpent):
        return f"{who(event.seat)} spends {_TOKENS.get(event.token, event.token)}."
    if isinstance(event, ev.DiceRolled):
        faces = " ".join(f"{die[0].upper()}{value}" for die, value in zip(event.dice, event.values))
        verb = "re-rolls" if event.time_warp else f"rolls (roll {event.roll})"
        return f"{who(event.seat)} {verb}: {faces}."
    if isinstance(event, ev.DieUsed):
        realm = tables.names.get(event.realm, event.realm)
        white = f" as {event.realm}" if event.die == "white" else ""
        verb = {"select": "selects", "pick": "picks", "boost": "boosts with"}.get(event.how, "uses")
        value = f"{event.value}" if event.realm != "green" else f"sum {event.value}"
        return f"{who(event.seat)} {verb} the {event.die} die{white} ({value}): {realm}, {cell_name(event.realm, event.cell)}."
    if isinstance(event, ev.DiceForgotten):
        dice = ", ".join(event.dice)
        return f"Into the Forgotten Realm: {dice}."
    if isinstance(event, ev.BonusUsed):
        realm = tables.names.get(event.realm, event.realm)
        return f"{who(event.seat)} uses the {describe_bonus(event.bonus)}: {realm}, {cell_name(event.realm, event.cell)}."
    if isinstance(event, ev.GoalCompleted):
        if event.goal.startswith("dragon-"):
            return f"{who(event.seat)} defeats Dragon {event.goal.split('-')[1]} (+{event.points})."
        if event.reward == "none":
            return None
        goal = event.goal.replace("-", " ")
        return f"{who(event.seat)} completes {tables.names.get(event.realm, event.realm)} {goal}."
    if isinstance(event, ev.BonusEarned):
        return f"{who(event.seat)} earns a {describe_bonus(event.bonus)}."
    if isinstance(event, ev.BonusLost):
        return f"{who(event.seat)}'s {describe_bonus(event.bonus)} is lost: no free cell for it."
    if isinstance(event, ev.RollForfeited):
        return f"{who(event.seat)} can use no die of roll {event.roll}: it is forfeited."
    if isinstance(event, ev.Passed):
        if event.stage == "passive_pick":
            return (f"{who(event.seat)} can use no die and passes." if event.forced
                    else f"{who(event.seat)} skips the pick.")
        return f"{who(event.seat)} keeps the remaining Arcane Boosts."
    if isinstance(event, ev.GameEnded):
        scores = ", ".join(f"{who(seat)} {score}" for seat, score in enumerate(event.scores))
        winners = " and ".join(who(seat) for seat in event.winners)
        return f"Game over: {scores}. {winners} {'win' if len(event.winners) > 1 else 'wins'}!"
    return None
