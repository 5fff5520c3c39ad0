"""Dice Realms bots: an easy one that plays at random with light sense, and a strong heuristic one.

Nothing is hidden in Dice Realms, so a bot's view is the whole table.  The strong bot
does not play games out: it values a grimoire by an estimate of its *final* score
(:class:`SheetValuer`) and, as the active player, adds the expectation of its next
roll over a fixed set of sampled faces (the same faces for every candidate, so two
candidates differ by what they do, not by the luck of their samples).  Its lookahead
enters dice on copies of its own grimoire (:func:`enter`), never on the table.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable, Sequence

from tabletop.core.bots import BotBase, by_paired_gain
from tabletop.core.protocol import no_such_bot
from tabletop.core.rng import derive_seed
from tabletop.core.values import copier

from .intents import Bonus, Boost, Forfeit, Intent, Pass, Pick, Roll, TimeWarp
from .scoring import realm_scores, total_score
from .state import DICE, BonusKind, Cell, Grimoire, Stage, State
from .tables import REALMS, RealmTables

__all__ = ["EasyBot", "GreedyBot", "StrongBot", "SheetValuer", "Weights", "enter", "explain", "make_bot", "points"]

#: The levels of this game's bots, weakest first.
LEVELS = ("easy", "greedy", "strong", "expert")

_TOKEN_FIELDS = {"time_warp": "time_warps", "arcane_boost": "arcane_boosts", "crest": "crests"}
#: A copy of a grimoire with some fields changed (``dataclasses.replace`` for this one class, made cheap: the
#: bots' look-ahead copies grimoires all the time).
_sheet = copier(Grimoire)
#: The values a Yellow Bonus writes when the tables name none: one mapping for all, so that its identity names it.
_NO_YELLOW_BONUS: dict[str, int] = {}


# --------------------------------------------------------------------------- the easy bot

class EasyBot(BotBase):
    """Random among the legal intents, with light sense: it always enters a die or a bonus when it can
    (never forfeits, passes or lets a boost go to waste while there is something to enter), re-rolls only
    a roll it cannot use, and avoids writing a low value on a Savanna multiplier cell when another entry exists."""

    bot_id = "easy"

    def __init__(self, rules: Any, seed: int, seat: int) -> None:
        self._rules = rules
        self._random = random.Random(seed)
        self.seat = seat

    def choose(self, legal: Sequence[Intent], view: State) -> Intent:
        """One of ``legal`` (which must not be empty)."""
        entries = [i for i in legal if isinstance(i, (Pick, Boost, Bonus))]
        if not entries:
            # Only roll, time-warp, forfeit or pass are left: re-roll an unusable roll rather than lose it.
            for kind in (Roll, TimeWarp):
                for intent in legal:
                    if isinstance(intent, kind):
                        return intent
            return legal[self._random.randrange(len(legal))]
        sensible = [i for i in entries if not self._wasteful(i, view)]
        pool = sensible or entries
        return pool[self._random.randrange(len(pool))]

    def _wasteful(self, intent: Pick | Boost | Bonus, view: State) -> bool:
        """A die of 1 to 3 on a Savanna cell that multiplies: points thrown away for nothing."""
        if isinstance(intent, Bonus) or intent.realm != "yellow":
            return False
        tables = self._rules.tables
        return (tables.yellow_multipliers[intent.cell.number - 1] > 1
                and view.dice.value(intent.die) <= 3)


# --------------------------------------------------------------------------- the grimoire model

def enter(tables: RealmTables, sheet: Grimoire, realm: str, cell: Cell, value: int,
          yellow_values: dict[str, int]) -> tuple[Grimoire, tuple[BonusKind, ...]]:
    """``sheet`` after one entry (a die or a bonus) and the colour bonuses it earns, as the rules give them:
    tokens are added at once, a colour bonus with no free cell is lost (rules ``_mark``)."""
    rewards: list[tuple[str, str]] = []
    if realm == "red":
        crossed = sheet.red | {cell}
        sheet = _sheet(sheet, red=crossed)
        for goal in tables.red_goals_by_cell[cell]:
            if goal.cells <= crossed:
                rewards.append((goal.reward, f"red-{goal.goal_id}"))
    elif realm == "green":
        crossed_g = sheet.green | {cell.number}
        sheet = _sheet(sheet, green=crossed_g)
        for goal in tables.green_goals_by_cell[cell.number]:
            if goal.cells <= crossed_g:
                rewards.append((goal.reward, f"green-{goal.goal_id}"))
    elif realm == "blue":
        sheet = _sheet(sheet, blue=sheet.blue + 1)
        rewards.append((tables.blue_rewards[sheet.blue - 1], ""))
    elif realm == "magenta":
        sheet = _sheet(sheet, magenta=(*sheet.magenta, value))
        rewards.append((tables.magenta_rewards[len(sheet.magenta) - 1], f"magenta-cell-{len(sheet.magenta)}"))
    else:
        sheet = _sheet(sheet, yellow=(*sheet.yellow, value))
        rewards.append((tables.yellow_rewards[len(sheet.yellow) - 1], ""))
    bonuses: list[BonusKind] = []
    for reward, source in rewards:
        if reward == "none":
            continue
        field = _TOKEN_FIELDS.get(reward)
        if field:
            sheet = _sheet(sheet, **{field: getattr(sheet, field) + 1})
        elif has_room(tables, sheet, reward):
            bonuses.append(BonusKind(reward, yellow_values.get(source, 6)) if reward == "yellow"
                           else BonusKind(reward))
    return sheet, tuple(bonuses)


def has_room(tables: RealmTables, sheet: Grimoire, realm: str) -> bool:
    """Whether ``realm`` still has a cell a colour bonus could take."""
    if realm == "red":
        return len(sheet.red) < len(tables.red_values)
    if realm == "green":
        return len(sheet.green) < len(tables.green_cells)
    if realm == "blue":
        return sheet.blue < len(tables.blue_thresholds)
    return len(sheet.magenta if realm == "magenta" else sheet.yellow) < 11


def bonus_cells(tables: RealmTables, sheet: Grimoire, realm: str) -> list[tuple[Cell, int]]:
    """(cell, value written) for every place a colour bonus may go in ``realm`` (the value: 6 on a track,
    the cell's own number on a grid, 0 for a Tide Abyss cell)."""
    if realm == "red":
        return [(cell, v) for cell, v in tables.red_values.items() if cell not in sheet.red]
    if realm == "green":
        return [(Cell.at(v), v) for v in tables.green_cells if v not in sheet.green]
    if realm == "blue":
        return [(Cell.at(sheet.blue + 1), 0)] if sheet.blue < len(tables.blue_thresholds) else []
    entries = sheet.magenta if realm == "magenta" else sheet.yellow
    return [(Cell.at(len(entries) + 1), 6)] if len(entries) < 11 else []


# --------------------------------------------------------------------------- the strong bot's valuation

@dataclass(frozen=True)
class Weights:
    """The knobs of the valuation: how many more entries each realm may expect over a whole game, what a
    reward is worth, and how much a die kept for the next roll is worth.  The defaults were tuned in
    strong-against-strong matches (300-400 seeded games a setting): fewer Terra and Tide Abyss entries to come and
    a lighter weight on the crests than the first guesses gained about 15 points a game."""

    red_reach: float = 2.2          # q = 1 - exp(-red_reach * time left): chance a given Emberfall cell is crossed
    green_reach: float = 2.0
    green_future: float = 3.6       # Terra crosses to come over a whole game
    blue_future: float = 4.2        # Tide Abyss cells to come over a whole game
    magenta_future: float = 5.5
    magenta_mean: float = 3.8       # a Mystical Sky entry to come, on average
    yellow_future: float = 7.0
    yellow_mean: float = 4.6        # a Savanna value to come, on average
    flex: float = 3.0               # a high last Mystical Sky entry blocks the next ones
    colour_bonus: float = 8.0
    time_warp: float = 2.5
    arcane_boost: float = 8.0
    crest_min_share: float = 0.6    # weight of crests x the weakest realm
    kept_die: float = 1.2           # a die kept in hand for a later roll of this turn
    denial: float = 0.25            # share of the rival's best Forgotten Realm pick counted against a choice
    samples: int = 32


_MAGENTA_BLOCK = (0.0, 0.0, 0.15, 0.4, 0.8, 1.4, 0.0)   # by the last Mystical Sky entry (index = value)


def _interp(points: Sequence[int], position: float) -> float:
    """A score table read at a fractional position (capped at its last entry)."""
    last = len(points) - 1
    if position >= last:
        return float(points[last])
    low = int(position)
    return points[low] + (points[low + 1] - points[low]) * (position - low)


#: One realm's part of a grimoire's value: its score, the chances it adds to the crests, the worths it adds to
#: the extras (each in the order they are added).
_Part = tuple[float, list[float], list[float]]


#: How many gains a strong bot keeps by the grimoire's content across decisions.  Each holds two grimoires alive:
#: at 200,000 the play-outs of a long expert game held 150,000 grimoires (over 100 MB more than before the cache);
#: 20,000 keeps most of the speed and the app within its memory.
LASTING_KEPT = 20_000


class SheetValuer:
    """An estimate of a grimoire's final score, ``time_left`` (1 at the start, 0 at the end) telling how much
    of the game is still to come: each realm's score plus what its progress promises, the crests times the
    weakest realm so promised, and the tokens in hand."""

    def __init__(self, tables: RealmTables, weights: Weights) -> None:
        self.t = tables
        self.w = weights
        t = tables
        self._red_columns = tuple((goal.cells, goal.points) for goal in t.red_columns)
        self._red_goals = tuple((goal.cells, goal.reward) for goal in t.red_goals if goal.reward != "none")
        green_goals = {goal for goals in t.green_goals_by_cell.values() for goal in goals}
        self._green_goals = tuple(sorted(((goal.cells, goal.reward) for goal in green_goals),
                                         key=lambda item: sorted(item[0])))
        self._green_cell_odds = {v: (6 - abs(7 - v)) / 6 for v in t.green_cells}  # a sum's ways, vs. 7's
        self._cache: dict = {}
        #: Each realm's part of a value (:meth:`value`), by that realm's entries and the time left, in the order
        #: red, green, blue, magenta, yellow.
        self._part_of: tuple[Callable[[Any, float], _Part], ...] = (
            self._red_part, self._green_part, self._blue_part, self._magenta_part, self._yellow_part)
        self._parts: tuple[dict[tuple[Any, float], _Part], ...] = tuple({} for _ in self._part_of)

    def reward_value(self, reward: str, time_left: float) -> float:
        """What a goal's reward adds, crests aside (they multiply the weakest realm)."""
        w = self.w
        if reward in REALMS:
            return w.colour_bonus
        if reward == "time_warp":
            return w.time_warp * min(1.0, 2 * time_left)
        if reward == "arcane_boost":
            return w.arcane_boost
        return 0.0

    def value(self, sheet: Grimoire, time_left: float, final: bool = False) -> float:
        """The estimated final score of ``sheet``; ``final``: only the final boost window is left."""
        key = (sheet.red, sheet.green, sheet.blue, sheet.magenta, sheet.yellow, sheet.time_warps,
               sheet.arcane_boosts, sheet.crests, time_left, final)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        if len(self._cache) > 200_000:
            self._cache.clear()
            for kept in self._parts:
                kept.clear()
        w = self.w
        tl = time_left
        # Each realm's part is kept by that realm's entries (and the time left): a search's sheets differ in a
        # realm or two, and the realms were most of a search's time.  A part keeps the chances it adds to the
        # crests and to the extras one by one, so they are added in the order a single pass adds them: the
        # same sums to the last bit.
        parts: list[_Part] = []
        for realm_parts, entries, part in zip(self._parts, (sheet.red, sheet.green, sheet.blue, sheet.magenta,
                                                             sheet.yellow), self._part_of):
            found = realm_parts.get((entries, tl))
            if found is None:
                found = realm_parts[(entries, tl)] = part(entries, tl)
            parts.append(found)
        crests = float(sheet.crests)
        extras = 0.0
        for _, crest_chances, extra_worths in parts:
            for chance in crest_chances:
                crests += chance
            for worth in extra_worths:
                extras += worth
        realms = tuple(part[0] for part in parts)
        tokens = (0.0 if final else sheet.arcane_boosts * w.arcane_boost) \
            + _warps_value(sheet.time_warps, tl, w.time_warp)
        total = sum(realms) + w.crest_min_share * crests * min(realms) + extras + tokens
        self._cache[key] = total
        return total

    def _goal(self, reward: str, chance: float, tl: float, crests: list[float], extras: list[float]) -> None:
        """A reward won with ``chance``: a crest's chance goes to ``crests``, anything else's worth to
        ``extras`` (a reward of nothing to neither)."""
        if reward == "crest":
            crests.append(chance)
        elif reward != "none":
            extras.append(chance * self.reward_value(reward, tl))

    def _red_part(self, crossed: frozenset, tl: float) -> _Part:
        """Emberfall: each column by the chance its missing cells are all crossed."""
        q_red = 1.0 - math.exp(-self.w.red_reach * tl)
        red = 0.0
        for cells, points in self._red_columns:
            missing = len(cells - crossed)
            red += points * (q_red ** missing if missing else 1.0)
        crests: list[float] = []
        extras: list[float] = []
        for cells, reward in self._red_goals:
            missing = len(cells - crossed)
            if missing:
                self._goal(reward, q_red ** missing, tl, crests, extras)
        return red, crests, extras

    def _green_part(self, crossed: frozenset, tl: float) -> _Part:
        """Terra: the convex table read past the crosses to come."""
        w = self.w
        count = len(crossed)
        green = _interp(self.t.green_points, count + min(11 - count, w.green_future * tl))
        q_green = 1.0 - math.exp(-w.green_reach * tl)
        crests: list[float] = []
        extras: list[float] = []
        for cells, reward in self._green_goals:
            missing = len(cells - crossed)
            if missing:
                self._goal(reward, q_green ** missing, tl, crests, extras)
        return green, crests, extras

    def _blue_part(self, marked: int, tl: float) -> _Part:
        """Tide Abyss: the same for its cells; a cell's reward by the chance it is reached."""
        t = self.t
        blue_reach = marked + min(11 - marked, self.w.blue_future * tl)
        blue = _interp(t.blue_points, blue_reach)
        crests: list[float] = []
        extras: list[float] = []
        for index in range(marked, 11):
            chance = _reach(blue_reach, index)
            if chance <= 0:
                break
            self._goal(t.blue_rewards[index], chance, tl, crests, extras)
        return blue, crests, extras

    def _magenta_part(self, entries: tuple[int, ...], tl: float) -> _Part:
        """Mystical Sky: the entries so far, the ones to come, less what a high last entry blocks."""
        w = self.w
        filled = len(entries)
        to_come = min(11 - filled, w.magenta_future * tl)
        magenta = sum(entries) + to_come * w.magenta_mean
        if entries and filled < 11:
            magenta -= w.flex * _MAGENTA_BLOCK[entries[-1]] * min(1.0, 3 * tl)
        magenta_reach = filled + to_come
        crests: list[float] = []
        extras: list[float] = []
        for index in range(filled, 11):
            chance = _reach(magenta_reach, index)
            if chance <= 0:
                break
            self._goal(self.t.magenta_rewards[index], chance, tl, crests, extras)
        return magenta, crests, extras

    def _yellow_part(self, savanna: tuple[int, ...], tl: float) -> _Part:
        """Savanna: values times multipliers, and the cells to come at an average value."""
        t, w = self.t, self.w
        filled = len(savanna)
        multipliers = t.yellow_multipliers
        yellow = float(sum(v * m for v, m in zip(savanna, multipliers)))
        yellow_reach = filled + min(11 - filled, w.yellow_future * tl)
        crests: list[float] = []
        extras: list[float] = []
        for index in range(filled, 11):
            chance = _reach(yellow_reach, index)
            if chance <= 0:
                break
            yellow += chance * multipliers[index] * w.yellow_mean
            self._goal(t.yellow_rewards[index], chance, tl, crests, extras)
        return yellow, crests, extras


def _reach(reach: float, index: int) -> float:
    """The chance track cell ``index`` (0-based) is reached when entries are expected up to ``reach``."""
    return max(0.0, min(1.0, reach - index))


def _warps_value(count: int, time_left: float, each: float) -> float:
    """Time Warps are worth something only while active turns remain, and less the more one holds."""
    if not count or time_left <= 0:
        return 0.0
    useful = min(1.0, 2.5 * time_left)
    return each * useful * (1.0 - 0.6 ** count) / 0.4


class StrongBot(BotBase):
    """Greedy on the estimated final score, with a one-roll expectation in the active turn.

    * Every entry (a die, a boost, a bonus) is valued by :class:`SheetValuer` after its bonus chain is
      resolved the best way.
    * As the active player, a selection is also worth the expected best entry of the next roll with the
      dice it leaves in hand (lower dice fall into the Forgotten Realm), plus a little for every die kept
      for the roll after; a share of the rival's best Forgotten Realm pick counts against it.
    * A Time Warp is spent when the expected best entry of a re-roll beats the best entry of this roll by
      more than the token is worth; a boost when the entry beats the token; the passive player picks the
      best die or passes if every entry lowers the estimate.
    """

    bot_id = "strong"

    def __init__(self, rules: Any, seed: int, seat: int, weights: Weights | None = None) -> None:
        self._rules = rules
        self._random = random.Random(seed)
        self.seat = seat
        self.tables: RealmTables = rules.tables
        self.weights = weights or Weights()
        self.valuer = SheetValuer(self.tables, self.weights)
        self._values: dict[int, tuple[Grimoire, float]] = {}
        self._lasting: dict[tuple[Any, ...], tuple[float, Grimoire] | None] = {}
        self._rolls: dict[tuple[Any, ...], float] = {}
        self._rolls_of: list[tuple[int, ...]] | None = None      # the faces of the expected rolls kept (held)

    # ----------------------------------------------------------------- the decision
    def choose(self, legal: Sequence[Intent], view: State) -> Intent:
        """The legal intent with the best estimate."""
        return self._best(legal, view, self._random)

    def decide(self, view: State, rng: random.Random) -> tuple[Intent, str]:
        """The intent :meth:`choose` would send from ``view`` with ``rng`` as its generator, and why, in a
        sentence of the game's words (for the hint button)."""
        legal = self._rules.legal_intents(view)
        intent = self._best(legal, view, rng)
        worth = None
        if isinstance(intent, (Pick, Boost)) and len(legal) > 1 and self.bot_id == "strong":
            sheet = view.players[self.seat]
            after = self._entered(sheet, view, intent.die, intent.realm, intent.cell)
            worth = self._value(after) - self._value(sheet)
        return intent, explain(self._rules, view, self.seat, intent, len(legal), worth)

    def _best(self, legal: Sequence[Intent], view: State, rng: random.Random) -> Intent:
        if len(legal) == 1:
            return legal[0]
        state = self._prepare(view, rng)
        sheet = state.players[self.seat]
        best, best_score = legal[0], -math.inf
        for intent in legal:
            score = self._score(intent, state, sheet)
            if score > best_score + 1e-9:
                best, best_score = intent, score
        return best

    def _prepare(self, view: State, rng: random.Random) -> State:
        """The state a decision is weighed on (nothing is hidden: the view itself), and what every candidate
        shares: the time left, the values a Yellow Bonus writes, the faces sampled for the next roll."""
        state = self._rules.determinize(view, self.seat, rng)
        self._yellow_values = self.tables.yellow_bonus_values.get(state.yellow_bonus, _NO_YELLOW_BONUS)
        self._time_left = time_left(state, self.seat)
        self._final = state.flow.stage == Stage.FINAL_BOOST
        self._samples = [tuple(rng.randint(1, 6) for _ in DICE) for _ in range(self.weights.samples)]
        self._rolls = {}              # the expected rolls on these faces
        self._marginals: dict = {}
        self._alive: dict[int, Grimoire] = {}
        self._values = {}             # by id: the time left is this decision's
        return state

    def _score(self, intent: Intent, state: State, sheet: Grimoire) -> float:
        flow = state.flow
        if isinstance(intent, Pass):
            return self._value(sheet)
        if isinstance(intent, Bonus):
            pending = list(flow.pending)
            pending.remove(intent.kind)
            value = (self.tables.red_values[intent.cell] if intent.realm == "red" else intent.cell.number
                     if intent.realm == "green" else 0 if intent.realm == "blue"
                     else (intent.kind.value or 6) if intent.realm == "yellow" else 6)
            after, bonuses = enter(self.tables, sheet, intent.realm, intent.cell, value, self._yellow_values)
            return self._value(self._settle(after, (*pending, *bonuses)))
        if isinstance(intent, Boost):
            sheet = _sheet(sheet, arcane_boosts=sheet.arcane_boosts - 1, boosted=sheet.boosted | {intent.die})
            return self._value(self._entered(sheet, state, intent.die, intent.realm, intent.cell))
        if isinstance(intent, Pick):
            after = self._entered(sheet, state, intent.die, intent.realm, intent.cell)
            if flow.stage != Stage.ACTIVE:
                return self._value(after)
            return self._active_pick(state, intent, after)
        if isinstance(intent, TimeWarp):
            spent = _sheet(sheet, time_warps=sheet.time_warps - 1)
            base = self._value(spent)
            hand = state.dice.hand
            return base + self._expected_roll(spent, hand, 3 - flow.rolls_used, *self._outside(state, hand))
        if isinstance(intent, Forfeit):
            # The dice stay in hand for the next roll, if there is one.
            base = self._value(sheet)
            rolls_left = 3 - flow.rolls_used
            if rolls_left > 0:
                hand = state.dice.hand
                return base + self._expected_roll(sheet, hand, rolls_left - 1, *self._outside(state, hand))
            return base
        return self._value(sheet)  # a roll: the only choice anyway

    def _value(self, sheet: Grimoire) -> float:
        # A decision values the same grimoire many times (once for each die and realm it weighs after it):
        # kept by the grimoire's identity, the grimoire kept with it so that no other takes its id.
        known = self._values.get(id(sheet))
        if known is None:
            known = self._values[id(sheet)] = (sheet, self.valuer.value(sheet, self._time_left, self._final))
        return known[1]

    # ----------------------------------------------------------------- entries and bonus chains
    def _entered(self, sheet: Grimoire, state: State, die: str, realm: str, cell: Cell) -> Grimoire:
        dice = state.dice
        value = dice.terra_sum() if realm == "green" else dice.value(die)
        after, bonuses = enter(self.tables, sheet, realm, cell, value, self._yellow_values)
        return self._settle(after, bonuses)

    def _settle(self, sheet: Grimoire, pending: Iterable[BonusKind], greedy: bool = False) -> Grimoire:
        """``sheet`` with every pending bonus resolved the best way found: at the first step every bonus and
        cell is tried with the rest of its chain; further down (``greedy``) the bonuses go in the order they
        came, each to the cell that looks best at once, which is nearly always what the full search finds."""
        pending = tuple(pending)
        while pending:
            best = None
            best_value = -math.inf
            for kind in (pending[:1] if greedy else dict.fromkeys(pending)):
                rest = list(pending)
                rest.remove(kind)
                for realm in (REALMS if kind.is_essence else (kind.realm,)):
                    for cell, value in bonus_cells(self.tables, sheet, realm):
                        if realm == "yellow" and kind.value:
                            value = kind.value
                        after, more = enter(self.tables, sheet, realm, cell, value, self._yellow_values)
                        if greedy:
                            score = self._value(after)
                            option = (after, (*rest, *more))
                        else:
                            after = self._settle(after, (*rest, *more), greedy=True)
                            score = self._value(after)
                            option = (after, ())
                        if score > best_value:
                            best, best_value = option, score
            if best is None:            # the bonus came too late: its realm is full, so it is lost
                pending = pending[1:]
                continue
            sheet, pending = best
            greedy = True
        return sheet

    # ----------------------------------------------------------------- the next roll
    def _marginal(self, sheet: Grimoire, realm: str, value: int) -> tuple[float, Grimoire] | None:
        """The best gain of entering ``value`` in ``realm`` (bonus chain included) and the grimoire it
        leaves, or None if the value fits nowhere."""
        key = (id(sheet), realm, value)
        found = self._marginals.get(key, False)
        if found is not False:
            return found
        self._alive.setdefault(id(sheet), sheet)  # the cache is keyed by id: keep the sheet alive meanwhile
        # Kept by the grimoire's content too, and what else the gain reads (the time left, the final window, the
        # values a Yellow Bonus writes: one of the tables' own, whose identity names it), across decisions: the
        # play-outs of a search meet the same grimoires again and again, most of a search's time.
        lasting = (sheet, realm, value, self._time_left, self._final, id(self._yellow_values))
        try:
            best = self._lasting[lasting]
        except KeyError:
            best = None
            cells = self._rules.entry_targets(sheet, realm, value)
            if cells:
                base = self._value(sheet)
                for cell in cells:
                    after, bonuses = enter(self.tables, sheet, realm, cell, value, self._yellow_values)
                    after = self._settle(after, bonuses, greedy=True)
                    gain = self._value(after) - base
                    if best is None or gain > best[0]:
                        best = (gain, after)
            if len(self._lasting) > LASTING_KEPT:
                self._lasting.clear()
            self._lasting[lasting] = best
        self._marginals[key] = best
        return best

    def _roll_options(self, sheet: Grimoire, hand: Sequence[str], faces: Sequence[int], green: int, white: int
                      ) -> list[tuple[float, str, Grimoire]]:
        """(gain, die, grimoire after) for every die of a roll of ``hand`` showing ``faces`` that fits somewhere
        (the white die in its best realm)."""
        options: list[tuple[float, str, Grimoire]] = []
        for die in hand:
            face = faces[DICE.index(die)]
            best = None
            for realm in (REALMS if die == "white" else (die,)):
                found = self._marginal(sheet, realm, green + white if realm == "green" else face)
                if found is not None and (best is None or found[0] > best[0]):
                    best = found
            if best is not None:
                options.append((best[0], die, best[1]))
        return options

    def _expected_roll(self, sheet: Grimoire, hand: Sequence[str], rolls_after: int,
                       green: int | None, white: int | None) -> float:
        """The mean over the sampled faces of the best entry a roll of ``hand`` offers ``sheet`` (``green``
        and ``white``: those dice's faces when they lie outside the hand, else None).  A die kept for a later
        roll (``rolls_after`` of them remain) adds ``kept_die``: following each sampled roll by the
        expectation of the roll after it plays no better, at ten times the cost."""
        if not hand:
            return 0.0
        # Kept for as long as the sampled faces stay the same (a decision's; the expert's own, for its
        # play-outs' strong bots, which meet the same grimoires and hands again and again).
        key = (sheet, tuple(hand), rolls_after, green, white, self._time_left, self._final, id(self._yellow_values))
        known = self._rolls.get(key)
        if known is not None:
            return known
        if len(self._rolls) > 200_000:
            self._rolls.clear()
        kept_die = self.weights.kept_die if rolls_after > 0 else 0.0
        total = 0.0
        for faces in self._samples:
            green_face = faces[1] if green is None else green
            white_face = faces[5] if white is None else white
            best = None
            for gain, die, _ in self._roll_options(sheet, hand, faces, green_face, white_face):
                if kept_die:
                    face = faces[DICE.index(die)]
                    gain += kept_die * sum(1 for other in hand if other != die and faces[DICE.index(other)] >= face)
                if best is None or gain > best:
                    best = gain
            total += best if best is not None else 0.0
        self._rolls[key] = expected = total / len(self._samples)
        return expected

    def _outside(self, state: State, hand: Sequence[str]) -> tuple[int | None, int | None]:
        """The green and white faces for a roll of ``hand`` (None for a die in the hand)."""
        dice = state.dice
        return (None if "green" in hand else dice.green), (None if "white" in hand else dice.white)

    def _active_pick(self, state: State, intent: Pick, after: Grimoire) -> float:
        dice = state.dice
        face = dice.value(intent.die)
        hand = tuple(d for d in dice.hand if d != intent.die and dice.value(d) >= face)
        lower = tuple(d for d in dice.hand if d != intent.die and dice.value(d) < face)
        rolls_left = 3 - state.flow.rolls_used
        score = self._value(after)
        if rolls_left > 0 and hand:
            score += self._expected_roll(after, hand, rolls_left - 1, *self._outside(state, hand))
        elif hand:
            lower = lower + hand   # the rest falls into the Forgotten Realm at once
        if self.weights.denial and lower:
            score -= self.weights.denial * self._rival_gain(state, dice.forgotten + lower)
        return score

    def _rival_gain(self, state: State, forgotten: Sequence[str]) -> float:
        """The rival's best gain from one of the ``forgotten`` dice as they lie."""
        rival = state.players[1 - self.seat]
        dice = state.dice
        best = 0.0
        for die in forgotten:
            face = dice.value(die)
            realms = REALMS if die == "white" else (die,)
            for realm in realms:
                found = self._marginal(rival, realm, dice.terra_sum() if realm == "green" else face)
                if found is not None and found[0] > best:
                    best = found[0]
        return best


def time_left(state: State, seat: int) -> float:
    """The share of ``seat``'s entries still to come: a share of the active turns (worth about three
    entries each) and the passive picks (about one) not yet played, current one included."""
    flow = state.flow
    rounds = state.rounds
    total = rounds * 4.0
    if flow.stage in (Stage.FINAL_BOOST, Stage.GAME_OVER):
        return 0.0
    done_rounds = flow.round - 1
    left = (rounds - done_rounds) * 4.0
    if flow.stage == Stage.ESSENCE_SHIFT:
        return left / total
    # This round: the start player's turn (turn 1) comes first, then the other's.
    if flow.turn == 2:
        left -= 3.0 if seat == state.start else 1.0
    if flow.active == seat and flow.stage == Stage.ACTIVE:
        left -= min(3, flow.rolls_used)
    elif flow.active != seat and flow.stage in (Stage.PASSIVE_BOOST,):
        left -= 1.0
    elif flow.active == seat and flow.stage != Stage.ACTIVE:
        left -= 3.0
    return max(0.0, left / total)


# --------------------------------------------------------------------------- greedy and the reasons

def points(tables: RealmTables, sheet: Grimoire) -> int:
    """The grimoire's score as it stands: the five realms and the crests."""
    return total_score(realm_scores(sheet, tables), sheet.crests)


class GreedyBot(StrongBot):
    """One move ahead on points: the entry that scores most at once (its bonuses placed the same way); on
    equal points an entry before a pass, then any at random.  It never looks at the rolls to come, so it
    spends no Time Warp while a die fits and keeps its Arcane Boosts for an entry that scores."""

    bot_id = "greedy"

    def _value(self, sheet: Grimoire) -> float:
        return float(points(self.tables, sheet))

    def _best(self, legal: Sequence[Intent], view: State, rng: random.Random) -> Intent:
        if len(legal) == 1:
            return legal[0]
        self._yellow_values = self.tables.yellow_bonus_values.get(view.yellow_bonus, _NO_YELLOW_BONUS)
        self._time_left, self._final = 0.0, False
        sheet = view.players[self.seat]
        base = points(self.tables, sheet)
        scored: list[tuple[float, int, Intent]] = []
        for intent in legal:
            if isinstance(intent, (Pick, Bonus)) or (isinstance(intent, Boost)):
                gain = self._score_now(intent, view, sheet) - base
                if isinstance(intent, Boost) and gain <= 0:
                    gain = -1.0                  # a boost for nothing wastes the token
                scored.append((gain, 1, intent))
            else:
                scored.append((0.0, 0, intent))
        top = max(scored, key=lambda item: item[:2])[:2]
        ties = [intent for gain, kind, intent in scored if (gain, kind) == top]
        return ties[rng.randrange(len(ties))]

    def _score_now(self, intent: Intent, state: State, sheet: Grimoire) -> float:
        if isinstance(intent, Pick):
            return self._value(self._entered(sheet, state, intent.die, intent.realm, intent.cell))
        return self._score(intent, state, sheet)


class KeyedDice:
    """The dice of one sampled future: each roll's faces drawn once for its place in the game (round, turn, roll
    of the turn, Time Warps on that roll) and its die, so every move weighed on this sample meets the same dice
    on the same roll (common random numbers), whichever dice it leaves in hand.  A random source for the rules
    (``randint(1, 6, label)``, the label the die's letter); :meth:`at` names the roll about to be made."""

    __slots__ = ("_seed", "_key", "_faces")

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._key: tuple[int, ...] = ()
        self._faces: dict[tuple[Any, ...], int] = {}

    def at(self, *key: int) -> "KeyedDice":
        """This source, about to roll the dice of the roll ``key``."""
        self._key = key
        return self

    def randint(self, low: int, high: int, label: str = "") -> int:
        """The face of die ``label`` on the current roll (the same every time this roll is asked for)."""
        key = (*self._key, label)
        face = self._faces.get(key)
        if face is None:
            face = self._faces[key] = low + derive_seed(self._seed, *key) % (high - low + 1)
        return face

    def choose(self, names: Sequence[str], label: str = "") -> int:
        """Not drawn by Dice Realms' rules after the setup."""
        return derive_seed(self._seed, *self._key, label) % len(names)


@dataclass(frozen=True)
class Search:
    """What an expert's search found: the move made, the next best (None when only one was weighed) and how much
    further ahead the move's play-outs ended on average, on how many sampled futures, and whether it overturned
    the strong bot's first choice."""

    move: Intent
    runner_up: Intent | None
    gap: float
    samples: int
    overturned: bool
    sampled: bool = True          # dice were still to roll in the play-outs (else each was played out once)


class ExpertBot(StrongBot):
    """The strong bot's few best moves, each played out on the same sampled futures: the dice still to roll this
    turn drawn at random (:class:`KeyedDice`, seeded from this bot's own generator, never the table's source),
    the rest of the turn played by strong bots in both seats (the rival's pick of the Forgotten Realm included),
    and the turn's end valued by the strong bot's estimate of each final score; a decision taken once the
    turn's dice are all chosen is played out through the next turn too (PASSIVE_TURNS).  The strong bot's move
    stays unless another's play-outs leave this seat clearly further ahead of the rival (:func:`by_paired_gain`).
    When no die is rolled in any of the first play-outs, one future is enough.  ``decide`` says what the search
    found."""

    bot_id = "expert"
    at_the_table = True
    #: The strong bot's best moves weighed, and the sampled futures each is played out on.  Another move than
    #: the strong bot's must end MARGIN points further ahead on average, and Z standard errors of that gain (on
    #: the same futures, paired).  Tried on 200 sheets against a strong rival (tools/dice_realms_sheets.py, seed
    #: 900): the test of by_playouts (better on all futures but one) stiffens as futures are added, and with 12
    #: or 20 futures it gained 4 to 6 points a sheet where this gains 6.
    CANDIDATES = 4
    SAMPLES = 16
    MARGIN = 0.5
    Z = 2.0
    #: The strong bots of the play-outs weigh their next roll on fewer sampled faces than the strong bot's 32.
    PLAYOUT_SAMPLES = 8
    #: A decision taken once the active turn's dice are all chosen (a pick of the Forgotten Realm, a boost, a
    #: bonus, the Essence Shift) is played out through this many turns more: the rest of its own turn holds no
    #: die to roll, so it would only repeat the strong bot's estimate.  Through the next turn, 200 sheets against
    #: a strong rival (seed 900) gained 12 points a sheet on the strong bot's, not 6, and won 133, not 126.
    PASSIVE_TURNS = 1

    def __init__(self, rules: Any, seed: int, seat: int, weights: Weights | None = None) -> None:
        super().__init__(rules, seed, seat, weights)
        self._policies = [_PlayoutStrong(rules, s, self) for s in (0, 1)]
        self.search: Search | None = None            # what the last decision's search found
        self._sampled = False                        # a play-out of this decision rolled dice

    def decide(self, view: State, rng: random.Random) -> tuple[Intent, str]:
        """The intent :meth:`choose` would send from ``view`` with ``rng`` as its generator, and why: what its
        search found, in the game's words (the strong bot's reason when there was nothing to search)."""
        legal = self._rules.legal_intents(view)
        intent = self._best(legal, view, rng)
        if self.search is None or self.search.move != intent:
            return intent, explain(self._rules, view, self.seat, intent, len(legal))
        return intent, search_reason(self.tables, view, self.seat, intent, self.search)

    def _best(self, legal: Sequence[Intent], view: State, rng: random.Random) -> Intent:
        self.search = None
        if len(legal) == 1:
            return legal[0]
        state = self._prepare(view, rng)
        sheet = state.players[self.seat]
        scored = sorted(((self._score(intent, state, sheet), -index, intent) for index, intent in enumerate(legal)),
                        key=lambda item: item[:2], reverse=True)
        candidates = [(score, intent, "") for score, _, intent in scored[:self.CANDIDATES]]
        if len(candidates) < 2:
            return candidates[0][1]
        seeds = [rng.randrange(1 << 62) for _ in range(self.SAMPLES)]
        # A first future for every move: if none of them rolls a die (the turn's last roll is made), every
        # future plays out alike and one is enough.
        self._sampled = False
        outcomes = [[self._playout(state, intent, seeds[0])] for _, intent, _ in candidates]
        if self._sampled:
            for scores, (_, intent, _) in zip(outcomes, candidates):
                scores += [self._playout(state, intent, seed) for seed in seeds[1:]]
        else:
            seeds = seeds[:1]
        ranked = by_paired_gain(candidates, outcomes, self.MARGIN, self.Z)
        move, first = ranked[0][1], candidates[0][1]
        if move != first:
            runner_up, gap = first, ranked[0][0] - next(mean for mean, intent, _ in ranked if intent == first)
        else:
            others = sorted(ranked[1:], key=lambda item: -item[0])
            runner_up, gap = others[0][1], ranked[0][0] - others[0][0]
        self.search = Search(move, runner_up, gap, len(seeds), move != first, self._sampled)
        return move

    def _playout(self, state: State, intent: Intent, seed: int) -> float:
        """This seat's lead over the rival once ``intent`` and the rest of the turn are played on the sampled
        future ``seed``, each sheet valued by the estimate of its final score."""
        rules = self._rules
        dice = KeyedDice(seed)
        warps: dict[tuple[int, int, int], int] = {}
        turn = (state.flow.round, state.flow.turn)
        turns = 0 if state.flow.stage == Stage.ACTIVE else self.PASSIVE_TURNS
        policies = self._policies
        move = intent
        for _ in range(800):
            flow = state.flow
            if isinstance(move, (Roll, TimeWarp)):
                roll = (flow.round, flow.turn, flow.rolls_used + isinstance(move, Roll))
                warps[roll] = warps.get(roll, 0) + isinstance(move, TimeWarp)
                dice.at(*roll, warps[roll])
                self._sampled = True
            state = rules.apply(state, move, dice).state
            seat = state.to_act
            if seat is None:
                break
            if (state.flow.round, state.flow.turn) != turn and state.flow.stage != Stage.ESSENCE_SHIFT:
                turn = (state.flow.round, state.flow.turn)      # a turn begins (the Essence Shift is none)
                turns -= 1
                if turns < 0:
                    break
            legal = rules.legal_intents(state)
            move = legal[0] if len(legal) == 1 else policies[seat]._best(legal, state, self._random)
        return self._lead(state)

    def _lead(self, state: State) -> float:
        """This seat's estimated final score less the rival's (the scores themselves once the game is over)."""
        if state.flow.stage == Stage.GAME_OVER:
            mine, theirs = (points(self.tables, sheet) for sheet in (state.players[self.seat],
                                                                      state.players[1 - self.seat]))
            return float(mine - theirs)
        final = state.flow.stage == Stage.FINAL_BOOST
        values = [self.valuer.value(state.players[s], time_left(state, s), final) for s in (self.seat, 1 - self.seat)]
        return values[0] - values[1]


class _PlayoutStrong(StrongBot):
    """The strong bot inside an expert's play-outs, quicker: it weighs the next roll on the first PLAYOUT_SAMPLES
    faces the expert sampled for its own decision (drawing none of its own), and shares the expert's cache of
    sheet values."""

    def __init__(self, rules: Any, seat: int, expert: "ExpertBot") -> None:
        super().__init__(rules, 0, seat, expert.weights)
        self.valuer = expert.valuer
        self._expert = expert

    def _prepare(self, view: State, rng: random.Random) -> State:
        self._yellow_values = self.tables.yellow_bonus_values.get(view.yellow_bonus, _NO_YELLOW_BONUS)
        self._time_left = time_left(view, self.seat)
        self._final = view.flow.stage == Stage.FINAL_BOOST
        faces = self._expert._samples
        if faces is not self._rolls_of:      # the expert's next decision: new faces, new expected rolls
            self._rolls_of, self._rolls = faces, {}
        self._samples = faces[:self._expert.PLAYOUT_SAMPLES]
        self._marginals = {}
        self._alive = {}
        self._values = {}
        return view


def _entry_value(tables: RealmTables, view: State, intent: Pick | Boost | Bonus) -> int:
    """The value an entry writes: a die's face (the green + white sum in Terra), a bonus's value or cell."""
    if isinstance(intent, Bonus):
        return (tables.red_values[intent.cell] if intent.realm == "red" else intent.cell.number
                if intent.realm == "green" else 0 if intent.realm == "blue"
                else (intent.kind.value or 6) if intent.realm == "yellow" else 6)
    dice = view.dice
    return dice.terra_sum() if intent.realm == "green" else dice.value(intent.die)


def move_words(tables: RealmTables, view: State, intent: Intent, subject: bool = True) -> str:
    """The move in a few of the game's words, to begin a sentence ("Blue 5 on Tide Abyss", "Spend a Time Warp")
    or, not ``subject``, to follow one ("blue 5 on Tide Abyss", "a Time Warp")."""
    if isinstance(intent, (Pick, Boost)):
        value = view.dice.terra_sum() if intent.realm == "green" else view.dice.value(intent.die)
        words = f"{intent.die} {value} on {tables.names[intent.realm]}"
        if isinstance(intent, Boost):
            words = f"an Arcane Boost for {words}"
    elif isinstance(intent, Bonus):
        kind = "the Essence Shift" if intent.kind.is_essence else f"the {intent.kind.realm.capitalize()} Bonus"
        where = tables.names[intent.realm]
        if intent.realm == "red":
            where = f"the {tables.red_values[intent.cell]} of {where}'s column {intent.cell.number}"
        elif intent.realm == "green":
            where = f"{where} {intent.cell.number}"
        words = f"{kind} on {where}"
    elif isinstance(intent, Pass):
        boosting = view.flow.stage in (Stage.ACTIVE_BOOST, Stage.PASSIVE_BOOST, Stage.FINAL_BOOST)
        words = ("keep your Arcane Boosts" if subject else "keeping your Arcane Boosts") if boosting else \
            ("skip" if subject else "skipping")
    elif isinstance(intent, TimeWarp):
        words = "spend a Time Warp" if subject else "a Time Warp"
    elif isinstance(intent, Forfeit):
        words = "forfeit the roll" if subject else "forfeiting the roll"      # the button: Forfeit roll
    else:
        words = "roll the dice" if isinstance(intent, Roll) else "this move"
    return words[0].upper() + words[1:] if subject else words


def explain(rules: Any, view: State, seat: int, intent: Intent, choices: int, worth: float | None = None) -> str:
    """One plain sentence on why ``intent`` is a good move for ``seat`` now (``worth``: what the entry adds to
    the bot's estimate of the final score, when it weighed one)."""
    tables: RealmTables = rules.tables
    sheet = view.players[seat]
    if isinstance(intent, Roll):
        return "Roll the dice: nothing to choose before they fall."
    if isinstance(intent, TimeWarp):
        return "Spend a Time Warp: a fresh roll is likely to give a better entry than any die now."
    if isinstance(intent, Forfeit):
        return "No die fits anywhere worth it: forfeit the roll."
    if isinstance(intent, Pass):
        return ("Skip: every die on offer would take a cell you can use better later."
                if choices > 1 else "Nothing to enter now.")
    if not isinstance(intent, (Pick, Boost, Bonus)):
        return "The only sensible move now."
    name = tables.names[intent.realm]
    yellow_values = tables.yellow_bonus_values.get(view.yellow_bonus, {})
    value = _entry_value(tables, view, intent)
    what = move_words(tables, view, intent)
    after, bonuses = enter(tables, sheet, intent.realm, intent.cell, value, yellow_values)
    gain = points(tables, after) - points(tables, sheet)
    perks = [f"the {kind.realm.capitalize()} Bonus" if not kind.is_essence else "the Essence Shift"
             for kind in bonuses]
    perks += [label for field, label in (("time_warps", "a Time Warp"), ("arcane_boosts", "an Arcane Boost"),
                                         ("crests", "an Elemental Crest"))
              if getattr(after, field) > getattr(sheet, field)]
    now = f"{gain} point{'s' if gain != 1 else ''} now" if gain else "no points yet"
    if perks:
        chain = " (a chain)" if bonuses else ""           # a colour bonus is entered at once, and may earn more
        return f"{what}: {now}, and it earns {' and '.join(perks)}{chain}."
    flow = view.flow
    if isinstance(intent, Pick) and flow.stage == Stage.ACTIVE and flow.rolls_used < 3:
        # The dice below the one chosen fall to the Forgotten Realm: choosing low keeps them for the next rolls.
        face = view.dice.value(intent.die)
        others = [die for die in view.dice.hand if die != intent.die]
        if others and all(view.dice.value(die) >= face for die in others):
            return f"{what}: {now}, and no die falls to the Forgotten Realm: {len(others)} left to roll."
    if worth is not None and worth > gain + 0.5:
        return f"{what}: {now}, and about {worth:.0f} by the end of the game as {name} fills."
    if gain:
        return f"{what}: {now}, more than any other die would score."
    return f"{what}: {now}, but it builds towards {name}'s bigger scores."


#: The longest reason a bot gives, in characters: with a seat's name before it, it fits the banner's line at the
#: smallest readable size (tests/app/test_bot_reasons.py measures it).
REASON_LIMIT = 80


def search_reason(tables: RealmTables, view: State, seat: int, intent: Intent, search: "Search") -> str:
    """Why the expert's move, from what its search found, in one short line of the game's words: the move, what
    it keeps or earns, and how much further ahead of the rival its play-outs ended on average than the next best
    move's ("Blue 5 on Tide Abyss, keeping 3 dice: +9 points on average against yellow 5 on Savanna.").  Within
    REASON_LIMIT characters: what it keeps or earns goes first, then the move it was weighed against."""
    what = move_words(tables, view, intent)
    flow = view.flow
    sheet = view.players[seat]
    detail = ""
    if isinstance(intent, (Pick, Boost, Bonus)):
        yellow_values = tables.yellow_bonus_values.get(view.yellow_bonus, {})
        after, bonuses = enter(tables, sheet, intent.realm, intent.cell, _entry_value(tables, view, intent), yellow_values)
        tokens = (("crests", "an Elemental Crest"), ("arcane_boosts", "an Arcane Boost"), ("time_warps", "a Time Warp"))
        earned = [label for field, label in tokens if getattr(after, field) > getattr(sheet, field)]
        earned += [f"the {kind.realm.capitalize()} Bonus" for kind in bonuses]
        if earned:
            detail = f", earning {earned[0]}"
        elif isinstance(intent, Pick) and flow.stage == Stage.ACTIVE and flow.rolls_used < 3:
            face = view.dice.value(intent.die)
            kept = sum(1 for die in view.dice.hand if die != intent.die and view.dice.value(die) >= face)
            if kept:
                detail = f", keeping {kept} {'die' if kept == 1 else 'dice'}"
    if search.runner_up is None:
        return _shortest((f"{what}{detail}: the only move worth playing out.", f"{what}: the only move worth it."))
    other = move_words(tables, view, search.runner_up, subject=False)
    gap = round(search.gap)
    points_ = f"+{gap} point{'s' if gap != 1 else ''}"
    when = "on average" if search.sampled else "by the end of the turn"
    if search.overturned:
        return _shortest((f"{what}, not {other}: {points_} {when}.", f"{what}: {points_} {when} over the obvious move.",
                          f"{what}: {points_} {when}.", f"{what}: {points_}."))
    if gap >= 1:
        return _shortest((f"{what}{detail}: {points_} {when} against {other}.",
                          f"{what}: {points_} {when} against {other}.",
                          f"{what}: {points_} {when} over the next best move.", f"{what}: {points_} {when}.",
                          f"{what}: {points_}."))
    return _shortest((f"{what}{detail}: nothing does better {when}.", f"{what}: nothing does better {when}.",
                      f"{what}: nothing does better."))


def _shortest(forms: Sequence[str]) -> str:
    """The first of ``forms`` (longest first) within REASON_LIMIT characters, else the last."""
    return next((form for form in forms if len(form) <= REASON_LIMIT), forms[-1])


def make_bot(rules: Any, level: str, seed: int, seat: int) -> Any:
    """The bot of ``level`` for ``seat``: ``easy``, ``greedy`` (points at once), ``strong`` (its valuation looks
    ahead to the end) or ``expert`` (the strong bot's best moves played out on sampled rolls)."""
    if level not in LEVELS:
        raise no_such_bot("Dice Realms", level, LEVELS)
    if level == "easy":
        return EasyBot(rules, seed, seat)
    if level == "greedy":
        return GreedyBot(rules, seed, seat)
    if level == "expert":
        return ExpertBot(rules, seed, seat)
    return StrongBot(rules, seed, seat)
