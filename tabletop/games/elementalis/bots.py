"""ElementaliS bots: ``easy`` plays at random with a little sense, ``strong`` weighs each choice by the Mana it
is worth, worked out exactly from the faces of the dice.

Nothing is hidden in ElementaliS, so a bot's view is the whole state and no sampling is needed.  What the
strong bot cannot see is the future, and the future of a turn is short: the Power Roll, perhaps the
Chance Roll, perhaps the Cosmic Roll.  :class:`Outlook` values that future for the mage whose turn it is,
summing over every way the dice can fall (a few hundred distinct counts of symbols), and every decision
of the strong bot compares such values:

* bank or roll on: the Channel now against the expected Channel after one more roll (a Sun, drains by
  conflicting symbols, an empty Channel that calls the Opposition; the Cosmic Roll's gifts and bonuses);
* spells: what a spell changes in the value of the roll it bends (the caster's own roll, or a rival's,
  which counts against the caster), against the Mana it costs; Incinerate and Tornado for the Mana they
  take from the rivals, the leader first (after the Cosmic Roll only such spells at no die are offered);
* the draft: the Arcana whose mage type banks the most per turn;
* the Opposition: the dice whose roll is expected to take the most Mana.

In the last turn of the game the bot counts not Mana but its chance to win: it pushes when only a push
can win, and banks a lead.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from operator import add
from typing import Any, Callable, Sequence

from tabletop.core.bots import BotBase, by_paired_gain
from tabletop.core.protocol import no_such_bot
from tabletop.core.rng import SeededRandom, derive_seed

from .elements import ELEMENTS, ETHER, SUN, Content, load_content, symbols
from .intents import (Allow, Bank, Cast, Chance, Choose, Cosmic, Counter as CounterSpell, Declare, Forfeit, Give,
                      Intent, Oppose, PassWindow, Pay, Pick, Split, StartMana, TakeMajor, TakeMinor, Tap)
from .scoring import best_split
from .state import ROUNDS, Die, State

__all__ = ["EasyBot", "GreedyBot", "StrongBot", "Outlook", "Scorer", "roll_odds", "turn_value"]

#: The levels of this game's bots, weakest first.
LEVELS = ("easy", "greedy", "strong", "expert")

#: The positions of a count of symbols: the four elements, then Ether, then the Sun.
SYMBOLS = (*ELEMENTS, ETHER, SUN)
_AT = {symbol: index for index, symbol in enumerate(SYMBOLS)}
_ETHER, _SUN = _AT[ETHER], _AT[SUN]
_PALE = "pale-"
#: What an Elemental Opposition is expected to cost the active mage, per rival (Mana): small, since
#: the rolled dice cancel out on average and only a rival's own die is in their favour.
OPPOSED = 0.3
#: The share of a rival's Mana that counts against a bot with several rivals (1 with one rival).
RIVAL_WEIGHT_LEADER, RIVAL_WEIGHT_OTHER = 0.6, 0.3
#: How many outlooks a bot keeps from one decision to the next (each remembers its sums; a game needs a few dozen).
KEPT_OUTLOOKS = 256


@lru_cache(maxsize=None)
def _face_counts(face: str) -> tuple[int, ...]:
    counts = [0] * len(SYMBOLS)
    for symbol in symbols(face):
        counts[_AT[symbol]] += 1
    return tuple(counts)


@lru_cache(maxsize=None)
def roll_odds(kinds: tuple[str, ...]) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every count of symbols that rolling these dice can show, with its probability (the kinds sorted)."""
    content = load_content()
    odds: dict[tuple[int, ...], float] = {(0,) * len(SYMBOLS): 1.0}
    for kind in kinds:
        faces = content.dice[kind]
        rolled: dict[tuple[int, ...], float] = {}
        for counts, chance in odds.items():
            for face in faces:
                key = tuple(a + b for a, b in zip(counts, _face_counts(face)))
                rolled[key] = rolled.get(key, 0.0) + chance / len(faces)
        odds = rolled
    return tuple(odds.items())


def _add(first: tuple[int, ...], second: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(add, first, second))


def dice_counts(dice: Sequence[Die]) -> tuple[int, ...]:
    """The symbols the scoring dice show (a burned or charred die shows none), as the rules count them."""
    counts = (0,) * len(SYMBOLS)
    for die in dice:
        if not die.destroyed and not die.charred:
            counts = _add(counts, _face_counts(die.face))
    return counts


def sun_showing(dice: Sequence[Die]) -> bool:
    return any(d.kind == SUN and d.face == SUN and not d.copy for d in dice)


def next_roll(dice: Sequence[Die]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """What a Chance Roll from these dice keeps (the held dice's symbols) and what it rolls (the kinds)."""
    kept = (0,) * len(SYMBOLS)
    rolled = []
    for die in dice:
        if die.copy or die.destroyed:
            continue
        if die.held:
            kept = _add(kept, _face_counts(die.face))
        else:
            rolled.append(die.kind)
    return kept, tuple(sorted(rolled))


class Scorer:
    """How a roll fills one mage's Channel (rules reference item 3, ``scoring.py``), fast and remembered.

    A roll's symbols are first boiled down to a ``key``, the few numbers this mage type reads (a Purist
    reads one: its Major, plus Ethers, less conflicts), so a few hundred counts of symbols become a few
    dozen results.  An Elementalist's Ethers go where they keep the most Mana; a Creationist's Mana of
    choice goes to a colour its rolls never drain (any but the Minor)."""

    def __init__(self, content: Content, kind: str, major: str, minor: str, opposition: str) -> None:
        self.kind = kind
        self.major, self.minor = major, minor
        self._major = _AT.get(major, -1)
        self._minor = _AT.get(minor, -1)
        self._major_conflict = _AT[content.conflict(major)] if major in ELEMENTS else -1
        self._minor_conflict = _AT[content.conflict(minor)] if minor in ELEMENTS else -1
        if kind == "creationist":
            opposing = content.classical[minor] if opposition == "classical" else content.conflict(minor)
            self._minor_conflict = _AT[opposing]
        self.safe = next((i for i, e in enumerate(ELEMENTS) if e != minor), 0)
        self._filled: dict[tuple, tuple[int, ...]] = {}
        self._odds: dict[tuple, tuple[float, tuple[tuple[tuple[int, ...], float], ...]]] = {}

    def key(self, counts: Sequence[int], sun: bool) -> tuple[int, ...]:
        """What of a roll this mage type reads; ``sun``: a Sun on the Power Roll (it lifts conflicts)."""
        kind, ether = self.kind, counts[_ETHER]
        if kind == "elementalist":
            return (counts[self._major] - (0 if sun else counts[self._major_conflict]),
                    counts[self._minor] - (0 if sun else counts[self._minor_conflict]), ether)
        if kind in ("purist", "elitist"):
            return (counts[self._major] + ether - (0 if sun else counts[self._major_conflict]),)
        if kind == "harmonist":
            return (counts[self._major], counts[self._minor])
        choice = max(0, ether - (1 if sun else 0))
        if kind == "creationist":
            return (counts[self._minor] + ether - counts[self._minor_conflict], choice)
        return (choice,)

    def nets(self, counts: Sequence[int], sun: bool, to_major: int | None = None) -> tuple[list[int], int]:
        """(net per element, Mana of choice) of a roll; an Elementalist sends ``to_major`` Ethers to the
        Major (all by default) and the rest to the Minor."""
        key = self.key(counts, sun)
        nets = [0, 0, 0, 0]
        kind = self.kind
        if kind == "elementalist":
            major, minor, ether = key
            to_major = ether if to_major is None else to_major
            nets[self._major], nets[self._minor] = major + to_major, minor + ether - to_major
            return nets, 0
        if kind in ("purist", "elitist"):
            nets[self._major] = key[0]
            return nets, 0
        if kind == "harmonist":
            nets[self._major], nets[self._minor] = key
            return nets, 0
        if kind == "creationist":
            nets[self._minor] = key[0]
        return nets, key[-1]

    @staticmethod
    def pour(channel: Sequence[int], nets: Sequence[int], choice: int = 0, safe: int = 0) -> tuple[int, ...]:
        """The Channel after a roll: drains from the Channel as it stood, then the gains (E-4)."""
        after = list(channel)
        for index, net in enumerate(nets):
            if net < 0:
                after[index] = max(0, after[index] + net)
        for index, net in enumerate(nets):
            if net > 0:
                after[index] += net
        after[safe] += choice
        return tuple(after)

    def fill(self, channel: tuple[int, ...], key: tuple[int, ...]) -> tuple[int, ...]:
        """The Channel after a roll read as ``key``."""
        memo = (channel, key)
        found = self._filled.get(memo)
        if found is not None:
            return found
        if self.kind == "elementalist":
            major, minor, ether = key
            held_major, held_minor = channel[self._major], channel[self._minor]
            best_split, best_kept = ether, None
            for to_major in range(ether, -1, -1):
                first, second = major + to_major, minor + ether - to_major
                kept = (max(first, -held_major) if first < 0 else first) + \
                       (max(second, -held_minor) if second < 0 else second)
                if best_kept is None or kept > best_kept:
                    best_split, best_kept = to_major, kept
            nets = [0, 0, 0, 0]
            nets[self._major], nets[self._minor] = major + best_split, minor + ether - best_split
            best = self.pour(channel, nets)
        else:
            nets = [0, 0, 0, 0]
            choice = 0
            if self.kind in ("purist", "elitist"):
                nets[self._major] = key[0]
            elif self.kind == "harmonist":
                nets[self._major], nets[self._minor] = key
            else:
                choice = key[-1]
                if self.kind == "creationist":
                    nets[self._minor] = key[0]
            best = self.pour(channel, nets, choice, self.safe)
        if len(self._filled) > 100_000:
            self._filled.clear()
        self._filled[memo] = best
        return best

    def channel_after(self, channel: tuple[int, ...], counts: Sequence[int], sun: bool) -> tuple[int, ...]:
        """The Channel after this roll scores."""
        return self.fill(channel, self.key(counts, sun))

    def chance_odds(self, kept: tuple[int, ...], rolled: tuple[str, ...]
                    ) -> tuple[float, tuple[tuple[tuple[int, ...], float], ...]]:
        """A Chance Roll of ``rolled`` beside the held dice ``kept``: (the odds of a Sun, and each key this
        mage may read otherwise with its odds)."""
        memo = (kept, rolled)
        found = self._odds.get(memo)
        if found is not None:
            return found
        sun, keys = 0.0, dict[tuple[int, ...], float]()
        for counts, odds in roll_odds(rolled):
            if counts[_SUN]:
                sun += odds
            else:
                key = self.key(_add(counts, kept), False)
                keys[key] = keys.get(key, 0.0) + odds
        found = self._odds[memo] = (sun, tuple(keys.items()))
        return found

    def gain(self, counts: Sequence[int], sun: bool) -> int:
        """What the roll is worth scored straight into a Pool with no drains (an Earth Link's gain)."""
        if self.kind == "elementalist":
            return max(sum(n for n in self.nets(counts, sun, to_major)[0] if n > 0)
                       for to_major in range(counts[_ETHER] + 1))
        nets, choice = self.nets(counts, sun)
        return sum(n for n in nets if n > 0) + choice


@lru_cache(maxsize=8)     # the mages at the table and a few more: each is big (over a game at five, 64 of them held
def _scorer(kind: str, major: str, minor: str, opposition: str) -> Scorer:     # 80,000 more Python objects)
    return Scorer(load_content(), kind, major, minor, opposition)


def scorer_of(rules: Any, state: State, seat: int) -> Scorer:
    mage = state.mages[seat]
    return _scorer(rules.mage_type(state, seat), mage.major, mage.minor, state.creationist_opposition)


class Utility:
    """What a turn's gain is worth to the mage who decides: the Mana itself, less what a Cosmic gift to a
    rival is worth to that rival (``rival_weight``)."""

    def __init__(self, rival_weight: Callable[[int], float]) -> None:
        self.rival_weight = rival_weight

    def __call__(self, gain: float, gift_to: int | None = None) -> float:
        return gain - (self.rival_weight(gift_to) if gift_to is not None else 0.0)

    def opposed(self, rivals: int) -> float:
        """A turn that ends in an Opposition: nothing banked, and a little lost to the rivals' rolls."""
        return self(0) - OPPOSED * rivals


class WinUtility(Utility):
    """The last turn of the game: 1 if the mage ends ahead of every rival, 1/2 when level, else 0."""

    def __init__(self, mine: float, others: dict[int, int]) -> None:
        super().__init__(lambda seat: 0.0)
        self.mine, self.others = mine, others

    def __call__(self, gain: float, gift_to: int | None = None) -> float:
        mine = self.mine + gain
        best = max((total + (1 if seat == gift_to else 0) for seat, total in self.others.items()), default=0)
        return 1.0 if mine > best else 0.5 if mine == best else 0.0

    def opposed(self, rivals: int) -> float:
        return self(-1)


class Outlook:
    """The rest of a turn, valued for the mage whose turn it is (``active``), who plays it out by the same
    values: bank, or roll on while that is worth more."""

    def __init__(self, state: State, active: int, scorer: Scorer, utility: Utility) -> None:
        self.active = active
        self.utility = utility
        self.scorer = scorer
        self.major = state.mages[active].major
        self.owners = {m.major: seat for seat, m in enumerate(state.mages) if seat != active and m.major in ELEMENTS}
        self.rivals = len(state.mages) - 1
        self._chance: dict[tuple, float] = {}
        self._cosmic: dict[int, float] = {}

    def cosmic(self, total: int) -> float:
        """The Cosmic Roll with ``total`` Mana in the Channel: each face of the Sun die is 1 in 6."""
        found = self._cosmic.get(total)
        if found is not None:
            return found
        u = self.utility
        value = u(0)                                              # Sun: the Channel is lost
        value += (4 * u(total + 3) + 2 * u(total)) / 6            # Ether: 3 Mana of an element, or cards pass
        for element in ELEMENTS:
            if element == self.major:
                value += u(total + 3)
            elif element in self.owners:
                value += u(total - 1, self.owners[element])
            else:
                value += u(total)
        value /= 6
        self._cosmic[total] = value
        return value

    def settled(self, channel: tuple[int, ...], roll: str, kept: tuple[int, ...], rolled: tuple[str, ...]) -> float:
        """Right after a roll scored into ``channel``: the Opposition if it is empty, else bank or roll on."""
        total = sum(channel)
        if total == 0:
            return self.utility.opposed(self.rivals)
        bank = self.utility(total)
        if roll == "power":
            return max(bank, self.chance(channel, kept, rolled))
        if roll == "chance":
            return max(bank, self.cosmic(total))
        return bank

    def chance(self, channel: tuple[int, ...], kept: tuple[int, ...], rolled: tuple[str, ...]) -> float:
        """The Chance Roll: a Sun loses the Channel; else the roll scores with every conflict."""
        memo = (channel, kept, rolled)
        found = self._chance.get(memo)
        if found is not None:
            return found
        u = self.utility
        sun, keys = self.scorer.chance_odds(kept, rolled)
        value = sun * u(0)
        opposed = u.opposed(self.rivals)
        fill, cosmic = self.scorer.fill, self.cosmic
        for key, odds in keys:
            total = sum(fill(channel, key))
            value += odds * (opposed if total == 0 else max(u(total), cosmic(total)))
        self._chance[memo] = value
        return value

    def scored(self, counts: Sequence[int], sun: bool, roll: str, channel: tuple[int, ...], kept: tuple[int, ...],
               rolled: tuple[str, ...]) -> float:
        """A roll about to score these symbols (``sun``: the Sun shows), with the dice ``kept`` and ``rolled``
        by a Chance Roll to follow."""
        if roll == "chance" and sun:
            return self.utility(0)
        new = self.scorer.channel_after(channel, counts, sun and roll == "power")
        return self.settled(new, roll, kept, rolled)

    def window(self, dice: Sequence[Die], roll: str, channel: tuple[int, ...]) -> float:
        """A roll about to score with these dice (after its spell window)."""
        kept, rolled = next_roll(dice)
        return self.scored(dice_counts(dice), sun_showing(dice), roll, channel, kept, rolled)

    def before_power(self, kinds: tuple[str, ...]) -> float:
        """A whole turn, before its Power Roll."""
        rolled = tuple(sorted(kinds))
        keys: dict[tuple[int, ...], float] = {}
        for counts, odds in roll_odds(rolled):
            key = self.scorer.key(counts, bool(counts[_SUN]))
            keys[key] = keys.get(key, 0.0) + odds
        nothing = (0,) * len(SYMBOLS)
        return sum(odds * self.settled(self.scorer.fill((0, 0, 0, 0), key), "power", nothing, rolled)
                   for key, odds in keys.items())


@lru_cache(maxsize=64)
def turn_value(kind: str, major: str, minor: str, opposition: str = "classical",
               kinds: tuple[str, ...] = ("fire", "water", "earth", "air", SUN)) -> float:
    """The Mana a mage of this type banks in an average turn, playing each push by its expected value (every
    other element taken to be a rival's Major, whose Cosmic face costs 1 Mana)."""
    from .state import Flow, Mage

    mages = (Mage("me", major, minor),) + tuple(Mage("rival", e, e) for e in ELEMENTS if e != major)
    state = State(mages=mages, flow=Flow(), creationist_opposition=opposition)
    outlook = Outlook(state, 0, _scorer(kind, major, minor, opposition), Utility(lambda seat: 0.0))
    return outlook.before_power(kinds)


# ==================================================================== easy
#: The Channel the easy bot never risks: below it, it banks or rolls on at random.
BIG_CHANNEL = 4


class EasyBot(BotBase):
    """Random among the legal intents, with a little sense: it takes the free Flux Tap, banks a Channel of
    ``BIG_CHANNEL`` or more instead of risking it, shares Ethers the way that keeps most, opposes with every die it may,
    takes all the Mana an Incinerate or Tornado allows, and casts now and then, a spell that hurts a rival
    or helps its own roll, never Ether Leak or a spell against its own dice."""

    bot_id = "easy"

    def __init__(self, seed: int, seat: int, rules: Any) -> None:
        self._random = random.Random(seed)
        self.seat = seat
        self.rules = rules

    def choose(self, legal: Sequence[Intent], view: State) -> Intent:
        """One of ``legal``."""
        kinds = {intent.KIND: intent for intent in legal}
        pick = self._random.choice
        if "tap" in kinds:
            return pick([i for i in legal if isinstance(i, Tap)])
        if "bank" in kinds:
            if view.flow.channel.total >= BIG_CHANNEL or self._random.random() < 0.5:
                return kinds["bank"]
            return next(i for i in legal if not isinstance(i, Bank))
        if "declare" in kinds:
            return kinds["declare"] if self._random.random() < 0.3 else kinds["pass"]
        if "forfeit" in kinds:
            sensible = [i for i in legal if isinstance(i, Cast) and self._sensible(i, view)]
            return pick(sensible) if sensible else kinds["forfeit"]
        if "pick" in kinds:
            return pick([i for i in legal if isinstance(i, Pick)])
        if "split" in kinds:
            mage, flow = view.mages[self.seat], view.flow
            counts = {symbol: n for symbol, n in zip(SYMBOLS, dice_counts(flow.dice)) if n}
            best = best_split(self.rules.content, mage.major, mage.minor, counts,
                              flow.roll == "power" and sun_showing(flow.dice), flow.channel.as_dict())
            return next(i for i in legal if isinstance(i, Split) and i.major == best)
        if "oppose" in kinds:
            return max((i for i in legal if isinstance(i, Oppose)), key=lambda i: len(i.dice))
        return pick(list(legal))

    def _sensible(self, cast: Cast, view: State) -> bool:
        if cast.spell in ("ether-leak", "gust"):
            return False
        if cast.die is not None:
            own = view.flow.dice[cast.die].owner == self.seat
            return own == (cast.spell in ("mirror-pool", "petrify", "tremor"))
        if cast.spell in ("incinerate", "tornado"):
            return True                           # its counters are picked from the others' Pools
        return cast.target is not None and cast.target != self.seat


# ==================================================================== strong
class StrongBot(BotBase):
    """Every choice by its expected worth in Mana (see the module docstring)."""

    bot_id = "strong"

    def __init__(self, seed: int, seat: int, rules: Any) -> None:
        self._random = random.Random(seed)
        self.seat = seat
        self.rules = rules
        self._outlooks: dict[tuple, Outlook] = {}    # this decision's outlooks (their sums are remembered)
        self._kept_outlooks: dict[tuple, Outlook] = {}   # and every decision's, by what they depend on
        self._spent = 0             # Mana a spell being weighed would take from the Pool (last turn only)

    # ---------------------------------------------------------------- whom the bot plays against
    def rival_weight(self, state: State, seat: int | None) -> float:
        """How much a rival's Mana counts against the bot: all of it with one rival; with several, the
        leader's counts most."""
        if seat is None or seat == self.seat:
            return 0.0
        if len(state.mages) == 2:
            return 1.0
        leader = max((s for s in range(len(state.mages)) if s != self.seat), key=lambda s: state.mages[s].total)
        return RIVAL_WEIGHT_LEADER if seat == leader else RIVAL_WEIGHT_OTHER

    def last_turn(self, state: State) -> bool:
        """The bot's own last turn, with nobody to play after it: only winning counts."""
        flow = state.flow
        return flow.round >= ROUNDS and flow.active == self.seat == len(state.mages) - 1

    def outlook(self, state: State, active: int) -> Outlook:
        """The turn of ``active`` as the bot values it (its own), or as a rival plays it (for its Mana)."""
        memo = (active, self._spent)
        found = self._outlooks.get(memo)
        if found is not None:
            return found
        # An outlook depends on the mages' Majors, the active mage's type and the utility alone: one made for an
        # earlier decision with the same of these is the same outlook, its sums already worked out.
        scorer = scorer_of(self.rules, state, active)
        mages = state.mages
        if active != self.seat:
            key: tuple = ("rival",)
        elif self.last_turn(state):
            others = {s: m.total for s, m in enumerate(mages) if s != self.seat}
            key = ("win", mages[self.seat].total - self._spent, tuple(others.items()))
        else:
            key = ("weights", tuple(self.rival_weight(state, seat) for seat in range(len(mages))))
        kept = (active, tuple(m.major for m in mages), scorer, key)
        found = self._kept_outlooks.get(kept)
        if found is None:
            if active != self.seat:
                utility = Utility(lambda seat: 1.0)
            elif key[0] == "win":
                utility = WinUtility(key[1], dict(key[2]))
            else:
                weights = key[1]
                utility = Utility(lambda seat: weights[seat] if seat is not None else 0.0)
            if len(self._kept_outlooks) >= KEPT_OUTLOOKS:
                self._kept_outlooks.clear()
            found = self._kept_outlooks[kept] = Outlook(state, active, scorer, utility)
        self._outlooks[memo] = found
        return found

    # ---------------------------------------------------------------- choose
    def decide(self, view: State, rng: random.Random) -> tuple[Intent, str]:
        """The intent :meth:`choose` sends from ``view`` (nothing is left to chance in it, so ``rng`` is not
        drawn from) and one sentence in the game's words on why, from what the bot weighed."""
        legal = self.rules.legal_intents(view)
        intent = self.choose(legal, view)
        return intent, self.explain(view, intent, legal)

    def explain(self, view: State, intent: Intent, legal: Sequence[Intent]) -> str:
        """Why ``intent``, in one plain sentence."""
        content = self.rules.content
        flow = view.flow
        me = view.mages[self.seat]

        def name(seat: int | None) -> str:
            return "yourself" if seat == self.seat else view.mages[seat].name if seat is not None else "nobody"

        if len(legal) == 1:
            return "The only move now."
        if isinstance(intent, TakeMajor):
            return f"{intent.element.capitalize()} as your Major: the mage it makes banks the most Mana a turn."
        if flow.stage == "draft_minor":
            element = getattr(intent, "element", "")
            kind = self.rules.content.mage_type(me.major, element)
            worth = self._pair_value(me.major, element, view)
            return (f"{element.capitalize()} as your Minor: a {kind.capitalize()} banks about {worth:.1f} Mana a "
                    f"turn, the most of the Minors left.")
        if flow.stage == "start_mana":
            mana = " and ".join(getattr(intent, "mana", ()))
            return f"Start with {mana}: the colours your spells are paid with."
        if isinstance(intent, Tap):
            return f"Tap {intent.colour}: free Mana, of the colour your spells want most."
        if isinstance(intent, Declare):
            return "Declare a spell: one of yours is worth more than its Mana on this roll."
        if isinstance(intent, PassWindow):
            return "Pass: no spell of yours is worth its Mana on this roll."
        if isinstance(intent, Cast):
            spell = content.spell(intent.spell)
            worth = self.spell_worth(view, intent, self.stake(view))
            cost = self.rules.cost(view, self.seat, spell.level)
            victim = name(self._target_of(view, intent)) if self._target_of(view, intent) >= 0 else ""
            on = f" on {victim}'s roll" if intent.die is not None and victim else f" at {victim}" if victim else ""
            return (f"{spell.name}{on}: worth about {worth + cost:.1f} Mana to you for {cost}, the best spell "
                    f"now.")
        if isinstance(intent, Forfeit):
            return "Forfeit: no spell is worth its Mana now (a forfeit costs nothing)."
        if isinstance(intent, (CounterSpell, Allow)):
            window = flow.window
            spell = content.spell(window.pending) if window is not None else None
            title = spell.name if spell is not None else "the spell"
            if isinstance(intent, CounterSpell):
                return f"Counter the {title}: it would cost you more Mana than voiding it does."
            return f"Let it be: voiding the {title} would cost more than it takes."
        if isinstance(intent, Pick):
            return (f"Take {name(intent.target)}'s {intent.mana.replace(_PALE, 'colourless ')}: the leader's "
                    f"Mana first, and the colours their spells are paid with.")
        if isinstance(intent, Bank) or flow.stage == "push":
            outlook = self.outlook(view, self.seat)
            channel = tuple(flow.channel.get(e) for e in ELEMENTS)
            held = sum(channel)
            onward = (outlook.chance(channel, *next_roll(flow.dice)) if flow.roll == "power"
                      else outlook.cosmic(held))
            roll = "the Chance Roll" if flow.roll == "power" else "the Cosmic Roll"
            if isinstance(intent, Bank):
                return (f"Bank the {held} Mana: {roll} is worth about {onward:.1f} in expectation, a Sun "
                        f"would take it all.")
            return f"Make {roll}: it is worth about {onward:.1f} in expectation, more than the {held} now."
        if isinstance(intent, Oppose):
            count = len(intent.dice)
            return (f"Roll {count} {'die' if count == 1 else 'dice'} in the Opposition: they are expected to move "
                    f"the most Mana your way.")
        if isinstance(intent, Split):
            return "Share the Ethers this way: it keeps the most Mana in your Channel."
        if isinstance(intent, Choose):
            return "These colours: your spells are paid with them, and your Minor's conflicts cannot drain them."
        if isinstance(intent, (Pay, Give)):
            return "These counters: the colours your spells need least, colourless ones first."
        return "The best of the moves open now."

    def choose(self, legal: Sequence[Intent], view: State) -> Intent:
        """The legal intent worth most."""
        if len(legal) == 1:
            return legal[0]
        self._outlooks = {}
        stage = view.flow.stage
        if stage == "draft_major":
            return self._draft_major([i for i in legal if isinstance(i, TakeMajor)], view)
        if stage == "draft_minor":
            return max((i for i in legal if isinstance(i, TakeMinor)),
                       key=lambda i: self._pair_value(view.mages[self.seat].major, i.element, view))
        if stage == "start_mana":
            return max((i for i in legal if isinstance(i, StartMana)), key=lambda i: self._colours_worth(view, i.mana))
        if stage == "turn":
            taps = [i for i in legal if isinstance(i, Tap)]
            return max(taps, key=lambda i: self._colours_worth(view, (i.colour,))) if taps else legal[0]
        if stage == "declare":
            return self._declare(legal, view)
        handlers: dict[str, Callable[..., Intent]] = {
            "cast": self._cast, "counter": self._counter, "pick": self._pick, "split": self._split,
            "choose": self._choose_colours, "push": self._push, "oppose": self._oppose, "pay": self._pay,
            "give": self._give}
        handler = handlers.get(stage)
        return handler(legal, view) if handler else legal[0]

    def _declare(self, legal: Sequence[Intent], state: State) -> Intent:
        """Declare when a spell is worth casting, else pass: declaring only to forfeit every time is a bluff
        that fools nobody.  When a mage who declared before casts first, the dice may still change, so the
        option is kept open."""
        declare = next(i for i in legal if isinstance(i, Declare))
        window = state.flow.window
        if window is not None and window.declared:
            return declare
        after = self.rules.apply(state, declare, SeededRandom(0)).state
        for _ in range(len(state.mages)):
            if after.flow.stage != "declare" or after.to_act == self.seat:
                break
            after = self.rules.apply(after, PassWindow(after.to_act), SeededRandom(0)).state
        if after.flow.stage != "cast" or after.to_act != self.seat:
            return declare
        self._outlooks = {}
        choice = self._cast(self.rules.legal_intents(after), after)
        self._outlooks = {}
        if isinstance(choice, Forfeit):
            return next(i for i in legal if isinstance(i, PassWindow))
        return declare

    # ---------------------------------------------------------------- the draft and the colours
    def _pair_value(self, major: str, minor: str, state: State) -> float:
        kind = self.rules.content.mage_type(major, minor)
        value = turn_value(kind, major, minor, state.creationist_opposition, self.rules.dice_kinds(state))
        return value + SPELL_WORTH.get(kind, 0.0)

    def _draft_major(self, legal: Sequence[TakeMajor], state: State) -> TakeMajor:
        minors = [*ELEMENTS, *((ETHER,) if state.ether_cards else ())]

        def best(major: str) -> float:
            return max(self._pair_value(major, minor, state) for minor in minors
                       if not (major == ETHER and minor == ETHER))
        return max(legal, key=lambda i: (best(i.element), SPELL_MAJOR.get(i.element, 0)))

    def _spell_colours(self, state: State, seat: int | None = None) -> dict[str, int]:
        """What the mage's dearest spell of each colour costs: how much of each colour its spells want."""
        seat = self.seat if seat is None else seat
        needs: dict[str, int] = {}
        for _, spell in self.rules.entries(state, seat):
            if spell.target != "reaction":
                needs[spell.element] = max(needs.get(spell.element, 0), self.rules.cost(state, seat, spell.level))
        return needs

    def _colours_worth(self, state: State, colours: Sequence[str]) -> float:
        """New Mana of these colours beyond the points it scores: the spells it would pay for."""
        needs = self._spell_colours(state)
        pool = state.mages[self.seat].mana
        value = 0.0
        for colour in colours:
            held = pool.get(colour)
            value += 1.0 if held < needs.get(colour, 0) else 0.2 if colour in needs else 0.0
            pool = pool.add(colour, 1)
        return value

    def _keep_worth(self, state: State, unit: str, receiver: int) -> float:
        """How much the bot would rather keep a counter than hand it to ``receiver``: colourless counters
        go first (they pay no spell, for anyone)."""
        if unit.startswith(_PALE):
            return -1.0
        mine = 1.0 if unit in self._spell_colours(state) else 0.0
        theirs = 0.5 if receiver >= 0 and unit in self._spell_colours(state, receiver) else 0.0
        return mine + theirs

    def _pay(self, legal: Sequence[Pay], state: State) -> Pay:
        return min(legal, key=lambda i: sum(self._keep_worth(state, unit, state.flow.pay_to) for unit in i.mana))

    def _give(self, legal: Sequence[Give], state: State) -> Give:
        return min(legal, key=lambda i: self._keep_worth(state, i.mana, state.flow.pay_to))

    def _choose_colours(self, legal: Sequence[Choose], state: State) -> Choose:
        """Mana of choice: never the Minor's colour (a conflicting roll would drain it), and the colours
        the bot's spells are paid with first."""
        minor = state.mages[self.seat].minor
        channel = state.flow.channel

        def worth(intent: Choose) -> float:
            taken = Counter(intent.mana)
            if any(self.rules.available(state, c, channel) < n for c, n in taken.items()):
                return -100.0
            return self._colours_worth(state, intent.mana) - 5 * taken[minor]
        return max(legal, key=worth)

    # ---------------------------------------------------------------- pushing one's luck
    def _push(self, legal: Sequence[Intent], state: State) -> Intent:
        flow = state.flow
        outlook = self.outlook(state, self.seat)
        channel = tuple(flow.channel.get(e) for e in ELEMENTS)
        bank = outlook.utility(sum(channel))
        if flow.roll == "power":
            onward = outlook.chance(channel, *next_roll(flow.dice))
        else:
            onward = outlook.cosmic(sum(channel))
        if onward > bank + 1e-9:
            return next(i for i in legal if not isinstance(i, Bank))
        return next(i for i in legal if isinstance(i, Bank))

    def _split(self, legal: Sequence[Split], state: State) -> Split:
        flow = state.flow
        outlook = self.outlook(state, self.seat)
        scorer = outlook.scorer
        counts = dice_counts(flow.dice)
        sun = flow.roll == "power" and sun_showing(flow.dice)
        channel = tuple(flow.channel.get(e) for e in ELEMENTS)
        kept, rolled = next_roll(flow.dice)

        def worth(split: Split) -> float:
            new = scorer.pour(channel, scorer.nets(counts, sun, split.major)[0])
            return outlook.settled(new, flow.roll, kept, rolled)
        return max(legal, key=worth)

    # ---------------------------------------------------------------- the Opposition
    def _oppose(self, legal: Sequence[Oppose], state: State) -> Oppose:
        """The dice whose roll is expected to move the most Mana the bot's way."""
        flow = state.flow
        content = self.rules.content
        mine = self.rules.major_symbol(state, self.seat)
        theirs = self.rules.major_symbol(state, flow.active)
        dice = flow.fixed or flow.dice
        weight = 1.0 + self.rival_weight(state, flow.active)
        most_taken = state.mages[flow.active].total
        most_paid = state.mages[self.seat].total

        def worth(intent: Oppose) -> float:
            nets = {0: 1.0}
            for index in intent.dice:
                faces = content.dice[dice[index].kind]
                spread: dict[int, float] = {}
                for net, odds in nets.items():
                    for face in faces:
                        shown = symbols(face)
                        step = net + shown.count(mine) - shown.count(theirs)
                        spread[step] = spread.get(step, 0.0) + odds / len(faces)
                nets = spread
            return sum(odds * weight * (min(net, most_taken) if net > 0 else -min(-net, most_paid))
                       for net, odds in nets.items())
        return max(legal, key=lambda i: (round(worth(i), 9), -len(i.dice)))

    # ---------------------------------------------------------------- spells
    def _cast(self, legal: Sequence[Intent], state: State) -> Intent:
        """The spell worth most after its cost, if any is worth something; else forfeit (which is free)."""
        best: Intent = next(i for i in legal if isinstance(i, Forfeit))
        best_value = CAST_MARGIN
        baseline = self.stake(state)
        for intent in legal:
            if isinstance(intent, Cast):
                value = self.spell_worth(state, intent, baseline)
                if value > best_value:
                    best, best_value = intent, value
        return best

    def _counter(self, legal: Sequence[Intent], state: State) -> Intent:
        """Counter Spell when the spell cast on the bot would cost it more than voiding it does (for Incinerate
        and Tornado: its own counters picked, less the rivals' that the counter would spare too)."""
        window = state.flow.window
        assert window is not None
        spell = self.rules.content.spell(window.pending)
        cost = self.rules.counter_cost(state, self.seat, spell)
        if spell.target == "mana":
            each = 1.0 if spell.spell_id == "incinerate" else TORNADO_WORTH
            harm = sum(each if owner == self.seat else -each * self.rival_weight(state, owner)
                       for owner in window.picked_from)
            return next(i for i in legal if isinstance(i, CounterSpell if harm > cost + CAST_MARGIN else Allow))
        if window.pending_linked >= 0:
            cast = Cast(window.pending_caster, window.pending, target=window.pending_linked, link=window.pending_target)
        else:
            cast = Cast(window.pending_caster, window.pending,
                        die=None if window.pending_die < 0 else window.pending_die,
                        face=window.pending_face or None, target=window.pending_target)
        harm = -self.effect_worth(state, cast, self.stake(state))
        return next(i for i in legal if isinstance(i, CounterSpell if harm > cost + CAST_MARGIN else Allow))

    def _pick_worth(self, state: State, target: int, unit: str) -> tuple[float, int]:
        """How much taking ``target``'s counter ``unit`` is worth to the bot: the rival's weight (the leader
        first), then a colour the victim's spells are paid with before one they are not, colourless last."""
        needs = self._spell_colours(state, target)
        return self.rival_weight(state, target), (0 if unit.startswith(_PALE) else 1 + needs.get(unit, 0))

    def _pick(self, legal: Sequence[Intent], state: State) -> Intent:
        """Incinerate or Tornado: every counter allowed, from the leading rival first, the colours the victim's
        spells want first."""
        picks = [(i, i.target) for i in legal if isinstance(i, Pick) and i.target is not None]
        if not picks:
            return legal[-1]
        return max(picks, key=lambda pick: self._pick_worth(state, pick[1], pick[0].mana))[0]

    def _mana_plan(self, state: State, caster: int, spell_id: str) -> list[tuple[int, str]]:
        """The counters Incinerate or Tornado cast by ``caster`` would take, picked as :meth:`_pick` picks."""
        spell = self.rules.content.spell(spell_id)
        pairs = []
        for target in range(len(state.mages)):
            if target == caster or not self.rules.may_target(state, caster, target, spell):
                continue
            mage = state.mages[target]
            units = list(mage.mana.units())
            if spell_id == "incinerate":
                units += [_PALE + e for e in mage.faded.units()]
            pairs += [(target, unit) for unit in units]
        pairs.sort(key=lambda pair: self._pick_worth(state, *pair), reverse=True)
        return pairs[:spell.most]

    def stake(self, state: State, dice: Sequence[Die] | None = None, rolling: Sequence[int] | None = None) -> float:
        """The bot's stake in the roll of the open window (with these dice): its own turn's value, less a
        rival's (weighted), or the Mana an opposition roll moves to or from it."""
        flow = state.flow
        dice = flow.dice if dice is None else dice
        if flow.window is not None and flow.window.after == "cosmic":
            return 0.0             # only the Sun die was rolled, and no spell can change it
        if flow.window is not None and flow.window.after == "oppose":
            return self._opposition_stake(state, dice, flow.rolling if rolling is None else rolling)
        kept, rolled = next_roll(dice)
        return self.roll_stake(state, dice_counts(dice), sun_showing(dice), kept, rolled)

    def roll_stake(self, state: State, counts: Sequence[int], sun: bool, kept: tuple[int, ...],
                   rolled: tuple[str, ...]) -> float:
        """The bot's stake in the active mage's roll about to score these symbols."""
        flow = state.flow
        active = flow.active
        channel = tuple(flow.channel.get(e) for e in ELEMENTS)
        value = self.outlook(state, active).scored(counts, sun, flow.roll, channel, kept, rolled)
        if active == self.seat:
            return value
        value = -self.rival_weight(state, active) * value
        if (self.seat, active) in flow.links and not (flow.roll == "chance" and sun):
            value += scorer_of(self.rules, state, self.seat).gain(counts, flow.roll == "power" and sun)
        return value

    def _opposition_stake(self, state: State, dice: Sequence[Die], rolling: Sequence[int]) -> float:
        flow = state.flow
        opposer, active = flow.deciding, flow.active
        if self.seat not in (opposer, active):
            return 0.0
        mine = self.rules.major_symbol(state, opposer)
        theirs = self.rules.major_symbol(state, active)
        net = 0
        for index in rolling:
            die = dice[index]
            if not die.destroyed and not die.charred:
                shown = symbols(die.face)
                net += shown.count(mine) - shown.count(theirs)
        moved = min(net, state.mages[active].total) if net > 0 else -min(-net, state.mages[opposer].total)
        if self.seat == opposer:
            return moved * (1 + self.rival_weight(state, active))
        return -moved * (1 + self.rival_weight(state, opposer))

    def effect_worth(self, state: State, cast: Cast, baseline: float) -> float:
        """What a spell's effect changes in the bot's stake (its cost aside)."""
        flow = state.flow
        sid = cast.spell
        if sid in ("incinerate", "tornado"):
            each = 1.0 if sid == "incinerate" else TORNADO_WORTH
            return sum(-each if target == self.seat else each * self.rival_weight(state, target)
                       for target, _ in self._mana_plan(state, cast.seat, sid))
        if sid == "earth-link":
            assert cast.target is not None
            return self._link_worth(state, cast.seat, cast.target)
        if sid == "burn" and cast.link is not None:
            assert cast.target is not None
            return self._link_worth(state, cast.link, cast.target) * -0.5
        if sid == "ether-leak":
            return 0.0
        dice = list(flow.dice)
        opposition = flow.window is not None and flow.window.after == "oppose"
        faces_of = self.rules.content.dice
        if sid in ("breeze", "gust") and not opposition:
            # A new face for the die (or for every free die): sum over the symbols they may show.
            if sid == "breeze":
                assert cast.die is not None
                fresh = [cast.die]
            else:
                fresh = self.rules.gust_dice(state)
            still = dice_counts([d for i, d in enumerate(dice) if i not in fresh])
            kept, rolled = next_roll(dice)
            sun = sun_showing(dice)
            value = sum((odds * self.roll_stake(state, _add(still, counts), sun, kept, rolled)
                         for counts, odds in roll_odds(tuple(sorted(dice[i].kind for i in fresh)))), 0.0)
            return value - baseline
        rolling = tuple(flow.rolling)
        outcomes: list[tuple[float, list[Die], tuple[int, ...]]] = []
        if sid == "mirror-pool":
            assert cast.die is not None
            source = dice[cast.die]
            copy = Die(source.kind, source.face, source.owner, False, source.destroyed, source.charred, True)
            outcomes.append((1.0, dice + [copy], rolling + ((len(dice),) if opposition else ())))
        elif sid in ("char", "burn", "petrify", "tremor"):
            assert cast.die is not None
            die = dice[cast.die]
            face = cast.face if sid == "tremor" and cast.face is not None else die.face
            dice[cast.die] = Die(die.kind, face, die.owner,
                                 die.held or sid in ("petrify", "tremor"), die.destroyed or sid == "burn",
                                 die.charred or sid == "char", die.copy)
            outcomes.append((1.0, dice, rolling))
        elif sid in ("breeze", "gust"):
            fresh = [cast.die] if sid == "breeze" and cast.die is not None else self.rules.gust_dice(state)
            outcomes = [(1.0, dice, rolling)]
            for index in fresh:
                die = dice[index]
                faces = faces_of[die.kind]
                outcomes = [(odds / len(faces), version[:index] + [Die(die.kind, face, die.owner, die.held,
                                                                       die.destroyed, False, die.copy)]
                             + version[index + 1:], roll)
                            for odds, version, roll in outcomes for face in faces]
        else:
            return 0.0
        return sum(odds * self.stake(state, version, roll) for odds, version, roll in outcomes) - baseline

    def _link_worth(self, state: State, caster: int, linked: int) -> float:
        """An Earth Link's expected gain for its caster, counted for the bot: the linked roll now, if it is
        about to score, and the linked mage's turn if it is still to come this round."""
        flow = state.flow
        scorer = scorer_of(self.rules, state, caster)
        per_roll = LINK_PER_ROLL * turn_value(scorer.kind, scorer.major, scorer.minor, state.creationist_opposition)
        gain = 0.0
        window = flow.window
        if flow.active == linked and window is not None and window.after == "score":
            if not (flow.roll == "chance" and sun_showing(flow.dice)):
                gain += scorer.gain(dice_counts(flow.dice), flow.roll == "power" and sun_showing(flow.dice))
            if flow.roll == "power":
                gain += 0.4 * per_roll
        elif linked > flow.active:
            gain += 1.4 * per_roll                      # the linked mage's turn is still to come this round
        return gain if caster == self.seat else -gain * self.rival_weight(state, caster)

    def spell_worth(self, state: State, cast: Cast, baseline: float) -> float:
        """A spell's net worth to the bot: its effect (halved if the victim may void it with Counter Spell),
        less its cost.  In its own last turn the bot counts its chance to win, so the cost is the Pool it
        would have left, not a number of Mana."""
        spell = self.rules.content.spell(cast.spell)
        cost = self.rules.cost(state, self.seat, spell.level)
        if spell.target == "mana":
            hit = {target for target, _ in self._mana_plan(state, self.seat, cast.spell)}
            voidable = any(self.rules.can_counter(state, target, spell, cost) for target in hit)
        else:
            target = self._target_of(state, cast)
            voidable = target >= 0 and target != self.seat and self.rules.can_counter(state, target, spell, cost)
        share = 0.5 if voidable else 1.0
        if self.last_turn(state) and state.flow.active == self.seat:
            self._spent = cost
            try:
                return share * self.effect_worth(state, cast, baseline)
            finally:
                self._spent = 0
        return share * self.effect_worth(state, cast, baseline) - cost

    def _target_of(self, state: State, cast: Cast) -> int:
        """The mage a spell is cast on (who may counter it)."""
        if cast.die is not None:
            return state.flow.dice[cast.die].owner
        if cast.link is not None:
            return cast.link
        if cast.target is not None:
            return cast.target
        if cast.spell == "gust":
            return self.rules.roller(state)
        return -1


#: What a mage type's spells add to its worth per turn in the draft, beyond the Mana its rolls bank: a
#: Harmonist pays 1 more for every spell, a Purist and an Elitist 1 less for the dear ones.
SPELL_WORTH = {"harmonist": -0.2, "purist": 0.2, "elitist": 0.2, "creationist": 0.1, "elementalist": 0.0}
#: Among Majors of equal worth, the one whose spells serve best (Tremor, Char and Burn bend rolls cheaply).
SPELL_MAJOR = {"earth": 3, "fire": 2, "air": 1, "water": 0}
#: What one counter made colourless is worth against a rival (it still scores; it only pays no spell).
TORNADO_WORTH = 0.15
#: An Earth Link scores a linked roll by the caster's type, without drains: about this share of a turn.
LINK_PER_ROLL = 0.6
#: How much more than its cost a spell must be worth to be cast (a spell at a rival's roll is a guess
#: about how they will play it).
CAST_MARGIN = 0.05


class GreedyBot(StrongBot):
    """One move ahead on Mana: it banks any Channel at once (Mana now beats Mana perhaps), casts only
    Incinerate or Tornado when they take more than they cost, and otherwise chooses as the strong bot does
    (the draft, the colours, the Opposition's dice, what it pays)."""

    bot_id = "greedy"

    def _push(self, legal: Sequence[Intent], state: State) -> Intent:
        return next((i for i in legal if isinstance(i, Bank)), legal[0])

    def _cast(self, legal: Sequence[Intent], state: State) -> Intent:
        best: Intent = next(i for i in legal if isinstance(i, Forfeit))
        best_value = 0.0
        for intent in legal:
            if isinstance(intent, Cast) and intent.spell in ("incinerate", "tornado"):
                spell = self.rules.content.spell(intent.spell)
                taken = sum(1 for target, _ in self._mana_plan(state, self.seat, intent.spell) if target != self.seat)
                value = (taken if intent.spell == "incinerate" else TORNADO_WORTH * taken) \
                    - self.rules.cost(state, self.seat, spell.level)
                if value > best_value:
                    best, best_value = intent, value
        return best


class TurnDice:
    """The dice of one sampled future: the face of a die's ``n``-th roll in a turn is fixed by the round, the
    active mage, the die and ``n``, so every move weighed on this sample meets the same dice on the same roll
    (common random numbers), whatever it changes before.  A random source for the rules; :meth:`at` names the
    state about to be played on."""

    __slots__ = ("_seed", "_turn", "_rolled")

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._turn: tuple[int, int] = (0, -1)
        self._rolled: dict[str, int] = {}

    def at(self, state: State) -> "TurnDice":
        """This source, for a move played on ``state``."""
        turn = (state.flow.round, state.flow.active)
        if turn != self._turn:
            self._turn, self._rolled = turn, {}
        return self

    def _draw(self, label: str, ways: int) -> int:
        count = self._rolled[label] = self._rolled.get(label, 0) + 1
        return derive_seed(self._seed, *self._turn, label, count) % ways

    def randint(self, low: int, high: int, label: str = "") -> int:
        """The face of the die ``label`` on its next roll of the turn."""
        return low + self._draw(label, high - low + 1)

    def choose(self, names: Sequence[str], label: str = "") -> int:
        """One of ``names`` (not drawn by ElementaliS' rules, which roll faces by number)."""
        return self._draw(label, len(names))


@dataclass(frozen=True)
class Search:
    """What an expert's search found: the move made, the next best, how much more Mana ahead of the rivals the
    move's play-outs ended on average and how much more of the win they promised (:meth:`ExpertBot._worth`), on how
    many sampled futures, and whether it overturned the strong bot's choice."""

    move: tuple[Intent, Intent | None]          # a move, and for a declaration the spell it was made for
    runner_up: tuple[Intent, Intent | None]
    gap: float
    samples: int
    overturned: bool
    last_round: bool
    win_gap: float = 0.0       # how much more of the win its play-outs promised (in the last round: won)


class ExpertBot(StrongBot):
    """The strong bot's choice and its closest rivals (bank or the Chance Roll, declare or pass, the spells worth most,
    Counter Spell or not, the dice of an opposition) each played out on the same sampled futures: the dice
    drawn at random (:class:`TurnDice`, seeded from this bot's own generator, never the table's source), every
    mage played by a strong bot until the round ends, and the round's end valued by the share of the win it
    promises (:func:`win_shares`: the Mana each mage holds and the turns each still plays), or once the game is
    over by the share won, the Mana ahead of the rivals counting a little beside it.  The strong
    bot's choice stays unless another's play-outs gain on it clearly, paired (:func:`by_paired_gain`).  It drafts as the
    strong bot does, with one difference: among Majors of equal worth it takes the one that won most in
    whole games of strong bots (:data:`EXPERT_MAJOR`)."""

    bot_id = "expert"
    at_the_table = True
    #: Sampled futures a plan is played out on: at two mages, and at a bigger table (whose rounds are long and whose
    #: windows many: as many futures there would pass the second a decision).
    SAMPLES = 48
    SAMPLES_MANY = 16
    MARGIN = 0.1
    Z = 2.0
    #: The stages searched, and how many choices besides the strong bot's are weighed at each.
    SEARCHED = {"push": 1, "declare": 2, "counter": 1, "cast": 3, "oppose": 2}
    #: What a share of the win is worth against Mana, and what the Mana ahead still counts beside it.
    WIN_WORTH = 10.0
    LEAD_AT_END = 0.05
    #: Where a play-out stops before the game ends, each mage's turns still to play are taken to bank TURN_GAIN Mana
    #: each, give or take TURN_SPREAD (about what games of strong bots show: 2.5 to 4 Mana a mage a round, with a
    #: spread of about 3), for the share of the win the position promises (:func:`win_shares`).
    TURN_GAIN = 2.5
    TURN_SPREAD = 3.0
    #: A play-out ends with the round, or once this many turns have ended: two of two mages (the round), the
    #: turn alone at a bigger table (a round of five mages is long, and what a move changes shows in its turn).
    TURNS = 2
    TURNS_MANY = 1
    #: A spell weighed by play-outs is worth, by the strong bot's sums, no more than this much less than it costs.
    WORTH_FLOOR = 1.0

    def __init__(self, seed: int, seat: int, rules: Any) -> None:
        super().__init__(seed, seat, rules)
        self._policies: dict[int, StrongBot] = {}
        self.search: Search | None = None
        self._planned: tuple[int, int, Intent] | None = None     # a spell declared for: (round, turn's mage, spell)

    def _policy(self, seat: int) -> "StrongBot":
        policy = self._policies.get(seat)
        if policy is None:
            policy = self._policies[seat] = StrongBot(0, seat, self.rules)
        return policy

    def choose(self, legal: Sequence[Intent], view: State) -> Intent:
        """The legal intent whose play-outs end best (see the class docstring)."""
        return self._searched(legal, view, self._random)

    def decide(self, view: State, rng: random.Random) -> tuple[Intent, str]:
        """The intent :meth:`choose` would send from ``view`` with ``rng`` as its generator, and why: what its
        search found, in the game's words (the strong bot's reason when nothing was searched)."""
        legal = self.rules.legal_intents(view)
        intent = self._searched(legal, view, rng)
        if self.search is None:
            return intent, self.explain(view, intent, legal)
        return intent, search_reason(self.rules, view, self.seat, self.search)

    def _draft_major(self, legal: Sequence[TakeMajor], state: State) -> TakeMajor:
        minors = [*ELEMENTS, *((ETHER,) if state.ether_cards else ())]

        def best(major: str) -> float:
            return max(self._pair_value(major, minor, state) for minor in minors
                       if not (major == ETHER and minor == ETHER))
        return max(legal, key=lambda i: (round(best(i.element), 6), EXPERT_MAJOR.get(i.element, 0)))

    def _searched(self, legal: Sequence[Intent], view: State, rng: random.Random) -> Intent:
        self.search = None
        strong = super().choose(legal, view)
        stage = view.flow.stage
        planned, self._planned = self._planned, None
        if stage == "cast" and planned is not None and planned[:2] == (view.flow.round, view.flow.active) \
                and planned[2] in legal:
            strong = planned[2]          # the spell it declared for stays the first choice
        if len(legal) == 1 or stage not in self.SEARCHED:
            return strong
        plans: list[tuple[Intent, Intent | None]] = [(strong, None)]
        plans += self._rivals(legal, view, strong)[:self.SEARCHED[stage]]
        if len(plans) < 2:
            return strong
        samples = self.SAMPLES if len(view.mages) <= 2 else self.SAMPLES_MANY
        seeds = [rng.randrange(1 << 62) for _ in range(samples)]
        played = [[self._playout(view, move, then, seed) for seed in seeds] for move, then in plans]
        outcomes = [[ended.worth for ended in ends] for ends in played]
        ahead = {plan: sum(ended.ahead for ended in ends) / len(ends) for plan, ends in zip(plans, played)}
        wins = {plan: sum(ended.won for ended in ends) / len(ends) for plan, ends in zip(plans, played)}
        options = [(0.0, plan, "") for plan in plans]
        ranked = by_paired_gain(options, outcomes, self.MARGIN, self.Z)
        chosen = ranked[0][1]
        first = plans[0]
        runner_up = first if chosen != first else max(ranked[1:], key=lambda item: item[0])[1]
        self.search = Search(chosen, runner_up, ahead[chosen] - ahead[runner_up], len(seeds), chosen != first,
                             view.flow.round >= ROUNDS, wins[chosen] - wins[runner_up])
        if chosen[1] is not None:
            self._planned = (view.flow.round, view.flow.active, chosen[1])
        return chosen[0]

    def _rivals(self, legal: Sequence[Intent], view: State, strong: Intent) -> list[tuple[Intent, Intent | None]]:
        """The choices weighed against the strong bot's, closest first: each a move, and for a declaration the
        spell it is made for (cast when this mage's turn to cast comes)."""
        stage = view.flow.stage
        others = [intent for intent in legal if intent != strong]
        if stage == "declare" and isinstance(strong, PassWindow):
            # Declaring is worth only the spell cast after: each of the best spells is weighed as a declaration.
            declare = next(i for i in legal if isinstance(i, Declare))
            after = self._at_my_cast(view, declare)
            if after is None:
                return []
            return [(declare, cast) for cast in self._best_casts(after, self.rules.legal_intents(after))]
        if stage == "cast":
            return [(i, None) for i in others if isinstance(i, Forfeit)] + [
                (cast, None) for cast in self._best_casts(view, others)]
        return [(intent, None) for intent in others]

    def _best_casts(self, state: State, legal: Sequence[Intent]) -> list[Intent]:
        """The spells of ``legal`` worth weighing, the strong bot's worth first: those its worth puts no more than
        WORTH_FLOOR Mana below their cost (a spell the strong bot's sums find far too dear is not played out)."""
        self._outlooks = {}
        baseline = self.stake(state)
        worths = [(-self.spell_worth(state, i, baseline), index, i) for index, i in enumerate(legal)
                  if isinstance(i, Cast)]
        return [cast for loss, _, cast in sorted(worths) if loss < self.WORTH_FLOOR]

    def _at_my_cast(self, state: State, declare: Intent) -> State | None:
        """The window after this mage declares and the others pass, at its turn to cast (None if it never
        comes: nothing left to cast)."""
        after = self.rules.apply(state, declare, SeededRandom(0)).state
        for _ in range(len(state.mages)):
            if after.flow.stage != "declare" or after.to_act == self.seat:
                break
            after = self.rules.apply(after, PassWindow(after.to_act), SeededRandom(0)).state
        return after if after.flow.stage == "cast" and after.to_act == self.seat else None

    def _playout(self, state: State, intent: Intent, then: Intent | None, seed: int) -> "PlayedOut":
        """Where ``intent`` (and, declared, the spell ``then`` when this mage's turn to cast comes) and the rest of
        the round lead this mage on the sampled future ``seed`` (see :meth:`_worth`)."""
        rules = self.rules
        dice = TurnDice(seed)
        start = state.flow.round
        turn, ended = (state.flow.round, state.flow.active), 0
        move = intent
        for _ in range(2000):
            state = rules.apply(state, move, dice.at(state)).state
            seat = state.to_act
            if seat is None or state.flow.round != start:
                break
            if (state.flow.round, state.flow.active) != turn:
                turn, ended = (state.flow.round, state.flow.active), ended + 1
                if ended >= (self.TURNS if len(state.mages) <= 2 else self.TURNS_MANY):
                    break
            legal = rules.legal_intents(state)
            if then is not None and seat == self.seat and state.flow.stage == "cast":
                move, then = (then if then in legal else next(i for i in legal if isinstance(i, Forfeit))), None
                continue
            move = legal[0] if len(legal) == 1 else self._policy(seat).choose(legal, state)
        return self._worth(state)

    def _worth(self, state: State) -> "PlayedOut":
        """Where a play-out ended, for this mage: the Mana it is ahead of its rivals (weighed as the strong bot weighs
        them), its share of the win (once the game is over, the share it won; before, the share :func:`win_shares`
        expects from the turns still to play), and its worth: that share times WIN_WORTH, the Mana ahead counting
        only a little (LEAD_AT_END: a won game is not won more with more Mana, but Mana ahead still wins more often
        than the spread of the dice to come says)."""
        mages = state.mages
        mine = mages[self.seat].total
        ahead = mine - sum(self.rival_weight(state, seat) * mage.total for seat, mage in enumerate(mages))
        flow = state.flow
        if flow.stage == "over":
            won = 1.0 / len(flow.winners) if self.seat in flow.winners else 0.0
        else:
            # The play-out stops as a turn begins: the mages from the active one on still play this round.
            turns = [ROUNDS - flow.round + (1 if seat >= flow.active else 0) for seat in range(len(mages))]
            won = win_shares([m.total for m in mages], turns, self.TURN_GAIN, self.TURN_SPREAD)[self.seat]
        return PlayedOut(self.WIN_WORTH * won + self.LEAD_AT_END * ahead, ahead, won)


@dataclass(frozen=True)
class PlayedOut:
    """Where one play-out ended, for the expert: what it is worth (the share of the win, weighed, and a little of the
    Mana ahead), the Mana ahead of the rivals (weighed as the strong bot weighs them) and the share of the win."""

    worth: float
    ahead: float
    won: float


def _beats(lead: float, variance: float) -> float:
    """The chance that a lead of ``lead`` Mana stays a lead when the dice to come move it by a spread of this
    ``variance`` (normal; a level game is a toss-up)."""
    if variance <= 0.0:
        return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    return 0.5 * (1.0 + math.erf(lead / math.sqrt(2.0 * variance)))


def win_shares(totals: Sequence[int], turns: Sequence[int], gain: float, spread: float) -> list[float]:
    """Each mage's expected share of the win with ``totals`` Mana and ``turns`` turns still to play, each turn worth
    ``gain`` Mana give or take ``spread``: the chance to end ahead of every rival, taken as the product of the
    chances to end ahead of each (as if they were apart), the shares then scaled to make one win.

    >>> [round(share, 2) for share in win_shares([10, 10], [1, 1], 2.5, 3.0)]
    [0.5, 0.5]
    >>> [round(share, 2) for share in win_shares([14, 10], [1, 1], 2.5, 3.0)]
    [0.83, 0.17]
    >>> [round(share, 2) for share in win_shares([14, 10], [6, 6], 2.5, 3.0)]
    [0.65, 0.35]
    """
    means = [total + gain * turn for total, turn in zip(totals, turns)]
    variances = [spread * spread * turn for turn in turns]
    odds = [math.prod(_beats(means[me] - means[rival], variances[me] + variances[rival])
                      for rival in range(len(means)) if rival != me) for me in range(len(means))]
    whole = sum(odds)
    return [share / whole for share in odds] if whole > 0 else [1.0 / len(odds)] * len(odds)


#: The expert's choice between Majors of equal worth: the one that won most often when a strong bot was made to
#: take it against strong bots (300 games of two mages a Major, seed 5: Water 173, Fire 154, Earth 151, Air 140).
EXPERT_MAJOR = {"water": 3, "fire": 2, "earth": 1, "air": 0}


#: The longest reason a bot gives, in characters: with a seat's name before it, it fits the banner's line at the
#: smallest readable size (tests/app/test_bot_reasons.py measures it).
REASON_LIMIT = 80


def move_words(rules: Any, view: State, plan: tuple[Intent, Intent | None], seat: int, subject: bool = True) -> str:
    """A move (and the spell a declaration is made for) in a few of the game's words, to begin a sentence
    ("Bank the 4 Mana", "Char on Bo's double fire") or, not ``subject``, to follow one ("banking the 4 Mana")."""
    intent, then = plan
    flow = view.flow
    if isinstance(intent, Declare) and then is not None:
        return ("Declare " if subject else "declaring ") + move_words(rules, view, (then, None), seat, False)
    if isinstance(intent, Cast):
        spell = rules.content.spell(intent.spell)
        if intent.die is not None and intent.die < len(flow.dice):
            die = flow.dice[intent.die]
            owner = "your" if die.owner == seat else f"{view.mages[die.owner].name}'s"
            face = intent.face if intent.spell == "tremor" and intent.face else die.face
            return f"{spell.name} on {owner} {_face_words(face)}"
        if intent.target is not None and intent.target != seat:
            return f"{spell.name} at {view.mages[intent.target].name}"
        return spell.name
    held = flow.channel.total
    words: tuple[str, str] | None = {Bank: (f"bank the {held} Mana", f"banking the {held} Mana"),
             Chance: ("make the Chance Roll", "the Chance Roll"), Cosmic: ("make the Cosmic Roll", "the Cosmic Roll"),
             Declare: ("declare a spell", "declaring"), PassWindow: ("pass", "passing"),
             Forfeit: ("forfeit", "forfeiting"), CounterSpell: ("counter it", "countering it"),
             Allow: ("let it be", "letting it be")}.get(type(intent))
    if isinstance(intent, Oppose):
        # The Opposition's buttons: "Roll 2 dice", "Roll none".
        count = len(intent.dice)
        dice = f"{count} {'die' if count == 1 else 'dice'}"
        words = (f"roll {dice} in the Opposition", f"rolling {dice}") if count else \
            ("roll none in the Opposition", "rolling none")
    text = (words[0] if subject else words[1]) if words else ("this move" if not subject else "This move")
    return text[0].upper() + text[1:] if subject else text


def _face_words(face: str) -> str:
    """A face in the game's words: "double fire", "Sun", "earth"."""
    if "+" in face:
        return "double " + face.split("+")[0]
    return "Sun" if face == SUN else face


def search_reason(rules: Any, view: State, seat: int, search: Search) -> str:
    """Why the expert's move, from what its search found, in one short line of the game's words: the move, and how
    much more Mana its play-outs to the end of the round kept ahead than the next best move's ("Make the Chance
    Roll, not banking the 3 Mana: +1.2 Mana on average by the end of the round."), or, when the move is chosen for
    the win rather than for Mana, how much more often it wins ("Bank the 4 Mana, not the Chance Roll: 6 % more
    likely to win.").  Within REASON_LIMIT characters; the moves in the words of the buttons that make them (Bank 3
    Mana, Chance Roll, Let it be, Roll 2 dice)."""
    what = move_words(rules, view, search.move, seat)
    other = move_words(rules, view, search.runner_up, seat, subject=False)
    share = round(100 * search.win_gap)
    end = "by the end of the game" if search.last_round else "by the end of the round"
    better = True
    if search.last_round and share >= 1:
        found = f"it wins {share} % more of its play-outs"
    elif search.gap >= 0.05:
        found = f"+{search.gap:.1f} Mana on average {end}"
    elif share >= 1:
        found = f"{share} % more likely to win"
    else:
        found, better = f"nothing does better {end}", False
    short = found.replace(f" {end}", "")
    forms: tuple[str, ...]
    if search.overturned:
        forms = (f"{what}, not {other}: {found}.", f"{what}, not {other}: {short}.", f"{what}: {found}.",
                 f"{what}: {short}.")
    elif better:
        forms = (f"{what}: {found} against {other}.", f"{what}: {short} against {other}.", f"{what}: {found}.",
                 f"{what}: {short}.")
    else:
        forms = (f"{what}: {found}.", f"{what}: {short}.")
    return next((form for form in forms if len(form) <= REASON_LIMIT), forms[-1])


def make_bot(rules: Any, level: str, seed: int, seat: int) -> Any:
    """The bot of ``level`` for ``seat``: ``easy``, ``greedy`` (Mana at once), ``strong`` (it sums over every way
    the dice can fall this turn) or ``expert`` (the strong bot's choice and its rivals played out to the end of the
    round on sampled dice)."""
    if level == "easy":
        return EasyBot(seed, seat, rules)
    if level == "greedy":
        return GreedyBot(seed, seat, rules)
    if level == "strong":
        return StrongBot(seed, seat, rules)
    if level == "expert":
        return ExpertBot(seed, seat, rules)
    raise no_such_bot("ElementaliS", level, LEVELS)
