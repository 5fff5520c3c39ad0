"""The Elemental Dice table: two player columns, the seven dice, the chain, the shop and the hand.

Everything clickable comes from the rules' legal intents for the seat at the screen:
a hand card is raised when some intent plays or places it, a shop card when it can
be bought, a die when a card is choosing one.  Choices among cards (looking,
reordering, taking, discarding, removing) open the card picker over the middle of
the table.  A click on something that cannot be used asks the rules why not.

Who sees what is the table's business (``screens/table.py``): the state drawn here
is the rules' view for the seat at the screen, so another player's hand, face-down
cards and (unless public) discard pile arrive as backs.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Callable

import pygame

from tabletop.core.values import Value
from tabletop.games.elemental_dice import events as ev
from tabletop.games.elemental_dice.cards import CHANCE, DICE
from tabletop.games.elemental_dice.intents import (Again, Buy, Cancel, Chance, Discard, Done, EndTurn, FlipDie,
                                                   Interrupt, KeepOrder, Pass, Pay, Place, Play, Put, Remove,
                                                   Reroll, RerollShop, Respond, Reveal, SetDie, Stop, Swap, Take,
                                                   Term)
from tabletop.games.elemental_dice.state import HIDDEN, Phase, Window
from tabletop.games.elemental_dice.wording import card_name

from ...anim import ease_in_out
from ...cards import CardArt, CardFace, CardGrid, FannedHand, Pile, draw_zoomed
from ...gameview import GameViewBase, TableStatus, Tooltip
from ...sprites import DieSprite, tumble_dice
from ...text import draw_box
from ...widgets import Button, Counter, Meter, SeatPanel, press_any
from .faces import ELEMENT_COLOURS, TYPE_COLOURS, card_face, die_help, die_key

__all__ = ["ElementalDiceView", "busiest_table"]

_CARD_CHOICES = (Put, Take, Discard, Cancel, Remove)
_PICKER_BUTTONS = (Done, KeepOrder, Stop)
_DIE_CHOICES = (Reroll, FlipDie, SetDie, Swap)
_PILES = ("draw", "discard", "removed")
_PILE_NAMES = {"draw": "Deck", "discard": "Discard", "removed": "Removed"}


@dataclass
class _Flight:
    """A card flying across the table (a face, or a back when the screen may not show it)."""

    face: CardFace | None
    start: pygame.Rect
    end: pygame.Rect
    progress: float = 0.0

    def rect(self) -> pygame.Rect:
        eased = ease_in_out(self.progress)
        return pygame.Rect(round(self.start.x + (self.end.x - self.start.x) * eased),
                           round(self.start.y + (self.end.y - self.start.y) * eased),
                           round(self.start.width + (self.end.width - self.start.width) * eased),
                           round(self.start.height + (self.end.height - self.start.height) * eased))


@dataclass
class _Slot:
    """One of the three buttons beside the chain: its words, what it does, and its look."""

    text: str
    action: Callable[[], None]
    primary: bool = False
    intent: Value | None = None       # the move it sends, when it sends one


class ElementalDiceView(GameViewBase):
    """Draws the Elemental Dice table and turns clicks into its intents."""

    def __init__(self, app, table, match) -> None:
        super().__init__(app, table, match)
        layout = self.layout
        self.book = self.rules.book
        self.dice_art = app.dice_for("elemental_dice")
        self.cards = CardArt(app, self.dice_art)
        self.column_step = layout.setting("column_step").int(0, 1920)
        seats = range(len(match.seats))
        self.panels = [SeatPanel(app, self._at("panel", seat), seat, name) for seat, name in enumerate(match.seats)]
        self.meters = [Meter(app, self._at("hp", seat), (196, 62, 62), "HP") for seat in seats]
        self.purses = [Counter(app, self._at("gold", seat), ELEMENT_COLOURS["YELLOW"]) for seat in seats]
        pile_step = layout.setting("pile_step").int(0, 400)
        self.piles = {(seat, pile): Pile(self.cards, self._at("pile", seat).move(index * pile_step, 0),
                                         _PILE_NAMES[pile])
                      for seat in seats for index, pile in enumerate(_PILES)}
        self.die_size = layout.setting("die_size").int(20, 200)
        centres = [tuple(int(v) for v in item.numbers(2)) for item in layout.setting("dice")]
        if len(centres) != len(DICE):
            raise layout.setting("dice").error(f"expected {len(DICE)} die positions, got {len(centres)}")
        self.die_centres = dict(zip(DICE, centres))
        # Cards side by side while they fit, so every title can be read; a big hand fans out.
        self.hand = FannedHand(self.cards, pygame.Rect(layout["hand"].rect), tuple(layout["hand_card"].rect[2:]),
                               spread_degrees=10, spacing=1.0)
        self.grid = CardGrid(self.cards, pygame.Rect(layout["picker_cards"].rect),
                             tuple(layout["picker_card"].rect[2:]))
        self.slot_buttons = [Button(app, layout[f"button_{n}"], lambda n=n: self._press_slot(n - 1))
                             for n in (1, 2, 3)]
        self.slot_buttons[0].hotkey = pygame.K_SPACE
        self.minus = Button(app, layout["minus"], lambda: self._change_payment(-1), hotkey=pygame.K_MINUS)
        self.plus = Button(app, layout["plus"], lambda: self._change_payment(1), hotkey=pygame.K_EQUALS)
        self.picker_button = Button(app, layout["picker_button"], self._press_picker_button,
                                    hotkey=pygame.K_RETURN)
        self.visual_random = random.Random(11)       # only for how dice tumble; never for outcomes
        self.sprites: dict[str, DieSprite] = {}
        self.flights: list[_Flight] = []
        self.arriving: set[str] = set()               # cards still flying to where the state has them
        self.shown_hp: list[int] = []
        self.shown_gold: list[int] = []
        self.glow_dice: dict[str, float] = {}
        self.selected: str | None = None              # a hand, face-down or shop card chosen, awaiting a button
        self.selected_die: str | None = None
        self.sub_choice: list[Value] = []             # At What Cost: which passive goes
        self.payment = 0
        self.hover_shop: int | None = None
        self.hover_chain: int | None = None
        self.hover_facedown: tuple[int, int] | None = None
        self.slots: list[_Slot] = []
        self.value_chips: list[tuple[Button, Value]] = []
        self.handlers = {
            ev.TurnStarted: self._on_turn_started, ev.GoldGained: self._on_gold_gained,
            ev.GoldSpent: self._on_gold_spent, ev.CardsDrawn: self._on_drawn, ev.DrewCards: self._on_drawn,
            ev.DeckShuffled: self._on_deck_shuffled, ev.ShopShuffled: self._on_shop_shuffled,
            ev.CardPlayed: self._on_card_played, ev.CardPlaced: self._on_face_down,
            ev.FaceDownPlaced: self._on_face_down, ev.WindowPassed: self._on_passed,
            ev.CardExecutes: self._on_executes, ev.CardDone: self._on_card_done, ev.DieRolled: self._on_die_rolled,
            ev.DieKept: self._on_die_kept, ev.DieSet: self._on_die_set, ev.TermShielded: self._on_term_shielded,
            ev.MilitiaPaid: self._on_militia_paid, ev.Damaged: self._on_damaged, ev.Healed: self._on_healed,
            ev.LastingAdded: self._on_lasting_added, ev.LastingExpired: self._on_lasting_expired,
            ev.ActionsGranted: self._on_actions_granted, ev.Discarded: self._on_discarded,
            ev.CardsDiscarded: self._on_discarded, ev.CardsRemoved: self._on_removed,
            ev.Looked: self._on_looked, ev.LookedAt: self._on_looked, ev.Reordered: self._on_reordered,
            ev.PileReordered: self._on_reordered, ev.Took: self._on_took, ev.TookACard: self._on_took,
            ev.ShopRerolled: self._on_shop_rerolled, ev.Bought: self._on_bought, ev.Wished: self._on_wished,
            ev.WishedForACard: self._on_wished, ev.WishGranted: self._on_wished,
            ev.PassiveRemoved: self._on_passive_removed, ev.Vetoed: self._on_vetoed, ev.Fizzled: self._on_fizzled,
            ev.GameEnded: self._on_game_ended,
        }
        self.sync()

    def _at(self, name: str, seat: int) -> pygame.Rect:
        """Element ``name`` of a player's column, placed in ``seat``'s column."""
        return pygame.Rect(self.layout[name].rect).move(seat * self.column_step, 0)

    # ================================================================ state -> picture
    def sync(self) -> None:
        """Every piece where the rules say, no animation."""
        state = self.state
        self.sprites = {die: DieSprite(die, *self.die_centres[die], state.die(die), self.die_size) for die in DICE}
        self.shown_hp = [p.hp for p in state.players]
        self.shown_gold = [p.gold for p in state.players]
        self.flights.clear()
        self.arriving.clear()
        self.glow_dice.clear()
        # A card chosen while the last move still played out stays chosen (refresh drops it if no move
        # can use it now): the end of an animation must not undo a player's click.
        self.selected_die = None
        self.sub_choice = []
        self.grid.scroll = 0
        self.refresh()

    def face(self, card: str) -> CardFace | None:
        """The face of a card the screen may show (None for a hidden one)."""
        if card == HIDDEN:
            return None
        return card_face(self.book, card, self.state.prometheus)

    def refresh(self) -> None:
        """Work out from the legal intents what may be clicked, and what the three buttons do."""
        legal = self.table.legal()
        self.legal_now = legal
        self.hand_intents: dict[str, list[Value]] = {}
        self.facedown_intents: dict[str, Value] = {}
        self.buy_intents: dict[str, list[Value]] = {}
        self.die_intents: dict[str, list[Value]] = {}
        self.card_choices: list[Value] = []
        self.picker_intent: Value | None = None
        plain: dict[type, list[Value]] = {}
        for intent in legal:
            if isinstance(intent, (Play, Place)):
                self.hand_intents.setdefault(intent.card, []).append(intent)
            elif isinstance(intent, Reveal):
                self.facedown_intents[intent.card] = intent
            elif isinstance(intent, Buy):
                self.buy_intents.setdefault(intent.card, []).append(intent)
            elif isinstance(intent, Swap):
                self.die_intents.setdefault(intent.first, []).append(intent)
                self.die_intents.setdefault(intent.second, []).append(intent)
            elif isinstance(intent, _DIE_CHOICES):
                self.die_intents.setdefault(intent.die, []).append(intent)
            elif isinstance(intent, _CARD_CHOICES):
                self.card_choices.append(intent)
            elif isinstance(intent, _PICKER_BUTTONS):
                self.picker_intent = intent
            else:
                plain.setdefault(type(intent), []).append(intent)
        self.plain = plain
        known = set(self.hand_intents) | set(self.facedown_intents) | set(self.buy_intents)
        if self.selected not in known:
            self.selected = None
        if self.selected_die not in self.die_intents:
            self.selected_die = None
        if self.sub_choice and not all(intent in legal for intent in self.sub_choice):
            self.sub_choice = []
        pay = plain.get(Pay, [])
        if pay:
            most = max(intent.gold for intent in pay)          # type: ignore[attr-defined]
            self.payment = max(0, min(self.payment, most))
        self._refresh_slots()
        self._refresh_value_chips()

    @property
    def picking(self) -> bool:
        """The card picker is open: a card asks to choose among cards."""
        return bool(self.card_choices or self.picker_intent is not None or self.sub_choice)

    def _refresh_slots(self) -> None:
        """The three buttons beside the chain, for what may be done now."""
        state = self.state
        plain = self.plain
        slots: list[_Slot] = []
        names = [p.name for p in state.players]

        def send(text: str, intent: Value, primary: bool = False) -> _Slot:
            return _Slot(text, lambda: self.table.submit(intent), primary, intent)

        if self.picking:
            pass                                     # the picker has its own button
        elif Chance in plain:
            keep = next(i for i in plain[Chance] if not i.reroll)     # type: ignore[attr-defined]
            again = next(i for i in plain[Chance] if i.reroll)        # type: ignore[attr-defined]
            slots = [send("Reroll chance", again, True), send(f"Keep {state.die(CHANCE)}", keep)]
        elif Again in plain:
            execution = state.flow.executing
            die = execution.die if execution else ""
            keep = next(i for i in plain[Again] if not i.reroll)      # type: ignore[attr-defined]
            again = next(i for i in plain[Again] if i.reroll)         # type: ignore[attr-defined]
            slots = [send("Roll again", again, True), send(f"Keep {state.die(die) if die else ''}".strip(), keep)]
        elif Term in plain:
            slots = [send(f"Lower {i.die.lower()} ({state.die(i.die)})", i, index == 0)   # type: ignore[attr-defined]
                     for index, i in enumerate(plain[Term][:3])]
        elif Pay in plain:
            paying = {getattr(i, "gold"): i for i in plain[Pay]}
            slots = [_Slot(f"Pay {self.payment} gold", self._pay, True, paying.get(self.payment)),
                     _Slot("", lambda: None), _Slot("Pay nothing", lambda: self._pay(0), False, paying.get(0))]
        elif self.selected is not None:
            slots = self._selected_slots(names)
        elif Respond in plain:
            seat = plain[Respond][0].seat                             # type: ignore[attr-defined]
            slots = [send(f"{names[seat]}: pass", plain[Pass][0], True), send(f"{names[seat]}: respond", plain[Respond][0])]
        elif Pass in plain:
            slots = [send("Pass", plain[Pass][0], True)]
        elif EndTurn in plain:
            seat = state.flow.active
            cost = self.rules.reroll_cost(state, seat)
            if RerollShop in plain:
                slots.append(send(f"Reroll · {cost} gold", plain[RerollShop][0]))
            else:
                slots.append(_Slot(f"Reroll · {cost} gold", self._explain_reroll))
            slots.append(send("End turn", plain[EndTurn][0], True))
        if Interrupt in plain and not self.picking and self.selected is None:
            seat = plain[Interrupt][0].seat                           # type: ignore[attr-defined]
            slots.append(send(f"{names[seat]}: interrupt", plain[Interrupt][0]))
        self.slots = slots[:3]
        for index, button in enumerate(self.slot_buttons):
            slot = self.slots[index] if index < len(self.slots) else None
            button.visible = slot is not None and bool(slot.text)
            button.enabled = True
            button.reason = ""
            if slot is not None:
                button.text = slot.text
                look = self.layout["control_primary" if slot.primary else "control"]
                place = self.layout[f"button_{index + 1}"].rect
                button.element = look.moved(place[0] - look.rect[0], place[1] - look.rect[1])
                button.rect = pygame.Rect(button.element.rect)
            if slot is not None and slot.text.startswith("Reroll ·") and RerollShop not in plain:
                button.enabled = False
                button.reason = self.rules.why_illegal(self.match.state, RerollShop(state.flow.active))
        paying = Pay in plain and not self.picking
        self.minus.visible = self.plus.visible = paying
        if paying:
            self.slot_buttons[1].visible = False

    def _selected_slots(self, names: list[str]) -> list[_Slot]:
        """Buttons for the chosen card: play it, place it face down, flip it, buy it; or put it back."""
        state = self.state
        card = self.selected
        assert card is not None
        slots: list[_Slot] = []
        for intent in self.hand_intents.get(card, []):
            if isinstance(intent, Play):
                slots.append(_Slot("Play", lambda i=intent: self.table.submit(i), True, intent))
            elif isinstance(intent, Place):
                cost = self.rules.face_down_cost(state, intent.seat)
                slots.append(_Slot(f"Face down · {cost} gold", lambda i=intent: self.table.submit(i), False,
                                   intent))
        if card in self.facedown_intents:
            intent = self.facedown_intents[card]
            slots.append(_Slot("Flip it", lambda: self.table.submit(intent), True, intent))
        buys = self.buy_intents.get(card, [])
        if buys:
            cost = self.book[card].cost
            if len(buys) == 1 and getattr(buys[0], "remove", None) is None:
                slots.append(_Slot(f"Buy · {cost} gold", lambda: self.table.submit(buys[0]), True, buys[0]))
            else:
                slots.append(_Slot(f"Buy · {cost} gold", lambda: self._choose_among(buys), True))
        slots.append(_Slot("Put it back", self._clear_selection))
        return slots

    def _refresh_value_chips(self) -> None:
        """Sleight of Hand and the like: once a die is chosen, a button per value it may take."""
        self.value_chips = []
        if self.selected_die is None:
            return
        values = [i for i in self.die_intents.get(self.selected_die, []) if isinstance(i, SetDie)]
        step = self.layout["value_chip"].rect[2] + 12
        for index, intent in enumerate(values):
            button = Button(self.app, self.layout["value_chip"].moved(index * step, 0),
                            lambda i=intent: self.table.submit(i), text=str(intent.value))
            self.value_chips.append((button, intent))

    # ================================================================ events -> animations
    def _seat_anchor(self, seat: int) -> tuple[int, int]:
        return self._at("panel", seat).center

    def _float(self, text: str, anchor: tuple[int, int], colour: tuple = (255, 243, 160), duration: float = 0.5,
               alongside: bool = False, sound: str | None = None) -> None:
        self.floating.add(self.timeline, text, anchor, colour, duration, alongside, sound)

    def _fly(self, face: CardFace | None, start: pygame.Rect, end: pygame.Rect, card: str = "",
             duration: float = 0.35, sound: str | None = "place", alongside: bool = False) -> None:
        flight = _Flight(face, pygame.Rect(start), pygame.Rect(end))
        if card:
            self.arriving.add(card)

        def begin() -> None:
            self.flights.append(flight)
            if sound:
                self.app.audio.play(sound)

        def step(p: float) -> None:
            flight.progress = p

        def end_() -> None:
            if flight in self.flights:
                self.flights.remove(flight)
            self.arriving.discard(card)

        self.timeline.add(duration, on_start=begin, on_update=step, on_end=end_, alongside=alongside)

    def _on_turn_started(self, event: ev.TurnStarted) -> None:
        self.timeline.add(0.0, on_end=lambda: self.app.audio.play("bonus"))
        self.announcer.announce(self.timeline, f"{self.name(event.active)}'s turn", 0.7)

    def _gold_anchor(self, seat: int) -> tuple[int, int]:
        return self._at("gold", seat).center

    def _on_gold_gained(self, event: ev.GoldGained) -> None:
        def begin() -> None:
            self.shown_gold[event.seat] += event.amount
        self.timeline.add(0.0, on_start=begin)
        self._float(f"+{event.amount} gold", self._gold_anchor(event.seat), (250, 226, 120), 0.4)

    def _on_gold_spent(self, event: ev.GoldSpent) -> None:
        def begin() -> None:
            self.shown_gold[event.seat] -= event.amount
        self.timeline.add(0.0, on_start=begin)
        self._float(f"−{event.amount} gold", self._gold_anchor(event.seat), (255, 190, 150), 0.35)

    def _on_drawn(self, event) -> None:
        count = len(event.cards) if isinstance(event, ev.CardsDrawn) else event.count
        deck = self.piles[(event.seat, "draw")].rect
        if self.table.viewer == event.seat:
            target = pygame.Rect(self.hand.area.centerx - 60, self.hand.area.bottom - 170, 120, 168)
        else:
            target = pygame.Rect(self._at("panel", event.seat).center, (0, 0)).inflate(84, 118)
        self._fly(None, deck, target, duration=0.3, sound="click")
        self._float(f"draws {count}", deck.center, (200, 220, 255), 0.35, alongside=True)

    def _on_deck_shuffled(self, event: ev.DeckShuffled) -> None:
        self._float("discards shuffled into a new deck", self.piles[(event.seat, "draw")].rect.center,
                    (200, 220, 255), 0.5, sound="roll")

    def _on_shop_shuffled(self, event: ev.ShopShuffled) -> None:
        self._float("The shop's deck is shuffled", pygame.Rect(self.layout["shop_label"].rect).center,
                    (200, 220, 255), 0.5, sound="roll")

    def chain_rect(self, index: int) -> pygame.Rect:
        """Where the ``index``-th card of the chain lies (oldest left), squeezed when there are many."""
        count = len(self.state.flow.chain) + (1 if self.state.flow.executing else 0)
        base = pygame.Rect(self.layout["chain_card"].rect)
        area = pygame.Rect(self.layout["chain"].rect).inflate(-32, 0)
        step = self.layout.setting("chain_step").int(10, 600)
        if count > 1:
            step = min(step, (area.width - base.width) // (count - 1))
        return base.move(index * step, 0)

    def _on_card_played(self, event: ev.CardPlayed) -> None:
        index = len(self.state.flow.chain) - 1
        for position, pending in enumerate(self.state.flow.chain):
            if pending.card == event.card:
                index = position
        if event.face_down:
            start = self._at("facedown_slot", event.seat)
        elif self.table.viewer == event.seat:
            start = pygame.Rect(self.hand.area.centerx - 105, self.hand.area.bottom - 294, 210, 294)
        else:
            start = pygame.Rect(self._at("panel", event.seat).center, (0, 0)).inflate(120, 168)
        self._fly(self.face(event.card), start, self.chain_rect(max(0, index)), card=event.card, duration=0.4)
        verb = "flips" if event.face_down else "plays"
        self._float(f"{self.name(event.seat)} {verb} {card_name(self.rules, event.card)}",
                    self.chain_rect(max(0, index)).midtop, (255, 243, 160), 0.5, alongside=True)

    def _on_face_down(self, event) -> None:
        slots = len(self.state.players[event.seat].facedown) - 1
        start = pygame.Rect(self.hand.area.centerx - 105, self.hand.area.bottom - 294, 210, 294)
        self._fly(None, start, self._facedown_rect(event.seat, max(0, slots)), duration=0.35)

    def _on_passed(self, event: ev.WindowPassed) -> None:
        self._float(f"{self.name(event.seat)} passes", self._seat_anchor(event.seat), (200, 210, 230), 0.35)

    def _on_executes(self, event: ev.CardExecutes) -> None:
        self._float(f"{card_name(self.rules, event.card)} takes effect",
                    pygame.Rect(self.layout["chain"].rect).center, (255, 243, 160), 0.45, sound="bonus")

    def _on_card_done(self, event: ev.CardDone) -> None:
        start = self.chain_rect(len(self.state.flow.chain))
        if event.to == "play":
            end = self._chip_rect(event.seat, 0)
        else:
            end = self.piles[(event.seat, "removed" if event.to == "removed" else "discard")].rect
        self._fly(self.face(event.card), start, end, duration=0.3)

    def _on_die_rolled(self, event: ev.DieRolled) -> None:
        x, y = self.die_centres[event.die]
        alongside = self.timeline.busy and self._rolling_together
        self._rolling_together = True
        tumble_dice(self.timeline, self.sprites, {event.die: (x, y, event.value)}, self.visual_random,
                    self.die_size, on_start=lambda: self.app.audio.play("roll"), duration=0.6, alongside=alongside)

    _rolling_together = False

    def animate(self, events) -> None:
        """As every view, with one extra: dice rolled by one move (the opening roll) tumble together."""
        self._rolling_together = False
        previous = None
        for event in events:
            if not isinstance(event, ev.DieRolled) or not isinstance(previous, ev.DieRolled):
                self._rolling_together = False
            previous = event
            handler = self.handlers.get(type(event))
            if handler is not None:
                handler(event)
        self.timeline.speed = self.app.animation_factor
        self.timeline.add(0.0, on_end=self.sync)
        self.refresh()

    def _on_die_kept(self, event: ev.DieKept) -> None:
        self._float(f"kept at {event.value}", self.die_centres[event.die], (255, 243, 160), 0.4)

    def _on_die_set(self, event: ev.DieSet) -> None:
        sprite_die = event.die

        def begin() -> None:
            self.app.audio.play("place")
            self.glow_dice[sprite_die] = 0.0

        def step(p: float) -> None:
            sprite = self.sprites[sprite_die]
            sprite.lift = math.sin(p * math.pi) * 0.8
            sprite.angle = 360 * ease_in_out(p)
            sprite.face = event.was if p < 0.5 else event.value
            self.glow_dice[sprite_die] = p

        def end() -> None:
            sprite = self.sprites[sprite_die]
            sprite.lift, sprite.angle, sprite.face = 0.0, 0.0, event.value
            self.glow_dice.pop(sprite_die, None)

        self.timeline.add(0.4, on_start=begin, on_update=step, on_end=end)
        self._float(f"{event.was} → {event.value}", self.die_centres[event.die], (255, 243, 160), 0.4,
                    alongside=True)

    def _on_term_shielded(self, event: ev.TermShielded) -> None:
        self._float(f"{card_name(self.rules, event.card)}: {event.die.lower()} "
                    f"{event.was} → {event.value}", self._at("hp", event.seat).midbottom, (150, 200, 255), 0.5)

    def _on_militia_paid(self, event: ev.MilitiaPaid) -> None:
        self._float(f"Paid Militia stops {event.gold}", self._at("hp", event.seat).midbottom, (150, 200, 255), 0.4)

    def _on_damaged(self, event: ev.Damaged) -> None:
        def begin() -> None:
            self.shown_hp[event.seat] = event.hp
        self.timeline.add(0.0, on_start=begin)
        self._float(f"−{event.amount} HP", self._at("hp", event.seat).center, (255, 130, 120), 0.55,
                    sound="cross")

    def _on_healed(self, event: ev.Healed) -> None:
        def begin() -> None:
            self.shown_hp[event.seat] = event.hp
        self.timeline.add(0.0, on_start=begin)
        self._float(f"+{event.amount} HP", self._at("hp", event.seat).center, (150, 240, 170), 0.5)

    def _on_lasting_added(self, event: ev.LastingAdded) -> None:
        self._float(f"{card_name(self.rules, event.card)} in force", self._chip_rect(event.seat, 0).center,
                    (150, 200, 255), 0.4)

    def _on_lasting_expired(self, event: ev.LastingExpired) -> None:
        self._float(f"{card_name(self.rules, event.card)} ends", self._chip_rect(event.seat, 0).center,
                    (200, 200, 210), 0.35)

    def _on_actions_granted(self, event: ev.ActionsGranted) -> None:
        self._float(f"+{event.count} action{'s' if event.count != 1 else ''}", self._at("actions", event.seat).center,
                    (255, 243, 160), 0.45)

    def _on_discarded(self, event) -> None:
        count = len(event.cards) if isinstance(event, ev.Discarded) else event.count
        self._float(f"discards {count}", self.piles[(event.seat, "discard")].rect.center, (220, 220, 230), 0.35)

    def _on_removed(self, event: ev.CardsRemoved) -> None:
        self._float("removed from the game", self.piles[(event.seat, "removed")].rect.center, (255, 170, 150), 0.4)

    def _on_looked(self, event) -> None:
        self._float(f"{self.name(event.seat)} looks", self._seat_anchor(event.seat), (200, 220, 255), 0.35)

    def _on_reordered(self, event) -> None:
        self._float("draw pile reordered", self._seat_anchor(event.seat), (200, 220, 255), 0.35)

    def _on_took(self, event) -> None:
        self._float("takes a card", self._seat_anchor(event.seat), (200, 220, 255), 0.35)

    def _on_shop_rerolled(self, event: ev.ShopRerolled) -> None:
        origin = pygame.Rect(self.layout["shop_label"].rect).move(0, 40)
        origin.size = tuple(self.layout["shop_card"].rect[2:])
        for index, card in enumerate(event.row):
            self._fly(self.face(card), origin, self._shop_rect(index), card=card, duration=0.25,
                      sound="click" if index == 0 else None, alongside=index > 0)

    def _on_bought(self, event: ev.Bought) -> None:
        start = self._shop_rect(0)
        for index, card in enumerate(self.state.shop_row):
            start = self._shop_rect(index)          # the row closes up: the bought card left from its end
        if event.to == "passives":
            end = self._chip_rect(event.seat, 0)
        elif event.to == "hand":
            end = pygame.Rect(self.hand.area.centerx - 105, self.hand.area.bottom - 294, 210, 294)
        else:
            end = self.piles[(event.seat, "discard")].rect
        self._fly(self.face(event.card), start, end, duration=0.4)
        self._float(f"{self.name(event.seat)} buys {card_name(self.rules, event.card)}", start.midtop,
                    (255, 243, 160), 0.45, alongside=True)

    def _on_wished(self, event) -> None:
        self._float(f"{self.name(event.seat)} makes a wish", self._seat_anchor(event.seat), (255, 243, 160), 0.45)

    def _on_passive_removed(self, event: ev.PassiveRemoved) -> None:
        self._float(f"{card_name(self.rules, event.card)} removed", self._chip_rect(event.seat, 0).center,
                    (255, 170, 150), 0.4)

    def _on_vetoed(self, event: ev.Vetoed) -> None:
        self._float(f"Veto! {card_name(self.rules, event.card)} is cancelled",
                    pygame.Rect(self.layout["chain"].rect).center, (255, 150, 130), 0.6, sound="error")

    def _on_fizzled(self, event: ev.Fizzled) -> None:
        self._float(f"{card_name(self.rules, event.card)}: {event.why.replace('-', ' ')}",
                    pygame.Rect(self.layout["chain"].rect).center, (220, 220, 230), 0.45)

    def _on_game_ended(self, event: ev.GameEnded) -> None:
        self.announcer.announce(self.timeline, f"{self.name(event.winner)} wins", 1.0, sound="win")

    # ================================================================ where things are
    def _facedown_rect(self, seat: int, index: int) -> pygame.Rect:
        return self._at("facedown_slot", seat).move(index * self.layout.setting("facedown_step").int(0, 400), 0)

    def _chip_rect(self, seat: int, index: int) -> pygame.Rect:
        return self._at("chip", seat).move(0, index * self.layout.setting("chip_step").int(0, 200))

    def _shop_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.layout["shop_card"].rect).move(index * self.layout.setting("shop_step").int(0, 400), 0)

    def _chips(self, seat: int) -> list[tuple[str, str, int | None]]:
        """A player's cards in play: (card, label, turns left) for shields and buffs, then passives."""
        state = self.state
        player = state.players[seat]
        chips: list[tuple[str, str, int | None]] = []
        for lasting in player.lasting:
            chips.append((lasting.card, card_name(self.rules, lasting.card),
                          max(1, lasting.expires - state.flow.turn + 1)))
        for card in player.passives:
            chips.append((card, card_name(self.rules, card), None))
        return chips

    def _my_hand(self) -> tuple[str, ...]:
        viewer = self.table.viewer
        return () if viewer is None else self.state.players[viewer].hand

    def _picker_cards(self) -> tuple[list[str], list[Value | None], list[str], str]:
        """What the picker shows: cards, the intent each click sends, marks, and its title."""
        state = self.state
        execution = state.flow.executing
        if self.sub_choice:
            cards = [getattr(i, "remove") for i in self.sub_choice]
            return cards, list(self.sub_choice), [], "At What Cost removes one of your passives: which one?"
        prompt = self.rules.prompt(state)
        if self.card_choices:
            if any(isinstance(i, Put) for i in self.card_choices) and execution is not None:
                picked = list(execution.picked)
                rest = [c for c in execution.seen if c not in picked]
                by_card = {getattr(i, "card"): i for i in self.card_choices}
                marks = [str(n + 1) for n in range(len(picked))] + [""] * len(rest)
                return picked + rest, [None] * len(picked) + [by_card.get(c) for c in rest], marks, prompt
            grouped: dict[str, list[Value]] = {}
            for intent in self.card_choices:
                grouped.setdefault(getattr(intent, "card"), []).append(intent)
            cards = list(grouped)
            chosen: list[Value | None] = [group[0] if len(group) == 1 and getattr(group[0], "remove", None) is None
                                          else None for group in grouped.values()]
            self._grouped = grouped
            return cards, chosen, [], prompt
        seen = list(execution.seen) if execution is not None else []
        return seen, [None] * len(seen), [], prompt

    # ================================================================ input
    def _clear_selection(self) -> None:
        self.selected = None
        self.selected_die = None
        self.sub_choice = []
        self.refresh()

    def _press_slot(self, index: int) -> None:
        if index < len(self.slots):
            self.slots[index].action()

    def _press_picker_button(self) -> None:
        if self.sub_choice:
            self.sub_choice = []
            self.refresh()
        elif self.picker_intent is not None:
            self.table.submit(self.picker_intent)

    def _choose_among(self, intents: list[Value]) -> None:
        self.sub_choice = list(intents)
        self.refresh()

    def _change_payment(self, delta: int) -> None:
        most = max((getattr(i, "gold") for i in self.plain.get(Pay, [])), default=0)
        self.payment = max(0, min(most, self.payment + delta))
        self._refresh_slots()

    def _pay(self, amount: int | None = None) -> None:
        gold = self.payment if amount is None else amount
        intent = next((i for i in self.plain.get(Pay, []) if getattr(i, "gold") == gold), None)
        if intent is not None:
            self.table.submit(intent)

    def _explain_reroll(self) -> None:
        self.app.toasts.show(self.rules.why_illegal(self.match.state, RerollShop(self.state.flow.active)))
        self.app.audio.play("error")

    def _explain(self, intent: Value) -> None:
        self.app.toasts.show(self.rules.why_illegal(self.match.state, intent))
        self.app.audio.play("error")

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keys (clicks wait while anything moves)."""
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        if self.busy:
            # Choosing the card for the next move changes nothing yet, so it may be done while things move.
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.picking:
                self._select_at(event.pos)
            return
        buttons = [*self.slot_buttons, self.minus, self.plus, *(chip for chip, _ in self.value_chips)]
        if self.picking:
            self.picker_button.visible = True
            if press_any([self.picker_button], event):
                return
            if event.type == pygame.MOUSEWHEEL:
                self.grid.scroll_by(event.y, len(self._picker_cards()[0]))
                return
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self._click_picker(event.pos)
            return
        if press_any(buttons, event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._clear_selection()
        elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_7:
            self._click_die(DICE[event.key - pygame.K_1])

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hand.hover(pos, len(self._my_hand()))
        self.hover_shop = next((i for i in range(len(self.state.shop_row)) if self._shop_rect(i).collidepoint(pos)),
                               None)
        count = len(self.state.flow.chain) + (1 if self.state.flow.executing else 0)
        self.hover_chain = next((i for i in reversed(range(count)) if self.chain_rect(i).collidepoint(pos)), None)
        self.hover_facedown = None
        for seat in range(len(self.state.players)):
            for index in range(len(self.state.players[seat].facedown)):
                if self._facedown_rect(seat, index).collidepoint(pos):
                    self.hover_facedown = (seat, index)
        if self.picking:
            self.grid.hovered = self.grid.card_at(pos, len(self._picker_cards()[0]))
        else:
            self.grid.hovered = None

    def _click_picker(self, pos: tuple[int, int]) -> None:
        cards, intents, _, _ = self._picker_cards()
        index = self.grid.card_at(pos, len(cards))
        if index is None:
            return
        intent = intents[index]
        if intent is not None:
            self.sub_choice = []
            self.table.submit(intent)
            return
        group = getattr(self, "_grouped", {}).get(cards[index], [])
        if len(group) > 1 or (group and getattr(group[0], "remove", None) is not None):
            self._choose_among(group)
        elif not self.sub_choice:
            self.app.toasts.show("That card is only to look at.")

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the table (not on a button)."""
        self._hover(pos)          # the click's own position, even if no motion came before it
        state = self.state
        die = next((d for d in DICE if self.sprites[d].rect().collidepoint(pos)), None)
        if die is not None:
            self._click_die(die)
            return
        hand = self._my_hand()
        index = self.hand.card_at(pos, len(hand))
        if index is not None:
            self._click_hand(hand[index])
            return
        if self.hover_facedown is not None:
            seat, slot = self.hover_facedown
            card = state.players[seat].facedown[slot].card
            if card in self.facedown_intents:
                self.selected = None if self.selected == card else card
                self.refresh()
            elif seat == self.table.viewer and self.table.legal():
                self._explain(Reveal(seat, card))
            return
        if self.hover_shop is not None:
            card = state.shop_row[self.hover_shop]
            if card in self.buy_intents:
                self.selected = None if self.selected == card else card
                self.refresh()
            elif self.table.legal() and state.flow.phase == Phase.MAIN:
                self._explain(Buy(state.flow.active, card))
            return
        for (seat, pile), widget in self.piles.items():
            if widget.hit(pos):
                self._open_pile(seat, pile)
                return
        if pygame.Rect(self.layout["shop_label"].rect).collidepoint(pos) and state.shop_discard:
            self.app.scenes.open("pile", title="The shop's discard pile",
                                 cards=[self.face(c) for c in state.shop_discard], art=self.cards)
            return
        self._clear_selection()

    def _select_at(self, pos: tuple[int, int]) -> None:
        """Select (or put back) the hand, face-down or shop card under ``pos``, if a move may use it."""
        # The click's own position decides, not the last motion's: a click may arrive in the same frame
        # as the motion that brought the pointer there.
        self._hover(pos)
        hand = self._my_hand()
        index = self.hand.card_at(pos, len(hand))
        state = self.state
        card = None
        if index is not None:
            card = hand[index]
        elif self.hover_facedown is not None:
            seat, slot = self.hover_facedown
            card = state.players[seat].facedown[slot].card
        elif self.hover_shop is not None:
            card = state.shop_row[self.hover_shop]
        if card is not None and (card in self.hand_intents or card in self.facedown_intents
                                 or card in self.buy_intents):
            self.selected = None if self.selected == card else card
            self.refresh()

    def _click_hand(self, card: str) -> None:
        if card in self.hand_intents:
            self.selected = None if self.selected == card else card
            self.app.audio.play("click")
            self.refresh()
            return
        seat = self.table.viewer
        if seat is None or not self.table.legal():
            return
        self._explain(Play(seat, card))

    def _click_die(self, die: str) -> None:
        intents = self.die_intents.get(die, [])
        if not intents:
            if self.die_intents:
                self.app.toasts.show("No card may change the chance die." if die == CHANCE
                                     else "That die cannot be chosen now.")
            return
        first = intents[0]
        if isinstance(first, (Reroll, FlipDie)):
            self.table.submit(first)
        elif isinstance(first, SetDie):
            self.selected_die = None if self.selected_die == die else die
            self.refresh()
        elif isinstance(first, Swap):
            if self.selected_die is None or self.selected_die == die:
                self.selected_die = None if self.selected_die == die else die
                self.refresh()
                return
            pair = {self.selected_die, die}
            swap = next((i for i in intents if {getattr(i, "first"), getattr(i, "second")} == pair), None)
            if swap is not None:
                self.table.submit(swap)

    def _open_pile(self, seat: int, pile: str) -> None:
        state = self.state
        cards = getattr(state.players[seat], pile)
        name = f"{state.players[seat].name}'s {_PILE_NAMES[pile].lower()} pile"
        if pile == "draw" or any(card == HIDDEN for card in cards):
            self.app.toasts.show(f"{name}: {len(cards)} cards, face down" if pile == "draw" else
                                 f"{name}: {len(cards)} cards; only {state.players[seat].name} may look at them.")
            return
        self.app.scenes.open("pile", title=name, cards=[self.face(c) for c in cards], art=self.cards)

    # ================================================================ help
    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        """What a die, a card in play, a pile, HP or gold means."""
        state = self.state
        for die in DICE:
            sprite = self.sprites[die]
            if sprite.rect().collidepoint(pos):
                return die_help(die, state.die(die)), sprite.rect().midtop
        for seat, player in enumerate(state.players):
            for index, (card, _, turns) in enumerate(self._chips(seat)[:self._chip_room()]):
                rect = self._chip_rect(seat, index)
                if rect.collidepoint(pos):
                    text = self.face(card).text if self.face(card) else ""
                    if turns is not None:
                        lasting = next(x for x in player.lasting if x.card == card)
                        owner = state.players[seat].name
                        ends = "this turn" if lasting.expires == state.flow.turn else "the next turn"
                        text += (f" In force for {owner} until the end of {ends} (turn {lasting.expires}); "
                                 "the number on it counts the turn ends left.")
                    return f"{card_name(self.rules, card)}: {text}", rect.midtop
            chips = self._chips(seat)
            if len(chips) > self._chip_room():
                rect = self._chip_rect(seat, self._chip_room())
                if rect.collidepoint(pos):
                    return "Also in play: " + ", ".join(label for _, label, _ in chips[self._chip_room():]), rect.midtop
            for index, face_down in enumerate(player.facedown):
                rect = self._facedown_rect(seat, index)
                if rect.collidepoint(pos):
                    when = " It was placed this turn: it may be flipped from the next turn on." \
                        if face_down.placed == state.flow.turn else " It may be flipped at any time, for free."
                    if face_down.card == HIDDEN:
                        return f"A face-down card of {player.name}.{when}", rect.midtop
                    return None           # the card itself is shown at full size
            for pile in _PILES:
                widget = self.piles[(seat, pile)]
                if widget.hit(pos):
                    return self._pile_help(seat, pile), widget.rect.midtop
            if self._at("hp", seat).collidepoint(pos):
                return (f"{player.name} has {player.hp} HP. At 0 or less they lose; healing has no limit.",
                        self._at("hp", seat).midtop)
            if self._at("gold", seat).collidepoint(pos):
                return (f"{player.name} has {player.gold} gold: for the shop, rerolls and face-down cards. "
                        "Damage dealt earns as much gold.", self._at("gold", seat).midtop)
            if self._at("actions", seat).collidepoint(pos):
                return ("Actions: one a turn (more with Proactive, At What Cost and extra-action cards). "
                        "Blessings and face-down cards need none.", self._at("actions", seat).midtop)
        if pygame.Rect(self.layout["shop_label"].rect).collidepoint(pos):
            return ("The shop: reroll it to lay out five new cards, then buy one a turn. "
                    "Click here to look through its discard pile.", pygame.Rect(self.layout["shop_label"].rect).midtop)
        return None

    def _pile_help(self, seat: int, pile: str) -> str:
        player = self.state.players[seat]
        count = len(getattr(player, pile))
        if pile == "draw":
            return f"{player.name}'s deck: {count} cards, face down. When it runs out, the discard pile is shuffled in."
        if pile == "discard":
            who = "everyone" if self.state.discard_public else player.name
            return f"{player.name}'s discard pile: {count} cards; {who} may look at them (click)."
        return f"Removed from the game: {count} of {player.name}'s cards, gone for good (click to look)."

    def _chip_room(self) -> int:
        return self.layout.setting("chips").int(1, 20)

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """The seven dice and the card colours, for the rules screen."""
        words = {"RED": "fire", "BROWN": "earth", "BLUE": "water", "GREEN": "nature", "PURPLE": "magic",
                 "YELLOW": "gold", "ORANGE": "chance, rerolled when read"}
        items = [(self.dice_art.face(die_key(die), 5, 44), f"{die.capitalize()} die: {words[die]}.") for die in DICE]
        for kind, colour in TYPE_COLOURS.items():
            swatch = pygame.Surface((44, 44), pygame.SRCALPHA)
            pygame.draw.rect(swatch, colour, swatch.get_rect(), border_radius=8)
            meaning = {"action": "Action card: one a turn",
                       "blessing": "Blessing: play it any time",
                       "passive": "Passive: stays in play"}[kind]
            items.append((swatch, meaning + "."))
        badge = self.app.layouts["pieces"]["duration_badge"]
        sample = pygame.Surface((44, 44), pygame.SRCALPHA)
        draw_box(sample, sample.get_rect().inflate(-2, -2), badge.style)
        self.app.text.draw(sample, "2", badge.style, sample.get_rect())
        items.append((sample, "Turn ends a shield or buff lasts"))
        return items

    # ================================================================ drawing
    def status(self) -> TableStatus:
        """Banner texts: whose turn, what to do now, the turn number."""
        state = self.state
        flow = state.flow
        names = [p.name for p in state.players]
        turn = f"Turn {flow.turn}"
        if flow.phase == Phase.OVER:
            winner = names[flow.winner] if flow.winner >= 0 else ""
            return TableStatus(f"The game is over: {winner} wins", "", turn, None)
        active = names[flow.active]
        other = names[1 - flow.active]
        if flow.phase == Phase.MAIN:
            headline = f"{active}'s turn  ·  {other} waits"
        elif flow.phase == Phase.WINDOW and flow.window == Window.TURN_START and not flow.chain:
            headline = f"{active}'s turn begins  ·  {other} may answer first"
        elif flow.phase == Phase.WINDOW:
            headline = f"{active}'s turn  ·  {names[flow.priority]} may respond"
        else:
            execution = flow.executing
            card = card_name(self.rules, execution.card) if execution else ""
            headline = f"{active}'s turn  ·  {card} takes effect"
        return TableStatus(headline, self.rules.prompt(state), turn, state.to_act)

    def draw(self, surface: pygame.Surface) -> None:
        """The whole area below the banner."""
        state = self.state
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        for seat in range(len(state.players)):
            self._draw_column(surface, seat, pulse)
        self._draw_tray(surface, pulse)
        self._draw_chain(surface)
        self._draw_shop(surface)
        if not (self.picking and not self.busy):
            self._draw_hand(surface)
        if self.picking and not self.busy:
            self._draw_picker(surface)
        else:
            for button in self.slot_buttons + [self.minus, self.plus]:
                button.draw(surface)
            for chip, _ in self.value_chips:
                chip.draw(surface)
        for flight in self.flights:
            rect = flight.rect()
            image = self.cards.face(flight.face, rect.size) if flight.face else self.cards.back(rect.size)
            surface.blit(image, rect)
        self.draw_effects(surface)
        self._draw_zoom(surface)
        for button in self.slot_buttons:
            button.draw_tooltip(surface)

    def _draw_column(self, surface: pygame.Surface, seat: int, pulse: float) -> None:
        state = self.state
        player = state.players[seat]
        flow = state.flow
        text = self.app.text
        layout = self.layout
        tag = "ACTIVE" if seat == flow.active and flow.phase != Phase.OVER else ""
        if flow.phase == Phase.OVER:
            tag = "WINNER" if seat == flow.winner else ""
        self.panels[seat].draw(surface, [], to_act=seat == state.to_act, tag=tag, pulse=pulse)
        self.meters[seat].draw(surface, self.shown_hp[seat] if seat < len(self.shown_hp) else player.hp, 60)
        self.purses[seat].draw(surface, f"{self.shown_gold[seat] if seat < len(self.shown_gold) else player.gold} gold")
        left = self.rules.actions_left(state, seat)
        if seat == flow.active:
            actions = f"Actions {left}"
        else:
            actions = f"Extra actions {left}" if left else ""
        text.draw(surface, actions, layout["actions"].style, self._at("actions", seat))
        text.draw(surface, f"Hand: {len(player.hand)} card{'s' if len(player.hand) != 1 else ''}",
                  layout["counts"].style, self._at("counts", seat))
        room = self.rules.face_down_room(state, seat)
        text.draw(surface, f"Face down ({len(player.facedown)} of {room})", layout["facedown_label"].style,
                  self._at("facedown_label", seat))
        for index in range(room):
            rect = self._facedown_rect(seat, index)
            if index >= len(player.facedown):
                draw_box(surface, rect, layout["facedown_slot"].style)
                continue
            face_down = player.facedown[index]
            surface.blit(self.cards.back(rect.size, "" if face_down.card == HIDDEN else "yours"), rect)
            if face_down.card in self.facedown_intents and not self.busy:
                width = 6 if self.selected == face_down.card else 3
                pygame.draw.rect(surface, (255, 220, 90), rect.inflate(8, 8), width, border_radius=14)
        text.draw(surface, "In play", layout["inplay_label"].style, self._at("inplay_label", seat))
        chips = self._chips(seat)
        room = self._chip_room()
        shown = chips if len(chips) <= room else chips[:room - 1]
        chip_style = layout["chip"].style
        for index, (card, label, turns) in enumerate(shown):
            rect = self._chip_rect(seat, index)
            face = self.face(card)
            accent = face.accent if face else (90, 90, 90)
            draw_box(surface, rect, chip_style)
            pygame.draw.rect(surface, accent, pygame.Rect(rect.x, rect.y, 12, rect.height),
                             border_top_left_radius=10, border_bottom_left_radius=10)
            area = rect.inflate(-36, 0).move(8, 0)
            if turns is not None:
                # How many turn ends it still lasts: 1 (this turn) or 2 (through the next turn).
                badge = self.app.layouts["pieces"]["duration_badge"]
                box = pygame.Rect(0, 0, badge.rect[2], badge.rect[3])
                box.midright = (rect.right - 6, rect.centery)
                draw_box(surface, box, badge.style)
                text.draw(surface, str(turns), badge.style, box)
                area.width -= box.width + 8
            text.draw(surface, label, chip_style, area, shrink=True)
        if len(chips) > room:
            rect = self._chip_rect(seat, room - 1)
            draw_box(surface, rect, chip_style)
            text.draw(surface, f"+{len(chips) - room + 1} more (hover)", chip_style, rect.inflate(-36, 0).move(8, 0))
        for pile in _PILES:
            widget = self.piles[(seat, pile)]
            cards = getattr(player, pile)
            browsable = pile != "draw" and bool(cards) and HIDDEN not in cards
            widget.draw(surface, len(cards), None, browsable=False)
            if browsable:
                pygame.draw.rect(surface, (255, 243, 160), widget.rect.inflate(6, 6), 2, border_radius=12)

    def _draw_tray(self, surface: pygame.Surface, pulse: float) -> None:
        layout = self.layout
        draw_box(surface, layout["tray"].rect, layout["tray"].style)
        label = layout["die_label"]
        words = {"RED": "fire", "BROWN": "earth", "BLUE": "water", "GREEN": "nature", "PURPLE": "magic",
                 "YELLOW": "gold", "ORANGE": "chance"}
        for die in DICE:
            sprite = self.sprites[die]
            offered = die in self.die_intents and not self.busy
            if offered:
                ring = sprite.rect().inflate(16, 16)
                chosen = die == self.selected_die
                pygame.draw.rect(surface, (255, 225, 110) if chosen else (255, 243, 160), ring,
                                 6 if chosen else 3 + int(2 * pulse), border_radius=sprite.size // 4)
            glow = self.glow_dice.get(die)
            if glow is not None:
                pygame.draw.rect(surface, (255, 255, 255), sprite.rect().inflate(int(30 * (1 - glow)),
                                                                                 int(30 * (1 - glow))), 3,
                                 border_radius=sprite.size // 4)
            self.dice_art.draw(surface, die_key(die), sprite.face, (sprite.x, sprite.y), sprite.size, sprite.angle,
                               sprite.lift + (0.3 if die == self.selected_die else 0.0))
            x, y = self.die_centres[die]
            area = pygame.Rect(0, 0, label.rect[2], label.rect[3])
            area.midtop = (x, y + self.die_size // 2 + 6)
            self.app.text.draw(surface, words[die], label.style, area)

    def _draw_chain(self, surface: pygame.Surface) -> None:
        state = self.state
        layout = self.layout
        draw_box(surface, layout["chain"].rect, layout["chain"].style)
        flow = state.flow
        cards = [(pending.card, pending.controller, False) for pending in flow.chain]
        if flow.executing is not None:
            cards.append((flow.executing.card, flow.executing.controller, True))
        if not cards:
            words = "Played cards wait here for answers; the last takes effect first."
        elif flow.executing is not None:
            words = f"Taking effect: {card_name(self.rules, flow.executing.card)}"
        else:
            words = f"Waiting to take effect ({len(cards)}), the last first"
        self.app.text.draw(surface, words, layout["chain_label"].style, pygame.Rect(layout["chain_label"].rect),
                           wrap=not cards, valign="top")
        for index, (card, controller, executing) in enumerate(cards):
            if card in self.arriving:
                continue
            rect = self.chain_rect(index)
            face = self.face(card)
            # A waiting card lies sideways, as the author suggests: wider than tall, its text upright.
            image = self.cards.face(face, rect.size) if face else self.cards.back(rect.size)
            surface.blit(image, rect)
            colour = self.panels[controller].colour
            pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3, border_radius=14)
            if executing:
                pygame.draw.rect(surface, (255, 243, 160), rect.inflate(14, 14), 5, border_radius=16)

    def _draw_shop(self, surface: pygame.Surface) -> None:
        state = self.state
        layout = self.layout
        cost = self.rules.reroll_cost(state, state.flow.active)
        words = (f"Shop  ·  {len(state.shop_draw)} in its deck  ·  {len(state.shop_discard)} discarded"
                 f"  ·  reroll {cost} gold")
        self.app.text.draw_element(surface, layout["shop_label"], words)
        if not state.shop_row:
            rect = pygame.Rect(layout["shop_card"].rect)
            rect.width = self._shop_rect(4).right - rect.x
            draw_box(surface, rect, layout["facedown_slot"].style)
            self.app.text.draw(surface, "No cards laid out: reroll the shop to see five.",
                               replace(layout["counts"].style, align="center"), rect)
        for index, card in enumerate(state.shop_row):
            if card in self.arriving:
                continue
            rect = self._shop_rect(index)
            buyable = card in self.buy_intents and not self.busy
            face = self.face(card)
            shopping = state.flow.phase == Phase.MAIN and bool(self.legal_now)
            dim = shopping and not buyable
            surface.blit(self.cards.face(face, rect.size, dimmed=dim) if face else self.cards.back(rect.size), rect)
            if buyable:
                width = 6 if self.selected == card else 3
                pygame.draw.rect(surface, (255, 220, 90), rect.inflate(8, 8), width, border_radius=14)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        hand = self._my_hand()
        viewer = self.table.viewer
        if viewer is None:
            words = "Hands are hidden: each player sees their own behind the cover."
        else:
            words = f"{self.state.players[viewer].name}'s hand" + ("" if hand else ": empty")
            if self.selected is not None:
                words = f"{card_name(self.rules, self.selected)} chosen: use the buttons below, or click it again"
        self.app.text.draw_element(surface, self.layout["hand_label"], words)
        faces = [self.face(card) for card in hand]
        playable = [card in self.hand_intents for card in hand] if self.hand_intents else []
        self.hand.draw(surface, faces, playable)
        if self.selected in hand and self.hand.hovered is None:
            # The chosen card is ringed until it is played or put back.
            rect, _ = self.hand.slots(len(hand))[hand.index(self.selected)]
            pygame.draw.rect(surface, (255, 220, 90), rect.inflate(10, 10), 6, border_radius=16)

    def _draw_picker(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_box(surface, layout["picker"].rect, layout["picker"].style)
        cards, intents, marks, title = self._picker_cards()
        execution = self.state.flow.executing
        if execution is not None and not self.sub_choice:
            title = f"{card_name(self.rules, execution.card)}  ·  {title}"
        self.app.text.draw_element(surface, layout["picker_title"], title, shrink=True)
        faces = [self.face(card) for card in cards]
        clickable = [intent is not None or len(getattr(self, "_grouped", {}).get(card, [])) > 1
                     for card, intent in zip(cards, intents)]
        if not any(clickable):
            clickable = []
        self.grid.draw(surface, faces, clickable, marks, zoom=False)
        button = self.picker_button
        if self.sub_choice:
            button.text, button.visible = "Back", True
        elif self.picker_intent is not None:
            button.text = {Done: "Done", KeepOrder: "Keep the rest in order", Stop: "Stop removing"}[
                type(self.picker_intent)]
            button.visible = True
        else:
            button.visible = False
        button.draw(surface)
        if self.grid.hovered is not None and self.grid.hovered < len(faces) and faces[self.grid.hovered]:
            draw_zoomed(surface, self.cards, faces[self.grid.hovered], self.grid.rects(len(faces))[self.grid.hovered])

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        """The hovered shop, chain or own face-down card at full size."""
        if self.busy or self.picking:
            return
        state = self.state
        if self.hover_shop is not None and self.hover_shop < len(state.shop_row):
            face = self.face(state.shop_row[self.hover_shop])
            if face:
                draw_zoomed(surface, self.cards, face, self._shop_rect(self.hover_shop))
            return
        cards = [p.card for p in state.flow.chain] + ([state.flow.executing.card] if state.flow.executing else [])
        if self.hover_chain is not None and self.hover_chain < len(cards):
            face = self.face(cards[self.hover_chain])
            if face:
                draw_zoomed(surface, self.cards, face, self.chain_rect(self.hover_chain))
            return
        if self.hover_facedown is not None:
            seat, index = self.hover_facedown
            player = state.players[seat]
            if index < len(player.facedown):
                face = self.face(player.facedown[index].card)
                if face:
                    draw_zoomed(surface, self.cards, face, self._facedown_rect(seat, index))


def busiest_table(app):
    """The bench's scene: a match well under way with cards on the chain; and how to keep dice tumbling."""
    from tabletop.core.bots import RandomBot
    from tabletop.core.controller import MatchController
    from tabletop.registry import get_rules

    match = MatchController(get_rules("elemental-dice"), None, ["Ann", "Bo"], 2026)
    bot = RandomBot(3)
    while len(match.journal) < 120 or match.state.flow.phase != Phase.MAIN:
        if match.finished:
            match = MatchController(get_rules("elemental-dice"), None, ["Ann", "Bo"], len(match.journal))
        match.submit(bot.choose(match.legal_intents()))
    table = app.scenes.open("table", match=match)
    if app.scenes.top is not table:
        app.scenes.pop()               # the cover: the bench looks at the active player's own screen
    view = table.view
    rolls = [0]

    def roll_again() -> None:
        rolls[0] += 1
        view.animate(tuple(ev.DieRolled(die, (rolls[0] + i) % 6 + 1) for i, die in enumerate(DICE)))

    return table, roll_again
