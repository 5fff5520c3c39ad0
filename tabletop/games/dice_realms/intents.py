"""What a Dice Realms player can ask for.  Every intent names the seat that makes it.

Text forms (stable; used by saves, scenarios and tests)::

    roll seat=0
    time-warp seat=0
    pick seat=0 die=white realm=blue cell=2        # select a die (active) or pick one (passive)
    boost seat=1 die=red realm=red cell=tail-1     # spend an Arcane Boost on a die as it lies
    bonus seat=0 kind=green realm=green cell=7     # resolve a pending colour bonus
    forfeit seat=0                                 # give up a roll with no usable die
    pass seat=1                                    # skip the passive pick / end a boost window

``cell`` is the grimoire cell: an Emberfall cell ``head-1`` .. ``heart-4`` (row, column),
a Terra sum ``2`` .. ``12``, or a track position ``1`` .. ``11`` for Tide Abyss, Mystical Sky, Savanna.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from tabletop.core.values import Codec, Value

from .state import BonusKind, Cell

__all__ = ["Roll", "TimeWarp", "Pick", "Boost", "Bonus", "Forfeit", "Pass", "INTENTS", "Intent"]


@dataclass(frozen=True, slots=True)
class Roll(Value):
    """The active player rolls every die in hand."""

    KIND = "roll"
    seat: int


@dataclass(frozen=True, slots=True)
class TimeWarp(Value):
    """Spend a Time Warp: re-roll exactly the dice of the current roll."""

    KIND = "time-warp"
    seat: int


@dataclass(frozen=True, slots=True)
class Pick(Value):
    """Use ``die`` in ``realm`` at ``cell``: the active selection, or the passive pick."""

    KIND = "pick"
    seat: int
    die: str
    realm: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class Boost(Value):
    """Spend an Arcane Boost to use ``die`` as it lies, once per die per player per turn."""

    KIND = "boost"
    seat: int
    die: str
    realm: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class Bonus(Value):
    """Resolve the pending bonus ``kind`` (e.g. ``green``, ``yellow-6``, ``essence``) at a cell."""

    KIND = "bonus"
    seat: int
    kind: BonusKind
    realm: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class Forfeit(Value):
    """Give up the current roll (only when no die is usable and a Time Warp is in hand)."""

    KIND = "forfeit"
    seat: int


@dataclass(frozen=True, slots=True)
class Pass(Value):
    """Skip the optional passive pick, or close one's Arcane Boost window."""

    KIND = "pass"
    seat: int


INTENTS = Codec(Roll, TimeWarp, Pick, Boost, Bonus, Forfeit, Pass)

#: Any one of the game's intents: what ``legal_intents`` lists and ``apply`` takes, so code that reads a
#: field of one kind narrows with ``isinstance`` and mypy checks the field.
Intent: TypeAlias = (Roll | TimeWarp | Pick | Boost | Bonus | Forfeit | Pass)
