"""What happened in a Dice Realms match, in order: the screen animates these and the move log narrates them.

Every random outcome travels in an event (:class:`DiceRolled` carries the values).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.values import Codec, Value

from .state import BonusKind, Cell, RewardSource

__all__ = [
    "RoundStarted", "TurnStarted", "TokenGained", "TokenSpent", "DiceRolled", "DieUsed",
    "DieToField", "DiceForgotten", "CellMarked", "GoalCompleted", "BonusEarned", "BonusUsed", "BonusLost",
    "RollForfeited", "Passed", "TurnEnded", "GameEnded", "EVENTS",
]


@dataclass(frozen=True, slots=True)
class RoundStarted(Value):
    """A new round begins."""

    KIND = "round-started"
    round: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Value):
    """``active`` becomes the active player; the other is passive."""

    KIND = "turn-started"
    round: int
    turn: int
    active: int


@dataclass(frozen=True, slots=True)
class TokenGained(Value):
    """``seat`` gains a Time Warp, an Arcane Boost or an Elemental Crest."""

    KIND = "token-gained"
    seat: int
    token: str
    source: RewardSource


@dataclass(frozen=True, slots=True)
class TokenSpent(Value):
    """``seat`` spends a Time Warp or an Arcane Boost."""

    KIND = "token-spent"
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class DiceRolled(Value):
    """The active player rolled ``dice``, which came up ``values`` (``roll`` 1..3; a Time Warp re-roll keeps the number)."""

    KIND = "dice-rolled"
    seat: int
    roll: int
    dice: tuple[str, ...]
    values: tuple[int, ...]
    time_warp: bool = False


@dataclass(frozen=True, slots=True)
class DieUsed(Value):
    """``seat`` used ``die`` in ``realm`` (``how``: select, pick or boost); ``value`` is what counted."""

    KIND = "die-used"
    seat: int
    die: str
    realm: str
    cell: Cell
    value: int
    how: str


@dataclass(frozen=True, slots=True)
class DieToField(Value):
    """The selected die moves onto dice field ``field`` (1..3)."""

    KIND = "die-to-field"
    die: str
    field: int


@dataclass(frozen=True, slots=True)
class DiceForgotten(Value):
    """Dice slide into the Forgotten Realm (lower than the selection, or left at the end)."""

    KIND = "dice-forgotten"
    dice: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CellMarked(Value):
    """A grimoire cell was crossed or written; ``score`` is the realm's new score."""

    KIND = "cell-marked"
    seat: int
    realm: str
    cell: Cell
    value: int
    score: int


@dataclass(frozen=True, slots=True)
class GoalCompleted(Value):
    """A row, column or the diagonal is complete (``points`` for an Emberfall column)."""

    KIND = "goal-completed"
    seat: int
    realm: str
    goal: str
    reward: str
    points: int = 0


@dataclass(frozen=True, slots=True)
class BonusEarned(Value):
    """A colour bonus is now pending for ``seat``."""

    KIND = "bonus-earned"
    seat: int
    bonus: BonusKind
    source: RewardSource


@dataclass(frozen=True, slots=True)
class BonusUsed(Value):
    """``seat`` resolves the pending ``bonus`` at ``cell`` of ``realm``."""

    KIND = "bonus-used"
    seat: int
    bonus: BonusKind
    realm: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class BonusLost(Value):
    """A colour bonus had no free cell to go to and is lost."""

    KIND = "bonus-lost"
    seat: int
    bonus: BonusKind


@dataclass(frozen=True, slots=True)
class RollForfeited(Value):
    """No die of roll ``roll`` could be used: nothing is entered and the roll still counts."""

    KIND = "roll-forfeited"
    seat: int
    roll: int
    chosen: bool = False


@dataclass(frozen=True, slots=True)
class Passed(Value):
    """``seat`` passed in ``stage`` (``forced`` when nothing was usable)."""

    KIND = "passed"
    seat: int
    stage: str
    forced: bool = False


@dataclass(frozen=True, slots=True)
class TurnEnded(Value):
    """The turn is over."""

    KIND = "turn-ended"
    round: int
    turn: int


@dataclass(frozen=True, slots=True)
class GameEnded(Value):
    """The game is over: final totals by seat and the winning seats."""

    KIND = "game-ended"
    scores: tuple[int, ...]
    winners: tuple[int, ...]


EVENTS = Codec(RoundStarted, TurnStarted, TokenGained, TokenSpent, DiceRolled, DieUsed, DieToField,
               DiceForgotten, CellMarked, GoalCompleted, BonusEarned, BonusUsed, BonusLost, RollForfeited,
               Passed, TurnEnded, GameEnded)
