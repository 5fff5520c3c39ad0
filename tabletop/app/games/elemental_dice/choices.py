"""What a click means at the Elemental Dice table (no pygame).

Everything clickable comes from the rules' legal intents for the seat at the screen: a hand card glows when some
intent plays or places it, a face-down card when it may be flipped, a shop card when it can be bought, a die when a
card is choosing one. Clicking a card chooses it (a click while the last move still plays out may too) and the
buttons below say what to do with it: Play, Face down, Flip it, Put it back; a shop card is bought by its click.
Choices among cards (looking, reordering, taking, discarding, removing, and which passive At What Cost removes) fill
the card picker; a die with values to take shows a chip per value; Paid Militia's payment is counted with − 1
and + 1. A click on something that cannot be used asks the rules why not.

Targets: ``die`` (a rules die), ``hand`` (a card), ``facedown`` ((seat, index)), ``shop`` (a card), ``pile`` ((seat,
pile)), ``shop_label`` and ``pick`` (the index of a card in the picker); for hover help only: ``chip`` ((seat,
index)), ``more`` ((seat, the first card not shown)), ``hp``, ``gold`` and ``actions`` (a seat).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Iterator, cast

from tabletop.core.values import Value
from tabletop.games.elemental_dice.cards import CHANCE, DICE
from tabletop.games.elemental_dice.intents import (Again, Buy, Cancel, Chance, Discard, Done, EndTurn, FlipDie,
                                                   Interrupt, KeepOrder, Pass, PassTurn, Pay, Place, Play, Put, Remove,
                                                   Reroll, RerollShop, Respond, Reveal, SetDie, Stop, Swap, Take, Term)
from tabletop.games.elemental_dice.queries import ElementalDiceQueries
from tabletop.games.elemental_dice.state import Phase
from tabletop.games.elemental_dice.wording import card_name, die_name

from ...choosing import NOTHING, ChoicesBase, Menu, Narrowing, Reply, Seen, Slot, Target, group_by, only
from . import help as words

__all__ = ["ElementalDiceChoices", "Chosen", "Picked", "BUTTONS", "placed", "pile_of"]

#: The action bar, by position: the three buttons of the moment, − 1 and + 1 of a payment, the picker's button.
BUTTONS = ("first", "second", "third", "minus", "plus", "picker")
_CARD_CHOICES = (Put, Take, Discard, Cancel, Remove)
_PICKER_BUTTONS: dict[type, str] = {Done: "Done", KeepOrder: "Keep the rest in order", Stop: "Stop removing"}


@dataclass(frozen=True)
class Chosen:
    """What the player has chosen so far: a hand, face-down or shop card awaiting a button; a die (its values
    to choose, or the first die of a swap); At What Cost's intents, which passive to remove still open; and the
    gold to pay Paid Militia."""

    card: str | None = None
    die: str | None = None
    among: Narrowing | None = None
    payment: int = 0

    def cleared(self) -> "Chosen":
        """Nothing chosen (the payment counted stays)."""
        return Chosen(payment=self.payment)


@dataclass(frozen=True)
class Picked:
    """One card of the picker: what a click on it does, whether it glows, its mark (an order number)."""

    card: str
    reply: Reply
    glows: bool
    mark: str = ""


def placed(target: Target) -> tuple[int, int]:
    """A target's seat and index (a face-down card, a card in play; ``more``: the first card not shown)."""
    return cast(tuple[int, int], target.key)


def pile_of(target: Target) -> tuple[int, str]:
    """A pile target's seat and pile."""
    return cast(tuple[int, str], target.key)


class ElementalDiceChoices(ChoicesBase[Chosen]):
    """The Elemental Dice table's choices for one screen and selection."""

    fresh = Chosen()
    rules: ElementalDiceQueries

    def __init__(self, seen: Seen, selection: Chosen | None = None) -> None:
        self.hand_intents: dict[str, list[Value]] = {}
        self.facedown_intents: dict[str, Value] = {}
        self.buy_intents: dict[str, list[Value]] = {}
        self.die_intents: dict[str, list[Value]] = {}
        self.card_choices: list[Value] = []
        self.picker_intent: Value | None = None
        self.plain: dict[type, list[Value]] = {}
        for intent in seen.legal:
            if isinstance(intent, (Play, Place)):
                self.hand_intents.setdefault(intent.card, []).append(intent)
            elif isinstance(intent, Reveal):
                self.facedown_intents[intent.card] = intent
            elif isinstance(intent, Buy):
                self.buy_intents.setdefault(intent.card, []).append(intent)
            elif isinstance(intent, Swap):
                self.die_intents.setdefault(intent.first, []).append(intent)
                self.die_intents.setdefault(intent.second, []).append(intent)
            elif isinstance(intent, (Reroll, FlipDie, SetDie)):
                self.die_intents.setdefault(intent.die, []).append(intent)
            elif isinstance(intent, _CARD_CHOICES):
                self.card_choices.append(intent)
            elif isinstance(intent, tuple(_PICKER_BUTTONS)):
                self.picker_intent = intent
            else:
                self.plain.setdefault(type(intent), []).append(intent)
        super().__init__(seen, selection)

    def settle(self, selection: Chosen) -> Chosen:
        """Drop a card, a die or At What Cost's question no legal intent uses now; keep the payment in range."""
        known = self.hand_intents.keys() | self.facedown_intents.keys() | self.buy_intents.keys()
        card = selection.card if selection.card in known else None
        die = selection.die if selection.die in self.die_intents else None
        among = selection.among
        if among is not None and not all(intent in self.legal for intent in among.candidates):
            among = None
        payment = selection.payment
        pay = only(Pay, self.plain)
        if pay:
            payment = max(0, min(payment, max(intent.gold for intent in pay)))
        return Chosen(card, die, among, payment)

    def send(self, intent: Value) -> Reply:
        """Send ``intent``; what was chosen stays until the move has played out (the view's sync) or no legal
        intent uses it any more, as a click made meanwhile must not be lost."""
        return Reply(intent=intent)

    # ---------------------------------------------------------------- what the screen shows
    @property
    def picking(self) -> bool:
        """The card picker is open: a card asks to choose among cards (or which passive At What Cost removes)."""
        return bool(self.card_choices or self.picker_intent is not None or self.selection.among is not None)

    @property
    def viewer_hand(self) -> tuple[str, ...]:
        """The hand of the seat in front of the screen (none in the public view)."""
        shows = self.seen.shows
        return () if shows is None else self.state.players[shows].hand

    def glowing(self) -> frozenset[Target]:
        """Cards and dice a legal intent uses; in the picker, the cards a click chooses."""
        if self.picking:
            return frozenset(Target("pick", index) for index, picked in enumerate(self.picker()) if picked.glows)
        out = {Target("die", die) for die in self.die_intents}
        out |= {Target("hand", card) for card in self.viewer_hand if card in self.hand_intents}
        out |= {Target("shop", card) for card in self.state.shop_row if card in self.buy_intents}
        for seat, player in enumerate(self.state.players):
            out |= {Target("facedown", (seat, index)) for index, face_down in enumerate(player.facedown)
                    if face_down.card in self.facedown_intents}
        return frozenset(out)

    def targets(self) -> Iterator[Target]:
        """In the picker its cards; else the dice, the hand, face-down cards, the shop, the piles."""
        if self.picking:
            yield from (Target("pick", index) for index in range(len(self.picker())))
            return
        state = self.state
        yield from (Target("die", die) for die in DICE)
        yield from (Target("hand", card) for card in self.viewer_hand)
        for seat, player in enumerate(state.players):
            yield from (Target("facedown", (seat, index)) for index in range(len(player.facedown)))
        yield from (Target("shop", card) for card in state.shop_row)
        for seat in range(len(state.players)):
            yield from (Target("pile", (seat, pile)) for pile in words.PILES)
        yield Target("shop_label")

    def card_of(self, target: Target) -> str | None:
        """The card a hand, face-down or shop target shows (``?`` for one the screen may not see)."""
        if target.kind in ("hand", "shop"):
            return str(target.key)
        if target.kind == "facedown":
            seat, index = placed(target)
            facedown = self.state.players[seat].facedown
            return facedown[index].card if index < len(facedown) else None
        return None

    # ---------------------------------------------------------------- buttons, value chips, the picker
    def buttons(self) -> tuple[Slot | None, ...]:
        """Three buttons of the moment; − 1 and + 1 while paying; the picker's button."""
        slots: list[Slot | None] = [*self._slots()[:3], None, None, None][:3]
        counting: list[Slot | None] = [None, None]
        if Pay in self.plain and not self.picking:
            slots[1] = None                          # − 1 and + 1 take the middle button's place
            most = max(intent.gold for intent in only(Pay, self.plain))
            payment = self.selection.payment
            counting = [Slot("− 1", Reply(selection=replace(self.selection, payment=max(0, payment - 1)))),
                        Slot("+ 1", Reply(selection=replace(self.selection, payment=min(most, payment + 1))))]
        return (*slots, *counting, self._picker_slot())

    def _button(self, text: str, intent: Value, primary: bool = False) -> Slot:
        return Slot(text, self.send(intent), primary=primary)

    def _slots(self) -> list[Slot]:
        """The buttons of the moment, for what may be done now."""
        state = self.state
        plain = self.plain
        names = [p.name for p in state.players]
        slots: list[Slot] = []
        if self.picking:
            return []                                # the picker has its own button
        if Chance in plain or Again in plain:
            slots = self._reroll_slots()
        elif Term in plain:
            slots = [self._button(f"Lower {die_name(i.die)} ({state.die(i.die)})", i, index == 0)
                     for index, i in enumerate(only(Term, self.plain)[:3])]
        elif Pay in plain:
            paying = {i.gold: i for i in only(Pay, self.plain)}
            payment = self.selection.payment
            slots = [self._button(f"Pay {payment} gold", paying[payment], True), Slot(""),
                     self._button("Pay nothing", paying[0])]
        elif self.selection.card is not None:
            slots = self._card_slots(self.selection.card)
        elif Respond in plain or Pass in plain:
            seat = ([i.seat for i in only(Pass, self.plain)] or [i.seat for i in only(Respond, self.plain)])[0]
            # A public prompt names whom it asks ("Bo: answer"); that seat's own screen does not ("Answer").
            who = f"{names[seat]}: " if Respond in plain and self.seen.shows != seat else ""
            say = (lambda words: f"{who}{words}") if who else (lambda words: words.capitalize())
            slots = [*(self._button(say("pass"), i, True) for i in plain.get(Pass, ())[:1]),
                     *(self._button(say("answer"), i) for i in plain.get(Respond, ())),
                     *(self._button(say("pass this turn"), i) for i in plain.get(PassTurn, ()))]
        elif EndTurn in plain or RerollShop in plain:
            cost = self.rules.reroll_cost(state, state.flow.active)
            if RerollShop in plain:
                slots.append(self._button(f"Reroll · {cost} gold", plain[RerollShop][0]))
            else:
                slots.append(Slot.disabled(f"Reroll · {cost} gold", self.seen.why(RerollShop(state.flow.active))))
            slots += [self._button("End turn", i, True) for i in plain.get(EndTurn, ())[:1]]
        if Interrupt in plain and self.selection.card is None:
            step_in = only(Interrupt, self.plain)[0]
            slots.append(self._button(f"{names[step_in.seat]}: step in", step_in))
        return slots

    def _reroll_slots(self) -> list[Slot]:
        """Risk Aversion's chance die, or a die rerolled: roll again or keep it."""
        state = self.state
        if Chance in self.plain:
            keep = next(i for i in only(Chance, self.plain) if not i.reroll)
            again = next(i for i in only(Chance, self.plain) if i.reroll)
            return [self._button("Reroll chance", again, True), self._button(f"Keep {state.die(CHANCE)}", keep)]
        execution = state.flow.executing
        die = execution.die if execution else ""
        keep_again = next(i for i in only(Again, self.plain) if not i.reroll)
        roll_again = next(i for i in only(Again, self.plain) if i.reroll)
        return [self._button("Roll again", roll_again, True),
                self._button(f"Keep {state.die(die) if die else ''}".strip(), keep_again)]

    def _card_slots(self, card: str) -> list[Slot]:
        """Buttons for the chosen card: play it, place it face down, flip it, buy it; or put it back."""
        state = self.state
        slots: list[Slot] = []
        for intent in self.hand_intents.get(card, []):
            if isinstance(intent, Play):
                slots.append(self._button("Play", intent, True))
            elif isinstance(intent, Place):
                cost = self.rules.face_down_cost(state, intent.seat)
                slots.append(self._button(f"Face down · {cost} gold", intent))
        if card in self.facedown_intents:
            slots.append(self._button("Flip it", self.facedown_intents[card], True))
        buys = self.buy_intents.get(card, [])
        if buys:
            cost = self.rules.book[card].cost
            if len(buys) == 1 and getattr(buys[0], "remove", None) is None:
                slots.append(self._button(f"Buy · {cost} gold", buys[0], True))
            else:
                slots.append(Slot(f"Buy · {cost} gold", self._ask_which(buys), primary=True))
        slots.append(Slot("Put it back", Reply(selection=self.selection.cleared())))
        return slots

    def _ask_which(self, intents: list[Value]) -> Reply:
        """At What Cost: the picker asks which passive goes."""
        return Reply(selection=replace(self.selection, among=Narrowing(tuple(intents), words.AT_WHAT_COST, ("remove",))))

    def _picker_slot(self) -> Slot | None:
        if self.selection.among is not None:
            return Slot("Back", Reply(selection=replace(self.selection, among=None)), primary=True)
        if self.picker_intent is not None:
            return self._button(_PICKER_BUTTONS[type(self.picker_intent)], self.picker_intent, True)
        return None

    def space_slot(self) -> Slot | None:
        """The button Space presses: the highlighted one of the moment (a pass, Play, Roll again ...), never one
        that ends the turn (its draw cannot be taken back) nor one that is not highlighted (a shop reroll costs
        gold)."""
        for slot in self.buttons()[:3]:
            if slot is not None and slot.primary and slot.enabled and not isinstance(slot.reply.intent, EndTurn):
                return slot
        return None

    def cover_answer(self) -> tuple[str, Value] | None:
        """What the cover before a player's own answer in a card's window may offer: their pass, given in public
        (it shows nothing hidden), taken from the legal moves; None where there is no such pass."""
        flow = self.state.flow
        shows = self.seen.shows
        if flow.phase != Phase.WINDOW or flow.responding or not flow.chain or shows is None:
            return None
        mine = [intent for intent in only(Pass, self.plain) if intent.seat == shows]
        if not mine:
            return None
        name = self.state.players[shows].name
        return f"{name}: pass on {card_name(self.rules, flow.chain[-1].card)}", mine[0]

    def menu(self) -> Menu | None:
        """Sleight of Hand and the like: once a die is chosen, a chip per value it may take."""
        die = self.selection.die
        values = [i for i in self.die_intents.get(die, []) if isinstance(i, SetDie)] if die else []
        if not values:
            return None
        return Menu("", tuple(Slot(str(i.value), self.send(i)) for i in values))

    def picker_title(self) -> str:
        """What the picker asks (after the name of the card asking, unless At What Cost asks)."""
        among = self.selection.among
        if among is not None:
            return among.title
        prompt = self.rules.prompt(self.state)
        execution = self.state.flow.executing
        return f"{card_name(self.rules, execution.card)}  ·  {prompt}" if execution is not None else prompt

    def picker(self) -> tuple[Picked, ...]:
        """The picker's cards, in order (none when it is closed)."""
        return self._picked if self.picking else ()

    @cached_property
    def _picked(self) -> tuple[Picked, ...]:
        """The passives At What Cost may remove; the cards a card is choosing among (one reply each, a card
        with several, At What Cost's, asking which passive goes); or the cards it shows, only to look at."""
        if self.selection.among is not None:
            return tuple(Picked(getattr(i, "remove"), self._pick(i), True) for i in self.selection.among.candidates)
        execution = self.state.flow.executing
        if any(isinstance(i, Put) for i in self.card_choices) and execution is not None:
            by_card = {getattr(i, "card"): i for i in self.card_choices}
            rest = [card for card in execution.seen if card not in execution.picked]
            return (*(Picked(card, self._pick(None), False, str(n + 1)) for n, card in enumerate(execution.picked)),
                    *(Picked(card, self._pick(by_card.get(card)), card in by_card) for card in rest))
        groups = cast(dict[str, list[Value]], group_by(self.card_choices, lambda i: getattr(i, "card")))
        if groups:
            return tuple(Picked(card, self._pick(group[0]), True)
                         if len(group) == 1 and getattr(group[0], "remove", None) is None
                         else Picked(card, self._ask_which(group), len(group) > 1) for card, group in groups.items())
        return tuple(Picked(card, self._pick(None), False) for card in (execution.seen if execution else ()))

    def _pick(self, intent: Value | None) -> Reply:
        """Send ``intent`` (closing At What Cost's question); without one, the card is only to look at."""
        return Reply(note=words.ONLY_TO_LOOK) if intent is None else \
            Reply(intent=intent, selection=replace(self.selection, among=None))

    # ---------------------------------------------------------------- clicks
    def click(self, target: Target) -> Reply:
        """A click on ``target``: in the picker only its cards count."""
        if self.picking:
            picker = self.picker()
            if target.kind == "pick" and isinstance(target.key, int) and target.key < len(picker):
                return picker[target.key].reply
            return NOTHING
        if target.kind == "die":
            return self._click_die(str(target.key))
        if target.kind == "hand":
            return self._click_hand(str(target.key))
        if target.kind == "facedown":
            return self._click_facedown(*placed(target))
        if target.kind == "shop":
            return self._click_shop(str(target.key))
        if target.kind == "pile":
            seat, pile = pile_of(target)
            note = words.pile_note(self.state, seat, pile)
            return Reply(note=note) if note else Reply(look=target)
        if target.kind == "shop_label" and self.state.shop_discard:
            return Reply(look=target)
        return self.click_nothing()

    def click_early(self, target: Target | None) -> Reply:
        """A click while the last move still plays out: choosing (or putting back) a hand, face-down or shop card
        changes nothing yet, so it may be done; anything else waits."""
        if target is None or self.picking or target.kind not in ("hand", "facedown", "shop"):
            return NOTHING
        return self._toggle(self.card_of(target))

    def click_nothing(self) -> Reply:
        """A click beside everything puts the chosen card (or die) back; the picker ignores it."""
        cleared = self.picking or self.selection == self.selection.cleared()
        return NOTHING if cleared else Reply(selection=self.selection.cleared())

    def clear(self) -> Reply:
        """A right click: as a click beside everything."""
        return self.click_nothing()

    def _toggle(self, card: str | None, sound: str = "") -> Reply:
        known = card in self.hand_intents or card in self.facedown_intents or card in self.buy_intents
        if card is None or not known:
            return NOTHING
        return Reply(selection=replace(self.selection, card=None if self.selection.card == card else card),
                     sound=sound)

    def _click_hand(self, card: str) -> Reply:
        if card in self.hand_intents:
            return self._toggle(card, "click")
        shows = self.seen.shows
        if shows is None or not self.legal:
            return NOTHING
        return self.refuse(Play(shows, card))

    def _click_facedown(self, seat: int, index: int) -> Reply:
        card = self.card_of(Target("facedown", (seat, index)))
        if card is None:
            return NOTHING
        if card in self.facedown_intents:
            return self._toggle(card)
        if seat == self.seen.shows and self.legal:
            return self.refuse(Reveal(seat, card))
        return NOTHING

    def _click_shop(self, card: str) -> Reply:
        buys = self.buy_intents.get(card, [])
        if buys:      # a shop card is only ever bought: one click (Undo takes it back); At What Cost asks which
            return self.send(buys[0]) if len(buys) == 1 and getattr(buys[0], "remove", None) is None \
                else self._toggle(card)
        if self.legal and self.state.flow.phase == Phase.MAIN:
            return self.refuse(Buy(self.state.flow.active, card))
        return NOTHING

    def _click_die(self, die: str) -> Reply:
        intents = self.die_intents.get(die, [])
        if not intents:
            if self.die_intents:
                return Reply(note="No card may change the Chance die." if die == CHANCE
                             else "That die cannot be chosen for this card.")
            return NOTHING
        first = intents[0]
        chosen = self.selection.die
        if isinstance(first, (Reroll, FlipDie)):
            return self.send(first)
        if isinstance(first, SetDie) or chosen is None or chosen == die:
            return Reply(selection=replace(self.selection, die=None if chosen == die else die))
        swap = next((i for i in intents if {getattr(i, "first"), getattr(i, "second")} == {chosen, die}), None)
        return self.send(swap) if swap is not None else NOTHING

    # ---------------------------------------------------------------- hover
    def explain(self, target: Target) -> str | None:
        """What a die, a card in play, a face-down card, a pile, HP, gold, actions or the shop mean."""
        return words.explain(self.rules, self.state, target.kind, target.key)

    def label(self, target: Target) -> str:
        """A hand or shop card by its printed name, cost and text (a phone's list cannot show its face)."""
        card = self.card_of(target) if target.kind in ("hand", "shop") else None
        return super().label(target) if card is None else words.card_label(self.rules.card(card), self.state.prometheus)

