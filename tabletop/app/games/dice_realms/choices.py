"""What a click means at the Dice Realms table (no pygame).

A die is offered if some legal intent uses it; clicking it selects it and lights the
cells it may take; clicking one of those sends that intent.  A cell that only one
die (or one bonus) can take is sent at once.  While a bonus waits, its cells glow;
with two kinds of bonus waiting, a chip per kind chooses which.  The buttons (Roll,
Time Warp, Forfeit, Skip / Done, Arcane Boost) send their intent when it is legal
and otherwise say why not.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterator, Mapping, cast

from tabletop.core.values import Value
from tabletop.games.dice_realms.intents import Bonus, Boost, Forfeit, Pass, Pick, Roll, TimeWarp
from tabletop.games.dice_realms.queries import DiceRealmsQueries
from tabletop.games.dice_realms.state import DICE, BonusKind, Cell, Stage, State
from tabletop.games.dice_realms.wording import BOOST_STAGES, describe_bonus, why_die_unusable

from ...choosing import NOTHING, ChoicesBase, Menu, Reply, Seen, Slot, Target
from .help import cell_help, die_help, reward_help, roll_number

__all__ = ["DiceRealmsChoices", "Chosen", "BUTTONS", "roll_number"]

#: The action bar's buttons, by position.
BUTTONS = ("roll", "time_warp", "forfeit", "skip", "boost")

CellKey = tuple[str, Cell]
CellTarget = tuple[int, str, Cell]        # a cell's target key: (seat, realm, cell)


@dataclass(frozen=True)
class Chosen:
    """What the player has chosen so far: a die (its cells glow) and, with two kinds waiting, a bonus kind."""

    die: str | None = None
    bonus: BonusKind | None = None



class DiceRealmsChoices(ChoicesBase[Chosen]):
    """The Dice Realms table's choices for one screen and selection."""

    fresh = Chosen()
    rules: DiceRealmsQueries
    state: State

    def __init__(self, seen: Seen, selection: Chosen | None = None) -> None:
        self.die_targets: dict[str, dict[CellKey, Value]] = {}
        self.bonus_targets: dict[BonusKind, dict[CellKey, Value]] = {}
        self.button_intents: dict[str, Value] = {}
        for intent in seen.legal:
            if isinstance(intent, (Pick, Boost)):
                self.die_targets.setdefault(intent.die, {})[(intent.realm, intent.cell)] = intent
            elif isinstance(intent, Bonus):
                self.bonus_targets.setdefault(intent.kind, {})[(intent.realm, intent.cell)] = intent
            elif isinstance(intent, Roll):
                self.button_intents["roll"] = intent
            elif isinstance(intent, TimeWarp):
                self.button_intents["time_warp"] = intent
            elif isinstance(intent, Forfeit):
                self.button_intents["forfeit"] = intent
            elif isinstance(intent, Pass):
                self.button_intents["skip"] = intent
        super().__init__(seen, selection)

    def settle(self, selection: Chosen) -> Chosen:
        die = selection.die if selection.die in self.die_targets else None
        bonus = selection.bonus if selection.bonus in self.bonus_targets else None
        if len(self.bonus_targets) == 1:
            bonus = next(iter(self.bonus_targets))
        return Chosen(die, bonus)

    # ---------------------------------------------------------------- what glows
    def cells_shown(self, hovered_die: str | None = None) -> Mapping[CellKey, Value]:
        """The cells to light now: the chosen bonus's, or the selected (else the hovered) die's."""
        if self.bonus_targets:
            if self.selection.bonus:
                return self.bonus_targets[self.selection.bonus]
            merged: dict[CellKey, Value] = {}
            for targets in self.bonus_targets.values():
                merged.update(targets)
            return merged
        die = self.selection.die or hovered_die
        return self.die_targets.get(die, {}) if die else {}

    def glowing(self) -> frozenset[Target]:
        seat = self.state.to_act
        dice = {Target("die", die) for die in self.die_targets}
        if seat is None:
            return frozenset(dice)
        cells = {Target("cell", (seat, realm, cell)) for realm, cell in self.cells_shown()}
        return frozenset(dice | cells)

    def targets(self) -> Iterator[Target]:
        """Every die, and every cell a legal intent names on the grimoire of the seat to act."""
        yield from (Target("die", die) for die in DICE)
        seat = self.state.to_act
        if seat is None:
            return
        keys = {key for targets in (*self.die_targets.values(), *self.bonus_targets.values()) for key in targets}
        for realm, cell in sorted(keys, key=str):
            yield Target("cell", (seat, realm, cell))

    # ---------------------------------------------------------------- buttons and chips
    def buttons(self) -> tuple[Slot | None, ...]:
        state = self.state
        flow = state.flow
        seat = state.to_act
        active_stage = flow.stage == Stage.ACTIVE and not flow.pending and seat is not None
        slots: dict[str, Slot | None] = dict.fromkeys(BUTTONS)
        if active_stage:
            # Once rolled, the greyed button says what happened, not what it would do.
            roll = f"Rolled  {roll_number(flow)}/3" if flow.rolled else f"Roll  {roll_number(flow)}/3"
            slots["roll"] = self._button("roll", roll, "The dice are rolled: choose a die, then a glowing cell."
                                         if flow.rolled else "", primary=True)
            tokens = state.players[flow.active].time_warps
            slots["time_warp"] = self._button(
                "time_warp", f"Time Warp ({tokens})",
                "No Time Warp left." if not tokens else "Roll first: a Time Warp re-rolls the dice just rolled.")
        if "forfeit" in self.button_intents:
            slots["forfeit"] = self._button("forfeit", "Forfeit roll", "")
        if "skip" in self.button_intents:
            text = "Skip"
            if flow.stage == Stage.PASSIVE_PICK:
                text = "Skip pick"
            elif flow.stage in BOOST_STAGES and seat is not None:
                left = state.players[seat].arcane_boosts
                text = f"Done ({left} left)" if left else "Done"
            slots["skip"] = self._button("skip", text, "", primary=True)
        if flow.stage in BOOST_STAGES and not flow.pending and seat is not None:
            text = f"Arcane Boost ({state.players[seat].arcane_boosts})"
            boostable = [die for die in DICE if any(isinstance(i, Boost) for i in self.die_targets.get(die, {}).values())]
            if boostable:
                slots["boost"] = Slot(text, Reply(selection=replace(self.selection, die=self._next_boost_die())))
            else:
                slots["boost"] = Slot.disabled(text, "No die can be used with Arcane Boost now.")
        return tuple(slots[name] for name in BUTTONS)

    def _button(self, name: str, text: str, reason: str, primary: bool = False) -> Slot:
        intent = self.button_intents.get(name)
        if intent is None:
            return Slot(text, Reply(refusal=reason), enabled=False, reason=reason, primary=primary)
        return Slot(text, self.send(intent), reason=reason, primary=primary)

    def _next_boost_die(self) -> str | None:
        """The Arcane Boost button lights up the next die that can be boosted, then its cells."""
        dice = [die for die in DICE if die in self.die_targets]
        if not dice:
            return None
        index = (dice.index(self.selection.die) + 1) % len(dice) if self.selection.die in dice else 0
        return dice[index]

    def menu(self) -> Menu | None:
        """With two kinds of bonus waiting: a chip per kind, to choose which one goes now."""
        if len(self.bonus_targets) < 2:
            return None
        return Menu("", tuple(Slot(describe_bonus(kind), Reply(selection=replace(self.selection, bonus=kind)))
                              for kind in self.bonus_targets))

    # ---------------------------------------------------------------- clicks
    def click(self, target: Target) -> Reply:
        if target.kind == "die":
            return self._click_die(str(target.key))
        if target.kind == "cell":
            seat, realm, cell = cast(CellTarget, target.key)
            return self._click_cell(seat, realm, cell)
        return NOTHING

    def click_nothing(self) -> Reply:
        """A click beside everything puts the chosen die back."""
        return Reply(selection=replace(self.selection, die=None)) if self.selection.die else NOTHING

    def clear(self) -> Reply:
        """A right click puts the chosen die back."""
        return self.click_nothing()

    def _click_die(self, die: str) -> Reply:
        if die in self.die_targets:
            return Reply(selection=replace(self.selection, die=None if self.selection.die == die else die),
                         sound="click")
        to_act = self.state.to_act
        if not self.legal and to_act is not None and self.seen.shows not in (None, to_act):
            return Reply(refusal=f"It is {self.state.players[to_act].name}'s turn to decide: wait for yours.")
        return Reply(refusal=why_die_unusable(self.rules, self.state, die))

    def _click_cell(self, seat: int, realm: str, cell: Cell) -> Reply:
        state: State = self.state
        to_act = state.to_act
        if to_act is None:
            return NOTHING
        key = (realm, cell)
        if seat != to_act:
            return Reply(refusal=f"It is {state.players[to_act].name} who decides now, on their own grimoire.")
        if self.bonus_targets:
            kinds = [kind for kind, targets in self.bonus_targets.items() if key in targets]
            chosen = self.selection.bonus
            if chosen and key in self.bonus_targets[chosen]:
                return self.send(self.bonus_targets[chosen][key])
            if len(kinds) == 1:
                return self.send(self.bonus_targets[kinds[0]][key])
            if kinds:
                return Reply(refusal="Two bonuses can go there: choose which one first (buttons on the tray).")
            return self.refuse(Bonus(to_act, chosen or next(iter(self.bonus_targets)), realm, cell))
        if self.selection.die:
            intent = self.die_targets[self.selection.die].get(key)
            if intent is not None:
                return self.send(intent)
            probe = Boost if state.flow.stage in BOOST_STAGES else Pick
            return self.refuse(probe(to_act, self.selection.die, realm, cell))
        candidates = [targets[key] for targets in self.die_targets.values() if key in targets]
        if len(candidates) == 1:
            return self.send(candidates[0])
        if candidates:
            return Reply(refusal="Several dice can go there: click the die you want first.")
        if self.die_targets:
            return Reply(refusal="Choose a die first, then one of the cells it lights up.")
        if "roll" in self.button_intents:
            return Reply(refusal="Roll the dice first.")
        return NOTHING

    # ---------------------------------------------------------------- hover
    def explain(self, target: Target) -> str | None:
        if target.kind == "die":
            die = str(target.key)
            return die_help(die, self.state.dice.value(die), self.state.dice.value("white"))
        if target.kind == "cell":
            _, realm, cell = cast(CellTarget, target.key)
            return cell_help(self.rules.tables, realm, cell)
        if target.kind == "reward":
            _, realm, goal, reward, points = cast(tuple[int, str, str, str, int], target.key)
            values = self.rules.tables.yellow_bonus_values.get(self.state.yellow_bonus, {})
            return reward_help(goal, reward, points, values.get(f"{realm}-{goal}", 6))
        return None
