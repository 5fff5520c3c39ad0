"""Everything Elemental Dice says to the players: the move log, the banner's prompt, why a move is refused.

The rules decide; this module puts their decisions into words, with names and
card names from the state or view it is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from tabletop.core.values import Value

from . import events as ev
from .cards import CHANCE, card_key
from .intents import (Again, Buy, Cancel, Chance, Discard, Done, EndTurn, FlipDie, Interrupt, KeepOrder, Pass,
                      PassTurn, Pay, Place, Play, Put, Remove, Reroll, RerollShop, Respond, Reveal, SetDie, Stop, Swap,
                      Take, Term)
from .state import HIDDEN, Phase, State, Window, chooser

if TYPE_CHECKING:
    from .rules import ElementalDiceRules

__all__ = ["prompt", "narrate", "why_illegal", "die_name", "card_name", "LOOK_WORDS"]

_DIE_NAMES = {"RED": "fire", "BROWN": "earth", "BLUE": "water", "GREEN": "nature", "PURPLE": "magic",
              "YELLOW": "gold", "ORANGE": "chance"}
LOOK_WORDS = {"opponent_hand": "the opponent's hand", "opponent_facedown": "the opponent's face-down cards",
              "own_draw": "the top of their draw pile", "opponent_draw": "the top of the opponent's draw pile",
              "shop_draw": "the top of the shop's draw pile"}


def die_name(die: str) -> str:
    """``RED`` -> ``fire (red)`` (the log and prompts say only the colour: "the red die").

    >>> die_name("ORANGE")
    'chance (orange)'
    """
    return f"{_DIE_NAMES.get(die, die.lower())} ({die.lower()})"


def card_name(rules: "ElementalDiceRules", card: str) -> str:
    """A card's printed name (``a card`` for one the reader may not see)."""
    if card == HIDDEN:
        return "a card"
    return rules.book[card].name


def _names(rules: "ElementalDiceRules", cards: Sequence[str]) -> str:
    return ", ".join(card_name(rules, c) for c in cards)


def prompt(rules: "ElementalDiceRules", state: State) -> str:
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
            return f"{names[seat]}, play a card before {names[flow.active]}'s turn?"
        top = flow.chain[-1]
        return f"{names[seat]}, respond to {card_name(rules, top.card)}?"
    execution = flow.executing
    assert execution is not None
    seat = chooser(state)
    who = names[seat]
    card = card_name(rules, execution.card)
    stage = execution.stage
    texts = {
        "chance": f"{who}: reroll the chance die for {card} (it shows {state.die(CHANCE)}), or keep it?",
        "barrier": f"{who}: which term of {card} does your Magical Barrier lower?",
        "militia": f"{who}: pay gold to your Paid Militia against {execution.amount} damage?",
        "die": f"{who}: choose the die {card} rerolls.",
        "again": f"{who}: roll the {execution.die.lower()} die again, or keep it?",
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


def narrate(rules: "ElementalDiceRules", event: Value, view: State, seat: int | None) -> str | None:
    """One line of the move log for ``event`` (None for events not worth a line)."""
    names = [p.name for p in view.players]

    def who(s: int) -> str:
        return names[s] if 0 <= s < len(names) else f"Seat {s}"

    def name(card: str) -> str:
        return card_name(rules, card)

    if isinstance(event, ev.TurnStarted):
        return f"— Turn {event.turn}: {who(event.active)} —"
    if isinstance(event, ev.FirstPlayer):
        how = "drawn at random" if event.how == "random" else "chosen by the players"
        return f"{who(event.seat)} plays first ({how})."
    if isinstance(event, ev.PassingThisTurn):
        return f"{who(event.seat)} passes for the rest of this turn."
    if isinstance(event, ev.GoldGained):
        if event.why == "turn":
            return None
        source = {"damage": " for the damage dealt", "card": ""}.get(event.why, "")
        return f"{who(event.seat)} gains {event.amount} gold{source}."
    if isinstance(event, ev.GoldSpent):
        if event.why in ("buy", "militia"):
            return None
        what = {"reroll": "to reroll the shop", "face-down": "to place a card face down"}.get(event.why, "")
        return f"{who(event.seat)} pays {event.amount} gold {what}.".replace(" .", ".")
    if isinstance(event, ev.CardsDrawn):
        return f"{who(event.seat)} draws {_names(rules, event.cards)}."
    if isinstance(event, ev.DrewCards):
        return f"{who(event.seat)} draws {event.count} card{'s' if event.count != 1 else ''}."
    if isinstance(event, ev.DeckShuffled):
        return f"{who(event.seat)}'s discard pile is shuffled into a new draw pile."
    if isinstance(event, ev.ShopShuffled):
        return "The shop's draw pile is shuffled."
    if isinstance(event, ev.CardPlayed):
        how = "flips face up" if event.face_down else "plays"
        return f"{who(event.seat)} {how} {name(event.card)}."
    if isinstance(event, ev.CardPlaced):
        return f"{who(event.seat)} places {name(event.card)} face down."
    if isinstance(event, ev.FaceDownPlaced):
        return f"{who(event.seat)} places a card face down."
    if isinstance(event, ev.WindowPassed):
        return f"{who(event.seat)} passes."
    if isinstance(event, ev.Responding):
        return f"{who(event.seat)} {'interrupts' if event.interrupt else 'answers'}."
    if isinstance(event, ev.CardExecutes):
        return f"{name(event.card)} ({who(event.seat)}) takes effect."
    if isinstance(event, ev.DieRolled):
        return f"The {event.die.lower()} die rolls {event.value}."
    if isinstance(event, ev.DieKept):
        return f"{who(event.seat)} keeps the chance die at {event.value}."
    if isinstance(event, ev.DieSet):
        return f"The {event.die.lower()} die goes from {event.was} to {event.value}."
    if isinstance(event, ev.TermShielded):
        return (f"{who(event.seat)}'s {name(event.card)} lowers the {event.die.lower()} term "
                f"from {event.was} to {event.value}.")
    if isinstance(event, ev.MilitiaPaid):
        return f"{who(event.seat)} pays {event.gold} gold to Paid Militia."
    if isinstance(event, ev.Damaged):
        return f"{who(event.seat)} takes {event.amount} damage ({event.hp} HP left)."
    if isinstance(event, ev.Healed):
        return f"{who(event.seat)} restores {event.amount} HP ({event.hp} HP)."
    if isinstance(event, ev.LastingAdded):
        return f"{name(event.card)} stays in force for {who(event.seat)} until the end of turn {event.expires}."
    if isinstance(event, ev.LastingExpired):
        return f"{who(event.seat)}'s {name(event.card)} ends."
    if isinstance(event, ev.ActionsGranted):
        return f"{who(event.seat)} may play {event.count} more action{'s' if event.count != 1 else ''} this turn."
    if isinstance(event, ev.Discarded):
        return f"{who(event.seat)} discards {_names(rules, event.cards)}."
    if isinstance(event, ev.CardsDiscarded):
        place = "face-down " if event.zone == "facedown" else ""
        return f"{who(event.seat)} discards {event.count} {place}card{'s' if event.count != 1 else ''}."
    if isinstance(event, ev.CardsRemoved):
        return f"{who(event.seat)} removes {_names(rules, event.cards)} from the game."
    if isinstance(event, ev.Looked):
        return f"{who(event.seat)} looks at {LOOK_WORDS.get(event.what, event.what)}: {_names(rules, event.cards)}."
    if isinstance(event, ev.LookedAt):
        return f"{who(event.seat)} looks at {LOOK_WORDS.get(event.what, event.what)}."
    if isinstance(event, ev.Reordered):
        return f"{who(event.seat)} puts {LOOK_WORDS.get(event.what, event.what)} in order: {_names(rules, event.order)}."
    if isinstance(event, ev.PileReordered):
        pile = "their own" if event.what == "own_draw" else "the opponent's"
        return f"{who(event.seat)} reorders {pile} draw pile."
    if isinstance(event, ev.Took):
        return f"{who(event.seat)} takes {name(event.card)} from their {event.what} pile."
    if isinstance(event, ev.TookACard):
        return f"{who(event.seat)} takes a card into their hand."
    if isinstance(event, ev.ShopRerolled):
        return f"{who(event.seat)} rerolls the shop: {_names(rules, event.row) or 'nothing left to lay out'}."
    if isinstance(event, ev.Bought):
        where = {"hand": " into their hand", "passives": " and puts it in play"}.get(event.to, "")
        return f"{who(event.seat)} buys {name(event.card)} for {event.cost} gold{where}."
    if isinstance(event, ev.Wished):
        return f"{who(event.seat)} wishes for {name(event.card)} and puts it in play."
    if isinstance(event, ev.WishGranted):
        return f"{who(event.seat)} wishes for {name(event.card)}."
    if isinstance(event, ev.WishedForACard):
        return f"{who(event.seat)} wishes for a card."
    if isinstance(event, ev.PassiveRemoved):
        return f"{who(event.seat)}'s {name(event.card)} is removed from the game."
    if isinstance(event, ev.Vetoed):
        return f"{who(event.seat)}'s Veto cancels {name(event.card)}."
    if isinstance(event, ev.Fizzled):
        return f"{name(event.card)}: {event.why.replace('-', ' ')}."
    if isinstance(event, ev.GameEnded):
        return f"Game over: {who(event.winner)} wins ({' to '.join(str(hp) for hp in event.hp)} HP)."
    return None


def why_illegal(rules: "ElementalDiceRules", state: State, intent: Value) -> str:
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
        if flow.phase != Phase.MAIN:
            return "An interrupt stops an idle main phase; answer in the window instead."
        return f"{names[seat]} is the active player and cannot interrupt their own turn."
    if seat != to_act:
        return f"It is {names[to_act]}'s turn to decide, not {names[seat]}'s."
    player = state.players[seat]
    if isinstance(intent, (Pass, Respond, PassTurn)) and flow.phase != Phase.WINDOW:
        return "There is no card to answer now."
    if isinstance(intent, PassTurn):
        return (f"{names[seat]} did not choose the option to pass for the rest of a turn at the start of the "
                "game.")
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
            return "Choose Respond first, then the card."
        if any(step.kind == "veto" for step in kind.steps) and not rules.vetoable(state, seat):
            return "Veto answers a pending action of the opponent; there is none."
        if kind.type == "action" and not rules.actions_left(state, seat):
            return "No action is left this turn." if seat == flow.active else \
                "In the opponent's turn only blessings and face-down cards can be played."
        return "That card cannot be played now."
    if isinstance(intent, Reveal):
        placed = next((fd for fd in player.facedown if fd.card == intent.card), None)
        if placed is None:
            return f"{names[seat]} has no such face-down card."
        if placed.placed == flow.turn:
            return "A card placed face down cannot be flipped in the turn it was placed."
        return "That face-down card cannot be flipped now."
    if isinstance(intent, Place):
        if flow.phase != Phase.MAIN:
            return "Cards are placed face down only in one's own main phase."
        if not rules.actions_left(state, seat):
            return "Placing a card face down takes an action; none is left."
        if len(player.facedown) >= rules.face_down_room(state, seat):
            return f"There is room for {rules.face_down_room(state, seat)} face-down cards."
        if player.gold < rules.face_down_cost(state, seat):
            return f"Placing a card face down costs {rules.face_down_cost(state, seat)} gold."
        return f"{card_name(rules, intent.card)} is not in {names[seat]}'s hand."
    if isinstance(intent, RerollShop):
        if flow.phase != Phase.MAIN:
            return "The shop is rerolled only in one's own main phase."
        if not (state.shop_draw or state.shop_discard or state.shop_row):
            return "There is no card left in the shop to reroll."
        if player.gold < rules.reroll_cost(state, seat):
            return f"A reroll costs {rules.reroll_cost(state, seat)} gold."
        if not rules.unlimited_shop(state, seat) and flow.rerolls >= 2:
            return "The shop can be rerolled at most twice a turn."
        return "The shop cannot be rerolled now."
    if isinstance(intent, Buy):
        if flow.phase != Phase.MAIN:
            return "Cards are bought only in one's own main phase."
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
        return "The turn ends only from the main phase, when no card waits on the chain."
    choices = (Chance, Term, Pay, Reroll, Again, SetDie, FlipDie, Swap, Done, Put, KeepOrder, Take, Discard,
               Cancel, Remove, Stop)
    if isinstance(intent, choices):
        return _why_not_this_choice(rules, state, intent)
    return "That is not possible now."


def _why_not_this_choice(rules: "ElementalDiceRules", state: State, intent: Value) -> str:
    """Why a choice for an executing card is refused (the chooser is the right seat)."""
    flow = state.flow
    execution = flow.executing
    if flow.phase != Phase.EFFECT or execution is None:
        return "No card is asking for that choice now."
    card = card_name(rules, execution.card)
    dice = [getattr(intent, name, "") for name in ("die", "first", "second")]
    if CHANCE in dice and not isinstance(intent, Term):
        return "No card may change the chance die: it is rerolled whenever a card reads it."
    if isinstance(intent, SetDie):
        allowed = sorted(i.value for i in rules.legal_intents(state) if isinstance(i, SetDie) and i.die == intent.die)
        if allowed:
            return (f"{card} can turn the {intent.die.lower()} die only to "
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
