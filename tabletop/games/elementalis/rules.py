"""ElementaliS rules: the draft, the turn, spells, opposition, scoring and the end (rules reference B2).

A turn: Flux Tap (with an empty Pool), the Power Roll, a spell window, scoring by mage type into the
Channel; then bank, or push on with the Chance Roll (a Sun loses the Channel) and the Cosmic Roll of
the Sun die alone.  A roll that leaves the Channel empty calls the Elemental Opposition: every other
mage, clockwise, may roll the dice showing their Major against the active mage, and Mana changes
hands.  Six rounds; the most Mana wins.  Nothing is hidden, so no seat ever needs the screen alone.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from typing import Any, Callable, Mapping, Sequence

from tabletop.core.protocol import BaseRules, GameMeta, IllegalIntent, OptionSpec, Outcome, Step
from tabletop.core.rng import RandomSource
from tabletop.core.values import Value, evolve

from . import events as ev
from . import wording
from .elements import ELEMENTS, ETHER, SUN, Content, Spell, load_content, symbols
from .intents import (INTENTS, Allow, Bank, Cast, Chance, Choose, Cosmic, Counter as CounterSpell, Declare, Done,
                      Forfeit, Give, Intent, Oppose, PassWindow, Pay, Pick, Roll, Split, StartMana, TakeMajor,
                      TakeMinor, Tap)
from .scoring import Result, apply_to_channel, best_split, score
from .state import NO_MANA, ROUNDS, Die, Flow, Mage, Mana, Stage, State, Window

__all__ = ["ElementaliSRules", "META", "ROUNDS", "pale"]

META = GameMeta(
    game_id="elementalis",
    name="ElementaliS",
    min_players=2,
    max_players=5,
    hidden_information=False,
    pitch="Roll the element dice, push your luck for Mana, and hex your rivals' rolls with spells.",
    minutes="30-45",
    options=(
        OptionSpec("ether_cards", "The Ether cards (expansion)", ("yes", "no"), "yes",
                   "Whether the Ether Major and the two Ether Minors (Creationists, Elitists) are in the draft; "
                   "5 mages need them."),
        OptionSpec("double_ether", "The Double Ether die", ("off", "sixth die", "instead of the air die"), "off",
                   "A die with a Double Ether face, rolled with the others (never in the Cosmic Roll)."),
        OptionSpec("creationist_opposition", "What reduces a Creationist's Minor", ("classical", "cycle"),
                   "classical", "A Creationist's Minor loses one for each symbol of its opposite (classical: Fire "
                                "and Water, Earth and Air) or of the element that beats it (cycle)."),
        OptionSpec("supply", "Mana supply", ("20 of each", "unlimited"), "20 of each",
                   "20 of each: the Flux holds 20 Mana of each element and a gain takes only what is left; "
                   "unlimited: it never runs out."),
        OptionSpec("ether_pair", "Both Ether cards in one hand", ("plays on", "not passed"), "plays on",
                   "When passing the cards would give a mage both Ether cards: they play on with them, or the "
                   "cards are not passed at all."),
        OptionSpec("counter_spell", "Counter Spell", ("a reaction", "declared first"), "a reaction",
                   "A mage may counter a spell cast on them at once, or only after declaring a spell in that "
                   "window and before casting one."),
        OptionSpec("counter_cost", "What a Counter Spell costs", ("the spell's level", "what its caster paid"),
                   "the spell's level", "A Counter Spell costs the level of the spell it voids, or what that "
                                        "spell's caster paid, plus or minus the counterer's own extra or discount."),
    ),
)

START_MANA = 2
COSMIC_MANA = 3
MINOR_COPIES = 2
PALE = "pale-"


def pale(element: str) -> str:
    """The word for a colourless counter that was ``element``."""
    return PALE + element


def _units(mage: Mage, coloured_only: bool = False) -> list[str]:
    out = list(mage.mana.units())
    if not coloured_only:
        out += [pale(e) for e in mage.faded.units()]
    return out


class ElementaliSRules(BaseRules[Intent]):
    """The ElementaliS rules object (see the module docstring)."""

    meta = META
    intents = INTENTS
    events = ev.EVENTS
    state_type = State

    def __init__(self, content: Content | None = None) -> None:
        self.content = content or load_content()
        # A mage's spell entries depend on its two cards alone: worked out once per pair.
        self._entries: dict[tuple[str, str], tuple[tuple[str, Spell], ...]] = {}
        # The handler of each intent (looked up on every move).
        self._handlers: dict[type, Callable[[State, int, Any, RandomSource, list[Value]], State]] = {
            TakeMajor: self._on_takemajor, TakeMinor: self._on_takeminor, StartMana: self._on_startmana,
            Tap: self._on_tap, Roll: self._on_roll, Declare: self._on_declare, PassWindow: self._on_passwindow,
            Forfeit: self._on_forfeit, Cast: self._on_cast, CounterSpell: self._on_counter, Allow: self._on_allow,
            Pick: self._on_pick, Done: self._on_done, Split: self._on_split, Choose: self._on_choose,
            Bank: self._on_bank, Chance: self._on_chance, Cosmic: self._on_cosmic, Oppose: self._on_oppose,
            Pay: self._on_pay, Give: self._on_give,
        }

    def make_bot(self, level: str, seed: int, seat: int) -> Any:
        """``easy``: random with a little sense; ``strong``: every choice by its expected Mana (``bots.py``)."""
        from .bots import make_bot

        return make_bot(self, level, seed, seat)

    # ================================================================ setup
    def setup(self, options: Mapping[str, str], seats: Sequence[str], rng: RandomSource) -> Step:
        """The draft begins with the first seat (the first player never changes)."""
        self.meta.check_seats(seats)
        chosen = self.meta.resolve_options(options, len(seats))
        ether = chosen["ether_cards"] == "yes"
        if len(seats) > 4 and not ether:
            raise ValueError("5 mages need the Ether cards: there are only 4 element Majors")
        state = State(mages=tuple(Mage(name=n.strip()) for n in seats),
                      flow=Flow(stage=Stage.DRAFT_MAJOR, deciding=0),
                      creationist_opposition=chosen["creationist_opposition"], double_ether=chosen["double_ether"],
                      ether_cards=ether, supply=20 if chosen["supply"] == "20 of each" else 0,
                      ether_pair=chosen["ether_pair"], counter_spell=chosen["counter_spell"],
                      counter_cost=chosen["counter_cost"])
        return Step(state, ())

    def dice_kinds(self, state: State) -> tuple[str, ...]:
        """The dice of a Power Roll, the Sun die last but one (the Double Ether die, if any, last)."""
        kinds = ["fire", "water", "earth", "air", SUN]
        if state.double_ether == "sixth die":
            kinds.append("double_ether")
        elif state.double_ether == "instead of the air die":
            kinds[3] = "double_ether"
        return tuple(kinds)

    # ================================================================ mages
    def mage_type(self, state: State, seat: int) -> str:
        mage = state.mages[seat]
        return self.content.mage_type(mage.major, mage.minor)

    def major_symbol(self, state: State, seat: int) -> str:
        """The symbol of a mage's Major (Ether for a Creationist)."""
        return state.mages[seat].major

    def clockwise(self, state: State, start: int) -> list[int]:
        """Every seat from ``start`` on, clockwise (to the left)."""
        count = len(state.mages)
        return [(start + step) % count for step in range(count)]

    def available(self, state: State, colour: str, channel: Mana | None = None) -> int:
        """Counters of ``colour`` left in the Flux (a large number when the supply is unlimited); ``channel``:
        count this Channel instead of the state's."""
        if not state.supply:
            return 10 ** 6
        in_play = (state.flow.channel if channel is None else channel).get(colour)
        for mage in state.mages:
            in_play += mage.mana.get(colour) + mage.faded.get(colour)
        return max(0, state.supply - in_play)

    def _mage(self, state: State, seat: int, **changes: Any) -> State:
        mages = list(state.mages)
        mages[seat] = evolve(mages[seat], **changes)
        return evolve(state, mages=tuple(mages))

    def _flow(self, state: State, **changes: Any) -> State:
        return evolve(state, flow=evolve(state.flow, **changes))

    def _gain(self, state: State, seat: int, colour: str, amount: int) -> tuple[State, int]:
        """Up to ``amount`` Mana of ``colour`` from the Flux to a Pool (what the Flux has)."""
        taken = min(amount, self.available(state, colour))
        if taken <= 0:
            return state, 0
        mage = state.mages[seat]
        return self._mage(state, seat, mana=mage.mana.add(colour, taken), gained=mage.gained + taken), taken

    def _take_units(self, state: State, seat: int, units: Sequence[str]) -> State:
        """Remove counters (``fire`` or ``pale-fire``) from a Pool."""
        mage = state.mages[seat]
        mana, faded = mage.mana, mage.faded
        for unit in units:
            if unit.startswith(PALE):
                faded = faded.add(unit[len(PALE):], -1)
            else:
                mana = mana.add(unit, -1)
        return self._mage(state, seat, mana=mana, faded=faded)

    def _give_units(self, state: State, seat: int, units: Sequence[str]) -> State:
        mage = state.mages[seat]
        mana, faded = mage.mana, mage.faded
        for unit in units:
            if unit.startswith(PALE):
                faded = faded.add(unit[len(PALE):], 1)
            else:
                mana = mana.add(unit, 1)
        return self._mage(state, seat, mana=mana, faded=faded, gained=mage.gained + len(units))

    # ================================================================ spells: who has what, what it costs
    def entries(self, state: State, seat: int) -> tuple[tuple[str, Spell], ...]:
        """(card, spell) entries of a mage's Arcana (B2 5.4; settled ruling 2 for Elitists)."""
        mage = state.mages[seat]
        key = (mage.major, mage.minor)
        found = self._entries.get(key)
        if found is None:
            found = self._entries[key] = tuple(self._entries_of(state, seat))
        return found

    def _entries_of(self, state: State, seat: int) -> list[tuple[str, Spell]]:
        mage = state.mages[seat]
        kind = self.mage_type(state, seat)
        out: list[tuple[str, Spell]] = []
        if mage.major in ELEMENTS:
            out += [("major", s) for s in self.content.spells_of(mage.major)]
        elif mage.major == ETHER:
            out += [("major", s) for e in ELEMENTS for s in self.content.spells_of(e, (1,))]
        if mage.minor in ELEMENTS:
            out += [("minor", s) for s in self.content.spells_of(mage.minor, (1,))]
        elif mage.minor == ETHER and kind == "elitist":
            out += [("minor", s) for s in self.content.spells_of(mage.major, (1,))]
        return out

    def cost(self, state: State, seat: int, level: int) -> int:
        """A spell's cost for this mage: its level, Harmonist +1, Purist and Elitist -1 on levels 2 and 3,
        Ether Leak +1 (B2 5.3)."""
        kind = self.mage_type(state, seat)
        cost = level + (1 if kind == "harmonist" else 0) + (1 if state.flow.ether_leak else 0)
        if kind in ("purist", "elitist") and level >= 2:
            cost -= 1
        return cost

    def _entry_free(self, state: State, seat: int, card: str, spell: Spell) -> bool:
        return f"{seat}:{card}:{spell.spell_id}" not in state.flow.used

    def may_target(self, state: State, caster: int, target: int, spell: Spell) -> bool:
        """The Elitist limits (B2 5.5): no spell of an Elitist's Major at them; an Elitist casts at no mage
        whose Minor is the Elitist's Major."""
        if target < 0 or target == caster:
            return True
        if self.mage_type(state, target) == "elitist" and state.mages[target].major == spell.element:
            return False
        if self.mage_type(state, caster) == "elitist" and state.mages[target].minor == state.mages[caster].major:
            return False
        return True

    def roller(self, state: State) -> int:
        """The mage who rolled the dice of the open window: the opposing mage in an opposition, else the
        active mage (B2 5.5: a spell at a die, and Gust, are cast on them)."""
        flow = state.flow
        return flow.deciding if flow.roll == "opposition" else flow.active

    def gust_dice(self, state: State) -> list[int]:
        """The dice Gust rolls again: those of the roll (in an opposition, the opposing mage's), Mirror Pool
        copies too (settled ruling 4), but never the Sun die, a held die or a destroyed one."""
        flow = state.flow
        if flow.roll == "cosmic":
            return []
        indices = flow.rolling if flow.roll == "opposition" else range(len(flow.dice))
        return [i for i in indices if flow.dice[i].kind != SUN and not flow.dice[i].held
                and not flow.dice[i].destroyed]

    def castable(self, state: State, seat: int) -> list[Cast]:
        """Every spell the mage may cast now, with each of its targets."""
        out: list[Cast] = []
        mage = state.mages[seat]
        seen: set[str] = set()
        for card, spell in self.entries(state, seat):
            if spell.target == "reaction" or spell.spell_id in seen or not self._entry_free(state, seat, card, spell):
                continue
            if mage.mana.get(spell.element) < self.cost(state, seat, spell.level):
                continue
            seen.add(spell.spell_id)
            out += self._targets(state, seat, spell)
        return out

    def _dice_targets(self, state: State, seat: int, spell: Spell) -> list[int]:
        if state.flow.roll == "cosmic":
            return []              # only the Sun die was rolled, and nothing can touch it (E-20)
        out = []
        for index, die in enumerate(state.flow.dice):
            if die.kind == SUN or die.destroyed:
                continue
            if spell.spell_id in ("breeze", "petrify", "tremor") and die.held:
                continue
            if self.may_target(state, seat, die.owner, spell):
                out.append(index)
        return out

    def _targets(self, state: State, seat: int, spell: Spell) -> list[Cast]:
        flow = state.flow
        sid = spell.spell_id
        if spell.target == "die":
            return [Cast(seat, sid, die=i) for i in self._dice_targets(state, seat, spell)]
        if spell.target == "die_face":
            return [Cast(seat, sid, die=i, face=face) for i in self._dice_targets(state, seat, spell)
                    for face in dict.fromkeys(self.content.dice[flow.dice[i].kind])]
        if spell.target == "die_or_link":
            out = [Cast(seat, sid, die=i) for i in self._dice_targets(state, seat, spell)]
            return out + [Cast(seat, sid, target=linked, link=caster) for caster, linked in flow.links
                          if self.may_target(state, seat, caster, spell)]
        if spell.target == "none":
            if sid == "ether-leak":
                return [] if flow.ether_leak else [Cast(seat, sid)]
            if not self.gust_dice(state) or not self.may_target(state, seat, self.roller(state), spell):
                return []
            return [Cast(seat, sid)]
        if spell.target == "player":
            linked = {b for a, b in flow.links if a == seat}
            return [Cast(seat, sid, target=p) for p in range(len(state.mages))
                    if p != seat and p not in linked and self.may_target(state, seat, p, spell)]
        if spell.target == "mana":
            return [Cast(seat, sid)] if self._mana_targets(state, seat, spell) else []
        return []

    def _mana_targets(self, state: State, seat: int, spell: Spell) -> list[tuple[int, str]]:
        """(mage, counter) pairs Incinerate or Tornado may pick now: from any other mage's Pool it may
        target (Tornado: coloured counters only), less the counters picked already."""
        window = state.flow.window
        picked = Counter(zip(window.picked_from, window.picked)) if window is not None else Counter()
        out = []
        for mage in range(len(state.mages)):
            if mage == seat or not self.may_target(state, seat, mage, spell):
                continue
            held = Counter(_units(state.mages[mage], coloured_only=spell.spell_id == "tornado"))
            out += [(mage, unit) for unit in held if held[unit] > picked[(mage, unit)]]
        return out

    def counter_cost(self, state: State, seat: int, spell: Spell, paid: int | None = None) -> int:
        """Counter Spell's X: the base cost of the spell it voids, with the counter-caster's own modifiers
        (settled ruling 5); with the option "what its caster paid", what they paid (``paid``; the open
        window's pending spell when not given), with the counterer's modifiers on top (E-20)."""
        if state.counter_cost == "what its caster paid":
            if paid is None and state.flow.window is not None and state.flow.window.pending == spell.spell_id:
                paid = state.flow.window.pending_cost
            if paid is not None:
                return max(0, paid + self.cost(state, seat, spell.level) - spell.level)
        return self.cost(state, seat, spell.level)

    def _counter_entry(self, state: State, seat: int) -> tuple[str, Spell] | None:
        for card, entry in self.entries(state, seat):
            if entry.spell_id == "counter-spell" and self._entry_free(state, seat, card, entry):
                return card, entry
        return None

    def can_counter(self, state: State, seat: int, spell: Spell, paid: int | None = None) -> bool:
        """``seat`` holds Counter Spell unused this turn and can pay to void ``spell`` now (with the option
        "declared first", only as their declared spell, before their turn to cast)."""
        found = self._counter_entry(state, seat)
        if found is None:
            return False
        if state.counter_spell == "declared first":
            window = state.flow.window
            if window is None or seat not in window.declared[window.turn + 1:]:
                return False
        return state.mages[seat].mana.get(found[1].element) >= self.counter_cost(state, seat, spell, paid)

    def may_declare(self, state: State, seat: int) -> bool:
        """A spell window asks a mage who could cast something now; with Counter Spell declared first, also
        one who could pay to counter a level-1 spell."""
        if self.castable(state, seat):
            return True
        if state.counter_spell != "declared first":
            return False
        found = self._counter_entry(state, seat)
        return found is not None and state.mages[seat].mana.get(found[1].element) >= self.cost(state, seat, 1)

    # ================================================================ views, words
    def outcome(self, state: State) -> Outcome:
        """Mana in each Pool (colourless counts); once over, the winners (E-21's tie-break)."""
        finished = state.flow.stage == Stage.OVER
        scores = tuple(m.total for m in state.mages)
        breakdown = tuple({"total": m.total, "fire": m.mana.fire + m.faded.fire, "water": m.mana.water + m.faded.water,
                           "earth": m.mana.earth + m.faded.earth, "air": m.mana.air + m.faded.air,
                           "colourless": m.faded.total, "spells_cast": m.spells_cast, "gained": m.gained}
                          for m in state.mages)
        winners = state.flow.winners if finished else ()
        tie = "largest stack of one element" if finished and self._tie_broken(state) else ""
        return Outcome(finished, scores, winners, tie, breakdown)

    def _stacks(self, mage: Mage) -> tuple[int, ...]:
        return tuple(sorted((mage.mana.get(e) for e in ELEMENTS), reverse=True))

    def _tie_broken(self, state: State) -> bool:
        best = max(m.total for m in state.mages)
        return sum(1 for m in state.mages if m.total == best) > 1

    def progress(self, state: State) -> str:
        flow = state.flow
        if flow.stage in Stage.SETUP:
            return "the draft"
        return f"round {min(flow.round, ROUNDS)} of {ROUNDS}"

    def prompt(self, state: State) -> str:
        return wording.prompt(self, state)

    def refusal(self, state: State, intent: Value) -> str:
        """Why ``intent``, refused by the legal lists (:meth:`is_legal`), cannot be sent now: the game's words."""
        return wording.refusal(self, state, intent)

    def narrate(self, event: Value, view: State, seat: int | None) -> str | None:
        return wording.narrate(self, event, view, seat)

    def invariants(self, state: State) -> list[str]:
        """Mana never negative nor above the supply; Majors unique; dice faces real."""
        problems = []
        for seat, mage in enumerate(state.mages):
            if any(mage.mana.get(e) < 0 or mage.faded.get(e) < 0 for e in ELEMENTS):
                problems.append(f"mage {seat} has negative Mana")
        if any(state.flow.channel.get(e) < 0 for e in ELEMENTS):
            problems.append("the Channel holds negative Mana")
        if state.supply:
            for colour in ELEMENTS:
                if self.available(state, colour) == 0:
                    in_play = state.flow.channel.get(colour) + sum(m.mana.get(colour) + m.faded.get(colour)
                                                                   for m in state.mages)
                    if in_play > state.supply:
                        problems.append(f"{in_play} {colour} Mana in play, more than the supply")
        majors = [m.major for m in state.mages if m.major]
        if len(majors) != len(set(majors)):
            problems.append(f"a Major twice: {majors}")
        for die in state.flow.dice:
            if die.face not in self.content.dice[die.kind]:
                problems.append(f"the {die.kind} die shows {die.face}, not one of its faces")
        return problems

    # ================================================================ legal intents
    def legal_intents(self, state: State) -> tuple[Intent, ...]:
        """Every intent the seat to act may send now."""
        return self.cached_legal(state, self._enumerate)

    def _enumerate(self, state: State) -> list[Intent]:
        flow = state.flow
        stage = flow.stage
        seat = state.to_act
        if seat is None:
            return []
        if stage == Stage.DRAFT_MAJOR:
            taken = {m.major for m in state.mages}
            offered = [*ELEMENTS, *((ETHER,) if state.ether_cards else ())]
            return [TakeMajor(seat, e) for e in offered if e not in taken]
        if stage == Stage.DRAFT_MINOR:
            minors = Counter(m.minor for m in state.mages if m.minor)
            offered = [*ELEMENTS, *((ETHER,) if state.ether_cards else ())]
            return [TakeMinor(seat, e) for e in offered if minors[e] < MINOR_COPIES
                    and not (e == ETHER and state.mages[seat].major == ETHER)]
        if stage == Stage.START_MANA:
            return [StartMana(seat, combo) for combo in combinations_with_replacement(ELEMENTS, START_MANA)
                    if all(self.available(state, c) >= n for c, n in Counter(combo).items())]
        if stage == Stage.TURN:
            out: list[Intent] = []
            mage = state.mages[seat]
            if not flow.tapped and not flow.rolled and mage.total == 0:
                colours = [mage.major] if mage.major in ELEMENTS else list(ELEMENTS)
                out += [Tap(seat, c) for c in colours if self.available(state, c)]
            return [*out, Roll(seat)]
        if stage == Stage.DECLARE:
            return [Declare(seat), PassWindow(seat)]
        if stage == Stage.CAST:
            return [*self.castable(state, seat), Forfeit(seat)]
        if stage == Stage.COUNTER:
            return [CounterSpell(seat), Allow(seat)]
        if stage == Stage.PICK:
            assert flow.window is not None          # a pick answers the spell pending in the window
            spell = self.content.spell(flow.window.pending)
            return [*(Pick(seat, unit, mage) for mage, unit in self._mana_targets(state, seat, spell)), Done(seat)]
        if stage == Stage.SPLIT:
            ether = self._counts(state)[ETHER]
            return [Split(seat, k) for k in range(ether, -1, -1)]
        if stage == Stage.CHOOSE:
            left = {e: self.available(state, e) for e in ELEMENTS}
            count = min(flow.pay_count, sum(left.values()))
            return [Choose(seat, combo) for combo in combinations_with_replacement(ELEMENTS, count)
                    if all(left[c] >= n for c, n in Counter(combo).items())]
        if stage == Stage.PUSH:
            out = [Bank(seat)]
            out.append(Chance(seat) if flow.roll == "power" else Cosmic(seat))
            return out
        if stage == Stage.OPPOSE:
            eligible = self.eligible(state, seat)
            return [Oppose(seat, combo) for size in range(len(eligible), -1, -1)
                    for combo in combinations(eligible, size)]
        if stage == Stage.PAY:
            units = _units(state.mages[seat])
            return [Pay(seat, combo) for combo in sorted(set(combinations(sorted(units), flow.pay_count)))]
        if stage == Stage.GIVE:
            return [Give(seat, e) for e in ELEMENTS if flow.channel.get(e)]
        raise AssertionError(f"no intents at stage {stage}")

    def eligible(self, state: State, seat: int) -> tuple[int, ...]:
        """The dice showing a mage's Major symbol (Ether for a Creationist), as they lay when the Opposition
        began (E-9); a held die (Petrify, Tremor) is not rolled again this turn (E-20)."""
        symbol = self.major_symbol(state, seat)
        dice = state.flow.fixed or state.flow.dice
        return tuple(i for i, d in enumerate(dice)
                     if not d.destroyed and not d.copy and not d.held and symbol in symbols(d.face))

    # ================================================================ apply
    def apply(self, state: State, intent: Value, rng: RandomSource) -> Step:
        """Apply one legal intent; an illegal one raises IllegalIntent and changes nothing."""
        self.refuse_unless_legal(state, intent)
        assert isinstance(intent, Intent)   # one of the legal intents, checked just above
        events: list[Value] = []
        seat = intent.seat
        state = self._handlers[type(intent)](state, seat, intent, rng, events)
        return Step(state, tuple(events))

    # ---------------------------------------------------------------- setup
    def _on_takemajor(self, state: State, seat: int, intent: TakeMajor, rng: RandomSource,
                      events: list[Value]) -> State:
        state = self._mage(state, seat, major=intent.element)
        events.append(ev.ArcanaTaken(seat, "major", intent.element))
        if seat + 1 < len(state.mages):
            return self._flow(state, deciding=seat + 1)
        return self._flow(state, stage=Stage.DRAFT_MINOR, deciding=0)

    def _on_takeminor(self, state: State, seat: int, intent: TakeMinor, rng: RandomSource,
                      events: list[Value]) -> State:
        state = self._mage(state, seat, minor=intent.element)
        events.append(ev.ArcanaTaken(seat, "minor", intent.element, self.mage_type(state, seat)))
        if seat + 1 < len(state.mages):
            return self._flow(state, deciding=seat + 1)
        # Everyone but the first player takes 2 Mana of their choice (B2 1.4).
        return self._flow(state, stage=Stage.START_MANA, deciding=1)

    def _on_startmana(self, state: State, seat: int, intent: StartMana, rng: RandomSource,
                      events: list[Value]) -> State:
        for colour in intent.mana:
            state, _ = self._gain(state, seat, colour, 1)
        events.append(ev.ManaTaken(seat, intent.mana, "start"))
        if seat + 1 < len(state.mages):
            return self._flow(state, deciding=seat + 1)
        events.append(ev.RoundBegan(1))
        return self._start_turn(state, 0, events)

    # ---------------------------------------------------------------- the turn
    def _start_turn(self, state: State, seat: int, events: list[Value]) -> State:
        state = self._flow(state, stage=Stage.TURN, active=seat, deciding=seat, roll="", channel=NO_MANA, dice=(),
                           tapped=False, rolled=False, ether_leak=False, used=(), window=None, opposers=(),
                           rolling=(), fixed=())
        events.append(ev.TurnBegan(seat, state.flow.round))
        return state

    def _on_tap(self, state: State, seat: int, intent: Tap, rng: RandomSource,
                events: list[Value]) -> State:
        state, _ = self._gain(state, seat, intent.colour, 1)
        events.append(ev.Tapped(seat, intent.colour))
        return self._flow(state, tapped=True)

    def _roll_dice(self, state: State, seat: int, indices: Sequence[int], kind: str, rng: RandomSource,
                   events: list[Value]) -> State:
        dice = list(state.flow.dice)
        for index in indices:
            die = dice[index]
            faces = self.content.dice[die.kind]
            face = faces[rng.randint(1, 6, f"{die.kind} die") - 1]
            dice[index] = evolve(die, face=face, owner=seat, charred=False)
        events.append(ev.Rolled(seat, kind, tuple(indices), tuple(dice[i].face for i in indices)))
        return self._flow(state, dice=tuple(dice), roll=kind)

    def _on_roll(self, state: State, seat: int, intent: Roll, rng: RandomSource,
                 events: list[Value]) -> State:
        kinds = self.dice_kinds(state)
        state = self._flow(state, dice=tuple(Die(kind, self.content.dice[kind][0], seat) for kind in kinds),
                           rolled=True)
        state = self._roll_dice(state, seat, range(len(kinds)), "power", rng, events)
        return self._open_window(state, "score", events, rng)

    def _on_chance(self, state: State, seat: int, intent: Chance, rng: RandomSource,
                   events: list[Value]) -> State:
        state = self._clear_roll_marks(state)
        indices = [i for i, d in enumerate(state.flow.dice) if not d.held and not d.destroyed]
        state = self._roll_dice(state, seat, indices, "chance", rng, events)
        return self._open_window(state, "score", events, rng)

    def _on_bank(self, state: State, seat: int, intent: Bank, rng: RandomSource,
                 events: list[Value]) -> State:
        return self._end_turn(state, events)

    def _clear_roll_marks(self, state: State) -> State:
        """A new roll: Mirror Pool copies go, Char is forgotten."""
        dice = tuple(evolve(d, charred=False) for d in state.flow.dice if not d.copy)
        return self._flow(state, dice=dice)

    # ---------------------------------------------------------------- spell windows
    def _open_window(self, state: State, after: str, events: list[Value], rng: RandomSource) -> State:
        """Clockwise from the active mage, everyone who could cast something declares or passes (5.1)."""
        order = self.clockwise(state, state.flow.active)
        window = Window(after=after)
        state = self._flow(state, window=window)
        asked = tuple(seat for seat in order if self.may_declare(state, seat))
        if not asked:
            return self._close_window(state, events, rng)
        return self._flow(state, stage=Stage.DECLARE, window=evolve(window, asked=asked))

    def _on_declare(self, state: State, seat: int, intent: Declare, rng: RandomSource,
                    events: list[Value]) -> State:
        return self._declared(state, seat, True, events, rng)

    def _on_passwindow(self, state: State, seat: int, intent: PassWindow, rng: RandomSource,
                       events: list[Value]) -> State:
        return self._declared(state, seat, False, events, rng)

    def _window(self, state: State) -> Window:
        """The open spell window (only called while one is open)."""
        window = state.flow.window
        assert window is not None, "no spell window is open"
        return window

    def _declared(self, state: State, seat: int, cast: bool, events: list[Value], rng: RandomSource) -> State:
        events.append(ev.Declared(seat, cast))
        window = self._window(state)
        declared = window.declared + ((seat,) if cast else ())
        if window.turn + 1 < len(window.asked):
            return self._flow(state, window=evolve(window, declared=declared, turn=window.turn + 1))
        if not declared:
            return self._close_window(state, events, rng)
        window = evolve(window, declared=declared, turn=-1)
        return self._next_caster(self._flow(state, window=window), events, rng)

    def _next_caster(self, state: State, events: list[Value], rng: RandomSource) -> State:
        """The next declared mage casts, or forfeits if nothing is left they could cast; then the window closes."""
        window = evolve(self._window(state), pending="", pending_caster=-1, pending_target=-1, pending_die=-1,
                        pending_face="", pending_linked=-1, pending_cost=0, picks_left=0, picked=(),
                        picked_from=(), countering=())
        state = self._flow(state, window=window)
        for turn in range(window.turn + 1, len(window.declared)):
            if self.castable(state, window.declared[turn]):
                return self._flow(state, stage=Stage.CAST, window=evolve(window, turn=turn))
            events.append(ev.Declared(window.declared[turn], False))     # nothing left to cast: it forfeits
        return self._close_window(state, events, rng)

    def _on_forfeit(self, state: State, seat: int, intent: Forfeit, rng: RandomSource,
                    events: list[Value]) -> State:
        events.append(ev.Declared(seat, False))
        return self._next_caster(state, events, rng)

    def _on_cast(self, state: State, seat: int, intent: Cast, rng: RandomSource,
                 events: list[Value]) -> State:
        spell = self.content.spell(intent.spell)
        card = next(card for card, entry in self.entries(state, seat)
                    if entry.spell_id == spell.spell_id and self._entry_free(state, seat, card, entry))
        cost = self.cost(state, seat, spell.level)
        mage = state.mages[seat]
        state = self._mage(state, seat, mana=mage.mana.add(spell.element, -cost), spells_cast=mage.spells_cast + 1)
        flow = state.flow
        target = -1
        if intent.die is not None:
            target = flow.dice[intent.die].owner
        elif intent.link is not None:
            target = intent.link               # an Earth Link is its caster's: they may counter the Burn
        elif intent.target is not None:
            target = intent.target
        elif spell.spell_id == "gust":
            target = self.roller(state)
        state = self._flow(state, used=(*flow.used, f"{seat}:{card}:{spell.spell_id}"))
        events.append(ev.SpellCast(seat, spell.spell_id, cost, target, -1 if intent.die is None else intent.die))
        window = evolve(self._window(state), pending=spell.spell_id, pending_caster=seat, pending_target=target,
                        pending_die=-1 if intent.die is None else intent.die, pending_face=intent.face or "",
                        pending_linked=-1 if intent.link is None else intent.target, pending_cost=cost)
        state = self._flow(state, window=window)
        if spell.target == "mana":
            # Incinerate, Tornado: the caster picks the counters first; who is hit may then counter.
            return self._flow(state, stage=Stage.PICK, window=evolve(window, picks_left=spell.most))
        if target >= 0 and target != seat and self.can_counter(state, target, spell):
            return self._flow(state, stage=Stage.COUNTER)
        return self._resolve_spell(state, events, rng)

    def _on_counter(self, state: State, seat: int, intent: CounterSpell, rng: RandomSource,
                    events: list[Value]) -> State:
        window = self._window(state)
        spell = self.content.spell(window.pending)
        found = self._counter_entry(state, seat)
        assert found is not None
        card, entry = found
        cost = self.counter_cost(state, seat, spell)
        mage = state.mages[seat]
        state = self._mage(state, seat, mana=mage.mana.add(entry.element, -cost), spells_cast=mage.spells_cast + 1)
        state = self._flow(state, used=(*state.flow.used, f"{seat}:{card}:counter-spell"))
        events.append(ev.Countered(seat, window.pending_caster, spell.spell_id, cost))
        if state.counter_spell == "declared first" and seat in window.declared[window.turn + 1:]:
            # The counter was this mage's declared spell.
            later = list(window.declared)
            later.pop(window.declared.index(seat, window.turn + 1))
            state = self._flow(state, window=evolve(window, declared=tuple(later)))
        return self._next_caster(state, events, rng)

    def _on_allow(self, state: State, seat: int, intent: Allow, rng: RandomSource,
                  events: list[Value]) -> State:
        window = self._window(state)
        if self.content.spell(window.pending).target == "mana":
            return self._ask_counters(state, window.countering, events, rng)
        return self._resolve_spell(state, events, rng)

    def _resolve_spell(self, state: State, events: list[Value], rng: RandomSource) -> State:
        """The effect of the spell waiting in the window (5.6)."""
        window = self._window(state)
        sid, caster, index = window.pending, window.pending_caster, window.pending_die
        flow = state.flow
        dice = list(flow.dice)
        if sid == "mirror-pool":
            source = dice[index]
            dice.append(evolve(source, copy=True, held=False))
            events.append(ev.DieChanged(index, source.face, "copied", sid))
            if flow.roll == "opposition":
                state = self._flow(state, rolling=(*flow.rolling, len(dice) - 1))
        elif sid == "char":
            dice[index] = evolve(dice[index], charred=True)
            events.append(ev.DieChanged(index, dice[index].face, "charred", sid))
        elif sid == "burn":
            if index >= 0:
                dice[index] = evolve(dice[index], destroyed=True)
                events.append(ev.DieChanged(index, dice[index].face, "burned", sid))
            else:
                link = (window.pending_target, window.pending_linked)
                state = self._flow(state, links=tuple(pair for pair in flow.links if pair != link))
                events.append(ev.LinkBroken(*link, "burned"))
        elif sid == "petrify":
            dice[index] = evolve(dice[index], held=True)
            events.append(ev.DieChanged(index, dice[index].face, "held", sid))
        elif sid == "tremor":
            dice[index] = evolve(dice[index], face=window.pending_face, held=True)
            events.append(ev.DieChanged(index, dice[index].face, "held", sid))
        elif sid == "breeze":
            faces = self.content.dice[dice[index].kind]
            dice[index] = evolve(dice[index], face=faces[rng.randint(1, 6, f"{dice[index].kind} die") - 1],
                                 charred=False)
            events.append(ev.DieChanged(index, dice[index].face, "rolled", sid))
        elif sid == "gust":
            for i in self.gust_dice(state):
                die = dice[i]
                faces = self.content.dice[die.kind]
                dice[i] = evolve(die, face=faces[rng.randint(1, 6, f"{die.kind} die") - 1], charred=False)
                events.append(ev.DieChanged(i, dice[i].face, "rolled", sid))
        elif sid == "ether-leak":
            state = self._flow(state, ether_leak=True)
        elif sid == "earth-link":
            state = self._flow(state, links=(*flow.links, (caster, window.pending_target)))
            events.append(ev.LinkMade(caster, window.pending_target))
        elif sid in ("incinerate", "tornado"):
            for target, unit in zip(window.picked_from, window.picked):
                state = self._take_units(state, target, [unit])
                if sid == "tornado":
                    mage = state.mages[target]
                    state = self._mage(state, target, faded=mage.faded.add(unit, 1))
                events.append(ev.ManaLost(target, unit, "flux" if sid == "incinerate" else "colourless"))
        state = self._flow(state, dice=tuple(dice))
        return self._next_caster(state, events, rng)

    def _on_pick(self, state: State, seat: int, intent: Pick, rng: RandomSource,
                 events: list[Value]) -> State:
        window = self._window(state)
        target = intent.target if intent.target is not None else -1
        events.append(ev.ManaPicked(seat, target, intent.mana, window.pending))
        window = evolve(window, picked=(*window.picked, intent.mana), picked_from=(*window.picked_from, target),
                        picks_left=window.picks_left - 1)
        state = self._flow(state, window=window)
        if window.picks_left and self._mana_targets(state, seat, self.content.spell(window.pending)):
            return state
        return self._picks_made(state, events, rng)

    def _on_done(self, state: State, seat: int, intent: Done, rng: RandomSource,
                 events: list[Value]) -> State:
        return self._picks_made(state, events, rng)

    def _picks_made(self, state: State, events: list[Value], rng: RandomSource) -> State:
        """Incinerate or Tornado has its counters: each mage hit, clockwise from the caster, may void it."""
        window = self._window(state)
        hit = [seat for seat in self.clockwise(state, window.pending_caster) if seat in window.picked_from]
        return self._ask_counters(state, tuple(hit), events, rng)

    def _ask_counters(self, state: State, hit: tuple[int, ...], events: list[Value], rng: RandomSource) -> State:
        """Ask the next mage hit by Incinerate or Tornado who could void it; with nobody left, it takes effect."""
        window = self._window(state)
        spell = self.content.spell(window.pending)
        for index, seat in enumerate(hit):
            if self.can_counter(state, seat, spell):
                return self._flow(state, stage=Stage.COUNTER,
                                  window=evolve(window, pending_target=seat, countering=hit[index + 1:]))
        return self._resolve_spell(state, events, rng)

    def _close_window(self, state: State, events: list[Value], rng: RandomSource) -> State:
        after = state.flow.window.after if state.flow.window else "score"
        state = self._flow(state, window=None)
        if after == "oppose":
            return self._settle_opposition(state, events, rng)
        if after == "cosmic":
            return self._cosmic_outcome(state, events, rng)
        return self._score_roll(state, events, rng)

    # ---------------------------------------------------------------- scoring
    def _counts(self, state: State, only: Sequence[int] | None = None) -> Counter:
        counts: Counter = Counter()
        for index, die in enumerate(state.flow.dice):
            if die.destroyed or die.charred or (only is not None and index not in only):
                continue
            counts.update(symbols(die.face))
        return counts

    def _sun_showing(self, state: State) -> bool:
        return any(d.kind == SUN and d.face == SUN and not d.copy for d in state.flow.dice)

    def _score_roll(self, state: State, events: list[Value], rng: RandomSource) -> State:
        flow = state.flow
        seat = flow.active
        if flow.roll == "chance" and self._sun_showing(state):
            events.append(ev.Busted(seat, flow.channel.units()))
            return self._end_turn(self._flow(state, channel=NO_MANA), events)
        kind = self.mage_type(state, seat)
        counts = self._counts(state)
        if kind == "elementalist" and counts[ETHER]:
            return self._flow(state, stage=Stage.SPLIT, deciding=seat)
        return self._scored(state, events, None)

    def _on_split(self, state: State, seat: int, intent: Split, rng: RandomSource,
                  events: list[Value]) -> State:
        return self._scored(state, events, intent.major)

    def _result(self, state: State, seat: int, ether_to_major: int | None) -> Result:
        mage = state.mages[seat]
        sun = state.flow.roll == "power" and self._sun_showing(state)
        return score(self.content, self.mage_type(state, seat), mage.major, mage.minor, self._counts(state), sun,
                     ether_to_major, state.creationist_opposition)

    def _scored(self, state: State, events: list[Value], ether_to_major: int | None) -> State:
        seat = state.flow.active
        result = self._result(state, seat, ether_to_major)
        state = self._to_channel(state, result.nets, events)
        if result.choice:
            # Mana of choice is offered only in colours the Flux still holds (E-17); no choice, no question.
            state = self._flow(state, stage=Stage.CHOOSE, deciding=seat, pay_count=result.choice)
            offered = [i for i in self.legal_intents(state) if isinstance(i, Choose)]   # the stage's only kind
            if len(offered) > 1:
                return state
            chosen = offered[0].mana if offered else ()
            return self._after_score(self._to_channel(state, {}, events, chosen), events)
        return self._after_score(state, events)

    def _to_channel(self, state: State, nets: Mapping[str, int], events: list[Value],
                    choice: Sequence[str] = ()) -> State:
        channel = state.flow.channel.as_dict()
        capped = {e: (min(n, self.available(state, e)) if n > 0 else n) for e, n in nets.items()}
        after, drained = apply_to_channel(channel, capped)
        gained = [e for e, n in capped.items() if n > 0 for _ in range(n)]
        for colour in choice:
            if self.available(state, colour, Mana.of(after)):
                after[colour] = after.get(colour, 0) + 1
                gained.append(colour)
        state = self._flow(state, channel=Mana.of(after))
        events.append(ev.Scored(state.flow.active, tuple(gained),
                                tuple(e for e, n in drained.items() for _ in range(n))))
        return state

    def _on_choose(self, state: State, seat: int, intent: Choose, rng: RandomSource,
                   events: list[Value]) -> State:
        state = self._to_channel(state, {}, events, intent.mana)
        return self._after_score(state, events)

    def _after_score(self, state: State, events: list[Value]) -> State:
        """Earth Links score the roll for their casters; then an empty Channel calls the Opposition."""
        flow = state.flow
        for caster, linked in flow.links:
            if linked == flow.active and flow.roll in ("power", "chance"):
                state = self._linked_score(state, caster, events)
        state = self._clear_roll_marks(state)
        if state.flow.channel.total == 0:
            return self._start_opposition(state, events)
        return self._flow(state, stage=Stage.PUSH, deciding=flow.active)

    def _linked_score(self, state: State, caster: int, events: list[Value]) -> State:
        """E-20: the caster scores the linked roll by their own type, straight into their Pool, with no drains;
        an Elementalist's Ethers go where they keep most, a Creationist's Mana of choice is of their Minor."""
        mage = state.mages[caster]
        kind = self.mage_type(state, caster)
        split = None
        if kind == "elementalist":
            split = best_split(self.content, mage.major, mage.minor, self._counts(state),
                               state.flow.roll == "power" and self._sun_showing(state), {})
        result = score(self.content, kind, mage.major, mage.minor, self._counts(state),
                       state.flow.roll == "power" and self._sun_showing(state), split, state.creationist_opposition)
        gained: list[str] = []
        nets = dict(result.nets)
        if result.choice:
            colour = mage.minor if mage.minor in ELEMENTS else ELEMENTS[0]
            nets[colour] = nets.get(colour, 0) + result.choice
        for element, net in nets.items():
            if net > 0:
                state, taken = self._gain(state, caster, element, net)
                gained += [element] * taken
        events.append(ev.Scored(caster, tuple(gained), (), True))
        return state

    # ---------------------------------------------------------------- the Cosmic Roll
    def sun_index(self, state: State) -> int:
        """Where the Sun die lies among the dice on the table."""
        return next(i for i, d in enumerate(state.flow.dice) if d.kind == SUN)

    def _on_cosmic(self, state: State, seat: int, intent: Cosmic, rng: RandomSource,
                   events: list[Value]) -> State:
        state = self._clear_roll_marks(state)
        state = self._roll_dice(state, seat, [self.sun_index(state)], "cosmic", rng, events)
        # A spell window follows (E-20); only spells at no die can matter, since nothing touches the Sun die.
        return self._open_window(state, "cosmic", events, rng)

    def _cosmic_outcome(self, state: State, events: list[Value], rng: RandomSource) -> State:
        """What the Sun die shows after the Cosmic Roll's spell window (B2 2.11)."""
        seat = state.flow.active
        sun = self.sun_index(state)
        face = state.flow.dice[sun].face
        mage = state.mages[seat]
        if face == SUN:
            events.append(ev.CosmicFace(seat, face, "sun"))
            events.append(ev.Busted(seat, state.flow.channel.units()))
            return self._end_turn(self._flow(state, channel=NO_MANA), events)
        if face == ETHER:
            events.append(ev.CosmicFace(seat, face, "ether"))
            state = self._roll_dice(state, seat, [sun], "ether", rng, events)
            second = state.flow.dice[sun].face
            if second in ELEMENTS:
                state, taken = self._gain(state, seat, second, COSMIC_MANA)
                events.append(ev.ManaTaken(seat, (second,) * taken, "cosmic"))
            else:
                state = self._pass_arcana(state, "minor" if second == ETHER else "major", events)
            return self._end_turn(state, events)
        if face == mage.major:
            events.append(ev.CosmicFace(seat, face, "own-major"))
            taken = min(COSMIC_MANA, self.available(state, face))
            state = self._flow(state, channel=state.flow.channel.add(face, taken))
            return self._end_turn(state, events)
        owner = next((p for p, m in enumerate(state.mages) if m.major == face), None)
        if owner is None:
            events.append(ev.CosmicFace(seat, face, "nobody"))
            return self._end_turn(state, events)
        events.append(ev.CosmicFace(seat, face, "other-major"))
        colours = [e for e in ELEMENTS if state.flow.channel.get(e)]
        if len(colours) == 1:
            return self._give(state, seat, owner, colours[0], events)
        return self._flow(state, stage=Stage.GIVE, pay_to=owner)

    def _on_give(self, state: State, seat: int, intent: Give, rng: RandomSource,
                 events: list[Value]) -> State:
        return self._give(state, seat, state.flow.pay_to, intent.mana, events)

    def _give(self, state: State, seat: int, owner: int, colour: str, events: list[Value]) -> State:
        state = self._flow(state, channel=state.flow.channel.add(colour, -1))
        state = self._give_units(state, owner, [colour])
        events.append(ev.ManaMoved(seat, owner, (colour,), "channel"))
        return self._end_turn(state, events)

    def _pass_arcana(self, state: State, kind: str, events: list[Value]) -> State:
        """Every mage passes its Major (or Minor) to the left; mage types change with them (E-14).  With the
        option "not passed", a pass that would give a mage both Ether cards does not happen (E-15)."""
        count = len(state.mages)
        cards = [getattr(m, kind) for m in state.mages]
        mages = tuple(evolve(m, **{kind: cards[(seat - 1) % count]}) for seat, m in enumerate(state.mages))
        if state.ether_pair == "not passed":
            paired = next((seat for seat, m in enumerate(mages) if m.major == ETHER and m.minor == ETHER), None)
            if paired is not None:
                events.append(ev.ArcanaKept(kind, paired))
                return state
        state = evolve(state, mages=mages)
        events.append(ev.ArcanaPassed(kind, tuple(self.mage_type(state, s) for s in range(count))))
        return state

    # ---------------------------------------------------------------- Elemental Opposition
    def _start_opposition(self, state: State, events: list[Value]) -> State:
        active = state.flow.active
        state = self._flow(state, fixed=state.flow.dice)
        opposers = tuple(s for s in self.clockwise(state, active)[1:] if self.eligible(state, s))
        state = self._flow(state, opposers=opposers, rolling=())
        return self._next_opposer(state, events)

    def _next_opposer(self, state: State, events: list[Value]) -> State:
        flow = state.flow
        if flow.fixed:
            # A die burned or held since the Opposition began stays so for the rest of the turn (5.6, E-20).
            state = self._flow(state, fixed=tuple(evolve(f, destroyed=f.destroyed or d.destroyed, held=f.held or d.held)
                                                  for f, d in zip(flow.fixed, flow.dice)))
            flow = state.flow
        while flow.opposers:
            seat, rest = flow.opposers[0], flow.opposers[1:]
            state = self._flow(state, opposers=rest)
            flow = state.flow
            if self.eligible(state, seat):
                # "Leaving the dice as they were": each opposing mage meets the dice of the active roll.
                return self._flow(state, stage=Stage.OPPOSE, deciding=seat, rolling=(), dice=flow.fixed)
        return self._end_turn(state, events)

    def _on_oppose(self, state: State, seat: int, intent: Oppose, rng: RandomSource,
                   events: list[Value]) -> State:
        if not intent.dice:
            events.append(ev.Opposed(seat, 0, 0, 0))
            return self._next_opposer(state, events)
        state = self._roll_dice(state, seat, intent.dice, "opposition", rng, events)
        state = self._flow(state, rolling=tuple(intent.dice), deciding=seat)
        return self._open_window(state, "oppose", events, rng)

    def _settle_opposition(self, state: State, events: list[Value], rng: RandomSource) -> State:
        flow = state.flow
        seat, active = flow.deciding, flow.active
        counts = self._counts(state, flow.rolling)
        own = counts[self.major_symbol(state, seat)]
        act = counts[self.major_symbol(state, active)]
        net = own - act
        events.append(ev.Opposed(seat, own, act, net))
        state = self._clear_roll_marks(state)
        state = self._flow(state, rolling=())
        if net > 0:
            return self._pay(state, active, seat, min(net, state.mages[active].total), events)
        if net < 0:
            return self._pay(state, seat, active, min(-net, state.mages[seat].total), events)
        return self._next_opposer(state, events)

    def _pay(self, state: State, payer: int, payee: int, count: int, events: list[Value]) -> State:
        if count <= 0:
            return self._next_opposer(state, events)
        units = sorted(_units(state.mages[payer]))
        if len(set(units)) == 1 or count >= len(units):
            # Nothing to choose: one colour only, or every counter goes.
            return self._paid(state, payer, payee, tuple(units[:count]), events)
        return self._flow(state, stage=Stage.PAY, deciding=payer, pay_from=payer, pay_to=payee, pay_count=count)

    def _on_pay(self, state: State, seat: int, intent: Pay, rng: RandomSource,
                events: list[Value]) -> State:
        return self._paid(state, seat, state.flow.pay_to, intent.mana, events)

    def _paid(self, state: State, payer: int, payee: int, units: Sequence[str], events: list[Value]) -> State:
        state = self._take_units(state, payer, units)
        state = self._give_units(state, payee, units)
        events.append(ev.ManaMoved(payer, payee, tuple(units)))
        state = self._flow(state, pay_from=-1, pay_to=-1, pay_count=0)
        return self._next_opposer(state, events)

    # ---------------------------------------------------------------- the end of a turn, of a round, of the game
    def _end_turn(self, state: State, events: list[Value]) -> State:
        flow = state.flow
        active = flow.active
        if flow.channel.total:
            mage = state.mages[active]
            channel = flow.channel
            state = self._mage(state, active, mana=Mana.of({e: mage.mana.get(e) + channel.get(e) for e in ELEMENTS}),
                               gained=mage.gained + channel.total)
            events.append(ev.Banked(active, channel.units()))
            state = self._flow(state, channel=NO_MANA)
        following = (active + 1) % len(state.mages)
        if following == 0:
            for caster, linked in state.flow.links:
                events.append(ev.LinkBroken(caster, linked, "round"))
            state = self._flow(state, links=())
            if flow.round >= ROUNDS:
                return self._game_over(state, events)
            state = self._flow(state, round=flow.round + 1)
            events.append(ev.RoundBegan(flow.round + 1))
        return self._start_turn(state, following, events)

    def _game_over(self, state: State, events: list[Value]) -> State:
        """The most Mana wins; ties: the largest single-colour stack, then the next (E-21); then shared."""
        keys = [(m.total, self._stacks(m)) for m in state.mages]
        best = max(keys)
        winners = tuple(seat for seat, key in enumerate(keys) if key == best)
        events.append(ev.GameOver(winners))
        return self._flow(state, stage=Stage.OVER, winners=winners, window=None, dice=state.flow.dice)
