"""What an Elemental Dice player can ask for.  Every intent names the seat that makes it.

Text forms (stable; used by saves, scenarios and tests)::

    play seat=0 card=fire                 # a card from hand (an Action uses an action)
    reveal seat=1 card=veto               # flip a face-down card: its effect goes on the chain
    place seat=0 card=gambling            # place a card face down (an action and 5 gold)
    reroll-shop seat=0                    # 5 new cards in the shop row
    buy seat=0 card=reroller              # buy from the row (remove=... for At What Cost)
    end-turn seat=0
    pass seat=1 / respond seat=1          # in a response window; respond opens a private choice
    pass-turn seat=1                      # pass now and every window until this turn ends (an option)
    interrupt seat=1                      # the opponent stops an idle main phase to play a card

and the choices a card asks for while it executes: ``chance``, ``term``, ``pay``,
``reroll``, ``again``, ``set-die``, ``flip-die``, ``swap``, ``done``, ``put``,
``keep-order``, ``take``, ``discard``, ``cancel``, ``remove``, ``stop``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from tabletop.core.values import Codec, Value

__all__ = ["Play", "Reveal", "Place", "RerollShop", "Buy", "EndTurn", "Pass", "PassTurn", "Respond", "Interrupt", "Chance",
           "Term", "Pay", "Reroll", "Again", "SetDie", "FlipDie", "Swap", "Done", "Put", "KeepOrder", "Take",
           "Discard", "Cancel", "Remove", "Stop", "INTENTS", "Intent"]


@dataclass(frozen=True, slots=True)
class Play(Value):
    """Play ``card`` from hand."""

    KIND = "play"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Reveal(Value):
    """Flip the face-down ``card``: it is played (free; not in the turn it was placed)."""

    KIND = "reveal"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Place(Value):
    """Place ``card`` from hand face down (instead of playing an action)."""

    KIND = "place"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class RerollShop(Value):
    """Move the shop row to the shop's discard pile and lay out five new cards."""

    KIND = "reroll-shop"
    seat: int


@dataclass(frozen=True, slots=True)
class Buy(Value):
    """Buy ``card`` from the shop row; for At What Cost, ``remove`` names the own passive it removes."""

    KIND = "buy"
    seat: int
    card: str
    remove: str | None = None


@dataclass(frozen=True, slots=True)
class EndTurn(Value):
    """End the turn: discard the hand and draw."""

    KIND = "end-turn"
    seat: int


@dataclass(frozen=True, slots=True)
class Pass(Value):
    """Let the card on top of the chain (or the turn) go on without answering."""

    KIND = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class PassTurn(Value):
    """Pass now, and in every window until the end of this turn (offered to a player whose option allows it)."""

    KIND = "pass-turn"
    seat: int


@dataclass(frozen=True, slots=True)
class Respond(Value):
    """Answer in a window: take the screen to choose a card (cancelling counts as a pass)."""

    KIND = "respond"
    seat: int


@dataclass(frozen=True, slots=True)
class Interrupt(Value):
    """The opponent stops the active player's idle main phase to play a blessing or a face-down card."""

    KIND = "interrupt"
    OTHER_SEAT: ClassVar[bool] = True     # offered to the seat that is not to act
    seat: int


@dataclass(frozen=True, slots=True)
class Chance(Value):
    """Risk Aversion: reroll the chance die (``reroll=true``) or keep its face."""

    KIND = "chance"
    seat: int
    reroll: bool


@dataclass(frozen=True, slots=True)
class Term(Value):
    """Magical Barrier: the term of the attack the barrier reduces."""

    KIND = "term"
    seat: int
    die: str


@dataclass(frozen=True, slots=True)
class Pay(Value):
    """Paid Militia: pay ``gold`` to prevent as much damage."""

    KIND = "pay"
    seat: int
    gold: int


@dataclass(frozen=True, slots=True)
class Reroll(Value):
    """Reroll ``die`` (Gambling, Second Chance, Calculated Risk)."""

    KIND = "reroll"
    seat: int
    die: str


@dataclass(frozen=True, slots=True)
class Again(Value):
    """After a reroll: roll the same die again (``reroll=true``) or keep it."""

    KIND = "again"
    seat: int
    reroll: bool


@dataclass(frozen=True, slots=True)
class SetDie(Value):
    """Cheap Trick, Sleight of Hand, Smoke and Mirrors: give ``die`` the new ``value``."""

    KIND = "set-die"
    seat: int
    die: str
    value: int


@dataclass(frozen=True, slots=True)
class FlipDie(Value):
    """Perspective Shift: turn ``die`` over (7 - value)."""

    KIND = "flip-die"
    seat: int
    die: str


@dataclass(frozen=True, slots=True)
class Swap(Value):
    """Trickster God: swap the values of two dice."""

    KIND = "swap"
    seat: int
    first: str
    second: str


@dataclass(frozen=True, slots=True)
class Done(Value):
    """Finished looking at the cards a card showed."""

    KIND = "done"
    seat: int


@dataclass(frozen=True, slots=True)
class Put(Value):
    """Reordering a draw pile: ``card`` goes next, below the cards already put (the first is the top)."""

    KIND = "put"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class KeepOrder(Value):
    """Reordering a draw pile: the cards not yet put stay below, in their order."""

    KIND = "keep-order"
    seat: int


@dataclass(frozen=True, slots=True)
class Take(Value):
    """Magnetic Hands or Wish: take ``card`` (``remove``: the passive At What Cost removes)."""

    KIND = "take"
    seat: int
    card: str
    remove: str | None = None


@dataclass(frozen=True, slots=True)
class Discard(Value):
    """Discard ``card`` (All for One from one's hand; Weak Hands or Faulty Table for the opponent)."""

    KIND = "discard"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Cancel(Value):
    """Veto: cancel the pending opponent Action ``card``."""

    KIND = "cancel"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Remove(Value):
    """Optimization: remove ``card`` from the game (``this`` card itself counts)."""

    KIND = "remove"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Stop(Value):
    """Optimization: remove no more cards."""

    KIND = "stop"
    seat: int


INTENTS = Codec(Play, Reveal, Place, RerollShop, Buy, EndTurn, Pass, PassTurn, Respond, Interrupt, Chance, Term, Pay, Reroll,
                Again, SetDie, FlipDie, Swap, Done, Put, KeepOrder, Take, Discard, Cancel, Remove, Stop)

#: Any one of the game's intents: what ``legal_intents`` lists and ``apply`` takes, so code that reads a
#: field of one kind narrows with ``isinstance`` and mypy checks the field.
Intent: TypeAlias = (Play | Reveal | Place | RerollShop | Buy | EndTurn | Pass | PassTurn | Respond | Interrupt |
                     Chance | Term | Pay | Reroll | Again | SetDie | FlipDie | Swap | Done | Put | KeepOrder | Take |
                     Discard | Cancel | Remove | Stop)
