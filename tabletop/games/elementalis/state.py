"""The frozen state of an ElementaliS match: the mages, the dice, the Channel and where the turn stands.

Mana is counted by element colour (``fire`` red, ``water`` blue, ``earth`` green, ``air`` white); Mana
made colourless by Tornado is kept apart, by the colour it had (it counts at the end, pays no spell).

Stages (``Flow.stage``): ``draft_major``, ``draft_minor``, ``start_mana`` (setup); ``turn`` (tap or
roll); ``declare`` and ``cast`` (a spell window after a roll: a Power, Chance, Cosmic or opposition
roll); ``counter`` (a mage may void a spell cast on them); ``pick`` (Incinerate or Tornado choosing
Mana from any other mages' Pools); ``split`` (an Elementalist shares the
Ethers); ``choose`` (a Creationist colours Mana of choice); ``push`` (bank or roll on); ``oppose``
(a mage picks dice to roll against the active mage); ``pay`` (a mage chooses the Mana it pays);
``give`` (the Cosmic Roll's Mana for another mage); ``over``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .elements import ELEMENTS

__all__ = ["Mana", "Die", "Mage", "Window", "Flow", "State", "NO_MANA", "Stage", "ROUNDS"]

#: The rounds of a match.
ROUNDS = 6


class Stage:
    """Where the match stands (the names used in ``Flow.stage``)."""

    DRAFT_MAJOR = "draft_major"      # each mage takes a Major Arcana
    DRAFT_MINOR = "draft_minor"      # then a Minor
    START_MANA = "start_mana"        # the two Mana of a mage other than the first
    TURN = "turn"                    # Flux Tap or the Power Roll
    DECLARE = "declare"              # a spell window: declare a spell or pass
    CAST = "cast"                    # a declared mage casts (or forfeits)
    COUNTER = "counter"              # a mage may void a spell cast on them
    PICK = "pick"                    # Incinerate or Tornado choosing Mana
    SPLIT = "split"                  # an Elementalist shares the Ethers
    CHOOSE = "choose"                # a Creationist colours Mana of choice
    PUSH = "push"                    # bank the Channel or roll on
    OPPOSE = "oppose"                # a mage picks dice to roll against the active mage
    PAY = "pay"                      # a mage chooses the Mana it pays
    GIVE = "give"                    # the Cosmic Roll's Mana for another mage
    OVER = "over"

    #: The setup: the Arcana draft and the starting Mana (nobody's turn yet).
    SETUP = (DRAFT_MAJOR, DRAFT_MINOR, START_MANA)


@dataclass(frozen=True, slots=True)
class Mana:
    """Counts of Mana by colour."""

    fire: int = 0
    water: int = 0
    earth: int = 0
    air: int = 0

    def get(self, element: str) -> int:
        return getattr(self, element)

    def add(self, element: str, amount: int) -> "Mana":
        values = {e: getattr(self, e) for e in ELEMENTS}
        values[element] += amount
        return Mana(**values)

    @property
    def total(self) -> int:
        return self.fire + self.water + self.earth + self.air

    def as_dict(self) -> dict[str, int]:
        return {e: getattr(self, e) for e in ELEMENTS if getattr(self, e)}

    @staticmethod
    def of(counts: dict[str, int]) -> "Mana":
        return Mana(**{e: counts.get(e, 0) for e in ELEMENTS})

    def units(self) -> tuple[str, ...]:
        """One word per counter, in element order (``fire,fire,water``)."""
        return tuple(e for e in ELEMENTS for _ in range(getattr(self, e)))


NO_MANA = Mana()


@dataclass(frozen=True, slots=True)
class Die:
    """A die on the table: which die, the face up, and what spells did to it this turn (``owner``: who rolled it)."""

    kind: str
    face: str
    owner: int = 0
    held: bool = False          # Petrify, Tremor: not rolled again this turn
    destroyed: bool = False     # Burn: neither scores nor rolls this turn
    charred: bool = False       # Char: ignored for this roll
    copy: bool = False          # Mirror Pool's copy: counts for this roll only


@dataclass(frozen=True, slots=True)
class Mage:
    """A mage: Arcana, Pool, and what the results show."""

    name: str
    major: str = ""
    minor: str = ""
    mana: Mana = NO_MANA
    faded: Mana = NO_MANA        # colourless Mana, by the colour it had
    spells_cast: int = 0
    gained: int = 0              # Mana banked or received over the game

    @property
    def total(self) -> int:
        return self.mana.total + self.faded.total


@dataclass(frozen=True, slots=True)
class Window:
    """A spell window after a roll: who declared, who casts next, and a spell waiting on a counter or picks."""

    after: str                               # what follows: "score", "oppose", "cosmic" (the Cosmic Roll's outcome)
    asked: tuple[int, ...] = ()              # seats that declare, in order from the active mage
    declared: tuple[int, ...] = ()
    turn: int = 0                            # index into ``asked`` (declare) or ``declared`` (cast)
    pending: str = ""                        # a spell cast, waiting for a counter or for its picks
    pending_caster: int = -1
    pending_target: int = -1                 # the mage it is cast on (-1: nobody in particular)
    pending_die: int = -1
    pending_face: str = ""
    pending_linked: int = -1                 # Burn on an Earth Link: the linked mage (the caster is the target)
    pending_cost: int = 0                    # what the caster paid for it
    picks_left: int = 0
    picked: tuple[str, ...] = ()             # Incinerate, Tornado: the counters picked so far ...
    picked_from: tuple[int, ...] = ()        # ... and whose Pool each is in
    countering: tuple[int, ...] = ()         # mages hit by the picks still to be asked about Counter Spell


@dataclass(frozen=True, slots=True)
class Flow:
    """Where the match stands."""

    stage: str = Stage.DRAFT_MAJOR
    round: int = 1
    active: int = 0
    deciding: int = 0                        # the seat deciding in setup, a pay, an opposition
    roll: str = ""                           # the last roll: power, chance, cosmic, opposition
    channel: Mana = NO_MANA
    dice: tuple[Die, ...] = ()
    tapped: bool = False
    rolled: bool = False                     # the Power Roll was made (no Flux Tap any more)
    ether_leak: bool = False
    used: tuple[str, ...] = ()               # spell entries cast this turn: "seat:card:spell"
    links: tuple[tuple[int, int], ...] = ()  # Earth Links: (caster, linked mage) until the round ends
    window: Window | None = None
    opposers: tuple[int, ...] = ()           # the mages still to oppose, in order
    rolling: tuple[int, ...] = ()            # dice an opposing mage rolled
    fixed: tuple[Die, ...] = ()              # the dice as the Opposition found them (each opposer meets them)
    pay_from: int = -1                       # who pays, how many, to whom
    pay_to: int = -1
    pay_count: int = 0
    pay_source: str = ""                     # "pool" or "channel"
    winners: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class State:
    """A whole match."""

    mages: tuple[Mage, ...]
    flow: Flow
    creationist_opposition: str = "classical"
    double_ether: str = "off"                # off, sixth die, instead of the air die
    ether_cards: bool = True
    supply: int = 20                         # counters per colour (0: unlimited)
    ether_pair: str = "plays on"             # a pass that gives a mage both Ether cards: "plays on", "not passed"
    counter_spell: str = "a reaction"        # or "declared first": only a mage who declared may counter
    counter_cost: str = "the spell's level"  # or "what its caster paid" (either with the counterer's modifiers)

    @property
    def to_act(self) -> int | None:
        flow = self.flow
        if flow.stage == Stage.OVER:
            return None
        window = flow.window
        if flow.stage == Stage.DECLARE and window is not None:
            return window.asked[window.turn]
        if flow.stage == Stage.CAST and window is not None:
            return window.declared[window.turn]
        if flow.stage == Stage.COUNTER and window is not None:
            return window.pending_target
        if flow.stage == Stage.PICK and window is not None:
            return window.pending_caster
        if flow.stage in (*Stage.SETUP, Stage.OPPOSE, Stage.PAY):
            return flow.deciding
        return flow.active
