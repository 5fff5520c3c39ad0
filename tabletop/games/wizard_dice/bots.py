"""Wizard Dice bots: the playout bot of random games, and the levels a player can sit at the table with.

* :class:`PlayoutBot` — random among the legal intents, but shaped like play, so the
  1,000 random playouts end in a few rounds;
* :class:`EasyBot` (``easy``) — random with light sense: it keeps dice that repeat, casts
  whatever its dice form (attacks at another wizard, everything else on itself) and
  commits only when nothing more can be cast;
* :class:`StrongBot` (``strong``) — keeps dice by an exact expectation over the rolls
  still to come (a small dynamic programme over dice multisets) towards the allocation
  worth most in this round's outlook: damage at the weakest opponent (in a free-for-all of three
  or more, at the one it must outlast: the others fell the weakest), with a bonus for a likely kill;
  shields, counters, mirrors and heals by the damage it expects to come its way (its guess moves
  towards what the opponents really dealt), worth more when it is low; allies by what they deal, its
  own and the opponents' (an enemy Ogre or Troll is a target beside the wizard: killing, wounding or
  paralysing it is worth the damage it would go on dealing, less the die its owner gets back).  It casts
  that allocation, aims its allies at its target, cancels the spell that would hurt it most, carries the dice that promise most and
  banishes an ally only when a die is worth more than its strike.  No search over sampled
  states is needed: the dice are the only chance, and their odds are computed exactly;
* :class:`GreedyBot` (``greedy``) — one move ahead on the HP difference: the allocation that does most at
  once, unopposed, and no defence;
* :class:`ExpertBot` (``expert``) — the strong bot, whose few best allocations are tried against rounds
  sampled from its own view (the others' dice kept and cast as the strong bot would) and resolved by the
  rules; it departs from the strong choice only for a clear gain on those rounds.

The strong and expert bots also ``decide(view, rng)``: the same choice with a sentence on why.

Every bot sees only the legal intents and its own seat's view (the strong bot also remembers
how much damage reached it in the rounds it saw).  :func:`sample_dice` and :func:`sample_casts`
give plausible dice and spells for a secret a seat cannot see (``rules.determinize``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import product
from math import factorial
from typing import Any, Iterable, NamedTuple, Sequence

from tabletop.core.bots import BotBase
from tabletop.core.values import evolve

from .intents import (Aim, Banish, Cancel, CancelNothing, Carry, CastSpell, Commit, Intent, Keep, KeepAllies, Release,
                      Roll, Stop)
from .scoring import dice_available
from .spells import Spell, load_spells
from .state import Cast, Stage, State, Target

__all__ = ["PlayoutBot", "EasyBot", "GreedyBot", "StrongBot", "ExpertBot", "Weights", "STRONG", "Planner", "Outlook",
           "FoeAlly", "Forecast", "forecast_of", "outlook_of", "sample_dice", "sample_casts", "allocations",
           "full_allocations", "roll_outcomes"]

ROLLS = 3

_WEIGHTS = {"roll": 2.0, "keep": 0.2, "release": 0.05, "stop": 0.5, "uncast": 0.02, "aim": 0.3, "commit": 0.3,
            "banish": 0.3, "keep-allies": 2.0}


class PlayoutBot(BotBase):
    """Weighted random play: casts weigh by whether their targets suit the spell.

    A uniform choice among hundreds of casts and a single Commit commits rarely and
    aims half its attacks at itself; this bot rolls on, casts often, aims attacks at
    others and heals and shields itself, so random games end in a few rounds.
    """

    bot_id = "playout"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self._book = load_spells()

    def _weight(self, intent: Intent, view: Any) -> float:
        if view is not None and harms_own_side(view, intent, self._book):
            return 0.0             # never at itself, a team-mate or their allies
        if isinstance(intent, Cancel) and view is not None and view.friends(intent.seat, intent.caster):
            return 0.05            # a Counterspell cancels the other side's spells first
        if isinstance(intent, Keep) and view is not None:
            # Keep what repeats (patterns grow from pairs) and the 6s of Magic Missiles.
            dice = view.wizards[intent.seat].secret.dice
            value = dice[intent.die]
            return 3.0 if dice.count(value) >= 2 or value == 6 else 0.1
        if not isinstance(intent, CastSpell):
            return _WEIGHTS.get(intent.KIND, 1.0)
        spell = self._book[intent.spell]
        size = len(intent.dice)
        own = all(t.is_wizard and t.index == intent.seat for t in intent.targets)
        if spell.category == "attack":
            return 0.05 if any(t.is_wizard and t.index == intent.seat for t in intent.targets) else 4.0 * size
        return 0.5 * size if own else 0.05

    def choose(self, legal: Sequence[Intent], view: Any = None) -> Intent:
        """One of ``legal`` (which must not be empty)."""
        weights = [self._weight(intent, view) for intent in legal]
        if not any(weights):
            return legal[self._random.randrange(len(legal))]
        return self._random.choices(legal, weights)[0]


def side_of(view: State, target: Target) -> int:
    """The wizard a target belongs to: the wizard, or an ally's owner (-1 if it is not on the table)."""
    if target.is_wizard:
        return target.index
    found = view.ally(target.index)
    return found[0] if found is not None else -1


def harms_own_side(view: State, intent: Intent, book: Any) -> bool:
    """Whether ``intent`` aims an attack at its caster's own side: itself, a team-mate, or their allies."""
    if not isinstance(intent, CastSpell) or book[intent.spell].category != "attack":
        return False
    return any(side >= 0 and view.friends(intent.seat, side) for side in (side_of(view, t) for t in intent.targets))


# ================================================================ dice arithmetic shared by the bots
Dice = tuple[int, ...]          # a multiset of die values, sorted


@lru_cache(maxsize=None)
def roll_outcomes(count: int) -> tuple[tuple[Dice, float], ...]:
    """Every sorted result of rolling ``count`` dice, with its probability.

    >>> [len(roll_outcomes(n)) for n in range(4)], round(sum(p for _, p in roll_outcomes(3)), 9)
    ([1, 6, 21, 56], 1.0)
    """
    total = 6 ** count
    out = []
    for faces in _sorted_faces(count, 1):
        ways = factorial(count)
        for value in set(faces):
            ways //= factorial(faces.count(value))
        out.append((faces, ways / total))
    return tuple(out)


def _sorted_faces(count: int, lowest: int) -> list[Dice]:
    if count == 0:
        return [()]
    return [(value,) + rest for value in range(lowest, 7) for rest in _sorted_faces(count - 1, value)]


@lru_cache(maxsize=None)
def sub_multisets(dice: Dice) -> tuple[Dice, ...]:
    """Every distinct sorted sub-multiset of ``dice`` (what a keep can set aside), the largest first."""
    counts = sorted(Counter(dice).items())
    out = []
    for taken in product(*(range(count + 1) for _, count in counts)):
        out.append(tuple(value for (value, _), n in zip(counts, taken) for _ in range(n)))
    return tuple(sorted(out, key=lambda sub: (-len(sub), sub)))


def _contains(dice: Dice, part: Dice) -> bool:
    have = Counter(dice)
    have.subtract(part)
    return all(count >= 0 for count in have.values())


def _minus(dice: Sequence[int], part: Sequence[int]) -> Dice:
    left = Counter(dice)
    left.subtract(part)
    return tuple(sorted(left.elements()))


@lru_cache(maxsize=None)
def allocations(dice: Dice, loose: bool = False) -> tuple[tuple[tuple[str, Dice], ...], ...]:
    """Every way to allocate some of ``dice`` to spells, each spell at most once: tuples of (spell, dice in the
    pattern's order), the empty allocation first (``loose``: the loose patterns option).  The same few dozen
    multisets come up all game long."""
    return _allocations_from(0, dice, loose)


@lru_cache(maxsize=None)
def _allocations_from(start: int, dice: Dice, loose: bool = False) -> tuple[tuple[tuple[str, Dice], ...], ...]:
    """The allocations of ``dice`` to spells of the book from position ``start`` on."""
    out: list[tuple[tuple[str, Dice], ...]] = [()]
    for index, spell_id, form in _forms_of(dice, loose):
        if index >= start:
            for rest in _allocations_from(index + 1, _minus(dice, form), loose):
                out.append(((spell_id, form),) + rest)
    return tuple(out)


@lru_cache(maxsize=None)
def _forms_of(dice: Dice, loose: bool = False) -> tuple[tuple[int, str, Dice], ...]:
    """Every (position in the book, spell, form) that ``dice`` can cast."""
    counts = Counter(dice)
    return tuple((index, spell.spell_id, form) for index, spell in enumerate(load_spells().spells)
                 for form in spell.pattern.forms(counts, loose))


@lru_cache(maxsize=None)
def full_allocations(dice: Dice, loose: bool = False) -> tuple[tuple[tuple[str, Dice], ...], ...]:
    """The allocations of ``dice`` no spell can be added to (every spell is worth something, so the best
    allocation is one of these), one of each kind: those whose casts do the same things count once."""
    seen: set = set()
    out = []
    for plan in allocations(dice, loose):
        used = {spell for spell, _ in plan}
        left = _minus(dice, [d for _, form in plan for d in form])
        if any(spell_id not in used for _, spell_id, _ in _forms_of(left, loose)):
            continue
        kind = tuple(sorted(effect_of(spell, form) for spell, form in plan))     # an Effect is a tuple
        if kind not in seen:
            seen.add(kind)
            out.append(plan)
    return tuple(out)


def _sensible_targets(state: State, seat: int, spell: Spell, allies: bool = False) -> tuple[Target, ...]:
    """Whom a spell of ``seat`` goes to by common sense: attacks at an opponent (never a team-mate; with
    ``allies`` their allies too), everything else at itself."""
    if spell.category == "attack":
        foes = state.enemies(seat)
        out = tuple(Target.wizard(s) for s in foes)
        if allies and not spell.kill:
            out += tuple(Target.ally(a.number) for s in foes for a in state.wizards[s].allies)
        return out
    return (Target.wizard(seat),)


def _aim_of(cast: Cast) -> Aim_:
    """Where a cast already allocated sends its attack, as :meth:`Planner.assess` counts aims."""
    at = [(index, t) for index, t in enumerate(cast.targets) if not t.is_wizard]
    if not at:
        return None
    if cast.split:
        return (at[0][1].index, cast.split[at[0][0]])
    if len(cast.targets) > 1:
        return (at[0][1].index, len(at))          # missiles: one damage per die
    return (at[0][1].index, effect_of(cast.spell, tuple(cast.dice)).damage)


def sample_dice(continued: Sequence[int], size: int, rolls: int, rng: random.Random) -> tuple[int, ...]:
    """Plausible final dice of a wizard who rolled ``rolls`` times: ``continued`` first, the rest rolled, and
    before each further roll the dice that repeat (and the 6s) kept, as most players keep."""
    dice = list(continued) + [rng.randint(1, 6) for _ in range(size - len(continued))]
    for _ in range(rolls - 1):
        counts = Counter(dice)
        for index in range(len(continued), size):
            if counts[dice[index]] < 2 and dice[index] != 6:
                dice[index] = rng.randint(1, 6)
    return tuple(dice)


def sample_casts(state: State, seat: int, dice: Sequence[int], rng: random.Random) -> tuple[Cast, ...]:
    """A plausible allocation of ``dice`` for ``seat``: spells in a random order, most of those the dice still
    form taken, attacks at another living wizard, the rest on itself (for a state a bot's search samples)."""
    book = load_spells()
    left = Counter(dice)
    opponents = list(state.enemies(seat))
    casts: list[Cast] = []
    for spell in rng.sample(book.spells, len(book.spells)):
        forms = spell.pattern.forms(left, state.loose_patterns)
        if not forms or rng.random() < 0.25:
            continue
        form = rng.choice(forms)
        left.subtract(form)
        targets = _sensible_targets(state, seat, spell)
        if not targets:
            continue
        if spell.per_die_targets:
            aimed = tuple(rng.choice(targets) for _ in form)
        else:
            aimed = (rng.choice(targets),)
        split = (spell.split,) if spell.split else ()
        aim = rng.choice(opponents) if spell.ally_kind and opponents else -1
        casts.append(Cast(spell.spell_id, form, aimed, split, aim))
    return tuple(casts)


# ================================================================ easy
class EasyBot(BotBase):
    """Random with light sense: keeps what repeats, casts whatever its dice form at sensible targets, and commits
    only when nothing is left to cast; its choices among those are random."""

    bot_id = "easy"

    def __init__(self, seed: int, seat: int) -> None:
        self._random = random.Random(seed)
        self.seat = seat
        self._book = load_spells()

    def choose(self, legal: Sequence[Intent], view: Any = None) -> Intent:
        """One of ``legal``: see the class docstring."""
        pick = self._random
        kinds = {intent.KIND for intent in legal}
        if "keep-allies" in kinds:
            return next(i for i in legal if isinstance(i, KeepAllies))
        if "cancel" in kinds or "cancel-nothing" in kinds:
            # A Counterspell cancels a spell of the other side when it can.
            others = [i for i in legal if isinstance(i, Cancel)
                      and not (view.friends(self.seat, i.caster) if view is not None else i.caster == self.seat)]
            return pick.choice(others or list(legal))
        if "carry" in kinds:
            return pick.choice(list(legal))
        if kinds & {"keep", "release", "stop"}:
            return self._roll_or_keep(legal, view)
        casts = [i for i in legal if isinstance(i, CastSpell) and self._sensible(i, view)]
        if casts:
            # Uniform over spells first: Magic Missiles' many target pairs must not crowd out the rest.
            spell = pick.choice(sorted({c.spell for c in casts}))
            return pick.choice([c for c in casts if c.spell == spell])
        for intent in legal:
            if isinstance(intent, (Commit, Roll)):
                return intent
        return pick.choice(list(legal))

    def _sensible(self, cast: CastSpell, view: Any) -> bool:
        """Attacks at opponent wizards (never a team-mate), everything else on itself."""
        spell = self._book[cast.spell]
        if spell.category == "attack":
            foes = view.enemies(self.seat) if view is not None else ()
            return all(t.is_wizard and t.index != self.seat and (view is None or t.index in foes)
                       for t in cast.targets)
        return all(t == Target.wizard(self.seat) for t in cast.targets)

    def _roll_or_keep(self, legal: Sequence[Intent], view: Any) -> Intent:
        dice = view.wizards[self.seat].secret.dice if view is not None else ()
        # Dice that repeat grow into patterns; a 6 is a Magic Missile.
        keeps = [i for i in legal if isinstance(i, Keep) and dice
                 and (dice.count(dice[i.die]) >= 2 or dice[i.die] == 6)]
        roll = [i for i in legal if isinstance(i, Roll)]
        stop = [i for i in legal if isinstance(i, Stop)]
        weights = [1.0] * len(keeps) + [1.5] * len(roll) + [0.2] * len(stop)
        options: list[Intent] = [*keeps, *roll, *stop]
        return self._random.choices(options, weights)[0]


# ================================================================ strong: what a round's dice are worth
class Effect(NamedTuple):
    """What one cast does, as the strong bot weighs it (attacks at its main target, the rest on itself)."""

    damage: int = 0            # attack damage at the main target, before shields
    poison: bool = False       # three 1s: one more damage next round if none is held off
    kill: bool = False
    paralyse: int = 0
    heal: int = 0
    ward_ally: int = 0         # ally damage held off (a Shield's 3rd die, a Shell's pair, a Counterspell's 4th)
    ward_spells: int = 0       # each attack spell at the caster deals this much less
    counter: bool = False
    shell: bool = False
    mirror: bool = False
    ally_hp: int = 0
    divisible: bool = False    # Magic Missiles (per die) and a Lightning Bolt (a split): part may go elsewhere


@lru_cache(maxsize=None)
def effect_of(spell_id: str, dice: Dice) -> Effect:
    """The :class:`Effect` of ``spell_id`` cast with ``dice`` (in the pattern's order)."""
    spell = load_spells()[spell_id]
    extra = spell.pattern.extra(dice)
    if spell.kill:
        return Effect(kill=True)
    if spell.paralyse:
        return Effect(paralyse=spell.paralyse)
    if spell.category == "attack":
        damage = spell.damage or spell.split or spell.damage_per_die * len(dice)
        divisible = bool(spell.split) or (spell.per_die_targets and len(dice) > 1)
        return Effect(damage=damage, poison=bool(spell.poison_dice) and len(dice) == spell.poison_dice,
                      divisible=divisible)
    if spell.heal:
        return Effect(heal=spell.heal)
    if spell.mirror:
        return Effect(mirror=True)
    if spell.counter:
        return Effect(counter=True, ward_ally=extra)
    if spell.shield:
        return Effect(ward_ally=extra, ward_spells=1, shell=spell.shell)
    return Effect(ally_hp=spell.ally_hp)


class FoeAlly(NamedTuple):
    """An opponent's ally as the strong bot weighs it: what it deals the bot each round from now on."""

    number: int
    hp: int
    wards: int                 # free Shell shields on it this round (each takes 1 off an attack spell)
    threat: float              # the damage a round it deals the bot (its HP if it attacks the bot)

    def kill_worth(self) -> float:
        """Killing it: the damage it would go on dealing, less the die its owner gets back."""
        return max(0.2, ALLY_ROUNDS * (self.threat - DIE_WORTH))

    def wound_worth(self, damage: int) -> float:
        """Wounding it: it deals its HP, so every point off it is a point less every round, unless its owner
        heals it back (a cure heals an ally up to its own HP): a wound counts four fifths."""
        return WOUND_SHARE * ALLY_ROUNDS * damage * self.threat / max(1, self.hp)


#: Where one effect's attack goes: None (the target wizard) or (an enemy ally's number, damage sent at it).
Aim_ = tuple[int, int] | None

#: Rounds an enemy ally is expected to go on striking, and what a die given back to its owner is worth a round.
ALLY_ROUNDS, DIE_WORTH = 2.5, 0.8
#: What a wound counts of the damage it stops: its owner may heal the ally back.
WOUND_SHARE = 0.8


@dataclass(frozen=True, slots=True)
class Outlook:
    """The strong bot's reading of a round from its view: whom it attacks and what it expects at itself.

    Every number is public at the start of the round, so it stays the same while the bot rolls and allocates.
    """

    hp: int
    cap: int                   # the most HP healing can reach
    target: int                # the opponent its attacks go to
    target_hp: int
    target_wards: int          # free Shell shields on the target this round
    duel: bool                 # two wizards left: a kill wins
    incoming_spells: float     # attack spells expected at the bot this round
    incoming_damage: float     # their damage
    incoming_ally: int         # the damage of the allies that attack the bot
    loose: bool = False        # the loose patterns option: more allocations count
    foe_allies: tuple[FoeAlly, ...] = ()     # the opponents' allies, each a target beside the wizard
    # Read from the opponents' likely rounds (forecast_of; unread: -1 and 0): the odds that this round's
    # attacks reach the bot's HP, and that the target raises a Mirror, a Counterspell or a Shield.
    lethal: float = -1.0
    target_mirror: float = 0.0
    target_counter: float = 0.0
    target_shield: float = -1.0
    target_backfire: float = 0.0      # the odds that the target's attacks at the bot, sent back, kill it
    lethal_more: tuple[float, float, float] = (0.0, 0.0, 0.0)   # the odds with 1, 2 and 4 HP more

    @property
    def danger(self) -> float:
        """How much defence is worth beyond its face value: more when this round may be the bot's last."""
        if self.lethal >= 0:
            return 1.0 + 3.0 * self.lethal
        expected = self.incoming_damage + self.incoming_ally + 0.5
        if self.hp <= expected:
            return 2.5
        if self.hp <= expected + 3:
            return 1.6
        return 1.0


@dataclass(frozen=True, slots=True)
class Weights:
    """The strong bot's valuation, in HP: what each kind of effect is worth.  Tuned by self-play (variants
    against the default, 100 duels each) and checked against the easy bot; defence pays against a careful
    opponent, and the bot's guess of the damage coming at it adapts to what it sees."""

    shield_guess: float = 0.8       # shields the target raises against each attack spell (Shield is common)
    kill_duel: float = 15.0         # a kill when two are left: the duel itself
    kill_melee: float = 8.0         # a kill with more left: one threat fewer
    ally_future: float = 0.0        # an ally's worth beyond its first strike, per HP (it holds a die)
    paralyse: float = 0.7           # an opponent rolls a die fewer next round
    heal: float = 0.5               # per HP healed (before the danger factor)
    mirror: float = 2.2             # per HP of attack expected at the bot
    counter: float = 1.1            # a Counterspell, per HP of attack expected at the bot
    spells_per_opponent: float = 1.1    # attack spells a foe with six dice casts at the bot
    damage_per_opponent: float = 11.0   # their damage, before the bot has seen a round (then it adapts)
    duel_guard: float = 0.0         # share of defence still counted when a kill may end the duel (a kill while
                                    # falling too is only a draw)
    read: float = 1.0               # 1: read the opponents' likely rounds from the table (forecast_of);
                                    # 0: a fixed guess of the damage coming, moved by what came
    draw: float = 0.5               # what a shared fall counts of a loss (0: halfway between a win and a loss)
    adapt: float = 0.0              # respect gained per share of its attack damage the opponents turned away
                                    # beyond BLOCKED_PIVOT (StrongBot.respect).  Off: at 4 it beats the plain
                                    # strong bot (22 of 35) but meets a bot like itself with more respect too,
                                    # and their duels grow to 16 rounds
    respect: float = 0.0            # how far the target's likely Mirror and Counterspell (read) count against
                                    # the bot's attacks


STRONG = Weights()

#: The share of its attack damage a reading bot sees turned away by a bot like itself (measured: about 0.56;
#: against the plain, more defensive strong bot about 0.74): its belief before it has seen any (worth four
#: rounds), the share beyond which it begins to respect the defence, and the most respect it comes to.
BLOCKED_PRIOR, BLOCKED_PIVOT, RESPECT_MOST = 0.56, 0.64, 0.5


#: More than any wizard's HP: what a Finger of Death counts for as damage, and what a Mirror holds off (every
#: attack spell at the bot).
DEATH = 99

#: Odds that a target that would fall does fall (no heal, Counterspell or Mirror saves it), and that it
#: raised no Shield this round.
KILL_ODDS, SHIELD_ODDS = 0.9, 0.5


def outlook_of(view: State, seat: int, weights: Weights = STRONG, threat: float | None = None,
               read: bool = False) -> Outlook:
    """The :class:`Outlook` of ``seat`` from its view (only the public parts and its own); ``threat`` is the
    attack damage expected from an opponent with six dice (the weights' guess unless the bot has seen more);
    ``read``: the opponents' likely rounds read from the table instead, and in a melee the attacks aimed at the
    bot's rival (:func:`read_foes`)."""
    me = view.wizards[seat]
    foes = list(view.enemies(seat))
    # The weakest opponent, the nearest after the bot on equal HP: the one closest to falling.
    target = min(foes, key=lambda s: (view.wizards[s].hp, (s - seat) % len(view.wizards))) if foes else seat
    exposed = exposure(view, seat)
    allies = tuple(FoeAlly(ally.number, ally.hp, len(ally.shells),
                           float(ally.hp) if _ally_aim(view, foe, ally) == seat else 0.3 * ally.hp)
                   for foe in foes for ally in view.wizards[foe].allies if ally.hp > 0)
    outlook = Outlook(hp=me.hp, cap=view.start_hp + 1, target=target, target_hp=view.wizards[target].hp,
                      target_wards=len(view.wizards[target].shells), duel=len(foes) == 1,
                      incoming_spells=round(exposed * weights.spells_per_opponent, 3),
                      incoming_damage=round(exposed * (weights.damage_per_opponent if threat is None else threat), 3),
                      incoming_ally=ally_threat(view, seat), loose=view.loose_patterns, foe_allies=allies)
    return read_foes(view, seat, outlook) if read and foes else outlook


def read_foes(view: State, seat: int, outlook: Outlook) -> Outlook:
    """``outlook`` with what the opponents are likely to cast this round read from the table: the damage
    coming at the bot and its odds of reaching its HP, and the target's odds of a Mirror, Counterspell or
    Shield (:func:`forecast_of`).  In a melee its attacks go at its rival (:func:`rival_of`), not at the
    weakest."""
    if melee(view, seat):
        rival = rival_of(view, seat)
        outlook = evolve(outlook, target=rival, target_hp=view.wizards[rival].hp,
                         target_wards=len(view.wizards[rival].shells))
    need = outlook.hp - outlook.incoming_ally
    reads = {foe: forecast_of(view, seat, foe, need) for foe in view.enemies(seat)}
    def falls(field: str) -> float:
        survive = 1.0
        for read in reads.values():
            survive *= 1.0 - getattr(read, field)
        return round(1.0 - survive, 4)

    target = reads[outlook.target]
    more = (falls("lethal_1"), falls("lethal_2"), falls("lethal_4"))
    return evolve(outlook, incoming_spells=round(sum(r.spells for r in reads.values()), 3),
                  incoming_damage=round(sum(r.damage for r in reads.values()), 3), lethal_more=more,
                  lethal=1.0 if need <= 0 else falls("lethal"), target_mirror=target.mirror,
                  target_counter=target.counter, target_shield=target.shield, target_backfire=target.backfire)


def melee(view: State, seat: int) -> bool:
    """Whether ``seat`` is in a free-for-all with two or more opponents left (not a duel, not teams)."""
    return not view.teams and len(view.enemies(seat)) >= 2


def rival_of(view: State, seat: int) -> int:
    """In a melee, the opponent ``seat`` has to outlast: the one with most HP (the nearest after it on equal HP).

    Every wizard aims at the weakest of its opponents (the bots do, and so the bot reads them): a blow at the
    weakest is shared with all of them, and it falls anyway; the bot's fate is decided by not becoming the
    weakest itself and, at the end, against the wizard still standing, who is the one with most HP now.  So
    HP taken off the strongest opponent counts fully, HP taken off one the others are felling does not."""
    count = len(view.wizards)
    return max(view.enemies(seat), key=lambda s: (view.wizards[s].hp, -((s - seat) % count)))


def exposure(view: State, seat: int) -> float:
    """How many six-dice opponents' worth of attacks may come at ``seat``: each opponent's dice, and with
    several opponents each spreads its attacks."""
    foes = view.enemies(seat)
    share = 1.0 / len(foes) ** 0.5 if foes else 0.0
    return sum(share * dice_available(len(view.wizards[foe].allies), view.wizards[foe].paralysed) / 6
               for foe in foes)


def ally_threat(view: State, seat: int) -> int:
    """The damage of the opponents' allies that attack ``seat`` this round (their aims are public)."""
    total = 0
    for foe in view.enemies(seat):
        for ally in view.wizards[foe].allies:
            if _ally_aim(view, foe, ally) == seat:
                total += ally.hp
    return total


def _ally_aim(view: State, owner: int, ally: Any) -> int:
    """The wizard an ally of ``owner`` attacks this round (its standing aim, else the next opponent)."""
    return ally.aim if ally.aim in view.enemies(owner) else _next_living(view, owner)


def _next_living(view: State, owner: int) -> int:
    """The first living opponent of ``owner`` after it in seat order (whom its allies attack by default)."""
    count = len(view.wizards)
    for step in range(1, count):
        seat = (owner + step) % count
        if view.wizards[seat].alive and not view.friends(owner, seat):
            return seat
    return owner


class Planner:
    """The best allocations and keeps for one :class:`Outlook`, worked out once and kept for the round.

    ``value_at(dice, r)`` is the expected value of the best allocation reached from ``dice`` with ``r``
    rolls still to come, keeping the best each time: exact, by the probabilities of every roll's results.
    """

    def __init__(self, outlook: Outlook, weights: Weights = STRONG) -> None:
        self.outlook = outlook
        self.weights = weights
        self._danger = outlook.danger
        self._kill_bonus = weights.kill_duel if outlook.duel else weights.kill_melee
        self._best: dict[Dice, tuple[float, tuple[tuple[str, Dice], ...]]] = {}
        self._at: dict[tuple[Dice, int, Dice], float] = {}
        self._keep: dict[tuple[Dice, int, Dice, int], float] = {}
        self._aims: dict[tuple[tuple[str, Dice], ...], tuple[Aim_, ...]] = {}

    def value(self, effects: Sequence[Effect]) -> float:
        """What casting ``effects`` together is worth this round, in HP (the bot's and its target's alike)."""
        return self.assess(effects)[0]

    def assess(self, effects: Sequence[Effect], fixed: Sequence[Aim_] = ()) -> tuple[float, tuple[Aim_, ...]]:
        """The worth of ``effects`` with their attacks aimed the best way, and those aims: per effect None (the
        target wizard, or the bot itself) or (an enemy ally's number, the damage sent at it; 0 for a
        Paralysis).  ``fixed``: the aims of the first effects, already cast."""
        allies = self.outlook.foe_allies
        plain: tuple[Aim_, ...] = (None,) * len(effects)
        if not allies or not any(e.damage or e.paralyse for e in effects):
            return self._value(effects, plain), plain
        choices: list[tuple[Aim_, ...]] = []
        for index, effect in enumerate(effects):
            if index < len(fixed):
                choices.append((fixed[index],))
            elif effect.paralyse:
                choices.append((None, *((ally.number, 0) for ally in allies)))
            elif effect.damage:
                options: list[Aim_] = [None]
                for ally in allies:
                    options.append((ally.number, effect.damage))
                    need = ally.hp + ally.wards
                    if effect.divisible and need < effect.damage:
                        options.append((ally.number, need))
                choices.append(tuple(options))
            else:
                choices.append((None,))
        return max(((self._value(effects, aims), aims) for aims in product(*choices)), key=lambda pair: pair[0])

    def _value(self, effects: Sequence[Effect], aims: Sequence[Aim_]) -> float:
        outlook = self.outlook
        weights = self.weights
        danger = self._danger
        damage = value = shielded = 0.0
        bare = held = 0         # the damage that lands on an unshielded target, and on one with a Shield more
        ward_ally = 0
        wards = 0
        at_allies: dict[int, int] = {}
        silenced = 0.0
        hold = 0                # the attack damage at the bot its defence holds off (for the bot's survival)
        shield_guess = weights.shield_guess if outlook.target_shield < 0 else outlook.target_shield
        spells: list[float] = []        # each attack spell's damage at the target wizard (a Mirror returns them)
        for effect, aim in zip(effects, aims):
            if effect.damage:
                amount = effect.damage
                if aim is not None:
                    ally = next(a for a in outlook.foe_allies if a.number == aim[0])
                    at_allies[ally.number] = at_allies.get(ally.number, 0) + max(0, aim[1] - ally.wards)
                    amount -= aim[1]
                if amount > 0:
                    landed = max(0.0, amount - shield_guess - outlook.target_wards)
                    damage += landed
                    spells.append(landed)
                    bare += max(0, amount - outlook.target_wards)
                    held += max(0, amount - outlook.target_wards - 1)
                    if effect.poison and aim is None:
                        value += 0.5
            elif effect.kill:
                # A Counterspell stops it; a Mirror turns it on the bot.
                worth = self._kill_bonus + (0 if outlook.duel else outlook.target_hp)
                if outlook.lethal < 0:
                    value += 0.85 * worth
                else:
                    value += worth * ((1 - outlook.target_mirror) * (1 - outlook.target_counter) * 0.95
                                      - outlook.target_mirror)
            elif effect.paralyse:
                if aim is None:
                    value += weights.paralyse
                else:
                    # At an ally: it deals nothing this round (a counter spell, before the allies strike).
                    ally = next(a for a in outlook.foe_allies if a.number == aim[0])
                    silenced += ally.threat
            elif effect.heal:
                value += weights.heal * danger * min(effect.heal, max(0, outlook.cap - outlook.hp))
                hold += min(effect.heal, max(0, outlook.cap - outlook.hp))
            elif effect.mirror:
                hold += DEATH
                # What comes at the bot goes back: the damage, and a kill when it is enough.
                value += weights.mirror * outlook.incoming_damage * danger
                value += self._kill_bonus * outlook.target_backfire
            elif effect.counter:
                # Cancels the worst spell at the bot (a Finger of Death too); its 4th die holds off allies.
                value += (weights.counter * outlook.incoming_damage + 0.3) * danger
                ward_ally += effect.ward_ally
                hold += 4
            elif effect.ward_spells:
                ward_ally += effect.ward_ally
                shielded += outlook.incoming_spells * 0.8 ** wards
                wards += 1
                hold += max(1, round(outlook.incoming_spells))
                if effect.shell:
                    # Next round's free Shield, from the same pair.
                    value += 0.7 * outlook.incoming_spells + 0.5 * min(effect.ward_ally, outlook.incoming_ally)
            elif effect.ally_hp:
                damage += max(0.0, effect.ally_hp - weights.shield_guess)
                bare += effect.ally_hp
                held += max(0, effect.ally_hp - 3)       # a Shield's 3rd die holds off about 3
        incoming_ally = max(0.0, outlook.incoming_ally - silenced)
        value += danger * (shielded + min(ward_ally, incoming_ally) + min(silenced, outlook.incoming_ally))
        for ally in outlook.foe_allies:
            hit = at_allies.get(ally.number, 0)
            if hit:
                value += ally.kill_worth() if hit >= ally.hp else ally.wound_worth(hit)
        if not damage:
            return value
        # The kill: sure if even a Shield would not save the target, a coin toss (did it shield?) if only
        # an unshielded target falls; a heal, a Counterspell or a Mirror may still save it.
        hp = outlook.target_hp
        if outlook.lethal < 0:
            chance = KILL_ODDS * ((held >= hp) + SHIELD_ODDS * (bare >= hp > held))
            if outlook.duel:
                # A duel won this round makes the rest moot: defence counts only if the kill fails.
                value *= 1.0 - chance * (1.0 - weights.duel_guard)
            return value + min(damage, hp + 0.5) + chance * self._kill_bonus
        worth, chance = self._read_attack(damage, spells, held, bare)
        if outlook.duel:
            # A kill ends the duel: then the defence is worth only the bot's own survival (a win, not a draw),
            # and a kill the bot may not survive is a draw, which counts as part of a loss.
            saved, draw = self._saved(hold), self.weights.draw
            value = (1.0 - chance) * value + chance * self._kill_bonus * (saved * (1.0 + draw) - draw * outlook.lethal)
        return value + worth

    def _saved(self, hold: int) -> float:
        """How much less likely the bot falls this round when its defence holds off ``hold`` damage."""
        outlook = self.outlook
        more = outlook.lethal_more
        after = (outlook.lethal if hold <= 0 else more[0] if hold == 1 else more[1] if hold < 4
                 else more[2] if hold < DEATH else 0.0)
        return max(0.0, outlook.lethal - after)

    def _read_attack(self, damage: float, spells: Sequence[float], held: int, bare: int) -> tuple[float, float]:
        """The worth of attack ``damage`` at the target wizard (``spells`` its attack spells' share, ``held``
        and ``bare`` what lands through a Shield more, and unshielded), by the odds read from the table: a
        Mirror sends the spells back at the bot, a Counterspell cancels the largest, a Shield takes 1 off each.
        Also the kill's odds: in a duel a kill ends it, so the bot's defence counts then only as far as the
        bot could fall this round too (falling together is a draw, not a win)."""
        outlook = self.outlook
        hp = outlook.target_hp
        mirror, counter = self.weights.respect * outlook.target_mirror, self.weights.respect * outlook.target_counter
        through = (1.0 - mirror) * (1.0 - counter)
        chance = KILL_ODDS * through * ((held >= hp) + (1.0 - outlook.target_shield) * (bare >= hp > held))
        back = sum(spells)
        landed = min(damage, hp + 0.5) * (1.0 - mirror) - counter * (max(spells) if spells else 0.0)
        worth = landed - mirror * back * self._danger + chance * self._kill_bonus
        return worth, chance

    def best(self, dice: Dice, cast: Sequence[tuple[str, Dice]] = (), cast_aims: Sequence[Aim_] = ()
             ) -> tuple[float, tuple[tuple[str, Dice], ...]]:
        """The most valuable allocation of ``dice`` (beside the spells ``cast`` already, aimed ``cast_aims``)
        and its value; :meth:`aims_of` gives where its attacks go."""
        if not cast:
            if dice not in self._best:
                best = None
                for plan in full_allocations(dice, self.outlook.loose):
                    value, aims = self.assess([effect_of(*c) for c in plan])
                    if best is None or value > best[0]:
                        best = (value, plan, aims)
                assert best is not None
                self._best[dice] = best[:2]
                self._aims[best[1]] = best[2]
            return self._best[dice]
        taken = {spell for spell, _ in cast}
        base = [effect_of(*c) for c in cast]
        found = None
        for plan in allocations(dice, self.outlook.loose):
            if any(spell in taken for spell, _ in plan):
                continue
            value, aims = self.assess(base + [effect_of(*c) for c in plan], cast_aims)
            if found is None or value > found[0]:
                found = (value, plan, aims[len(base):])
        assert found is not None
        self._aims[found[1]] = found[2]
        return found[0], found[1]

    def aims_of(self, plan: tuple[tuple[str, Dice], ...]) -> tuple[Aim_, ...]:
        """Where the attacks of a plan :meth:`best` gave go (None: the target wizard)."""
        return self._aims.get(plan, (None,) * len(plan))

    def value_at(self, dice: Dice, rolls_left: int, fixed: Dice = ()) -> float:
        """The expected value of the best allocation from ``dice`` with ``rolls_left`` rolls to come
        (``fixed``: continued dice, never rolled)."""
        if rolls_left == 0:
            return self.best(dice)[0]
        key = (dice, rolls_left, fixed)
        found = self._at.get(key)
        if found is None:
            found = self._at[key] = max(self.keep_value(kept, rolls_left, fixed, len(dice))
                                        for kept in self._keeps(dice, fixed))
        return found

    def keep_value(self, kept: Dice, rolls_left: int, fixed: Dice, size: int) -> float:
        """The expected value of keeping ``kept`` of ``size`` dice and rolling the rest now."""
        key = (kept, rolls_left, fixed, size)
        found = self._keep.get(key)
        if found is None:
            rest = size - len(kept)
            if rest == 0:
                found = self.value_at(kept, rolls_left - 1, fixed)
            else:
                at = self.value_at
                found = sum(chance * at(_merge(kept, rolled), rolls_left - 1, fixed)
                            for rolled, chance in roll_outcomes(rest))
            self._keep[key] = found
        return found

    def best_keep(self, dice: Dice, rolls_left: int, fixed: Dice) -> Dice:
        """What to keep of ``dice`` before the next roll (all of them: stop rolling); the most on equal value."""
        return max(self._keeps(dice, fixed), key=lambda kept: self.keep_value(kept, rolls_left, fixed, len(dice)))

    @staticmethod
    def _keeps(dice: Dice, fixed: Dice) -> tuple[Dice, ...]:
        subs = sub_multisets(dice)
        return subs if not fixed else tuple(kept for kept in subs if _contains(kept, fixed))


def _merge(kept: Dice, rolled: Dice) -> Dice:
    # Not memoised: most pairs are fresh rolls (a table of 8,192 answered 21 % and was slower than sorting).
    return tuple(sorted(kept + rolled))


# ================================================================ strong: reading the opponent's round
# What an opponent is likely to cast this round, read from the public table.
#
# The strong bot does not guess a fixed amount of damage coming its way: it plays the opponent's round in its
# head as a careful player of the plain kind would play it (keeping towards the allocation worth most to it,
# by :class:`~tabletop.games.wizard_dice.bots.Planner`, see :data:`FOE`; its keeps simpler) and takes, over a
# few dozen rolls drawn the same way for the same table, the odds of what comes out of it: the attack damage at
# the bot (and whether it reaches the bot's HP), and whether the opponent raises a Mirror, a Counterspell or a
# Shield that the bot's own attacks would meet.  Everything it reads is public: the opponent's HP, allies, dice
# to roll and continued dice.

#: How the opponent is taken to weigh its round: the plain strong valuation (no reading of its own, which would
#: read the bot in turn), but expecting about as much damage as a reading bot casts (6 from six dice, not the
#: plain guess of 11, which makes it cower behind its defence once it is low: then the bot would not see the
#: blow that may fell it as it strikes).
FOE = Weights(damage_per_opponent=6.0)


class Forecast(NamedTuple):
    """One opponent's round, as odds: its attack damage at the bot (in phases 4 and 5), and its defence."""

    damage: float = 0.0        # expected attack damage at the bot (spells and a new ally's first strike)
    lethal: float = 0.0        # the odds that this damage reaches the bot's HP (beside the standing allies)
    spells: float = 0.0        # expected attack spells at the bot
    mirror: float = 0.0        # the odds of a Magic Mirror on itself (the bot's attacks come back)
    counter: float = 0.0       # of a Counterspell on itself (the worst of the bot's spells cancelled)
    shield: float = 0.0        # of a Shield or a Magic Shell (each of the bot's attack spells 1 less)
    backfire: float = 0.0      # that its attack spells at the bot would kill it if a Mirror sent them back
    lethal_1: float = 0.0      # that the damage reaches the bot's HP with 1 more, 2 more, 4 more (what a Shield,
    lethal_2: float = 0.0      # a heal or a Counterspell of the bot's would have to hold off)
    lethal_4: float = 0.0


NO_FORECAST = Forecast()


def forecast_of(view: State, seat: int, foe: int, need: int) -> Forecast:
    """What ``foe`` is likely to cast this round as ``seat`` reads it: ``need`` is the damage that would
    take ``seat`` to 0 HP (its HP less the allies' strike that is sure to come)."""
    wizard = view.wizards[foe]
    size = dice_available(len(wizard.allies), wizard.paralysed)
    return _forecast(outlook_of(view, foe, FOE), size, tuple(sorted(wizard.continued))[:size], seat, need)


#: The opponent's rounds a forecast plays out (the same ones for the same table: the draws are seeded by it).
SAMPLES = 48


@lru_cache(maxsize=512)
def _forecast(outlook: Outlook, size: int, fixed: Dice, at: int, need: int) -> Forecast:
    """The odds over ``SAMPLES`` rounds of a wizard of ``outlook`` who rolls ``size`` dice (``fixed``
    continued): after each roll it keeps the dice of the allocation worth most to it and rolls the rest (a
    cheaper keep than the strong bot's own, but of the same mind)."""
    if size == 0:
        return NO_FORECAST
    planner = _planner(outlook)
    aims_at_bot = outlook.target == at
    rng = random.Random(f"{outlook!r}/{size}/{fixed}")
    rounds = []
    for _ in range(SAMPLES):
        dice = _merge(fixed, tuple(rng.randint(1, 6) for _ in range(size - len(fixed))))
        for _ in range(ROLLS - 1):
            _, plan = planner.best(dice)
            kept = _merge(fixed, _minus([d for _, form in plan for d in form], fixed))
            if len(kept) == len(dice):
                break
            dice = _merge(kept, tuple(rng.randint(1, 6) for _ in range(size - len(kept))))
        rounds.append((1.0 / SAMPLES, _cast(planner, dice, aims_at_bot, need)))
    return Forecast(*(round(x, 4) for x in _mix(rounds)))


@lru_cache(maxsize=64)
def _planner(outlook: Outlook) -> Planner:
    return Planner(outlook, FOE)


def _cast(planner: Planner, dice: Dice, aims_at_bot: bool, need: int) -> tuple[float, ...]:
    """What the best allocation of ``dice`` does: damage at the bot, whether it reaches ``need``, attack
    spells at the bot, a Mirror, a Counterspell, a Shield, and whether its spells at the bot would kill it
    sent back."""
    _, plan = planner.best(dice)
    damage = spells = mirror = counter = shield = back = 0.0
    for (spell_id, form), aim in zip(plan, planner.aims_of(plan)):
        effect = effect_of(spell_id, form)
        mirror += effect.mirror
        counter += effect.counter
        shield += bool(effect.ward_spells)
        if not aims_at_bot or aim is not None:
            continue
        if effect.kill:
            damage, spells = damage + DEATH, spells + 1
        elif effect.damage:
            damage, spells, back = damage + effect.damage, spells + 1, back + effect.damage
        elif effect.ally_hp:
            damage += effect.ally_hp
    return (min(damage, 12.0), float(damage >= need), spells, mirror, counter, min(1.0, shield),
            float(back >= planner.outlook.hp or damage >= DEATH), float(damage >= need + 1),
            float(damage >= need + 2), float(damage >= need + 4))


def _mix(weighted: Iterable[tuple[float, tuple[float, ...]]]) -> tuple[float, ...]:
    total = [0.0] * len(Forecast._fields)
    for chance, values in weighted:
        for index, value in enumerate(values):
            total[index] += chance * value
    return tuple(total)


# ================================================================ strong: the bot
class StrongBot(BotBase):
    """Plays by :class:`Planner`: keeps towards the most valuable allocation in expectation, casts it, commits."""

    bot_id = "strong"

    def __init__(self, seed: int, seat: int, weights: Weights = STRONG) -> None:
        self.rules: Any = None          # the rules that made it (rules.make_bot): what a search plays with
        self._random = random.Random(seed)
        self.seat = seat
        self.weights = weights
        self._book = load_spells()
        self._planner: Planner | None = None
        # What the bot remembers of the rounds it saw: the start of the last one (round, HP, exposure, ally
        # damage expected, its own healing) and, per round since, the attack damage that reached it per
        # six-dice opponent.
        self._last: tuple[int, int, float, int] | None = None
        self._healed: dict[int, int] = {}
        self._seen: list[float] = []
        # What became of its attacks: at its commit (round, target, the target's HP, attack damage sent at the
        # target), and per round since, the share of that damage the target did not lose.
        self._struck: tuple[int, int, int, int] | None = None
        self._blocked: list[float] = []

    def planner(self, view: State) -> Planner:
        """The planner of this round's outlook (made anew when the outlook changes)."""
        outlook = outlook_of(view, self.seat, self.weights, self.threat(), self.weights.read > 0)
        weights = self.weights
        if weights.adapt:
            weights = replace(weights, respect=self.respect())
        if self._planner is None or self._planner.outlook != outlook or self._planner.weights != weights:
            self._planner = Planner(outlook, weights)
        return self._planner

    def respect(self) -> float:
        """How far the target's likely Mirror and Counterspell count against the bot's attacks: the weights'
        own share, and more the more of its attacks the opponents have turned away (a careful opponent
        makes attacks worth less; against one who rarely defends, every blow counts)."""
        weights = self.weights
        blocked = (BLOCKED_PRIOR * 4 + sum(self._blocked)) / (4 + len(self._blocked))
        return min(RESPECT_MOST, weights.respect + weights.adapt * max(0.0, blocked - BLOCKED_PIVOT))

    def threat(self) -> float:
        """The attack damage expected from a six-dice opponent: the weights' guess, moved towards what the
        opponents really dealt in the rounds seen (a careful opponent hits harder than a random one)."""
        prior, weight = self.weights.damage_per_opponent, 3.0
        return round((prior * weight + sum(self._seen)) / (weight + len(self._seen)), 2)

    def _observe(self, view: State) -> None:
        """At a round's first decision: how much got through last round, beyond what allies were to deal."""
        number = view.flow.round
        if self._last is not None and self._last[0] == number:
            return
        me = view.wizards[self.seat]
        if self._last is not None and self._last[0] == number - 1 and me.alive:
            _, hp, exposed, allies = self._last
            taken = hp + self._healed.get(number - 1, 0) - me.hp - allies
            if exposed > 0:
                self._seen.append(max(0, taken) / exposed)
        self._last = (number, me.hp, exposure(view, self.seat), ally_threat(view, self.seat))
        struck = self._struck
        if struck is not None and struck[0] == number - 1 and struck[3] >= 2 and view.wizards[struck[1]].alive:
            lost = struck[2] - view.wizards[struck[1]].hp
            self._blocked.append(min(1.0, max(0.0, 1.0 - lost / struck[3])))

    def _note_strike(self, view: State) -> None:
        """At its commit: the attack damage its casts send at its target wizard, and the target's HP now."""
        secret = view.wizards[self.seat].secret
        target = self.planner(view).outlook.target
        at = Target.wizard(target)
        sent = 0
        for cast in secret.casts if secret is not None else ():
            spell = self._book[cast.spell]
            if spell.category != "attack" or spell.kill or spell.paralyse:
                continue
            if spell.per_die_targets or spell.damage_per_die:
                sent += spell.damage_per_die * sum(1 for t in cast.targets if t == at) if spell.per_die_targets \
                    else (spell.damage_per_die * len(cast.dice) if cast.targets[0] == at else 0)
            elif cast.split:
                sent += sum(part for t, part in zip(cast.targets, cast.split) if t == at)
            elif cast.targets[0] == at:
                sent += spell.damage
        self._struck = (view.flow.round, target, view.wizards[target].hp, sent)

    def search_rules(self) -> Any:
        """The rules a look ahead plays with: those that made the bot (a bot made by hand has none)."""
        if self.rules is None:
            raise ValueError("this bot looks ahead with the rules that made it: make it with rules.make_bot")
        return self.rules

    def choose(self, legal: Sequence[Intent], view: Any = None) -> Intent:
        """The intent the plan calls for; see the class docstring."""
        return self._choose(legal, view, self._random)

    def decide(self, view: State, rng: random.Random) -> tuple[Intent, str]:
        """The intent :meth:`choose` would send from ``view`` (``rng`` the generator a search draws from), and
        one sentence in the game's words on why (for the hint button)."""
        legal = self.search_rules().legal_intents(view)
        intent = self._choose(legal, view, rng)
        return intent, self.explain(view, intent)

    def _choose(self, legal: Sequence[Intent], view: Any, rng: random.Random) -> Intent:
        first = legal[0]
        if view is not None and view.flow.stage != Stage.OVER:
            self._observe(view)
        if len(legal) == 1:
            return first
        if isinstance(first, (Banish, KeepAllies)):
            return self._upkeep(legal, view)
        if isinstance(first, (Cancel, CancelNothing)):
            return self._cancel(legal, view)
        if isinstance(first, Carry):
            return self._carry(legal, view)
        secret = view.wizards[self.seat].secret
        if not secret.rolled_out:
            return self._keep(legal, view)
        intent = self._allocate(legal, view, rng)
        if isinstance(intent, Commit):
            self._note_strike(view)
        return intent

    # ---------------------------------------------------------------- the reasons
    def explain(self, view: State, intent: Intent) -> str:
        """Why ``intent`` is the bot's choice in ``view``, from what it weighs: one plain sentence."""
        book = self._book
        planner = self.planner(view)
        outlook = planner.outlook
        foe = view.wizards[outlook.target].name
        if isinstance(intent, (Roll, Keep, Release)):
            secret = view.wizards[self.seat].secret
            assert secret is not None
            if not secret.rolls:
                return "Roll: the dice decide what can be cast."
            dice = tuple(sorted(secret.dice))
            fixed = tuple(sorted(secret.dice[:secret.fixed]))
            kept = planner.best_keep(dice, ROLLS - secret.rolls, fixed)
            now, _ = planner.best(dice)
            later = planner.keep_value(kept, ROLLS - secret.rolls, fixed, len(dice))
            gain = f"another roll is worth about {later - now:.1f} more in expectation"
            if not kept:
                return f"Roll every die again: {gain}."
            # Only what the kept dice make by themselves (not the dice rolled again): true before the roll.
            _, plan = planner.best(tuple(sorted(kept)))
            spells = _plan_words(book, plan)
            made = f"{'this die makes' if len(kept) == 1 else 'these dice make'} {spells} now" if spells else \
                f"{'this die makes' if len(kept) == 1 else 'these dice make'} no spell yet"
            return f"Keep {dice_words(kept)} (glowing) and roll the rest: {made}, and {gain}."
        if isinstance(intent, Stop):
            secret = view.wizards[self.seat].secret
            assert secret is not None
            _, plan = planner.best(tuple(sorted(secret.dice)))
            spells = _plan_words(book, plan) or "these dice"
            return f"Stop rolling: {spells} is worth more than the risk of another roll."
        if isinstance(intent, CastSpell):
            return self._explain_cast(view, intent, outlook, foe)
        if isinstance(intent, Commit):
            return "Lock in: nothing more with the dice left is worth casting."
        if isinstance(intent, Aim):
            if melee(view, self.seat):
                return (f"Send your allies at {view.wizards[intent.at].name}, the opponent you must outlast: the "
                        f"others strike the weakest.")
            return f"Send your allies at {view.wizards[intent.at].name}, the opponent closest to falling."
        if isinstance(intent, Cancel):
            caster = view.wizards[intent.caster].name
            spell = book[intent.spell].name
            if view.friends(self.seat, intent.caster):
                return f"Cancel your own {spell}: every other choice lets something worse through."
            return f"Cancel {caster}'s {spell}: of the spells you may cancel, it would do you the most harm."
        if isinstance(intent, CancelNothing):
            return "Cancel nothing: every spell you could cancel is a friend's."
        if isinstance(intent, Carry):
            if not intent.dice:
                return "Carry nothing: every die rolls fresh next round, which promises most."
            return f"Carry {dice_words(intent.dice)}: next round starts from them, which promises most."
        if isinstance(intent, Banish):
            return "Banish the weakest ally: its die is worth more to your spells this round than its strike."
        if isinstance(intent, KeepAllies):
            mine = view.wizards[self.seat].allies
            strike = sum(ally.hp for ally in mine)
            return f"Keep your allies: they strike for {strike} a round, more than their dice would add."
        return "The only sensible move now."

    def _explain_cast(self, view: State, intent: CastSpell, outlook: Outlook, foe: str) -> str:
        spell = self._book[intent.spell]
        effect = effect_of(intent.spell, tuple(intent.dice))
        name = spell.name
        allies = {ally.number: ally for ally in outlook.foe_allies}
        at_ally = [t for t in intent.targets if not t.is_wizard and t.index in allies]
        if at_ally:
            ally = allies[at_ally[0].index]
            who = _ally_words(view, ally.number)
            amount = (intent.split[intent.targets.index(at_ally[0])] if intent.split
                      else sum(1 for t in intent.targets if t == at_ally[0]) if spell.per_die_targets
                      else effect.damage)
            if effect.paralyse:
                return f"{name} at {who}: it deals you nothing this round ({ally.threat:g} held off)."
            rest = f", and {effect.damage - amount} at {foe}" if effect.damage > amount else ""
            helpers, total = self._also_at(view, intent, ally.number)
            total += max(0, amount - ally.wards)
            if total >= ally.hp:
                stops = f"stops {ally.threat:g} damage a round" if ally.threat >= 1 else "takes it off the table"
                falls = f"with your {helpers} it falls" if helpers else "it falls"
                return f"{name} at {who}: {falls}, and {stops}{rest}."
            return f"{name} at {who}: it strikes for its HP, so every point off it is a point less each round{rest}."
        if spell.category == "attack":
            if effect.kill:
                return f"{name} at {foe}: six of a kind ends the duel unless a Counterspell or a Mirror stops it."
            if effect.paralyse:
                return f"{name} at {foe}: a die fewer for {foe} next round."
            dealt = effect.damage
            if dealt >= outlook.target_hp:
                return f"{name} at {foe}: {dealt} damage, enough to finish {foe} at {outlook.target_hp} HP."
            return f"{name} at {foe}: {dealt} damage, the most these dice deal at once."
        expected = outlook.incoming_damage
        if effect.mirror:
            return (f"{name} on yourself: about {expected:.0f} damage may come at you, and it goes back at its "
                    f"caster.")
        if effect.counter:
            return f"{name} on yourself: it cancels the worst spell cast at you this round."
        if effect.ward_spells:
            shell = " this round and next" if effect.shell else ""
            allies_note = f", and {effect.ward_ally} less from allies" if outlook.incoming_ally else ""
            return f"{name} on yourself: each attack at you deals 1 less{shell}{allies_note}."
        if effect.heal:
            return f"{name}: {effect.heal} HP back, you are at {outlook.hp}."
        if effect.ally_hp:
            return (f"{name}: it strikes {foe} for {effect.ally_hp} this round and every round it stands, for one "
                    f"die.")
        return f"{name}: the best use of these dice."

    def _also_at(self, view: State, intent: CastSpell, number: int) -> tuple[str, int]:
        """The other spells of this round's plan that hit ally ``number`` (cast already, or still to cast after
        ``intent``), and the damage they deal it."""
        secret = view.wizards[self.seat].secret
        assert secret is not None
        names: list[str] = []
        total = 0
        wards = next((a.wards for a in self.planner(view).outlook.foe_allies if a.number == number), 0)
        for cast in secret.casts:
            aim = _aim_of(cast)
            if aim is not None and aim[0] == number:
                names.append(self._book[cast.spell].name)
                total += max(0, aim[1] - wards)
        done = [*secret.casts, intent.as_cast()]
        free = _minus(secret.dice, [d for c in done for d in c.dice])
        planner = self.planner(view)
        _, plan = planner.best(free, [(c.spell, tuple(c.dice)) for c in done], [_aim_of(c) for c in done])
        for (spell_id, _), aim in zip(plan, planner.aims_of(plan)):
            if aim is not None and aim[0] == number:
                names.append(self._book[spell_id].name)
                total += max(0, aim[1] - wards)
        return " and ".join(names), total

    # ---------------------------------------------------------------- rolling
    def hinted_keep(self, view: State) -> list[bool]:
        """Which dice of the tray a fresh bot (a hint's) keeps before the next roll: the dice the hint names."""
        self._observe(view)
        return self.keep_marks(view)

    def keep_marks(self, view: State) -> list[bool]:
        """Which dice of the tray the bot keeps before the next roll."""
        secret = view.wizards[self.seat].secret
        assert secret is not None
        dice = tuple(secret.dice)
        fixed = tuple(sorted(dice[:secret.fixed]))
        wanted = Counter(self.planner(view).best_keep(tuple(sorted(dice)), ROLLS - secret.rolls, fixed))
        # Mark the dice to keep: the continued ones, then those kept already, then the rest, by value.
        keep = [False] * len(dice)
        order = sorted(range(len(dice)), key=lambda i: (i >= secret.fixed, not secret.kept[i], i))
        for index in order:
            if wanted[dice[index]] > 0:
                wanted[dice[index]] -= 1
                keep[index] = True
        return keep

    def _keep(self, legal: Sequence[Intent], view: State) -> Intent:
        secret = view.wizards[self.seat].secret
        assert secret is not None
        dice = tuple(secret.dice)
        keep = self.keep_marks(view)
        for index in range(secret.fixed, len(dice)):
            if keep[index] != secret.kept[index]:
                intent = Keep(self.seat, index) if keep[index] else Release(self.seat, index)
                if intent in legal:
                    return intent
        if all(keep):
            return Stop(self.seat)
        return Roll(self.seat)

    # ---------------------------------------------------------------- allocating
    def _allocate(self, legal: Sequence[Intent], view: State, rng: random.Random | None = None) -> Intent:
        planner = self.planner(view)
        secret = view.wizards[self.seat].secret
        assert secret is not None
        cast = [(c.spell, tuple(c.dice)) for c in secret.casts]
        free = _minus(secret.dice, [d for c in secret.casts for d in c.dice])
        _, plan = planner.best(free, cast, [_aim_of(c) for c in secret.casts])
        for (spell_id, form), aim in zip(plan, planner.aims_of(plan)):
            intent = self._cast_intent(view, planner.outlook, spell_id, form, aim)
            if intent in legal:
                heal = self._book[spell_id].heal
                if heal:
                    self._healed[view.flow.round] = self._healed.get(view.flow.round, 0) + heal
                return intent
            # Not in the fixed target shape: any legal cast of this spell with these dice at a sensible target.
            spell = self._book[spell_id]
            for other in legal:
                if (isinstance(other, CastSpell) and other.spell == spell_id and other.dice == form
                        and set(other.targets) <= set(_sensible_targets(view, self.seat, spell, True))):
                    return other
        aim_intent = self._aim(legal, view, planner.outlook)
        if aim_intent is not None:
            return aim_intent
        return next(i for i in legal if isinstance(i, Commit))

    def _cast_intent(self, view: State, outlook: Outlook, spell_id: str, form: Dice,
                     aim: Aim_ = None) -> CastSpell:
        spell = self._book[spell_id]
        me = Target.wizard(self.seat)
        if spell.category != "attack":
            ally_aim = outlook.target if spell.ally_kind else None
            return CastSpell(self.seat, spell_id, form, (me,), (), ally_aim)
        at = Target.wizard(outlook.target)
        if aim is not None:
            ally, amount = Target.ally(aim[0]), aim[1]
            if spell.per_die_targets:
                return CastSpell(self.seat, spell_id, form, (at,) * (len(form) - amount) + (ally,) * amount)
            if spell.split and 0 < amount < spell.split:
                rest = spell.split - amount
                if amount > rest:
                    return CastSpell(self.seat, spell_id, form, (ally, at), (amount, rest))
                return CastSpell(self.seat, spell_id, form, (at, ally), (rest, amount))
            return CastSpell(self.seat, spell_id, form, (ally,), (spell.split,) if spell.split else ())
        if spell.per_die_targets:
            return CastSpell(self.seat, spell_id, form, (at,) * len(form))
        return CastSpell(self.seat, spell_id, form, (at,), (spell.split,) if spell.split else ())

    def _aim(self, legal: Sequence[Intent], view: State, outlook: Outlook) -> Intent | None:
        """With three or more wizards: every ally at the bot's target."""
        for intent in legal:
            if isinstance(intent, Aim) and intent.at == outlook.target:
                return intent
        return None

    # ---------------------------------------------------------------- the open table
    def _upkeep(self, legal: Sequence[Intent], view: State) -> Intent:
        """Banish the weakest ally when the die it holds is worth more this round than its strike: an ally
        deals its HP every round, a die adds what one more die adds to the expected allocation."""
        me = view.wizards[self.seat]
        weakest = min(me.allies, key=lambda ally: (ally.hp, ally.number))
        planner = self.planner(view)
        dice = dice_available(len(me.allies), me.paralysed)
        gain = planner.keep_value((), ROLLS, (), dice + 1) - planner.keep_value((), ROLLS, (), dice)
        banish = Banish(self.seat, weakest.number)
        if dice < 6 and weakest.hp - self.weights.shield_guess < gain and banish in legal:
            return banish
        return next(i for i in legal if isinstance(i, KeepAllies))

    def _cancel(self, legal: Sequence[Intent], view: State) -> Intent:
        """Cancel the spell that would do the bot most harm (or its opponent most good)."""
        revealed = view.flow.revealed

        def harm(intent: Intent) -> float:
            if not isinstance(intent, Cancel):
                return 0.0          # letting everything through
            cast = next((c for s, c in revealed if s == intent.caster and c.spell == intent.spell), None)
            spell = self._book[intent.spell]
            amount = 0.0
            if cast is not None:
                if spell.per_die_targets:
                    amount = float(spell.damage_per_die * sum(1 for t in cast.targets if t == intent.target))
                elif spell.split and intent.target in cast.targets:
                    amount = cast.split[cast.targets.index(intent.target)]
                else:
                    amount = spell.damage or spell.heal or spell.damage_per_die * len(cast.dice)
            if spell.kill:
                amount = 50.0
            elif spell.paralyse:
                amount = 1.3
            elif spell.ally_kind:
                amount = spell.ally_hp * 2
            elif spell.shield:
                amount = 1.0
            # Protecting its own side (itself, a team-mate, their allies): what lands there hurts, unless a
            # friend cast it; protecting an opponent: what helps them hurts.
            protected = self._protected(view)
            side = side_of(view, protected) if protected is not None else self.seat
            mine = side >= 0 and view.friends(self.seat, side)
            helpful = spell.category in ("healing", "summon", "counter")
            if view.friends(self.seat, intent.caster) and not (mine and spell.category == "attack"):
                return -amount - 0.5          # a friend's spell: let it through
            return amount if mine != helpful else -amount

        return max(legal, key=harm)

    def _protected(self, view: State) -> Target | None:
        for caster, cast in view.flow.revealed:
            if caster == self.seat and cast.spell == "counterspell":
                return cast.targets[0]
        return None

    def _carry(self, legal: Sequence[Intent], view: State) -> Intent:
        """The dice that promise most for next round: the expected value of a round that starts from them
        (the carried dice standing, the rest rolled, two more rolls to come)."""
        me = view.wizards[self.seat]
        size = dice_available(len(me.allies), me.paralysis_next)
        planner = self.planner(view)

        def promise(intent: Intent) -> float:
            assert isinstance(intent, Carry)
            kept = tuple(sorted(intent.dice))[:size]     # too many: the higher ones are dropped
            return planner.keep_value(kept, ROLLS, (), size)

        return max(legal, key=promise)


# ================================================================ greedy: one move ahead
def greedy_worth(effects: Sequence[Effect], hp: int, cap: int, target_hp: int) -> float:
    """The HP difference a round's casts make at once, as they would land unopposed: damage at the target
    wizard (a kill counts its HP and a bonus), HP healed up to the cap, a summoned ally's first strike."""
    damage = heal = extra = 0.0
    for effect in effects:
        if effect.kill:
            damage += target_hp
        damage += effect.damage + effect.ally_hp
        heal += effect.heal
        extra += 0.5 * bool(effect.paralyse)
    return min(damage, target_hp) + 10.0 * (damage >= target_hp) + min(heal, max(0, cap - hp)) + extra


class GreedyBot(BotBase):
    """One move ahead on the HP difference: it keeps the dice of the allocation that does most at once,
    rolls the rest, casts that allocation at the weakest opponent and commits; it cancels the spell that
    would take most HP off it, and keeps its allies.  No defence, no outlook on what others may cast."""

    bot_id = "greedy"

    def __init__(self, seed: int, seat: int) -> None:
        self._random = random.Random(seed)
        self.seat = seat
        self._book = load_spells()
        self._strong = StrongBot(seed, seat)

    def _best(self, view: State, dice: Dice) -> tuple[float, tuple[tuple[str, Dice], ...]]:
        me = view.wizards[self.seat]
        outlook = outlook_of(view, self.seat)
        return max(((greedy_worth([effect_of(*c) for c in plan], me.hp, outlook.cap, outlook.target_hp), plan)
                    for plan in full_allocations(dice, view.loose_patterns)), key=lambda pair: pair[0])

    def choose(self, legal: Sequence[Intent], view: Any = None) -> Intent:
        """See the class docstring."""
        first = legal[0]
        if len(legal) == 1:
            return first
        if isinstance(first, (Banish, KeepAllies)):
            return next(i for i in legal if isinstance(i, KeepAllies))
        if isinstance(first, (Cancel, CancelNothing)):
            return self._strong._cancel(legal, view)
        if isinstance(first, Carry):
            carries = [i for i in legal if isinstance(i, Carry)]
            return max(carries, key=lambda i: (sum(1 for d in i.dice if d in (1, 6)), -len(i.dice)))
        secret = view.wizards[self.seat].secret
        if not secret.rolled_out:
            dice = tuple(sorted(secret.dice))
            _, plan = self._best(view, dice)
            wanted = Counter(d for _, form in plan for d in form)
            for index in range(secret.fixed, len(secret.dice)):
                keep = wanted[secret.dice[index]] > 0
                if keep:
                    wanted[secret.dice[index]] -= 1
                if keep != secret.kept[index]:
                    intent = Keep(self.seat, index) if keep else Release(self.seat, index)
                    if intent in legal:
                        return intent
            if sum(len(form) for _, form in plan) == len(dice) or Roll(self.seat) not in legal:
                return Stop(self.seat) if Stop(self.seat) in legal else first     # nothing left to roll
            return Roll(self.seat)
        free = tuple(sorted(_minus(secret.dice, [d for c in secret.casts for d in c.dice])))
        taken = {c.spell for c in secret.casts}
        outlook = outlook_of(view, self.seat)
        _, plan = self._best(view, free)
        for spell_id, form in plan:
            if spell_id in taken:
                continue
            cast = self._strong._cast_intent(view, outlook, spell_id, form)
            if cast in legal:
                return cast
        aim = self._strong._aim(legal, view, outlook)
        return aim if aim is not None else next(i for i in legal if isinstance(i, Commit))


# ================================================================ expert: the strong plan, tried on sampled rounds
#: The strong bot's best allocations the expert tries, and the rounds it samples for each (the same rounds
#: for every allocation, so two differ by what they do, not by the luck of their samples).
EXPERT_CANDIDATES, EXPERT_SAMPLES = 6, 40
#: How much better on average (in HP) an allocation must do on the sampled rounds than the strong bot's own
#: choice before the expert prefers it: the samples are few, and the strong valuation sees past the round.
EXPERT_MARGIN = 1.0
#: What the end of the duel is worth against one HP of difference.
EXPERT_WIN = 40.0


class ExpertBot(StrongBot):
    """The strong bot, but its allocation is chosen by trying: the strong bot's few best allocations of its
    dice are each played against the same sampled rounds (states :meth:`determinize` could give: what the
    others rolled, kept as players keep, and cast as the strong bot would cast it, or at random now and
    then), resolved by the rules, and the one with the best mean outcome (HP difference, allies, poison,
    and the duel's end) is cast.  Rolling, Counterspell choices and carrying are the strong bot's."""

    bot_id = "expert"

    def __init__(self, seed: int, seat: int, weights: Weights = STRONG) -> None:
        super().__init__(seed, seat, weights)
        self._chosen: tuple[int, tuple[tuple[str, Dice], ...], tuple[Aim_, ...]] | None = None
        self._others: dict[int, StrongBot] = {}

    def _allocate(self, legal: Sequence[Intent], view: State, rng: random.Random | None = None) -> Intent:
        secret = view.wizards[self.seat].secret
        assert secret is not None
        if not secret.casts:
            self._chosen = None
            if view.enemies(self.seat):
                self._chosen = self._search(view, rng or self._random)
        chosen = self._chosen
        if chosen is not None and chosen[0] == view.flow.round:
            planner = self.planner(view)
            done = Counter((c.spell, tuple(c.dice)) for c in secret.casts)
            for (spell_id, form), aim in zip(chosen[1], chosen[2]):
                if done[(spell_id, form)] > 0:
                    done[(spell_id, form)] -= 1
                    continue
                intent = self._cast_intent(view, planner.outlook, spell_id, form, aim)
                if intent in legal:
                    return intent
            aim_intent = self._aim(legal, view, planner.outlook)
            return aim_intent if aim_intent is not None else next(i for i in legal if isinstance(i, Commit))
        return super()._allocate(legal, view, rng)

    def _search(self, view: State, rng: random.Random
                ) -> tuple[int, tuple[tuple[str, Dice], ...], tuple[Aim_, ...]] | None:
        from .resolution import resolve

        planner = self.planner(view)
        secret = view.wizards[self.seat].secret
        assert secret is not None
        dice = tuple(sorted(secret.dice))
        ranked = []
        for plan in full_allocations(dice, view.loose_patterns):
            value, aims = planner.assess([effect_of(*c) for c in plan])
            ranked.append((value, plan, aims))
        ranked.sort(key=lambda item: -item[0])
        candidates = ranked[:EXPERT_CANDIDATES]
        if len(candidates) < 2:
            return None
        rules = self.search_rules()
        book = self._book
        samples = [self._sample_round(view, rules, rng) for _ in range(EXPERT_SAMPLES)]
        helpers = {seat: StrongBot(0, seat, self.weights) for seat in range(len(view.wizards))}
        best = None
        strong = None
        for _, plan, aims in candidates:
            mine = tuple(self._cast_intent(view, planner.outlook, spell_id, form, aim).as_cast()
                         for (spell_id, form), aim in zip(plan, aims))
            total = 0.0
            for others in samples:
                total += self._play_round(view, mine, others, helpers, book, resolve)
            if strong is None:
                strong = (total, plan, aims)
            if best is None or total > best[0]:
                best = (total, plan, aims)
        assert best is not None and strong is not None
        if best[0] < strong[0] + EXPERT_MARGIN * len(samples):
            best = strong
        return view.flow.round, best[1], best[2]

    def _sample_round(self, view: State, rules: Any, rng: random.Random) -> dict[int, tuple[Cast, ...]]:
        """What each other living wizard casts this round, sampled: its dice rolled and kept as players keep
        (its continued dice as they are), allocated as the strong bot would, or at random one time in five."""
        out: dict[int, tuple[Cast, ...]] = {}
        for owner in view.living:
            if owner == self.seat:
                continue
            wizard = view.wizards[owner]
            size = rules.available_dice(wizard)
            if not size:
                out[owner] = ()
                continue
            other = self._others.get(owner)
            if other is None:
                other = self._others[owner] = StrongBot(0, owner, self.weights)
            plan_of = other.planner(view)
            if rng.random() < 0.15:
                dice = sample_dice(wizard.continued, size, ROLLS, rng)
                out[owner] = sample_casts(view, owner, dice, rng)
            else:
                # Rolled and kept as the strong bot keeps: towards its most valuable allocation.
                fixed = tuple(sorted(wizard.continued))
                dice = _merge(fixed, tuple(rng.randint(1, 6) for _ in range(size - len(fixed))))
                for rolls in range(1, ROLLS):
                    kept = plan_of.best_keep(dice, ROLLS - rolls, fixed)
                    if len(kept) == len(dice):
                        break
                    dice = _merge(kept, tuple(rng.randint(1, 6) for _ in range(len(dice) - len(kept))))
                _, plan = plan_of.best(dice)
                out[owner] = tuple(other._cast_intent(view, plan_of.outlook, spell_id, form, aim).as_cast()
                                   for (spell_id, form), aim in zip(plan, plan_of.aims_of(plan)))
        return out

    def _play_round(self, view: State, mine: tuple[Cast, ...], others: dict[int, tuple[Cast, ...]],
                    helpers: dict[int, StrongBot], book: Any, resolve: Any) -> float:
        """The round resolved with these casts (Counterspells choosing as the strong bot does), valued."""
        order = view.flow.order
        revealed = tuple((s, cast) for s in order if view.wizards[s].alive
                         for cast in (mine if s == self.seat else others.get(s, ())))
        state = evolve(view, flow=evolve(view.flow, revealed=revealed, choices=(), told=0))
        for _ in range(8):
            result = resolve(book, state, state.start_hp)
            if result.asking < 0:
                return self._worth(result.state)
            asking = evolve(state, flow=evolve(state.flow, stage=Stage.COUNTER, asking=result.asking,
                                               candidates=result.candidates))
            legal = [_cancel_of(result.asking, key) for key in result.candidates]
            choice = helpers[result.asking]._cancel(legal, asking)
            key = "nothing" if not isinstance(choice, Cancel) else \
                f"{choice.caster}:{choice.spell}:{choice.target.to_text()}"
            state = evolve(state, flow=evolve(state.flow, choices=(*state.flow.choices, key)))
        return self._worth(state)

    def _worth(self, state: State) -> float:
        """A state after the round, for the bot: the duel's end, else HP against the opponents' (the weakest
        counts most), allies by what they deal, poison and paralysis to come."""
        me = state.wizards[self.seat]
        if state.flow.stage == Stage.OVER:
            if state.flow.draw or not state.flow.winners:
                return 0.0
            return EXPERT_WIN if any(state.friends(self.seat, w) for w in state.flow.winners) else -EXPERT_WIN
        if not me.alive:
            return -EXPERT_WIN

        def side(wizard: Any) -> float:
            if not wizard.alive:
                return 0.0
            allies = sum(ALLY_ROUNDS * max(0.0, ally.hp - DIE_WORTH) for ally in wizard.allies)
            due = len(wizard.poison) + 1.5 * wizard.paralysis_next
            return min(wizard.hp, state.start_hp + 1) + allies - due

        foes = [state.wizards[s] for s in range(len(state.wizards)) if not state.friends(self.seat, s)]
        living = [side(w) for w in foes if w.alive]
        if not living:
            return EXPERT_WIN
        return side(me) - (0.6 * min(living) + 0.4 * sum(living) / len(living))



def dice_words(dice: Sequence[int]) -> str:
    """``5, 5 and 3``."""
    words = [str(d) for d in sorted(dice, reverse=True)]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _plan_words(book: Any, plan: Sequence[tuple[str, Dice]]) -> str:
    names = [book[spell].name for spell, _ in plan]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


def _ally_words(view: State, number: int) -> str:
    for ally_number, owner, kind in view.roster:
        if ally_number == number:
            return f"{view.wizards[owner].name}'s {kind.capitalize()}"
    found = view.ally(number)
    return f"the {found[1].kind.capitalize()}" if found else "the ally"


def _cancel_of(seat: int, key: str) -> Intent:
    if key == "nothing":
        return CancelNothing(seat)
    caster, spell, target = key.split(":")
    return Cancel(seat, int(caster), spell, Target.from_text(target))


