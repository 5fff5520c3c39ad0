"""The frozen state of a Dice Realms match: two grimoires, six dice, and the flow of play.

Small typed values name what the rules talk about: a grimoire :class:`Cell`, a kind
of colour bonus (:class:`BonusKind`) and where a reward came from (:class:`RewardSource`).
Each is written as one word in saves, scenarios and intents (``head-1``, ``yellow-6``,
``red-row-wings``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.values import Token

__all__ = ["DICE", "DIE_CODES", "Cell", "BonusKind", "RewardSource", "Grimoire", "Dice", "Flow", "State", "Stage"]

#: The six dice, in the order they are always listed and rolled.
DICE = ("red", "green", "blue", "magenta", "yellow", "white")
#: One-letter codes used in forced outcomes and compact notation (``R1 G3 ...``).
DIE_CODES = {"red": "R", "green": "G", "blue": "B", "magenta": "M", "yellow": "Y", "white": "W"}


@dataclass(frozen=True, slots=True, order=True)
class Cell(Token):
    """A grimoire cell: in Emberfall a cell by ``row`` and column ``number`` (``head-1``);
    elsewhere a ``number`` alone: the sum in Terra, the track position in the other realms.

    >>> Cell.from_text("wings-3"), Cell.from_text("7").to_text()
    (Cell(row='wings', number=3), '7')
    """

    row: str
    number: int

    @classmethod
    def at(cls, number: int) -> "Cell":
        """A numbered cell (a Terra sum or a track position)."""
        return cls("", number)

    def to_text(self) -> str:
        """``head-1`` for an Emberfall cell, ``7`` otherwise."""
        return f"{self.row}-{self.number}" if self.row else str(self.number)

    @classmethod
    def from_text(cls, text: str) -> "Cell":
        """The cell written as ``text``."""
        row, dash, number = text.rpartition("-")
        if dash and not row:
            raise ValueError(f"{text!r} is not a cell")
        if not number.isdigit():
            raise ValueError(f"{text!r} is not a cell like head-1 or 7")
        return cls(row, int(number))


@dataclass(frozen=True, slots=True, order=True)
class BonusKind(Token):
    """A colour bonus waiting to be entered: the ``realm`` it goes to ("" for the Essence Shift,
    which goes to any realm) and, for a Yellow Bonus, the ``value`` it writes.

    >>> BonusKind.from_text("yellow-6"), BonusKind.from_text("essence").realm
    (BonusKind(realm='yellow', value=6), '')
    """

    realm: str
    value: int = 0

    ESSENCE_TEXT = "essence"

    @classmethod
    def essence(cls) -> "BonusKind":
        """The round-4 Essence Shift: one bonus of the player's choice."""
        return cls("")

    @property
    def is_essence(self) -> bool:
        """Whether this is the Essence Shift (any realm)."""
        return not self.realm

    def to_text(self) -> str:
        """``red``, ``yellow-6`` or ``essence``."""
        if not self.realm:
            return self.ESSENCE_TEXT
        return f"{self.realm}-{self.value}" if self.value else self.realm

    @classmethod
    def from_text(cls, text: str) -> "BonusKind":
        """The bonus written as ``text``."""
        if text == cls.ESSENCE_TEXT:
            return cls.essence()
        realm, dash, value = text.partition("-")
        if realm not in DICE[:5] or (dash and not value.isdigit()):
            raise ValueError(f"{text!r} is not a bonus like red, yellow-6 or essence")
        return cls(realm, int(value) if dash else 0)


@dataclass(frozen=True, slots=True)
class RewardSource(Token):
    """What paid a reward: a goal of a realm (``realm`` and ``goal``: a row, a column, the
    diagonal, a track cell) or the reward of a ``round``.

    >>> RewardSource.from_text("red-row-wings"), RewardSource.from_text("round-4").round
    (RewardSource(realm='red', goal='row-wings', round=0), 4)
    """

    realm: str = ""
    goal: str = ""
    round: int = 0

    @classmethod
    def of_round(cls, number: int) -> "RewardSource":
        """The reward every player gets at the start of round ``number``."""
        return cls(round=number)

    def to_text(self) -> str:
        """``round-4`` or ``<realm>-<goal>``."""
        return f"round-{self.round}" if self.round else f"{self.realm}-{self.goal}"

    @classmethod
    def from_text(cls, text: str) -> "RewardSource":
        """The source written as ``text``."""
        first, _, rest = text.partition("-")
        if first == "round" and rest.isdigit():
            return cls.of_round(int(rest))
        if first not in DICE[:5] or not rest:
            raise ValueError(f"{text!r} is not a reward source like red-row-wings or round-4")
        return cls(first, rest)


class Stage:
    """Where in the round play stands (the names used in ``Flow.stage``)."""

    ESSENCE_SHIFT = "essence_shift"    # round 4: each player resolves one colour bonus of choice
    ACTIVE = "active"                  # the active player rolls and selects dice
    ACTIVE_BOOST = "active_boost"      # the active player's Arcane Boost window
    PASSIVE_PICK = "passive_pick"      # the passive player's pick from the Forgotten Realm
    PASSIVE_BOOST = "passive_boost"    # the passive player's Arcane Boost window
    FINAL_BOOST = "final_boost"        # after the last turn: both players, last active first
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Grimoire:
    """One player's score sheet and tokens."""

    name: str
    red: frozenset[Cell] = frozenset()       # crossed Emberfall cells
    green: frozenset[int] = frozenset()      # crossed Terra sums, 2..12
    blue: int = 0                            # Tide Abyss cells marked, 0..11
    magenta: tuple[int, ...] = ()            # Mystical Sky entries, in order
    yellow: tuple[int, ...] = ()             # Savanna entries, in order
    time_warps: int = 0
    arcane_boosts: int = 0
    crests: int = 0
    boosted: frozenset[str] = frozenset()    # dice this player took with Arcane Boost this turn


@dataclass(frozen=True, slots=True)
class Dice:
    """Face values of the six dice (0 before the first roll) and where each one lies."""

    red: int = 0
    green: int = 0
    blue: int = 0
    magenta: int = 0
    yellow: int = 0
    white: int = 0
    hand: tuple[str, ...] = DICE             # dice the active player still rolls
    forgotten: tuple[str, ...] = ()          # the Forgotten Realm
    fields: tuple[str, ...] = ()             # the active player's dice fields, in order of selection

    def value(self, die: str) -> int:
        """The face value of ``die``."""
        return getattr(self, die)

    def terra_sum(self) -> int:
        """Green die + white die, wherever they lie (A-15)."""
        return self.green + self.white


@dataclass(frozen=True, slots=True)
class Flow:
    """Round, turn and whose decision it is."""

    round: int = 1
    turn: int = 1                  # 1: the start player is active; 2: the other player is
    active: int = 0
    stage: str = Stage.ACTIVE
    rolled: bool = False           # in the active stage: the current roll awaits a selection
    rolls_used: int = 0
    seat: int = 0                  # the seat the current stage asks (essence shift, boost windows)
    pending: tuple[BonusKind, ...] = ()  # colour bonuses the seat must still resolve
    pending_seat: int = 0


@dataclass(frozen=True, slots=True)
class State:
    """A whole Dice Realms match at one moment."""

    players: tuple[Grimoire, ...]
    dice: Dice
    flow: Flow
    yellow_bonus: str = "six"        # option lion_bonus: "six" or "classic"
    boost_window: str = "split"      # option: "split" or "end-of-turn"
    start: int = 0                   # the start player, active first in every round (option: at random, A-24)
    rounds: int = 6

    @property
    def to_act(self) -> int | None:
        """The seat that must decide next, or None once the game is over."""
        flow = self.flow
        if flow.stage == Stage.GAME_OVER:
            return None
        if flow.pending:
            return flow.pending_seat
        if flow.stage == Stage.ACTIVE:
            return flow.active
        if flow.stage == Stage.PASSIVE_PICK:
            return 1 - flow.active
        return flow.seat

    @property
    def passive(self) -> int:
        """The seat that is passive this turn."""
        return 1 - self.flow.active
