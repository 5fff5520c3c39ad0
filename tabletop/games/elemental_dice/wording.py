"""Everything Elemental Dice says to the players: the move log, the banner's prompt, why a move is refused.

The rules decide; this module puts their decisions into words, with names and
card names from the state or view it is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from tabletop.core.values import Value

from . import events as ev
from .cards import CHANCE, card_key
from .intents import (Again, Buy, Cancel, Chance, Discard, Done, EndTurn, FlipDie, Interrupt, KeepOrder, Pass,
                      PassTurn, Pay, Place, Play, Put, Remove, Reroll, RerollShop, Respond, Reveal, SetDie, Stop, Swap,
                      Take, Term)
from .state import HIDDEN, Phase, State, Window, chooser

if TYPE_CHECKING:
    from .queries import ElementalDiceQueries

__all__ = ["prompt", "narrate", "refusal", "die_name", "card_name", "LOOK_WORDS"]

_DIE_NAMES = {"RED": "fire", "BROWN": "earth", "BLUE": "water", "GREEN": "nature", "PURPLE": "magic",
              "YELLOW": "gold", "ORANGE": "chance"}
LOOK_WORDS = {"opponent_hand": "the opponent's hand", "opponent_facedown": "the opponent's face-down cards",
              "own_draw": "the top of their draw pile", "opponent_draw": "the top of the opponent's draw pile",
              "shop_draw": "the top of the shop's draw pile"}


def die_name(die: str) -> str:
    """A die by its element, the one name every text gives it, capitalised as a name: ``RED`` -> ``Fire``
    ("the Fire die"; a lower-case "fire" would read like the card Fire's id in the log).

    >>> die_name("ORANGE"), die_name("PURPLE")
    ('Chance', 'Magic')
    """
    return _DIE_NAMES.get(die, die.lower()).capitalize()


def card_name(rules: "ElementalDiceQueries", card: str) -> str:
    """A card's printed name (``a card`` for one the reader may not see)."""
    if card == HIDDEN:
        return "a card"
    return rules.book[card].name


def _names(rules: "ElementalDiceQueries", cards: Sequence[str]) -> str:
    return ", ".join(card_name(rules, c) for c in cards)


def prompt(rules: "ElementalDiceQueries", state: State) -> str:
    """What the seat to act must do now, in plain words."""
    flow = state.flow
    names = [p.name for p in state.players]
    if flow.phase == Phase.OVER:
        return "The game is over."
    if flow.phase == Phase.MAIN:
        seat = flow.active
        left = rules.actions_left(state, seat)
        action = f"{left} action{'s' if left != 1 else ''} left" if left else "no action left"
        return f"{names[seat]}: play cards ({action}), shop, or end the turn."
    if flow.phase == Phase.WINDOW:
        seat = flow.priority
        if flow.responding:
            return f"{names[seat]}: choose a card to play, or pass."
        if flow.window == Window.TURN_START and not flow.chain:
            return f"{names[seat]}: play a card before {names[flow.active]}'s turn, or pass?"
        top = flow.chain[-1]
        return f"{names[seat]}: answer {card_name(rules, top.card)}, or pass?"
    execution = flow.executing
    assert execution is not None
    seat = chooser(state)
    who = names[seat]
    card = card_name(rules, execution.card)
    stage = execution.stage
    texts = {
        "chance": f"{who}: reroll the Chance die for {card} (it shows {state.die(CHANCE)}), or keep it?",
        "barrier": f"{who}: which die of {card} does your Magical Barrier lower?",
        "militia": f"{who}: pay gold to your Paid Militia against {execution.amount} damage?",
        "die": f"{who}: choose the die {card} rerolls.",
        "again": f"{who}: roll the {die_name(execution.die)} die again, or keep it?",
        "set": f"{who}: choose a die and its new value.",
        "flip": f"{who}: choose the die to turn over.",
        "swap": f"{who}: choose two dice to swap.",
        "look": f"{who}: look at the cards, then Done.",
        "order": f"{who}: put the draw pile in order, the top card first.",
        "tutor": f"{who}: take a card from your draw or discard pile.",
        "wish": f"{who}: wish for any card of the shop.",
        "opponent_discard": f"{who}: discard {execution.count} more card{'s' if execution.count != 1 else ''} "
                            f"({card}).",
        "discard_own": f"{who}: discard {execution.count} more card{'s' if execution.count != 1 else ''}.",
        "veto": f"{who}: choose the action Veto cancels.",
        "remove": f"{who}: remove up to {execution.count} more card{'s' if execution.count != 1 else ''}, "
                  "or stop.",
    }
    return texts.get(stage, f"{who}: {card} goes on.")


def narrate(rules: "ElementalDiceQueries", event: Value, view: State, seat: int | None) -> str | None:
    """One line of the move log for ``event`` (None for events not worth a line)."""
    line = _LINES.get(type(event))
    return line(_Teller(rules, view), event) if line is not None else None


class _Teller:
    """What a log line is told with: the rules (for card names) and the players' names."""

    def __init__(self, rules: "ElementalDiceQueries", view: State) -> None:
        self.rules = rules
        self.names = [p.name for p in view.players]

    def who(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat}"

    def name(self, card: str) -> str:
        return card_name(self.rules, card)


def _on_turn_started(t: _Teller, event: ev.TurnStarted) -> str:
    return f"— Turn {event.turn}: {t.who(event.active)} —"


def _on_first_player(t: _Teller, event: ev.FirstPlayer) -> str:
    how = "drawn at random" if event.how == "random" else "chosen by the players"
    return f"{t.who(event.seat)} plays first ({how})."


def _on_passing_this_turn(t: _Teller, event: ev.PassingThisTurn) -> str:
    return f"{t.who(event.seat)} passes for the rest of this turn."


def _on_gold_gained(t: _Teller, event: ev.GoldGained) -> str | None:
    if event.why == "turn":
        return None
    source = {"damage": " for the damage dealt", "card": ""}.get(event.why, "")
    return f"{t.who(event.seat)} gains {event.amount} gold{source}."


def _on_gold_spent(t: _Teller, event: ev.GoldSpent) -> str | None:
    if event.why in ("buy", "militia"):
        return None
    what = {"reroll": "to reroll the shop", "face-down": "to place a card face down"}.get(event.why, "")
    return f"{t.who(event.seat)} pays {event.amount} gold {what}.".replace(" .", ".")


def _on_cards_drawn(t: _Teller, event: ev.CardsDrawn) -> str:
    return f"{t.who(event.seat)} draws {_names(t.rules, event.cards)}."


def _on_drew_cards(t: _Teller, event: ev.DrewCards) -> str:
    return f"{t.who(event.seat)} draws {event.count} card{'s' if event.count != 1 else ''}."


def _on_deck_shuffled(t: _Teller, event: ev.DeckShuffled) -> str:
    return f"{t.who(event.seat)}'s discard pile is shuffled into a new draw pile."


def _on_shop_shuffled(t: _Teller, event: ev.ShopShuffled) -> str:
    return "The shop's draw pile is shuffled."


def _on_card_played(t: _Teller, event: ev.CardPlayed) -> str:
    how = "flips face up" if event.face_down else "plays"
    return f"{t.who(event.seat)} {how} {t.name(event.card)}."


def _on_card_placed(t: _Teller, event: ev.CardPlaced) -> str:
    return f"{t.who(event.seat)} places {t.name(event.card)} face down."


def _on_face_down_placed(t: _Teller, event: ev.FaceDownPlaced) -> str:
    return f"{t.who(event.seat)} places a card face down."


def _on_window_passed(t: _Teller, event: ev.WindowPassed) -> str:
    return f"{t.who(event.seat)} passes."


def _on_responding(t: _Teller, event: ev.Responding) -> str:
    return f"{t.who(event.seat)} {'steps in to play a card' if event.interrupt else 'answers'}."


def _on_card_executes(t: _Teller, event: ev.CardExecutes) -> str:
    return f"{t.name(event.card)} ({t.who(event.seat)}) takes effect."


def _on_die_rolled(t: _Teller, event: ev.DieRolled) -> str:
    return f"The {die_name(event.die)} die rolls {event.value}."


def _on_die_kept(t: _Teller, event: ev.DieKept) -> str:
    return f"{t.who(event.seat)} keeps the Chance die at {event.value}."


def _on_die_set(t: _Teller, event: ev.DieSet) -> str:
    return f"The {die_name(event.die)} die goes from {event.was} to {event.value}."


def _on_term_shielded(t: _Teller, event: ev.TermShielded) -> str:
    return (f"{t.who(event.seat)}'s {t.name(event.card)} counts the {die_name(event.die)} die as {event.value} "
            f"instead of {event.was}.")


def _on_militia_paid(t: _Teller, event: ev.MilitiaPaid) -> str:
    return f"{t.who(event.seat)} pays {event.gold} gold to Paid Militia."


def _on_damaged(t: _Teller, event: ev.Damaged) -> str:
    if event.hp <= 0:
        return f"{t.who(event.seat)} takes {event.amount} damage and falls ({event.hp} HP)."
    return f"{t.who(event.seat)} takes {event.amount} damage ({event.hp} HP left)."


def _on_healed(t: _Teller, event: ev.Healed) -> str:
    return f"{t.who(event.seat)} restores {event.amount} HP ({event.hp} HP)."


def _on_lasting_added(t: _Teller, event: ev.LastingAdded) -> str:
    return f"{t.name(event.card)} stays in force for {t.who(event.seat)} until the end of turn {event.expires}."


def _on_lasting_expired(t: _Teller, event: ev.LastingExpired) -> str:
    return f"{t.who(event.seat)}'s {t.name(event.card)} ends."


def _on_actions_granted(t: _Teller, event: ev.ActionsGranted) -> str:
    return f"{t.who(event.seat)} may play {event.count} more action{'s' if event.count != 1 else ''} this turn."


def _on_discarded(t: _Teller, event: ev.Discarded) -> str:
    return f"{t.who(event.seat)} discards {_names(t.rules, event.cards)}."


def _on_cards_discarded(t: _Teller, event: ev.CardsDiscarded) -> str:
    place = "face-down " if event.zone == "facedown" else ""
    return f"{t.who(event.seat)} discards {event.count} {place}card{'s' if event.count != 1 else ''}."


def _on_cards_removed(t: _Teller, event: ev.CardsRemoved) -> str:
    return f"{t.who(event.seat)} removes {_names(t.rules, event.cards)} from the game."


def _on_looked(t: _Teller, event: ev.Looked) -> str:
    return f"{t.who(event.seat)} looks at {LOOK_WORDS.get(event.what, event.what)}: {_names(t.rules, event.cards)}."


def _on_looked_at(t: _Teller, event: ev.LookedAt) -> str:
    return f"{t.who(event.seat)} looks at {LOOK_WORDS.get(event.what, event.what)}."


def _on_reordered(t: _Teller, event: ev.Reordered) -> str:
    return (f"{t.who(event.seat)} puts {LOOK_WORDS.get(event.what, event.what)} in order: "
            f"{_names(t.rules, event.order)}.")


def _on_pile_reordered(t: _Teller, event: ev.PileReordered) -> str:
    pile = "their own" if event.what == "own_draw" else "the opponent's"
    return f"{t.who(event.seat)} reorders {pile} draw pile."


def _on_took(t: _Teller, event: ev.Took) -> str:
    return f"{t.who(event.seat)} takes {t.name(event.card)} from their {event.what} pile."


def _on_took_a_card(t: _Teller, event: ev.TookACard) -> str:
    return f"{t.who(event.seat)} takes a card into their hand."


def _on_shop_rerolled(t: _Teller, event: ev.ShopRerolled) -> str:
    return f"{t.who(event.seat)} rerolls the shop: {_names(t.rules, event.row) or 'nothing left to lay out'}."


def _on_bought(t: _Teller, event: ev.Bought) -> str:
    where = {"hand": " into their hand", "passives": " and puts it in play"}.get(event.to, "")
    return f"{t.who(event.seat)} buys {t.name(event.card)} for {event.cost} gold{where}."


def _on_wished(t: _Teller, event: ev.Wished) -> str:
    return f"{t.who(event.seat)} wishes for {t.name(event.card)} and puts it in play."


def _on_wish_granted(t: _Teller, event: ev.WishGranted) -> str:
    return f"{t.who(event.seat)} wishes for {t.name(event.card)}."


def _on_wished_for_a_card(t: _Teller, event: ev.WishedForACard) -> str:
    return f"{t.who(event.seat)} wishes for a card."


def _on_passive_removed(t: _Teller, event: ev.PassiveRemoved) -> str:
    return f"{t.who(event.seat)}'s {t.name(event.card)} is removed from the game."


def _on_vetoed(t: _Teller, event: ev.Vetoed) -> str:
    return f"{t.who(event.seat)}'s Veto cancels {t.name(event.card)}."


def _on_fizzled(t: _Teller, event: ev.Fizzled) -> str:
    return f"{t.name(event.card)}: {event.why.replace('-', ' ')}."


def _on_game_ended(t: _Teller, event: ev.GameEnded) -> str:
    return f"Game over: {t.who(event.winner)} wins ({' to '.join(str(hp) for hp in event.hp)} HP)."


#: The log line of each kind of event.
_LINES: dict[type, Callable[[_Teller, Any], str | None]] = {
    ev.TurnStarted: _on_turn_started,
    ev.FirstPlayer: _on_first_player,
    ev.PassingThisTurn: _on_passing_this_turn,
    ev.GoldGained: _on_gold_gained,
    ev.GoldSpent: _on_gold_spent,
    ev.CardsDrawn: _on_cards_drawn,
    ev.DrewCards: _on_drew_cards,
    ev.DeckShuffled: _on_deck_shuffled,
    ev.ShopShuffled: _on_shop_shuffled,
    ev.CardPlayed: _on_card_played,
    ev.CardPlaced: _on_card_placed,
    ev.FaceDownPlaced: _on_face_down_placed,
    ev.WindowPassed: _on_window_passed,
    ev.Responding: _on_responding,
    ev.CardExecutes: _on_card_executes,
    ev.DieRolled: _on_die_rolled,
    ev.DieKept: _on_die_kept,
    ev.DieSet: _on_die_set,
    ev.TermShielded: _on_term_shielded,
    ev.MilitiaPaid: _on_militia_paid,
    ev.Damaged: _on_damaged,
    ev.Healed: _on_healed,
    ev.LastingAdded: _on_lasting_added,
    ev.LastingExpired: _on_lasting_expired,
    ev.ActionsGranted: _on_actions_granted,
    ev.Discarded: _on_discarded,
    ev.CardsDiscarded: _on_cards_discarded,
    ev.CardsRemoved: _on_cards_removed,
    ev.Looked: _on_looked,
    ev.LookedAt: _on_looked_at,
    ev.Reordered: _on_reordered,
    ev.PileReordered: _on_pile_reordered,
    ev.Took: _on_took,
    ev.TookACard: _on_took_a_card,
    ev.ShopRerolled: _on_shop_rerolled,
    ev.Bought: _on_bought,
    ev.Wished: _on_wished,
    ev.WishGranted: _on_wish_granted,
    ev.WishedForACard: _on_wished_for_a_card,
    ev.PassiveRemoved: _on_passive_removed,
    ev.Vetoed: _on_vetoed,
    ev.Fizzled: _on_fizzled,
    ev.GameEnded: _on_game_ended,
}


def refusal(rules: "ElementalDiceQueries", state: State, intent: Value) -> str:
    """A sentence saying why ``intent`` is refused in ``state``."""
    flow = state.flow
    names = [p.name for p in state.players]
    to_act = state.to_act
    if to_act is None:
        return "The game is over."
    seat = getattr(intent, "seat", None)
    if not isinstance(seat, int) or not 0 <= seat < len(names):
        return f"There is no seat {seat}."
    if isinstance(intent, Interrupt):
        if flow.phase == Phase.WINDOW:
            return "A card waits to be answered: answer it or pass instead of stepping in."
        if flow.phase != Phase.MAIN:
            return "Wait until the card taking effect is done."
        return f"It is {names[seat]}'s own turn: play a card directly, there is nothing to step into."
    if seat != to_act:
        return f"It is {names[to_act]}'s turn to decide, not {names[seat]}'s."
    player = state.players[seat]
    if isinstance(intent, (Pass, Respond, PassTurn)) and flow.phase != Phase.WINDOW:
        return "There is no card to answer now."
    if isinstance(intent, PassTurn):
        return (f"Passing for the rest of the turn is a setting chosen before the game, and {names[seat]} "
                "did not choose it.")
    if isinstance(intent, Respond) and seat == flow.active:
        return f"In their own turn {names[seat]} answers from their own screen: play a card or pass."
    if isinstance(intent, Respond) and flow.responding:
        return f"{names[seat]} is already choosing a card."
    if isinstance(intent, (Play, Reveal, Place, Buy)):
        card = getattr(intent, "card", "")
        if card_key(card) not in rules.book.by_key:
            return f"There is no card {card!r}."
    if isinstance(intent, Play):
        if intent.card not in player.hand:
            return f"{card_name(rules, intent.card)} is not in {names[seat]}'s hand."
        kind = rules.card(intent.card)
        if flow.phase == Phase.WINDOW and not flow.responding and seat != flow.active:
            return "Click Answer first, then the card."
        if any(step.kind == "veto" for step in kind.steps) and not rules.vetoable(state, seat):
            return "Veto cancels an Action of the opponent waiting to take effect; none is waiting."
        if kind.type == "action" and not rules.actions_left(state, seat):
            return "No action is left this turn." if seat == flow.active else \
                "In the opponent's turn only blessings and face-down cards can be played."
        if flow.phase == Phase.EFFECT:
            return "Wait until the card taking effect is done."
        return "Only blessings, face-down cards and Actions with an action left can be played."
    if isinstance(intent, Reveal):
        placed = next((fd for fd in player.facedown if fd.card == intent.card), None)
        if placed is None:
            return f"{names[seat]} has no such face-down card."
        if placed.placed == flow.turn:
            return "A card placed face down cannot be flipped in the turn it was placed."
        return "That face-down card cannot be flipped now."
    if isinstance(intent, Place):
        if flow.phase != Phase.MAIN:
            return _only_in_own_turn(state, seat, "place a card face down")
        if not rules.actions_left(state, seat):
            return "Placing a card face down takes an action; none is left."
        if len(player.facedown) >= rules.face_down_room(state, seat):
            return f"{names[seat]} already has {rules.face_down_room(state, seat)} face-down cards, the most allowed."
        if player.gold < rules.face_down_cost(state, seat):
            return f"Placing a card face down costs {rules.face_down_cost(state, seat)} gold."
        return f"{card_name(rules, intent.card)} is not in {names[seat]}'s hand."
    if isinstance(intent, RerollShop):
        if flow.phase != Phase.MAIN:
            return _only_in_own_turn(state, seat, "reroll the shop")
        if not (state.shop_draw or state.shop_discard or state.shop_row):
            return "There is no card left in the shop to reroll."
        if player.gold < rules.reroll_cost(state, seat):
            return f"A reroll costs {rules.reroll_cost(state, seat)} gold."
        if not rules.unlimited_shop(state, seat) and flow.rerolls >= 2:
            return "The shop can be rerolled at most twice a turn."
        return "The shop cannot be rerolled now."
    if isinstance(intent, Buy):
        if flow.phase != Phase.MAIN:
            return _only_in_own_turn(state, seat, "buy a card")
        if intent.card not in state.shop_row:
            return f"{card_name(rules, intent.card)} is not in the shop row."
        kind = rules.card(intent.card)
        if player.gold < kind.cost:
            return f"{kind.name} costs {kind.cost} gold; {names[seat]} has {player.gold}."
        if not rules.unlimited_shop(state, seat) and flow.buys >= 1:
            return "Only one card can be bought a turn."
        if kind.passive == "at_what_cost":
            return "At What Cost removes another passive of yours: buy it with one in play, naming it."
        return "That card cannot be bought now."
    if isinstance(intent, EndTurn):
        return _only_in_own_turn(state, seat, "end the turn")
    choices = (Chance, Term, Pay, Reroll, Again, SetDie, FlipDie, Swap, Done, Put, KeepOrder, Take, Discard,
               Cancel, Remove, Stop)
    if isinstance(intent, choices):
        return _why_not_this_choice(rules, state, intent)
    return "That is not possible now."


def _only_in_own_turn(state: State, seat: int, what: str) -> str:
    """Why ``seat`` cannot ``what`` now: it is not their turn, a card waits to be answered, or one takes
    effect."""
    flow = state.flow
    if seat != flow.active:
        return f"You can {what} only in your own turn."
    if flow.phase == Phase.WINDOW:
        return f"A card waits to be answered: you can {what} once everyone has passed."
    if flow.phase == Phase.EFFECT:
        return f"Wait until the card taking effect is done: then you can {what}."
    return f"You cannot {what} now."


def _why_not_this_choice(rules: "ElementalDiceQueries", state: State, intent: Value) -> str:
    """Why a choice for an executing card is refused (the chooser is the right seat)."""
    flow = state.flow
    execution = flow.executing
    if flow.phase != Phase.EFFECT or execution is None:
        return "No card is asking for that choice now."
    card = card_name(rules, execution.card)
    dice = [getattr(intent, name, "") for name in ("die", "first", "second")]
    if CHANCE in dice and not isinstance(intent, Term):
        return "No card may change the Chance die: it is rerolled whenever a card reads it."
    if isinstance(intent, SetDie):
        allowed = sorted(i.value for i in rules.legal_intents(state) if isinstance(i, SetDie) and i.die == intent.die)
        if allowed:
            return (f"{card} can turn the {die_name(intent.die)} die only to "
                    f"{', '.join(str(v) for v in allowed)}.")
    if isinstance(intent, Pay):
        gold = state.players[intent.seat].gold
        if intent.gold > gold:
            return f"{state.players[intent.seat].name} has only {gold} gold."
        if intent.gold < 0:
            return "A payment cannot be negative."
        return f"Paying more than the {execution.amount} damage prevents nothing more."
    if isinstance(intent, (Put, Take, Discard, Cancel, Remove)):
        return f"That card is not among the cards {card} lets you choose from."
    return f"{card} does not ask for that now."
