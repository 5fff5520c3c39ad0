"""Dice Cards rules: the deck choice, the turn (Draw, Main 1, Battle, Main 2, End), abilities and battles.

The rulings implemented are those of ``shared/rules/dice_cards.md`` (its settled rulings
first); the decisions taken where it is silent are on the rules page,
``data/dice_cards/rules.md``, each pinned by a scenario under ``tests/scenarios/dice_cards``.

Abilities are data (``content.py``): the core knows effect words (``damage``, ``equip``,
``capture``...), never an ability's name.  Costs are sets of energy tokens
(:func:`.costs.payments` lists the distinct ways to pay one).
"""

from __future__ import annotations

from itertools import combinations
import random
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from tabletop.core.protocol import BaseRules, GameMeta, IllegalIntent, OptionSpec, Outcome, Step
from tabletop.core.rng import RandomSource
from tabletop.core.values import Value, evolve

from . import events as ev
from . import wording
from .content import Ability, Content, load_content
from .costs import payments
from .intents import (INTENTS, Activate, Adjust, Attack, Battle, BlocksDone, BlockWith, Charge, ChooseDeck, Discard,
                      EndTurn, FightNext, Intent, MoveRelic, Remove, Shed, Strike, Summon, Unblock)
from .state import (HAND_LIMIT, HIDDEN_DIE, MAX_UNITS, SLOTS, STOCK, Block, Duelist, Equip, FieldToken, Flow, HandDie,
                    Relic, Stage, State, Unit, dice_of_power)

if TYPE_CHECKING:
    from .bots import DuelBot

__all__ = ["DiceCardsRules", "META", "payments", "DICE_PER_DUELIST"]

META = GameMeta(
    game_id="dice-cards",
    name="Dice Cards",
    min_players=2,
    max_players=2,
    hidden_information=True,
    pitch="A card-battle duel fought with dice: summon units, charge energy, break three shields.",
    minutes="20-40",
    options=(
        OptionSpec("shields", "Shield Power", ("2, 4, 6", "2, 3, 6"), "2, 4, 6",
                   "Each player's three shields, from the foremost to the innermost: 2, 4 and 6, or 2, 3 "
                   "and 6 (a weaker middle shield)."),
        OptionSpec("first", "Who goes first", ("the first seat", "a roll-off"), "the first seat",
                   "The first player named takes the first turn, or a roll of a die picks who does; the "
                   "first player skips the Battle Phase of their first turn."),
    ),
)

FIRST_DRAW = 3
SECOND_PLAYER_EXTRA = 1
BIGGEST_BASE = 18
DICE_PER_DUELIST = STOCK + 3
_SUMMON_KINDS = ("ritual", "fusion", "realm", "relic")


def _uid(unit: int | None) -> int:
    """The unit an ability names: its effect needs one, and ``legal_intents`` lists none without it (a missing
    unit is the KeyError ``State.unit`` gives for a uid it does not hold)."""
    if unit is None:
        raise KeyError(unit)
    return unit


def _without(values: Sequence[int], taken: Sequence[int]) -> tuple[int, ...]:
    """``values`` less one of each of ``taken`` (a multiset difference, kept in order)."""
    left = list(values)
    for value in taken:
        left.remove(value)
    return tuple(left)


class DiceCardsRules(BaseRules[Intent]):
    """The Dice Cards rules object (see the module docstring)."""

    meta = META
    intents = INTENTS
    events = ev.EVENTS
    state_type = State

    def __init__(self, content: Content | None = None) -> None:
        self.content = content or load_content()
        self._decks = self._possible_decks()

    def _possible_decks(self) -> tuple[tuple[str, ...], ...]:
        """Every deck: 1 to 3 archetypes in content order, one at least with units."""
        ids = tuple(self.content.archetypes)
        out = []
        for size in (1, 2, 3):
            for deck in combinations(ids, size):
                if any(self.content.archetypes[a].has_units for a in deck):
                    out.append(deck)
        return tuple(out)

    # ================================================================ setup
    def setup(self, options: Mapping[str, str], seats: Sequence[str], rng: RandomSource) -> Step:
        """Both duelists choose their decks, the first seat first; then the duel begins."""
        self.meta.check_seats(seats)
        chosen = self.meta.resolve_options(options, len(seats))
        shields = tuple(int(v) for v in chosen["shields"].split(","))
        first = 0
        if chosen["first"] == "a roll-off":
            first = rng.randint(0, 1, "first player")
        duelists = tuple(Duelist(name=n.strip(), shields=shields) for n in seats)
        return Step(State(duelists=duelists, flow=Flow(stage=Stage.DECK, deciding=0, first=first)), ())

    # ================================================================ reading the table
    def ability(self, ability_id: str) -> Ability:
        """The ability named ``ability_id`` (``CINDER.3``)."""
        return self.content.ability(ability_id)

    def power(self, state: State, unit: Unit, defending: bool = False) -> int:
        """A unit's current Power: its base, its equips' boosts, its relic's (ruling 2: boosts count)."""
        total = unit.base
        for equip in unit.equips:
            args = self.ability(equip.ability).modes[0][1]
            total += args["power"] * equip.count
            if defending:
                total += args["power_defending"] * equip.count
        for relic in state.duelists[unit.owner].relics:
            if relic.host == unit.uid:
                total += self.ability(relic.ability).arg("power")
        return total

    def battle_bonus(self, unit: Unit) -> int:
        """Extra damage a unit deals in battle (Thornhide): not Power, it does not help it survive."""
        return sum(self.ability(e.ability).modes[0][1]["battle_damage"] * e.count for e in unit.equips)

    def slots_used(self, state: State, unit: Unit) -> int:
        """Equip slots taken: one per stack, one per relic on it."""
        return len(unit.equips) + sum(1 for r in state.duelists[unit.owner].relics if r.host == unit.uid)

    def shield_ward(self, state: State, seat: int) -> int:
        """How much less each battle hit on ``seat``'s shields deals (field tokens are not cumulative)."""
        wards = [self.ability(t.ability).arg("amount") for t in state.duelists[seat].field
                 if self.ability(t.ability).effect == "shield_ward"]
        return max(wards, default=0)

    def realm_of(self, state: State, seat: int, archetype: str) -> FieldToken | None:
        for token in state.duelists[seat].field:
            if token.kind == "realm" and token.ability.split(".")[0] == archetype:
                return token
        return None

    def relic_of(self, state: State, seat: int, archetype: str) -> Relic | None:
        """``seat``'s relic token of ``archetype``, if it has one."""
        for relic in state.duelists[seat].relics:
            if relic.ability.split(".")[0] == archetype:
                return relic
        return None

    def may_cast(self, state: State, seat: int, archetype: str) -> bool:
        """``seat`` has a caster for ``archetype``'s activated abilities: a unit of it (a captive counts),
        its realm token or its relic token."""
        return (any(u.owner == seat and u.archetype == archetype for u in state.units)
                or self.realm_of(state, seat, archetype) is not None
                or self.relic_of(state, seat, archetype) is not None)

    def deck_abilities(self, state: State, seat: int) -> tuple[Ability, ...]:
        return self.content.abilities_of(state.duelists[seat].deck)

    # ================================================================ queries
    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may see: its own hand's values (the other hand as so many unknown dice), and its own
        deck while decks are being chosen."""
        duelists = []
        for owner, duelist in enumerate(state.duelists):
            if owner == seat:
                duelists.append(duelist)
                continue
            changes: dict = {"hand": (HIDDEN_DIE,) * len(duelist.hand)}
            if state.flow.stage == Stage.DECK:
                changes["deck"] = ()
            duelists.append(evolve(duelist, **changes))
        return evolve(state, duelists=tuple(duelists))

    def determinize(self, view: State, seat: int, rng: random.Random) -> State:
        """A state ``seat`` cannot tell from the real one: the other hand's values rolled anew (while decks
        are chosen, the other deck drawn from the possible ones)."""
        duelists = list(view.duelists)
        serial = 10 ** 6          # the hidden dice's own serials are not seen: these cannot meet the seat's
        for owner, duelist in enumerate(duelists):
            if owner == seat:
                continue
            hand = []
            for die in duelist.hand:
                if die.value:
                    hand.append(die)
                else:
                    hand.append(HandDie(serial, rng.randint(1, 6)))
                    serial += 1
            changes: dict = {"hand": tuple(hand)}
            if view.flow.stage == Stage.DECK and not duelist.deck and view.flow.deciding > owner:
                changes["deck"] = rng.choice(self._decks)
            duelists[owner] = evolve(duelist, **changes)
        return evolve(view, duelists=tuple(duelists))

    def secrets(self, state: State, seat: int | None) -> frozenset[str]:
        """The dice in ``seat``'s hand (``die17-5``); while decks are chosen, its archetypes too."""
        if seat is None:
            return frozenset()
        duelist = state.duelists[seat]
        words = {die.to_text() for die in duelist.hand}
        if state.flow.stage == Stage.DECK:
            words.update(duelist.deck)
        return frozenset(words)

    def length(self, state: State) -> tuple[int, str]:
        """Turns played, both duelists' counted (the one being played included)."""
        return state.flow.turn, "turns"

    def outcome(self, state: State) -> Outcome:
        """Shields left by seat; once over, the winner."""
        finished = state.flow.stage == Stage.OVER
        breakdown = tuple({"shields": len(d.shields), "shield_power": sum(d.shields),
                           "units": len(state.field_units(seat)), "units_destroyed": d.units_destroyed,
                           "damage_dealt": d.damage_dealt, "stock": d.stock, "units_set": d.units_set}
                          for seat, d in enumerate(state.duelists))
        winners = (state.flow.winner,) if finished and state.flow.winner >= 0 else ()
        # The results screen shows a tie-break that starts "won " as it is: a duel has no equal totals.
        how = {"direct": "won by a direct hit", "deck-out": "won as the other could not draw"}.get(state.flow.how, "")
        return Outcome(finished, tuple(len(d.shields) for d in state.duelists), winners, how, breakdown)

    def progress(self, state: State) -> str:
        if state.flow.stage == Stage.DECK:
            return "choosing decks"
        shields = " to ".join(str(len(d.shields)) for d in state.duelists)
        return f"turn {state.flow.turn}, shields {shields}"

    def prompt(self, state: State) -> str:
        return wording.prompt(self, state)

    def narrate(self, event: Value, view: State, seat: int | None) -> str | None:
        return wording.narrate(self, event, view, seat)

    def refusal(self, state: State, intent: Value) -> str:
        """Why ``intent``, refused by the legal lists (:meth:`is_legal`), cannot be sent now: the game's words."""
        return wording.refusal(self, state, intent)

    def playout_bot(self, seed: int) -> "DuelBot":
        from .bots import DuelBot

        return DuelBot(seed)

    def make_bot(self, level: str, seed: int, seat: int) -> Any:
        """``easy``: the playout bot with a little sense; ``greedy``: one move ahead on shields and Power;
        ``strong``: greedy Main Phases on a score of the table and a search of every battle; ``expert``: the
        strong bot's best moves played out (see ``bots.py``)."""
        from .bots import make_bot

        return make_bot(self, level, seed, seat)

    def dice_count(self, state: State, seat: int) -> int:
        """Every die ``seat`` owns, wherever it is (always 27)."""
        duelist = state.duelists[seat]
        count = (duelist.stock + len(duelist.hand) + len(duelist.energy) + len(duelist.shields) + duelist.grave
                 + duelist.banished + len(duelist.field) + len(duelist.relics))
        for unit in state.units_of(seat):
            count += dice_of_power(unit.base) + sum(e.count for e in unit.equips)
        return count

    def invariants(self, state: State) -> list[str]:
        """Dice are never made or lost; fields, slots, stacks, shields and captives stay within the rules."""
        problems = []
        uids = [u.uid for u in state.units]
        if len(uids) != len(set(uids)):
            problems.append(f"a unit number twice: {uids}")
        stage = state.flow.stage
        for seat, duelist in enumerate(state.duelists):
            if stage != Stage.DECK and self.dice_count(state, seat) != DICE_PER_DUELIST:
                problems.append(f"seat {seat} owns {self.dice_count(state, seat)} dice, not {DICE_PER_DUELIST}")
            if min(duelist.stock, duelist.grave, duelist.banished) < 0:
                problems.append(f"seat {seat} has a negative pool")
            if any(not 1 <= v <= 6 for v in duelist.energy) or list(duelist.energy) != sorted(duelist.energy):
                problems.append(f"seat {seat} energy {duelist.energy}")
            if any(not 1 <= d.value <= 6 for d in duelist.hand):
                problems.append(f"seat {seat} hand {duelist.hand}")
            if any(not 1 <= s <= 6 for s in duelist.shields) or len(duelist.shields) > 3:
                problems.append(f"seat {seat} shields {duelist.shields}")
            if len(state.field_units(seat)) > MAX_UNITS and stage != Stage.OVERFLOW:
                problems.append(f"seat {seat} has {len(state.field_units(seat))} units on the field")
            for relic in duelist.relics:
                if relic.host >= 0 and not any(u.uid == relic.host and u.owner == seat for u in state.units):
                    problems.append(f"seat {seat}'s relic is on unit {relic.host}, not theirs")
        serials = [d.serial for duelist in state.duelists for d in duelist.hand]
        if len(serials) != len(set(serials)):
            problems.append(f"a hand die twice: {serials}")
        captors = [u.captor for u in state.units if u.captor >= 0]
        if len(captors) != len(set(captors)):
            problems.append("a unit holds two captives")
        for unit in state.units:
            if not 1 <= unit.base <= BIGGEST_BASE:
                problems.append(f"unit {unit.uid} has base Power {unit.base}")
            if self.slots_used(state, unit) > SLOTS and not (stage == Stage.SHED and state.flow.why == str(unit.uid)):
                problems.append(f"unit {unit.uid} uses {self.slots_used(state, unit)} equip slots")
            for equip in unit.equips:
                if not 1 <= equip.count <= self.ability(equip.ability).arg("stack"):
                    problems.append(f"unit {unit.uid} has {equip.count} {equip.ability} tokens")
            if unit.captor >= 0:
                captor = next((u for u in state.units if u.uid == unit.captor), None)
                if captor is None or captor.owner == unit.owner or captor.captor >= 0:
                    problems.append(f"unit {unit.uid} is held by {unit.captor}, which cannot hold it")
                if state.captive_of(unit.uid) is not None:
                    problems.append(f"captive {unit.uid} holds a captive")
        return problems

    # ================================================================ legal intents
    def legal_intents(self, state: State) -> tuple[Intent, ...]:
        """Every intent the seat to act may send now, in a fixed order."""
        return self.cached_legal(state, self._enumerate)

    def deciding(self, state: State) -> tuple[int, ...]:
        """While the decks are chosen, both duelists still to choose decide at once (each in secret: on phones,
        in parallel), the seat to act first; after that one duelist decides at a time."""
        if state.flow.stage != Stage.DECK:
            return super().deciding(state)
        first = state.flow.deciding
        return tuple(seat for seat in (first, 1 - first) if not state.duelists[seat].deck)

    def prompt_for(self, state: State, seat: int) -> str:
        """What ``seat`` must do now: while the decks are chosen, either duelist still to choose chooses."""
        if state.flow.stage == Stage.DECK and seat in self.deciding(state):
            return f"{state.duelists[seat].name}: choose one to three archetypes for your deck."
        return super().prompt_for(state, seat)

    def legal_for(self, state: State, seat: int) -> tuple[Intent, ...]:
        """The intents of ``seat``; while the decks are chosen, either duelist still to choose may choose."""
        if state.flow.stage == Stage.DECK and seat != state.to_act:
            if seat not in self.deciding(state):
                return ()
            return tuple(ChooseDeck(seat, deck) for deck in self._decks)
        return super().legal_for(state, seat)

    def _enumerate(self, state: State) -> list[Intent]:
        flow = state.flow
        stage = flow.stage
        seat = state.to_act
        if seat is None:
            return []
        if stage == Stage.DECK:
            return [ChooseDeck(seat, deck) for deck in self._decks]
        if stage == Stage.MAIN:
            return self._main_intents(state, seat)
        if stage == Stage.ATTACK:
            able = [u.uid for u in state.field_units(seat)]
            return [Attack(seat, tuple(chosen)) for size in range(len(able) + 1)
                    for chosen in combinations(able, size)]
        if stage == Stage.BLOCK:
            blocking = {b.defender for b in flow.blocks}
            out: list[Intent] = [BlockWith(seat, u.uid, attacker) for u in state.field_units(seat)
                                if u.uid not in blocking for attacker in flow.attackers]
            out += [Unblock(seat, b.defender) for b in flow.blocks]
            out.append(BlocksDone(seat))
            return out
        if stage == Stage.ORDER:
            return [FightNext(seat, block.defender, block.attacker) for block in self.next_fights(state)]
        if stage == Stage.STRIKE:
            return [Strike(seat, uid) for uid in flow.striking]
        if stage == Stage.DISCARD:
            return [Discard(seat, value) for value in sorted({d.value for d in state.duelists[seat].hand})]
        if stage == Stage.OVERFLOW:
            return [Remove(seat, u.uid) for u in state.field_units(seat)]
        if stage == Stage.SHED:
            unit = state.unit(int(flow.why))
            return [Shed(seat, index) for index in range(self.slots_used(state, unit))]
        return []

    def _main_intents(self, state: State, seat: int) -> list[Intent]:
        flow = state.flow
        duelist = state.duelists[seat]
        values = sorted({d.value for d in duelist.hand})
        out: list[Intent] = []
        if not flow.summoned and values:
            out += self._summons(state, seat, values)
        out += [Charge(seat, value) for value in values]
        for ability in self.deck_abilities(state, seat):
            if ability.kind in _SUMMON_KINDS:
                continue
            if ability.once_per_turn and ability.ability_id in flow.used:
                continue
            if not self.may_cast(state, seat, ability.archetype):
                continue
            for pay in payments(ability.cost, duelist.energy):
                out += self._activations(state, seat, ability, pay)
        out += self._realm_and_relic_moves(state, seat)
        if flow.main == 1 and not flow.battled and flow.turn > 1 and state.field_units(seat):
            out.append(Battle(seat))
        out.append(EndTurn(seat))
        return out

    def _summons(self, state: State, seat: int, values: list[int]) -> list[Intent]:
        duelist = state.duelists[seat]
        out: list[Intent] = []
        for archetype in duelist.deck:
            if self.content.archetypes[archetype].has_units:
                out += [Summon(seat, v, archetype=archetype) for v in values]
        for ability in self.deck_abilities(state, seat):
            if ability.kind not in _SUMMON_KINDS:
                continue
            args = ability.modes[0][1]
            aid = ability.ability_id
            if ability.kind == "ritual":
                for v in values:
                    if args["discard"]:
                        rest = sorted(set(_without([d.value for d in duelist.hand], [v])))
                        out += [Summon(seat, v, ability=aid, discard=w) for w in rest]
                    else:
                        out.append(Summon(seat, v, ability=aid))
            elif ability.kind == "fusion":
                fewest, most = args["sacrifice"]
                kin = [u.uid for u in state.units if u.owner == seat and u.archetype == ability.archetype
                       and u.captor < 0]
                groups = [g for size in range(max(1, fewest), most + 1) for g in combinations(kin, size)]
                out += [Summon(seat, v, ability=aid, sacrifice=g) for v in values for g in groups]
            elif ability.kind == "realm":
                if not any(t.ability == aid for t in duelist.field):
                    out += [Summon(seat, v, ability=aid) for v in values]
            elif ability.kind == "relic":
                if not any(r.ability == aid for r in duelist.relics):
                    out += [Summon(seat, v, ability=aid) for v in values]
        return out

    def _activations(self, state: State, seat: int, ability: Ability, pay: tuple[int, ...]) -> list[Intent]:
        """The activations of ``ability`` paid with ``pay``, one per choice of caster, target and mode."""
        aid = ability.ability_id
        enemy = 1 - seat
        out: list[Intent] = []
        own_kind = [u for u in state.units if u.owner == seat and u.archetype == ability.archetype]
        for mode, (effect, args) in enumerate(ability.modes):
            if effect == "strike_first":
                if args["target"] == "relic_host":
                    relic = self.relic_of(state, seat, ability.archetype)
                    targets = [relic.host] if relic is not None and relic.host >= 0 else []
                else:
                    targets = [u.uid for u in own_kind]
                out += [Activate(seat, aid, pay, target=t, mode=mode) for t in targets]
            elif effect == "equip":
                pool = own_kind if args["target"] == "own_unit_of_type" else state.units_of(seat)
                for unit in pool:
                    for index, equip in enumerate(unit.equips):
                        if equip.ability == aid and equip.count < args["stack"]:
                            out.append(Activate(seat, aid, pay, target=unit.uid, slot=index, mode=mode))
                    has = any(e.ability == aid for e in unit.equips)
                    if self.slots_used(state, unit) < SLOTS and (args["stack"] > 1 or not has):
                        out.append(Activate(seat, aid, pay, target=unit.uid, mode=mode))
            elif effect == "damage":
                for caster in own_kind:
                    out += [Activate(seat, aid, pay, caster=caster.uid, target=u.uid, mode=mode)
                            for u in state.units_of(enemy)]
                    out.append(Activate(seat, aid, pay, caster=caster.uid, player=True, mode=mode))
            elif effect == "destroy_unit":
                out += [Activate(seat, aid, pay, target=u.uid, mode=mode) for u in state.units_of(enemy)
                        if self.power(state, u) <= args["most_power"]]
            elif effect == "mend_shield":
                out += [Activate(seat, aid, pay, mode=mode, shield=i)
                        for i in range(len(state.duelists[seat].shields))]
            elif effect == "new_shield":
                if len(state.duelists[seat].shields) < args["below"]:
                    out.append(Activate(seat, aid, pay, mode=mode))
            elif effect == "break_shield":
                if state.duelists[enemy].shields:
                    out.append(Activate(seat, aid, pay, mode=mode))
            elif effect == "raise_from_grave":
                if state.duelists[seat].grave >= args["banish"] + args["take"]:
                    out.append(Activate(seat, aid, pay, mode=mode))
            elif effect == "capture":
                for captor in state.units_of(seat):
                    if captor.captor >= 0 or state.captive_of(captor.uid) is not None:
                        continue
                    most = self.power(state, captor)
                    out += [Activate(seat, aid, pay, caster=captor.uid, target=u.uid, mode=mode)
                            for u in state.units_of(enemy) if u.captor < 0 and state.captive_of(u.uid) is None
                            and self.power(state, u) <= most]
            elif effect == "opponent_discards":
                if state.duelists[enemy].hand:
                    out.append(Activate(seat, aid, pay, mode=mode))
            else:                  # shield_ward, destroy_units, extra_unit: nothing to choose
                out.append(Activate(seat, aid, pay, mode=mode))
        return out

    def _realm_and_relic_moves(self, state: State, seat: int) -> list[Intent]:
        duelist = state.duelists[seat]
        out: list[Intent] = []
        for token in duelist.field:
            if token.kind != "realm" or f"adjust:{token.ability}" in state.flow.used:
                continue
            step = self.ability(token.ability).arg("adjust_energy")
            for value in sorted(set(duelist.energy)):
                if value - step >= 1:
                    out.append(Adjust(seat, value, -step))
                if value + step <= 6:
                    out.append(Adjust(seat, value, step))
        for relic in duelist.relics:
            if f"relic:{relic.ability}" in state.flow.used:
                continue
            for unit in state.field_units(seat):
                if unit.uid != relic.host and self.slots_used(state, unit) < SLOTS:
                    out.append(MoveRelic(seat, relic.ability, unit.uid))
            if relic.host >= 0:
                out.append(MoveRelic(seat, relic.ability, 0))
        return out

    # ================================================================ apply
    def apply(self, state: State, intent: Value, rng: RandomSource) -> Step:
        """Apply one legal intent; an illegal one raises IllegalIntent and changes nothing."""
        if isinstance(intent, Activate) and list(intent.pay) != sorted(intent.pay):
            intent = evolve(intent, pay=tuple(sorted(intent.pay)))      # energy tokens paid in any order
        self.refuse_unless_legal(state, intent)
        assert isinstance(intent, Intent)       # refuse_unless_legal let through only an intent of the lists
        events: list[Value] = []
        seat = intent.seat
        if isinstance(intent, ChooseDeck):
            state = self._choose_deck(state, seat, intent.archetypes, rng, events)
        elif isinstance(intent, Summon):
            state = self._summon(state, seat, intent, events)
        elif isinstance(intent, Charge):
            state = self._duelist(state, seat, hand=self._hand_without(state, seat, intent.die),
                                  energy=tuple(sorted(state.duelists[seat].energy + (intent.die,))))
            events.append(ev.Charged(seat, intent.die))
        elif isinstance(intent, Activate):
            state = self._activate(state, seat, intent, rng, events)
        elif isinstance(intent, Adjust):
            state = self._adjust(state, seat, intent, events)
        elif isinstance(intent, MoveRelic):
            state = self._move_relic(state, seat, intent, events)
        elif isinstance(intent, Battle):
            events.append(ev.BattleBegan(seat))
            state = self._flow(state, stage=Stage.ATTACK, battled=True)
        elif isinstance(intent, Attack):
            state = self._attack(state, seat, intent.units, rng, events)
        elif isinstance(intent, BlockWith):
            events.append(ev.Blocked(intent.unit, intent.attacker))
            state = self._flow(state, blocks=state.flow.blocks + (Block(intent.unit, intent.attacker),))
        elif isinstance(intent, Unblock):
            events.append(ev.Unblocked(intent.unit))
            state = self._flow(state, blocks=tuple(b for b in state.flow.blocks if b.defender != intent.unit))
        elif isinstance(intent, BlocksDone):
            state = self._fight_all(state, rng, events)
        elif isinstance(intent, FightNext):
            events.append(ev.FightChosen(seat, intent.unit, intent.attacker))
            state = self._fight_one(state, Block(intent.unit, intent.attacker), events)
            state = self._fight_on(state, rng, events)
        elif isinstance(intent, Strike):
            state = self._strike(state, intent.unit, rng, events)
            state = self._after_strike(state, rng, events)
        elif isinstance(intent, Discard):
            state = self._discard(state, seat, intent.die, rng, events)
        elif isinstance(intent, Remove):
            state = self._remove_unit(state, intent.unit, "overflow", events)
            if len(state.field_units(seat)) <= MAX_UNITS:
                resume = state.flow.resume
                state = self._flow(state, stage=resume, resume="", deciding=-1)
                if resume == Stage.FIGHT:
                    state = self._fight_on(state, rng, events)
        elif isinstance(intent, Shed):
            state = self._shed(state, seat, intent.equip, events)
        elif isinstance(intent, EndTurn):
            state = self._end_turn(state, seat, rng, events)
        if state.flow.stage not in (Stage.DECK, Stage.OVER):
            state = self._fallen(state, events)
        return Step(self._settle(state), tuple(events))

    def _settle(self, state: State) -> State:
        """A duelist with a 6th unit on the field chooses one to discard before anything else happens."""
        flow = state.flow
        if flow.stage in (Stage.OVER, Stage.OVERFLOW, Stage.SHED, Stage.DECK, Stage.DISCARD):
            return state
        seat = self._overflowing(state)
        if seat is not None:
            return self._flow(state, stage=Stage.OVERFLOW, deciding=seat, resume=flow.stage)
        return state

    def _overflowing(self, state: State) -> int | None:
        """The duelist (the active one first) with more than five units on the field, if any."""
        for seat in (state.flow.active, 1 - state.flow.active):
            if len(state.field_units(seat)) > MAX_UNITS:
                return seat
        return None

    def defending(self, state: State, uid: int) -> bool:
        """Unit ``uid`` is defending (Hold the Line counts): assigned as a blocker, from then until the End Phase of
        that turn (settled ruling 10), so a blocker the +2 kept alive in its battle survives the turn too."""
        flow = state.flow
        return uid in flow.defenders or any(b.defender == uid for b in flow.blocks)

    def current_power(self, state: State, unit: Unit) -> int:
        """The Power that unit ``unit`` has now, and that its damage is measured against: Hold the Line's
        +2 counts while it is defending."""
        return self.power(state, unit, self.defending(state, unit.uid))

    def _fallen(self, state: State, events: list[Value]) -> State:
        """Destroy every unit whose damage this turn is at or above its current Power (C.2 Battle 3; ruling 2).

        Damage is checked when it is dealt, and again after every move, since Power can drop on its own: a
        Gearheart taken off or moved away.  The damage came from the other
        duelist, who is counted as destroying it."""
        while True:
            doomed = next((u for u in state.units if u.damage and u.damage >= self.current_power(state, u)), None)
            if doomed is None:
                return state
            state = self._remove_unit(state, doomed.uid, "damage", events, 1 - doomed.owner)

    # ---------------------------------------------------------------- small edits
    def _duelist(self, state: State, seat: int, **changes: Any) -> State:
        duelists = list(state.duelists)
        duelists[seat] = evolve(duelists[seat], **changes)
        return evolve(state, duelists=tuple(duelists))

    def _flow(self, state: State, **changes: Any) -> State:
        return evolve(state, flow=evolve(state.flow, **changes))

    def _put_unit(self, state: State, unit: Unit) -> State:
        units = list(state.units)
        for index, old in enumerate(units):
            if old.uid == unit.uid:
                units[index] = unit
                return evolve(state, units=tuple(units))
        return evolve(state, units=state.units + (unit,))

    def _hand_without(self, state: State, seat: int, value: int) -> tuple[HandDie, ...]:
        """The hand less one die of ``value`` (the first rolled)."""
        return _without_die(state.duelists[seat].hand, value)

    def _roll_into_hand(self, state: State, seat: int, count: int, why: str, rng: RandomSource,
                        events: list[Value]) -> State:
        dice = tuple(HandDie(state.next_die + i, rng.randint(1, 6, f"{why} die")) for i in range(count))
        state = evolve(state, next_die=state.next_die + count)
        events.append(ev.Rolled(seat, dice, why))
        return self._duelist(state, seat, hand=state.duelists[seat].hand + dice)

    def _win(self, state: State, seat: int, how: str, events: list[Value]) -> State:
        events.append(ev.DuelWon(seat, how))
        return self._flow(state, stage=Stage.OVER, winner=seat, how=how, deciding=-1)

    # ---------------------------------------------------------------- the deck choice and the turn
    def _choose_deck(self, state: State, seat: int, archetypes: tuple[str, ...], rng: RandomSource,
                     events: list[Value]) -> State:
        events.append(ev.DeckChosen(seat, archetypes))
        state = self._duelist(state, seat, deck=archetypes)
        other = 1 - seat
        if not state.duelists[other].deck:
            return self._flow(state, deciding=other)
        first = state.flow.first
        events.append(ev.DecksShown(state.duelists[0].deck, state.duelists[1].deck, first))
        state = self._flow(state, deciding=-1)
        return self._begin_turn(state, first, rng, events)

    def _begin_turn(self, state: State, seat: int, rng: RandomSource, events: list[Value]) -> State:
        """The start of a turn ("until your next turn" tokens go), then the Draw Phase."""
        turn = state.flow.turn + 1
        state = self._flow(state, stage=Stage.MAIN, turn=turn, active=seat, main=1, summoned=False, battled=False,
                           used=(), attackers=(), blocks=(), fights=(), defenders=(), striking=(), deciding=-1,
                           discarding=0, why="", resume="")
        events.append(ev.TurnBegan(seat, turn))
        for unit in state.units_of(seat):
            lasting = [e for e in unit.equips if self.ability(e.ability).arg("until") == "your_next_turn"]
            if not lasting:
                continue
            for equip in lasting:
                events.append(ev.EquipLost(unit.uid, equip.ability, equip.count, "expired"))
            state = self._put_unit(state, evolve(unit, equips=tuple(e for e in unit.equips if e not in lasting)))
            state = self._duelist(state, seat, grave=state.duelists[seat].grave + sum(e.count for e in lasting))
        duelist = state.duelists[seat]
        if duelist.stock == 0:
            events.append(ev.DeckedOut(seat))
            return self._win(state, 1 - seat, "deck-out", events)
        draw = FIRST_DRAW + (SECOND_PLAYER_EXTRA if turn == 2 else 0)
        count = min(draw, duelist.stock)
        state = self._duelist(state, seat, stock=duelist.stock - count)
        return self._roll_into_hand(state, seat, count, "draw", rng, events)

    def _end_turn(self, state: State, seat: int, rng: RandomSource, events: list[Value]) -> State:
        """The End Phase: "until end of turn" effects end, damage clears, then the hand limit."""
        units = tuple(evolve(u, damage=0, strike_first=False) if (u.damage or u.strike_first) else u
                      for u in state.units)
        state = evolve(state, units=units)
        over = len(state.duelists[seat].hand) - HAND_LIMIT
        if over > 0:
            return self._flow(state, stage=Stage.DISCARD, deciding=seat, discarding=over, why="hand-limit",
                              resume="next turn")
        events.append(ev.TurnEnded(seat))
        return self._begin_turn(state, 1 - seat, rng, events)

    def _discard(self, state: State, seat: int, value: int, rng: RandomSource, events: list[Value]) -> State:
        flow = state.flow
        events.append(ev.Discarded(seat, (value,), "tithe" if flow.why == "tithe" else "hand-limit"))
        state = self._duelist(state, seat, hand=self._hand_without(state, seat, value),
                              grave=state.duelists[seat].grave + 1)
        left = flow.discarding - 1
        if left > 0 and state.duelists[seat].hand:
            return self._flow(state, discarding=left)
        if flow.resume == "next turn":
            events.append(ev.TurnEnded(flow.active))
            state = self._flow(state, deciding=-1, discarding=0, why="", resume="")
            return self._begin_turn(state, 1 - flow.active, rng, events)
        return self._flow(state, stage=flow.resume, deciding=-1, discarding=0, why="", resume="")

    # ---------------------------------------------------------------- summons
    def _summon(self, state: State, seat: int, intent: Summon, events: list[Value]) -> State:
        state = self._flow(state, summoned=True)
        duelist = state.duelists[seat]
        hand = self._hand_without(state, seat, intent.die)
        if not intent.ability:
            state = self._duelist(state, seat, hand=hand)
            return self._set_unit(state, seat, intent.archetype, -(-intent.die // 2), intent.die, "summon", events)
        ability = self.ability(intent.ability)
        args = ability.modes[0][1]
        if ability.kind == "ritual":
            grave = duelist.grave
            if intent.discard is not None:
                hand = _without_die(hand, intent.discard)
                grave += 1
                events.append(ev.Discarded(seat, (intent.discard,), "ritual"))
            state = self._duelist(state, seat, hand=hand, grave=grave)
            power = intent.die if args["power"] == "full" else -(-intent.die // 2)
            return self._set_unit(state, seat, ability.archetype, power, intent.die, "ritual", events)
        if ability.kind == "fusion":
            return self._fuse(state, seat, intent, hand, events)
        state = self._duelist(state, seat, hand=hand)
        if ability.kind == "realm":
            state = self._duelist(state, seat, field=duelist.field + (FieldToken(ability.ability_id, "realm"),))
        else:
            state = self._duelist(state, seat, relics=duelist.relics + (Relic(ability.ability_id),))
        events.append(ev.TokenPlaced(seat, ability.ability_id, ability.kind, intent.die))
        return state

    def _set_unit(self, state: State, seat: int, archetype: str, power: int, die: int, how: str,
                  events: list[Value], equips: tuple[Equip, ...] = ()) -> State:
        """A new unit on ``seat``'s field (its dice are already taken from where they came)."""
        unit = Unit(uid=state.next_uid, owner=seat, archetype=archetype, base=power, equips=equips)
        state = evolve(state, next_uid=state.next_uid + 1)
        state = self._put_unit(state, unit)
        state = self._duelist(state, seat, units_set=state.duelists[seat].units_set + 1)
        events.append(ev.Summoned(seat, unit.uid, archetype, power, die, how))
        return state

    def _fuse(self, state: State, seat: int, intent: Summon, hand: tuple[HandDie, ...],
              events: list[Value]) -> State:
        """Graft: the sacrificed units' base Power and equips pass to the new unit (rulings 3 and 8)."""
        ability = self.ability(intent.ability)
        sacrificed = [state.unit(uid) for uid in intent.sacrifice]
        power = min(BIGGEST_BASE, -(-intent.die // 2) + sum(u.base for u in sacrificed))
        dice_in = 1 + sum(dice_of_power(u.base) for u in sacrificed)
        merged: dict[str, int] = {}
        for unit in sacrificed:
            for equip in unit.equips:
                merged[equip.ability] = merged.get(equip.ability, 0) + equip.count
        relics = [r for r in state.duelists[seat].relics if r.host in intent.sacrifice]
        # The sacrificed units leave without their equips (they pass on) and without moving the relics.
        extra = 0
        equips = []
        for aid, count in merged.items():
            most = self.ability(aid).arg("stack")
            equips.append(Equip(aid, min(count, most)))
            extra += max(0, count - most)
        units = [u for u in state.units if u.uid not in intent.sacrifice]
        state = evolve(state, units=tuple(units))
        for unit in sacrificed:
            events.append(ev.UnitDestroyed(unit.uid, seat, unit.archetype, unit.base, "sacrifice"))
            state = self._release_captive(state, unit.uid, events)
        for aid, count in merged.items():
            if count > self.ability(aid).arg("stack"):
                events.append(ev.EquipLost(0, aid, count - self.ability(aid).arg("stack"), "merged"))
        surplus = dice_in - dice_of_power(power)
        state = self._duelist(state, seat, hand=hand, grave=state.duelists[seat].grave + surplus + extra)
        state = self._set_unit(state, seat, ability.archetype, power, intent.die, "fusion", events,
                               equips=tuple(equips))
        new_uid = state.next_uid - 1
        if relics:
            moved = tuple(evolve(r, host=new_uid) if r in relics else r for r in state.duelists[seat].relics)
            state = self._duelist(state, seat, relics=moved)
        for equip in equips:
            events.append(ev.Equipped(new_uid, equip.ability, equip.count))
        for relic in relics:
            events.append(ev.RelicMoved(seat, relic.ability, new_uid))
        if self.slots_used(state, state.unit(new_uid)) > SLOTS:
            state = self._flow(state, stage=Stage.SHED, deciding=seat, why=str(new_uid), resume=Stage.MAIN)
        return state

    def _shed(self, state: State, seat: int, index: int, events: list[Value]) -> State:
        unit = state.unit(int(state.flow.why))
        if index < len(unit.equips):
            equip = unit.equips[index]
            events.append(ev.EquipLost(unit.uid, equip.ability, equip.count, "shed"))
            state = self._put_unit(state, evolve(unit, equips=unit.equips[:index] + unit.equips[index + 1:]))
            state = self._duelist(state, seat, grave=state.duelists[seat].grave + equip.count)
        else:
            hosted = [r for r in state.duelists[seat].relics if r.host == unit.uid]
            relic = hosted[index - len(unit.equips)]
            events.append(ev.RelicMoved(seat, relic.ability, 0))
            state = self._duelist(state, seat, relics=tuple(evolve(r, host=-1) if r == relic else r
                                                            for r in state.duelists[seat].relics))
        if self.slots_used(state, state.unit(unit.uid)) <= SLOTS:
            state = self._flow(state, stage=state.flow.resume or Stage.MAIN, deciding=-1, why="", resume="")
        return state

    # ---------------------------------------------------------------- units leaving
    def _remove_unit(self, state: State, uid: int, why: str, events: list[Value], by: int = -1) -> State:
        """Unit ``uid`` leaves the field: its dice and equips to its owner's Grave, a relic on it stays
        unequipped (Persistent), its captive goes home.  ``by``: the seat that destroyed it."""
        unit = state.unit(uid)
        owner = unit.owner
        events.append(ev.UnitDestroyed(uid, owner, unit.archetype, unit.base, why))
        state = evolve(state, units=tuple(u for u in state.units if u.uid != uid))
        duelist = state.duelists[owner]
        relics = duelist.relics
        for relic in relics:
            if relic.host == uid:
                events.append(ev.RelicMoved(owner, relic.ability, 0))
        state = self._duelist(state, owner,
                              grave=duelist.grave + dice_of_power(unit.base) + sum(e.count for e in unit.equips),
                              relics=tuple(evolve(r, host=-1) if r.host == uid else r for r in relics))
        if by >= 0 and by != owner:
            state = self._duelist(state, by, units_destroyed=state.duelists[by].units_destroyed + 1)
        flow = state.flow
        if uid in flow.attackers or uid in flow.striking or any(b.defender == uid for b in flow.blocks):
            state = self._flow(state, striking=tuple(u for u in flow.striking if u != uid))
        return self._release_captive(state, uid, events)

    def _release_captive(self, state: State, captor: int, events: list[Value]) -> State:
        captive = state.captive_of(captor)
        if captive is None:
            return state
        events.append(ev.Released(captive.uid))
        return self._put_unit(state, evolve(captive, captor=-1))

    def _damage_unit(self, state: State, uid: int, amount: int, events: list[Value], by: int,
                     why: str = "ability") -> State:
        unit = state.unit(uid)
        unit = evolve(unit, damage=unit.damage + amount)
        state = self._put_unit(state, unit)
        events.append(ev.UnitDamaged(uid, amount, unit.damage))
        if by >= 0:
            state = self._duelist(state, by, damage_dealt=state.duelists[by].damage_dealt + amount)
        if unit.damage >= self.current_power(state, unit):
            state = self._remove_unit(state, uid, why, events, by)
        return state

    # ---------------------------------------------------------------- shields and the player
    def _hit_player(self, state: State, seat: int, amount: int, by_unit: int, by: int, rng: RandomSource,
                    events: list[Value]) -> State:
        """Damage aimed at ``seat``: their foremost shield takes it; with no shield left, they lose."""
        shields = state.duelists[seat].shields
        if not shields:
            events.append(ev.PlayerHit(seat, by_unit, amount))
            state = self._duelist(state, by, damage_dealt=state.duelists[by].damage_dealt + amount)
            return self._win(state, by, "direct", events)
        left = shields[0] - amount
        events.append(ev.ShieldHit(seat, amount, max(0, left), by_unit))
        state = self._duelist(state, by, damage_dealt=state.duelists[by].damage_dealt + amount)
        if left > 0:
            return self._duelist(state, seat, shields=(left,) + shields[1:])
        return self._break_shield(state, seat, rng, events)

    def _break_shield(self, state: State, seat: int, rng: RandomSource, events: list[Value]) -> State:
        """The foremost shield is destroyed: its die is rolled into its owner's hand."""
        events.append(ev.ShieldBroken(seat))
        state = self._duelist(state, seat, shields=state.duelists[seat].shields[1:])
        return self._roll_into_hand(state, seat, 1, "shield", rng, events)

    # ---------------------------------------------------------------- abilities
    def _activate(self, state: State, seat: int, intent: Activate, rng: RandomSource, events: list[Value]) -> State:
        ability = self.ability(intent.ability)
        effect, args = ability.modes[intent.mode]
        duelist = state.duelists[seat]
        state = self._duelist(state, seat, energy=_without(duelist.energy, intent.pay))
        if ability.once_per_turn:
            state = self._flow(state, used=state.flow.used + (ability.ability_id,))
        events.append(ev.Activated(seat, ability.ability_id, intent.pay, intent.mode))
        spent = list(intent.pay)        # dice that may become the tokens the effect places (C.3 #10)
        enemy = 1 - seat

        def token_die() -> None:
            if spent:
                spent.pop()
            else:
                nonlocal state
                state = self._duelist(state, seat, stock=state.duelists[seat].stock - 1)

        if effect == "strike_first":
            unit = state.unit(_uid(intent.target))
            state = self._put_unit(state, evolve(unit, strike_first=True))
            events.append(ev.StrikeFirst(unit.uid))
        elif effect == "equip":
            unit = state.unit(_uid(intent.target))
            token_die()
            if intent.slot is None:
                equips = unit.equips + (Equip(ability.ability_id, 1),)
                count = 1
            else:
                stacks = list(unit.equips)
                count = stacks[intent.slot].count + 1
                stacks[intent.slot] = evolve(stacks[intent.slot], count=count)
                equips = tuple(stacks)
            state = self._put_unit(state, evolve(unit, equips=equips))
            events.append(ev.Equipped(unit.uid, ability.ability_id, count))
        elif effect == "shield_ward":
            token_die()
            state = self._duelist(state, seat, field=state.duelists[seat].field
                                  + (FieldToken(ability.ability_id, "field"),))
            events.append(ev.TokenPlaced(seat, ability.ability_id, "field"))
        elif effect == "damage":
            caster = state.unit(_uid(intent.caster))
            amount = self.power(state, caster)
            if intent.player:
                state = self._hit_player(state, enemy, amount, 0, seat, rng, events)
            else:
                state = self._damage_unit(state, _uid(intent.target), amount, events, seat)
        elif effect == "destroy_unit":
            state = self._remove_unit(state, _uid(intent.target), "ability", events, seat)
        elif effect == "destroy_units":
            doomed = [u.uid for u in state.units_of(enemy) if self.power(state, u) <= args["most_power"]]
            for uid in doomed:
                if any(u.uid == uid for u in state.units):
                    state = self._remove_unit(state, uid, "ability", events, seat)
        elif effect == "break_shield":
            state = self._break_shield(state, enemy, rng, events)
        elif effect == "mend_shield":
            shields = list(state.duelists[seat].shields)
            which = intent.shield or 0
            shields[which] = min(args["most"], shields[which] + args["amount"])
            state = self._duelist(state, seat, shields=tuple(shields))
            events.append(ev.ShieldMended(seat, which, shields[which]))
        elif effect == "new_shield":
            token_die()
            state = self._duelist(state, seat, shields=(args["power"],) + state.duelists[seat].shields)
            events.append(ev.ShieldRaised(seat, args["power"]))
        elif effect == "raise_from_grave":
            grave = state.duelists[seat].grave - args["banish"] - args["take"]
            state = self._duelist(state, seat, grave=grave,
                                  banished=state.duelists[seat].banished + args["banish"])
            events.append(ev.Banished(seat, args["banish"]))
            state = self._roll_into_hand(state, seat, args["take"], "grave", rng, events)
        elif effect == "extra_unit":
            token_die()
            state = self._set_unit(state, seat, ability.archetype, args["power"], 0, "extra", events)
        elif effect == "capture":
            target = state.unit(_uid(intent.target))
            state = self._put_unit(state, evolve(target, captor=intent.caster))
            events.append(ev.Captured(_uid(intent.caster), target.uid))
        elif effect == "opponent_discards":
            count = min(args["count"], len(state.duelists[enemy].hand))
            state = self._flow(state, stage=Stage.DISCARD, deciding=enemy, discarding=count, why="tithe",
                               resume=Stage.MAIN)
        if spent:
            state = self._duelist(state, seat, grave=state.duelists[seat].grave + len(spent))
        return state

    def _adjust(self, state: State, seat: int, intent: Adjust, events: list[Value]) -> State:
        token = next(t for t in state.duelists[seat].field if t.kind == "realm"
                     and self.ability(t.ability).arg("adjust_energy") == abs(intent.by))
        energy = list(state.duelists[seat].energy)
        energy.remove(intent.value)
        energy.append(intent.value + intent.by)
        events.append(ev.EnergyAdjusted(seat, intent.value, intent.value + intent.by))
        state = self._flow(state, used=state.flow.used + (f"adjust:{token.ability}",))
        return self._duelist(state, seat, energy=tuple(sorted(energy)))

    def _move_relic(self, state: State, seat: int, intent: MoveRelic, events: list[Value]) -> State:
        host = intent.unit if intent.unit else -1
        relics = tuple(evolve(r, host=host) if r.ability == intent.ability else r
                       for r in state.duelists[seat].relics)
        events.append(ev.RelicMoved(seat, intent.ability, intent.unit))
        state = self._flow(state, used=state.flow.used + (f"relic:{intent.ability}",))
        return self._duelist(state, seat, relics=relics)

    # ---------------------------------------------------------------- battles
    def _attack(self, state: State, seat: int, attackers: tuple[int, ...], rng: RandomSource,
                events: list[Value]) -> State:
        events.append(ev.Attacked(seat, attackers))
        if not attackers:
            return self._flow(state, stage=Stage.MAIN, main=2)
        state = self._flow(state, attackers=attackers, blocks=())
        if state.field_units(1 - seat):
            return self._flow(state, stage=Stage.BLOCK)
        return self._fight_all(state, rng, events)

    def _fight_all(self, state: State, rng: RandomSource, events: list[Value]) -> State:
        """The blockers are assigned: every block is a unit battle still to fight."""
        blocks = state.flow.blocks
        defenders = state.flow.defenders + tuple(b.defender for b in blocks if b.defender not in state.flow.defenders)
        return self._fight_on(self._flow(state, fights=blocks, defenders=defenders), rng, events)

    def next_fights(self, state: State) -> tuple[Block, ...]:
        """The unit battles that may come next: each attacker's next blocker, in the order the blockers were
        assigned (attackers in the order they were declared)."""
        out = []
        for attacker in state.flow.attackers:
            block = next((b for b in state.flow.fights if b.attacker == attacker), None)
            if block is not None:
                out.append(block)
        return tuple(out)

    def order_matters(self, state: State) -> bool:
        """Whether the order of the battles still to fight can change anything: battles of different
        attackers share no unit, so only a captive coming home to a full field (its owner then discards a
        unit, perhaps one still to fight) makes the order matter."""
        fighting = {b.attacker for b in state.flow.fights} | {b.defender for b in state.flow.fights}
        for seat in (0, 1):
            coming = sum(1 for u in state.units if u.owner == seat and u.captor in fighting)
            if coming and len(state.field_units(seat)) + coming > MAX_UNITS:
                return True
        return False

    def _fight_on(self, state: State, rng: RandomSource, events: list[Value]) -> State:
        """Fight the unit battles still to fight: the defender chooses the next one when the order can
        matter; a captive that comes home to a full field is made room for at once.  When the last battle is
        over, the unblocked attackers hit the shields."""
        while True:
            alive = {u.uid for u in state.units}
            state = self._flow(state, fights=tuple(b for b in state.flow.fights
                                                   if b.attacker in alive and b.defender in alive))
            state = self._fallen(state, events)
            seat = self._overflowing(state)
            if seat is not None:
                return self._flow(state, stage=Stage.OVERFLOW, deciding=seat, resume=Stage.FIGHT)
            alive = {u.uid for u in state.units}
            state = self._flow(state, fights=tuple(b for b in state.flow.fights
                                                   if b.attacker in alive and b.defender in alive))
            coming = self.next_fights(state)
            if not coming:
                break
            if len(coming) > 1 and self.order_matters(state):
                return self._flow(state, stage=Stage.ORDER, deciding=-1)
            state = self._fight_one(state, coming[0], events)
        flow = state.flow
        blocked = {b.attacker for b in flow.blocks}
        alive = {u.uid for u in state.units}
        striking = tuple(uid for uid in flow.attackers if uid not in blocked and uid in alive)
        state = self._flow(state, striking=striking)
        return self._after_strike(state, rng, events)

    def _fight_one(self, state: State, block: Block, events: list[Value]) -> State:
        """Fight one unit battle and strike it off the battles still to fight."""
        state = self._flow(state, fights=tuple(b for b in state.flow.fights if b != block))
        return self._fight(state, block.attacker, block.defender, events)

    def _after_strike(self, state: State, rng: RandomSource, events: list[Value]) -> State:
        """Hit shields while the order does not matter (one attacker left, or no shield to protect); then
        the attacker chooses, or the battle is over."""
        while state.flow.stage != Stage.OVER and state.flow.striking:
            enemy = 1 - state.flow.active
            if len(state.flow.striking) > 1 and state.duelists[enemy].shields:
                return self._flow(state, stage=Stage.STRIKE)
            state = self._strike(state, state.flow.striking[0], rng, events)
        if state.flow.stage == Stage.OVER:
            return state
        return self._flow(state, stage=Stage.MAIN, main=2, attackers=(), blocks=(), fights=(), striking=())

    def _strike(self, state: State, uid: int, rng: RandomSource, events: list[Value]) -> State:
        """An unblocked attacker hits the foremost shield (Rampart takes some off), or the player."""
        seat = state.flow.active
        enemy = 1 - seat
        state = self._flow(state, striking=tuple(u for u in state.flow.striking if u != uid))
        unit = state.unit(uid)
        amount = self.power(state, unit) + self.battle_bonus(unit)
        if state.duelists[enemy].shields:
            amount = max(0, amount - self.shield_ward(state, enemy))
        return self._hit_player(state, enemy, amount, uid, seat, rng, events)

    def _fight(self, state: State, attacker_id: int, defender_id: int, events: list[Value]) -> State:
        """One unit battle: simultaneous damage, unless exactly one strikes first."""
        attacker, defender = state.unit(attacker_id), state.unit(defender_id)
        seat = attacker.owner
        to_defender = self.power(state, attacker) + self.battle_bonus(attacker)
        to_attacker = self.current_power(state, defender) + self.battle_bonus(defender)
        first = 0
        if attacker.strike_first != defender.strike_first:
            first = attacker_id if attacker.strike_first else defender_id
        events.append(ev.Fought(attacker_id, defender_id, to_defender, to_attacker, first,
                                attacker.archetype, defender.archetype))
        if first == attacker_id:
            state = self._damage_unit(state, defender_id, to_defender, events, seat, "battle")
            if any(u.uid == defender_id for u in state.units):
                state = self._damage_unit(state, attacker_id, to_attacker, events, 1 - seat, "battle")
            return state
        if first == defender_id:
            state = self._damage_unit(state, attacker_id, to_attacker, events, 1 - seat, "battle")
            if any(u.uid == attacker_id for u in state.units):
                state = self._damage_unit(state, defender_id, to_defender, events, seat, "battle")
            return state
        # Simultaneous: both take their damage before either is checked.
        attacker = evolve(attacker, damage=attacker.damage + to_attacker)
        defender = evolve(defender, damage=defender.damage + to_defender)
        state = self._put_unit(self._put_unit(state, attacker), defender)
        events.append(ev.UnitDamaged(defender_id, to_defender, defender.damage))
        events.append(ev.UnitDamaged(attacker_id, to_attacker, attacker.damage))
        state = self._duelist(state, seat, damage_dealt=state.duelists[seat].damage_dealt + to_defender)
        state = self._duelist(state, 1 - seat, damage_dealt=state.duelists[1 - seat].damage_dealt + to_attacker)
        defender_falls = defender.damage >= self.current_power(state, defender)
        attacker_falls = attacker.damage >= self.current_power(state, attacker)
        if defender_falls:
            state = self._remove_unit(state, defender_id, "battle", events, seat)
        if attacker_falls:
            state = self._remove_unit(state, attacker_id, "battle", events, 1 - seat)
        return state


def _without_die(hand: tuple[HandDie, ...], value: int) -> tuple[HandDie, ...]:
    for index, die in enumerate(hand):
        if die.value == value:
            return hand[:index] + hand[index + 1:]
    raise ValueError(f"no {value} in hand")
