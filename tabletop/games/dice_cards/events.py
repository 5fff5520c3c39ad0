"""What happens in a Dice Cards duel, as events the table animates and the move log narrates.

Hidden: a duelist's deck until both have chosen, and the values of the dice rolled into a
hand (:class:`DeckChosen`, :class:`Rolled` are private; the other seat sees how many).
Everything else is public: a die's value shows once it is spent, charged or discarded.
The events that show a hand die's value (a summon, a charge, a discard) are marked
``REVEALS``: undo never goes past them.  Overgrowth's unit and the Rampart token are
told by the same events and stop undo too, though they show nothing new.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core.values import Codec, PrivateEvent, Value

from .state import HandDie

__all__ = ["EVENTS", "DeckChosen", "DeckPicked", "DecksShown", "TurnBegan", "Rolled", "RolledCount", "DeckedOut",
           "Summoned", "TokenPlaced", "Charged", "Activated", "Equipped", "EquipLost", "StrikeFirst",
           "UnitDamaged", "UnitDestroyed", "ShieldHit", "ShieldBroken", "ShieldMended", "ShieldRaised",
           "Captured", "Released", "EnergyAdjusted", "RelicMoved", "Banished", "Discarded", "BattleBegan",
           "Attacked", "Blocked", "Unblocked", "FightChosen", "Fought", "PlayerHit", "TurnEnded", "DuelWon"]


@dataclass(frozen=True, slots=True)
class DeckChosen(PrivateEvent):
    """``seat`` chose these archetypes (only they see it until both have chosen)."""

    KIND = "deck-chosen"
    seat: int
    archetypes: tuple[str, ...]

    def public_form(self) -> Value:
        return DeckPicked(self.seat)


@dataclass(frozen=True, slots=True)
class DeckPicked(Value):
    """``seat`` chose a deck (what the other seat learns)."""

    KIND = "deck-picked"
    seat: int


@dataclass(frozen=True, slots=True)
class DecksShown(Value):
    """Both decks (seat 0, seat 1), shown as the duel begins; ``starts``: the first player."""

    KIND = "decks-shown"
    first: tuple[str, ...]
    second: tuple[str, ...]
    starts: int


@dataclass(frozen=True, slots=True)
class TurnBegan(Value):
    KIND = "turn-began"
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class Rolled(PrivateEvent):
    """Dice rolled into ``seat``'s hand (``why``: draw, shield, grave); only ``seat`` sees the values."""

    KIND = "rolled"
    seat: int
    dice: tuple[HandDie, ...]
    why: str

    def public_form(self) -> Value:
        return RolledCount(self.seat, len(self.dice), self.why)


@dataclass(frozen=True, slots=True)
class RolledCount(Value):
    """``count`` dice rolled into ``seat``'s hand (values unseen)."""

    KIND = "rolled-count"
    seat: int
    count: int
    why: str


@dataclass(frozen=True, slots=True)
class DeckedOut(Value):
    """``seat`` must draw with an empty Stock."""

    KIND = "decked-out"
    seat: int


@dataclass(frozen=True, slots=True)
class Summoned(Value):
    """``seat`` sets unit ``uid`` of ``archetype`` with base ``power`` (``die``: the hand die spent, 0 when none;
    ``how``: summon, ritual, fusion, extra)."""

    KIND = "summoned"
    REVEALS: ClassVar[bool] = True
    seat: int
    uid: int
    archetype: str
    power: int
    die: int
    how: str


@dataclass(frozen=True, slots=True)
class TokenPlaced(Value):
    """A realm, relic or field token of ``ability`` for ``seat`` (``die``: the hand die spent, 0 if none)."""

    KIND = "token-placed"
    REVEALS: ClassVar[bool] = True
    seat: int
    ability: str
    kind: str
    die: int = 0


@dataclass(frozen=True, slots=True)
class Charged(Value):
    """``seat`` charges a hand die of ``value`` as an energy token (its value is shown)."""

    KIND = "charged"
    REVEALS: ClassVar[bool] = True
    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class Activated(Value):
    """``seat`` activates ``ability``, paying energy ``pay`` (``mode``: the choice made)."""

    KIND = "activated"
    seat: int
    ability: str
    pay: tuple[int, ...]
    mode: int = 0


@dataclass(frozen=True, slots=True)
class Equipped(Value):
    """Unit ``uid`` now carries ``count`` tokens of ``ability``."""

    KIND = "equipped"
    uid: int
    ability: str
    count: int


@dataclass(frozen=True, slots=True)
class EquipLost(Value):
    """Unit ``uid`` loses its ``ability`` tokens (``why``: expired, shed, destroyed, merged)."""

    KIND = "equip-lost"
    uid: int
    ability: str
    count: int
    why: str


@dataclass(frozen=True, slots=True)
class StrikeFirst(Value):
    KIND = "strike-first"
    uid: int


@dataclass(frozen=True, slots=True)
class UnitDamaged(Value):
    """Unit ``uid`` takes ``amount`` damage (``total`` this turn)."""

    KIND = "unit-damaged"
    uid: int
    amount: int
    total: int


@dataclass(frozen=True, slots=True)
class UnitDestroyed(Value):
    """Unit ``uid`` (of ``owner``) leaves the field (``why``: battle, ability, sacrifice, overflow;
    damage: its Power dropped to the damage it had taken)."""

    KIND = "unit-destroyed"
    uid: int
    owner: int
    archetype: str
    power: int
    why: str


@dataclass(frozen=True, slots=True)
class ShieldHit(Value):
    """``seat``'s foremost shield takes ``amount`` and has ``left`` Power (``by``: the unit, 0 for an ability)."""

    KIND = "shield-hit"
    seat: int
    amount: int
    left: int
    by: int = 0


@dataclass(frozen=True, slots=True)
class ShieldBroken(Value):
    """``seat``'s foremost shield is destroyed; its die is rolled into their hand."""

    KIND = "shield-broken"
    seat: int


@dataclass(frozen=True, slots=True)
class ShieldMended(Value):
    KIND = "shield-mended"
    seat: int
    shield: int
    power: int


@dataclass(frozen=True, slots=True)
class ShieldRaised(Value):
    """A new foremost shield of ``power`` for ``seat``."""

    KIND = "shield-raised"
    seat: int
    power: int


@dataclass(frozen=True, slots=True)
class Captured(Value):
    KIND = "captured"
    captor: int
    captive: int


@dataclass(frozen=True, slots=True)
class Released(Value):
    """Unit ``uid`` comes home from captivity."""

    KIND = "released"
    uid: int


@dataclass(frozen=True, slots=True)
class EnergyAdjusted(Value):
    KIND = "energy-adjusted"
    seat: int
    value: int
    to: int


@dataclass(frozen=True, slots=True)
class RelicMoved(Value):
    """``seat``'s relic ``ability`` is now on unit ``unit`` (0: unequipped)."""

    KIND = "relic-moved"
    seat: int
    ability: str
    unit: int


@dataclass(frozen=True, slots=True)
class Banished(Value):
    KIND = "banished"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Discarded(Value):
    """``seat`` discards hand dice ``dice`` to the Grave (``why``: hand-limit, tithe, ritual; one word: the
    text form holds no spaces)."""

    KIND = "discarded"
    REVEALS: ClassVar[bool] = True
    seat: int
    dice: tuple[int, ...]
    why: str


@dataclass(frozen=True, slots=True)
class BattleBegan(Value):
    KIND = "battle-began"
    seat: int


@dataclass(frozen=True, slots=True)
class Attacked(Value):
    """``seat`` attacks with ``units`` (none: no attack)."""

    KIND = "attacked"
    seat: int
    units: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Blocked(Value):
    KIND = "blocked"
    unit: int
    attacker: int


@dataclass(frozen=True, slots=True)
class Unblocked(Value):
    KIND = "unblocked"
    unit: int


@dataclass(frozen=True, slots=True)
class FightChosen(Value):
    """The defender ``seat`` chose the next unit battle: its ``unit`` against ``attacker``."""

    KIND = "fight-chosen"
    seat: int
    unit: int
    attacker: int


@dataclass(frozen=True, slots=True)
class Fought(Value):
    """A unit battle: ``attacker`` deals ``to_defender``, ``defender`` deals ``to_attacker`` (``first``: the uid
    that struck first, 0 when simultaneous)."""

    KIND = "fought"
    attacker: int
    defender: int
    to_defender: int
    to_attacker: int
    first: int = 0
    attacker_type: str = ""
    defender_type: str = ""


@dataclass(frozen=True, slots=True)
class PlayerHit(Value):
    """``by`` (a unit, or 0 for an ability) damages ``seat`` directly: the duel is over."""

    KIND = "player-hit"
    seat: int
    by: int
    amount: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Value):
    KIND = "turn-ended"
    seat: int


@dataclass(frozen=True, slots=True)
class DuelWon(Value):
    """``seat`` wins (``how``: direct, deck-out)."""

    KIND = "duel-won"
    seat: int
    how: str


EVENTS = Codec(DeckChosen, DeckPicked, DecksShown, TurnBegan, Rolled, RolledCount, DeckedOut, Summoned,
               TokenPlaced, Charged, Activated, Equipped, EquipLost, StrikeFirst, UnitDamaged, UnitDestroyed,
               ShieldHit, ShieldBroken, ShieldMended, ShieldRaised, Captured, Released, EnergyAdjusted, RelicMoved,
               Banished, Discarded, BattleBegan, Attacked, Blocked, Unblocked, FightChosen, Fought, PlayerHit, TurnEnded,
               DuelWon)
