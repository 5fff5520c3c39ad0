"""Dice Realms rules: setup, legal intents, apply, view, outcome (rules reference A2).

The flow of a turn, as ``Flow.stage`` names it:

1. ``active``: the active player rolls the dice in hand (up to 3 rolls), may spend
   Time Warps to re-roll them, and must select a usable die each roll; dice lower
   than the selection go to the Forgotten Realm.  A roll with no usable die is
   forfeited (on its own when no Time Warp is in hand: settled ruling 2).
2. ``active_boost``: the active player's Arcane Boost window (A-9).
3. ``passive_pick``: the passive player may use one Forgotten Realm die, or, if none
   is usable for them, one die of the active player's dice fields (A-7, A-8).
4. ``passive_boost``: the passive player's Arcane Boost window.

With the ``end-of-turn`` window option, both windows follow the passive pick.  Round 4
opens with the ``essence_shift`` stage; after the last turn comes ``final_boost``
(last active player first, settled ruling 1).  Colour bonuses are queued in
``Flow.pending`` and the player resolves them in the order they choose; a bonus with
exactly one possible cell is resolved at once, and one with none is lost.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, TypeVar, cast

from tabletop.core.protocol import BaseRules, GameMeta, IllegalIntent, OptionSpec, Outcome, Step
from tabletop.core.rng import RandomSource
from tabletop.core.values import Value, copier

from . import events as ev
from . import wording
from .intents import INTENTS, Bonus, Boost, Forfeit, Intent, Pass, Pick, Roll, TimeWarp
from .scoring import decide_winners, realm_score, realm_scores, total_score
from .state import DICE, DIE_CODES, BonusKind, Cell, Dice, Flow, Grimoire, RewardSource, Stage, State
from .tables import REALMS, RealmTables, load_tables

__all__ = ["DiceRealmsRules", "META"]

META = GameMeta(
    game_id="dice-realms",
    name="Dice Realms",
    min_players=2,
    max_players=2,
    hidden_information=False,
    pitch="Roll six elemental dice, pick one, and leave the rest to your rival.",
    minutes="30-40",
    options=(
        OptionSpec("lion_bonus", "Yellow Bonus value", ("six", "classic"), "six",
                   "What a Yellow Bonus writes in Savanna. six: always a 6. classic: 4 from row 2 "
                   "of Emberfall, 5 from row 1 of Terra, 6 from Mystical Sky and the "
                   "Essence Shift."),
        OptionSpec("boost_window", "Arcane Boost windows", ("split", "end-of-turn"), "split",
                   "When Arcane Boosts are spent. split: the active wizard after their last die, the passive "
                   "wizard after their pick. end-of-turn: both after the passive pick, the active wizard first."),
        OptionSpec("first", "Who starts", ("the first seat", "at random"), "the first seat",
                   "Who is the active wizard first in every round: the first player listed, or one drawn at "
                   "random."),
    ),
)

# The copies of the state's records that every move makes (``evolve`` written out for each class).
_state, _flow, _dice, _sheet = copier(State), copier(Flow), copier(Dice), copier(Grimoire)

E = TypeVar("E", bound=Value)
_Frozen = TypeVar("_Frozen")


def _shared(cls: type[E]) -> Callable[..., E]:
    """A maker of ``cls(*args)`` that makes each event once and hands out that one after (a frozen value: one
    serves every step that tells it).  For the small events a game tells over and over; not for a roll."""
    made: dict[tuple[Any, ...], E] = {}

    def make(*args: Any) -> E:
        event = made.get(args)
        if event is None:
            event = made[args] = cls(*args)
        return event
    return make


_BONUS_EARNED = _shared(ev.BonusEarned)
_BONUS_LOST = _shared(ev.BonusLost)
_BONUS_USED = _shared(ev.BonusUsed)
_CELL_MARKED = _shared(ev.CellMarked)
_DICE_FORGOTTEN = _shared(ev.DiceForgotten)
_DIE_TO_FIELD = _shared(ev.DieToField)
_DIE_USED = _shared(ev.DieUsed)
_GOAL_COMPLETED = _shared(ev.GoalCompleted)
_PASSED = _shared(ev.Passed)
_ROUND_STARTED = _shared(ev.RoundStarted)
_TOKEN_GAINED = _shared(ev.TokenGained)
_TOKEN_SPENT = _shared(ev.TokenSpent)
_TURN_ENDED = _shared(ev.TurnEnded)
_TURN_STARTED = _shared(ev.TurnStarted)

# The dice as a turn begins (a frozen record: one serves every turn), and each die's place among the faces.
_NO_DICE_ROLLED = Dice()
_DIE_INDEX = {die: index for index, die in enumerate(DICE)}

# The goal names of the track cells (Tide Abyss, Mystical Sky, Savanna), by number.
_CELLS = tuple(f"cell-{number}" for number in range(32))

_TOKEN_FIELDS = {"time_warp": "time_warps", "arcane_boost": "arcane_boosts", "crest": "crests"}
_BOOST_STAGES = wording.BOOST_STAGES


def bonus_realms(kind: BonusKind) -> tuple[str, ...]:
    """The realms a pending bonus may go to: its own, or any for the Essence Shift."""
    return REALMS if kind.is_essence else (kind.realm,)


class DiceRealmsRules(BaseRules[Intent]):
    """The Dice Realms rules object (see the module docstring for the flow)."""

    meta = META
    intents = INTENTS
    events = ev.EVENTS
    state_type = State

    def __init__(self, tables: RealmTables | None = None) -> None:
        self.tables = t = tables or load_tables()
        # One-entry cache of (state, its legal intents): _settle, then the screen or the
        # bots, then apply() all ask for the legal intents of the same state in a row.
        self._legal_cache: tuple[State | None, tuple[Intent, ...]] = (None, ())
        # Looked up on every legal-intent enumeration, so worked out once here.
        self._track_lengths = {realm: t.track_length(realm) for realm in ("blue", "magenta", "yellow")}
        last = max(*t.green_cells, *self._track_lengths.values())
        self._numbered = tuple(Cell.at(number) for number in range(last + 1))   # Cell.at(n) is _numbered[n]
        # Every pick and boost listed so far, by kind, seat, die and realm, then by its cell (an Emberfall cell) or
        # number; a roll and a pass by seat.
        self._made_picks: dict[type, tuple[dict[str, dict[str, dict[Any, Pick | Boost]]], ...]] = {
            kind: tuple({die: {realm: {} for realm in REALMS} for die in DICE} for _ in range(2))
            for kind in (Pick, Boost)}
        self._rolls = (Roll(0), Roll(1))
        # What a colour bonus may still take is asked after every mark: whether any cell is left, in one test.
        self._red_cells = frozenset(t.red_values)
        self._green_cells = frozenset(t.green_cells)
        # The realms each die may be entered in: its own, or any for the white die.
        self._aims = {die: REALMS if die == "white" else (die,) for die in DICE}
        # The sources of rewards and the colour bonuses, each made once (see _source and _kind).
        self._made: dict[tuple[object, str, object], object] = {}    # RewardSources and BonusKinds, shared
        self._passes = (Pass(0), Pass(1))

    # ------------------------------------------------------------------ setup
    def setup(self, options: Mapping[str, str], seats: Sequence[str], rng: RandomSource) -> Step:
        """Both grimoires empty, six dice in hand; round 1 rewards given; the first seat starts, or (an option)
        a seat drawn at random."""
        self.meta.check_seats(seats)
        chosen = self.meta.resolve_options(options, len(seats))
        start = rng.randint(0, 1, "start player") if chosen["first"] == "at random" else 0
        state = State(
            players=tuple(Grimoire(name=name.strip()) for name in seats),
            dice=Dice(),
            flow=Flow(),
            yellow_bonus=chosen["lion_bonus"],
            boost_window=chosen["boost_window"],
            rounds=len(self.tables.round_rewards),
            start=start,
        )
        events: list[Value] = []
        state = self._start_round(state, 1, events)
        state = self._settle(state, events)
        return Step(state, tuple(events))

    # ------------------------------------------------------------------ queries
    def outcome(self, state: State) -> Outcome:
        """Totals so far with a per-realm breakdown; winners and the tie-break once the game is over."""
        breakdowns = []
        for sheet in state.players:
            scores = realm_scores(sheet, self.tables)
            total = total_score(scores, sheet.crests)
            crest_points = total - sum(scores.values())
            breakdowns.append({**scores, "crests": sheet.crests, "crest_points": crest_points,
                               "best_realm": max(scores.values()), "total": total})
        totals = tuple(b["total"] for b in breakdowns)
        finished = state.flow.stage == Stage.GAME_OVER
        winners: tuple[int, ...] = ()
        tie_break = ""
        if finished:
            winners, tie_break = decide_winners(totals, [b["best_realm"] for b in breakdowns])
        return Outcome(finished, totals, winners, tie_break, tuple(breakdowns))

    def legal_intents(self, state: State) -> tuple[Intent, ...]:
        """Every intent the seat to act may send now, in a fixed order; empty once the game is over."""
        cached_for, cached = self._legal_cache
        if state is cached_for:
            return cached
        legal = tuple(self._enumerate(state))
        self._legal_cache = (state, legal)
        return legal

    def _enumerate(self, state: State) -> list[Intent]:
        flow = state.flow
        seat = state.to_act
        if seat is None:
            return []
        if flow.pending:
            return self._bonus_intents(state, seat)
        stage = flow.stage
        if stage == Stage.ACTIVE:
            if not flow.rolled:
                return [self._rolls[seat]]
            out = self._picks(state, seat, state.dice.hand)
            if state.players[seat].time_warps:
                if not out:
                    out.append(Forfeit(seat))
                out.append(TimeWarp(seat))
            return out
        if stage == Stage.PASSIVE_PICK:
            # The same choice of source as passive_source(), without finding the targets twice.
            out = self._picks(state, seat, state.dice.forgotten)
            if not out:
                out = self._picks(state, seat, state.dice.fields)
            out.append(self._passes[seat])
            return out
        if stage in _BOOST_STAGES:
            out = self._boost_intents(state, seat)
            out.append(self._passes[seat])
            return out
        return []

    def _picks(self, state: State, seat: int, dice: Sequence[str], kind: type[Pick | Boost] = Pick) -> list[Intent]:
        """Every pick (or ``Boost``) of one of ``dice`` that ``seat`` could make, die by die in the order given.

        The same list as ``kind(seat, die, realm, cell)`` for each of ``die_targets(state, seat, die)``
        (the cells are those of :meth:`entry_targets`), worked out without the pairs in between, each intent
        made once per rules object and kept: listing the picks is what a game's turns do most.
        """
        sheet = state.players[seat]
        table = state.dice
        terra = table.green + table.white
        t = self.tables
        made_for = self._made_picks[kind][seat]       # die -> realm -> cell (Emberfall) or number -> intent
        # What the tracks take next, worked out once for every die: the next Tide Abyss cell (from the lowest value
        # it takes), the next Mystical Sky cell (above the value before it, unless that was a 6), the next Savanna cell.
        marked, thresholds = sheet.blue, t.blue_thresholds
        next_threshold = thresholds[marked] if marked < len(thresholds) else 7
        sky = sheet.magenta
        sky_next = len(sky) + 1 if len(sky) < self._track_lengths["magenta"] else 0
        above = sky[-1] if sky and sky[-1] != 6 else -1
        savanna_next = len(sheet.yellow) + 1 if len(sheet.yellow) < self._track_lengths["yellow"] else 0
        out: list[Intent] = []
        aims = self._aims
        for die in dice:
            face = getattr(table, die)
            made_by_realm = made_for[die]
            for realm in aims[die]:
                if realm == "red":
                    made = made_by_realm[realm]
                    crossed = sheet.red
                    for cell in t.red_cells_by_value.get(face, ()):
                        if cell not in crossed:
                            pick = made.get(cell)
                            if pick is None:
                                pick = made[cell] = kind(seat, die, realm, cell)
                            out.append(pick)
                    continue
                if realm == "green":
                    if terra not in t.green_goals_by_cell or terra in sheet.green:
                        continue
                    number = terra
                elif realm == "blue":
                    if face < next_threshold:
                        continue
                    number = marked + 1
                elif realm == "magenta":
                    if not sky_next or face <= above:
                        continue
                    number = sky_next
                else:
                    if not savanna_next:
                        continue
                    number = savanna_next
                made = made_by_realm[realm]
                pick = made.get(number)
                if pick is None:
                    pick = made[number] = kind(seat, die, realm, self._numbered[number])
                out.append(pick)
        return out

    def _bonus_intents(self, state: State, seat: int) -> list[Intent]:
        sheet = state.players[seat]
        out: list[Intent] = []
        seen = set()
        for kind in state.flow.pending:
            if kind in seen:
                continue
            seen.add(kind)
            for target_realm in bonus_realms(kind):
                out.extend(Bonus(seat, kind, target_realm, cell)
                           for cell in self.bonus_targets(sheet, target_realm))
        return out

    def _boost_intents(self, state: State, seat: int) -> list[Intent]:
        sheet = state.players[seat]
        if not sheet.arcane_boosts:
            return []
        return self._picks(state, seat, [die for die in DICE if die not in sheet.boosted], Boost)

    def passive_source(self, state: State) -> tuple[tuple[str, ...], bool]:
        """Dice the passive player may pick from, and whether they are the active player's dice fields.

        The Forgotten Realm, unless none of its dice is usable for the passive player:
        then the active player's dice fields (A-7).
        """
        seat = state.passive
        if any(self.die_targets(state, seat, die) for die in state.dice.forgotten):
            return state.dice.forgotten, False
        return state.dice.fields, True

    # ------------------------------------------------------------------ targets
    def die_targets(self, state: State, seat: int, die: str) -> list[tuple[str, Cell]]:
        """(realm, cell) pairs where ``seat`` could enter ``die`` at its current face (white is wild)."""
        sheet = state.players[seat]
        dice = state.dice
        face = dice.value(die)
        if die != "white":
            value = dice.terra_sum() if die == "green" else face
            return [(die, cell) for cell in self.entry_targets(sheet, die, value)]
        return [(realm, cell) for realm in REALMS
                for cell in self.entry_targets(sheet, realm, dice.terra_sum() if realm == "green" else face)]

    def entry_targets(self, sheet: Grimoire, realm: str, value: int) -> tuple[Cell, ...]:
        """Cells of ``realm`` a die entry of ``value`` may take (for green, value is the Terra sum)."""
        t = self.tables
        if realm == "red":
            return tuple(cell for cell in t.red_cells_by_value.get(value, ()) if cell not in sheet.red)
        if realm == "green":
            return (self._numbered[value],) if value in t.green_goals_by_cell and value not in sheet.green else ()
        if realm == "blue":
            marked = sheet.blue
            if marked < len(t.blue_thresholds) and value >= t.blue_thresholds[marked]:
                return (self._numbered[marked + 1],)
            return ()
        entries = sheet.magenta if realm == "magenta" else sheet.yellow
        if len(entries) >= self._track_lengths[realm]:
            return ()
        if realm == "magenta" and entries and entries[-1] != 6 and value <= entries[-1]:
            return ()
        return (self._numbered[len(entries) + 1],)

    def has_bonus_target(self, sheet: Grimoire, realm: str) -> bool:
        """``bonus_targets(sheet, realm)`` is not empty (asked without listing the cells)."""
        if realm == "red":
            return not sheet.red >= self._red_cells
        if realm == "green":
            return not sheet.green >= self._green_cells
        if realm == "blue":
            return sheet.blue < len(self.tables.blue_thresholds)
        return len(sheet.magenta if realm == "magenta" else sheet.yellow) < self._track_lengths[realm]

    def bonus_targets(self, sheet: Grimoire, realm: str) -> tuple[Cell, ...]:
        """Cells a colour bonus may take in ``realm``: any free grid cell, or the next track cell."""
        t = self.tables
        if realm == "red":
            return tuple(cell for cell in t.red_values if cell not in sheet.red)
        if realm == "green":
            return tuple(self._numbered[v] for v in t.green_cells if v not in sheet.green)
        if realm == "blue":
            return (self._numbered[sheet.blue + 1],) if sheet.blue < len(t.blue_thresholds) else ()
        entries = sheet.magenta if realm == "magenta" else sheet.yellow
        return (self._numbered[len(entries) + 1],) if len(entries) < self._track_lengths[realm] else ()

    def bonus_value(self, state: State, kind: BonusKind, realm: str) -> int:
        """What a bonus writes: 6 in Magenta; in Yellow 6 or the classic 4/5/6 by source."""
        if realm == "yellow" and kind.value:
            return kind.value
        return 6

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, intent: Value, rng: RandomSource) -> Step:
        """Apply one legal intent; an illegal one raises IllegalIntent and changes nothing."""
        self.refuse_unless_legal(state, intent)
        assert isinstance(intent, Intent)   # one of the legal intents, checked just above
        events: list[Value] = []
        seat = intent.seat
        if isinstance(intent, Roll):
            state = self._roll(state, seat, rng, events, time_warp=False)
        elif isinstance(intent, TimeWarp):
            state = self._add_tokens(state, seat, "time_warp", -1)
            events.append(_TOKEN_SPENT(seat, "time_warp"))
            state = self._roll(state, seat, rng, events, time_warp=True)
        elif isinstance(intent, Pick):
            state = self._pick(state, intent, events)
        elif isinstance(intent, Boost):
            sheet = state.players[seat]
            state = self._with_sheet(state, seat, _sheet(sheet, arcane_boosts=sheet.arcane_boosts - 1,
                                                         boosted=sheet.boosted | {intent.die}))
            value = self.entry_value(state, intent.die, intent.realm)
            events.append(_TOKEN_SPENT(seat, "arcane_boost"))
            events.append(_DIE_USED(seat, intent.die, intent.realm, intent.cell, value, "boost"))
            state = self._mark(state, seat, intent.realm, intent.cell, value, events)
        elif isinstance(intent, Bonus):
            state = self._resolve_bonus(state, intent, events)
        elif isinstance(intent, Forfeit):
            events.append(ev.RollForfeited(seat, state.flow.rolls_used, chosen=True))
            state = _state(state, flow=_flow(state.flow, rolled=False))
        elif isinstance(intent, Pass):
            events.append(_PASSED(seat, state.flow.stage))
            state = self._next_stage(state, events)
        state = self._settle(state, events)
        return Step(state, tuple(events))

    def entry_value(self, state: State, die: str, realm: str) -> int:
        return state.dice.terra_sum() if realm == "green" else state.dice.value(die)

    def _roll(self, state: State, seat: int, rng: RandomSource, events: list[Value], time_warp: bool) -> State:
        dice = state.dice
        randint = rng.randint
        values = tuple([randint(1, 6, DIE_CODES[die]) for die in dice.hand])
        faces = [dice.red, dice.green, dice.blue, dice.magenta, dice.yellow, dice.white]
        for die, value in zip(dice.hand, values):
            faces[_DIE_INDEX[die]] = value
        red, green, blue, magenta, yellow, white = faces
        dice = _dice(dice, red=red, green=green, blue=blue, magenta=magenta, yellow=yellow, white=white)
        rolls = state.flow.rolls_used + (0 if time_warp else 1)
        events.append(ev.DiceRolled(seat, rolls, dice.hand, values, time_warp))
        return _state(state, dice=dice, flow=_flow(state.flow, rolled=True, rolls_used=rolls))

    def _pick(self, state: State, intent: Pick, events: list[Value]) -> State:
        seat, die = intent.seat, intent.die
        value = self.entry_value(state, die, intent.realm)
        if state.flow.stage == Stage.ACTIVE:
            events.append(_DIE_USED(seat, die, intent.realm, intent.cell, value, "select"))
            dice = state.dice
            face = getattr(dice, die)
            fields = (*dice.fields, die)
            events.append(_DIE_TO_FIELD(die, len(fields)))
            lower: tuple[str, ...] = ()
            hand: tuple[str, ...] = ()
            for other in dice.hand:             # the dice below the selection are forgotten, the rest kept
                if other != die:
                    if getattr(dice, other) < face:
                        lower += (other,)
                    else:
                        hand += (other,)
            if lower:
                events.append(_DICE_FORGOTTEN(lower))
            dice = _dice(dice, hand=hand, fields=fields, forgotten=dice.forgotten + lower)
            # The dice and the flow change with the mark, in one copy of the state.
            return self._mark(state, seat, intent.realm, intent.cell, value, events,
                              flow=_flow(state.flow, rolled=False), dice=dice)
        events.append(_DIE_USED(seat, die, intent.realm, intent.cell, value, "pick"))
        state = self._mark(state, seat, intent.realm, intent.cell, value, events)
        # The pick is done; the next stage begins once any bonuses it earned are resolved.
        return self._next_stage(state, events)

    def _resolve_bonus(self, state: State, intent: Bonus, events: list[Value]) -> State:
        flow = state.flow
        pending = list(flow.pending)
        pending.remove(intent.kind)
        state = _state(state, flow=_flow(flow, pending=tuple(pending)))
        events.append(_BONUS_USED(intent.seat, intent.kind, intent.realm, intent.cell))
        if intent.realm == "red":
            value = self.tables.red_values[intent.cell]
        elif intent.realm == "green":
            value = intent.cell.number
        elif intent.realm == "blue":
            value = 0  # a Blue Bonus marks the next cell without a die value
        else:
            value = self.bonus_value(state, intent.kind, intent.realm)
        return self._mark(state, intent.seat, intent.realm, intent.cell, value, events)

    def _made_once(self, make: Callable[[str, Any], _Frozen], realm: str, detail: Any) -> _Frozen:
        """``make(realm, detail)`` made once per rules object (a frozen value: one serves every mark)."""
        key = (make, realm, detail)
        value = self._made.get(key)
        if value is None:
            value = self._made[key] = make(realm, detail)
        return cast(_Frozen, value)    # the cache holds several kinds of value: the one make made for this key

    def _with_sheet(self, state: State, seat: int, sheet: Grimoire, **changes: object) -> State:
        """``state`` with ``seat``'s grimoire replaced by ``sheet`` (and any other ``changes``, in one copy)."""
        players = state.players
        if len(players) == 2:                     # a duel, the usual table: no list in between
            pair = (sheet, players[1]) if seat == 0 else (players[0], sheet)
            return _state(state, players=pair, **changes)
        changed = list(players)
        changed[seat] = sheet
        return _state(state, players=tuple(changed), **changes)

    def _add_tokens(self, state: State, seat: int, token: str, count: int) -> State:
        field = _TOKEN_FIELDS[token]
        sheet = state.players[seat]
        return self._with_sheet(state, seat, _sheet(sheet, **{field: getattr(sheet, field) + count}))

    def _mark(self, state: State, seat: int, realm: str, cell: Cell, value: int, events: list[Value],
              flow: Flow | None = None, dice: Dice | None = None) -> State:
        """Make an entry, then give its rewards: tokens at once, colour bonuses into the pending queue (``flow``
        and ``dice``: the state's new ones, when the entry changes them too)."""
        t = self.tables
        sheet = state.players[seat]
        # (reward, realm, goal): the source of a reward that is not "none" is made (once per rules object) below.
        rewards: list[tuple[str, str, str]] = []
        goals: list[Value] = []
        if realm == "red":
            crossed = sheet.red | {cell}
            sheet = _sheet(sheet, red=crossed)
            for goal in t.red_goals_by_cell[cell]:
                if goal.cells <= crossed:
                    goals.append(_GOAL_COMPLETED(seat, realm, goal.goal_id, goal.reward, goal.points))
                    rewards.append((goal.reward, realm, goal.goal_id))
        elif realm == "green":
            crossed_g = sheet.green | {cell.number}
            sheet = _sheet(sheet, green=crossed_g)
            for goal in t.green_goals_by_cell[cell.number]:
                if goal.cells <= crossed_g:
                    goals.append(_GOAL_COMPLETED(seat, realm, goal.goal_id, goal.reward))
                    rewards.append((goal.reward, realm, goal.goal_id))
        elif realm == "blue":
            marked = sheet.blue + 1
            sheet = _sheet(sheet, blue=marked)
            rewards.append((t.blue_rewards[marked - 1], realm, _CELLS[marked]))
        elif realm == "magenta":
            sheet = _sheet(sheet, magenta=(*sheet.magenta, value))
            rewards.append((t.magenta_rewards[len(sheet.magenta) - 1], realm, _CELLS[len(sheet.magenta)]))
        else:
            sheet = _sheet(sheet, yellow=(*sheet.yellow, value))
            rewards.append((t.yellow_rewards[len(sheet.yellow) - 1], realm, _CELLS[len(sheet.yellow)]))
        events.append(_CELL_MARKED(seat, realm, cell, value, realm_score(sheet, realm, t)))
        events.extend(goals)
        pending = list(state.flow.pending)
        for reward, goal_realm, goal_id in rewards:
            if reward == "none":
                continue
            source = self._made_once(RewardSource, goal_realm, goal_id)
            if reward in _TOKEN_FIELDS:
                field = _TOKEN_FIELDS[reward]
                sheet = _sheet(sheet, **{field: getattr(sheet, field) + 1})
                events.append(_TOKEN_GAINED(seat, reward, source))
                continue
            if reward == "yellow":
                values = t.yellow_bonus_values.get(state.yellow_bonus, {})
                kind = self._made_once(BonusKind, reward, values.get(source.to_text(), 6))
            else:
                kind = self._made_once(BonusKind, reward, 0)
            if self.has_bonus_target(sheet, reward):
                pending.append(kind)
                events.append(_BONUS_EARNED(seat, kind, source))
            else:
                events.append(_BONUS_LOST(seat, kind))
        if flow is None:
            flow = state.flow
        if pending != list(flow.pending) or flow.pending_seat != seat:
            # (A mark that queued nothing for the seat already pending keeps the flow it had.)
            flow = _flow(flow, pending=tuple(pending), pending_seat=seat)
        if dice is None:
            return self._with_sheet(state, seat, sheet, flow=flow)
        return self._with_sheet(state, seat, sheet, flow=flow, dice=dice)

    # ------------------------------------------------------------------ flow
    def _settle(self, state: State, events: list[Value]) -> State:
        """Run every step that needs no decision, until a seat must choose or the game ends.

        Whether a seat has a choice is asked of legal_intents(), the one source of truth;
        its cache then holds the answer for the state returned, which the bots and
        apply() ask for next.
        """
        while True:
            flow = state.flow
            if flow.stage == Stage.GAME_OVER:
                return state
            if flow.pending:
                seat = flow.pending_seat
                sheet = state.players[seat]
                live = []
                for kind in flow.pending:
                    if any(self.has_bonus_target(sheet, realm) for realm in bonus_realms(kind)):
                        live.append(kind)
                    else:
                        events.append(_BONUS_LOST(seat, kind))
                if len(live) != len(flow.pending):
                    state = _state(state, flow=_flow(flow, pending=tuple(live)))
                    continue
                # The pending seat's bonus intents (a pending bonus lists no other kind).
                choices = [i for i in self.legal_intents(state) if isinstance(i, Bonus)]
                if len(choices) == 1:
                    state = self._resolve_bonus(state, choices[0], events)
                    continue
                return state
            stage = flow.stage
            if stage == Stage.ESSENCE_SHIFT:
                # The current seat has resolved their Essence Shift (pending is empty); the start player gives first.
                if flow.seat == state.start:
                    state = self._enter_essence(state, 1 - state.start)
                else:
                    state = self._start_turn(state, 1, events)
                continue
            if stage == Stage.ACTIVE:
                if not flow.rolled:
                    if state.dice.hand and flow.rolls_used < 3:
                        return state
                    state = self._next_stage(state, events)
                    continue
                # A usable die, or a Time Warp in hand (the player chooses: Time Warp or forfeit).
                if self.legal_intents(state):
                    return state
                events.append(ev.RollForfeited(flow.active, flow.rolls_used))
                state = _state(state, flow=_flow(flow, rolled=False))
                continue
            if stage == Stage.PASSIVE_PICK:
                # Pass is always listed; anything more is a die the passive player can use.
                if len(self.legal_intents(state)) > 1:
                    return state
                events.append(_PASSED(state.passive, stage, True))
                state = self._next_stage(state, events)
                continue
            # An Arcane Boost window stays open while the seat can still spend a token
            # (again, Pass is always listed); without a token it closes before any die is looked at.
            if state.players[flow.seat].arcane_boosts and len(self.legal_intents(state)) > 1:
                return state
            state = self._next_stage(state, events)

    def _next_stage(self, state: State, events: list[Value]) -> State:
        """Leave the current stage for the next one in the turn (see the module docstring)."""
        flow = state.flow
        stage, active, passive = flow.stage, flow.active, 1 - flow.active
        split = state.boost_window == "split"
        if stage == Stage.ACTIVE:
            dice = state.dice
            if dice.hand:
                events.append(_DICE_FORGOTTEN(dice.hand))
                state = _state(state, dice=_dice(dice, hand=(), forgotten=dice.forgotten + dice.hand))
            return self._enter(state, Stage.ACTIVE_BOOST if split else Stage.PASSIVE_PICK, active)
        if stage == Stage.ACTIVE_BOOST:
            return self._enter(state, Stage.PASSIVE_PICK if split else Stage.PASSIVE_BOOST,
                               passive)
        if stage == Stage.PASSIVE_PICK:
            return self._enter(state, Stage.PASSIVE_BOOST if split else Stage.ACTIVE_BOOST,
                               passive if split else active)
        if stage == Stage.PASSIVE_BOOST:
            return self._end_turn(state, events)
        if stage == Stage.FINAL_BOOST:
            if flow.seat == active:
                return self._enter(state, Stage.FINAL_BOOST, passive)
            return self._end_game(state, events)
        raise AssertionError(f"no stage follows {stage}")

    def _enter(self, state: State, stage: str, seat: int) -> State:
        return _state(state, flow=_flow(state.flow, stage=stage, seat=seat))

    def _end_turn(self, state: State, events: list[Value]) -> State:
        flow = state.flow
        events.append(_TURN_ENDED(flow.round, flow.turn))
        if flow.turn == 1:
            return self._start_turn(state, 2, events)
        if flow.round < state.rounds:
            return self._start_round(state, flow.round + 1, events)
        return self._enter(state, Stage.FINAL_BOOST, flow.active)

    def _start_round(self, state: State, round_no: int, events: list[Value]) -> State:
        events.append(_ROUND_STARTED(round_no))
        state = _state(state, flow=_flow(state.flow, round=round_no))
        reward = self.tables.round_rewards[round_no - 1]
        if reward in _TOKEN_FIELDS:
            for seat in range(len(state.players)):
                state = self._add_tokens(state, seat, reward, 1)
                events.append(_TOKEN_GAINED(seat, reward, RewardSource.of_round(round_no)))
        if reward == "essence_shift":
            # Nobody is active during the Essence Shift: the last turn's dice leave the table.
            return self._enter_essence(_state(state, dice=_NO_DICE_ROLLED), state.start)
        return self._start_turn(state, 1, events)

    def _enter_essence(self, state: State, seat: int) -> State:
        return _state(state, flow=_flow(state.flow, stage=Stage.ESSENCE_SHIFT, seat=seat,
                                         pending=(BonusKind.essence(),), pending_seat=seat))

    def _start_turn(self, state: State, turn: int, events: list[Value]) -> State:
        active = state.start if turn == 1 else 1 - state.start
        events.append(_TURN_STARTED(state.flow.round, turn, active))
        # A grimoire that boosted nothing this turn is kept as it is.
        players = tuple(_sheet(sheet, boosted=frozenset()) if sheet.boosted else sheet for sheet in state.players)
        flow = _flow(state.flow, turn=turn, active=active, stage=Stage.ACTIVE, rolled=False,
                      rolls_used=0, seat=active, pending=(), pending_seat=active)
        return _state(state, players=players, dice=_NO_DICE_ROLLED, flow=flow)

    def _end_game(self, state: State, events: list[Value]) -> State:
        state = _state(state, flow=_flow(state.flow, stage=Stage.GAME_OVER))
        result = self.outcome(state)
        events.append(ev.GameEnded(result.scores, result.winners))
        return state

    def invariants(self, state: State) -> list[str]:
        """Problems with ``state`` that legal play can never cause (used by playouts); empty if sound."""
        problems = []
        dice, flow, t = state.dice, state.flow, self.tables
        places = dice.hand + dice.forgotten + dice.fields
        if sorted(places) != sorted(DICE):
            problems.append(f"the six dice are not accounted for: hand {dice.hand}, "
                            f"Forgotten Realm {dice.forgotten}, fields {dice.fields}")
        if len(dice.fields) > 3 or flow.rolls_used > 3:
            problems.append(f"{len(dice.fields)} dice fields used after {flow.rolls_used} rolls")
        for seat, sheet in enumerate(state.players):
            if min(sheet.time_warps, sheet.arcane_boosts, sheet.crests) < 0:
                problems.append(f"seat {seat} holds a negative token count")
            if not sheet.red <= set(t.red_values) or not sheet.green <= set(t.green_cells):
                problems.append(f"seat {seat} has crossed a cell that does not exist")
            if not 0 <= sheet.blue <= len(t.blue_thresholds) or len(sheet.magenta) > 11 or len(sheet.yellow) > 11:
                problems.append(f"seat {seat} has overfilled a track")
            for before, after in zip(sheet.magenta, sheet.magenta[1:]):
                if before != 6 and after <= before:
                    problems.append(f"seat {seat} Mystical Sky entry {after} follows {before}")
            if not sheet.boosted <= set(DICE):
                problems.append(f"seat {seat} boosted an unknown die")
        return problems

    # ------------------------------------------------------------------ words

    # ------------------------------------------------------------------ words (see wording.py)
    def prompt(self, state: State) -> str:
        """What the seat to act must do now, in plain words."""
        return wording.prompt(self, state)

    def progress(self, state: State) -> str:
        """``round 4 of 6`` (``game over`` at the end)."""
        return wording.progress(state)

    def narrate(self, event: Value, view: State, seat: int | None) -> str | None:
        """The move log's sentence for ``event`` (Dice Realms hides nothing, so every seat reads the same)."""
        return wording.narrate(event, view, self.tables)

    def make_bot(self, level: str, seed: int, seat: int) -> Any:
        """The bot of ``level`` for ``seat``: ``easy`` (random with light sense) or ``strong`` (see bots.py)."""
        from .bots import make_bot

        return make_bot(self, level, seed, seat)

    def refusal(self, state: State, intent: Value) -> str:
        """Why ``intent``, refused by the legal lists (:meth:`is_legal`), cannot be sent now: the game's words."""
        return wording.refusal(self, state, intent)
