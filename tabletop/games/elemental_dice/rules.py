"""Elemental Dice rules: setup, legal intents, apply, views, outcome (rules reference A.2 to A.6).

The flow, as ``Flow.phase`` names it:

* ``window`` — a response window.  The priority holder passes, or responds (takes the
  screen to choose a blessing, a face-down card or, where allowed, an action).  A card
  played goes on the chain and opens a new window with priority to the opponent of its
  controller; two passes in succession execute the top card.  Windows also open at the
  start of a turn (for the opponent) and when the opponent interrupts an idle main phase.
* ``effect`` — the top card executes, step by step (``cards.py``); a step that needs a
  choice (a die, a term, a payment, cards) waits for the player who must make it.  After
  it, the window of the new top card reopens, or the main phase resumes.
* ``main`` — the active player plays actions and blessings, flips face-down cards, places
  cards face down, rerolls the shop, buys, or ends the turn.

Limits (actions, rerolls, buys) are worked out live from the passives in play (settled
ruling 1).  Every outcome of chance is drawn from the random source given to ``apply``.
"""

from __future__ import annotations

from functools import partial
import random
import re
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, cast

from tabletop.core.protocol import BaseRules, GameMeta, IllegalIntent, OptionSpec, Outcome, Step
from tabletop.core.rng import RandomSource, shuffled
from tabletop.core.values import Value, evolve

from . import events as ev
from . import wording
from .cards import CHANCE, CONTROLLABLE, DICE, Card, CardBook, Formula, load_cards
from .cards import Step as CardStep
from .intents import (INTENTS, Again, Buy, Cancel, Chance, Discard, Done, EndTurn, FlipDie, Intent, Interrupt,
                      KeepOrder, Pass, PassTurn, Pay, Place, Play, Put, Remove, RerollShop, Respond, Reveal, Reroll,
                      SetDie, Stop, Swap, Take, Term)
from .scoring import buff_multiplier, shield_terms, strength
from .state import HIDDEN, Execution, FaceDown, Flow, Lasting, Pending, Phase, Player, State, Window, chooser

if TYPE_CHECKING:
    from .bots import EagerBot, EasyBot, StrongBot

__all__ = ["ElementalDiceRules", "META"]

def upgrade_options(given: Mapping[str, str]) -> dict[str, str]:
    """Options saved before each player chose their own auto-pass: the table-wide ``auto_pass``
    (``off``, ``first player``, ``second player``, ``both``) becomes each seat's ``auto_pass_nothing``."""
    options = dict(given)
    old = options.pop("auto_pass", None)
    if old is None:
        return options
    seats = {"off": (), "first player": (0,), "second player": (1,), "both": (0, 1)}
    if old not in seats:
        raise ValueError(f"option auto_pass={old!r} is not one of {', '.join(seats)}")
    for seat in range(2):
        options.setdefault(f"auto_pass_nothing.{seat}", "on" if seat in seats[old] else "off")
    return options


META = GameMeta(
    game_id="elemental-dice",
    name="Elemental Dice",
    min_players=2,
    max_players=2,
    hidden_information=True,
    pitch="Build a deck of spells that feed on seven shared dice, and answer every card your rival plays.",
    minutes="30-60",
    options=(
        OptionSpec("first_player", "Who starts", ("first seat", "second seat", "random"), "first seat",
                   "Who plays the first turn, with 5 gold against 6: the first name, the second, or drawn at "
                   "random."),
        OptionSpec("include_lost_page", "Pacts, Multitasking and Exploration cards", ("yes", "no"), "yes",
                   "yes: Cruel Pact, Deal with the Devil, four Multitasking and three Exploration cards are in "
                   "the shop; no: the shop has the other 78 cards."),
        OptionSpec("prometheus", "Prometheus's Gift", ("triple", "double"), "triple",
                   "triple: Prometheus's Gift triples your red effects, as printed; double: it doubles them, "
                   "like the other gifts."),
        OptionSpec("discard_public", "Discard piles", ("owner only", "public"), "owner only",
                   "owner only: each player sees the cards of their own discard pile; public: both do."),
        OptionSpec("auto_pass_nothing", "Auto-pass when I have nothing playable", ("off", "on"), "off",
                   "You are not asked to answer when you hold nothing you could play, so the other player "
                   "learns that you hold nothing playable.", per_seat=True),
        OptionSpec("auto_pass_harmless", "Auto-pass for non-damage cards", ("off", "on"), "off",
                   "You are not asked to answer a card that deals no damage, so the other player learns that "
                   "such cards go through unanswered.", per_seat=True),
        OptionSpec("pass_turn", "Auto-pass for the rest of this turn", ("off", "on"), "off",
                   "You may pass every answer until the turn ends with one click, and the other player learns "
                   "that you will answer nothing more this turn.", per_seat=True),
    ),
    upgrade_options=upgrade_options,
)

STARTING_HP = 60
STARTING_GOLD = (5, 6)
HAND = 4
FACE_DOWN_COST = 5
REROLL_COST = 2
ROW = 5
# Effect stages whose choice shows private cards: the screen goes to the chooser alone.
PRIVATE_STAGES = ("look", "order", "tutor", "wish", "opponent_discard", "discard_own", "remove")


def _other(seat: int) -> int:
    return 1 - seat


def _with(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    """``values`` with ``seat``'s entry replaced."""
    return values[:seat] + (value,) + values[seat + 1:]


def _executing(state: State) -> Execution:
    """The card taking effect (asked only while one does)."""
    execution = state.flow.executing
    assert execution is not None
    return execution


class ElementalDiceRules(BaseRules[Intent]):
    """The Elemental Dice rules object (see the module docstring for the flow)."""

    meta = META
    intents = INTENTS
    events = ev.EVENTS
    state_type = State

    def __init__(self, book: CardBook | None = None) -> None:
        self.book = book or load_cards()
        # A name that is part of another card's name ("Fire" in "Blazing Fire") cannot tell, in a line
        # of text, which card is meant: such a card is kept secret by its id alone.
        names = [card.name for card in self.book.cards]
        self._names_within_names = frozenset(
            card.key for card in self.book.cards
            if any(other != card.name and re.search(rf"(?<![\w-]){re.escape(card.name)}(?![\w-])", other)
                   for other in names))

    # ================================================================ setup
    def setup(self, options: Mapping[str, str], seats: Sequence[str], rng: RandomSource) -> Step:
        """Seven dice rolled, both decks shuffled, the shop deck shuffled, four cards each; the first player
        (the first seat, the second, or drawn at random: A.2.1) starts with 5 gold, the other with 6."""
        self.meta.check_seats(seats)
        chosen = self.meta.resolve_options(options, len(seats))
        events: list[Value] = []
        dice = []
        for die in DICE:
            value = rng.randint(1, 6, die)
            dice.append(value)
            events.append(ev.DieRolled(die, value))
        how = chosen["first_player"]
        first = rng.randint(0, 1, "first player") if how == "random" else ("first seat", "second seat").index(how)
        events.append(ev.FirstPlayer(first, "random" if how == "random" else "chosen"))
        players = []
        for seat, name in enumerate(seats):
            deck = tuple(f"{card.key}~{'ab'[seat]}{n}" for card in self.book.starters()
                         for n in range(1, card.starter + 1))
            deck = shuffled(deck, rng, f"deck {seat}", [self.book[c].name for c in deck])
            gold = STARTING_GOLD[0 if seat == first else 1]
            players.append(Player(name=name.strip(), hp=STARTING_HP, gold=gold, draw=deck))
        shop = self.book.shop(chosen["include_lost_page"] == "yes")
        shop = shuffled(shop, rng, "shop", [self.book[c].name for c in shop])

        def each(key: str) -> tuple[bool, ...]:
            return tuple(value == "on" for value in self.meta.seat_options(chosen, key, len(seats)))

        state = State(players=tuple(players), dice=tuple(dice), flow=Flow(), shop_draw=shop,
                      prometheus=3 if chosen["prometheus"] == "triple" else 2,
                      discard_public=chosen["discard_public"] == "public",
                      auto_pass=each("auto_pass_nothing"), auto_pass_harmless=each("auto_pass_harmless"),
                      pass_turn=each("pass_turn"), passing=(0,) * len(seats))
        for seat in range(len(players)):
            state = self._draw(state, seat, HAND, rng, events)
        state = self._start_turn(state, first, 1, events)
        state = self._settle(state, events, rng)
        return Step(state, tuple(events))

    # ================================================================ small helpers
    def card(self, card: str) -> Card:
        """The kind of a card instance."""
        return self.book[card]

    def _player(self, state: State, seat: int, **changes: Any) -> State:
        players = list(state.players)
        players[seat] = evolve(players[seat], **changes)
        return evolve(state, players=tuple(players))

    def _flow(self, state: State, **changes: Any) -> State:
        return evolve(state, flow=evolve(state.flow, **changes))

    def _exec(self, state: State, **changes: Any) -> State:
        return self._flow(state, executing=evolve(state.flow.executing, **changes))

    def passives(self, state: State, seat: int, name: str) -> int:
        """How many passives called ``name`` ``seat`` has in play."""
        return sum(1 for card in state.players[seat].passives if self.book[card].passive == name)

    def actions_left(self, state: State, seat: int) -> int:
        """Actions ``seat`` may still play this turn (the active player's allowance, or a granted one)."""
        flow = state.flow
        if seat == flow.active:
            allowed = 1 + self.passives(state, seat, "proactive") + self.passives(state, seat, "at_what_cost")
            return max(0, allowed + flow.actions_granted - flow.actions_used)
        player = state.players[seat]
        return max(0, player.granted - player.granted_used)

    def reroll_cost(self, state: State, seat: int) -> int:
        """What a shop reroll costs ``seat`` (Reroller: 1 less, never below 1)."""
        return max(1, REROLL_COST - (1 if self.passives(state, seat, "reroller") else 0))

    def face_down_cost(self, state: State, seat: int) -> int:
        """What placing a card face down costs (Cheapskate: nothing)."""
        return 0 if self.passives(state, seat, "cheapskate") else FACE_DOWN_COST

    def face_down_room(self, state: State, seat: int) -> int:
        """How many face-down cards ``seat`` may hold (Spacious Table: one more)."""
        return 2 + self.passives(state, seat, "spacious_table")

    def unlimited_shop(self, state: State, seat: int) -> bool:
        """Deep Pockets: no limit on rerolls and buys."""
        return self.passives(state, seat, "deep_pockets") > 0

    def end_draw(self, state: State, seat: int) -> int:
        """Cards drawn at the end of the turn: 4, plus Big Handed, minus Proactive."""
        return max(0, HAND + self.passives(state, seat, "big_handed") - self.passives(state, seat, "proactive"))

    # ================================================================ queries
    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may see: its own hand and face-down cards, nobody's draw pile, the shop's draw pile
        hidden, another's discard pile hidden (unless public), and what a card shows only to its chooser."""
        players = []
        for owner, player in enumerate(state.players):
            changes: dict = {"draw": (HIDDEN,) * len(player.draw)}
            if owner != seat:
                changes["hand"] = (HIDDEN,) * len(player.hand)
                changes["facedown"] = tuple(FaceDown(HIDDEN, fd.placed) for fd in player.facedown)
                if not state.discard_public:
                    changes["discard"] = (HIDDEN,) * len(player.discard)
            players.append(evolve(player, **changes))
        view = evolve(state, players=tuple(players), shop_draw=(HIDDEN,) * len(state.shop_draw))
        execution = state.flow.executing
        if execution is not None and (execution.seen or execution.picked):
            if state.flow.phase != Phase.EFFECT or chooser(state) != seat:
                view = evolve(view, flow=evolve(view.flow, executing=evolve(
                    execution, seen=(HIDDEN,) * len(execution.seen), picked=(HIDDEN,) * len(execution.picked))))
        return view

    def private_seat(self, state: State) -> int | None:
        """Who must hold the screen: the active player in the main phase and in the windows where they have
        priority; the other player once they chose to respond; whoever must choose for an executing card;
        nobody for the other player's public prompt ("Bo, respond to Fire?"), which must not tell
        whether Bo holds anything to play (A.5)."""
        flow = state.flow
        if flow.phase == Phase.OVER:
            return None
        if flow.phase == Phase.MAIN:
            return flow.active
        if flow.phase == Phase.WINDOW:
            return flow.priority if flow.responding or flow.priority == flow.active else None
        # Settled ruling 2: whoever must choose decides, with the screen in their hands.
        return chooser(state)

    def secrets(self, state: State, seat: int | None) -> frozenset[str]:
        """Card ids (and the unique names of shop cards) only ``seat`` may know; ``None``: the shop's deck.

        Cards a card is showing to its chooser right now are the chooser's secret (and not the others');
        a card the other player saw go into a hand (Express Shipping) is nobody's secret.
        """
        execution = state.flow.executing
        showing: frozenset[str] = frozenset()
        shown_to = -1
        if execution is not None and state.flow.phase == Phase.EFFECT and execution.stage in PRIVATE_STAGES:
            # Of what the card shows, what lies in sight of all (the shop row, a public discard pile) is
            # nobody's secret.
            showing = (frozenset(execution.seen) | frozenset(execution.picked)) - self._in_sight(state)
            shown_to = chooser(state)
        if seat is None:
            # A player's draw pile holds cards its owner (and often the other) saw go to the discard
            # pile; only its order is unknown, and views never show a draw pile (tested apart).
            cards = [c for c in state.shop_draw if c not in showing]
        else:
            player = state.players[seat]
            cards = [*player.hand, *(fd.card for fd in player.facedown)]
            cards = [c for c in cards if c not in player.shown and not (shown_to != seat and c in showing)]
            if shown_to == seat:
                cards += showing          # what a card shows its chooser, only the chooser knows
        words = set(cards)
        words.update(self.book[c].name for c in cards if "~" not in c and c not in self._names_within_names)
        return frozenset(words)

    def _in_sight(self, state: State) -> frozenset[str]:
        """The cards every seat sees where they lie (A.4.8): the shop row and discard pile, passives, lasting
        effects, removed cards, the chain, and the discard piles when they are public."""
        cards: list[str] = [*state.shop_row, *state.shop_discard, *(p.card for p in state.flow.chain)]
        for player in state.players:
            cards += [*player.passives, *(lasting.card for lasting in player.lasting), *player.removed]
            if state.discard_public:
                cards += player.discard
        return frozenset(cards)

    def length(self, state: State) -> tuple[int, str]:
        """Turns played, both players' counted (the one being played included)."""
        return state.flow.turn, "turns"

    def outcome(self, state: State) -> Outcome:
        """HP left by seat; once over, the winner (there is never a draw: A.3.6)."""
        finished = state.flow.phase == Phase.OVER
        hp = tuple(player.hp for player in state.players)
        breakdown = tuple({"hp": p.hp, "damage_dealt": p.damage_dealt, "healed": p.healed,
                           "gold_earned": p.gold_earned, "gold": p.gold,
                           "deck": len(p.draw) + len(p.discard) + len(p.hand) + len(p.facedown),
                           "passives": len(p.passives)} for p in state.players)
        winners = (state.flow.winner,) if finished else ()
        return Outcome(finished, hp, winners, "", breakdown)

    def progress(self, state: State) -> str:
        """``turn 7``, with the HP."""
        hp = " to ".join(str(p.hp) for p in state.players)
        return f"turn {state.flow.turn}, HP {hp}"

    def prompt(self, state: State) -> str:
        """What the seat to act must do now."""
        return wording.prompt(self, state)

    def playout_bot(self, seed: int) -> "EagerBot":
        """The bot of random playouts and ``simulate``: random, but it plays and buys (a random one stalls)."""
        from .bots import EagerBot

        return EagerBot(seed, self.book)

    def make_bot(self, level: str, seed: int, seat: int) -> "EasyBot | StrongBot":
        """``easy``: random moves with light sense; ``greedy``: one move ahead on the HP difference; ``strong``:
        a look-ahead on states sampled from its view; ``expert``: the strong bot's best moves played out
        (``bots.py``)."""
        from .bots import make_bot

        return make_bot(self, level, seed, seat)

    def determinize(self, view: State, seat: int, rng: random.Random) -> State:
        """A whole state ``seat`` cannot tell from ``view``: every hidden card slot filled (``rng`` a
        ``random.Random``) with a card that could be there.

        The instances are fixed (both starting decks, the shop deck with or without the lost page, told
        by how many cards the view counts); what the view shows stays put, and so does what a card now
        shows ``seat`` (a hand looked at, the top of a pile, a pile being reordered).  The rest is dealt
        by owner: a starter only into its owner's hidden zones, a passive only into the shop's draw pile
        (a passive is never held), the other shop cards wherever the counts leave room: a player's hidden
        zones hold their unseen starters and as many shop cards as the rest of the count.
        """
        players = view.players
        execution = view.flow.executing
        # Hidden slots, zone by zone: None where a card must be dealt, a card where the view pins one.
        slots: dict[tuple[int | str, str], list[str | None]] = {}
        for owner, player in enumerate(players):
            slots[owner, "draw"] = [None if c == HIDDEN else c for c in player.draw]
            if owner != seat:
                shown = list(player.shown)
                slots[owner, "hand"] = [shown.pop(0) if shown else None for _ in player.hand]
                slots[owner, "facedown"] = [None if fd.card == HIDDEN else fd.card for fd in player.facedown]
                slots[owner, "discard"] = [None if c == HIDDEN else c for c in player.discard]
        slots["shop", "draw"] = [None] * len(view.shop_draw)
        shop_draw_set: set[str] | None = None
        if execution is not None and view.flow.phase == Phase.EFFECT and chooser(view) == seat \
                and execution.seen and HIDDEN not in execution.seen:
            shop_draw_set = self._pin_seen(view, seat, execution, slots)
        # Every instance, less those in sight or pinned.
        total = sum(len(zone) for zone in self._zones(view))
        shop = self.book.shop(True)
        starters = [f"{card.key}~{'ab'[owner]}{n}" for owner in range(len(players))
                    for card in self.book.starters() for n in range(1, card.starter + 1)]
        if len(starters) + len(shop) != total and len(starters) + len(self.book.shop(False)) == total:
            shop = self.book.shop(False)
        known = {card for zone in self._zones(view) for card in zone if card != HIDDEN}
        known.update(card for zone in slots.values() for card in zone if card is not None)
        unseen = [card for card in (*starters, *shop) if card not in known]
        own_starters = {owner: [c for c in unseen if "~" in c and c.split("~", 1)[1][0] == "ab"[owner]]
                        for owner in range(len(players))}
        free = {owner: sum(zone.count(None) for (who, _), zone in slots.items() if who == owner)
                for owner in range(len(players))}
        shop_unseen = [c for c in unseen if "~" not in c]
        # A Wish shows its chooser the shop's whole draw pile (At What Cost aside, which no hand holds).
        in_shop = shop_draw_set or set()
        to_shop = [c for c in shop_unseen if c in in_shop or self.book[c].type == "passive"]
        held = [c for c in shop_unseen if c not in to_shop]
        rng.shuffle(held)
        deal: dict = {}
        for owner in range(len(players)):
            room = max(0, free[owner] - len(own_starters[owner]))
            deal[owner] = own_starters[owner] + held[:room]
            held = held[room:]
        deal["shop"] = to_shop + held
        for who, cards in deal.items():
            rng.shuffle(cards)
            for (holder, _zone), cells in slots.items():
                if holder == who:
                    for i, cell in enumerate(cells):
                        if cell is None and cards:
                            cells[i] = cards.pop()
        new_players = []
        for owner, player in enumerate(players):
            changes: dict = {"draw": tuple(slots[owner, "draw"])}
            if owner != seat:
                changes["hand"] = tuple(slots[owner, "hand"])
                changes["facedown"] = tuple(FaceDown(cast(str, card), fd.placed)     # every slot is dealt now
                                            for card, fd in zip(slots[owner, "facedown"], player.facedown))
                changes["discard"] = tuple(slots[owner, "discard"])
            new_players.append(evolve(player, **changes))
        state = evolve(view, players=tuple(new_players), shop_draw=tuple(slots["shop", "draw"]))
        if execution is not None and HIDDEN in execution.seen + execution.picked:
            state = self._refill_seen(state, execution)
        return state

    def _zones(self, state: State) -> list[Sequence[str]]:
        """Every place a card instance can be, as lists of cards (hidden ones as ``HIDDEN``)."""
        zones: list[Sequence[str]] = [state.shop_draw, state.shop_row, state.shop_discard,
                                      [p.card for p in state.flow.chain]]
        for player in state.players:
            zones += [player.hand, player.draw, player.discard, [fd.card for fd in player.facedown],
                      player.passives, [lasting.card for lasting in player.lasting], player.removed]
        if state.flow.executing is not None:
            zones.append([state.flow.executing.card])
        return zones

    def _pin_seen(self, view: State, seat: int, execution: Execution, slots: dict) -> set[str] | None:
        """Pin the hidden cards a card is showing ``seat`` (its chooser) where they are; for a Wish, the
        set of cards in the shop's draw pile."""
        seen = list(execution.seen)
        stage = execution.stage
        step = self._current_step(execution)
        other = _other(seat)
        if stage == "look":
            target = {"opponent_hand": (other, "hand"), "opponent_facedown": (other, "facedown"),
                      "own_draw": (seat, "draw"), "opponent_draw": (other, "draw"),
                      "shop_draw": ("shop", "draw")}[step.zone]
            slots[target][:len(seen)] = seen
        elif stage == "order":
            slots[seat if step.zone == "own_draw" else other, "draw"][:] = seen
        elif stage == "tutor":
            size = len(slots[seat, "draw"])
            slots[seat, "draw"][:] = seen[:size]
        elif stage == "wish":
            return set(seen) - set(view.shop_row) - set(view.shop_discard)
        return None

    def _refill_seen(self, state: State, execution: Execution) -> State:
        """What a card shows the other seat, worked out again from the sampled zones (so a choice made on
        the sampled state finds its cards where the rules look for them)."""
        seat = execution.controller
        step = self._current_step(execution)
        stage = execution.stage
        seen: tuple[str, ...] = ()
        if stage == "look":
            opponent = state.players[_other(seat)]
            seen = {"opponent_hand": opponent.hand,
                    "opponent_facedown": tuple(fd.card for fd in opponent.facedown),
                    "own_draw": state.players[seat].draw[:step.count],
                    "opponent_draw": opponent.draw[:step.count],
                    "shop_draw": state.shop_draw[:step.count]}[step.zone]
        elif stage == "order":
            seen = state.players[seat if step.zone == "own_draw" else _other(seat)].draw
        elif stage == "tutor":
            seen = state.players[seat].draw + state.players[seat].discard
        elif stage == "wish":
            seen = tuple(card for card in state.shop_row + state.shop_draw + state.shop_discard
                         if self.book[card].passive != "at_what_cost" or state.players[seat].passives)
        return self._flow(state, executing=evolve(execution, seen=seen, picked=seen[:len(execution.picked)]))

    def refusal(self, state: State, intent: Value) -> str:
        """Why ``intent``, refused by the legal lists (:meth:`is_legal`), cannot be sent now: the game's words."""
        return wording.refusal(self, state, intent)

    def narrate(self, event: Value, view: State, seat: int | None) -> str | None:
        """The move log's sentence for ``event`` as ``seat`` reads it."""
        return wording.narrate(self, event, view, seat)

    def invariants(self, state: State) -> list[str]:
        """Every card instance is in exactly one place; counters and dice stay in range."""
        problems = []
        places: list[str] = [*state.shop_draw, *state.shop_row, *state.shop_discard]
        for player in state.players:
            places += [*player.hand, *player.draw, *player.discard, *(fd.card for fd in player.facedown),
                       *player.passives, *(lasting.card for lasting in player.lasting), *player.removed]
        places += [pending.card for pending in state.flow.chain]
        execution = state.flow.executing
        if execution is not None:
            places.append(execution.card)
        if len(places) != len(set(places)):
            twice = sorted({c for c in places if places.count(c) > 1})
            problems.append(f"cards in two places: {', '.join(twice[:5])}")
        if any(not 1 <= value <= 6 for value in state.dice):
            problems.append(f"a die outside 1..6: {state.dice}")
        for seat, player in enumerate(state.players):
            if player.gold < 0:
                problems.append(f"seat {seat} has {player.gold} gold")
            if len(player.facedown) > self.face_down_room(state, seat):
                problems.append(f"seat {seat} has {len(player.facedown)} face-down cards")
        return problems

    # ================================================================ legal intents
    def legal_intents(self, state: State) -> tuple[Intent, ...]:
        """Every intent that may be sent now, in a fixed order (the opponent's Interrupt last)."""
        return self.cached_legal(state, self._enumerate)

    def _enumerate(self, state: State) -> list[Intent]:
        flow = state.flow
        if flow.phase == Phase.OVER:
            return []
        if flow.phase == Phase.EFFECT:
            return self._choices(state)
        if flow.phase == Phase.WINDOW:
            seat = flow.priority
            rest = [PassTurn(seat)] if state.pass_turn[seat] else []
            if flow.responding or seat == flow.active:
                # The active player answers from their own screen; the other first asks for it (Respond).
                return [*self.responses(state, seat), Pass(seat), *rest]
            return [Pass(seat), Respond(seat), *rest]
        seat = flow.active
        player = state.players[seat]
        out: list[Intent] = list(self.responses(state, seat))
        if self.actions_left(state, seat) and player.gold >= self.face_down_cost(state, seat) \
                and len(player.facedown) < self.face_down_room(state, seat):
            out += [Place(seat, card) for card in player.hand]
        if (self.unlimited_shop(state, seat) or flow.rerolls < 2) and player.gold >= self.reroll_cost(state, seat) \
                and (state.shop_draw or state.shop_discard or state.shop_row):
            out.append(RerollShop(seat))
        if self.unlimited_shop(state, seat) or flow.buys < 1:
            for card in state.shop_row:
                kind = self.book[card]
                if player.gold < kind.cost:
                    continue
                out += self._receivable(state, seat, card, partial(Buy, seat, card))
        out.append(EndTurn(seat))
        out.append(Interrupt(_other(seat)))
        return out

    def _receivable(self, state: State, seat: int, card: str, make: Callable[[str | None], Intent]) -> list[Intent]:
        """The intents that take ``card`` (At What Cost: one per own other passive it may remove)."""
        if self.book[card].passive != "at_what_cost":
            return [make(None)]
        return [make(passive) for passive in state.players[seat].passives]

    def vetoable(self, state: State, seat: int) -> tuple[str, ...]:
        """Pending Actions of ``seat``'s opponent on the chain (what a Veto of ``seat`` may cancel)."""
        return tuple(p.card for p in state.flow.chain
                     if p.controller != seat and self.book[p.card].type == "action")

    def responses(self, state: State, seat: int) -> list[Intent]:
        """The cards ``seat`` may play now: blessings, face-down cards placed before this turn, and actions
        while an allowance is left (A.5 rule 4).  A Veto needs a pending opponent Action."""
        player = state.players[seat]
        can_veto = bool(self.vetoable(state, seat))
        out: list[Intent] = []
        actions = self.actions_left(state, seat) > 0
        for card in player.hand:
            kind = self.book[card]
            if any(step.kind == "veto" for step in kind.steps) and not can_veto:
                continue
            if kind.type == "blessing" or (kind.type == "action" and actions):
                out.append(Play(seat, card))
        for face_down in player.facedown:
            kind = self.book[face_down.card]
            if face_down.placed == state.flow.turn:
                continue
            if any(step.kind == "veto" for step in kind.steps) and not can_veto:
                continue
            out.append(Reveal(seat, face_down.card))
        return out

    def _choices(self, state: State) -> list[Intent]:
        """What the chooser of the executing card's current step may decide."""
        execution = state.flow.executing
        assert execution is not None
        seat = chooser(state)
        stage = execution.stage
        if stage == "chance":
            return [Chance(seat, True), Chance(seat, False)]
        if stage == "barrier":
            formula = self._current_step(execution).formula
            assert formula is not None
            return [Term(seat, die) for die in self.barrier_terms(formula)]
        if stage == "militia":
            most = min(execution.amount, state.players[seat].gold)
            return [Pay(seat, gold) for gold in range(most + 1)]
        if stage == "die":
            return [Reroll(seat, die) for die in CONTROLLABLE]
        if stage == "again":
            return [Again(seat, True), Again(seat, False)]
        if stage == "set":
            step = self._current_step(execution)
            return [SetDie(seat, die, value) for die in CONTROLLABLE
                    for value in range(1, 7) if step.least <= abs(value - state.die(die)) <= step.count]
        if stage == "flip":
            return [FlipDie(seat, die) for die in CONTROLLABLE]
        if stage == "swap":
            return [Swap(seat, first, second) for i, first in enumerate(CONTROLLABLE)
                    for second in CONTROLLABLE[i + 1:]]
        if stage == "look":
            return [Done(seat)]
        if stage == "order":
            left = [card for card in execution.seen if card not in execution.picked]
            return [*(Put(seat, card) for card in left), KeepOrder(seat)]
        if stage in ("tutor", "wish"):
            out: list[Intent] = []
            for card in execution.seen:
                if stage == "wish":
                    out += self._receivable(state, seat, card, partial(Take, seat, card))
                else:
                    out.append(Take(seat, card))
            return out
        if stage == "opponent_discard":
            step = self._current_step(execution)
            zone = state.players[seat].hand if step.zone == "hand" else tuple(
                fd.card for fd in state.players[seat].facedown)
            return [Discard(seat, card) for card in zone]
        if stage == "discard_own":
            return [Discard(seat, card) for card in state.players[seat].hand]
        if stage == "veto":
            return [Cancel(seat, card) for card in self.vetoable(state, execution.controller)]
        if stage == "remove":
            return [*(Remove(seat, card) for card in self._removable(state, execution)), Stop(seat)]
        raise AssertionError(f"no choices at stage {stage!r}")

    def barrier_terms(self, formula: Formula) -> tuple[str, ...]:
        """The terms a Magical Barrier may lower: the formula's dice other than PURPLE."""
        return tuple(sorted(die for die in formula.elements if die != "PURPLE"))

    def _removable(self, state: State, execution: Execution) -> list[str]:
        step = self._current_step(execution)
        player = state.players[execution.controller]
        out: list[str] = []
        if "hand" in step.targets:
            out += player.hand
        if "discard" in step.targets:
            out += player.discard
        if "this" in step.targets and not execution.removed_self:
            out.append(execution.card)
        return out

    def _current_step(self, execution: Execution) -> CardStep:
        return self.book[execution.card].steps[execution.step]

    # ================================================================ apply
    def apply(self, state: State, intent: Value, rng: RandomSource) -> Step:
        """Apply one legal intent; an illegal one raises IllegalIntent and changes nothing."""
        self.refuse_unless_legal(state, intent)
        assert isinstance(intent, Intent)   # one of the legal intents, checked just above
        events: list[Value] = []
        seat = intent.seat
        flow = state.flow
        if isinstance(intent, (Play, Reveal)):
            state = self._play(state, seat, intent.card, isinstance(intent, Reveal), rng, events)
        elif isinstance(intent, Place):
            state = self._place(state, seat, intent.card, events)
        elif isinstance(intent, RerollShop):
            state = self._reroll_shop(state, seat, rng, events)
        elif isinstance(intent, Buy):
            state = self._buy(state, seat, intent.card, intent.remove, events)
        elif isinstance(intent, EndTurn):
            state = self._end_turn(state, rng, events)
        elif isinstance(intent, Interrupt):
            events.append(ev.Responding(seat, interrupt=True))
            # Interrupting is answering after all: no more passing for the rest of the turn.
            state = evolve(state, passing=_with(state.passing, seat, 0))
            state = self._flow(state, phase=Phase.WINDOW, window=Window.INTERRUPT, priority=seat, passes=0,
                               responding=True)
        elif isinstance(intent, PassTurn):
            events.append(ev.PassingThisTurn(seat, flow.turn))
            state = evolve(state, passing=_with(state.passing, seat, flow.turn))
            state = self._pass(state, seat, rng, events)
        elif isinstance(intent, Respond):
            events.append(ev.Responding(seat))
            state = self._flow(state, responding=True)
        elif isinstance(intent, Pass):
            state = self._pass(state, seat, rng, events)
        else:
            state = self._choose(state, intent, rng, events)
        if flow.phase != Phase.OVER:
            state = self._settle(state, events, rng)
        return Step(state, tuple(events))

    # ---------------------------------------------------------------- cards in and out of hands
    def _draw(self, state: State, seat: int, count: int, rng: RandomSource, events: list[Value]) -> State:
        """Draw ``count`` cards, shuffling the discard pile into a new draw pile when it runs out (A.3.4)."""
        player = state.players[seat]
        draw, discard = list(player.draw), list(player.discard)
        drawn: list[str] = []
        for _ in range(count):
            if not draw:
                if not discard:
                    break               # both piles are empty: nothing is drawn
                draw = list(shuffled(discard, rng, f"deck {seat}", [self.book[c].name for c in discard]))
                events.append(ev.DeckShuffled(seat, len(discard)))
                discard = []
            drawn.append(draw.pop(0))
        state = self._player(state, seat, draw=tuple(draw), discard=tuple(discard), hand=player.hand + tuple(drawn))
        if drawn:
            events.append(ev.CardsDrawn(seat, tuple(drawn)))
        return state

    def _take_from_hand(self, state: State, seat: int, card: str) -> State:
        player = state.players[seat]
        hand = list(player.hand)
        hand.remove(card)
        return self._player(state, seat, hand=tuple(hand), shown=tuple(c for c in player.shown if c != card))

    def _to_discard(self, state: State, seat: int, cards: Sequence[str]) -> State:
        player = state.players[seat]
        return self._player(state, seat, discard=player.discard + tuple(cards))

    def _gain_gold(self, state: State, seat: int, amount: int, why: str, events: list[Value]) -> State:
        if amount <= 0:
            return state
        player = state.players[seat]
        events.append(ev.GoldGained(seat, amount, why))
        return self._player(state, seat, gold=player.gold + amount, gold_earned=player.gold_earned + amount)

    def _spend(self, state: State, seat: int, amount: int, why: str, events: list[Value]) -> State:
        if amount <= 0:
            return state
        events.append(ev.GoldSpent(seat, amount, why))
        return self._player(state, seat, gold=state.players[seat].gold - amount)

    # ---------------------------------------------------------------- the main phase
    def _play(self, state: State, seat: int, card: str, face_down: bool, rng: RandomSource,
              events: list[Value]) -> State:
        """A card is played: paid for, put on the chain, and its window opens (A.5 rule 1)."""
        kind = self.book[card]
        player = state.players[seat]
        if face_down:
            state = self._player(state, seat, facedown=tuple(fd for fd in player.facedown if fd.card != card))
        else:
            state = self._take_from_hand(state, seat, card)
            if kind.type == "action":
                if seat == state.flow.active:
                    state = self._flow(state, actions_used=state.flow.actions_used + 1)
                else:
                    state = self._player(state, seat, granted_used=state.players[seat].granted_used + 1)
        events.append(ev.CardPlayed(seat, card, face_down))
        state = self._flow(state, chain=state.flow.chain + (Pending(card, seat, face_down),))
        if kind.type == "blessing" and self.passives(state, seat, "truly_blessed"):
            state = self._draw(state, seat, self.passives(state, seat, "truly_blessed"), rng, events)
        return self._flow(state, phase=Phase.WINDOW, window=Window.CARD, priority=_other(seat), passes=0,
                          responding=False)

    def _place(self, state: State, seat: int, card: str, events: list[Value]) -> State:
        state = self._take_from_hand(state, seat, card)
        state = self._spend(state, seat, self.face_down_cost(state, seat), "face-down", events)
        events.append(ev.CardPlaced(seat, card))
        player = state.players[seat]
        state = self._player(state, seat, facedown=player.facedown + (FaceDown(card, state.flow.turn),))
        return self._flow(state, actions_used=state.flow.actions_used + 1)

    def _reroll_shop(self, state: State, seat: int, rng: RandomSource, events: list[Value]) -> State:
        """The row goes to the shop's discard pile; five cards are laid out, reshuffling when the pile is out."""
        state = self._spend(state, seat, self.reroll_cost(state, seat), "reroll", events)
        discard = state.shop_discard + state.shop_row
        draw = list(state.shop_draw)
        row: list[str] = []
        while len(row) < ROW:
            if not draw:
                if not discard:
                    break
                draw = list(shuffled(discard, rng, "shop", [self.book[c].name for c in discard]))
                events.append(ev.ShopShuffled(len(draw), True))
                discard = ()
            row.append(draw.pop(0))
        events.append(ev.ShopRerolled(seat, tuple(row), len(state.shop_row)))
        state = evolve(state, shop_draw=tuple(draw), shop_row=tuple(row), shop_discard=tuple(discard))
        return self._flow(state, rerolls=state.flow.rerolls + 1)

    def _buy(self, state: State, seat: int, card: str, remove: str | None, events: list[Value]) -> State:
        kind = self.book[card]
        state = self._spend(state, seat, kind.cost, "buy", events)
        state = evolve(state, shop_row=tuple(c for c in state.shop_row if c != card))
        state = self._flow(state, buys=state.flow.buys + 1)
        to = self._receive_place(state, seat, card)
        events.append(ev.Bought(seat, card, kind.cost, to))
        return self._receive(state, seat, card, remove, events)

    def _receive_place(self, state: State, seat: int, card: str) -> str:
        if self.book[card].type == "passive":
            return "passives"
        return "hand" if self.passives(state, seat, "express_shipping") else "discard"

    def _receive(self, state: State, seat: int, card: str, remove: str | None, events: list[Value],
                 public: bool = True) -> State:
        """A bought (or wished-for) card arrives: a passive is deployed, others go to the discard pile or,
        with Express Shipping, the hand."""
        to = self._receive_place(state, seat, card)
        player = state.players[seat]
        if to == "passives":
            if remove is not None:
                events.append(ev.PassiveRemoved(seat, remove))
                state = self._player(state, seat, passives=tuple(c for c in player.passives if c != remove),
                                     removed=player.removed + (remove,))
                player = state.players[seat]
            return self._player(state, seat, passives=player.passives + (card,))
        if to == "hand":
            shown = player.shown + ((card,) if public else ())
            return self._player(state, seat, hand=player.hand + (card,), shown=shown)
        return self._player(state, seat, discard=player.discard + (card,))

    def _pass(self, state: State, seat: int, rng: RandomSource, events: list[Value]) -> State:
        """A pass: it ends a turn-start or interrupt window; in a card's window two in a row execute it."""
        flow = state.flow
        events.append(ev.WindowPassed(seat))
        if flow.window in (Window.TURN_START, Window.INTERRUPT) and not flow.chain:
            return self._flow(state, phase=Phase.MAIN, window="", responding=False, passes=0)
        if flow.passes + 1 >= 2:
            return self._execute_top(state, events)
        return self._flow(state, passes=flow.passes + 1, priority=_other(seat), responding=False)

    def _execute_top(self, state: State, events: list[Value]) -> State:
        pending = state.flow.chain[-1]
        events.append(ev.CardExecutes(pending.controller, pending.card))
        execution = Execution(pending.card, pending.controller, pending.face_down)
        return self._flow(state, chain=state.flow.chain[:-1], executing=execution, phase=Phase.EFFECT,
                          responding=False, passes=0)

    # ---------------------------------------------------------------- turns
    def _start_turn(self, state: State, seat: int, turn: int, events: list[Value]) -> State:
        """TURN_START (A.3.1): one gold, fresh counters, and a window for the opponent."""
        players = tuple(evolve(p, granted=0, granted_used=0) for p in state.players)
        state = evolve(state, players=players, flow=Flow(turn=turn, active=seat, phase=Phase.WINDOW,
                                                          window=Window.TURN_START, priority=_other(seat)))
        events.append(ev.TurnStarted(turn, seat))
        return self._gain_gold(state, seat, 1, "turn", events)

    def _end_turn(self, state: State, rng: RandomSource, events: list[Value]) -> State:
        """END_TURN (A.3.3): effects expire, the hand is discarded, new cards are drawn, the turn passes."""
        flow = state.flow
        seat = flow.active
        for owner, player in enumerate(state.players):
            ending = [lasting for lasting in player.lasting if lasting.expires <= flow.turn]
            if ending:
                for lasting in ending:
                    events.append(ev.LastingExpired(owner, lasting.card))
                state = self._player(state, owner, lasting=tuple(x for x in player.lasting if x not in ending))
                state = self._to_discard(state, owner, [lasting.card for lasting in ending])
        player = state.players[seat]
        if player.hand:
            events.append(ev.Discarded(seat, player.hand, "hand"))
            state = self._player(state, seat, hand=(), shown=(), discard=player.discard + player.hand)
        state = self._draw(state, seat, self.end_draw(state, seat), rng, events)
        events.append(ev.TurnEnded(flow.turn, seat))
        return self._start_turn(state, _other(seat), flow.turn + 1, events)

    # ---------------------------------------------------------------- settling
    def _settle(self, state: State, events: list[Value], rng: RandomSource) -> State:
        """Run what needs no decision: executing steps, auto-passes, the end of an execution."""
        for _ in range(10_000):
            flow = state.flow
            if flow.phase == Phase.OVER:
                return state
            if flow.phase == Phase.EFFECT:
                execution = flow.executing
                assert execution is not None
                if execution.stage and execution.stage not in _CONTINUING:
                    return state           # waiting for a choice
                state = self._run(state, events, rng)
                continue
            if flow.phase == Phase.WINDOW and not flow.responding and self.auto_passes(state, flow.priority):
                state = self._pass(state, flow.priority, rng, events)
                continue
            return state
        raise AssertionError("the rules did not settle")

    def auto_passes(self, state: State, seat: int) -> bool:
        """Whether ``seat``'s own settings pass the window it holds now without asking (A.5): it passes for
        the rest of this turn, it holds nothing playable, or the card to answer deals no damage."""
        flow = state.flow
        if state.passing[seat] == flow.turn:
            return True
        if state.auto_pass_harmless[seat] and flow.window == Window.CARD and flow.chain \
                and not self.deals_damage(flow.chain[-1].card):
            return True
        return state.auto_pass[seat] and not self.responses(state, seat)

    def deals_damage(self, card: str) -> bool:
        """Whether a card deals damage to anyone (a non-damage card may be auto-passed)."""
        return any(step.kind in ("damage", "self_damage") for step in self.book[card].steps)

    def _finish(self, state: State, events: list[Value]) -> State:
        """The executing card is done: where it goes, whether the game is over, what comes next."""
        execution = state.flow.executing
        assert execution is not None
        kind = self.book[execution.card]
        seat = execution.controller
        if execution.vetoed or execution.removed_self:
            to = "removed"
            state = self._player(state, seat, removed=state.players[seat].removed + (execution.card,))
        elif kind.lasting:
            to = "play"
        else:
            to = "discard"
            state = self._to_discard(state, seat, [execution.card])
        events.append(ev.CardDone(seat, execution.card, to))
        state = self._flow(state, executing=None)
        down = [s for s, p in enumerate(state.players) if p.hp <= 0]
        if down:
            winner = seat if len(down) == 2 else _other(down[0])
            # A.5 rule 7: the rest of the chain is abandoned, each card to its owner's discard pile.
            for pending in reversed(state.flow.chain):
                events.append(ev.CardDone(pending.controller, pending.card, "discard"))
                state = self._to_discard(state, pending.controller, [pending.card])
            events.append(ev.GameEnded(winner, tuple(p.hp for p in state.players)))
            return self._flow(state, phase=Phase.OVER, winner=winner, chain=())
        if state.flow.chain:
            top = state.flow.chain[-1]
            return self._flow(state, phase=Phase.WINDOW, window=Window.CARD, priority=_other(top.controller),
                              passes=0, responding=False)
        return self._flow(state, phase=Phase.MAIN, window="", passes=0, responding=False)

    # ================================================================ executing a card
    def _next_step(self, state: State) -> State:
        execution = state.flow.executing
        assert execution is not None
        return self._exec(state, step=execution.step + 1, stage="", die="", count=0, terms=(), recipient=0,
                          amount=0, dealt=0, seen=(), picked=(), decider=-1)

    def _run(self, state: State, events: list[Value], rng: RandomSource) -> State:
        """Go on with the executing card: the current step from its stage, or the card is done."""
        execution = state.flow.executing
        assert execution is not None
        kind = self.book[execution.card]
        if execution.step >= len(kind.steps):
            return self._finish(state, events)
        step = kind.steps[execution.step]
        return _RUNNERS[step.kind](self, state, execution, step, events, rng)

    # ---------------------------------------------------------------- formula steps
    def _chance_decider(self, state: State, controller: int) -> int:
        """Who decides whether the chance die is rerolled: a Risk Aversion owner (both: the controller)."""
        owners = [seat for seat in range(len(state.players)) if self.passives(state, seat, "chance_control")]
        if not owners:
            return -1
        return owners[0] if len(owners) == 1 else controller

    def _roll(self, state: State, die: str, rng: RandomSource, events: list[Value]) -> State:
        value = rng.randint(1, 6, die)
        events.append(ev.DieRolled(die, value))
        dice = list(state.dice)
        dice[DICE.index(die)] = value
        return evolve(state, dice=tuple(dice))

    def _set_die(self, state: State, die: str, value: int, events: list[Value]) -> State:
        events.append(ev.DieSet(die, state.die(die), value))
        dice = list(state.dice)
        dice[DICE.index(die)] = value
        return evolve(state, dice=tuple(dice))

    def _buffs(self, state: State, seat: int) -> list[tuple[CardStep, int]]:
        """``seat``'s buffs in force, each with its multiplier."""
        out = []
        for lasting in state.players[seat].lasting:
            for step in self.book[lasting.card].steps:
                if step.kind == "buff":
                    out.append((step, step.mult or state.prometheus))
        return out

    def _run_formula(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                     rng: RandomSource) -> State:
        """Damage, healing, gold and self-damage through the strength pipeline (A.4.2)."""
        formula = step.formula
        assert formula is not None
        stage = execution.stage
        if stage == "":
            if CHANCE in formula.dice:
                decider = self._chance_decider(state, execution.controller)
                if decider >= 0:
                    return self._exec(state, stage="chance", decider=decider)
                state = self._roll(state, CHANCE, rng, events)
            stage = "terms"
        if stage == "terms":
            state = self._exec(state, stage="recipient", terms=tuple(state.die(die) for die in formula.dice),
                               recipient=0)
            stage = "recipient"
        execution = _executing(state)
        controller = execution.controller
        terms = dict(zip(formula.dice, execution.terms))
        if step.kind != "damage":
            amount = strength(formula, terms, buff_multiplier(self._buffs(state, controller), formula.elements))
            player = state.players[controller]
            if step.kind == "heal":
                events.append(ev.Healed(controller, amount, player.hp + amount))
                state = self._player(state, controller, hp=player.hp + amount, healed=player.healed + amount)
            elif step.kind == "gain_gold":
                state = self._gain_gold(state, controller, amount, "card", events)
            else:   # self_damage: ordinary damage to oneself (A.4.1): gold for it, no shields
                events.append(ev.Damaged(controller, amount, controller, execution.card, player.hp - amount))
                state = self._player(state, controller, hp=player.hp - amount,
                                     damage_dealt=player.damage_dealt + amount)
                state = self._gain_gold(state, controller, amount, "damage", events)
            return self._next_step(state)
        recipients = [controller if target == "self" else _other(controller) for target in step.targets]
        while execution.recipient < len(recipients):
            seat = recipients[execution.recipient]
            enemy = seat != controller
            if execution.stage == "recipient":
                barrier = enemy and formula.multi_element and self._has_barrier(state, seat)
                if barrier and not execution.die:
                    options = self.barrier_terms(formula)
                    if len(options) > 1:
                        return self._exec(state, stage="barrier")
                    state = self._exec(state, die=options[0])
                    execution = _executing(state)
                amount, shield_events = self._attack(state, formula, terms, controller, seat,
                                                     execution.die if barrier else "")
                events.extend(shield_events)
                if enemy and amount > 0 and state.players[seat].gold > 0 and self._has_militia(state, seat):
                    return self._exec(state, stage="militia", amount=amount)
                state = self._exec(state, stage="apply", amount=amount)
                execution = _executing(state)
            # stage "apply": the damage (after any Paid Militia payment) lands
            player = state.players[seat]
            amount = execution.amount
            events.append(ev.Damaged(seat, amount, controller, execution.card, player.hp - amount))
            state = self._player(state, seat, hp=player.hp - amount)
            state = self._exec(state, stage="recipient", recipient=execution.recipient + 1, die="", amount=0,
                               dealt=execution.dealt + amount)
            execution = _executing(state)
        attacker = state.players[controller]
        state = self._player(state, controller, damage_dealt=attacker.damage_dealt + execution.dealt)
        state = self._gain_gold(state, controller, execution.dealt, "damage", events)
        return self._next_step(state)

    def _has_barrier(self, state: State, seat: int) -> bool:
        return any(step.kind == "shield" and step.against == "multi"
                   for lasting in state.players[seat].lasting for step in self.book[lasting.card].steps)

    def _has_militia(self, state: State, seat: int) -> bool:
        return any(step.kind == "paid_shield"
                   for lasting in state.players[seat].lasting for step in self.book[lasting.card].steps)

    def _attack(self, state: State, formula: Formula, terms: dict[str, int], attacker: int, seat: int,
                barrier_die: str) -> tuple[int, list[Value]]:
        """Steps 3.1 to 3.4 of A.4.2 for one recipient: shields, Magical Barrier, formula, buffs."""
        events: list[Value] = []
        enemy = seat != attacker
        if enemy:
            defender_buffs = self._buffs(state, seat)
            shields = []
            for lasting in state.players[seat].lasting:
                for step in self.book[lasting.card].steps:
                    if step.kind == "shield" and step.against != "multi":
                        mult = buff_multiplier(defender_buffs, frozenset({step.die}))
                        shields.append((lasting.card, step.against, state.die(step.die), mult))
            terms, changes = shield_terms(terms, shields)
            for card, die, was, now in changes:
                events.append(ev.TermShielded(seat, card, die, was, now))
            if barrier_die:
                barrier = next(l.card for l in state.players[seat].lasting
                               if any(s.kind == "shield" and s.against == "multi" for s in self.book[l.card].steps))
                mult = buff_multiplier(defender_buffs, frozenset({"PURPLE"}))
                was = terms[barrier_die]
                terms = {**terms, barrier_die: max(0, was - state.die("PURPLE") * mult)}
                events.append(ev.TermShielded(seat, barrier, barrier_die, was, terms[barrier_die]))
        amount = strength(formula, terms, buff_multiplier(self._buffs(state, attacker), formula.elements))
        return amount, events

    # ---------------------------------------------------------------- lasting effects
    def _run_lasting(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                     rng: RandomSource) -> State:
        """A shield lasts to the end of the opponent's turn; a buff to the end of its owner's turn (A.4.6)."""
        seat = execution.controller
        own_turn = seat == state.flow.active
        turn = state.flow.turn
        if step.kind == "buff":
            expires = turn if own_turn else turn + 1
        else:
            expires = turn + 1 if own_turn else turn
        player = state.players[seat]
        if all(lasting.card != execution.card for lasting in player.lasting):
            state = self._player(state, seat, lasting=player.lasting + (Lasting(execution.card, expires),))
            events.append(ev.LastingAdded(seat, execution.card, expires))
        return self._next_step(state)

    # ---------------------------------------------------------------- dice control
    def _run_dice(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                  rng: RandomSource) -> State:
        """Reroll, adjust, flip, swap: the controller chooses a die (never the chance die)."""
        if execution.stage == "":
            stage = {"reroll": "die", "adjust": "set", "flip": "flip", "swap": "swap"}[step.kind]
            return self._exec(state, stage=stage)
        return self._next_step(state)          # stage "next": the choice has been applied

    # ---------------------------------------------------------------- cards
    def _run_draw(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                  rng: RandomSource) -> State:
        state = self._draw(state, execution.controller, step.count, rng, events)
        return self._next_step(state)

    def _run_look(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                  rng: RandomSource) -> State:
        """Look privately at cards (never reshuffles: A.3.4); the chooser says when they are done."""
        if execution.stage == "next":
            return self._next_step(state)
        seat = execution.controller
        opponent = state.players[_other(seat)]
        cards = {
            "opponent_hand": opponent.hand,
            "opponent_facedown": tuple(fd.card for fd in opponent.facedown),
            "own_draw": state.players[seat].draw[:step.count],
            "opponent_draw": opponent.draw[:step.count],
            "shop_draw": state.shop_draw[:step.count],
        }[step.zone]
        if not cards:
            events.append(ev.Fizzled(seat, execution.card, "nothing-to-look-at"))
            return self._next_step(state)
        events.append(ev.Looked(seat, step.zone, cards))
        return self._exec(state, stage="look", seen=cards)

    def _run_reorder(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                     rng: RandomSource) -> State:
        seat = execution.controller
        owner = seat if step.zone == "own_draw" else _other(seat)
        if execution.stage == "":
            pile = state.players[owner].draw
            if len(pile) < 2:
                events.append(ev.Fizzled(seat, execution.card, "nothing-to-reorder"))
                return self._next_step(state)
            return self._exec(state, stage="order", seen=pile)
        # stage "next": put the cards chosen on top, the rest below in their order
        order = execution.picked + tuple(card for card in execution.seen if card not in execution.picked)
        events.append(ev.Reordered(seat, step.zone, order))
        state = self._player(state, owner, draw=order)
        return self._next_step(state)

    def _run_tutor(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                   rng: RandomSource) -> State:
        seat = execution.controller
        if execution.stage == "":
            player = state.players[seat]
            options = player.draw + player.discard
            if options:
                return self._exec(state, stage="tutor", seen=options)
            events.append(ev.Fizzled(seat, execution.card, "no-card-to-take"))
        player = state.players[seat]
        if player.draw:
            draw = shuffled(player.draw, rng, f"deck {seat}", [self.book[c].name for c in player.draw])
            events.append(ev.DeckShuffled(seat, len(draw)))
            state = self._player(state, seat, draw=draw)
        return self._next_step(state)

    def _run_opponent_discards(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                               rng: RandomSource) -> State:
        """Weak Hands, Faulty Table: the opponent chooses which cards (all of them if too few: A.6.21)."""
        if execution.stage == "next":
            return self._next_step(state)
        seat = _other(execution.controller)
        player = state.players[seat]
        zone = player.hand if step.zone == "hand" else tuple(fd.card for fd in player.facedown)
        if not zone:
            events.append(ev.Fizzled(execution.controller, execution.card, "nothing-to-discard"))
            return self._next_step(state)
        if len(zone) <= step.count:
            state = self._discard_from(state, seat, zone, step.zone, events)
            return self._next_step(state)
        return self._exec(state, stage="opponent_discard", count=step.count)

    def _discard_from(self, state: State, seat: int, cards: Sequence[str], zone: str, events: list[Value]) -> State:
        player = state.players[seat]
        if zone == "hand":
            hand = list(player.hand)
            for card in cards:
                hand.remove(card)
            state = self._player(state, seat, hand=tuple(hand),
                                 shown=tuple(c for c in player.shown if c not in cards))
        else:
            state = self._player(state, seat, facedown=tuple(fd for fd in player.facedown if fd.card not in cards))
        events.append(ev.Discarded(seat, tuple(cards), zone))
        return self._to_discard(state, seat, cards)

    def _run_discard(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                     rng: RandomSource) -> State:
        """All for One: discard cards of one's own hand (all of them if too few: A.6.2)."""
        if execution.stage == "next":
            return self._next_step(state)
        seat = execution.controller
        hand = state.players[seat].hand
        if len(hand) <= step.count:
            if hand:
                state = self._discard_from(state, seat, hand, "hand", events)
            return self._next_step(state)
        return self._exec(state, stage="discard_own", count=step.count)

    def _run_extra_actions(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                           rng: RandomSource) -> State:
        """More actions this turn: the active player's allowance, or a granted one (A.5 rule 4)."""
        seat = execution.controller
        events.append(ev.ActionsGranted(seat, step.count))
        if seat == state.flow.active:
            state = self._flow(state, actions_granted=state.flow.actions_granted + step.count)
        else:
            state = self._player(state, seat, granted=state.players[seat].granted + step.count)
        return self._next_step(state)

    def _run_remove(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                    rng: RandomSource) -> State:
        """Optimization: remove up to N cards (A.6.3 to 5); "up to" allows none."""
        if execution.stage == "next" or not self._removable(state, execution):
            return self._next_step(state)
        return self._exec(state, stage="remove", count=step.count)

    def _run_veto(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                  rng: RandomSource) -> State:
        """Cancel a pending opponent Action; Veto is then removed from the game (A.6.1)."""
        if execution.stage == "next":
            return self._next_step(state)
        targets = self.vetoable(state, execution.controller)
        if not targets:
            events.append(ev.Fizzled(execution.controller, execution.card, "no-action-to-cancel"))
            return self._next_step(state)
        if len(targets) == 1:
            state = self._cancel(state, execution.controller, targets[0], events)
            return self._next_step(state)
        return self._exec(state, stage="veto")

    def _cancel(self, state: State, seat: int, card: str, events: list[Value]) -> State:
        pending = next(p for p in state.flow.chain if p.card == card)
        events.append(ev.Vetoed(seat, card))
        events.append(ev.CardDone(pending.controller, card, "discard"))
        state = self._flow(state, chain=tuple(p for p in state.flow.chain if p.card != card))
        state = self._to_discard(state, pending.controller, [card])
        return self._exec(state, vetoed=True)

    def _run_wish(self, state: State, execution: Execution, step: CardStep, events: list[Value],
                  rng: RandomSource) -> State:
        """Wish: take any shop card for free, then shuffle the shop's draw pile (A.6.7)."""
        seat = execution.controller
        if execution.stage == "":
            options = tuple(card for card in state.shop_row + state.shop_draw + state.shop_discard
                            if self.book[card].passive != "at_what_cost" or state.players[seat].passives)
            if options:
                return self._exec(state, stage="wish", seen=options)
            events.append(ev.Fizzled(seat, execution.card, "no-card-to-wish-for"))
        if state.shop_draw:
            draw = shuffled(state.shop_draw, rng, "shop", [self.book[c].name for c in state.shop_draw])
            events.append(ev.ShopShuffled(len(draw), False))
            state = evolve(state, shop_draw=draw)
        return self._next_step(state)

    # ================================================================ choices
    def _choose(self, state: State, intent: Intent, rng: RandomSource, events: list[Value]) -> State:
        """Apply a choice made for the executing card; the step then goes on (``_settle`` runs it)."""
        execution = state.flow.executing
        assert execution is not None
        seat = intent.seat
        if isinstance(intent, Chance):
            if intent.reroll:
                state = self._roll(state, CHANCE, rng, events)
            else:
                events.append(ev.DieKept(seat, CHANCE, state.die(CHANCE)))
            return self._exec(state, stage="terms")
        if isinstance(intent, Term):
            return self._exec(state, stage="recipient", die=intent.die)
        if isinstance(intent, Pay):
            if intent.gold:
                events.append(ev.MilitiaPaid(seat, intent.gold))
                state = self._spend(state, seat, intent.gold, "militia", events)
            return self._exec(state, stage="apply", amount=execution.amount - intent.gold)
        if isinstance(intent, Reroll):
            state = self._roll(state, intent.die, rng, events)
            rolls = self._current_step(execution).count
            more = execution.count + 1 < rolls
            return self._exec(state, stage="again" if more else "next", die=intent.die, count=execution.count + 1)
        if isinstance(intent, Again):
            if not intent.reroll:
                return self._exec(state, stage="next")
            state = self._roll(state, execution.die, rng, events)
            more = execution.count + 1 < self._current_step(execution).count
            return self._exec(state, stage="again" if more else "next", count=execution.count + 1)
        if isinstance(intent, SetDie):
            state = self._set_die(state, intent.die, intent.value, events)
            return self._exec(state, stage="next")
        if isinstance(intent, FlipDie):
            state = self._set_die(state, intent.die, 7 - state.die(intent.die), events)
            return self._exec(state, stage="next")
        if isinstance(intent, Swap):
            first, second = state.die(intent.first), state.die(intent.second)
            state = self._set_die(state, intent.first, second, events)
            state = self._set_die(state, intent.second, first, events)
            return self._exec(state, stage="next")
        if isinstance(intent, Done):
            return self._exec(state, stage="next")
        if isinstance(intent, Put):
            picked = execution.picked + (intent.card,)
            done = len(picked) >= len(execution.seen) - 1
            return self._exec(state, picked=picked, stage="next" if done else "order")
        if isinstance(intent, KeepOrder):
            return self._exec(state, stage="next")
        if isinstance(intent, Take):
            return self._take(state, execution, intent, events)
        if isinstance(intent, Discard):
            zone = "hand" if execution.stage == "discard_own" or self._current_step(execution).zone == "hand" \
                else "facedown"
            state = self._discard_from(state, seat, [intent.card], zone, events)
            left = execution.count - 1
            return self._exec(state, count=left, stage=execution.stage if left else "next")
        if isinstance(intent, Cancel):
            state = self._cancel(state, seat, intent.card, events)
            return self._exec(state, stage="next")
        if isinstance(intent, Remove):
            state = self._remove(state, execution, intent.card, events)
            left = execution.count - 1
            execution = _executing(state)
            more = left > 0 and bool(self._removable(state, execution))
            return self._exec(state, count=left, stage="remove" if more else "next")
        if isinstance(intent, Stop):
            return self._exec(state, stage="next")
        raise AssertionError(f"no choice handler for {intent.to_str()}")

    def _take(self, state: State, execution: Execution, intent: Take, events: list[Value]) -> State:
        seat = execution.controller
        card = intent.card
        if execution.stage == "tutor":
            player = state.players[seat]
            where = "draw" if card in player.draw else "discard"
            state = self._player(state, seat, draw=tuple(c for c in player.draw if c != card),
                                 discard=tuple(c for c in player.discard if c != card), hand=player.hand + (card,))
            events.append(ev.Took(seat, card, where))
            return self._exec(state, stage="tutoring", seen=())
        # Wish: the card leaves its shop zone and arrives as if bought, without a buy or gold.
        state = evolve(state, shop_row=tuple(c for c in state.shop_row if c != card),
                       shop_draw=tuple(c for c in state.shop_draw if c != card),
                       shop_discard=tuple(c for c in state.shop_discard if c != card))
        to = self._receive_place(state, seat, card)
        if to == "passives":
            events.append(ev.Wished(seat, card))
        else:
            events.append(ev.WishGranted(seat, card, to))
        state = self._receive(state, seat, card, intent.remove, events, public=False)
        return self._exec(state, stage="wishing", seen=())

    def _remove(self, state: State, execution: Execution, card: str, events: list[Value]) -> State:
        seat = execution.controller
        if card == execution.card:
            events.append(ev.CardsRemoved(seat, (card,)))
            return self._exec(state, removed_self=True)
        player = state.players[seat]
        if card in player.hand:
            state = self._take_from_hand(state, seat, card)
        else:
            state = self._player(state, seat, discard=tuple(c for c in player.discard if c != card))
        events.append(ev.CardsRemoved(seat, (card,)))
        return self._player(state, seat, removed=state.players[seat].removed + (card,))


# Stages after which a step goes on by itself (the choice has been applied).
_CONTINUING = ("terms", "recipient", "apply", "next", "tutoring", "wishing")
# Which method runs each kind of step.
_RUNNERS = {
    "damage": ElementalDiceRules._run_formula, "heal": ElementalDiceRules._run_formula,
    "gain_gold": ElementalDiceRules._run_formula, "self_damage": ElementalDiceRules._run_formula,
    "shield": ElementalDiceRules._run_lasting, "paid_shield": ElementalDiceRules._run_lasting,
    "buff": ElementalDiceRules._run_lasting,
    "reroll": ElementalDiceRules._run_dice, "adjust": ElementalDiceRules._run_dice,
    "flip": ElementalDiceRules._run_dice, "swap": ElementalDiceRules._run_dice,
    "draw": ElementalDiceRules._run_draw, "look": ElementalDiceRules._run_look,
    "reorder": ElementalDiceRules._run_reorder, "tutor": ElementalDiceRules._run_tutor,
    "opponent_discards": ElementalDiceRules._run_opponent_discards, "discard": ElementalDiceRules._run_discard,
    "extra_actions": ElementalDiceRules._run_extra_actions, "remove": ElementalDiceRules._run_remove,
    "veto": ElementalDiceRules._run_veto, "wish": ElementalDiceRules._run_wish,
}
