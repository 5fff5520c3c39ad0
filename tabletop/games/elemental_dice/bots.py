"""The Elemental Dice bots: the playout bot of ``simulate``, and the levels easy, greedy, strong and expert.

* :class:`EagerBot`, the bot of random playouts and ``simulate``.  A purely random player stalls: it
  ends turns with cards in hand, buys little, answers everything, and healing outpaces its damage, so
  games run to thousands of moves.  This one still chooses at random, but weighs its moves the way a
  beginner would: play the cards in hand, buy attacks first, pass rather than answer, end the turn when
  nothing is left.  It reads only the legal intents and public card data.
* :class:`EasyBot` (``easy``): the eager bot with light sense: it plays an attack whenever it holds one,
  never plays a card that could kill itself, and never stops the other player's turn.
* :class:`StrongBot` (``strong``): a one-move look-ahead on states sampled from its view
  (``rules.determinize``).  Each move it may make is applied to the sample and the card it starts is carried through
  the chain (both players passing, its own choices by rule of thumb); the position reached is scored: HP, gold, the
  cards in hand it may still play, and its deck against the other's, each card worth its damage, healing and gold
  (mostly by the dice as they stand, the rest by dice of average value: the dice drift); a card that sets, turns or
  rerolls a shared die is worth what its best change brings its player's deck against the other's (so a bot whose
  attacks the dice have frozen on 1 buys and plays one, rather than healing for ever).  Gold is worth less the more
  of it a player holds (:meth:`Context.gold`): one card a turn may be bought, so gold beyond a turn or two of buying
  power only waits, and a good card in the row is bought rather than hoarded for; a passive is worth what it brings
  a turn (it never thins the deck, so idle gold buys one).  A deck holding an attack that can bring the other player
  to 0 is worth the win times the chance it draws it within the turns left (so at the end of a game an attack is
  bought, not another heal), and a strong card the row leaves to the other player, one it can pay next turn, counts
  in part against the bot.  Healing is worth its HP less what a gold is worth (the other player deals them again and
  earns their gold doing so), so early in a game it buys attacks rather than heals, unless the other's attacks win
  the race as it stands and soon: then healing is time to live.  Optimization removes the cards whose going makes a
  turn's hand better (a Basic Income among attacks).  It plays its hand first, best card first, then shops, and
  answers a card of the other player's when an answer saves more than it costs.  It remembers which cards it has seen
  each player own, as a player at the table would.  It never places a card face down (that only moves an action to
  later, for 5 gold) nor interrupts.  ``decide(view, rng)`` gives its move with one sentence of why, for the hint
  button.
* :class:`GreedyBot` (``greedy``, a yardstick for ``simulate``): one move ahead on the HP difference (and the
  shop rerolled when its row holds no attack: the row starts empty).
* :class:`ExpertBot` (``expert``): the strong bot, its hand and shop searched.  The cards in hand worth playing
  (each kind once), or when none is, the strong bot's few best shop moves (buys, a reroll, the end of the turn),
  are each played out on the same states sampled from its view, through the other player's turn and its own next
  one (strong bots in both seats), and scored by the strong bot's measure with the cards bought on the way; the
  strong bot's move stays unless another ends clearly better.  Its play-outs share the card and deck worths they
  value, and its search is bounded by how many it values (a count, not a clock: a seed repeats its choices).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from operator import mul
from typing import Any, Sequence

from tabletop.core.bots import BotBase, Explaining, by_playouts
from tabletop.core.protocol import no_such_bot
from tabletop.core.rng import SeededRandom

from .cards import CHANCE, CONTROLLABLE, DICE, Card, CardBook, Formula, Step
from .intents import (Again, Buy, Cancel, Chance, Discard, Done, EndTurn, FlipDie, Intent, KeepOrder, Pass, Pay, Play,
                      Put, Remove, RerollShop, Respond, Reveal, Reroll, SetDie, Stop, Swap, Take, Term)
from .state import HIDDEN, Phase, State, Window, chooser

__all__ = ["EagerBot", "EasyBot", "GreedyBot", "StrongBot", "ExpertBot", "make_bot", "LEVELS"]

#: The levels of this game's bots, weakest first.
LEVELS = ("easy", "greedy", "strong", "expert")


def make_bot(rules: Any, level: str, seed: int, seat: int) -> "EasyBot | StrongBot":
    """The bot of ``level`` (easy, greedy, strong or expert) for ``seat``."""
    if level == "easy":
        return EasyBot(seed, seat, rules.book)
    if level in _SEARCHING:
        return _SEARCHING[level](rules, seed, seat)
    raise no_such_bot("Elemental Dice", level, LEVELS)


# ==================================================================== the playout bot
# How much each kind of move weighs (a kind not listed weighs 1: the choices while a card takes effect).
_WEIGHTS = {"play": 8.0, "reveal": 6.0, "place": 0.3, "reroll-shop": 1.0, "buy": 4.0, "end-turn": 1.0,
            "pass": 10.0, "pass-turn": 0.5, "respond": 0.5, "interrupt": 0.02}


class EagerBot(BotBase):
    """Random among the legal intents, weighted towards playing, buying attacks and passing."""

    bot_id = "eager"

    def __init__(self, seed: int, book: CardBook) -> None:
        self._random = random.Random(seed)
        self.book = book

    def weight(self, intent: Intent, legal: Sequence[Intent]) -> float:
        """How likely ``intent`` is chosen, relative to the other legal intents."""
        kind = intent.KIND
        weight = _WEIGHTS.get(kind, 1.0)
        if isinstance(intent, (Buy, Play, Reveal)):
            steps = {step.kind for step in self.book[intent.card].steps}
            if "damage" in steps:
                weight *= 5
            elif "heal" in steps:
                weight *= 0.3          # healing only lengthens a game the bot cannot judge
            elif steps & {"gain_gold", "buff"}:
                weight *= 2
        elif kind == "reroll-shop" and not any(other.KIND == "buy" for other in legal):
            weight = 3.0           # nothing to buy in the row: look at five new cards
        return weight

    def choose(self, legal: Sequence[Intent], view: Any = None) -> Intent:
        """One of ``legal`` (which must not be empty)."""
        weights = [self.weight(intent, legal) for intent in legal]
        return self._random.choices(legal, weights)[0]


# ==================================================================== easy
def _hits_opponent(card: Card) -> bool:
    return any(step.kind == "damage" and "opponent" in step.targets for step in card.steps)


def _worst_self_damage(card: Card) -> int:
    """The most a card can cost its own player in HP (a water attack, Cruel Pact), dice at their worst."""
    worst = 0
    for step in card.steps:
        if step.formula is not None and (step.kind == "self_damage" or "self" in step.targets):
            worst += step.formula.evaluate({die: 6 for die in step.formula.dice})
    return worst


class EasyBot(EagerBot):
    """The eager bot with light sense: an attack in hand is played (the first thing it does), a card
    that could bring it to 0 HP is never played, and it never interrupts the other player's turn."""

    bot_id = "easy"

    def __init__(self, seed: int, seat: int, book: CardBook) -> None:
        super().__init__(seed, book)
        self.seat = seat

    def choose(self, legal: Sequence[Intent], view: Any = None) -> Intent:
        """One of ``legal``: an attack if it may play one, otherwise as the eager bot would."""
        mine = [intent for intent in legal if intent.seat == self.seat] or list(legal)
        hp = view.players[self.seat].hp if view is not None else 60
        safe = [intent for intent in mine if not isinstance(intent, (Play, Reveal))
                or _worst_self_damage(self.book[intent.card]) < hp]
        mine = safe or mine
        attacks = [intent for intent in mine if isinstance(intent, (Play, Reveal))
                   and _hits_opponent(self.book[intent.card])]
        if attacks:
            return attacks[self._random.randrange(len(attacks))]
        return super().choose(mine, view)


# ==================================================================== strong: what cards are worth
#: The chance die is rolled again whenever it is read: a card counts on its mean.
_CHANCE_MEAN = 3.5
#: Per play, in HP, what a card without a formula brings (a rough price: what it usually changes).
_STEP_WORTH = {"shield": 1.2, "paid_shield": 1.5, "buff": 0.6, "reroll": 0.6, "adjust": 0.8, "flip": 1.0,
               "swap": 1.5, "draw": 0.6, "look": 0.1, "reorder": 0.6, "tutor": 1.0, "opponent_discards": 2.5,
               "discard": -0.3, "remove": 1.5, "veto": 1.5, "wish": 8.0, "extra_actions": 0.0}
BIG = 10_000.0


def _mean(formula: Formula | None, dice: Sequence[float]) -> float:
    """A formula's strength with ``dice`` (the chance die at its mean; no formula: 0)."""
    if formula is None:
        return 0.0
    terms = {die: (_CHANCE_MEAN if die == CHANCE else float(dice[DICE.index(die)])) for die in formula.dice}
    if formula.op == "fixed":
        return float(formula.fixed)
    first = terms[formula.dice[0]]
    if formula.op == "id":
        return first
    if formula.op == "twice":
        return 2 * first
    second = terms[formula.dice[1]]
    return first + second if formula.op == "add" else first * second


#: What a passive brings a turn, in HP, beyond what the deck's worth counts (more cards drawn or more actions):
#: a passive never thins a deck, so gold that would only wait buys one.
PASSIVE_WORTH = {"deep_pockets": 0.6, "express_shipping": 0.3, "reroller": 0.2, "spacious_table": 0.1,
                 "cheapskate": 0.15, "truly_blessed": 0.2, "chance_control": 0.3}

#: What each HP above the 60 a player starts with is worth to them (a game of two healers would never end).
OVER_START = 0.1
#: Gold up to GOLD_FULL is worth its full price (a card of the usual price, 7), up to GOLD_PART a share of it
#: (the dearer cards), beyond that almost nothing: one card a turn may be bought, and gold nobody spends soon
#: only waits.  So the more gold a player holds, the less each gold is worth and the cheaper a buy is.
GOLD_FULL = 8
GOLD_PART = 18
GOLD_PART_SHARE = 0.4
GOLD_REST_SHARE = 0.03


#: The steps that change the shared dice, and the turns a change is counted for (it stands until a card
#: changes the die again).
DICE_STEPS = ("reroll", "adjust", "flip", "swap")
DICE_PERSIST = 2.0
#: A deck as a valuer knows it: its cards (sorted), the hand drawn, the actions a turn.
Deck = tuple[tuple[str, ...], int, int]

#: The share of a deck's worth judged on the dice as they stand (the rest on dice of average value): a die
#: changes only when a card changes it, so the dice as they stand are what most turns ahead will see.
DICE_NOW = 0.8
MEAN_DICE = (3.5,) * len(DICE)


@dataclass
class Context:
    """What one decision's scores share: the dice-independent weights of HP, gold and future turns."""

    turns_left: float          # how many more turns of ours the game is expected to last
    gold_worth: float          # HP one gold up to GOLD_FULL is worth now (much early, little at the end)
    heal_worth: float = 0.85   # HP healed against HP dealt (dealing damage also earns its gold)
    earned_worth: float | None = None   # one more gold to this seat as it stands (gold_worth if not known)
    cache: dict[Any, float] = field(default_factory=dict)

    def marginal(self, amount: int) -> float:
        """What one more gold is worth to a player holding ``amount``."""
        return self.gold(amount + 1) - self.gold(amount)

    def gold(self, amount: int) -> float:
        """What ``amount`` gold in hand is worth, in HP: each gold at ``gold_worth`` up to a turn's buying power
        (:data:`GOLD_FULL`), a little beyond, almost nothing past two turns' (one card a turn may be bought:
        gold nobody can spend soon only waits).

        >>> Context(8.0, 0.5).gold(10), Context(8.0, 0.5).gold(18), round(Context(8.0, 0.5).gold(100), 2)
        (4.4, 6.0, 7.23)
        """
        full, part = GOLD_FULL, GOLD_PART
        amount = max(0, amount)
        value = min(amount, full) * self.gold_worth
        if amount > full:
            value += min(amount - full, part - full) * self.gold_worth * GOLD_PART_SHARE
        if amount > part:
            value += (amount - part) * self.gold_worth * GOLD_REST_SHARE
        return value


def _top_expectation(values: Sequence[float], hand: int, actions: int) -> float:
    """E[the sum of the ``actions`` best of ``hand`` cards drawn from ``values``] (negatives count 0).

    >>> round(_top_expectation([6, 1, 1, 1, 1, 1, 1, 1, 1], 4, 1), 3)     # Fire among eight Basic Income
    3.222
    """
    return _top_of_ranked(sorted((v for v in values if v > 0), reverse=True), len(values), hand, actions)


def _top_of_ranked(ordered: Sequence[float], n: int, hand: int, actions: int) -> float:
    """:func:`_top_expectation` of ``n`` cards whose positive values, best first, are ``ordered`` (a deck's
    worth asks three questions of the same cards: they are ranked once)."""
    if not ordered or hand <= 0 or actions <= 0:
        return 0.0
    # map(mul) adds the same products in the same order as a generator would, only quicker.
    return sum(map(mul, ordered, _rank_weights(n, min(hand, n), actions)))


@lru_cache(maxsize=4096)
def _rank_weights(n: int, hand: int, actions: int) -> tuple[float, ...]:
    """For each rank i (1 first) of ``n`` cards: the chance that the i-th best is in a hand of ``hand`` and
    fewer than ``actions`` better ones are (so it is played)."""
    total = math.comb(n, hand)
    return tuple(sum(math.comb(i - 1, j) * math.comb(n - i, hand - 1 - j) for j in range(min(actions, hand))) / total
                 for i in range(1, n + 1))


#: A deck's cards by kind (:meth:`Valuer._kinds_of`): the action kinds, each action card's place among them, the
#: blessing kinds, each blessing card's place among them.
_DeckKinds = tuple[list[tuple[Card, bool]], list[int], list[tuple[Card, bool]], list[int]]


class Valuer:
    """Card and deck worths for one seat's decision (dice-dependent, cached per dice)."""

    def __init__(self, rules: Any, ctx: Context) -> None:
        self.rules = rules
        self.book: CardBook = rules.book
        self.ctx = ctx
        #: Each card's kind and whether it changes the dice, by card: a deck's worth reads every card of both
        #: decks for every change of the dice it weighs, and looking a card up in the book each time (its key
        #: split off its copy's name) was most of the strong bot's time.
        self._kinds: dict[str, tuple[Card, bool]] = {}
        self._decks: dict[tuple[str, ...], _DeckKinds] = {}

    def _kind(self, card: str) -> tuple[Card, bool]:
        """``card``'s kind, and whether it changes the dice."""
        known = self._kinds.get(card)
        if known is None:
            kind = self.book[card]
            known = self._kinds[card] = (kind, any(step.kind in DICE_STEPS for step in kind.steps))
        return known

    def _kinds_of(self, cards: Sequence[str]) -> "_DeckKinds":
        """The action kinds among ``cards`` and for each action card its kind's place among them, the same for
        the blessings: a deck holds many copies of a few kinds (eight Basic Income), and its worth is read
        for every change of the dice weighed, so each kind is valued once a read, the kinds in the order their
        first copies come (the values asked for in the same order as card by card, the same sums)."""
        key = tuple(cards)
        known = self._decks.get(key)
        if known is None:
            places: dict[str, int] = {}
            kinds: dict[str, list[tuple[Card, bool]]] = {"action": [], "blessing": []}
            cards_of: dict[str, list[int]] = {"action": [], "blessing": []}
            for card in key:
                kind, changes = self._kind(card)
                if kind.type not in kinds:
                    continue
                if kind.key not in places:
                    places[kind.key] = len(kinds[kind.type])
                    kinds[kind.type].append((kind, changes))
                cards_of[kind.type].append(places[kind.key])
            known = self._decks[key] = (kinds["action"], cards_of["action"], kinds["blessing"], cards_of["blessing"])
        return known

    def play_value(self, card: str, dice: Sequence[float], deck_extra: float = 1.0,
                   decks: "tuple[Deck, Deck] | None" = None) -> float:
        """What playing ``card`` once brings its player, in HP (gold at the context's worth).  ``decks``: its
        player's deck and the other's, if known: a card that changes the dice is then worth what the change
        brings its player (:meth:`dice_gain`), otherwise a rough price."""
        kind, changes_dice = self._kind(card)
        return self._kind_value(kind, changes_dice, tuple(dice), deck_extra, decks)

    def _kind_value(self, kind: Card, changes_dice: bool, dice: tuple[float, ...], deck_extra: float,
                    decks: "tuple[Deck, Deck] | None") -> float:
        """:meth:`play_value` of a card of ``kind`` (``changes_dice``: whether it does), ``dice`` a tuple."""
        if decks is not None and not changes_dice:
            decks = None
        key = ("play", kind.key, dice, deck_extra, decks)
        cached = self.ctx.cache.get(key)
        if cached is not None:
            return cached
        gold = self.ctx.gold_worth if self.ctx.earned_worth is None else self.ctx.earned_worth
        total = 0.0
        for step in kind.steps:
            if step.formula is not None:
                amount = _mean(step.formula, dice)
                if step.kind == "damage":
                    for target in step.targets:
                        total += amount * (1 + gold) if target == "opponent" else amount * (gold - 1)
                elif step.kind == "heal":
                    total += amount * self.ctx.heal_worth
                elif step.kind == "gain_gold":
                    total += amount * gold
                else:       # self_damage
                    total += amount * (gold - 1)
            elif step.kind == "extra_actions":
                total += step.count * deck_extra
            elif step.kind == "passive":
                continue
            elif step.kind in DICE_STEPS and decks is not None:
                total += DICE_PERSIST * self.dice_gain(step, decks[0], decks[1], dice)
            else:
                total += _STEP_WORTH.get(step.kind, 0.0)
        self.ctx.cache[key] = total
        return total

    def dice_gain(self, step: Step, own: "Deck", other: "Deck", dice: Sequence[float]) -> float:
        """What the best change of ``step`` (reroll, adjust, flip, swap) to ``dice`` brings the owner of deck
        ``own`` over one turn: its deck's worth against the other's after the change, less before (0 if no
        change helps: the card is then not played).  A reroll counts on its average, the die rolled again
        while the roll is worse than rolling again."""
        dice = tuple(float(d) for d in dice)
        key = ("gain", step.kind, step.count, step.least, own, other, dice)
        cached = self.ctx.cache.get(key)
        if cached is not None:
            return cached

        def edge(values: tuple[float, ...]) -> float:
            return (self.deck_value(own[0], values, own[1], own[2])
                    - self.deck_value(other[0], values, other[1], other[2]))

        base = edge(dice)
        best = base
        for index in range(len(CONTROLLABLE)):
            now = dice[index]
            if step.kind == "swap":
                for second in range(index + 1, len(CONTROLLABLE)):
                    swapped = list(dice)
                    swapped[index], swapped[second] = dice[second], now
                    best = max(best, edge(tuple(swapped)))
                continue
            if step.kind == "flip":
                best = max(best, edge(dice[:index] + (7 - now,) + dice[index + 1:]))
                continue
            faces = {face: edge(dice[:index] + (float(face),) + dice[index + 1:]) for face in range(1, 7)}
            if step.kind == "adjust":
                best = max([best] + [v for face, v in faces.items() if step.least <= abs(face - now) <= step.count])
            else:           # reroll, up to count times: roll again while the roll is below what rolling brings
                rolled = sum(faces.values()) / 6
                for _ in range(step.count - 1):
                    rolled = sum(max(v, rolled) for v in faces.values()) / 6
                best = max(best, rolled)
        gain = max(0.0, best - base)
        self.ctx.cache[key] = gain
        return gain

    def damage_value(self, card: str, dice: Sequence[float]) -> float:
        """The damage ``card`` deals the other player, on average."""
        total = 0.0
        for step in self.book[card].steps:
            if step.kind == "damage" and "opponent" in step.targets:
                total += _mean(step.formula, dice)
        return total

    def deck_value(self, cards: Sequence[str], dice: Sequence[float], hand: int, actions: int,
                   other: "Deck | None" = None) -> float:
        """The expected worth of one turn's hand from ``cards``: the best ``actions`` actions drawn, and
        every blessing drawn (blessings cost no action; one that grants actions is worth the next best).
        ``other``: the other player's deck, to value the cards that change the dice by what they bring."""
        own: Deck = (tuple(sorted(cards)), hand, actions)
        dice = tuple(dice)
        key = ("deck", own, dice, other)
        cached = self.ctx.cache.get(key)
        if cached is not None:
            return cached
        n = len(cards)
        if n == 0:
            return 0.0
        decks = (own, other) if other is not None else None
        action_kinds, action_cards, blessing_kinds, blessing_cards = self._kinds_of(cards)
        worths = [self._kind_value(kind, changes, dice, 1.0, decks) for kind, changes in action_kinds]
        # The cards that are no action count 0: only the actions' positive values are ranked.
        ranked = sorted((worths[index] for index in action_cards if worths[index] > 0), reverse=True)
        best = _top_of_ranked(ranked, n, hand, actions)
        # One more action, for a blessing that grants it: the next best card of the rest of the hand.
        extra = max(0.0, _top_of_ranked(ranked, n, hand - 1, actions + 1) - _top_of_ranked(ranked, n, hand - 1,
                                                                                          actions))
        worths = [self._kind_value(kind, changes, dice, extra, decks) for kind, changes in blessing_kinds]
        blessings = sum(worths[index] for index in blessing_cards)
        value = best + blessings * min(1.0, hand / n)
        self.ctx.cache[key] = value
        return value


# ==================================================================== strong
class StrongBot(Explaining[Intent]):
    """A one-move look-ahead over sampled states, scoring positions by HP, gold, hand and deck (see the
    module docstring)."""

    bot_id = "strong"
    #: States sampled to judge a shop reroll (what the five new cards could be).
    REROLL_SAMPLES = 4
    #: The turns a position looks ahead to, from how fast each deck deals damage as it stands (HP over damage a
    #: turn): up to TURNS_KNEE turns as they are, beyond that only TURNS_BEYOND of each further turn (the decks grow:
    #: a race that would take 25 turns at today's damage ends in about 12), at most TURNS_CAP (an opponent who
    #: out-heals does not make a card bought now worth for ever), at least TURNS_FLOOR.  Measured over 30 strong-vs-
    #: strong games (issue 22): the turns each seat still played against this estimate were within about one turn
    #: for every range of it (up to 6: the estimate plus healing's half turn; 10-12: 8.3; 15-20: 9.9; 30, the
    #: opening: 15.6), where the old bounds (4 to 14, no knee) said 4 for the last 1.5-3 turns and 14 for 10-11.
    #: And what a gold is worth per turn left (within bounds), for gold up to GOLD_FULL: early in a game, when
    #: a gold buys a card that deals damage (and earns gold) for many turns, more than an HP.
    TURNS_CAP = 16.0
    TURNS_FLOOR = 1.5
    TURNS_KNEE = 6.0
    TURNS_BEYOND = 0.4
    GOLD_PER_TURN = 0.12
    GOLD_WORTH = (0.15, 2.0)
    #: At the end of its buys the bot counts against itself this share of what the best card the shop row leaves
    #: the other player (one it can pay next turn) would bring it: a strong cheap card left in the row is
    #: bought by the other player.  (Issue 22: without it the strong bot won 57.5 % against greedy; at 0.5, with
    #: LETHAL_WIN, 77.9 %, but strong-vs-strong games grew to 38.2 turns on seed 3; 0.35 is used.)
    ROW_SHARE = 0.35
    #: A deck holding a card whose damage (dice as they stand) brings the other player to 0 is worth the win,
    #: LETHAL_WIN in HP, times the chance it draws such a card within the turns left: with 1.5 turns left an
    #: attack's worth to the deck is tiny, even when the other player is at 2 HP and the deck has no other attack.
    LETHAL_WIN = 60.0
    #: Healing is worth at least this share of its HP, and HEAL_BEHIND when the other player wins the race as it
    #: stands and would bring us to 0 within HEAL_CLOCK turns (see :meth:`_context`); a deck dealing less than
    #: NO_THREAT a turn is not racing anybody.
    HEAL_FLOOR = 0.1
    HEAL_BEHIND = 0.6
    HEAL_CLOCK = 6.0
    NO_THREAT = 2.0
    DICE_NOW = DICE_NOW
    #: Main-phase moves after which the bot stops playing cards and shops or ends its turn.
    MOST_MOVES_A_TURN = 30

    def __init__(self, rules: Any, seed: int, seat: int) -> None:
        self.rules = rules
        self.book: CardBook = rules.book
        self.seat = seat
        self._random = random.Random(seed)
        # Cards seen in each player's hands (ours) or play: a deck as a player at the table knows it.
        starters = [f"{card.key}~{{}}{n}" for card in self.book.starters() for n in range(1, card.starter + 1)]
        self.owned: list[set[str]] = [{s.format("ab"[owner]) for s in starters} for owner in range(2)]
        self._last_row: tuple[str, ...] = ()
        self._turn_seen: tuple[int, int] = (-1, -1)
        self._plays_this_turn = 0

    # ---------------------------------------------------------------- entry
    def choose(self, legal: Sequence[Intent], view: State) -> Intent:
        """The move judged best among ``legal`` from ``view`` (this seat's view) alone."""
        return self._decide(legal, view)[0]

    # ---------------------------------------------------------------- memory
    def _remember(self, view: State) -> None:
        """Note which cards each player owns, from what this view shows."""
        for owner, player in enumerate(view.players):
            seen = [*player.hand, *player.discard, *(fd.card for fd in player.facedown),
                    *(lasting.card for lasting in player.lasting)]
            self.owned[owner].update(card for card in seen if card != HIDDEN)
        for pending in view.flow.chain:
            self.owned[pending.controller].add(pending.card)
        if view.flow.executing is not None:
            self.owned[view.flow.executing.controller].add(view.flow.executing.card)
        # A card gone from the row since we last looked, not to the shop's discard pile and not ours, was
        # bought by the other player (a passive shows in play; it is no deck card).
        other = 1 - self.seat
        for card in self._last_row:
            if card not in view.shop_row and card not in view.shop_discard and card not in self.owned[self.seat] \
                    and self.book[card].type != "passive":
                self.owned[other].add(card)
        self._last_row = view.shop_row

    def deck(self, state: State, seat: int) -> list[str]:
        """``seat``'s cards in the deck cycle (draw, hand, discard, in play, face down: a flipped card comes
        back) as far as this bot knows."""
        player = state.players[seat]
        cards = set(self.owned[seat])
        visible = [*(lasting.card for lasting in player.lasting),
                   *(p.card for p in state.flow.chain if p.controller == seat)]
        # Only what this seat sees: in a sampled state the other's hand and discard pile are guesses.
        if seat == self.seat:
            visible += [*player.hand, *player.discard]
        elif state.discard_public:
            visible += player.discard
        cards.update(card for card in visible if card != HIDDEN)
        if state.flow.executing is not None and state.flow.executing.controller == seat:
            cards.add(state.flow.executing.card)
        cards.difference_update(player.removed)
        return [card for card in cards if self.book[card].type != "passive"]

    # ---------------------------------------------------------------- the context of a decision
    def _context(self, state: State) -> Context:
        """How many turns are left and what gold is worth, from how fast each deck deals damage."""
        me, other = self.seat, 1 - self.seat
        rates = []
        for seat in (me, other):
            cards = self.deck(state, seat)
            hand, actions = self._hand_and_actions(state, seat)
            damage = [sum((_mean(s.formula, state.dice) for s in self.book[c].steps
                           if s.kind == "damage" and "opponent" in s.targets), 0.0) for c in cards]
            rates.append(max(self.NO_THREAT, _top_expectation(damage, hand, actions)))
        hp = [max(1, p.hp) for p in state.players]
        turns = min(hp[other] / rates[0], hp[me] / rates[1])
        if turns > self.TURNS_KNEE:        # the decks grow: a long race as they stand ends sooner
            turns = self.TURNS_KNEE + self.TURNS_BEYOND * (turns - self.TURNS_KNEE)
        turns = min(self.TURNS_CAP, max(self.TURNS_FLOOR, turns))
        low, high = self.GOLD_WORTH
        # HP above the start are worth less (a game of two healers would never end): so is healing.
        gold_worth = min(high, max(low, self.GOLD_PER_TURN * turns))
        slope = (_own_hp_worth(hp[me] + 8) - _own_hp_worth(hp[me])) / 8
        # HP healed are dealt again by the other player, who earns their gold doing so: healing is worth its HP
        # less what a gold is worth (little while gold buys much, more near the end) -- unless the other's attacks
        # win the race and are close to ending it (they would bring us to 0 first, and soon): then each HP healed
        # is time to live.  (Healing whenever behind made two strong bots out-heal each other for 100 turns.)
        heal = max(self.HEAL_FLOOR * slope, slope - gold_worth)
        clock = hp[me] / rates[1]
        if rates[1] > self.NO_THREAT and clock < hp[other] / rates[0] and clock <= self.HEAL_CLOCK:
            heal = max(heal, self.HEAL_BEHIND * slope)
        ctx = Context(turns_left=turns, gold_worth=gold_worth, heal_worth=heal)
        ctx.earned_worth = ctx.marginal(state.players[me].gold)
        return ctx

    def _hand_and_actions(self, state: State, seat: int) -> tuple[int, int]:
        actions = 1 + self.rules.passives(state, seat, "proactive") + self.rules.passives(state, seat, "at_what_cost")
        return self.rules.end_draw(state, seat), actions

    # ---------------------------------------------------------------- scoring a position
    def score(self, state: State, valuer: Valuer, hand_counts: bool = True) -> float:
        """How good ``state`` is for this seat, in HP (``hand_counts``: the cards it may still play this
        turn count; False for the moment its turn ends)."""
        me, other = self.seat, 1 - self.seat
        flow = state.flow
        if flow.phase == Phase.OVER:
            return BIG if flow.winner == me else -BIG
        ctx = valuer.ctx
        mine, theirs = state.players[me], state.players[other]
        dice = state.dice
        value = _own_hp_worth(mine.hp) - theirs.hp
        if mine.hp <= 12:
            value -= (12 - mine.hp) * 0.5          # near 0 HP every point counts more
        value += ctx.gold(mine.gold) - ctx.gold(theirs.gold)
        decks = [(tuple(sorted(self.deck(state, seat))), *self._hand_and_actions(state, seat)) for seat in (0, 1)]
        for seat, sign in ((me, 1.0), (other, -1.0)):
            cards, hand, actions = decks[seat]
            against: Deck = decks[1 - seat]
            # The dice drift as cards change them: a deck is judged mostly on the dice as they stand, the rest on
            # dice of average value.
            now = self.DICE_NOW
            value += sign * ctx.turns_left * (now * valuer.deck_value(cards, dice, hand, actions, against)
                                              + (1 - now) * valuer.deck_value(cards, MEAN_DICE, hand, actions,
                                                                              against))
            value += sign * ctx.turns_left * sum(PASSIVE_WORTH.get(self.book[card].passive, 0.0)
                                                 for card in state.players[seat].passives)
            value += sign * self.LETHAL_WIN * self._lethal(decks[seat], state.players[1 - seat].hp, dice, valuer)
        share = self.ROW_SHARE
        if share and flow.active == me and state.shop_row:
            value -= share * self._row_threat(state, valuer, decks[other])
        value += sum(0.8 * valuer.play_value(fd.card, dice) for fd in mine.facedown)
        value -= 2.0 * len(theirs.facedown)
        if hand_counts and flow.active == me:
            value += self._hand_potential(state, valuer)
        return value

    def _lethal(self, deck: Deck, hp: int, dice: Sequence[float], valuer: Valuer) -> float:
        """The chance that ``deck`` draws, within the turns left, a card that deals a player at ``hp`` enough
        damage to bring them to 0 (dice as they stand)."""
        ctx = valuer.ctx
        key = ("lethal", deck, hp, tuple(dice))
        cached = ctx.cache.get(key)
        if cached is not None:
            return cached
        cards, hand, actions = deck
        n, drawn = len(cards), min(hand, len(cards))
        killers = sum(1 for card in cards if self.book[card].type != "passive"
                      and valuer.damage_value(card, dice) >= max(1, hp))
        chance = 0.0
        if killers and drawn > 0 and actions > 0:
            a_turn = 1.0 - math.comb(n - killers, drawn) / math.comb(n, drawn)
            chance = 1.0 - (1.0 - a_turn) ** max(1.0, ctx.turns_left)
        ctx.cache[key] = chance
        return chance

    def _row_threat(self, state: State, valuer: Valuer, deck: Deck) -> float:
        """What the best card the row leaves to the other player (one it can pay next turn) brings it."""
        ctx = valuer.ctx
        gold = state.players[1 - self.seat].gold + 2
        key = ("row", state.shop_row, deck, gold, state.dice)
        cached = ctx.cache.get(key)
        if cached is not None:
            return cached
        cards, hand, actions = deck
        base = valuer.deck_value(cards, state.dice, hand, actions)
        best = 0.0
        for card in state.shop_row:
            kind = self.book[card]
            if kind.cost > gold or kind.type == "passive":
                continue
            more = tuple(sorted((*cards, card)))
            gain = ctx.turns_left * (valuer.deck_value(more, state.dice, hand, actions) - base)
            best = max(best, gain - (ctx.gold(gold) - ctx.gold(gold - kind.cost)))
        ctx.cache[key] = best
        return best

    def _hand_potential(self, state: State, valuer: Valuer) -> float:
        """What the cards in hand may still bring this turn: the best actions left, and the blessings."""
        player = state.players[self.seat]
        dice = state.dice
        left = self.rules.actions_left(state, self.seat)
        actions = sorted((valuer.play_value(c, dice) for c in player.hand if self.book[c].type == "action"),
                         reverse=True)
        value = sum(v for v in actions[:left] if v > 0)
        extra = actions[left] if len(actions) > left else 0.0
        for card in player.hand:
            if self.book[card].type == "blessing":
                value += max(0.0, valuer.play_value(card, dice, max(0.0, extra)))
        return value

    # ---------------------------------------------------------------- look-ahead
    def _sample(self, view: State) -> State:
        return self.rules.determinize(view, self.seat, self._random)

    def _resolve(self, state: State, valuer: Valuer, seed: int) -> State:
        """Carry the chain through: both players pass, choices by rule of thumb, until play is back in a
        main phase (or the game is over)."""
        for step in range(80):
            flow = state.flow
            if flow.phase in (Phase.OVER, Phase.MAIN):
                return state
            if flow.phase == Phase.WINDOW:
                if flow.window == Window.TURN_START and not flow.chain:
                    return state
                intent: Intent = Pass(flow.priority)
            else:
                intent = self._rule_of_thumb(state, self.rules.legal_intents(state), valuer)
            state = self.rules.apply(state, intent, SeededRandom(seed * 131 + step)).state
        return state

    def _after(self, state: State, intent: Intent, valuer: Valuer, seed: int) -> State:
        """The position after ``intent`` and the chain it starts."""
        state = self.rules.apply(state, intent, SeededRandom(seed)).state
        return self._resolve(state, valuer, seed)

    def _chance_samples(self, card: str) -> int:
        """How many rolls to average for a card (the chance die varies; the others do not)."""
        return 3 if any(s.formula is not None and CHANCE in s.formula.dice for s in self.book[card].steps) else 1

    # ---------------------------------------------------------------- the main phase
    def _main_choice(self, view: State, mine: list[Intent]) -> Intent:
        return self._main_options(view, mine)[0][1]

    def _main_options(self, view: State, mine: list[Intent]) -> list[tuple[float, Intent, str]]:
        """The main-phase moves worth weighing, best first, each with its gain over the position now (in HP)
        and the sentence that says why: the best play if it beats keeping the cards, then the buys, a reroll
        of the shop and the end of the turn, by what each gains."""
        ctx = self._context(view)
        valuer = Valuer(self.rules, ctx)
        sample = self._sample(view)
        base = self.score(sample, valuer)
        ending = self.score(sample, valuer, hand_counts=False)
        end = next((i for i in mine if isinstance(i, EndTurn)), None)
        # 1. The hand first: the best play, if it beats keeping the cards for nothing.
        plays = [i for i in mine if isinstance(i, (Play, Reveal))]
        # Cards that draw cards can cycle a thin deck for ever, Deep Pockets rerolls the shop as long as
        # the gold lasts: a turn of many moves ends.
        turn = (view.flow.turn, view.flow.active)
        self._plays_this_turn = self._plays_this_turn + 1 if self._turn_seen == turn else 0
        self._turn_seen = turn
        worn_out = self._plays_this_turn > self.MOST_MOVES_A_TURN
        if worn_out:
            plays = []
        scored: list[tuple[float, Play | Reveal]] = []
        for intent in plays:
            card = intent.card
            runs = self._chance_samples(card)
            total = 0.0
            for run in range(runs):
                total += self.score(self._after(sample, intent, valuer, self._random.randrange(1 << 30)), valuer)
            scored.append((total / runs, intent))
        # The best play first (the first met of equal scores), then the others worth more than keeping the cards.
        scored.sort(key=lambda item: item[0], reverse=True)
        best_play = scored[0][1] if scored else None
        options: list[tuple[float, Intent, str]] = []
        if scored and scored[0][0] > ending:
            # Every play worth more than keeping the cards comes first, best first (a searching bot weighs them).
            options += [(math.inf, intent, self._play_reason(view, intent, valuer))
                        for value, intent in scored if value > ending]
        # 2. The shop: the best buy, a reroll, or the end of the turn.
        for move in mine:
            if isinstance(move, Buy):
                gain = self.score(self._after(sample, move, valuer, 0), valuer) - base
                options.append((gain, move, self._buy_reason(view, move, valuer)))
        reroll = next((i for i in mine if isinstance(i, RerollShop)), None)
        if reroll is not None and not worn_out:
            options.append((self._reroll_gain(view, reroll, valuer, base), reroll, self._reroll_reason(view)))
        if end is not None:
            options.append((ending - base, end, self._end_reason(view, mine, weighed_reroll=not worn_out)))
        if not options:
            fallback = best_play or mine[0]
            return [(0.0, fallback, self._play_reason(view, best_play, valuer) if best_play else
                     "The only sensible move now.")]
        options.sort(key=lambda item: item[0], reverse=True)
        return options

    # ---------------------------------------------------------------- why, in the game's words
    def _name(self, card: str) -> str:
        return self.book[card].name

    def _play_reason(self, view: State, intent: Play | Reveal, valuer: Valuer) -> str:
        card = intent.card
        verb = "Flip" if isinstance(intent, Reveal) else "Play"
        dice = view.dice
        damage = valuer.damage_value(card, dice)
        steps = {step.kind: step for step in self.book[card].steps}
        if damage >= 0.5:
            return f"{verb} {self._name(card)}: with the dice as they stand it deals about {round(damage)} damage."
        if "heal" in steps and steps["heal"].formula is not None:
            return (f"{verb} {self._name(card)}: it heals about {round(_mean(steps['heal'].formula, dice))} HP, "
                    f"more than anything else in hand brings now.")
        if "gain_gold" in steps and steps["gain_gold"].formula is not None:
            return (f"{verb} {self._name(card)}: it earns about {round(_mean(steps['gain_gold'].formula, dice))} "
                    f"gold, and nothing in hand does more now.")
        return f"{verb} {self._name(card)}: it is the most useful card in hand now."

    def _buy_reason(self, view: State, intent: Buy, valuer: Valuer) -> str:
        card = intent.card
        price = self.book[card].cost
        gold = view.players[self.seat].gold
        damage = valuer.damage_value(card, view.dice)
        average = valuer.damage_value(card, MEAN_DICE)
        if max(damage, average) >= 0.5:
            return (f"Buy {self._name(card)}: {price} of your {gold} gold, and it hits for about "
                    f"{round(max(damage, average))} each time you play it.")
        if self.book[card].type == "passive":
            return f"Buy {self._name(card)}: {price} of your {gold} gold, and it works for the rest of the game."
        return (f"Buy {self._name(card)}: {price} of your {gold} gold, and it makes your deck stronger "
                f"for the turns ahead.")

    def _reroll_reason(self, view: State) -> str:
        """Why a reroll of the shop, in what the board shows: the row (empty or not) and the gold it costs."""
        gold = view.players[self.seat].gold
        cost = self.rules.reroll_cost(view, self.seat)
        if not view.shop_row:
            return (f"Reroll the shop: its row is empty, and for {cost} of your {gold} gold five cards are laid "
                    "out to buy from.")
        return (f"Reroll the shop: nothing in the row is worth its price yet, and for {cost} of your {gold} gold "
                "five new cards may be.")

    def _end_reason(self, view: State, mine: list[Intent], weighed_reroll: bool = True) -> str:
        """Why end the turn, naming every other thing the player could still do there (the hand, a buy, a
        reroll of the shop) and the cause each is left: a hint never leaves out a move it did not weigh."""
        player = view.players[self.seat]
        gold = player.gold
        hand = ("nothing left in hand is worth playing now" if player.hand else "your hand is empty")
        if any(isinstance(i, Buy) for i in mine):
            return (f"End the turn: {hand}, nothing in the row is worth its price to this deck, and your {gold} "
                    "gold keeps for a better card.")
        if any(isinstance(i, RerollShop) for i in mine):
            cost = self.rules.reroll_cost(view, self.seat)
            if not weighed_reroll:
                return (f"End the turn: {hand}, and this turn has run long; a shop reroll ({cost} of your {gold} "
                        "gold) is still open to you.")
            row = "the shop's row is empty" if not view.shop_row else "nothing in the row is worth its price"
            return (f"End the turn: {hand} and {row}; five new cards for {cost} of your {gold} gold are unlikely "
                    "to be worth more to this deck than the gold kept.")
        flow = view.flow
        if flow.buys:
            shop = "you have bought your card this turn"
        elif view.shop_row:
            shop = f"your {gold} gold buys nothing in the row"
        elif flow.rerolls:
            shop = "the shop's two rerolls of this turn are spent"
        else:
            shop = f"the shop's row is empty and your {gold} gold does not pay for a reroll"
        return f"End the turn: {hand}, and {shop}."

    # ---------------------------------------------------------------- the hint: a choice and why
    def _decide(self, legal: Sequence[Intent], view: State) -> tuple[Intent, str]:
        mine = [intent for intent in legal if intent.seat == self.seat] or list(legal)
        self._remember(view)
        if len(mine) == 1:
            if isinstance(mine[0], EndTurn):
                return mine[0], self._end_reason(view, mine)
            return mine[0], "The only move there is."
        flow = view.flow
        if flow.phase == Phase.EFFECT:
            return self._effect_choice(view, mine), "The choice that helps the card taking effect most."
        if flow.phase == Phase.WINDOW:
            choice = self._window_choice(view, mine)
            if isinstance(choice, Pass):
                return choice, "Pass: answering would not save more than it costs."
            if isinstance(choice, (Play, Reveal)):
                return choice, f"Answer with {self._name(choice.card)}: it saves more than it costs."
            return choice, "Answer: a card in hand saves more than it costs."
        _, intent, reason = self._main_options(view, mine)[0]
        return intent, reason

    def _reroll_gain(self, view: State, reroll: Intent, valuer: Valuer, base: float) -> float:
        """The average, over sampled shop decks, of the position after the reroll and the best buy the new
        row offers (or none), against the position now."""
        total = 0.0
        for _ in range(self.REROLL_SAMPLES):
            sample = self._sample(view)
            rolled = self.rules.apply(sample, reroll, SeededRandom(self._random.randrange(1 << 30))).state
            best = self.score(rolled, valuer)
            for intent in self.rules.legal_intents(rolled):
                if isinstance(intent, Buy):
                    after = self.rules.apply(rolled, intent, SeededRandom(0)).state
                    best = max(best, self.score(after, valuer))
            total += best
        return total / self.REROLL_SAMPLES - base

    # ---------------------------------------------------------------- windows
    def _window_choice(self, view: State, mine: list[Intent]) -> Intent:
        flow = view.flow
        passing = next((i for i in mine if isinstance(i, Pass)), mine[0])
        top = flow.chain[-1] if flow.chain else None
        if top is None or top.controller == self.seat or flow.active == self.seat:
            return passing              # our own cards and turn: the hand is played in the main phase
        if not self.rules.responses(view, self.seat):
            return passing
        ctx = self._context(view)
        valuer = Valuer(self.rules, ctx)
        sample = self._sample(view)
        if any(isinstance(i, Respond) for i in mine):
            sample = self.rules.apply(sample, Respond(self.seat), SeededRandom(0)).state
        candidates = [i for i in self.rules.legal_intents(sample) if isinstance(i, (Play, Reveal))]
        seed = self._random.randrange(1 << 30)
        best, best_score = None, self.score(self._after(sample, Pass(self.seat), valuer, seed), valuer)
        for intent in candidates:
            value = self.score(self._after(sample, intent, valuer, seed), valuer)
            if value > best_score + 0.5:
                best, best_score = intent, value
        if best is None:
            return passing
        respond = next((i for i in mine if isinstance(i, Respond)), None)
        return respond if respond is not None else best

    # ---------------------------------------------------------------- choices while a card takes effect
    def _effect_choice(self, view: State, mine: list[Intent]) -> Intent:
        valuer = Valuer(self.rules, self._context(view))
        return self._rule_of_thumb(view, mine, valuer)

    def _rule_of_thumb(self, state: State, legal: Sequence[Intent], valuer: Valuer) -> Intent:
        """A choice for whoever decides the executing card's step, by a simple rule for each kind."""
        seat = chooser(state)
        first = legal[0]
        execution = state.flow.executing
        dice = state.dice
        if isinstance(first, Chance):
            assert execution is not None            # a chance choice is a step of the executing card
            ours = execution.controller == seat
            low = state.die(CHANCE) < 4
            return Chance(seat, low if ours else not low)
        if isinstance(first, Term):       # Magical Barrier: lower the term that costs the attack most
            return max((i for i in legal if isinstance(i, Term)), key=lambda i: state.die(i.die))   # all terms
        if isinstance(first, Pay):
            return max((i for i in legal if isinstance(i, Pay)), key=lambda i: i.gold)   # all payments
        if isinstance(first, (Reroll, SetDie, FlipDie, Swap)):
            return max(legal, key=lambda i: self._dice_score(state, self._dice_after(dice, i), valuer, seat))
        if isinstance(first, Again):
            assert execution is not None            # an again choice is a step of the executing card
            die = execution.die
            keep = self._dice_score(state, dice, valuer, seat)
            roll = sum(self._dice_score(state, _with(dice, die, v), valuer, seat) for v in range(1, 7)) / 6
            return Again(seat, roll > keep)
        if isinstance(first, (Take, Put)):
            options = [i for i in legal if isinstance(i, (Take, Put))]
            worth = {i: valuer.play_value(i.card, dice) + (3 if self.book[i.card].type == "passive" else 0)
                     for i in options}
            sabotage = isinstance(first, Put) and self.rules._current_step(execution).zone == "opponent_draw"
            # Our own pile: the best cards on top; the other's (Sabotage): the worst.
            return (min(options, key=lambda i: worth[i]) if sabotage else max(options, key=lambda i: worth[i]))
        if isinstance(first, Discard):
            return min((i for i in legal if isinstance(i, Discard)), key=lambda i: valuer.play_value(i.card, dice))
        if isinstance(first, Cancel):
            return max((i for i in legal if isinstance(i, Cancel)), key=lambda i: valuer.play_value(i.card, dice))
        if isinstance(first, (Remove, Stop)):
            return self._thinning(state, legal, valuer, seat)
        for intent in legal:
            if isinstance(intent, (Done, KeepOrder)):
                return intent
        return first

    def _thinning(self, state: State, legal: Sequence[Intent], valuer: Valuer, seat: int) -> Intent:
        """Optimization: remove the card whose going makes the deck's hand of a turn better most (a Basic Income
        in a deck with attacks: the attacks come to hand more often), or stop when none does."""
        stop: Intent = next(i for i in legal if isinstance(i, Stop))
        cards = self.deck(state, seat)
        hand, actions = self._hand_and_actions(state, seat)
        if len(cards) <= hand:
            return stop
        best, best_value = stop, valuer.deck_value(cards, state.dice, hand, actions)
        for intent in legal:
            if isinstance(intent, Remove) and intent.card in cards:
                rest = list(cards)
                rest.remove(intent.card)
                value = valuer.deck_value(rest, state.dice, hand, actions)
                if value > best_value + 1e-9:
                    best, best_value = intent, value
        return best

    def _dice_after(self, dice: tuple[int, ...], intent: Intent) -> tuple[int, ...] | list[tuple[int, ...]]:
        if isinstance(intent, SetDie):
            return _with(dice, intent.die, intent.value)
        if isinstance(intent, FlipDie):
            return _with(dice, intent.die, 7 - dice[DICE.index(intent.die)])
        if isinstance(intent, Swap):
            first, second = dice[DICE.index(intent.first)], dice[DICE.index(intent.second)]
            return _with(_with(dice, intent.first, second), intent.second, first)
        assert isinstance(intent, Reroll)
        return [_with(dice, intent.die, v) for v in range(1, 7)]

    def _dice_score(self, state: State, dice: tuple[int, ...] | list[tuple[int, ...]], valuer: Valuer,
                    seat: int) -> float:
        """How good dice are for ``seat``: its deck's worth against the other's (averaged over a reroll's
        six faces), and the hand it may still play this turn."""
        if isinstance(dice, list):
            return sum(self._dice_score(state, d, valuer, seat) for d in dice) / len(dice)
        other = 1 - seat
        turns = valuer.ctx.turns_left
        value = 0.0
        for who, sign in ((seat, 1.0), (other, -1.0)):
            hand, actions = self._hand_and_actions(state, who)
            value += sign * turns * valuer.deck_value(self.deck(state, who), dice, hand, actions)
        if seat == self.seat and state.flow.active == seat:
            left = self.rules.actions_left(state, seat)
            hand_values = sorted((valuer.play_value(c, dice) for c in state.players[seat].hand
                                  if self.book[c].type == "action"), reverse=True)
            value += sum(v for v in hand_values[:left] if v > 0)
        return value


# ==================================================================== greedy
class GreedyBot(StrongBot):
    """One move ahead on the obvious measure, the HP difference: it plays the card that leaves it furthest
    ahead in HP once the card has taken effect (gold breaks a tie), buys the card that deals the most damage
    with the dice as they stand (rerolling the shop when the row holds no attack and an attack is still paid for
    after), and ends its turn; it answers nothing.  Choices while a card takes effect are
    the strong bot's rules of thumb.  A yardstick for ``simulate``, not a level for the table."""

    bot_id = "greedy"

    def _measure(self, state: State) -> float:
        if state.flow.phase == Phase.OVER:
            return BIG if state.flow.winner == self.seat else -BIG
        mine, theirs = state.players[self.seat], state.players[1 - self.seat]
        return mine.hp - theirs.hp + 0.01 * mine.gold

    def _main_options(self, view: State, mine: list[Intent]) -> list[tuple[float, Intent, str]]:
        valuer = Valuer(self.rules, self._context(view))
        sample = self._sample(view)
        now = self._measure(sample)
        options: list[tuple[float, Intent, str]] = []
        for intent in mine:
            if isinstance(intent, Play):
                seed = self._random.randrange(1 << 30)
                gain = self._measure(self._after(sample, intent, valuer, seed)) - now
                if gain > 0:
                    options.append((1000 + gain, intent, self._play_reason(view, intent, valuer)))
            elif isinstance(intent, Buy):
                damage = valuer.damage_value(intent.card, view.dice)
                if damage > 0:
                    options.append((damage, intent, self._buy_reason(view, intent, valuer)))
            elif isinstance(intent, EndTurn):
                options.append((0.0, intent, self._end_reason(view, mine)))
        if not any(isinstance(move, Buy) for _, move, _ in options):         # the row holds no attack
            reroll = next((i for i in mine if isinstance(i, RerollShop)), None)
            # The row starts empty: without an attack in it, five new cards, if an attack is still paid for after.
            gold = view.players[self.seat].gold
            if reroll is not None and gold - self.rules.reroll_cost(view, self.seat) >= self._cheapest_attack():
                options.append((0.5, reroll, "Reroll the shop: nothing in the row hits, and five new cards may."))
        if not options:
            return [(0.0, mine[0], "The first move there is.")]
        options.sort(key=lambda item: item[0], reverse=True)
        return options

    def _window_choice(self, view: State, mine: list[Intent]) -> Intent:
        return next((i for i in mine if isinstance(i, Pass)), mine[0])

    def _cheapest_attack(self) -> int:
        return min(card.cost for card in self.book.cards if _hits_opponent(card))


# ==================================================================== expert
class ExpertBot(StrongBot):
    """The strong bot with its hand and shop searched: the cards in hand worth playing (each kind once), or when
    none is, the strong bot's few best moves of the shop (buys, a reroll, the end of the turn), are each played out
    on the same states sampled from this bot's view (``rules.determinize``), through the other player's turn and
    its own next one, strong bots in both seats, and scored by the strong bot's measure with the cards bought on
    the way.  The strong bot's move stays unless another ends clearly better.  Answers and choices while a card
    takes effect are the strong bot's."""

    bot_id = "expert"
    #: Offered at seat setup, as the stronger of the two: in ``simulate --bots expert,strong --jobs 1`` it won 208 of
    #: 320 decided games (65.0 %, interval 0.60-0.70; seeds 5, 7, 9, 15, 17, 19, 21, 23 with 40 games), decision p95
    #: 0.52-0.61 s.  Searching the shop alone won 145 of 250 (58 %): the hand's search made the difference (with the
    #: shop alone, six rounds of samples, budget 90,000, won no more at p95 0.7-0.8 s, nor play-outs of four turns).
    at_the_table = True
    #: A deck-builder is decided in the shop (what is bought, or rerolled for, stays in the deck for the rest of the
    #: game), and, with one action a turn, by which card of the hand is played (an attack now or the gold for a
    #: better buy).  So both are searched: the PLAY_CANDIDATES best kinds of card worth playing, or when none is,
    #: the CANDIDATES best shop moves by the strong bot's score, each played out until TURNS turns have ended
    #: (the other's turn and its own next one: the row it leaves and the hand it draws next count).  Another move
    #: must beat the strong bot's own by MARGIN on average without its best sample, and on all samples but one
    #: (play-outs are noisy: when one lucky play-out could carry a move, the expert ended 6.3 % of its turns holding
    #: 20 gold or more with a buy legal; now 3.1 %, the strong bot's 2.7 %: ``tools/bot_habits.py``, seed 1).
    #: Samples come in rounds (one sampled state for every move), SAMPLES at most; after MIN_SAMPLES rounds no new
    #: round starts once the decision has valued BUDGET card and deck worths: that is where its time goes (about
    #: 12 us each here, more with the big decks of a long game), and a count, unlike a clock, keeps the bot's
    #: choices the same for a seed.  PLAYOUT_MOVES caps a play-out (a turn of many moves ends).
    MARGIN = 4.0
    CANDIDATES = 5
    SAMPLES = 4
    MIN_SAMPLES = 2
    BUDGET = 50_000
    TURNS = 2
    PLAYOUT_MOVES = 300
    PLAY_CANDIDATES = 3

    def __init__(self, rules: Any, seed: int, seat: int) -> None:
        super().__init__(rules, seed, seat)
        self._contexts: dict[tuple[Any, ...], Context] = {}

    def _context(self, state: State) -> Context:
        return _shared_context(super()._context(state), self._contexts)

    def _main_options(self, view: State, mine: list[Intent]) -> list[tuple[float, Intent, str]]:
        self._contexts.clear()          # one decision's worths at a time (the memory stays small)
        options = super()._main_options(view, mine)
        # A card worth playing comes first (math.inf), with the other plays worth more than keeping the cards.
        if options[0][0] == math.inf:
            # Copies of a card (eight Basic Incomes) play alike: each kind is weighed once, at its best copy.
            by_kind: dict[str, tuple[float, Intent, str]] = {}
            for option in options:
                if option[0] == math.inf:
                    move = option[1]
                    assert isinstance(move, (Play, Reveal, Buy))     # worth math.inf: a play (see above)
                    by_kind.setdefault(self.book[move.card].key, option)
            candidates = list(by_kind.values())[:self.PLAY_CANDIDATES]
        else:
            candidates = options[:self.CANDIDATES]
        if len(candidates) < 2:
            return options
        valuer = Valuer(self.rules, self._context(view))
        last = view.flow.turn + self.TURNS
        outcomes: list[list[float]] = [[] for _ in candidates]
        for round_ in range(self.SAMPLES):
            # A round: one sampled state, every move played out on it with the same seed.  Rounds stop early once
            # the card worths valued pass BUDGET (the time goes to valuing them: big decks late in a game).
            if round_ >= self.MIN_SAMPLES and self._worths() > self.BUDGET:
                break
            sample, seed = self._sample(view), self._random.randrange(1 << 30)
            for scores, (_, intent, _) in zip(outcomes, candidates):
                scores.append(self._playout(sample, intent, valuer, seed, last))
        weighed = {intent for _, intent, _ in candidates}
        ranked = by_playouts(candidates, outcomes, self.MARGIN, without_best=True)
        return ranked + [option for option in options if option[1] not in weighed]

    def _worths(self) -> int:
        """How many card and deck worths this decision has valued (its work, counted without a clock)."""
        return sum(len(ctx.cache) for ctx in self._contexts.values())

    def _policy(self, seat: int, seed: int) -> StrongBot:
        """A strong bot for ``seat`` in a play-out, knowing what this bot knows of every deck."""
        bot = _PlayoutPolicy(self.rules, seed, seat, self._contexts)
        bot.owned = [set(cards) for cards in self.owned]
        bot._last_row = self._last_row
        if seat == self.seat:
            bot._turn_seen, bot._plays_this_turn = self._turn_seen, self._plays_this_turn
        return bot

    def _playout(self, state: State, intent: Intent, valuer: Valuer, seed: int, last: int) -> float:
        """The score after ``intent`` on the sampled ``state`` and the play until turn ``last`` ends, strong bots
        in both seats (``seed`` fixes their dice and draws)."""
        rules = self.rules
        bought: list[set[str]] = [set(), set()]
        if isinstance(intent, Buy):
            bought[self.seat].add(intent.card)
        state = rules.apply(state, intent, SeededRandom(seed + 7)).state
        rng = SeededRandom(seed)           # the same dice after every move weighed
        policies = [self._policy(seat, seed + seat) for seat in (0, 1)]
        for _ in range(self.PLAYOUT_MOVES):
            seat = state.to_act
            if seat is None or state.flow.turn > last:
                break
            move = policies[seat].choose(rules.legal_intents(state), rules.view(state, seat))
            if isinstance(move, Buy):
                bought[seat].add(move.card)
            state = rules.apply(state, move, rng).state
        # The decks are scored with the cards bought in the play-out: this bot's memory alone would lose a card
        # once it is shuffled into a draw pile, and never see what the other player bought (its discard pile is
        # hidden), so buying would look worse than ending the turn, and the other's buys free.
        known = self.owned
        self.owned = [known[seat] | bought[seat] for seat in (0, 1)]
        try:
            return self.score(state, valuer)
        finally:
            self.owned = known


class _PlayoutPolicy(StrongBot):
    """The strong bot in the expert's play-outs: a shop reroll judged on one sampled row, not four (the
    play-outs are many; the strong bot's time goes mostly to judging rerolls), and its weights rounded and shared
    with the expert's other play-outs of the same decision (see :func:`_shared_context`)."""

    REROLL_SAMPLES = 1

    def __init__(self, rules: Any, seed: int, seat: int, contexts: "dict[tuple[Any, ...], Context] | None" = None
                 ) -> None:
        super().__init__(rules, seed, seat)
        self.contexts: dict[tuple[Any, ...], Context] = {} if contexts is None else contexts

    def _context(self, state: State) -> Context:
        ctx = super()._context(state)
        # Weights rounded, so that more decisions of the play-outs share them (a play-out needs no finer).
        earned = ctx.gold_worth if ctx.earned_worth is None else ctx.earned_worth
        ctx = replace(ctx, turns_left=round(ctx.turns_left * 4) / 4, gold_worth=round(ctx.gold_worth, 2),
                      heal_worth=round(ctx.heal_worth, 2), earned_worth=round(earned, 2), cache={})
        return _shared_context(ctx, self.contexts)


def _shared_context(ctx: Context, contexts: "dict[tuple[Any, ...], Context]") -> Context:
    """``ctx``, or the context of the same weights met before in ``contexts``: its cache of card and deck worths
    is then reused.  The worths depend only on the context's weights and on what their keys hold (cards, dice,
    decks, HP), never on whose decision it is, so play-outs of one decision share them (the strong bot's time
    goes to valuing decks, and play-outs of one decision value the same decks again and again)."""
    key = tuple(getattr(ctx, weight.name) for weight in fields(ctx) if weight.name != "cache")
    known = contexts.get(key)
    if known is None:
        contexts[key] = known = ctx
    return known


def _own_hp_worth(hp: int) -> float:
    """What a player's own HP are worth: each one up to the 60 it starts with, a tenth beyond.

    >>> _own_hp_worth(50), _own_hp_worth(100)
    (50.0, 64.0)
    """
    return float(hp) if hp <= 60 else 60 + OVER_START * (hp - 60)


def _with(dice: tuple[int, ...], die: str, value: int) -> tuple[int, ...]:
    changed = list(dice)
    changed[DICE.index(die)] = value
    return tuple(changed)


_SEARCHING: dict[str, type[StrongBot]] = {"greedy": GreedyBot, "strong": StrongBot, "expert": ExpertBot}
