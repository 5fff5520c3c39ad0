"""The frozen state of a Dice Cards duel: two duelists' dice in their zones, the units, where the turn stands.

Every die a duelist owns is in exactly one place at any time (27 each: a Stock of 24
and 3 shields): the Stock, the hand, the Charge zone (energy tokens), a unit, an equip,
field, realm or relic token, a shield, the Grave, or banished.  Dice in the Stock,
the hand and the Grave are typeless; only their number matters, except in the hand,
where each die is a :class:`HandDie` with the value it was rolled to.

Units live in one list for the table (``State.units``), each with its owner; a captive
stays its owner's unit and names its captor.

Stages (``Flow.stage``): ``deck`` (each duelist picks archetypes in private); ``main``
(Main Phase 1 or 2, ``Flow.main``); ``attack`` (the attacker declares attackers);
``block`` (the defender assigns blockers); ``order`` (the defender chooses which unit battle
is fought next, asked only when the order can matter); ``strike`` (the attacker orders the hits on
shields); ``discard`` (the hand limit, or Tithe of Secrets: ``Flow.discarding``);
``overflow`` (a duelist with 6 units discards one); ``shed`` (a Graft's unit holds more
than two equips: its owner drops one); ``over``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.core.values import Token

__all__ = ["HandDie", "HIDDEN_DIE", "Equip", "Unit", "FieldToken", "Relic", "Block", "Duelist", "Flow", "State",
           "MAX_UNITS", "SLOTS", "HAND_LIMIT", "STOCK", "dice_of_power", "Stage"]

MAX_UNITS = 5
SLOTS = 2
HAND_LIMIT = 6
STOCK = 24


class Stage:
    """Where the duel stands (the names used in ``Flow.stage``; see the module docstring)."""

    DECK = "deck"            # each duelist picks archetypes in private
    MAIN = "main"            # Main Phase 1 or 2 (``Flow.main``)
    ATTACK = "attack"        # the attacker declares attackers
    BLOCK = "block"          # the defender assigns blockers
    ORDER = "order"          # the defender chooses which unit battle is fought next
    STRIKE = "strike"        # the attacker orders the hits on shields
    DISCARD = "discard"      # the hand limit, or Tithe of Secrets
    OVERFLOW = "overflow"    # a duelist with 6 units discards one
    SHED = "shed"            # a Graft's unit holds more than two equips: its owner drops one
    FIGHT = "fight"          # the unit battles go on (only passed through, after an overflow amid the battles)
    OVER = "over"

_HAND_DIE = re.compile(r"die(\d+)-([0-6])")


@dataclass(frozen=True, slots=True)
class HandDie(Token):
    """A die in a hand: ``serial`` tells two dice of one value apart (and names the secret), ``value`` 1-6.

    Its one-word form ``die17-5`` is what the privacy check looks for on the other seat's screen;
    a die the reader may not see is ``die0-0``.
    """

    serial: int
    value: int

    def to_text(self) -> str:
        return f"die{self.serial}-{self.value}"

    @classmethod
    def from_text(cls, text: str) -> "HandDie":
        found = _HAND_DIE.fullmatch(text)
        if not found:
            raise ValueError(f"{text!r} is not a hand die (die<serial>-<value>)")
        return cls(int(found.group(1)), int(found.group(2)))


HIDDEN_DIE = HandDie(0, 0)


def dice_of_power(power: int) -> int:
    """How many dice show a base Power: one per 6 (8 is 6 and 2).

    >>> [dice_of_power(p) for p in (1, 6, 7, 12, 13, 18)]
    [1, 1, 2, 2, 3, 3]
    """
    return max(1, -(-power // 6))


@dataclass(frozen=True, slots=True)
class Equip:
    """An equip token (a stack of ``count`` dice showing the ability's number) beside a unit."""

    ability: str          # "CINDER.2"
    count: int = 1


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the field: its dice show ``base`` Power in its archetype's colour."""

    uid: int
    owner: int
    archetype: str        # "" for a typeless unit
    base: int
    damage: int = 0       # taken this turn
    equips: tuple[Equip, ...] = ()
    strike_first: bool = False   # until end of turn
    captor: int = -1      # the uid of the enemy unit holding it captive

    @property
    def captive(self) -> bool:
        return self.captor >= 0


@dataclass(frozen=True, slots=True)
class FieldToken:
    """A field or realm token in the Field zone, showing its ability's number."""

    ability: str
    kind: str             # "field" or "realm"


@dataclass(frozen=True, slots=True)
class Relic:
    """A relic token: equipped to unit ``host`` (its owner's), or unequipped in the Field zone (-1)."""

    ability: str
    host: int = -1


@dataclass(frozen=True, slots=True)
class Block:
    """The defender's unit ``defender`` blocks ``attacker`` (in the order the blocks were assigned)."""

    defender: int
    attacker: int


@dataclass(frozen=True, slots=True)
class Duelist:
    """One duelist's dice, zone by zone, and what the results show."""

    name: str
    deck: tuple[str, ...] = ()
    stock: int = STOCK
    hand: tuple[HandDie, ...] = ()
    energy: tuple[int, ...] = ()          # the Charge zone, sorted
    shields: tuple[int, ...] = ()         # foremost first
    grave: int = 0
    banished: int = 0
    field: tuple[FieldToken, ...] = ()
    relics: tuple[Relic, ...] = ()
    # what the results show
    damage_dealt: int = 0
    units_destroyed: int = 0              # enemy units this duelist destroyed
    units_set: int = 0


@dataclass(frozen=True, slots=True)
class Flow:
    """Where the duel stands."""

    stage: str = Stage.DECK
    turn: int = 0                         # 1: the first player's first turn
    active: int = 0
    first: int = 0
    main: int = 1                         # which Main Phase
    summoned: bool = False                # the turn's summon action is used
    battled: bool = False
    used: tuple[str, ...] = ()            # once-per-turn abilities used this turn ("CINDER.3"), "adjust", "relic"
    attackers: tuple[int, ...] = ()       # declared, in order
    blocks: tuple[Block, ...] = ()
    fights: tuple[Block, ...] = ()        # unit battles still to fight, in the order the blocks were assigned
    defenders: tuple[int, ...] = ()       # units declared as blockers this turn: defending until the End Phase
    striking: tuple[int, ...] = ()        # unblocked attackers still to hit a shield
    deciding: int = -1                    # who discards or drops now (discard, overflow, shed)
    discarding: int = 0                   # dice still to discard
    why: str = ""                         # discard: "hand-limit" or "tithe"; shed: the unit's uid as text
    resume: str = ""                      # the stage to go back to after an overflow or a Tithe ("fight": the
    #                                       unit battles go on)
    winner: int = -1
    how: str = ""                         # how the duel was won: "direct", "deck-out"


@dataclass(frozen=True, slots=True)
class State:
    """A whole duel."""

    duelists: tuple[Duelist, ...]
    units: tuple[Unit, ...] = ()
    flow: Flow = Flow()
    next_uid: int = 1
    next_die: int = 1

    @property
    def to_act(self) -> int | None:
        flow = self.flow
        if flow.stage == Stage.OVER:
            return None
        if flow.stage == Stage.DECK:
            return flow.deciding
        if flow.stage in (Stage.BLOCK, Stage.ORDER):
            return 1 - flow.active
        if flow.stage in (Stage.DISCARD, Stage.OVERFLOW, Stage.SHED):
            return flow.deciding
        return flow.active

    def unit(self, uid: int) -> Unit:
        for unit in self.units:
            if unit.uid == uid:
                return unit
        raise KeyError(uid)

    def units_of(self, seat: int) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.owner == seat)

    def field_units(self, seat: int) -> tuple[Unit, ...]:
        """``seat``'s units that take a field slot (captives do not)."""
        return tuple(u for u in self.units if u.owner == seat and u.captor < 0)

    def captive_of(self, uid: int) -> Unit | None:
        for unit in self.units:
            if unit.captor == uid:
                return unit
        return None
