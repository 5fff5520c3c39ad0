"""Wizard Dice rules: setup, the round, legal intents, apply, views, outcome (rules reference B.2 to B.8).

A round (``state.py`` names its stages):

* **upkeep** — each wizard with allies may banish them (public); the dice of a wizard
  this round are ``6 - allies - paralyses received``, continued dice among them;
* **secret** — each living wizard in turn, behind the cover: roll, keep, roll, keep, roll
  (keeping every die ends rolling early), then allocate dice to spells and targets (only
  what the patterns allow; each spell once a round unless the option says otherwise),
  then commit.  The log tells the others only "⟨name⟩ has committed";
* the **reveal** — every cast is shown and the five phases run (``resolution.py``); a
  Counterspell's caster chooses in public which spell to cancel when there is a choice;
* **carry** — a wizard who used at most 4 dice (allies and paralysis count) may keep up to
  2 unused dice, with their values, for the next round.

The first seat rotates every round.  Every die is drawn from the random source given to
``apply``.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
import random
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from tabletop.core.protocol import BaseRules, GameMeta, IllegalIntent, OptionSpec, Outcome, Step, no_such_bot
from tabletop.core.rng import RandomSource
from tabletop.core.values import Value, copier

from . import events as ev
from . import wording
from .intents import (INTENTS, Aim, Banish, Cancel, CancelNothing, Carry, CastSpell, Commit, Intent, Keep, KeepAllies,
                      Release, Roll, Stop, Uncast)
from .resolution import NOTHING, portion_key, resolve
from .scoring import CARRY_MOST, CARRY_USED_MOST, DICE, dice_available, may_carry
from .spells import VALUES, Spell, SpellBook, load_spells
from .state import Ally, Flow, Secret, Stage, State, Target, Wizard

if TYPE_CHECKING:
    from .bots import EasyBot, ExpertBot, GreedyBot, PlayoutBot, StrongBot

__all__ = ["WizardDiceRules", "META", "DICE", "CARRY_MOST", "CARRY_USED_MOST"]

META = GameMeta(
    game_id="wizard-dice",
    name="Wizard Dice",
    min_players=2,
    max_players=5,
    hidden_information=True,
    pitch="Roll, keep and cast in secret: shields, mirrors, fireballs and ogres resolve all at once.",
    cover="Everyone else, look away. Your dice and spells stay secret until the reveal.",
    minutes="15-30",
    options=(
        OptionSpec("hp", "Hit points", ("20", "10"), "20", "20: the standard duel; 10: the short game."),
        OptionSpec("round_limit", "Round limit", ("off", "5", "8", "10", "15"), "off",
                   "After this many rounds the wizard with the most HP wins (equal HP share the win)."),
        OptionSpec("repeat_spells", "The same spell twice in a round", ("no", "yes"), "no",
                   "no: each spell at most once per wizard per round; yes: a wizard may cast a spell twice, "
                   "dice allowing."),
        OptionSpec("shield_allies", "Shield against several allies", ("pooled", "per ally"), "pooled",
                   "pooled: a Shield takes its extra die once off the damage of all the allies together; per "
                   "ally: off each ally's blow."),
        OptionSpec("shields_stack", "Several shields on one wizard", ("add up", "strongest only"), "add up",
                   "add up: every Shield, Magic Shell and free Shield on a target counts; strongest only: the "
                   "largest ally reduction and a single -1 against each spell."),
        OptionSpec("loose_patterns", "Loose patterns", ("no", "yes"), "no",
                   "yes: four of a kind also makes two pairs, five of a kind a full house, and four of a kind "
                   "with a pair, or six of a kind, three pairs."),
        OptionSpec("auto_counter", "Counterspells choose by themselves", ("no", "yes"), "no",
                   "yes: a Counterspell cancels the most damaging spell at its target without asking, Finger of "
                   "Death first, then the most damage."),
        OptionSpec("teams", "Teams", ("off", "2 against 2"), "off",
                   "2 against 2, with four wizards: the 1st and 3rd seats against the 2nd and 4th; a team wins "
                   "when both wizards of the other team have fallen.", players=(4,)),
    ),
)

ROLLS = 3

# The copies of the state's records that every move makes (``evolve`` written out for each class).
_copy_state, _copy_flow, _copy_wizard = copier(State), copier(Flow), copier(Wizard)
_copy_secret, _copy_ally = copier(Secret), copier(Ally)

#: The spells free dice can form, each with its forms (see ``WizardDiceRules._formable``).
_Formable = tuple[tuple[Spell, tuple[tuple[int, ...], ...]], ...]


def _secret_of(wizard: Wizard) -> Secret:
    """A wizard's secret (asked only while the wizards roll, when every living one has one)."""
    assert wizard.secret is not None
    return wizard.secret


def _counts(dice: Sequence[int]) -> Counter:
    return Counter(dice)


class WizardDiceRules(BaseRules[Intent]):
    """The Wizard Dice rules object (see the module docstring for the round)."""

    meta = META
    intents = INTENTS
    events = ev.EVENTS
    state_type = State

    def __init__(self, book: SpellBook | None = None) -> None:
        self.book = book or load_spells()
        self._formable_by_counts: dict[tuple[tuple[int, ...], bool], _Formable] = {}
        self._last_view: tuple[State, int | None, State] | None = None
        self._casts_by_key: dict[tuple[Any, ...], tuple[Intent, ...]] = {}
        self._hidden: dict[int, tuple[Wizard, Wizard]] = {}      # by seat: a wizard and its hidden form

    # ================================================================ setup and rounds
    def setup(self, options: Mapping[str, str], seats: Sequence[str], rng: RandomSource) -> Step:
        """Every wizard at full HP with no ally; round 1 begins with the first seat."""
        self.meta.check_seats(seats)
        chosen = self.meta.resolve_options(options, len(seats))
        start = int(chosen["hp"])
        limit = 0 if chosen["round_limit"] == "off" else int(chosen["round_limit"])
        wizards = tuple(Wizard(name=name.strip(), hp=start) for name in seats)
        teams = self.seat_teams(options, len(seats))
        state = State(wizards=wizards, flow=Flow(round=0), start_hp=start, round_limit=limit,
                      repeat_spells=chosen["repeat_spells"] == "yes",
                      ally_ward_pooled=chosen["shield_allies"] == "pooled",
                      shields_stack=chosen["shields_stack"] == "add up",
                      loose_patterns=chosen["loose_patterns"] == "yes",
                      auto_counter=chosen["auto_counter"] == "yes", teams=teams)
        events: list[Value] = []
        state = self._begin_round(state, events)
        return Step(state, tuple(events))

    plays_in_teams = True

    def seat_teams(self, options: Mapping[str, str], players: int) -> tuple[int, ...]:
        """Two against two: the 1st and 3rd seats against the 2nd and 4th (the teams alternate round the table);
        () without the option (or at a table it is not offered at)."""
        chosen = self.meta.resolve_options(options, players)
        return tuple(seat % 2 for seat in range(players)) if chosen["teams"] != "off" else ()

    def _begin_round(self, state: State, events: list[Value]) -> State:
        """The next round: what lasts moves on a round, the first seat rotates, upkeep (or the secret stage)."""
        number = state.flow.round + 1
        living = state.living
        first = (number - 1) % len(state.wizards)
        order = tuple(sorted(living, key=lambda seat: (seat - first) % len(state.wizards)))
        wizards = []
        for wizard in state.wizards:
            if wizard.alive:
                allies = tuple(_copy_ally(a, shells=a.shells_next, shells_next=()) for a in wizard.allies)
                wizard = _copy_wizard(wizard, paralysed=wizard.paralysis_next, paralysis_next=0, shells=wizard.shells_next,
                                shells_next=(), allies=allies, secret=None, unused=(), used=0, banished_done=False)
            else:
                wizard = _copy_wizard(wizard, secret=None, unused=(), used=0, continued=(), shells=(), shells_next=())
            wizards.append(wizard)
        state = _copy_state(state, wizards=tuple(wizards),
                       flow=Flow(round=number, stage=Stage.UPKEEP, order=order, turn=0))
        events.append(ev.RoundBegan(number, order))
        return self._next_upkeep(state, events)

    def _next_upkeep(self, state: State, events: list[Value]) -> State:
        """The next wizard with allies to decide on banishing, or the secret stage."""
        flow = state.flow
        for turn in range(flow.turn, len(flow.order)):
            wizard = state.wizards[flow.order[turn]]
            if wizard.allies and not wizard.banished_done:
                return _copy_state(state, flow=_copy_flow(flow, stage=Stage.UPKEEP, turn=turn))
        return self._begin_secret(state)

    def available_dice(self, wizard: Wizard) -> int:
        """Dice this round: 6, less one per ally and per paralysis received (never below 0)."""
        return dice_available(len(wizard.allies), wizard.paralysed)

    def _begin_secret(self, state: State) -> State:
        """Every living wizard's secret: continued dice first (dropped down to the dice available)."""
        wizards = list(state.wizards)
        for seat in state.living:
            wizard = wizards[seat]
            available = self.available_dice(wizard)
            continued = wizard.continued[:available]
            seal = f"secret-r{state.flow.round}-w{seat}"
            secret = Secret(seal=seal, dice=continued, kept=(True,) * len(continued), fixed=len(continued),
                            rolled_out=available == len(continued))
            wizards[seat] = _copy_wizard(wizard, continued=continued, secret=secret, upkeep_allies=len(wizard.allies))
        return _copy_state(state, wizards=tuple(wizards), flow=_copy_flow(state.flow, stage=Stage.SECRET, turn=0))

    # ================================================================ views and secrets
    def view(self, state: State, seat: int | None) -> State:
        """Before the reveal, another wizard's rolls, keeps, spells and aims are hidden (only "committed" shows).

        The view last made is kept (a bot, then the controller, ask for the same one in a row); a view is
        frozen like the state, so the same one can be handed out again."""
        if state.flow.stage != Stage.SECRET:
            return state
        last = self._last_view
        if last is not None and last[0] is state and last[1] == seat:
            return last[2]
        view = self._make_view(state, seat)
        self._last_view = (state, seat, view)
        return view

    def _make_view(self, state: State, seat: int | None) -> State:
        wizards = []
        hidden = self._hidden
        for owner, wizard in enumerate(state.wizards):
            secret = wizard.secret
            if owner != seat and secret is not None:
                # A wizard not to act is the same record move after move: its hidden form is kept.
                known = hidden.get(owner)
                if known is not None and known[0] is wizard:
                    wizard = known[1]
                else:
                    shown = _copy_wizard(wizard, secret=Secret(seal="hidden", committed=secret.committed))
                    hidden[owner] = (wizard, shown)
                    wizard = shown
            wizards.append(wizard)
        return _copy_state(state, wizards=tuple(wizards))

    def private_seat(self, state: State) -> int | None:
        """The wizard rolling and allocating holds the screen; upkeep, the reveal and carrying are public."""
        if state.flow.stage == Stage.SECRET:
            return state.to_act
        return None

    def secrets(self, state: State, seat: int | None) -> frozenset[str]:
        """Before the reveal: a wizard's seal (its dice) and the spells it allocated."""
        if seat is None or state.flow.stage != Stage.SECRET:
            return frozenset()
        secret = state.wizards[seat].secret
        if secret is None:
            return frozenset()
        return frozenset({secret.seal, *(cast.spell for cast in secret.casts)})

    def invariants(self, state: State) -> list[str]:
        """Dice in range and within the wizard's allowance, casts formed from its dice, allies numbered once."""
        problems = []
        numbers = [ally.number for wizard in state.wizards for ally in wizard.allies]
        if len(numbers) != len(set(numbers)):
            problems.append(f"an ally number twice: {numbers}")
        if numbers and max(numbers) >= state.next_ally:
            problems.append(f"ally number {max(numbers)} not below next_ally {state.next_ally}")
        for seat, wizard in enumerate(state.wizards):
            if not wizard.alive and wizard.allies:
                problems.append(f"dead wizard {seat} keeps allies")
            if wizard.hp > state.start_hp + 1:
                problems.append(f"wizard {seat} has {wizard.hp} HP, above the cap")
            for ally in wizard.allies:
                if not 0 < ally.hp <= ally.most:
                    problems.append(f"ally {ally.number} has {ally.hp} of {ally.most} HP")
            secret = wizard.secret
            if secret is None or secret.seal == "hidden":
                continue
            if any(not 1 <= d <= 6 for d in secret.dice):
                problems.append(f"wizard {seat} has a die outside 1..6: {secret.dice}")
            if len(secret.dice) > dice_available(wizard.upkeep_allies, wizard.paralysed):
                problems.append(f"wizard {seat} has {len(secret.dice)} dice, more than allowed")
            if len(secret.kept) != len(secret.dice) or secret.rolls > ROLLS:
                problems.append(f"wizard {seat}'s keeps or rolls are out of step")
            left = Counter(secret.dice)
            for cast in secret.casts:
                left.subtract(cast.dice)
                if not self.book[cast.spell].pattern.matches(cast.dice, state.loose_patterns):
                    problems.append(f"wizard {seat}'s {cast.spell} does not fit {cast.dice}")
            if any(count < 0 for count in left.values()):
                problems.append(f"wizard {seat} allocated dice it does not have")
        return problems

    # ================================================================ outcome and words
    def length(self, state: State) -> tuple[int, str]:
        """Rounds played (the one being played included)."""
        return state.flow.round, "rounds"

    def outcome(self, state: State) -> Outcome:
        """HP by seat; once over, the winners (several: a draw, or equal HP at the round limit)."""
        finished = state.flow.stage == Stage.OVER
        scores = tuple(max(0, w.hp) if w.alive else 0 for w in state.wizards)
        breakdown = tuple({"hp": max(0, w.hp) if w.alive else 0, "damage_dealt": w.damage_dealt,
                           "healed": w.healed, "spells_cast": w.spells_cast, "allies_summoned": w.allies_summoned,
                           "alive": int(w.alive)} for w in state.wizards)
        winners = state.flow.winners if finished else ()
        shared = len(winners) > (2 if state.teams else 1)
        tie = "draw" if finished and state.flow.draw else ("equal HP at the round limit"
                                                           if finished and shared else "")
        return Outcome(finished, scores, winners, tie, breakdown, wording.outcome_title(state, winners))

    def progress(self, state: State) -> str:
        """Where the match stands in a few words: ``round 3, HP 12 to 9``; with more wizards who still stands."""
        return wording.progress(state)

    def prompt(self, state: State) -> str:
        """What the seat to act must do now."""
        return wording.prompt(self, state)

    def refusal(self, state: State, intent: Value) -> str:
        """Why ``intent``, refused by the legal lists (:meth:`is_legal`), cannot be sent now: the game's words."""
        return wording.refusal(self, state, intent)

    def narrate(self, event: Value, view: State, seat: int | None) -> str | None:
        """The move log's sentence for ``event`` as ``seat`` reads it."""
        return wording.narrate(self, event, view, seat)

    def playout_bot(self, seed: int) -> "PlayoutBot":
        """Random, but it rolls on, casts, and aims attacks at others (a uniform choice wastes whole rounds)."""
        from .bots import PlayoutBot

        return PlayoutBot(seed)

    def make_bot(self, level: str, seed: int, seat: int) -> "EasyBot | GreedyBot | StrongBot | ExpertBot":
        """``easy``: random casts at sensible targets; ``greedy``: the most HP difference at once; ``strong``:
        keeps and allocates by expected value; ``expert``: the strong bot's best allocations tried against
        sampled rounds (``bots.py``)."""
        from .bots import EasyBot, ExpertBot, GreedyBot, StrongBot

        bots: dict[str, Any] = {"easy": EasyBot, "greedy": GreedyBot, "strong": StrongBot, "expert": ExpertBot}
        if level not in bots:
            raise no_such_bot("Wizard Dice", level, tuple(bots))
        bot = bots[level](seed, seat)
        if isinstance(bot, StrongBot):
            bot.rules = self                     # its look ahead (the hint's legal moves, the expert's search)
        return bot

    def determinize(self, view: State, seat: int, rng: random.Random) -> State:
        """A state ``seat`` cannot tell from the real one.  Only the secret stage hides anything: a wizard who
        has not rolled yet holds just its continued dice (public), so its secret is rebuilt as it is; one who
        has committed gets dice rolled anew beside its continued ones and a plausible allocation of them."""
        if view.flow.stage != Stage.SECRET:
            return view
        from .bots import sample_casts, sample_dice

        wizards = list(view.wizards)
        for owner, wizard in enumerate(wizards):
            secret = wizard.secret
            if owner == seat or secret is None or secret.seal != "hidden":
                continue
            continued = wizard.continued
            size = self.available_dice(wizard)
            seal = f"secret-r{view.flow.round}-w{owner}"          # the seal _begin_secret gave it
            if not secret.committed:
                rebuilt = Secret(seal=seal, dice=continued, kept=(True,) * len(continued), fixed=len(continued),
                                 rolled_out=size == len(continued))
            else:
                rolls = 0 if size == len(continued) else rng.choice((1, 2, ROLLS, ROLLS, ROLLS))
                dice = sample_dice(continued, size, rolls, rng)
                rebuilt = Secret(seal=seal, dice=dice, kept=(True,) * size, fixed=len(continued), rolls=rolls,
                                 rolled_out=True, casts=sample_casts(view, owner, dice, rng), committed=True)
            wizards[owner] = _copy_wizard(wizard, secret=rebuilt)
        return _copy_state(view, wizards=tuple(wizards))

    # ================================================================ legal intents
    def legal_intents(self, state: State) -> tuple[Intent, ...]:
        """Every intent the seat to act may send now, in a fixed order."""
        return self.cached_legal(state, self._enumerate)

    def _enumerate(self, state: State) -> list[Intent]:
        flow = state.flow
        if flow.stage == Stage.OVER:
            return []
        seat = state.to_act
        assert seat is not None
        wizard = state.wizards[seat]
        if flow.stage == Stage.UPKEEP:
            return [*(Banish(seat, ally.number) for ally in wizard.allies), KeepAllies(seat)]
        if flow.stage == Stage.COUNTER:
            return [self._cancel_intent(seat, key) for key in flow.candidates]
        if flow.stage == Stage.CARRY:
            options = {tuple(sorted(c)) for n in range(CARRY_MOST + 1) for c in combinations(wizard.unused, n)}
            return [Carry(seat, dice) for dice in sorted(options, key=lambda d: (len(d), d))]
        return self._secret_intents(state, seat)

    def deciding(self, state: State) -> tuple[int, ...]:
        """While the wizards allocate in secret, every wizard who has not committed yet decides at once (on
        phones, in parallel); the seat to act first, then the rest in this round's order."""
        flow = state.flow
        if flow.stage != Stage.SECRET:
            return super().deciding(state)
        order = flow.order[flow.turn:] + flow.order[:flow.turn]
        return tuple(seat for seat in order if not _secret_of(state.wizards[seat]).committed)

    def prompt_for(self, state: State, seat: int) -> str:
        """What ``seat`` must do now: while the wizards allocate at once, each wizard's own step."""
        if state.flow.stage == Stage.SECRET and seat in self.deciding(state):
            return wording.prompt(self, state, seat)
        return super().prompt_for(state, seat)

    def legal_for(self, state: State, seat: int) -> tuple[Intent, ...]:
        """The intents of ``seat``: while the wizards allocate, each uncommitted wizard's own rolls, keeps,
        spells, aims and commit, whoever is the seat to act."""
        if state.flow.stage != Stage.SECRET or seat == state.to_act:
            return super().legal_for(state, seat)
        if not 0 <= seat < len(state.wizards) or seat not in self.deciding(state):
            return ()
        return tuple(self._secret_intents(state, seat))

    def _secret_intents(self, state: State, seat: int) -> list[Intent]:
        """One wizard's secret decision: roll, keep or release, stop; then spells, withdrawals, aims, commit."""
        wizard = state.wizards[seat]
        secret = wizard.secret
        assert secret is not None
        if not secret.rolled_out:
            if secret.rolls == 0:
                return [Roll(seat)]
            out: list[Intent] = []
            for die in range(secret.fixed, len(secret.dice)):
                out.append(Release(seat, die) if secret.kept[die] else Keep(seat, die))
            if not all(secret.kept):
                out.append(Roll(seat))
            out.append(Stop(seat))
            return out
        out = self.castable(state, seat)
        out += [Uncast(seat, cast.spell) for cast in secret.casts]
        enemies = state.enemies(seat)
        if len(enemies) > 1:
            aims = dict(secret.aims)
            for ally in wizard.allies:
                current = aims.get(ally.number, ally.aim)
                out += [Aim(seat, ally.number, at) for at in enemies if at != current]
        out.append(Commit(seat))
        return out

    def _cancel_intent(self, seat: int, key: str) -> Intent:
        if key == NOTHING:
            return CancelNothing(seat)
        caster, spell, target = key.split(":")
        return Cancel(seat, int(caster), spell, Target.from_text(target))

    def free_dice(self, wizard: Wizard) -> tuple[int, ...]:
        """The wizard's dice no allocated spell uses yet."""
        secret = wizard.secret
        if secret is None:
            return ()
        left = Counter(secret.dice)
        for cast in secret.casts:
            left.subtract(cast.dice)
        return tuple(sorted(left.elements()))

    def targets(self, state: State, seat: int, spell: Spell) -> list[Target]:
        """Who ``spell`` of ``seat`` may be aimed at now."""
        if spell.targets == "self":
            return [Target.wizard(seat)]
        if spell.targets == "opponent":
            return [Target.wizard(s) for s in state.enemies(seat)]
        out = [Target.wizard(s) for s in state.living]
        out += [Target.ally(a.number) for s in state.living for a in state.wizards[s].allies]
        return out

    def castable(self, state: State, seat: int) -> list[Intent]:
        """Every cast the wizard may allocate now: a spell not cast yet (unless repeats are allowed), each way
        its pattern can be taken from the free dice, each legal choice of targets."""
        wizard = state.wizards[seat]
        secret = wizard.secret
        assert secret is not None
        free = [0] * 7                   # the free dice by value (free_dice() as counts)
        for value in secret.dice:
            free[value] += 1
        for cast in secret.casts:
            for value in cast.dice:
                free[value] -= 1
        counts = tuple(max(0, free[value]) for value in VALUES)
        if not any(counts):
            return []
        cast_already = {cast.spell for cast in secret.casts}
        opponents = list(state.enemies(seat))
        # The casts depend on nothing else than this (who may be aimed at is who lives and their allies):
        # the same list comes up again and again while a wizard allocates (an aim, a spell taken back).
        living = state.living
        key = (seat, counts, state.loose_patterns, state.repeat_spells,
               None if state.repeat_spells else frozenset(cast_already), living, tuple(opponents),
               tuple(tuple(ally.number for ally in state.wizards[s].allies) for s in living))
        known = self._casts_by_key.get(key)
        if known is not None:
            return list(known)
        out: list[Intent] = []
        for spell, forms in self._formable(counts, state.loose_patterns):
            if spell.spell_id in cast_already and not state.repeat_spells:
                continue
            targets = self.targets(state, seat, spell)
            for dice in forms:
                for aimed, split in self._target_choices(spell, dice, targets):
                    if spell.ally_kind:
                        for aim in (opponents if len(opponents) > 1 else opponents[:1]):
                            out.append(CastSpell(seat, spell.spell_id, dice, aimed, split, aim))
                    else:
                        out.append(CastSpell(seat, spell.spell_id, dice, aimed, split))
        if len(self._casts_by_key) >= 256:      # about a game's worth: a night of games kept 2,048, some 30,000
            self._casts_by_key.clear()          # Python objects held (and the arenas under them) all night
        self._casts_by_key[key] = tuple(out)
        return out

    def _formable(self, counts: tuple[int, ...], loose: bool) -> _Formable:
        """Each spell of the book (in book order) that free dice of ``counts`` (how many of each value, 1 to 6)
        can form, with its forms (``Pattern.forms``); kept by counts, for the same few come up all game long."""
        key = (counts, loose)
        known = self._formable_by_counts.get(key)
        if known is None:
            by_value = dict(zip(VALUES, counts))
            known = tuple((spell, tuple(forms)) for spell in self.book.spells
                          if (forms := spell.pattern.forms(by_value, loose)))
            if len(self._formable_by_counts) >= 4096:    # every count of up to 6 dice twice over fits in it
                self._formable_by_counts.clear()
            self._formable_by_counts[key] = known
        return known

    def _target_choices(self, spell: Spell, dice: tuple[int, ...],
                        targets: list[Target]) -> list[tuple[tuple[Target, ...], tuple[int, ...]]]:
        if spell.per_die_targets:
            return [(combo, ()) for combo in combinations_with_replacement(targets, len(dice))]
        if spell.split:
            total = spell.split
            out: list[tuple[tuple[Target, ...], tuple[int, ...]]] = [((t,), (total,)) for t in targets]
            for first in range(total - 1, (total + 1) // 2 - 1, -1):
                second = total - first
                if first == second:
                    out += [((a, b), (first, second)) for a, b in combinations(targets, 2)]
                else:
                    out += [((a, b), (first, second)) for a in targets for b in targets if a != b]
            return out
        return [((t,), ()) for t in targets]

    # ================================================================ apply
    def apply(self, state: State, intent: Value, rng: RandomSource) -> Step:
        """Apply one legal intent (while the wizards allocate, one of any uncommitted wizard's); an illegal one
        raises IllegalIntent and changes nothing."""
        self.refuse_unless_legal(state, intent)
        assert isinstance(intent, Intent)       # refuse_unless_legal let through only an intent of the lists
        events: list[Value] = []
        seat = intent.seat
        if isinstance(intent, Banish):
            state = self._banish(state, seat, intent.ally, events)
        elif isinstance(intent, KeepAllies):
            state = self._wizard(state, seat, banished_done=True)
            state = _copy_state(state, flow=_copy_flow(state.flow, turn=state.flow.turn + 1))
            state = self._next_upkeep(state, events)
        elif isinstance(intent, Roll):
            state = self._roll(state, seat, rng, events)
        elif isinstance(intent, (Keep, Release)):
            secret = _secret_of(state.wizards[seat])
            kept = list(secret.kept)
            kept[intent.die] = isinstance(intent, Keep)
            state = self._secret(state, seat, kept=tuple(kept))
        elif isinstance(intent, Stop):
            state = self._secret(state, seat, kept=(True,) * len(_secret_of(state.wizards[seat]).dice), rolled_out=True)
        elif isinstance(intent, CastSpell):
            secret = _secret_of(state.wizards[seat])
            state = self._secret(state, seat, casts=(*secret.casts, intent.as_cast()))
            events.append(ev.Allocated(seat, intent.spell, intent.dice, intent.targets))
        elif isinstance(intent, Uncast):
            secret = _secret_of(state.wizards[seat])
            casts = list(secret.casts)
            for index in range(len(casts) - 1, -1, -1):
                if casts[index].spell == intent.spell:
                    del casts[index]
                    break
            state = self._secret(state, seat, casts=tuple(casts))
            events.append(ev.Withdrawn(seat, intent.spell))
        elif isinstance(intent, Aim):
            secret = _secret_of(state.wizards[seat])
            aims = tuple((a, s) for a, s in secret.aims if a != intent.ally) + ((intent.ally, intent.at),)
            state = self._secret(state, seat, aims=aims)
            events.append(ev.Aimed(seat, intent.ally, intent.at))
        elif isinstance(intent, Commit):
            state = self._commit(state, seat, events)
        elif isinstance(intent, Carry):
            state = self._carry(state, seat, intent.dice, events)
        else:
            key = NOTHING if not isinstance(intent, Cancel) else portion_key(intent.caster, intent.spell,
                                                                              intent.target)
            state = _copy_state(state, flow=_copy_flow(state.flow, choices=(*state.flow.choices, key)))
            state = self._run_reveal(state, events)
        return Step(state, tuple(events))

    def _wizard(self, state: State, seat: int, **changes: Any) -> State:
        wizards = list(state.wizards)
        wizards[seat] = _copy_wizard(wizards[seat], **changes)
        return _copy_state(state, wizards=tuple(wizards))

    def _secret(self, state: State, seat: int, **changes: Any) -> State:
        return self._wizard(state, seat, secret=_copy_secret(state.wizards[seat].secret, **changes))

    def _banish(self, state: State, seat: int, number: int, events: list[Value]) -> State:
        wizard = state.wizards[seat]
        ally = next(a for a in wizard.allies if a.number == number)
        events.append(ev.Banished(seat, number, ally.kind))
        state = self._wizard(state, seat, allies=tuple(a for a in wizard.allies if a.number != number))
        if not state.wizards[seat].allies:
            state = self._wizard(state, seat, banished_done=True)
            state = _copy_state(state, flow=_copy_flow(state.flow, turn=state.flow.turn + 1))
            state = self._next_upkeep(state, events)
        return state

    def _roll(self, state: State, seat: int, rng: RandomSource, events: list[Value]) -> State:
        wizard = state.wizards[seat]
        secret = _secret_of(wizard)
        rolls = secret.rolls + 1
        if secret.rolls == 0:
            size = self.available_dice(wizard)
            dice = list(secret.dice) + [0] * (size - len(secret.dice))
            kept = [i < secret.fixed for i in range(size)]
        else:
            dice, kept = list(secret.dice), list(secret.kept)
        rolled = []
        for index in range(len(dice)):
            if not kept[index]:
                dice[index] = rng.randint(1, 6, "die")
                rolled.append(index)
        done = rolls >= ROLLS
        if done:
            kept = [True] * len(dice)
        events.append(ev.Rolled(seat, rolls, tuple(dice), tuple(rolled)))
        return self._secret(state, seat, dice=tuple(dice), kept=tuple(kept), rolls=rolls, rolled_out=done)

    def _commit(self, state: State, seat: int, events: list[Value]) -> State:
        secret = _secret_of(state.wizards[seat])
        state = self._wizard(state, seat, secret=_copy_secret(secret, committed=True))
        events.append(ev.Committed(seat))
        flow = state.flow
        # The seat to act is the first wizard of the order still to commit (the next one, unless a wizard on a
        # phone committed out of turn).
        waiting = [turn for turn, s in enumerate(flow.order) if not _secret_of(state.wizards[s]).committed]
        if waiting:
            return _copy_state(state, flow=_copy_flow(flow, turn=waiting[0]))
        # The allies' aims chosen this round become their standing orders, at the reveal: before it they
        # are secret (B.8), and the allies are in every seat's view.
        for s in flow.order:
            aims = dict(_secret_of(state.wizards[s]).aims)
            if aims:
                allies = tuple(_copy_ally(a, aim=aims.get(a.number, a.aim)) for a in state.wizards[s].allies)
                state = self._wizard(state, s, allies=allies)
        revealed = tuple((s, cast) for s in flow.order for cast in _secret_of(state.wizards[s]).casts)
        for caster, cast in revealed:
            events.append(ev.Revealed(caster, cast.spell, cast.dice, cast.targets, cast.split))
        state = _copy_state(state, flow=_copy_flow(flow, revealed=revealed, choices=(), told=0))
        return self._run_reveal(state, events)

    def _run_reveal(self, state: State, events: list[Value]) -> State:
        """Resolve from the reveal with the choices so far; send only the events not sent before."""
        result = resolve(self.book, state, state.start_hp)
        events.extend(result.events[state.flow.told:])
        if result.asking >= 0:
            return _copy_state(state, flow=_copy_flow(state.flow, stage=Stage.COUNTER, asking=result.asking,
                                             candidates=result.candidates, told=len(result.events)))
        after = result.state
        if after.flow.stage == Stage.OVER:
            return after
        return self._after_round(after, events)

    def _after_round(self, state: State, events: list[Value]) -> State:
        """Spell continuation for those who may, then the next round."""
        # This round's continued dice are spent; only what is carried now goes on.
        state = _copy_state(state, wizards=tuple(_copy_wizard(w, continued=()) for w in state.wizards))
        carriers = tuple(seat for seat in state.flow.order if self.may_carry(state.wizards[seat]))
        if carriers:
            return _copy_state(state, flow=_copy_flow(state.flow, stage=Stage.CARRY, turn=state.flow.order.index(carriers[0])))
        return self._begin_round(state, events)

    def may_carry(self, wizard: Wizard) -> bool:
        """B.6.4: alive, used at most 4 dice (allies and paralysis count), and has an unused die."""
        return may_carry(wizard.alive, wizard.used, len(wizard.unused))

    def _carry(self, state: State, seat: int, dice: tuple[int, ...], events: list[Value]) -> State:
        events.append(ev.Carried(seat, dice))
        state = self._wizard(state, seat, continued=dice)
        flow = state.flow
        for turn in range(flow.turn + 1, len(flow.order)):
            if self.may_carry(state.wizards[flow.order[turn]]):
                return _copy_state(state, flow=_copy_flow(flow, turn=turn))
        return self._begin_round(state, events)

