"""The frozen state of an Elemental Dice match: two players' zones, the shop, seven dice, the chain.

Cards are instances with stable ids: a shop card is its key (``fire``: one copy of
each), a starter card adds its owner and number (``basic-income~a3``, ``~b3``).

What is hidden, and from whom, is decided by ``rules.view``: the draw piles from
everyone, a hand and the face-down cards from the other player, a discard pile's
contents from the other player (unless the ``discard_public`` option is on).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import DICE

__all__ = ["HIDDEN", "FaceDown", "Lasting", "Player", "Pending", "Execution", "Flow", "State", "Phase", "Window"]

#: What another seat sees in place of a card it may not see.
HIDDEN = "?"


class Phase:
    """Where play stands (``Flow.phase``)."""

    MAIN = "main"          # the active player acts; the chain is empty
    WINDOW = "window"      # a response window: the priority holder passes or responds
    EFFECT = "effect"      # a card is executing and waits for a choice
    OVER = "over"


class Window:
    """What a window answers (``Flow.window``)."""

    TURN_START = "turn_start"   # before the active player acts (A.3.1): the opponent may play
    CARD = "card"               # the top card of the chain may be answered
    INTERRUPT = "interrupt"     # the opponent stopped the active player's idle main phase


@dataclass(frozen=True, slots=True)
class FaceDown:
    """A card placed face down, and the turn it was placed (it cannot be flipped in that turn)."""

    card: str
    placed: int


@dataclass(frozen=True, slots=True)
class Lasting:
    """A shield or buff in force in its owner's play area, until the end of turn ``expires``."""

    card: str
    expires: int


@dataclass(frozen=True, slots=True)
class Player:
    """One player's HP, gold and zones (a pile lists its top card first; a discard pile its last card last)."""

    name: str
    hp: int = 60
    gold: int = 0
    hand: tuple[str, ...] = ()
    draw: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    facedown: tuple[FaceDown, ...] = ()
    passives: tuple[str, ...] = ()
    lasting: tuple[Lasting, ...] = ()
    removed: tuple[str, ...] = ()
    shown: tuple[str, ...] = ()   # cards of the hand the other player saw arrive (bought with Express Shipping)
    granted: int = 0          # actions granted this turn while not the active player (A.5 rule 4)
    granted_used: int = 0
    damage_dealt: int = 0     # for the results
    healed: int = 0
    gold_earned: int = 0


@dataclass(frozen=True, slots=True)
class Pending:
    """A card on the chain: played and paid for, not yet executed."""

    card: str
    controller: int
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class Execution:
    """The card now executing, and where its effect stands.

    ``step`` is the index of the effect step; ``stage`` says what the step waits for
    ("" when it has just begun).  The other fields hold what the step has worked out.
    """

    card: str
    controller: int
    face_down: bool = False
    step: int = 0
    stage: str = ""
    die: str = ""                 # the die chosen (dice control), or the Magical Barrier term
    count: int = 0                # rolls made, cards still to choose
    terms: tuple[int, ...] = ()   # the formula's die values, read once (ORANGE rolled once)
    recipient: int = 0            # the damage recipient being dealt with
    amount: int = 0               # the strength waiting for Paid Militia
    dealt: int = 0                # damage dealt so far by this card (gold for it)
    seen: tuple[str, ...] = ()    # cards its controller is looking at, or choosing among
    picked: tuple[str, ...] = ()  # cards chosen so far (a new order, cards to remove)
    removed_self: bool = False    # Optimization: the card itself goes to the removed pile
    vetoed: bool = False          # Veto: it cancelled a card (it is then removed from the game)
    decider: int = -1             # who decides the chance roll (a Risk Aversion owner)


@dataclass(frozen=True, slots=True)
class Flow:
    """Turn, phase, the chain and this turn's counters (limits are worked out live from the passives)."""

    turn: int = 1
    active: int = 0
    phase: str = Phase.WINDOW
    window: str = Window.TURN_START
    priority: int = 1
    passes: int = 0
    responding: bool = False      # the priority holder chose Respond: its private choice of a card
    chain: tuple[Pending, ...] = ()
    executing: Execution | None = None
    actions_used: int = 0
    actions_granted: int = 0      # extra actions the active player got this turn (All for One, ...)
    rerolls: int = 0
    buys: int = 0
    winner: int = -1


@dataclass(frozen=True, slots=True)
class State:
    """A whole Elemental Dice match at one moment."""

    players: tuple[Player, ...]
    dice: tuple[int, ...]                 # RED, BROWN, BLUE, GREEN, PURPLE, YELLOW, ORANGE
    flow: Flow
    shop_draw: tuple[str, ...] = ()
    shop_row: tuple[str, ...] = ()
    shop_discard: tuple[str, ...] = ()
    prometheus: int = 3                   # option: Prometheus's Gift multiplier
    discard_public: bool = False          # option: discard piles' contents shown to both
    # Each player's auto-pass settings (A.5, opt-in because they tell the other player something):
    auto_pass: tuple[bool, ...] = (False, False)           # pass a window at once when nothing is playable
    auto_pass_harmless: tuple[bool, ...] = (False, False)  # pass at once on a card that deals no damage
    pass_turn: tuple[bool, ...] = (False, False)           # "pass for the rest of this turn" is offered
    passing: tuple[int, ...] = (0, 0)                      # the turn a player passes every window of (0: none)

    @property
    def to_act(self) -> int | None:
        """The seat that must decide next, or None once the game is over."""
        flow = self.flow
        if flow.phase == Phase.OVER:
            return None
        if flow.phase == Phase.EFFECT:
            return chooser(self)
        if flow.phase == Phase.WINDOW:
            return flow.priority
        return flow.active

    def die(self, name: str) -> int:
        """The value of die ``name`` (``RED`` ...)."""
        return self.dice[DICE.index(name)]


#: Effect stages decided by the opponent of the executing card's controller.
OPPONENT_STAGES = ("barrier", "militia", "opponent_discard")


def chooser(state: State) -> int:
    """Who decides the executing card's current choice."""
    execution = state.flow.executing
    assert execution is not None
    if execution.stage == "chance":
        return execution.decider
    if execution.stage in OPPONENT_STAGES:
        return 1 - execution.controller
    return execution.controller
