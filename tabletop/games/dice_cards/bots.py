"""The Dice Cards bots: the playout bot of random playouts and ``simulate``, and the levels easy, greedy,
strong and expert.

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
makes the move that raises the score most, until none does; then it goes to battle if an attack is worth
making (it never announces a battle only to attack with nothing), else it ends the turn.  The score knows
the Stock clock: a duelist who will draw from an empty Stock first loses a standoff, so that side's attacks
count their hits on shields more and its units' lives less, and the side the clock favours keeps its units.
Battles are searched: for each set of attackers it assumes the blocks the defender
likes best (every way to assign the blockers, the strongest first on each attacker;
past a few thousand ways, each blocker moved to its best place in turn), and attacks with the set that does best against them; as the defender it
assigns the blocks that the attack does worst against.  The hits on shields go in the
order that breaks the most.  Asked which battle comes next, it plays each order out
(the discards a full field calls for chosen by whoever must choose, each for their own
side) and takes the one that scores best.  ``decide(view, rng)`` gives its move with one sentence of why.

:class:`GreedyBot` (a yardstick for ``simulate``) looks one move ahead on shields and Power on the field.
:class:`ExpertBot` plays the strong bot's best few Main Phase moves and attacks out on states sampled from its
view, through its turn and the other duelist's next one, and makes the one that ends best.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import Any, Sequence

from tabletop.core.bots import BotBase, Explaining, by_paired_gain
from tabletop.core.protocol import no_such_bot
from tabletop.core.rng import SeededRandom

from .intents import Activate, Attack, BlockWith, Charge, FightNext, Intent, Strike, Summon, Unblock

__all__ = ["DuelBot", "EasyBot", "GreedyBot", "StrongBot", "ExpertBot", "make_bot", "STRONG_DECK", "LEVELS"]

#: The levels of this game's bots, weakest first.
LEVELS = ("easy", "greedy", "strong", "expert")

_WEIGHTS = {"summon": 8.0, "charge": 3.0, "activate": 4.0, "adjust": 0.3, "relic": 1.0, "battle": 6.0,
            "attack": 1.0, "block": 2.0, "unblock": 0.1, "blocks-done": 3.0, "end": 1.0}


class DuelBot(BotBase):
    """Random among the legal intents, weighted towards summoning, charging, abilities and attacking."""

    bot_id = "duel"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def weight(self, intent: Intent) -> float:
        kind = intent.KIND
        if isinstance(intent, Attack):
            return 3.0 if intent.units else 0.5
        return _WEIGHTS.get(kind, 1.0)

    def choose(self, legal: Sequence[Intent], view: Any = None) -> Intent:
        """One of ``legal`` (which must not be empty)."""
        return self._random.choices(legal, [self.weight(intent) for intent in legal])[0]


def make_bot(rules: Any, level: str, seed: int, seat: int) -> Any:
    """The bot of ``level`` for ``seat`` (``ValueError`` for a level the game does not offer)."""
    if level == "easy":
        return EasyBot(seed)
    if level == "greedy":
        return GreedyBot(rules, seed, seat)
    if level == "strong":
        return StrongBot(rules, seed, seat)
    if level == "expert":
        return ExpertBot(rules, seed, seat)
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

    def choose(self, legal: Sequence[Intent], view: Any = None) -> Intent:
        """One of ``legal``, at random among the sensible ones."""
        kinds = {intent.KIND for intent in legal}
        seat = legal[0].seat
        open_field = view is not None and not view.field_units(1 - seat)
        sensible = list(legal)
        if kinds & {"summon", "charge"}:
            sensible = [i for i in legal if i.KIND not in ("end", "battle")]
        elif "battle" in kinds and open_field:
            return next(i for i in legal if i.KIND == "battle")
        elif "attack" in kinds:
            attacks = [i for i in legal if isinstance(i, Attack)]        # all of them: the attack step lists no other
            if open_field:
                return max(attacks, key=lambda i: len(i.units))
            sensible = [i for i in attacks if i.units] or sensible
        elif "unblock" in kinds:
            sensible = [i for i in legal if i.KIND != "unblock"]
        elif "fight" in kinds and view is not None:
            return self._fight([i for i in legal if isinstance(i, FightNext)], view, seat)   # the step's only kind
        return super().choose(sensible, view)

    def _fight(self, legal: Sequence[FightNext], view: Any, seat: int) -> Intent:
        """The next battle: first one that may send an enemy captive home (its owner may have to discard a
        unit still to fight), last one that may bring its own captive home to its full field."""
        def rank(intent: FightNext) -> int:
            held = [view.captive_of(uid) for uid in (intent.unit, intent.attacker)]
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
#: The Stock clock: a duelist whose Stock runs out first loses a standoff.  Within CLOCK_TURNS turns of that, the
#: pressure (0 to 1) grows: it weighs against the side that runs out first (STOCK_CLOCK at full pressure), its
#: attacks' hits on shields count up to CLOCK_PRESS times more and its units' lives less; the side the clock
#: favours keeps its units (their lives count up to CLOCK_PRESS times more in an attack of its own).
CLOCK_TURNS = 6
STOCK_CLOCK = 12.0
CLOCK_PRESS = 1.0
#: Below this a move is not worth making.
MIN_GAIN = 0.05
#: Above this many ways to assign the blockers, the defender is played greedily instead.
EXACT_BLOCKS = 4000


def deck_out_turn(state: Any, seat: int) -> int:
    """The turn at whose Draw Phase ``seat`` must draw from an empty Stock and loses, if nothing changes.

    Each Draw Phase takes 3 dice (the second player's first, 4).
    """
    flow = state.flow
    turn = flow.turn
    # The next turn of ``seat``: this one if it has not drawn yet (no turn begun), else two on.
    following = turn + 2 if flow.active == seat and turn > 0 else turn + 1
    stock = state.duelists[seat].stock
    while stock > 0:
        stock -= 3 + (1 if following == 2 else 0)
        following += 2
    return following


def clock_pressure(state: Any, seat: int) -> float:
    """How hard the Stock clock presses ``seat``: 0 unless it runs out before the other, then growing from 0
    (CLOCK_TURNS turns or more away) to 1 (its next Draw Phase loses)."""
    mine, theirs = deck_out_turn(state, seat), deck_out_turn(state, 1 - seat)
    return _pressure(state, mine, theirs)


def _pressure(state: Any, mine: int, theirs: int) -> float:
    """:func:`clock_pressure` from the two deck-out turns, already known."""
    if mine >= theirs:
        return 0.0
    left = mine - max(0, state.flow.turn)
    return max(0.0, min(1.0, (CLOCK_TURNS - left + 1) / CLOCK_TURNS))


def _token_of(duelist: Any, archetype: str) -> bool:
    """``duelist`` has a realm or relic token of ``archetype`` (a caster for its abilities)."""
    return (any(t.kind == "realm" and t.ability.split(".")[0] == archetype for t in duelist.field)
            or any(r.ability.split(".")[0] == archetype for r in duelist.relics))


class StrongBot(Explaining[Intent]):
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
    def choose(self, legal: Sequence[Intent], view: Any) -> Intent:
        """One of ``legal``, from ``view`` (this seat's view) only."""
        return self._decide(legal, view)[0]

    def _decide(self, legal: Sequence[Intent], view: Any) -> tuple[Intent, str]:
        stage = view.flow.stage
        if len(legal) == 1:
            return legal[0], "The only move there is."
        if stage == "deck":
            return self._deck(legal)
        if stage == "main":
            return self._main(legal, view)
        if stage == "attack":
            intent = self._attack([i for i in legal if isinstance(i, Attack)], view)   # the attack step's only kind
            units = len(intent.units)
            if not units:
                return intent, "No attack: every attack loses more than it gains against their blockers."
            return intent, (f"Attack with {units} unit{'s' if units > 1 else ''}: against their best blocks this gains the most"
                            f" (units destroyed, shields broken).")
        if stage == "block":
            return self._block(legal, view), "These blocks: the attack gains least against them."
        if stage == "strike":
            return self._strike(legal, view), "This hit first: in this order the hits break the most shields."
        if stage == "order":
            return self._order(legal, view), "This battle first: played out, this order turns out best."
        # discard, overflow, shed: whatever scores best
        return self._best_by_score(legal, view), "The die or unit the table misses least."

    def _deck(self, legal: Sequence[Intent]) -> tuple[Intent, str]:
        """The bot's own deck (or, where it is not offered, the offered deck sharing most archetypes with it),
        with a reason naming every archetype in it: a hint points at one archetype tile at a time."""
        def shared(intent: Any) -> int:
            return len(set(intent.archetypes) & set(self.deck))
        deck: Any = max(legal, key=shared)
        archetypes = self.rules.content.archetypes
        names = [archetypes[a].name for a in deck.archetypes]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        if set(deck.archetypes) == set(STRONG_DECK):
            why = ("Hollow Choir's Power 6 units, the Cinder Drakes' Ember Scales and Dragonfire, Clockwork"
                   " Reliquary's Gearheart: together they beat every other deck the strong bot was tried against.")
        elif len(names) == 1:
            why = "one archetype, so every unit you summon can cast all of the deck's abilities."
        else:
            why = "the archetypes closest to the deck that wins most among strong players."
        pick = "click each, then Play this deck" if len(names) > 1 else "click it, then Play this deck"
        return deck, f"Play {listed} ({pick}): {why}"

    def _sample(self, view: Any) -> Any:
        return self.rules.determinize(view, self.seat, self._random)

    def _scored(self, state: Any, legal: Sequence[Intent]) -> list[tuple[float, int, Intent]]:
        """Each intent's score after it is played on ``state`` (one seed for all: common random numbers)."""
        seed = self._random.randrange(1 << 30)
        out = []
        for index, intent in enumerate(legal):
            after = self.rules.apply(state, intent, SeededRandom(seed)).state
            out.append((self.evaluate(after), -index, intent))
        return out

    def _best_by_score(self, legal: Sequence[Intent], view: Any) -> Intent:
        return max(self._scored(self._sample(view), legal), key=lambda t: t[:2])[2]

    def _order(self, legal: Sequence[Intent], view: Any) -> Intent:
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

    def _main(self, legal: Sequence[Intent], view: Any) -> tuple[Intent, str]:
        """The move that raises the score most, counting the best move it opens up (a charge that pays for
        an ability, a summon that gives it a caster); when none does, the battle (Main 1) if an attack is worth
        making, else the end of the turn."""
        options = self._main_options(legal, view)
        return options[0][1], options[0][2]

    def _main_options(self, legal: Sequence[Intent], view: Any) -> list[tuple[float, Intent, str]]:
        """The moves worth making now, best first, with their gain and why: each move that raises the score,
        then the battle or the end of the turn."""
        state = self._sample(view)
        moves = [i for i in legal if i.KIND not in ("end", "battle")]
        options: list[tuple[float, Intent, str]] = []
        now = self.evaluate(state)
        if moves:
            seed = self._random.randrange(1 << 30)
            afters = [self.rules.apply(state, intent, SeededRandom(seed)).state for intent in moves]
            scores = [self.evaluate(after) for after in afters]
            for index in self._opening(moves, scores):
                after = afters[index]
                if after.flow.stage == "main":
                    for follow in self.rules.legal_intents(after):
                        if follow.KIND in ("end", "battle", "charge"):
                            continue
                        then = self.rules.apply(after, follow, SeededRandom(seed)).state
                        scores[index] = max(scores[index], self.evaluate(then) - MIN_GAIN)
            for intent, score in zip(moves, scores):
                if score > now + MIN_GAIN:
                    options.append((score - now, intent, self._move_reason(view, intent)))
        options.sort(key=lambda item: item[0], reverse=True)
        battle = next((i for i in legal if i.KIND == "battle"), None)
        end = next((i for i in legal if i.KIND == "end"), None)
        # Going to battle only to attack with nothing says a battle that never comes: end the turn instead.
        fight = battle is not None and (end is None or bool(self._battle(state, self.seat).best_attack()))
        if battle is not None and fight:
            options.append((0.0, battle, "Go to battle: an attack gains more than it risks against their blockers."))
        elif end is not None:
            why = ("End the turn: no attack would gain anything against their blockers, and nothing left to do "
                   "raises the table's worth." if any(i.KIND == "battle" for i in legal) else
                   "End the turn: nothing left to do raises the table's worth.")
            options.append((0.0, end, why))
        if not options:
            options.append((0.0, legal[0], "The first move there is."))
        return options

    def _opening(self, moves: list[Intent], scores: list[float]) -> Sequence[int]:
        """The moves (indexes) whose best next move is counted too: every one."""
        return range(len(moves))

    def _move_reason(self, view: Any, intent: Intent) -> str:
        """Why a Main Phase move, in the game's words."""
        # A Summon's or a Charge's ``die`` is the value of the hand die it uses (the rules' intents say so).
        if isinstance(intent, Summon):
            value = intent.die
            if intent.ability:
                return f"Use {self.rules.ability(intent.ability).name}: a stronger unit than a plain summon."
            return f"Summon a Power {(value + 1) // 2} unit with your {value}: one more unit to attack and block with."
        if isinstance(intent, Charge):
            value = intent.die
            return f"Charge your {value}: the energy pays for an ability this turn or later."
        if isinstance(intent, Activate):
            return f"Use {self.rules.ability(intent.ability).name}: it is worth more than the energy it costs."
        return "This move raises the table's worth for you most."

    # ---------------------------------------------------------------- the score
    def evaluate(self, state: Any) -> float:
        """How good ``state`` is for this seat: its side's worth less the other's."""
        flow = state.flow
        if flow.stage == "over":
            return WIN if flow.winner == self.seat else -WIN
        # The Stock clock and the casters are read once for both sides (each is a walk over the table).
        outs = (deck_out_turn(state, 0), deck_out_turn(state, 1))
        casters = {(unit.owner, unit.archetype) for unit in state.units}
        return (self.side_worth(state, self.seat, outs, casters)
                - self.side_worth(state, 1 - self.seat, outs, casters))

    def side_worth(self, state: Any, seat: int, outs: tuple[int, int] | None = None,
                   casters: set[tuple[int, str]] | None = None) -> float:
        """``seat``'s worth on the table (``outs``, each seat's deck-out turn, and ``casters``, the pairs of owner
        and archetype among the units, when the caller has them already)."""
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
        pressure = clock_pressure(state, seat) if outs is None else _pressure(state, outs[seat], outs[1 - seat])
        worth -= STOCK_CLOCK * pressure
        for token in duelist.field:
            worth += REALM if token.kind == "realm" else 0.0
        if duelist.field and rules.shield_ward(state, seat):        # a ward is a field token
            worth += RAMPART
        worth += RELIC * len(duelist.relics)
        for archetype in duelist.deck:
            enabler = self.enabler.get(archetype)
            if not enabler:
                continue
            if (rules.may_cast(state, seat, archetype) if casters is None
                    else (seat, archetype) in casters or _token_of(duelist, archetype)):
                worth += enabler
        plain = not duelist.relics
        for unit in state.units:
            if unit.owner == seat:
                if plain and not unit.equips:
                    power = unit.base      # unit_worth's common case, written out: the score's innermost loop
                    value = UNIT_BODY + power + POWER_SQUARED * power * power
                else:
                    value = self.unit_worth(state, unit)
                worth += CAPTIVE_SHARE * value if unit.captive else value
        return worth

    def unit_worth(self, state: Any, unit: Any) -> float:
        if not unit.equips and not state.duelists[unit.owner].relics:
            power = unit.base         # nothing adds to it (the common case, read without the rules)
            return UNIT_BODY + power + POWER_SQUARED * power * power
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

    def _attack(self, legal: Sequence[Attack], view: Any) -> Attack:
        battle = self._battle(view, self.seat)
        chosen = battle.best_attack()
        for intent in legal:
            if set(intent.units) == chosen:
                return intent
        return legal[0]

    def _block(self, legal: Sequence[Intent], view: Any) -> Intent:
        """Assign the planned blocks one by one (taking back any that are not in the plan), then done."""
        battle = self._battle(view, 1 - self.seat)
        plan = battle.best_blocks(frozenset(view.flow.attackers))[1]
        assigned = [(b.defender, b.attacker) for b in view.flow.blocks]
        for index, block in enumerate(assigned):
            if index >= len(plan) or plan[index] != block:
                return next(i for i in legal if isinstance(i, Unblock) and i.unit == block[0])
        if len(assigned) < len(plan):
            defender, attacker = plan[len(assigned)]
            return next(i for i in legal if isinstance(i, BlockWith) and i.unit == defender
                        and i.attacker == attacker)
        return next(i for i in legal if i.KIND == "blocks-done")

    def _strike(self, legal: Sequence[Intent], view: Any) -> Intent:
        battle = self._battle(view, self.seat)
        hits = {uid: battle.hit_on_shield(view.unit(uid)) for uid in view.flow.striking}
        order = battle.best_strike_order(tuple(sorted(hits.values(), reverse=True)))[1]
        first = order[0]
        return next(i for i in legal if isinstance(i, Strike) and hits[i.unit] == first)   # the strike step's only kind


class GreedyBot(StrongBot):
    """One move ahead on the obvious measure: shields and Power on the field, the other's against its own.
    Each Main Phase move is weighed by that measure alone, one move ahead; it attacks with every unit no
    single enemy unit can stop (with everything when nothing can block); blocks, hits and battle orders are
    the strong bot's.  A yardstick for ``simulate``, not a level for the table."""

    bot_id = "greedy"

    def measure(self, state: Any) -> float:
        flow = state.flow
        if flow.stage == "over":
            return WIN if flow.winner == self.seat else -WIN
        total = 0.0
        for seat, sign in ((self.seat, 1.0), (1 - self.seat, -1.0)):
            total += sign * (4.0 * len(state.duelists[seat].shields)
                             + sum(self.rules.power(state, unit) for unit in state.field_units(seat)))
        return total

    def _main_options(self, legal: Sequence[Intent], view: Any) -> list[tuple[float, Intent, str]]:
        state = self._sample(view)
        now = self.measure(state)
        seed = self._random.randrange(1 << 30)
        options: list[tuple[float, Intent, str]] = []
        for intent in legal:
            if intent.KIND in ("end", "battle"):
                continue
            gain = self.measure(self.rules.apply(state, intent, SeededRandom(seed)).state) - now
            if gain > 0:
                options.append((gain, intent, self._move_reason(view, intent)))
        options.sort(key=lambda item: item[0], reverse=True)
        for intent in legal:
            if intent.KIND in ("battle", "end"):
                options.append((0.0, intent, "Go to battle." if intent.KIND == "battle" else "End the turn."))
                break
        return options or [(0.0, legal[0], "The first move there is.")]

    def _attack(self, legal: Sequence[Attack], view: Any) -> Attack:
        rules = self.rules
        blockers = view.field_units(1 - self.seat)
        strongest = max((rules.power(view, unit, defending=True) for unit in blockers), default=0)
        safe = {unit.uid for unit in view.field_units(self.seat) if rules.power(view, unit) > strongest}
        return max(legal, key=lambda i: (set(i.units) <= safe, len(i.units)) if blockers
                   else (True, len(i.units)))


class ExpertBot(StrongBot):
    """The strong bot's candidates searched deeper: in a Main Phase and when declaring attackers, the few best
    choices by the strong bot's score are each played out on states sampled from its view
    (``rules.determinize``): the rest of the turn and the other duelist's next turn played by strong bots for
    both seats.  Every choice meets the same sampled states and the same dice (common random numbers).  A first
    round of play-outs picks the strong bot's closest rival; a second round, on samples of its own, weighs the
    two: the rival is made only if it gains on the strong bot's choice by MARGIN and Z standard errors, paired
    (:func:`by_paired_gain`).  Blocks, hits and battle orders are the strong bot's (its search of a battle is
    exact already)."""

    bot_id = "expert"
    #: Choices weighed by play-outs, the sampled states of the first round (all choices) and of the second (the
    #: strong bot's choice and the best other), and a cap on the moves of one play-out.
    #: Why the second round is read on its own: the rival is the best of up to four choices on four samples, so
    #: those samples flatter it (picked for being high); read again with them, and with the old test (better by
    #: 0.25 on average and on half the samples, which chance passes often), the expert left the strong bot's
    #: choice on noise, and won 65 of 120 games against strong on fresh seeds (seeds 31 and 77).
    MARGIN = 0.25
    Z = 2.0
    CANDIDATES = 3
    SAMPLES = 4
    MORE = 10
    #: The attack, the choice that weighs most in a turn (units lost, shields broken), is played out more.
    ATTACK_SAMPLES = (6, 12)
    PLAYOUT_MOVES = 400
    #: How many turns after this one a play-out goes on (unless the duel ends first).
    HORIZON = 1

    def _main_options(self, legal: Sequence[Intent], view: Any) -> list[tuple[float, Intent, str]]:
        options = super()._main_options(legal, view)
        # The end of the turn and the battle are always weighed beside the best moves.
        weighed = options[:self.CANDIDATES]
        for intent in legal:
            if intent.KIND in ("end", "battle") and all(intent != chosen for _, chosen, _ in weighed):
                weighed.append((0.0, intent, "End the turn: played out, waiting does best." if intent.KIND == "end"
                                else "Go to battle: played out, an attack does best."))
        return self._searched(view, weighed)

    def _attack_options(self, legal: Sequence[Attack], view: Any) -> list[tuple[float, Intent, str]]:
        battle = self._battle(view, self.seat)
        chosen = battle.best_attack()
        scored = []
        for intent in legal:
            gain = battle.best_blocks(frozenset(intent.units))[0] if intent.units else 0.0
            # The strong bot's own attack first (it breaks ties towards more attackers).
            scored.append((gain, set(intent.units) == chosen, intent))
        scored.sort(key=lambda item: (item[1], item[0]), reverse=True)
        return [(gain, intent, "") for gain, _, intent in scored[:self.CANDIDATES]]

    def _decide(self, legal: Sequence[Intent], view: Any) -> tuple[Intent, str]:
        if view.flow.stage == "attack" and len(legal) > 1:
            attacks = [i for i in legal if isinstance(i, Attack)]      # the attack step's only kind
            best = self._searched(view, self._attack_options(attacks, view), self.ATTACK_SAMPLES)[0][1]
            assert isinstance(best, Attack)                            # one of the attacks searched
            units = len(best.units)
            return best, (f"Attack with {units} unit{'s' if units > 1 else ''}: played out against their best "
                          f"blocks and the turn after, this does best." if units else
                          "No attack: played out, every attack does worse than waiting.")
        return super()._decide(legal, view)

    def _searched(self, view: Any, options: list[tuple[float, Intent, str]],
                  counts: tuple[int, int] | None = None) -> list[tuple[float, Intent, str]]:
        """``options`` by their play-outs: the first (the strong bot's choice) unless another is clearly better
        (``counts``: the sampled states of the two rounds, SAMPLES and MORE unless given)."""
        if len(options) < 2:
            return options
        first_round, second_round = counts or (self.SAMPLES, self.MORE)
        count = first_round + second_round
        seeds = [self._random.randrange(1 << 30) for _ in range(count)]
        samples = [self._sample(view) for _ in range(count)]
        turn = view.flow.turn
        first = list(zip(samples[:first_round], seeds[:first_round]))
        outcomes = [[self._playout(sample, intent, seed, turn) for sample, seed in first]
                    for _, intent, _ in options]          # the same samples and dice for every choice
        means = [sum(scores) / len(scores) for scores in outcomes]
        rival = max(range(1, len(options)), key=lambda index: (means[index], -index))
        more = list(zip(samples[first_round:], seeds[first_round:]))
        # The strong bot's choice and the rival, weighed on fresh samples alone (the first round chose the rival).
        fresh = [[self._playout(sample, options[index][1], seed, turn) for sample, seed in more]
                 for index in (0, rival)]
        for index, scores in zip((0, rival), fresh):
            outcomes[index] += scores
        pair = [options[0], options[rival]]
        best = rival if by_paired_gain(pair, fresh, self.MARGIN, self.Z)[0][1] == options[rival][1] else 0
        order = [best] + [index for index in range(len(options)) if index != best]
        return [(sum(outcomes[i]) / len(outcomes[i]), options[i][1], options[i][2]) for i in order]

    def _playout(self, state: Any, intent: Intent, seed: int, turn: int) -> float:
        rules = self.rules
        state = rules.apply(state, intent, SeededRandom(seed + 7)).state
        rng = SeededRandom(seed)           # the same dice after every choice weighed
        policies = [_PlayoutStrong(rules, seed + seat, seat, self.deck if seat == self.seat else STRONG_DECK)
                    for seat in (0, 1)]
        for _ in range(self.PLAYOUT_MOVES):
            seat = state.to_act
            if seat is None or state.flow.turn > turn + self.HORIZON:
                break
            state = rules.apply(state, policies[seat].choose(rules.legal_intents(state), state), rng).state
        return self.evaluate(state)


class _PlayoutStrong(StrongBot):
    """The strong bot inside an expert's play-out: the state it plays on is already one sampled from the
    expert's view, so it reads that state as it is rather than sample another."""

    #: The moves besides the charges whose best next move it counts: the best few by their own score.
    OPENING = 2

    def _sample(self, view: Any) -> Any:
        return view

    def _opening(self, moves: list[Intent], scores: list[float]) -> Sequence[int]:
        """Quicker than the strong bot: the charges (they pay for an ability) and the best few other moves."""
        others = sorted((i for i, m in enumerate(moves) if m.KIND != "charge"), key=lambda i: -scores[i])
        return [i for i, m in enumerate(moves) if m.KIND == "charge"] + others[:self.OPENING]


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
        # The Stock clock: an attacker who runs out first must break through (hits count more, its units'
        # lives less); one the clock favours need not (its units' lives count more).
        press, calm = clock_pressure(state, attacker_seat), clock_pressure(state, defender_seat)
        self.hit_weight = 1.0 + CLOCK_PRESS * press
        life_weight = (1.0 - 0.5 * press) * (1.0 + CLOCK_PRESS * calm)
        self.attack_worth = [life_weight * bot.kill_worth(state, u) for u in self.attackers]
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
            gain = WIN if won else self.hit_weight * (before - bot.shields_worth(tuple(shields)) - HAND_DIE * broken)
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
