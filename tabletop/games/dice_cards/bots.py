"""The Dice Cards bots: the playout bot of random playouts and ``simulate``, and the levels easy and strong.

:class:`DuelBot` (the playout bot) chooses at random, but weighs its moves the way a
beginner would: summon and charge, use abilities, go to battle and attack with something.
It reads only the legal intents.

:class:`EasyBot` is random with a little sense: it spends its hand rather than end the
turn with dice in it, and when the other side has no unit to block it goes to battle and
attacks with everything.  Asked which battle comes next, it leaves for last the battles
that may bring its own captive home to a full field.

:class:`StrongBot` plays a fixed deck (:data:`STRONG_DECK`) and reads the table as a
score (units, shields, energy, dice in hand, casters for the deck's abilities;
:meth:`StrongBot.evaluate`).  In a Main Phase it tries every legal move, and after each
the best move it opens up, on a state sampled from its view (``rules.determinize``), and
makes the move that raises the score most, until none does; then it goes to battle.
Battles are searched: for each set of attackers it assumes the blocks the defender
likes best (every way to assign the blockers, the strongest first on each attacker;
past a few thousand ways, each blocker moved to its best place in turn), and attacks with the set that does best against them; as the defender it
assigns the blocks that the attack does worst against.  The hits on shields go in the
order that breaks the most.  Asked which battle comes next, it plays each order out
(the discards a full field calls for chosen by whoever must choose, each for their own
side) and takes the one that scores best.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import Any, Sequence

from tabletop.core.protocol import no_such_bot
from tabletop.core.rng import SeededRandom
from tabletop.core.values import Value

__all__ = ["DuelBot", "EasyBot", "StrongBot", "make_bot", "STRONG_DECK", "LEVELS"]

#: The levels of this game's bots, weakest first.
LEVELS = ("easy", "strong")

_WEIGHTS = {"summon": 8.0, "charge": 3.0, "activate": 4.0, "adjust": 0.3, "relic": 1.0, "battle": 6.0,
            "attack": 1.0, "block": 2.0, "unblock": 0.1, "blocks-done": 3.0, "end": 1.0}


class DuelBot:
    """Random among the legal intents, weighted towards summoning, charging, abilities and attacking."""

    bot_id = "duel"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def weight(self, intent: Value) -> float:
        kind = intent.KIND
        if kind == "attack":
            return 3.0 if intent.units else 0.5          # type: ignore[attr-defined]
        return _WEIGHTS.get(kind, 1.0)

    def choose(self, legal: Sequence[Value], view: Any = None) -> Value:
        """One of ``legal`` (which must not be empty)."""
        return self._random.choices(legal, [self.weight(intent) for intent in legal])[0]


def make_bot(rules: Any, level: str, seed: int, seat: int) -> Any:
    """The bot of ``level`` for ``seat`` (``ValueError`` for a level the game does not offer)."""
    if level == "easy":
        return EasyBot(seed)
    if level == "strong":
        return StrongBot(rules, seed, seat)
    raise no_such_bot("Dice Cards", level, LEVELS)


# ==================================================================== easy
class EasyBot(DuelBot):
    """The playout bot's weighted chance, with a little sense.

    It never ends a Main Phase while it could still summon or charge a die, never takes
    a blocker back (a random player would shuffle blockers for ever), and when the other
    side has no unit on the field it goes to battle and attacks with every unit it has:
    nothing can block.
    """

    bot_id = "easy"

    def choose(self, legal: Sequence[Value], view: Any = None) -> Value:
        """One of ``legal``, at random among the sensible ones."""
        kinds = {intent.KIND for intent in legal}
        seat = legal[0].seat                                           # type: ignore[attr-defined]
        open_field = view is not None and not view.field_units(1 - seat)
        sensible = list(legal)
        if kinds & {"summon", "charge"}:
            sensible = [i for i in legal if i.KIND not in ("end", "battle")]
        elif "battle" in kinds and open_field:
            return next(i for i in legal if i.KIND == "battle")
        elif "attack" in kinds:
            if open_field:
                return max(legal, key=lambda i: len(i.units))        # type: ignore[attr-defined]
            sensible = [i for i in legal if i.units] or sensible         # type: ignore[attr-defined]
        elif "unblock" in kinds:
            sensible = [i for i in legal if i.KIND != "unblock"]
        elif "fight" in kinds and view is not None:
            return self._fight(legal, view, seat)
        return super().choose(sensible, view)

    def _fight(self, legal: Sequence[Value], view: Any, seat: int) -> Value:
        """The next battle: first one that may send an enemy captive home (its owner may have to discard a
        unit still to fight), last one that may bring its own captive home to its full field."""
        def rank(intent: Value) -> int:
            held = [view.captive_of(uid) for uid in (intent.unit, intent.attacker)]  # type: ignore[attr-defined]
            owners = {unit.owner for unit in held if unit is not None}
            return (seat in owners) - ((1 - seat) in owners)
        best = min(rank(intent) for intent in legal)
        return super().choose([i for i in legal if rank(i) == best], view)


# ==================================================================== strong
#: The deck the strong bot brings: Hollow Choir for Power 6 units (Dirge Rite), Cinder Drakes for Ember Scales and
#: Dragonfire, Clockwork Reliquary for the Gearheart.  In duels between strong bots it beat both starter decks
#: and every mix with Hollow Choir it met, and came level with Cinder Drakes and Clockwork Reliquary alone.
STRONG_DECK = ("CINDER", "HOLLOW", "CLOCKWORK")

#: The score of a table, from the bot's side: what each thing is worth, in Power points.
WIN = 1000.0
UNIT_BODY = 1.0                 # a unit is worth one more than its Power: it attacks and blocks
POWER_SQUARED = 0.14            # and a big unit more than two small ones (it breaks the 6 shield)
BATTLE_BONUS = 0.6              # each point of Thornhide
DEFENDING_BONUS = 0.4           # each point of Hold the Line
CAPTIVE_SHARE = 0.2             # a captive is mostly lost to its owner (it may come home)
ENERGY = 0.7
HAND_DIE = 0.6
SHIELDS_LEFT = (0.0, 7.0, 11.0, 14.0)     # by how many shields are left: the last ones weigh most
SHIELD_POWER = 0.3
RAMPART = 1.5
REALM = 1.0
RELIC = 1.0                     # the Gearheart itself (its +2 counts in its host's Power)
#: A caster for an archetype's abilities (a unit of it, its realm or relic token) is worth this much more
#: than what it is: it lets the deck's abilities be used turn after turn.
ENABLER = {"CINDER": 4.0, "BASTION": 4.0, "HOLLOW": 0.0, "BRAMBLE": 4.0, "VEIL": 4.0, "CLOCKWORK": 4.0}
STOCK_EMPTY = 25.0              # a duelist with nothing to draw loses at their next Draw Phase
#: Below this a move is not worth making.
MIN_GAIN = 0.05
#: Above this many ways to assign the blockers, the defender is played greedily instead.
EXACT_BLOCKS = 4000


class StrongBot:
    """Greedy Main Phases on a score of the table, and an exhaustive search of every battle.

    ``deck`` and ``enabler`` (what a caster of each archetype is worth) are there to try others.
    """

    bot_id = "strong"

    def __init__(self, rules: Any, seed: int, seat: int, deck: tuple[str, ...] = STRONG_DECK,
                 enabler: dict[str, float] | None = None) -> None:
        self.rules = rules
        self.seat = seat
        self.deck = deck
        self.enabler = ENABLER if enabler is None else enabler
        self._random = random.Random(seed)

    # ---------------------------------------------------------------- choosing
    def choose(self, legal: Sequence[Value], view: Any) -> Value:
        """One of ``legal``, from ``view`` (this seat's view) only."""
        stage = view.flow.stage
        if len(legal) == 1:
            return legal[0]
        if stage == "deck":
            return next((i for i in legal if set(i.archetypes) == set(self.deck)), legal[0])  # type: ignore
        if stage == "main":
            return self._main(legal, view)
        if stage == "attack":
            return self._attack(legal, view)
        if stage == "block":
            return self._block(legal, view)
        if stage == "strike":
            return self._strike(legal, view)
        if stage == "order":
            return self._order(legal, view)
        return self._best_by_score(legal, view)     # discard, overflow, shed: whatever scores best

    def _sample(self, view: Any) -> Any:
        return self.rules.determinize(view, self.seat, self._random)

    def _scored(self, state: Any, legal: Sequence[Value]) -> list[tuple[float, int, Value]]:
        """Each intent's score after it is played on ``state`` (one seed for all: common random numbers)."""
        seed = self._random.randrange(1 << 30)
        out = []
        for index, intent in enumerate(legal):
            after = self.rules.apply(state, intent, SeededRandom(seed)).state
            out.append((self.evaluate(after), -index, intent))
        return out

    def _best_by_score(self, legal: Sequence[Value], view: Any) -> Value:
        return max(self._scored(self._sample(view), legal), key=lambda t: t[:2])[2]

    def _order(self, legal: Sequence[Value], view: Any) -> Value:
        """The next unit battle: each choice played out to the end of the unit battles, the later questions
        (the bot's own orders, and the discards a full field calls for) answered by whoever must answer, for
        their own side; the choice that then scores best."""
        state = self._sample(view)
        seed = self._random.randrange(1 << 30)
        scored = [(self._settled(self.rules.apply(state, intent, SeededRandom(seed)).state, seed, 4), -index, intent)
                  for index, intent in enumerate(legal)]
        return max(scored, key=lambda t: t[:2])[2]

    def _settled(self, state: Any, seed: int, depth: int) -> float:
        """The score once the battle's open questions (orders, discards) are answered, searched ``depth`` deep."""
        stage = state.flow.stage
        if depth <= 0 or stage not in ("order", "overflow"):
            return self.evaluate(state)
        values = [self._settled(self.rules.apply(state, intent, SeededRandom(seed)).state, seed, depth - 1)
                  for intent in self.rules.legal_intents(state)]
        return max(values) if state.to_act == self.seat else min(values)

    def _main(self, legal: Sequence[Value], view: Any) -> Value:
        """The move that raises the score most, counting the best move it opens up (a charge that pays for
        an ability, a summon that gives it a caster); when none does, the battle (Main 1) or the end."""
        state = self._sample(view)
        moves = [i for i in legal if i.KIND not in ("end", "battle")]
        if moves:
            now = self.evaluate(state)
            seed = self._random.randrange(1 << 30)
            best, best_score = None, now + MIN_GAIN
            for intent in moves:
                after = self.rules.apply(state, intent, SeededRandom(seed)).state
                score = self.evaluate(after)
                if after.flow.stage == "main":
                    for follow in self.rules.legal_intents(after):
                        if follow.KIND in ("end", "battle", "charge"):
                            continue
                        then = self.rules.apply(after, follow, SeededRandom(seed)).state
                        score = max(score, self.evaluate(then) - MIN_GAIN)
                if score > best_score:
                    best, best_score = intent, score
            if best is not None:
                return best
        for intent in legal:
            if intent.KIND == "battle":
                return intent
        return next(i for i in legal if i.KIND == "end")

    # ---------------------------------------------------------------- the score
    def evaluate(self, state: Any) -> float:
        """How good ``state`` is for this seat: its side's worth less the other's."""
        flow = state.flow
        if flow.stage == "over":
            return WIN if flow.winner == self.seat else -WIN
        return self.side_worth(state, self.seat) - self.side_worth(state, 1 - self.seat)

    def side_worth(self, state: Any, seat: int) -> float:
        rules = self.rules
        duelist = state.duelists[seat]
        worth = SHIELDS_LEFT[len(duelist.shields)] + SHIELD_POWER * sum(duelist.shields)
        worth += ENERGY * len(duelist.energy)
        hand = len(duelist.hand)
        if state.flow.stage == "discard" and state.flow.deciding == seat:
            hand -= state.flow.discarding
        worth += HAND_DIE * hand
        if duelist.stock == 0:
            worth -= STOCK_EMPTY
        for token in duelist.field:
            worth += REALM if token.kind == "realm" else 0.0
        if rules.shield_ward(state, seat):
            worth += RAMPART
        worth += RELIC * len(duelist.relics)
        for archetype in duelist.deck:
            if self.enabler.get(archetype) and rules.may_cast(state, seat, archetype):
                worth += self.enabler[archetype]
        for unit in state.units:
            if unit.owner == seat:
                value = self.unit_worth(state, unit)
                worth += CAPTIVE_SHARE * value if unit.captive else value
        return worth

    def unit_worth(self, state: Any, unit: Any) -> float:
        power = self.rules.power(state, unit)
        defending = self.rules.power(state, unit, defending=True) - power
        return (UNIT_BODY + power + POWER_SQUARED * power * power
                + BATTLE_BONUS * self.rules.battle_bonus(unit) + DEFENDING_BONUS * defending)

    def kill_worth(self, state: Any, unit: Any) -> float:
        """What its owner loses when ``unit`` is destroyed: the unit, the casting of its archetype's abilities
        if it was their last caster, and a captive it holds (which goes home)."""
        worth = self.unit_worth(state, unit)
        if self.enabler.get(unit.archetype) and not any(
                other.uid != unit.uid and other.owner == unit.owner and other.archetype == unit.archetype
                for other in state.units):
            duelist = state.duelists[unit.owner]
            tokens = [t.ability for t in duelist.field] + [r.ability for r in duelist.relics]
            if not any(ability.split(".")[0] == unit.archetype for ability in tokens):
                worth += self.enabler[unit.archetype]
        captive = state.captive_of(unit.uid)
        if captive is not None:
            worth += (1 - CAPTIVE_SHARE) * self.unit_worth(state, captive)
        return worth

    def shields_worth(self, shields: tuple[int, ...]) -> float:
        return SHIELDS_LEFT[len(shields)] + SHIELD_POWER * sum(shields)

    # ---------------------------------------------------------------- battles
    def _battle(self, state: Any, attacker_seat: int) -> "BattleSearch":
        return BattleSearch(self, state, attacker_seat)

    def _attack(self, legal: Sequence[Value], view: Any) -> Value:
        battle = self._battle(view, self.seat)
        chosen = battle.best_attack()
        for intent in legal:
            if set(intent.units) == chosen:                        # type: ignore[attr-defined]
                return intent
        return legal[0]

    def _block(self, legal: Sequence[Value], view: Any) -> Value:
        """Assign the planned blocks one by one (taking back any that are not in the plan), then done."""
        battle = self._battle(view, 1 - self.seat)
        plan = battle.best_blocks(frozenset(view.flow.attackers))[1]
        assigned = [(b.defender, b.attacker) for b in view.flow.blocks]
        for index, block in enumerate(assigned):
            if index >= len(plan) or plan[index] != block:
                return next(i for i in legal if i.KIND == "unblock" and i.unit == block[0])  # type: ignore
        if len(assigned) < len(plan):
            defender, attacker = plan[len(assigned)]
            return next(i for i in legal if i.KIND == "block" and i.unit == defender  # type: ignore
                        and i.attacker == attacker)                                 # type: ignore
        return next(i for i in legal if i.KIND == "blocks-done")

    def _strike(self, legal: Sequence[Value], view: Any) -> Value:
        battle = self._battle(view, self.seat)
        hits = {uid: battle.hit_on_shield(view.unit(uid)) for uid in view.flow.striking}
        order = battle.best_strike_order(tuple(sorted(hits.values(), reverse=True)))[1]
        first = order[0]
        return next(i for i in legal if hits[i.unit] == first)         # type: ignore[attr-defined]


class BattleSearch:
    """One battle as the bot sees it: the attacker's units, the defender's, the shields behind them.

    A unit battle and the hits on shields follow the rules exactly (``DiceCardsRules._fight``
    and ``_strike``); the gain of an outcome is counted in the bot's score, from the attacker's side.
    """

    def __init__(self, bot: StrongBot, state: Any, attacker_seat: int) -> None:
        rules = bot.rules
        self.bot = bot
        self.state = state
        self.attacker_seat = attacker_seat
        defender_seat = 1 - attacker_seat
        self.attackers = list(state.field_units(attacker_seat))
        self.defenders = sorted(state.field_units(defender_seat),
                                key=lambda u: -(rules.power(state, u, defending=True) - u.damage))
        self.shields = state.duelists[defender_seat].shields
        self.ward = rules.shield_ward(state, defender_seat)
        self.attack_worth = [bot.kill_worth(state, u) for u in self.attackers]
        self.defend_worth = [bot.kill_worth(state, u) for u in self.defenders]
        self._local: dict[tuple[int, int], float] = {}
        self._strike_memo: dict[tuple[int, ...], tuple[float, tuple[int, ...]]] = {}

    def hit_on_shield(self, unit: Any) -> int:
        return self.bot.rules.power(self.state, unit) + self.bot.rules.battle_bonus(unit)

    # ---------------------------------------------------------------- one attacker against its blockers
    def local_gain(self, a: int, mask: int) -> float:
        """The attacker's gain when attacker ``a`` fights the blockers in ``mask`` (strongest first)."""
        key = (a, mask)
        if key in self._local:
            return self._local[key]
        rules, state = self.bot.rules, self.state
        attacker = self.attackers[a]
        hit = rules.power(state, attacker) + rules.battle_bonus(attacker)
        life = rules.power(state, attacker) - attacker.damage
        taken = 0
        gain = 0.0
        for d, blocker in enumerate(self.defenders):
            if not mask >> d & 1:
                continue
            if taken >= life:
                break
            back = rules.power(state, blocker, defending=True) + rules.battle_bonus(blocker)
            blocker_life = rules.power(state, blocker, defending=True) - blocker.damage
            if attacker.strike_first and not blocker.strike_first:
                if hit >= blocker_life:
                    gain += self.defend_worth[d]
                    continue
                taken += back
            elif blocker.strike_first and not attacker.strike_first:
                taken += back
                if taken < life and hit >= blocker_life:
                    gain += self.defend_worth[d]
            else:
                taken += back
                if hit >= blocker_life:
                    gain += self.defend_worth[d]
        if taken >= life:
            gain -= self.attack_worth[a]
        self._local[key] = gain
        return gain

    # ---------------------------------------------------------------- the unblocked ones on the shields
    def best_strike_order(self, hits: tuple[int, ...]) -> tuple[float, tuple[int, ...]]:
        """The attacker's best gain from unblocked hits ``hits`` on the shields, and the order that gets it."""
        if hits in self._strike_memo:
            return self._strike_memo[hits]
        bot = self.bot
        before = bot.shields_worth(self.shields)
        best = (-1e9, hits)
        for order in sorted(set(permutations(hits))) if len(hits) > 1 else [hits]:
            shields = list(self.shields)
            broken = 0
            won = False
            for hit in order:
                if not shields:
                    won = True
                    break
                left = shields[0] - max(0, hit - self.ward)
                if left > 0:
                    shields[0] = left
                else:
                    shields.pop(0)
                    broken += 1
            gain = WIN if won else before - bot.shields_worth(tuple(shields)) - HAND_DIE * broken
            if gain > best[0]:
                best = (gain, order)
        self._strike_memo[hits] = best
        return best

    # ---------------------------------------------------------------- the defender's answer
    def best_blocks(self, attacking: frozenset[int]) -> tuple[float, list[tuple[int, int]]]:
        """The defender's best answer to the attackers ``attacking`` (uids): the attacker's gain against it
        and the blocks, in the order to assign them."""
        chosen = [a for a, u in enumerate(self.attackers) if u.uid in attacking]
        hits = [self.hit_on_shield(self.attackers[a]) for a in chosen]
        count = len(self.defenders)
        full = (1 << count) - 1
        best: list[Any] = [float("inf"), ()]
        if (len(chosen) + 1) ** count <= EXACT_BLOCKS:
            def walk(i: int, free: int, gain: float, unblocked: tuple[int, ...], masks: tuple) -> None:
                if i == len(chosen):
                    total = gain + self.best_strike_order(tuple(sorted(unblocked, reverse=True)))[0]
                    if total < best[0] - 1e-9:
                        best[0], best[1] = total, masks
                    return
                walk(i + 1, free, gain, unblocked + (hits[i],), masks + (0,))
                sub = free
                while sub:
                    walk(i + 1, free & ~sub, gain + self.local_gain(chosen[i], sub), unblocked, masks + (sub,))
                    sub = (sub - 1) & free
            walk(0, full, 0.0, (), ())
        else:
            best[0], best[1] = self._greedy_blocks(chosen, hits)
        plan = []
        for i, mask in enumerate(best[1]):
            plan += [(self.defenders[d].uid, self.attackers[chosen[i]].uid) for d in range(count) if mask >> d & 1]
        return best[0], plan

    def _outcome(self, chosen: list[int], hits: list[int], masks: list[int]) -> float:
        gain = sum(self.local_gain(a, m) for a, m in zip(chosen, masks) if m)
        unblocked = tuple(sorted((h for h, m in zip(hits, masks) if not m), reverse=True))
        return gain + self.best_strike_order(unblocked)[0]

    def _greedy_blocks(self, chosen: list[int], hits: list[int]) -> tuple[float, tuple[int, ...]]:
        """Too many ways to block: each blocker in turn moves to where it helps the defender most, twice over."""
        masks = [0] * len(chosen)
        best = self._outcome(chosen, hits, masks)
        for _ in range(2):
            for d in range(len(self.defenders)):
                bit = 1 << d
                masks = [m & ~bit for m in masks]
                options = [(self._outcome(chosen, hits, masks), -1)]
                for i in range(len(chosen)):
                    trial = list(masks)
                    trial[i] |= bit
                    options.append((self._outcome(chosen, hits, trial), i))
                best, where = min(options)
                if where >= 0:
                    masks[where] |= bit
        return best, tuple(masks)

    # ---------------------------------------------------------------- the attacker's choice
    def best_attack(self) -> set[int]:
        """The attackers (uids) that gain most against the defender's best answer (more attackers on a tie:
        a defender who errs lets more through)."""
        uids = [u.uid for u in self.attackers]
        best_gain, best_set = 0.0, set[int]()
        for bits in range(1, 1 << len(uids)):
            chosen = {uids[a] for a in range(len(uids)) if bits >> a & 1}
            gain = self.best_blocks(frozenset(chosen))[0]
            if gain > best_gain + 1e-9 or (gain > best_gain - 1e-9 and len(chosen) > len(best_set)):
                best_gain, best_set = gain, chosen
        return best_set
