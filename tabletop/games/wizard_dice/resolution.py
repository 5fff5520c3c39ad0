"""The five phases of a Wizard Dice round (rules reference B.5), after every wizard has committed.

1. **Counter spells**, by complexity: last round's free Shell shields, then tier 6 (Magic
   Mirror), 5 (Magic Shell), 4 (Counterspell), 3 (Shield, and Paralysis cast at an ally).
   A tier influences only what resolves after it; within a tier all is simultaneous.
2. **Summons**, 3. **Healing**, 4. **Ally damage** (pooled per wizard, minus its wards;
   death check A), 5. **Attack spells**, simultaneous (death check B); then the end of
   the round: poison ticks (death check C) and the optional round limit.

Every death check ends the duel at once when at most one wizard is left (settled ruling 3).

A cast is split into *portions*, one per declared target (Magic Missiles and Lightning
Bolt may have two).  A Magic Mirror fixes each later portion's final target; a
Counterspell cancels one portion whose final target it protects, chosen by its caster.
Resolution is pure and has no chance in it: the rules run it again from the reveal
with the choices made so far, and it stops where a Counterspell's caster must choose.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.values import Value, evolve

from . import events as ev
from .scoring import dice_used, healing, poisons, pooled_ally_damage, spell_damage
from .spells import Spell, SpellBook
from .state import Ally, Cast, Stage, State, Target

__all__ = ["Portion", "Resolved", "resolve", "portions_of", "NOTHING", "portion_key"]

#: The Counterspell choice that lets every spell through (offered when one of them is the caster's own).
NOTHING = "nothing"

# Resolution order: the rank of a portion; a mirror (0) reflects everything after it, a Counterspell (2)
# may cancel everything after it.
_RANK_MIRROR, _RANK_SHELL, _RANK_COUNTER, _RANK_TIER3, _RANK_SUMMON, _RANK_HEAL, _RANK_ATTACK = 0, 1, 2, 3, 4, 5, 7
_TIER_RANKS = {6: _RANK_MIRROR, 5: _RANK_SHELL, 4: _RANK_COUNTER, 3: _RANK_TIER3}


def portion_key(caster: int, spell: str, target: Target) -> str:
    """The word naming one portion: ``0:poison-arrow:wizard-1``."""
    return f"{caster}:{spell}:{target.to_text()}"


@dataclass
class Portion:
    """The part of one cast aimed at one declared target."""

    caster: int
    index: int                # the cast's position in the reveal
    spell: Spell
    cast: Cast
    declared: Target
    amount: int               # damage, healing or missiles for this target
    final: Target
    mirror: int = -1          # whose mirror reflected it
    cancelled: bool = False

    @property
    def key(self) -> str:
        return portion_key(self.caster, self.spell.spell_id, self.declared)

    @property
    def rank(self) -> int:
        spell = self.spell
        if spell.category == "counter":
            return _TIER_RANKS[spell.tier]
        if spell.paralyse:
            return _RANK_TIER3 if not self.final.is_wizard else _RANK_ATTACK
        return {"summon": _RANK_SUMMON, "healing": _RANK_HEAL}.get(spell.category, _RANK_ATTACK)


def portions_of(book: SpellBook, revealed: tuple[tuple[int, Cast], ...]) -> list[Portion]:
    """Every portion of the revealed casts, in reveal order."""
    out: list[Portion] = []
    for index, (caster, cast) in enumerate(revealed):
        spell = book[cast.spell]
        if spell.per_die_targets:
            counts = Counter(cast.targets)
            for target in dict.fromkeys(cast.targets):
                out.append(Portion(caster, index, spell, cast, target, counts[target] * spell.damage_per_die, target))
        elif spell.split:
            for target, amount in zip(cast.targets, cast.split):
                out.append(Portion(caster, index, spell, cast, target, amount, target))
        else:
            amount = spell.damage or spell.heal or spell.damage_per_die * len(cast.dice)
            out.append(Portion(caster, index, spell, cast, cast.targets[0], amount, cast.targets[0]))
    return out


@dataclass
class _Ward:
    """The shield effects on one target this round (B.5.2): each one's ally reduction, and how many of them
    take 1 off each attack spell."""

    effects: list[int] = field(default_factory=list)   # the ally reduction of each effect
    shields: int = 0                                    # Shield-type effects (Shield, Shell, free Shield)

    def ally(self, stack: bool) -> int:
        """The reduction of ally damage: every effect's, or only the largest (shields do not stack)."""
        return sum(self.effects) if stack else max(self.effects, default=0)

    def spells(self, stack: bool) -> int:
        """What each attack spell loses: 1 per Shield-type effect, or 1 at most (shields do not stack)."""
        return self.shields if stack else min(1, self.shields)


@dataclass
class Resolved:
    """The outcome of running the reveal: the state after it (or as it was, if a choice is needed)."""

    state: State
    events: list[Value]
    asking: int = -1                              # the Counterspell caster who must choose
    candidates: tuple[str, ...] = ()


@dataclass
class _Table:
    """Working copies of what the phases change (the state is frozen; this is rebuilt into it at the end)."""

    state: State
    hp: list[int] = field(default_factory=list)
    alive: list[bool] = field(default_factory=list)
    allies: dict[int, tuple[int, Ally]] = field(default_factory=dict)     # number -> (owner, ally)
    paralysis_next: list[int] = field(default_factory=list)
    poison: list[list[int]] = field(default_factory=list)
    shells_next: list[list[int]] = field(default_factory=list)
    damage_dealt: list[int] = field(default_factory=list)
    healed: list[int] = field(default_factory=list)
    summoned: list[int] = field(default_factory=list)
    next_ally: int = 1
    roster: list[tuple[int, int, str]] = field(default_factory=list)

    @classmethod
    def of(cls, state: State) -> "_Table":
        table = cls(state)
        table.hp = [w.hp for w in state.wizards]
        table.alive = [w.alive for w in state.wizards]
        table.allies = {a.number: (seat, a) for seat, w in enumerate(state.wizards) for a in w.allies}
        table.paralysis_next = [w.paralysis_next for w in state.wizards]
        table.poison = [list(w.poison) for w in state.wizards]
        table.shells_next = [list(w.shells_next) for w in state.wizards]
        table.damage_dealt = [w.damage_dealt for w in state.wizards]
        table.healed = [w.healed for w in state.wizards]
        table.summoned = [w.allies_summoned for w in state.wizards]
        table.next_ally = state.next_ally
        table.roster = list(state.roster)
        return table

    def exists(self, target: Target) -> bool:
        if target.is_wizard:
            return self.alive[target.index]
        return target.index in self.allies

    def health(self, target: Target) -> int:
        return self.hp[target.index] if target.is_wizard else self.allies[target.index][1].hp

    def set_ally(self, number: int, **changes: Any) -> None:
        owner, ally = self.allies[number]
        self.allies[number] = (owner, evolve(ally, **changes))

    def living(self) -> list[int]:
        return [seat for seat, alive in enumerate(self.alive) if alive]

    def default_aim(self, owner: int) -> int:
        """The first living opponent after ``owner`` in seat order (with teams, of the other team)."""
        count = len(self.alive)
        for step in range(1, count):
            seat = (owner + step) % count
            if self.alive[seat] and not self.state.friends(owner, seat):
                return seat
        return owner

    def aim_of(self, owner: int, aim: int) -> int:
        """Whom an ally of ``owner`` told to attack ``aim`` attacks: ``aim`` if it is a living opponent,
        otherwise the first living opponent after its owner."""
        if 0 <= aim < len(self.alive) and self.alive[aim] and not self.state.friends(owner, aim):
            return aim
        return self.default_aim(owner)

    def side(self, target: Target) -> int:
        """The wizard a target belongs to: the wizard itself, or an ally's owner (-1 if it is gone)."""
        if target.is_wizard:
            return target.index
        found = self.allies.get(target.index)
        return found[0] if found is not None else -1


@dataclass
class _Run:
    """One run of the reveal: the state it starts from, the working copies, the portions and what is told."""

    state: State
    table: _Table
    portions: list[Portion]
    events: list[Value] = field(default_factory=list)
    wards: dict[Target, _Ward] = field(default_factory=dict)

    def ward(self, target: Target) -> _Ward:
        """The shield effects on ``target`` this round (made on first use)."""
        return self.wards.setdefault(target, _Ward())

    def guard(self, target: Target) -> _Ward:
        """The shield effects on ``target``, or none."""
        return self.wards.get(target, _Ward())


def resolve(book: SpellBook, state: State, start_hp: int) -> Resolved:
    """Run the round's reveal from ``state.flow.revealed`` with the Counterspell choices in ``state.flow.choices``."""
    run = _Run(state, _Table.of(state), portions_of(book, state.flow.revealed))
    asked = _counter_spells(run)
    if asked is not None:
        return asked
    _summons(run)
    _healing(run, start_hp)
    if _ally_damage(run) or _attack_spells(run):
        return _finish(run.table, state, run.events)
    return _end_of_round(run)


def _counter_spells(run: _Run) -> Resolved | None:
    """Phase 1: last round's Magic Shells hold, then the counter spells by complexity.  None once done; a
    Resolved that asks a Counterspell's caster to choose, when one must."""
    state, table, portions, events = run.state, run.table, run.portions, run.events
    phase_one = [p for p in portions if p.spell.category == "counter" or p.rank == _RANK_TIER3]
    shells_now = [(Target.wizard(seat), value) for seat, w in enumerate(state.wizards) if w.alive for value in w.shells]
    shells_now += [(Target.ally(number), value) for number, (_, ally) in table.allies.items() for value in ally.shells]
    if phase_one or shells_now or any(p.spell.paralyse for p in portions):
        events.append(ev.PhaseBegan(1))
    for target, value in shells_now:
        # Not a cast: it cannot be countered or reflected (B.5.1).
        run.ward(target).effects.append(value)
        run.ward(target).shields += 1
        events.append(ev.ShellHolds(target, value))
    mirrors: dict[Target, list[int]] = {}
    for portion in portions:
        if portion.spell.mirror:
            mirrors.setdefault(portion.declared, []).append(portion.caster)
    for portion in portions:
        if portion.spell.mirror:
            continue
        _reflect(portion, mirrors, len(state.wizards))
    choices = list(state.flow.choices)
    for tier in (6, 5, 4, 3):
        in_tier = [p for p in portions if p.rank == _TIER_RANKS[tier]]
        if not in_tier:
            continue
        events.append(ev.PhaseBegan(1, tier))
        for portion in in_tier:
            if portion.cancelled:
                continue
            asked = _counter_portion(run, portion, choices)
            if asked is not None:
                return asked
    return None


def _counter_portion(run: _Run, portion: Portion, choices: list[str]) -> Resolved | None:
    """One portion of phase 1 takes effect: a Mirror stands, a shield wards, a Counterspell protects (and
    cancels), a Paralysis holds an ally."""
    table, events = run.table, run.events
    _tell_reflection(portion, events)
    spell, target = portion.spell, portion.final
    if spell.mirror:
        events.append(ev.MirrorRaised(portion.caster, target))
    elif spell.shield:
        extra = spell.pattern.extra(portion.cast.dice)
        run.ward(target).effects.append(extra)
        run.ward(target).shields += 1
        if spell.shell:
            if target.is_wizard:
                table.shells_next[target.index].append(extra)
            else:
                table.set_ally(target.index, shells_next=(*table.allies[target.index][1].shells_next, extra))
        events.append(ev.Warded(portion.caster, spell.spell_id, target, extra, 1))
    elif spell.counter:
        return _counterspell(run, portion, choices)
    elif spell.paralyse:
        events.append(ev.Silenced(portion.caster, target.index))
    return None


def _counterspell(run: _Run, portion: Portion, choices: list[str]) -> Resolved | None:
    """A Counterspell protects its target and cancels one spell at it: the only one, the one chosen (taken from
    ``choices``), or, with no choice left, a Resolved that asks its caster."""
    state, events = run.state, run.events
    spell, target = portion.spell, portion.final
    # Only a Counterspell deliberately cast on oneself reduces ally damage (settled ruling 4).
    own = target == Target.wizard(portion.caster) and portion.mirror < 0
    reduction = spell.pattern.extra(portion.cast.dice) if own else 0
    if reduction:
        run.ward(target).effects.append(reduction)
    events.append(ev.Protected(portion.caster, target, reduction))
    candidates = [p for p in run.portions if p.rank > _RANK_COUNTER and p.final == target and not p.cancelled]
    if not candidates:
        return None
    friendly = [state.friends(portion.caster, p.caster) for p in candidates]
    if len(candidates) == 1 and not friendly[0]:
        chosen = candidates[0].key
    else:
        keys = tuple(dict.fromkeys(p.key for p in candidates))
        if any(friendly):
            # One of them is the caster's own (or a team-mate's): letting all through is a choice.
            keys += (NOTHING,)
        if state.auto_counter:
            chosen = _most_damaging(run.table, portion, candidates, NOTHING in keys)
        else:
            # Told again when the choice is made, so a re-run's events keep the told prefix.
            events.append(ev.CounterChoosing(portion.caster, target, len(keys)))
            if not choices:
                return Resolved(state, events, portion.caster, keys)
            chosen = choices.pop(0)
    for candidate in candidates:
        if candidate.key == chosen:
            # One spell only: with repeated spells allowed, the first cast of two alike.
            candidate.cancelled = True
            events.append(ev.Cancelled(portion.caster, candidate.caster, candidate.spell.spell_id,
                                       candidate.declared))
            break
    return None


def _summons(run: _Run) -> None:
    """Phase 2: the allies summoned join their (final) target's side."""
    table, events = run.table, run.events
    summons = [p for p in run.portions if p.rank == _RANK_SUMMON and not p.cancelled]
    if summons:
        events.append(ev.PhaseBegan(2))
    for portion in summons:
        _tell_reflection(portion, events)
        owner = portion.final.index
        spell = portion.spell
        # A stolen ally turns on the wizard who summoned it (unless that is a team-mate of its new owner).
        aim = table.aim_of(owner, portion.cast.aim if owner == portion.caster else portion.caster)
        number = table.next_ally
        table.next_ally += 1
        table.allies[number] = (owner, Ally(number, spell.ally_kind, spell.ally_hp, spell.ally_hp, aim))
        table.summoned[owner] += 1
        table.roster.append((number, owner, spell.ally_kind))
        events.append(ev.Summoned(owner, portion.caster, number, spell.ally_kind, spell.ally_hp))


def _healing(run: _Run, start_hp: int) -> None:
    """Phase 3: healing spells, a wizard up to one more than the starting HP, an ally up to its most."""
    table, events = run.table, run.events
    heals = [p for p in run.portions if p.rank == _RANK_HEAL and not p.cancelled]
    if heals:
        events.append(ev.PhaseBegan(3))
    for portion in heals:
        _tell_reflection(portion, events)
        target = portion.final
        if not table.exists(target):
            events.append(ev.Fizzled(portion.caster, portion.spell.spell_id, "target-gone"))
            continue
        if target.is_wizard:
            amount = healing(portion.amount, table.hp[target.index], start_hp + 1)
            table.hp[target.index] += amount
        else:
            ally = table.allies[target.index][1]
            amount = healing(portion.amount, ally.hp, ally.most)
            table.set_ally(target.index, hp=ally.hp + amount)
        table.healed[portion.caster] += amount
        events.append(ev.Healed(portion.caster, portion.spell.spell_id, target, amount, table.health(target)))


def _ally_damage(run: _Run) -> bool:
    """Phase 4: the allies strike, their damage pooled per wizard struck (death check A); True when the duel
    is decided."""
    state, table, events = run.state, run.table, run.events
    silenced = {p.final.index for p in run.portions
                if p.rank == _RANK_TIER3 and p.spell.paralyse and not p.cancelled}
    strikes: list[tuple[int, int, int, int]] = []     # owner, ally, at, amount
    for number, (owner, ally) in sorted(table.allies.items()):
        if number in silenced or ally.hp <= 0 or not table.alive[owner]:
            continue
        at = table.aim_of(owner, ally.aim)
        if at != owner:
            strikes.append((owner, number, at, ally.hp))
    if not strikes:
        return False
    events.append(ev.PhaseBegan(4))
    incoming: dict[int, list[tuple[int, int]]] = {}
    for owner, number, at, amount in strikes:
        events.append(ev.AllyStruck(owner, number, at, amount))
        incoming.setdefault(at, []).append((owner, amount))
    for seat in sorted(incoming):
        total = sum(amount for _, amount in incoming[seat])
        guard = run.guard(Target.wizard(seat)).ally(state.shields_stack)
        if state.ally_ward_pooled:
            reduced, taken = pooled_ally_damage(total, guard)
            left = taken
            for owner, amount in incoming[seat]:
                share = min(left, amount)
                table.damage_dealt[owner] += share
                left -= share
        else:
            # Per ally (an option): the reduction comes off each ally's blow.
            taken = 0
            for owner, amount in incoming[seat]:
                share = pooled_ally_damage(amount, guard)[1]
                table.damage_dealt[owner] += share
                taken += share
            reduced = total - taken
        table.hp[seat] -= taken
        events.append(ev.AllyDamage(seat, total, reduced, taken, table.hp[seat]))
    return _death_check(table, "A", events, set())


def _attack_spells(run: _Run) -> bool:
    """Phase 5: the attack spells, simultaneous (death check B); True when the duel is decided."""
    table, events = run.table, run.events
    attacks = [p for p in run.portions if p.rank == _RANK_ATTACK and not p.cancelled]
    if attacks:
        events.append(ev.PhaseBegan(5))
    fizzled: set[int] = set()
    slain: set[int] = set()
    groups: dict[tuple[int, Target], list[Portion]] = {}
    for portion in attacks:
        if not table.alive[portion.caster]:
            if portion.index not in fizzled:
                fizzled.add(portion.index)
                events.append(ev.Fizzled(portion.caster, portion.spell.spell_id, "caster-dead"))
            continue
        _tell_reflection(portion, events)
        if not table.exists(portion.final):
            events.append(ev.Fizzled(portion.caster, portion.spell.spell_id, "target-gone"))
            continue
        groups.setdefault((portion.index, portion.final), []).append(portion)
    for (_, target), group in groups.items():
        if group[0].spell.kill:
            slain.add(target.index)
            events.append(ev.Slain(group[0].caster, target.index))
        else:
            _attack(run, target, group)
    if attacks or slain:
        _allies_fall(table, "B", events)
        return _death_check(table, "B", events, slain)
    return False


def _attack(run: _Run, target: Target, group: list[Portion]) -> None:
    """One attack spell lands on one target (its portions at that target together): a Paralysis, or damage
    less the target's shields, and perhaps poison."""
    table, events = run.table, run.events
    first = group[0]
    spell, caster = first.spell, first.caster
    if spell.paralyse:
        table.paralysis_next[target.index] += spell.paralyse
        events.append(ev.Paralysed(caster, target.index, table.paralysis_next[target.index]))
        return
    base = sum(p.amount for p in group)
    # A shield's -1 counts once per attack spell per target, however many missiles (B.5.5).
    reduced, dealt = spell_damage(base, run.guard(target).spells(run.state.shields_stack))
    _damage(table, target, dealt)
    table.damage_dealt[caster] += dealt
    events.append(ev.Hit(caster, spell.spell_id, target, dealt, reduced, table.health(target)))
    if poisons(len(first.cast.dice), spell.poison_dice, base, dealt):
        due = run.state.flow.round + 1
        if target.is_wizard:
            table.poison[target.index].append(due)
        else:
            table.set_ally(target.index, poison=(*table.allies[target.index][1].poison, due))
        events.append(ev.Poisoned(caster, target, due))


def _end_of_round(run: _Run) -> Resolved:
    """The end of the round: poison ticks (death check C), then the optional round limit."""
    state, table, events = run.state, run.table, run.events
    round_now = state.flow.round
    ticks = [(Target.wizard(seat), table.poison[seat].count(round_now)) for seat in table.living()]
    ticks += [(Target.ally(number), ally.poison.count(round_now)) for number, (_, ally) in sorted(table.allies.items())]
    ticks = [(target, amount) for target, amount in ticks if amount]
    if ticks:
        events.append(ev.PhaseBegan(6))
        for target, amount in ticks:
            _damage(table, target, amount)
            events.append(ev.PoisonTick(target, amount, table.health(target)))
        _allies_fall(table, "C", events)
        if _death_check(table, "C", events, set()):
            return _finish(table, state, events)
    for seat in range(len(table.poison)):
        table.poison[seat] = [due for due in table.poison[seat] if due > round_now]
    if state.round_limit and round_now >= state.round_limit:
        living = table.living()
        if state.teams:
            # The team whose living wizards have the most HP together wins (both of its wizards).
            hp = {team: sum(table.hp[seat] for seat in living if state.teams[seat] == team)
                  for team in {state.teams[seat] for seat in living}}
            best = max(hp.values())
            winners = tuple(seat for seat in range(len(state.wizards)) if hp.get(state.teams[seat]) == best)
        else:
            best = max(table.hp[seat] for seat in living)
            winners = tuple(seat for seat in living if table.hp[seat] == best)
        events.append(ev.DuelOver(winners, "round-limit"))
        return _finish(table, state, events, winners=winners, why="round limit")
    return _finish(table, state, events, over=False)


def _most_damaging(table: _Table, counter: Portion, candidates: list[Portion], nothing: bool) -> str:
    """What a Counterspell cancels by itself (the option of B.8): protecting its caster's side, the spell of
    an opponent that harms most (Finger of Death, then the most damage, then a Paralysis); aimed at an
    opponent's side, the spell of theirs that helps them most (the most healing, the strongest ally, a
    shield).  Ties go to the caster next in seat order after the Counterspell's; with nothing worth
    cancelling, nothing is cancelled when that is allowed."""
    state = table.state
    caster = counter.caster
    side = table.side(counter.final)
    protect = side >= 0 and state.friends(caster, side)

    def worth(portion: Portion) -> int:
        spell = portion.spell
        if protect:
            if spell.kill:
                return 1000
            if spell.paralyse:
                return 1 if portion.final.is_wizard else 0
            return portion.amount if spell.category == "attack" else 0
        if spell.category == "healing":
            return portion.amount
        if spell.category == "summon":
            return spell.ally_hp
        return 1 if spell.category == "counter" else 0

    others = [p for p in candidates if not state.friends(caster, p.caster)]
    seats = len(state.wizards)
    ranked = sorted(others, key=lambda p: (-worth(p), (p.caster - caster) % seats, p.index))
    if not ranked or (worth(ranked[0]) == 0 and nothing):
        return NOTHING
    return ranked[0].key


def _reflect(portion: Portion, mirrors: dict[Target, list[int]], seats: int) -> None:
    """Fix the final target of a portion resolving after the mirrors (B.5.4): at most one reflection.

    With several Mirrors on its target, the one that reflects it is the Mirror of the wizard next after the
    spell's caster in seat order (a decision: B.5.4 is silent; the order of the reveal rotates with the
    first seat, so it must not decide which wizard a self-cast spell ends up with).
    """
    target = portion.declared
    caster = portion.caster
    for mirror in sorted(mirrors.get(target, ()), key=lambda seat: (seat - caster) % seats):
        if target != Target.wizard(portion.caster):
            portion.final = Target.wizard(portion.caster)
        elif mirror != portion.caster:
            portion.final = Target.wizard(mirror)     # a spell the target cast at itself goes to the mirror's caster
        else:
            continue                                  # one's own self-spells pass one's own mirror
        portion.mirror = mirror
        return


def _tell_reflection(portion: Portion, events: list[Value]) -> None:
    if portion.mirror >= 0:
        events.append(ev.Reflected(portion.caster, portion.spell.spell_id, portion.declared, portion.final,
                                   portion.mirror))


def _damage(table: _Table, target: Target, amount: int) -> None:
    if target.is_wizard:
        table.hp[target.index] -= amount
    else:
        table.set_ally(target.index, hp=table.allies[target.index][1].hp - amount)


def _allies_fall(table: _Table, check: str, events: list[Value]) -> None:
    for number, (_, ally) in sorted(table.allies.items()):
        if ally.hp <= 0:
            del table.allies[number]
            events.append(ev.Died(Target.ally(number), check))


def _death_check(table: _Table, check: str, events: list[Value], slain: set[int]) -> bool:
    """Wizards at 0 HP or slain die now, and their allies with them; True when the duel is decided."""
    dying = [seat for seat in table.living() if table.hp[seat] <= 0 or seat in slain]
    for seat in dying:
        table.alive[seat] = False
        events.append(ev.Died(Target.wizard(seat), check))
        for number, (owner, _) in sorted(table.allies.items()):
            if owner == seat:
                del table.allies[number]
                events.append(ev.Died(Target.ally(number), check))
    living = table.living()
    teams = table.state.teams
    if teams:
        left = {teams[seat] for seat in living}
        if len(left) > 1:
            return False
        # A team wins when the other is eliminated: both its wizards, the fallen one too; if the last of
        # both teams fall together, the two teams share a draw.
        winners = tuple(seat for seat in range(len(teams)) if not left or teams[seat] in left)
        why, ended = ("last-team", "last team") if living else ("draw", "draw")
    else:
        if len(living) > 1:
            return False
        winners = tuple(living) if living else tuple(dying)
        why, ended = ("last-standing", "last standing") if living else ("draw", "draw")
    events.append(ev.DuelOver(winners, why))
    table.state = evolve(table.state, flow=evolve(table.state.flow, winners=winners, draw=not living,
                                                  ended_by=ended))
    return True


def _finish(table: _Table, before: State, events: list[Value], over: bool = True,
            winners: tuple[int, ...] | None = None, why: str = "") -> Resolved:
    """The state after the reveal: the working copies written back; the duel over or the round ended."""
    state = table.state
    flow = state.flow
    if winners is not None:
        flow = evolve(flow, winners=winners, draw=False, ended_by=why)
    if not over:
        events.append(ev.RoundEnded(before.flow.round))
    wizards = []
    for seat, wizard in enumerate(before.wizards):
        allies = tuple(ally for number, (owner, ally) in sorted(table.allies.items()) if owner == seat)
        cast_dice = [d for caster, cast in before.flow.revealed if caster == seat for d in cast.dice]
        secret = wizard.secret
        unused: tuple[int, ...] = ()
        if secret is not None:
            left = Counter(secret.dice)
            left.subtract(cast_dice)
            unused = tuple(sorted(left.elements()))
        wizards.append(evolve(
            wizard, hp=table.hp[seat], alive=table.alive[seat], allies=allies,
            paralysis_next=table.paralysis_next[seat], poison=tuple(table.poison[seat]),
            shells_next=tuple(table.shells_next[seat]), damage_dealt=table.damage_dealt[seat],
            healed=table.healed[seat], allies_summoned=table.summoned[seat],
            spells_cast=wizard.spells_cast + sum(1 for caster, _ in before.flow.revealed if caster == seat),
            unused=unused, used=dice_used(len(cast_dice), wizard.upkeep_allies, wizard.paralysed)))
    flow = evolve(flow, stage=Stage.OVER if over else flow.stage, asking=-1, candidates=())
    return Resolved(evolve(state, wizards=tuple(wizards), flow=flow, next_ally=table.next_ally,
                           roster=tuple(table.roster)), events)

