"""The frozen state of a Dice Realms match: two grimoires, six dice, and the flow of play."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DICE", "DIE_CODES", "Grimoire", "Dice", "Flow", "State", "Stage"]

#: The six dice, in the order they are always listed and rolled.
DICE = ("red", "green", "blue", "magenta", "yellow", "white")
#: One-letter codes used in forced outcomes and compact notation (``R1 G3 ...``).
DIE_CODES = {"red": "R", "green": "G", "blue": "B", "magenta": "M", "yellow": "Y", "white": "W"}


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
    red: frozenset[str] = frozenset()        # crossed Dragon cells, e.g. "head-1"
    green: frozenset[int] = frozenset()      # crossed Gaia sums, 2..12
    blue: int = 0                            # Hydra heads marked, 0..11
    magenta: tuple[int, ...] = ()            # Phoenix entries, in order
    yellow: tuple[int, ...] = ()             # Lion entries, in order
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

    def gaia_sum(self) -> int:
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
    pending: tuple[str, ...] = ()  # colour bonuses the seat must still resolve, see rules.Bonus
    pending_seat: int = 0


@dataclass(frozen=True, slots=True)
class State:
    """A whole Dice Realms match at one moment."""

    players: tuple[Grimoire, ...]
    dice: Dice
    flow: Flow
    lion_bonus: str = "six"          # option: "six" or "classic"
    boost_window: str = "split"      # option: "split" or "end-of-turn"
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
