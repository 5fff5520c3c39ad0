"""What an ElementaliS mage can ask for.  Every intent names the seat that makes it.

Text forms (stable; used by saves, scenarios and tests)::

    major seat=0 element=fire          minor seat=0 element=air         # the Arcana draft
    start-mana seat=1 mana=fire,water                                   # the 2 starting Mana
    tap seat=0 colour=fire             roll seat=0                      # Flux Tap, the Power Roll
    declare seat=1   pass seat=1       forfeit seat=1                   # a spell window
    cast seat=1 spell=char die=2       cast seat=1 spell=tremor die=0 face=fire+fire
    cast seat=2 spell=earth-link target=0   cast seat=1 spell=burn link=2   cast seat=0 spell=incinerate
    counter seat=0   allow seat=0                                       # Counter Spell, or let it be
    pick seat=1 mana=fire target=2   done seat=1                        # Incinerate/Tornado's Mana, one at a time
    split seat=0 major=1                                                # an Elementalist's Ethers to the Major
    choose seat=0 mana=fire,air                                         # a Creationist's Mana of choice
    bank seat=0   chance seat=0   cosmic seat=0                         # push your luck
    oppose seat=2 dice=0,1                                              # the dice an opposing mage rolls
    pay seat=0 mana=fire,pale-air                                       # Mana paid in an opposition
    give seat=0 mana=water                                              # the Cosmic Roll's Mana for another

Mana words are element colours; ``pale-air`` is an Air counter made colourless by Tornado.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from tabletop.core.values import Codec, Value

__all__ = ["TakeMajor", "TakeMinor", "StartMana", "Tap", "Roll", "Declare", "PassWindow", "Forfeit", "Cast",
           "Counter", "Allow", "Pick", "Done", "Split", "Choose", "Bank", "Chance", "Cosmic", "Oppose", "Pay",
           "Give", "INTENTS", "Intent"]


@dataclass(frozen=True, slots=True)
class TakeMajor(Value):
    """Draft: take the Major Arcana of ``element`` (or ``ether``)."""

    KIND = "major"
    seat: int
    element: str


@dataclass(frozen=True, slots=True)
class TakeMinor(Value):
    """Draft: take a Minor Arcana."""

    KIND = "minor"
    seat: int
    element: str


@dataclass(frozen=True, slots=True)
class StartMana(Value):
    """Setup: the two Mana a mage other than the first takes."""

    KIND = "start-mana"
    seat: int
    mana: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Tap(Value):
    """Flux Tap: with an empty Pool, take 1 Mana of one's Major colour (a Creationist: any) before rolling."""

    KIND = "tap"
    seat: int
    colour: str


@dataclass(frozen=True, slots=True)
class Roll(Value):
    """The Power Roll."""

    KIND = "roll"
    seat: int


@dataclass(frozen=True, slots=True)
class Declare(Value):
    """In a spell window: this mage will cast a spell."""

    KIND = "declare"
    seat: int


@dataclass(frozen=True, slots=True)
class PassWindow(Value):
    """In a spell window: no spell."""

    KIND = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class Forfeit(Value):
    """A mage who declared casts nothing after all (no cost)."""

    KIND = "forfeit"
    seat: int


@dataclass(frozen=True, slots=True)
class Cast(Value):
    """Cast ``spell`` at a die (and a face), a mage (``target``) or an Earth Link (``link``: its caster)."""

    KIND = "cast"
    seat: int
    spell: str
    die: int | None = None
    face: str | None = None
    target: int | None = None
    link: int | None = None


@dataclass(frozen=True, slots=True)
class Counter(Value):
    """Counter Spell: the spell just cast on this mage is void."""

    KIND = "counter"
    seat: int


@dataclass(frozen=True, slots=True)
class Allow(Value):
    """Let the spell just cast on this mage take effect."""

    KIND = "allow"
    seat: int


@dataclass(frozen=True, slots=True)
class Pick(Value):
    """Incinerate or Tornado: one more Mana counter, from the Pool of mage ``target``."""

    KIND = "pick"
    seat: int
    mana: str
    target: int | None = None


@dataclass(frozen=True, slots=True)
class Done(Value):
    """Incinerate or Tornado: no more Mana."""

    KIND = "done"
    seat: int


@dataclass(frozen=True, slots=True)
class Split(Value):
    """An Elementalist's Ethers: ``major`` of them to the Major element, the rest to the Minor."""

    KIND = "split"
    seat: int
    major: int


@dataclass(frozen=True, slots=True)
class Choose(Value):
    """A Creationist's Mana of choice, one colour per Mana."""

    KIND = "choose"
    seat: int
    mana: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Bank(Value):
    """Stop: the Channel goes to the Pool."""

    KIND = "bank"
    seat: int


@dataclass(frozen=True, slots=True)
class Chance(Value):
    """Push on: the Chance Roll."""

    KIND = "chance"
    seat: int


@dataclass(frozen=True, slots=True)
class Cosmic(Value):
    """Push on: the Cosmic Roll of the Sun die alone."""

    KIND = "cosmic"
    seat: int


@dataclass(frozen=True, slots=True)
class Oppose(Value):
    """Elemental Opposition: the dice showing this mage's Major that they pick up and roll."""

    KIND = "oppose"
    seat: int
    dice: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Pay(Value):
    """The Mana this mage pays in an opposition."""

    KIND = "pay"
    seat: int
    mana: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Give(Value):
    """Cosmic Roll on another's Major: the Channel's Mana the active mage gives them."""

    KIND = "give"
    seat: int
    mana: str


INTENTS = Codec(TakeMajor, TakeMinor, StartMana, Tap, Roll, Declare, PassWindow, Forfeit, Cast, Counter, Allow,
                Pick, Done, Split, Choose, Bank, Chance, Cosmic, Oppose, Pay, Give)

#: Any one of the game's intents: what ``legal_intents`` lists and ``apply`` takes, so code that reads a
#: field of one kind narrows with ``isinstance`` and mypy checks the field.
Intent: TypeAlias = (TakeMajor | TakeMinor | StartMana | Tap | Roll | Declare | PassWindow | Forfeit | Cast |
                     Counter | Allow | Pick | Done | Split | Choose | Bank | Chance | Cosmic | Oppose | Pay | Give)
