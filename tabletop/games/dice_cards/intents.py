"""What a Dice Cards duelist can ask for.  Every intent names the seat that makes it.

Hand dice are named by value (two dice of one value are the same choice); units by
their number on the table (``uid``); abilities as ``ARCHETYPE.n``.

Text forms (stable; used by saves, scenarios and tests)::

    deck seat=0 archetypes=CINDER,BRAMBLE,CLOCKWORK                  # before the duel, in private
    summon seat=0 die=5 archetype=CINDER                             # the summon action: Power 3
    summon seat=0 die=5 ability=HOLLOW.1 discard=2                   # ritual: Power 5, a 2 discarded
    summon seat=0 die=6 ability=BRAMBLE.1 sacrifice=3,4              # fusion
    summon seat=0 die=1 ability=VEIL.1                               # realm or relic token
    charge seat=0 die=4                                              # a hand die becomes energy
    activate seat=0 ability=CINDER.3 pay=5,5 caster=3 target=7       # target: a unit
    activate seat=0 ability=CINDER.3 pay=5,5 caster=3 player=true    # at the opponent (no target)
    activate seat=0 ability=CINDER.2 pay=2 target=3 slot=0           # equip: onto the stack in slot 0
    activate seat=1 ability=BASTION.3 pay=4,4,4 mode=0 shield=1      # a choice of effects: mode
    adjust seat=0 value=3 by=1                                       # Court of Whispers
    relic seat=0 ability=CLOCKWORK.1 unit=3                          # equip, move (unit=0: take off)
    battle seat=0                                                    # to the Battle Phase
    attack seat=0 units=3,5                                          # attackers (none: no attack)
    block seat=1 unit=7 attacker=3     unblock seat=1 unit=7    blocks-done seat=1
    fight seat=1 unit=7 attacker=3                                   # the defender: this unit battle next
    strike seat=0 unit=5                                             # the next hit on a shield
    discard seat=0 die=2                                             # hand limit, Tithe of Secrets
    remove seat=0 unit=4                                             # a 6th unit: this one goes
    shed seat=0 equip=2                                              # a Graft's unit drops an equip
    end seat=0                                                       # end the turn
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from tabletop.core.values import Codec, Value

__all__ = ["ChooseDeck", "Summon", "Charge", "Activate", "Adjust", "MoveRelic", "Battle", "Attack", "BlockWith",
           "Unblock", "BlocksDone", "FightNext", "Strike", "Discard", "Remove", "Shed", "EndTurn", "INTENTS", "Intent"]


@dataclass(frozen=True, slots=True)
class ChooseDeck(Value):
    """Before the duel: the archetypes of this duelist's deck (1 to 3, one at least with units)."""

    KIND = "deck"
    seat: int
    archetypes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Summon(Value):
    """The turn's summon action: a unit of ``archetype`` from a hand die, or the special summon ``ability``
    (ritual: ``discard`` another hand die; fusion: ``sacrifice`` units; realm, relic: a token)."""

    KIND = "summon"
    seat: int
    die: int
    archetype: str = ""
    ability: str = ""
    discard: int | None = None
    sacrifice: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Charge(Value):
    """A hand die becomes an energy token of its value."""

    KIND = "charge"
    seat: int
    die: int


@dataclass(frozen=True, slots=True)
class Activate(Value):
    """Activate ``ability``, paying energy tokens of the values ``pay``.

    ``caster``: the unit whose Power it uses or that takes a captive; ``target``: a unit (or, with
    ``player``, the opponent); ``slot``: the equip stack to add to (None: a new stack); ``mode``: which
    effect of a choice; ``shield``: which of one's shields (0: foremost).
    """

    KIND = "activate"
    seat: int
    ability: str
    pay: tuple[int, ...]
    caster: int | None = None
    target: int | None = None
    player: bool = False
    slot: int | None = None
    mode: int = 0
    shield: int | None = None


@dataclass(frozen=True, slots=True)
class Adjust(Value):
    """Court of Whispers: one energy token of ``value`` changes by ``by`` (+1 or -1)."""

    KIND = "adjust"
    seat: int
    value: int
    by: int


@dataclass(frozen=True, slots=True)
class MoveRelic(Value):
    """Equip the relic ``ability`` to ``unit``, move it there, or (``unit=0``) take it off."""

    KIND = "relic"
    seat: int
    ability: str
    unit: int


@dataclass(frozen=True, slots=True)
class Battle(Value):
    """From Main Phase 1 to the Battle Phase."""

    KIND = "battle"
    seat: int


@dataclass(frozen=True, slots=True)
class Attack(Value):
    """The attackers, all at once (none: no attack after all)."""

    KIND = "attack"
    seat: int
    units: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BlockWith(Value):
    """The defender's ``unit`` blocks ``attacker`` (after the blockers already assigned to it)."""

    KIND = "block"
    seat: int
    unit: int
    attacker: int


@dataclass(frozen=True, slots=True)
class Unblock(Value):
    """Take a blocker back."""

    KIND = "unblock"
    seat: int
    unit: int


@dataclass(frozen=True, slots=True)
class BlocksDone(Value):
    """The blockers are assigned: the battles are fought."""

    KIND = "blocks-done"
    seat: int


@dataclass(frozen=True, slots=True)
class FightNext(Value):
    """The defender's choice of the next unit battle: its ``unit`` against ``attacker`` (asked only when the
    order of the battles can matter)."""

    KIND = "fight"
    seat: int
    unit: int
    attacker: int


@dataclass(frozen=True, slots=True)
class Strike(Value):
    """The next unblocked attacker to hit the foremost shield."""

    KIND = "strike"
    seat: int
    unit: int


@dataclass(frozen=True, slots=True)
class Discard(Value):
    """Discard a hand die of ``die``'s value to the Grave (hand limit, Tithe of Secrets)."""

    KIND = "discard"
    seat: int
    die: int


@dataclass(frozen=True, slots=True)
class Remove(Value):
    """With a 6th unit on one's field, discard ``unit`` (the new one: the summon is ignored)."""

    KIND = "remove"
    seat: int
    unit: int


@dataclass(frozen=True, slots=True)
class Shed(Value):
    """A Graft's unit with more than two equips loses the one at index ``equip`` (relics come last)."""

    KIND = "shed"
    seat: int
    equip: int


@dataclass(frozen=True, slots=True)
class EndTurn(Value):
    """End the turn (from Main Phase 1 it skips the Battle Phase)."""

    KIND = "end"
    seat: int


INTENTS = Codec(ChooseDeck, Summon, Charge, Activate, Adjust, MoveRelic, Battle, Attack, BlockWith, Unblock,
                BlocksDone, FightNext, Strike, Discard, Remove, Shed, EndTurn)

#: Any one of the game's intents: what ``legal_intents`` lists and ``apply`` takes, so code that reads a
#: field of one kind narrows with ``isinstance`` and mypy checks the field.
Intent: TypeAlias = (ChooseDeck | Summon | Charge | Activate | Adjust | MoveRelic | Battle | Attack | BlockWith |
                     Unblock | BlocksDone | FightNext | Strike | Discard | Remove | Shed | EndTurn)
