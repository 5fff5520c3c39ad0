"""What happened in an Elemental Dice match, in order: the screen animates these and the move log narrates them.

Events about cards only their owner may see are :class:`PrivateEvent`\\ s whose public
form says only what the other player learns ("Bo draws 4 cards").  Events that
show a player something new are marked ``REVEALS``: undo never goes past them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core.values import Codec, PrivateEvent, Value

__all__ = ["EVENTS"]


@dataclass(frozen=True, slots=True)
class TurnStarted(Value):
    """``active``'s turn ``turn`` begins."""

    KIND = "turn-started"
    turn: int
    active: int


@dataclass(frozen=True, slots=True)
class GoldGained(Value):
    """``seat`` gains ``amount`` gold (``why``: turn, damage, card, refund)."""

    KIND = "gold-gained"
    seat: int
    amount: int
    why: str


@dataclass(frozen=True, slots=True)
class GoldSpent(Value):
    """``seat`` pays ``amount`` gold (``why``: buy, reroll, face-down, militia)."""

    KIND = "gold-spent"
    seat: int
    amount: int
    why: str


@dataclass(frozen=True, slots=True)
class DrewCards(Value):
    """Public: ``seat`` draws ``count`` cards."""

    KIND = "drew-cards"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(PrivateEvent):
    """Private: the cards ``seat`` draws."""

    KIND = "cards-drawn"
    REVEALS: ClassVar[bool] = True
    seat: int
    cards: tuple[str, ...]

    def public_form(self) -> Value:
        return DrewCards(self.seat, len(self.cards))


@dataclass(frozen=True, slots=True)
class DeckShuffled(Value):
    """``seat``'s discard pile (``count`` cards) is shuffled into a new draw pile."""

    KIND = "deck-shuffled"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class ShopShuffled(Value):
    """The shop's draw pile is shuffled (``count`` cards; ``refilled`` from its discard pile)."""

    KIND = "shop-shuffled"
    count: int
    refilled: bool


@dataclass(frozen=True, slots=True)
class CardPlayed(Value):
    """``seat`` plays ``card`` (from hand, or flipped from face down): it goes on the chain."""

    KIND = "card-played"
    REVEALS: ClassVar[bool] = True
    seat: int
    card: str
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class FaceDownPlaced(Value):
    """Public: ``seat`` places a card face down."""

    KIND = "face-down-placed"
    seat: int


@dataclass(frozen=True, slots=True)
class CardPlaced(PrivateEvent):
    """Private: which card ``seat`` places face down."""

    KIND = "card-placed"
    seat: int
    card: str

    def public_form(self) -> Value:
        return FaceDownPlaced(self.seat)


@dataclass(frozen=True, slots=True)
class WindowPassed(Value):
    """``seat`` passes in a response window."""

    KIND = "window-passed"
    seat: int


@dataclass(frozen=True, slots=True)
class PassingThisTurn(Value):
    """``seat`` passes every window until the end of turn ``turn`` (the "pass for the rest of this turn" option)."""

    KIND = "passing-this-turn"
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class FirstPlayer(Value):
    """``seat`` plays the first turn; ``how`` it was chosen: ``chosen`` (by the players) or ``random``."""

    KIND = "first-player"
    seat: int
    how: str


@dataclass(frozen=True, slots=True)
class Responding(Value):
    """``seat`` takes the screen to answer (``interrupt``: stopping an idle main phase)."""

    KIND = "responding"
    seat: int
    interrupt: bool = False


@dataclass(frozen=True, slots=True)
class CardExecutes(Value):
    """The top card of the chain, ``card`` of ``seat``, executes now."""

    KIND = "card-executes"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class CardDone(Value):
    """``card`` of ``seat`` leaves the chain: to the discard pile, the play area or the removed pile."""

    KIND = "card-done"
    seat: int
    card: str
    to: str


@dataclass(frozen=True, slots=True)
class DieRolled(Value):
    """``die`` is rolled and shows ``value``."""

    KIND = "die-rolled"
    die: str
    value: int


@dataclass(frozen=True, slots=True)
class DieKept(Value):
    """The chance die is not rerolled (Risk Aversion): it keeps ``value``."""

    KIND = "die-kept"
    seat: int
    die: str
    value: int


@dataclass(frozen=True, slots=True)
class DieSet(Value):
    """``die`` changes from ``was`` to ``value`` (dice control)."""

    KIND = "die-set"
    die: str
    was: int
    value: int


@dataclass(frozen=True, slots=True)
class TermShielded(Value):
    """A shield of ``seat`` (``card``) reduces the ``die`` term of an attack from ``was`` to ``value``."""

    KIND = "term-shielded"
    seat: int
    card: str
    die: str
    was: int
    value: int


@dataclass(frozen=True, slots=True)
class MilitiaPaid(Value):
    """``seat`` pays ``gold`` to Paid Militia and prevents as much damage."""

    KIND = "militia-paid"
    seat: int
    gold: int


@dataclass(frozen=True, slots=True)
class Damaged(Value):
    """``seat`` takes ``amount`` damage from ``card`` of ``source``; ``hp`` is left."""

    KIND = "damaged"
    seat: int
    amount: int
    source: int
    card: str
    hp: int


@dataclass(frozen=True, slots=True)
class Healed(Value):
    """``seat`` restores ``amount`` HP; ``hp`` is left."""

    KIND = "healed"
    seat: int
    amount: int
    hp: int


@dataclass(frozen=True, slots=True)
class LastingAdded(Value):
    """``card`` of ``seat`` stays in force until the end of turn ``expires``."""

    KIND = "lasting-added"
    seat: int
    card: str
    expires: int


@dataclass(frozen=True, slots=True)
class LastingExpired(Value):
    """``card`` of ``seat`` is no longer in force and goes to the discard pile."""

    KIND = "lasting-expired"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class ActionsGranted(Value):
    """``seat`` may play ``count`` more actions this turn."""

    KIND = "actions-granted"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Value):
    """Public: ``seat`` discards ``count`` cards (from ``zone``: hand or facedown)."""

    KIND = "cards-discarded"
    seat: int
    count: int
    zone: str


@dataclass(frozen=True, slots=True)
class Discarded(PrivateEvent):
    """Private: which cards ``seat`` discards from ``zone`` (the discard pile is seen by its owner only)."""

    KIND = "discarded"
    seat: int
    cards: tuple[str, ...]
    zone: str

    def public_form(self) -> Value:
        return CardsDiscarded(self.seat, len(self.cards), self.zone)


@dataclass(frozen=True, slots=True)
class CardsRemoved(Value):
    """``cards`` of ``seat`` are removed from the game (public)."""

    KIND = "cards-removed"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LookedAt(Value):
    """Public: ``seat`` looks at ``what``."""

    KIND = "looked-at"
    seat: int
    what: str


@dataclass(frozen=True, slots=True)
class Looked(PrivateEvent):
    """Private: what ``seat`` sees of ``what``."""

    KIND = "looked"
    REVEALS: ClassVar[bool] = True
    seat: int
    what: str
    cards: tuple[str, ...]

    def public_form(self) -> Value:
        return LookedAt(self.seat, self.what)


@dataclass(frozen=True, slots=True)
class PileReordered(Value):
    """Public: ``seat`` has put ``what`` in a new order."""

    KIND = "pile-reordered"
    seat: int
    what: str


@dataclass(frozen=True, slots=True)
class Reordered(PrivateEvent):
    """Private: the new order ``seat`` gave ``what`` (top first)."""

    KIND = "reordered"
    seat: int
    what: str
    order: tuple[str, ...]

    def public_form(self) -> Value:
        return PileReordered(self.seat, self.what)


@dataclass(frozen=True, slots=True)
class TookACard(Value):
    """Public: ``seat`` takes a card from ``what`` into their hand or deck."""

    KIND = "took-a-card"
    seat: int
    what: str


@dataclass(frozen=True, slots=True)
class Took(PrivateEvent):
    """Private: which card ``seat`` takes from ``what``."""

    KIND = "took"
    REVEALS: ClassVar[bool] = True
    seat: int
    card: str
    what: str

    def public_form(self) -> Value:
        return TookACard(self.seat, self.what)


@dataclass(frozen=True, slots=True)
class ShopRerolled(Value):
    """The shop row is replaced: ``row`` is laid out (``discarded`` cards went to the shop's discard pile)."""

    KIND = "shop-rerolled"
    REVEALS: ClassVar[bool] = True      # five cards of the shop's deck are shown: a reroll cannot be taken back
    seat: int
    row: tuple[str, ...]
    discarded: int


@dataclass(frozen=True, slots=True)
class Bought(Value):
    """``seat`` buys ``card`` for ``cost``; it goes ``to`` discard, hand or passives."""

    KIND = "bought"
    seat: int
    card: str
    cost: int
    to: str


@dataclass(frozen=True, slots=True)
class Wished(Value):
    """``seat`` wishes for the passive ``card`` (a passive is deployed, so everyone sees it)."""

    KIND = "wished"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class WishedForACard(Value):
    """Public: ``seat`` wishes for a card (which one stays private)."""

    KIND = "wished-for-a-card"
    seat: int


@dataclass(frozen=True, slots=True)
class WishGranted(PrivateEvent):
    """Private: which card ``seat`` wished for (``to``: discard or hand)."""

    KIND = "wish-granted"
    seat: int
    card: str
    to: str

    def public_form(self) -> Value:
        return WishedForACard(self.seat)


@dataclass(frozen=True, slots=True)
class PassiveRemoved(Value):
    """At What Cost: ``seat``'s passive ``card`` is removed from the game."""

    KIND = "passive-removed"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Vetoed(Value):
    """``seat``'s Veto cancels ``card`` of the opponent."""

    KIND = "vetoed"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Fizzled(Value):
    """``card`` of ``seat`` has nothing to act on (``why`` in a word)."""

    KIND = "fizzled"
    seat: int
    card: str
    why: str


@dataclass(frozen=True, slots=True)
class TurnEnded(Value):
    """Turn ``turn`` of ``seat`` is over."""

    KIND = "turn-ended"
    turn: int
    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded(Value):
    """The game is over: ``winner`` wins; ``hp`` by seat."""

    KIND = "game-ended"
    winner: int
    hp: tuple[int, ...]


EVENTS = Codec(TurnStarted, GoldGained, GoldSpent, DrewCards, CardsDrawn, DeckShuffled, ShopShuffled, CardPlayed,
               FaceDownPlaced, CardPlaced, WindowPassed, PassingThisTurn, FirstPlayer, Responding, CardExecutes, CardDone, DieRolled, DieKept,
               DieSet, TermShielded, MilitiaPaid, Damaged, Healed, LastingAdded, LastingExpired, ActionsGranted,
               CardsDiscarded, Discarded, CardsRemoved, LookedAt, Looked, PileReordered, Reordered, TookACard,
               Took, ShopRerolled, Bought, Wished, WishedForACard, WishGranted, PassiveRemoved, Vetoed, Fizzled,
               TurnEnded, GameEnded)
