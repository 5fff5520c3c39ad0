"""The Elemental Dice table in motion: what each event of a move does to the picture.

:class:`Picture` holds what the screen shows while a move plays out (the dice as they
tumble, cards in flight, the HP and gold shown so far) and one handler per event
that schedules its animation on the view's timeline.  When the timeline ends, the
view's ``sync`` puts everything back where the rules say.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Protocol

import pygame

from tabletop.games.elemental_dice import events as ev
from tabletop.games.elemental_dice.cards import DICE
from tabletop.games.elemental_dice.queries import ElementalDiceQueries
from tabletop.games.elemental_dice.state import State
from tabletop.games.elemental_dice.wording import card_name, die_name

from ...anim import Timeline, ease_in_out
from ...cards import CardFace
from ...layout import Layout, Theme
from ...sprites import Announcer, DieSprite, FloatingTexts, tumble_dice
from .geometry import ElementalDiceGeometry

__all__ = ["Picture", "Flight", "Stage"]


class Stage(Protocol):
    """What the picture needs of the view it moves on (the view itself)."""

    app: Any
    table: Any
    rules: ElementalDiceQueries
    layout: Layout
    theme: Theme
    timeline: Timeline
    floating: FloatingTexts
    announcer: Announcer
    geometry: ElementalDiceGeometry

    @property
    def state(self) -> State:
        """The state on the screen."""

    def face(self, card: str) -> CardFace | None:
        """A card's face (None for a hidden one)."""

    def name(self, seat: int) -> str:
        """A seat's name."""


@dataclass
class Flight:
    """A card flying across the table (a face, or a back when the screen may not show it)."""

    face: CardFace | None
    start: pygame.Rect
    end: pygame.Rect
    progress: float = 0.0

    def rect(self) -> pygame.Rect:
        """Where the card is now."""
        eased = ease_in_out(self.progress)
        return pygame.Rect(round(self.start.x + (self.end.x - self.start.x) * eased),
                           round(self.start.y + (self.end.y - self.start.y) * eased),
                           round(self.start.width + (self.end.width - self.start.width) * eased),
                           round(self.start.height + (self.end.height - self.start.height) * eased))

    @property
    def drawn_size(self) -> tuple[int, int]:
        """The one size the card is drawn at on its way (the larger end; each frame scales it)."""
        return max(self.start.size, self.end.size, key=lambda size: size[0] * size[1])


class Picture:
    """What the table shows while a move plays out, and how each event changes it."""

    def __init__(self, view: Stage) -> None:
        self.view = view
        self.visual_random = random.Random(11)       # only for how dice tumble; never for outcomes
        self.sprites: dict[str, DieSprite] = {}
        self.flights: list[Flight] = []
        self.arriving: set[str] = set()               # cards still flying to where the state has them
        self.shown_hp: list[int] = []
        self.shown_gold: list[int] = []
        self.glow_dice: dict[str, float] = {}
        self.rolling_together = False

    def reset(self, state: State) -> None:
        """Every piece where the rules say, nothing moving."""
        size = self.geometry.die_size
        self.sprites = {die: DieSprite(die, *self.geometry.die_centres[die], state.die(die), size) for die in DICE}
        self.shown_hp = [p.hp for p in state.players]
        self.shown_gold = [p.gold for p in state.players]
        self.flights.clear()
        self.arriving.clear()
        self.glow_dice.clear()

    def handlers(self) -> dict[type, Callable[[Any], None]]:
        """The handler of each event class."""
        return {
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

    # ---------------------------------------------------------------- helpers
    @property
    def state(self) -> State:
        """The state on the screen."""
        return self.view.state

    @property
    def geometry(self) -> ElementalDiceGeometry:
        """Where things are."""
        return self.view.geometry

    def _name(self, card: str) -> str:
        return card_name(self.view.rules, card)

    def _float(self, text: str, anchor: tuple[int, int], colour: str = "ed_float", duration: float = 0.5,
               alongside: bool = False, sound: str | None = None) -> None:
        view = self.view
        view.floating.add(view.timeline, text, anchor, view.theme.rgb(colour), duration, alongside, sound)

    def _fly(self, face: CardFace | None, start: pygame.Rect, end: pygame.Rect, card: str = "",
             duration: float = 0.35, sound: str | None = "place", alongside: bool = False) -> None:
        flight = Flight(face, pygame.Rect(start), pygame.Rect(end))
        if card:
            self.arriving.add(card)

        def begin() -> None:
            self.flights.append(flight)
            if sound:
                self.view.app.audio.play(sound)

        def step(p: float) -> None:
            flight.progress = p

        def end_() -> None:
            if flight in self.flights:
                self.flights.remove(flight)
            self.arriving.discard(card)

        self.view.timeline.add(duration, on_start=begin, on_update=step, on_end=end_, alongside=alongside)

    def _seat_anchor(self, seat: int) -> tuple[int, int]:
        return self.geometry.at("panel", seat).center

    def _in_hand(self) -> pygame.Rect:
        """A card at full size rising from the middle of the hand."""
        area = self.geometry.hand_area
        return pygame.Rect(area.centerx - 105, area.bottom - 294, 210, 294)

    # ---------------------------------------------------------------- turns, gold, cards drawn
    def _on_turn_started(self, event: ev.TurnStarted) -> None:
        view = self.view
        view.timeline.add(0.0, on_end=lambda: view.app.audio.play("bonus"))
        view.announcer.announce(view.timeline, f"{view.name(event.active)}'s turn", 0.7)

    def _on_gold_gained(self, event: ev.GoldGained) -> None:
        def begin() -> None:
            self.shown_gold[event.seat] += event.amount
        self.view.timeline.add(0.0, on_start=begin)
        self._float(f"+{event.amount} gold", self.geometry.at("gold", event.seat).center, "ed_gold_gained", 0.4)

    def _on_gold_spent(self, event: ev.GoldSpent) -> None:
        def begin() -> None:
            self.shown_gold[event.seat] -= event.amount
        self.view.timeline.add(0.0, on_start=begin)
        self._float(f"−{event.amount} gold", self.geometry.at("gold", event.seat).center, "ed_gold_spent", 0.35)

    def _on_drawn(self, event: ev.CardsDrawn | ev.DrewCards) -> None:
        count = len(event.cards) if isinstance(event, ev.CardsDrawn) else event.count
        deck = self.geometry.pile_rect(event.seat, "draw")
        if self.view.table.shows == event.seat:
            area = self.geometry.hand_area
            target = pygame.Rect(area.centerx - 60, area.bottom - 170, 120, 168)
        else:
            target = pygame.Rect(self._seat_anchor(event.seat), (0, 0)).inflate(84, 118)
        self._fly(None, deck, target, duration=0.3, sound="click")
        self._float(f"draws {count}", deck.center, "ed_info", 0.35, alongside=True)

    def _on_deck_shuffled(self, event: ev.DeckShuffled) -> None:
        self._float("discards shuffled into a new draw pile", self.geometry.pile_rect(event.seat, "draw").center,
                    "ed_info", 0.5, sound="roll")

    def _on_shop_shuffled(self, event: ev.ShopShuffled) -> None:
        self._float("The shop's draw pile is shuffled", self.geometry.shop_label.center, "ed_info", 0.5, sound="roll")

    # ---------------------------------------------------------------- the chain
    def _on_card_played(self, event: ev.CardPlayed) -> None:
        state = self.state
        index = len(state.flow.chain) - 1
        for position, pending in enumerate(state.flow.chain):
            if pending.card == event.card:
                index = position
        if event.face_down:
            start = self.geometry.at("facedown_slot", event.seat)
        elif self.view.table.shows == event.seat:
            start = self._in_hand()
        else:
            start = pygame.Rect(self._seat_anchor(event.seat), (0, 0)).inflate(120, 168)
        end = self.geometry.chain_rect(state, max(0, index))
        self._fly(self.view.face(event.card), start, end, card=event.card, duration=0.4)
        verb = "flips" if event.face_down else "plays"
        self._float(f"{self.view.name(event.seat)} {verb} {self._name(event.card)}", end.midtop, "ed_float", 0.5,
                    alongside=True)

    def _on_face_down(self, event: ev.CardPlaced | ev.FaceDownPlaced) -> None:
        slots = len(self.state.players[event.seat].facedown) - 1
        self._fly(None, self._in_hand(), self.geometry.facedown_rect(event.seat, max(0, slots)), duration=0.35)

    def _on_passed(self, event: ev.WindowPassed) -> None:
        self._float(f"{self.view.name(event.seat)} passes", self._seat_anchor(event.seat), "ed_pass", 0.35)

    def _on_executes(self, event: ev.CardExecutes) -> None:
        self._float(f"{self._name(event.card)} takes effect", self._chain_centre(), "ed_float", 0.45,
                    sound="bonus")

    def _chain_centre(self) -> tuple[int, int]:
        return pygame.Rect(self.view.layout["chain"].rect).center

    def _on_card_done(self, event: ev.CardDone) -> None:
        start = self.geometry.chain_rect(self.state, len(self.state.flow.chain))
        if event.to == "play":
            end = self.geometry.chip_rect(event.seat, 0)
        else:
            end = self.geometry.pile_rect(event.seat, "removed" if event.to == "removed" else "discard")
        self._fly(self.view.face(event.card), start, end, duration=0.3)

    def _on_vetoed(self, event: ev.Vetoed) -> None:
        self._float(f"Veto! {self._name(event.card)} is cancelled", self._chain_centre(), "ed_veto", 0.6,
                    sound="error")

    def _on_fizzled(self, event: ev.Fizzled) -> None:
        self._float(f"{self._name(event.card)}: {event.why.replace('-', ' ')}", self._chain_centre(),
                    "ed_discarded", 0.45)

    # ---------------------------------------------------------------- dice
    def _on_die_rolled(self, event: ev.DieRolled) -> None:
        x, y = self.geometry.die_centres[event.die]
        view = self.view
        alongside = view.timeline.busy and self.rolling_together
        self.rolling_together = True
        tumble_dice(view.timeline, self.sprites, {event.die: (x, y, event.value)}, self.visual_random,
                    self.geometry.die_size, on_start=lambda: view.app.audio.play("roll"), duration=0.6,
                    alongside=alongside)

    def _on_die_kept(self, event: ev.DieKept) -> None:
        self._float(f"kept at {event.value}", self.geometry.die_centres[event.die], "ed_float", 0.4)

    def _on_die_set(self, event: ev.DieSet) -> None:
        die = event.die

        def begin() -> None:
            self.view.app.audio.play("place")
            self.glow_dice[die] = 0.0

        def step(p: float) -> None:
            sprite = self.sprites[die]
            sprite.lift = math.sin(p * math.pi) * 0.8
            sprite.angle = 360 * ease_in_out(p)
            sprite.face = event.was if p < 0.5 else event.value
            self.glow_dice[die] = p

        def end() -> None:
            sprite = self.sprites[die]
            sprite.lift, sprite.angle, sprite.face = 0.0, 0.0, event.value
            self.glow_dice.pop(die, None)

        self.view.timeline.add(0.4, on_start=begin, on_update=step, on_end=end)
        self._float(f"{event.was} → {event.value}", self.geometry.die_centres[event.die], "ed_float", 0.4,
                    alongside=True)

    # ---------------------------------------------------------------- HP, shields and buffs
    def _on_term_shielded(self, event: ev.TermShielded) -> None:
        self._float(f"{self._name(event.card)}: {die_name(event.die)} {event.was} → {event.value}",
                    self.geometry.at("hp", event.seat).midbottom, "ed_shield", 0.5)

    def _on_militia_paid(self, event: ev.MilitiaPaid) -> None:
        self._float(f"Paid Militia stops {event.gold}", self.geometry.at("hp", event.seat).midbottom, "ed_shield",
                    0.4)

    def _on_damaged(self, event: ev.Damaged) -> None:
        def begin() -> None:
            self.shown_hp[event.seat] = event.hp
        self.view.timeline.add(0.0, on_start=begin)
        self._float(f"−{event.amount} HP", self.geometry.at("hp", event.seat).center, "ed_damage", 0.55,
                    sound="cross")

    def _on_healed(self, event: ev.Healed) -> None:
        def begin() -> None:
            self.shown_hp[event.seat] = event.hp
        self.view.timeline.add(0.0, on_start=begin)
        self._float(f"+{event.amount} HP", self.geometry.at("hp", event.seat).center, "ed_healed", 0.5)

    def _on_lasting_added(self, event: ev.LastingAdded) -> None:
        self._float(f"{self._name(event.card)} in force", self.geometry.chip_rect(event.seat, 0).center,
                    "ed_shield", 0.4)

    def _on_lasting_expired(self, event: ev.LastingExpired) -> None:
        self._float(f"{self._name(event.card)} ends", self.geometry.chip_rect(event.seat, 0).center, "ed_expired",
                    0.35)

    def _on_actions_granted(self, event: ev.ActionsGranted) -> None:
        self._float(f"+{event.count} action{'s' if event.count != 1 else ''}",
                    self.geometry.at("actions", event.seat).center, "ed_float", 0.45)

    # ---------------------------------------------------------------- cards moving between zones
    def _on_discarded(self, event: ev.Discarded | ev.CardsDiscarded) -> None:
        count = len(event.cards) if isinstance(event, ev.Discarded) else event.count
        self._float(f"discards {count}", self.geometry.pile_rect(event.seat, "discard").center, "ed_discarded",
                    0.35)

    def _on_removed(self, event: ev.CardsRemoved) -> None:
        self._float("removed from the game", self.geometry.pile_rect(event.seat, "removed").center, "ed_removed",
                    0.4)

    def _on_looked(self, event: ev.Looked | ev.LookedAt) -> None:
        self._float(f"{self.view.name(event.seat)} looks", self._seat_anchor(event.seat), "ed_info", 0.35)

    def _on_reordered(self, event: ev.Reordered | ev.PileReordered) -> None:
        self._float("draw pile reordered", self._seat_anchor(event.seat), "ed_info", 0.35)

    def _on_took(self, event: ev.Took | ev.TookACard) -> None:
        self._float("takes a card", self._seat_anchor(event.seat), "ed_info", 0.35)

    def _on_shop_rerolled(self, event: ev.ShopRerolled) -> None:
        origin = self.geometry.shop_label.move(0, 40)
        origin.size = tuple(self.view.layout["shop_card"].rect[2:])
        for index, card in enumerate(event.row):
            self._fly(self.view.face(card), origin, self.geometry.shop_rect(index), card=card, duration=0.25,
                      sound="click" if index == 0 else None, alongside=index > 0)

    def _on_bought(self, event: ev.Bought) -> None:
        start = self.geometry.shop_rect(len(self.state.shop_row) - 1) if self.state.shop_row else \
            self.geometry.shop_rect(0)         # the row closes up: the bought card left from its end
        if event.to == "passives":
            end = self.geometry.chip_rect(event.seat, 0)
        elif event.to == "hand":
            end = self._in_hand()
        else:
            end = self.geometry.pile_rect(event.seat, "discard")
        self._fly(self.view.face(event.card), start, end, duration=0.4)
        self._float(f"{self.view.name(event.seat)} buys {self._name(event.card)}", start.midtop, "ed_float", 0.45,
                    alongside=True)

    def _on_wished(self, event: ev.Wished | ev.WishedForACard | ev.WishGranted) -> None:
        self._float(f"{self.view.name(event.seat)} makes a wish", self._seat_anchor(event.seat), "ed_float", 0.45)

    def _on_passive_removed(self, event: ev.PassiveRemoved) -> None:
        self._float(f"{self._name(event.card)} removed", self.geometry.chip_rect(event.seat, 0).center,
                    "ed_removed", 0.4)

    def _on_game_ended(self, event: ev.GameEnded) -> None:
        view = self.view
        view.announcer.announce(view.timeline, f"{view.name(event.winner)} wins", 1.0, sound="win")
