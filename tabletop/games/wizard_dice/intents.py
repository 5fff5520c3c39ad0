"""What a Wizard Dice player can ask for.  Every intent names the seat that makes it.

Text forms (stable; used by saves, scenarios and tests)::

    banish seat=0 ally=2                 # upkeep: send an ally away; its die is rolled this round
    keep-allies seat=0                   # upkeep: done banishing
    roll seat=0                          # roll every die not kept (the first roll: all of them)
    keep seat=0 die=3                    # set aside die 3 (0-based, continued dice first) before the next roll
    release seat=0 die=3                 # take a kept die back into the next roll
    stop seat=0                          # keep every die: rolling is over
    cast seat=0 spell=shield dice=4,4,5 targets=wizard-0
    cast seat=0 spell=magic-missiles dice=6,6 targets=wizard-1,ally-2
    cast seat=1 spell=lightning-bolt dice=4,4,4,4 targets=wizard-0,ally-1 split=3,1
    cast seat=0 spell=summon-ogre dice=3,3,4,4 targets=wizard-0 aim=1
    uncast seat=0 spell=shield           # take an allocated spell back
    aim seat=0 ally=2 at=3               # 3+ wizards: the wizard this ally attacks
    commit seat=0                        # lock in the spells (behind the cover)
    cancel seat=1 caster=0 spell=poison-arrow target=wizard-1   # a Counterspell's choice
    cancel-nothing seat=1                # ... letting every spell through (when one is its caster's own)
    carry seat=0 dice=3,5                # keep up to 2 unused dice for next round (dice= : none)

A cast's dice are in the pattern's order where it matters (``spells.py``): the
Shield's 3rd die and the Counterspell's 4th die come last, a Shell's or a
Mirror's pair comes after the straight.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from tabletop.core.values import Codec, Value

from .state import Cast, Target

__all__ = ["Banish", "KeepAllies", "Roll", "Keep", "Release", "Stop", "CastSpell", "Uncast", "Aim", "Commit",
           "Cancel", "CancelNothing", "Carry", "INTENTS", "Intent"]


@dataclass(frozen=True, slots=True)
class Banish(Value):
    """Send an ally away at upkeep: its die comes back this round."""

    KIND = "banish"
    seat: int
    ally: int


@dataclass(frozen=True, slots=True)
class KeepAllies(Value):
    """Done with upkeep: the allies left stay."""

    KIND = "keep-allies"
    seat: int


@dataclass(frozen=True, slots=True)
class Roll(Value):
    """Roll the dice not kept."""

    KIND = "roll"
    seat: int


@dataclass(frozen=True, slots=True)
class Keep(Value):
    """Set a die aside before the next roll."""

    KIND = "keep"
    seat: int
    die: int


@dataclass(frozen=True, slots=True)
class Release(Value):
    """Put a kept die back into the next roll."""

    KIND = "release"
    seat: int
    die: int


@dataclass(frozen=True, slots=True)
class Stop(Value):
    """Keep every die: the dice stand as they are."""

    KIND = "stop"
    seat: int


@dataclass(frozen=True, slots=True)
class CastSpell(Value):
    """Allocate ``dice`` to ``spell`` at ``targets`` (see the module docstring for the shapes)."""

    KIND = "cast"
    seat: int
    spell: str
    dice: tuple[int, ...]
    targets: tuple[Target, ...]
    split: tuple[int, ...] = ()
    aim: int | None = None

    def as_cast(self) -> Cast:
        """The cast this intent allocates."""
        return Cast(self.spell, self.dice, self.targets, self.split, -1 if self.aim is None else self.aim)

    def to_str(self) -> str:
        # An empty split is left out of the text, so the common forms stay short.
        text = Value.to_str(self)
        return text.replace(" split=", "") if not self.split else text


@dataclass(frozen=True, slots=True)
class Uncast(Value):
    """Take back an allocated spell (its dice are free again)."""

    KIND = "uncast"
    seat: int
    spell: str


@dataclass(frozen=True, slots=True)
class Aim(Value):
    """With three or more wizards: the wizard ``ally`` attacks this round."""

    KIND = "aim"
    seat: int
    ally: int
    at: int


@dataclass(frozen=True, slots=True)
class Commit(Value):
    """Lock in this round's spells."""

    KIND = "commit"
    seat: int


@dataclass(frozen=True, slots=True)
class Cancel(Value):
    """A Counterspell of ``seat`` cancels ``spell`` of ``caster`` aimed at ``target`` (as declared)."""

    KIND = "cancel"
    seat: int
    caster: int
    spell: str
    target: Target


@dataclass(frozen=True, slots=True)
class CancelNothing(Value):
    """A Counterspell of ``seat`` lets every spell through (offered when one of them is ``seat``'s own)."""

    KIND = "cancel-nothing"
    seat: int


@dataclass(frozen=True, slots=True)
class Carry(Value):
    """Set aside up to 2 unused dice, with their values, for next round."""

    KIND = "carry"
    seat: int
    dice: tuple[int, ...] = ()


INTENTS = Codec(Banish, KeepAllies, Roll, Keep, Release, Stop, CastSpell, Uncast, Aim, Commit, Cancel, CancelNothing, Carry)

#: Any one of the game's intents: what ``legal_intents`` lists and ``apply`` takes, so code that reads a
#: field of one kind narrows with ``isinstance`` and mypy checks the field.
Intent: TypeAlias = (Banish | KeepAllies | Roll | Keep | Release | Stop | CastSpell | Uncast | Aim | Commit | Cancel |
                     CancelNothing | Carry)
