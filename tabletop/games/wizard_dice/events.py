"""What happens in a Wizard Dice match, as events the table animates and the move log narrates.

Rolls and allocations are private until the reveal (:class:`Rolled`,
:class:`Allocated`, :class:`Withdrawn`, :class:`Aimed` show the others nothing:
the log says only that a wizard has committed).  From the reveal on, everything
is public.  A ``target`` is ``wizard-N`` (seat N) or ``ally-N`` (ally number N).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core.values import Codec, PrivateEvent, Value

from .state import Target

__all__ = ["EVENTS", "RoundBegan", "Banished", "Rolled", "Allocated", "Withdrawn", "Aimed", "Committed",
           "Revealed", "PhaseBegan", "ShellHolds", "MirrorRaised", "Reflected", "Warded", "Protected",
           "CounterChoosing", "Cancelled", "Silenced", "Summoned", "Healed", "AllyStruck", "AllyDamage", "Hit",
           "Slain", "Paralysed", "Poisoned", "PoisonTick", "Fizzled", "Died", "RoundEnded", "Carried", "DuelOver"]


@dataclass(frozen=True, slots=True)
class RoundBegan(Value):
    """Round ``round`` begins; wizards go in ``order``."""

    KIND = "round-began"
    round: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Banished(Value):
    """``seat`` banishes its ally ``ally`` (an ogre or troll); the die comes back this round."""

    KIND = "banished"
    seat: int
    ally: int
    kind: str


@dataclass(frozen=True, slots=True)
class Rolled(PrivateEvent):
    """``seat``'s roll number ``roll``: the dice now show ``dice`` (all of them; ``rolled`` marks the new ones)."""

    KIND = "rolled"
    seat: int
    roll: int
    dice: tuple[int, ...]
    rolled: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Allocated(PrivateEvent):
    """``seat`` allocates ``dice`` to ``spell`` at ``targets`` (private until the reveal)."""

    KIND = "allocated"
    seat: int
    spell: str
    dice: tuple[int, ...]
    targets: tuple[Target, ...]


@dataclass(frozen=True, slots=True)
class Withdrawn(PrivateEvent):
    """``seat`` takes ``spell`` back."""

    KIND = "withdrawn"
    seat: int
    spell: str


@dataclass(frozen=True, slots=True)
class Aimed(PrivateEvent):
    """``seat``'s ally ``ally`` will attack wizard ``at`` this round."""

    KIND = "aimed"
    seat: int
    ally: int
    at: int


@dataclass(frozen=True, slots=True)
class Committed(Value):
    """``seat`` has locked in its spells (nothing else is told)."""

    KIND = "committed"
    seat: int


@dataclass(frozen=True, slots=True)
class Revealed(Value):
    """At the reveal: ``seat`` cast ``spell`` with ``dice`` at ``targets`` (a bolt's ``split``)."""

    KIND = "revealed"
    REVEALS: ClassVar[bool] = True      # every allocation is shown: the last commit cannot be taken back
    seat: int
    spell: str
    dice: tuple[int, ...]
    targets: tuple[Target, ...]
    split: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PhaseBegan(Value):
    """Resolution phase ``phase`` (1 counters, 2 summons, 3 healing, 4 allies, 5 attacks, 6 end of round)
    begins; in phase 1, ``tier`` is the complexity resolving (6 mirrors .. 3 shields)."""

    KIND = "phase-began"
    phase: int
    tier: int = 0


@dataclass(frozen=True, slots=True)
class ShellHolds(Value):
    """Last round's Magic Shell shields ``target`` again this round (ally damage reduced by ``value``)."""

    KIND = "shell-holds"
    target: Target
    value: int


@dataclass(frozen=True, slots=True)
class MirrorRaised(Value):
    """``seat``'s Magic Mirror stands before ``target``."""

    KIND = "mirror-raised"
    seat: int
    target: Target


@dataclass(frozen=True, slots=True)
class Reflected(Value):
    """``caster``'s ``spell`` at ``was`` is reflected by ``mirror``'s Magic Mirror to ``now``."""

    KIND = "reflected"
    caster: int
    spell: str
    was: Target
    now: Target
    mirror: int


@dataclass(frozen=True, slots=True)
class Warded(Value):
    """``caster``'s ``spell`` wards ``target``: ally damage reduced by ``ally_reduction``, each attack spell
    by ``spell_reduction``."""

    KIND = "warded"
    caster: int
    spell: str
    target: Target
    ally_reduction: int
    spell_reduction: int


@dataclass(frozen=True, slots=True)
class Protected(Value):
    """``caster``'s Counterspell protects ``target`` (cast on oneself: ally damage reduced by ``ally_reduction``)."""

    KIND = "protected"
    caster: int
    target: Target
    ally_reduction: int = 0


@dataclass(frozen=True, slots=True)
class CounterChoosing(Value):
    """``seat``'s Counterspell must choose among ``count`` spells at ``target``."""

    KIND = "counter-choosing"
    seat: int
    target: Target
    count: int


@dataclass(frozen=True, slots=True)
class Cancelled(Value):
    """``seat``'s Counterspell cancels ``caster``'s ``spell`` at ``target``."""

    KIND = "cancelled"
    seat: int
    caster: int
    spell: str
    target: Target


@dataclass(frozen=True, slots=True)
class Silenced(Value):
    """``caster``'s Paralysis holds ally ``ally``: it deals no damage this round."""

    KIND = "silenced"
    caster: int
    ally: int


@dataclass(frozen=True, slots=True)
class Summoned(Value):
    """Ally ``ally`` (``kind``, ``hp``) joins ``seat``; ``caster`` cast the summon (another seat: a reflected one)."""

    KIND = "summoned"
    seat: int
    caster: int
    ally: int
    kind: str
    hp: int


@dataclass(frozen=True, slots=True)
class Healed(Value):
    """``caster``'s ``spell`` heals ``target`` by ``amount`` (after the cap); ``hp`` is its health now."""

    KIND = "healed"
    caster: int
    spell: str
    target: Target
    amount: int
    hp: int


@dataclass(frozen=True, slots=True)
class AllyStruck(Value):
    """Ally ``ally`` of ``seat`` attacks wizard ``at`` for ``amount`` (its HP)."""

    KIND = "ally-struck"
    seat: int
    ally: int
    at: int
    amount: int


@dataclass(frozen=True, slots=True)
class AllyDamage(Value):
    """Wizard ``seat`` takes ``taken`` of the ``total`` damage of the allies (``reduced`` by its wards)."""

    KIND = "ally-damage"
    seat: int
    total: int
    reduced: int
    taken: int
    hp: int


@dataclass(frozen=True, slots=True)
class Hit(Value):
    """``caster``'s ``spell`` deals ``amount`` damage to ``target`` (``reduced`` by its shields); ``hp`` left."""

    KIND = "hit"
    caster: int
    spell: str
    target: Target
    amount: int
    reduced: int
    hp: int


@dataclass(frozen=True, slots=True)
class Slain(Value):
    """``caster``'s Finger of Death slays wizard ``seat``."""

    KIND = "slain"
    caster: int
    seat: int


@dataclass(frozen=True, slots=True)
class Paralysed(Value):
    """``caster``'s Paralysis: wizard ``seat`` rolls ``dice`` fewer dice next round."""

    KIND = "paralysed"
    caster: int
    seat: int
    dice: int


@dataclass(frozen=True, slots=True)
class Poisoned(Value):
    """``caster``'s full Poison Arrow poisons ``target``: 1 damage at the end of round ``due``."""

    KIND = "poisoned"
    caster: int
    target: Target
    due: int


@dataclass(frozen=True, slots=True)
class PoisonTick(Value):
    """Poison deals ``amount`` to ``target`` (it cannot be reduced or prevented); ``hp`` left."""

    KIND = "poison-tick"
    target: Target
    amount: int
    hp: int


@dataclass(frozen=True, slots=True)
class Fizzled(Value):
    """``caster``'s ``spell`` does nothing: ``why`` is ``caster-dead`` or ``target-gone``."""

    KIND = "fizzled"
    caster: int
    spell: str
    why: str


@dataclass(frozen=True, slots=True)
class Died(Value):
    """``target`` dies (a wizard at death check ``check``: A after the allies, B after the attacks, C after
    the poison; an ally whenever it falls or its wizard does)."""

    KIND = "died"
    target: Target
    check: str


@dataclass(frozen=True, slots=True)
class RoundEnded(Value):
    """Round ``round`` is over."""

    KIND = "round-ended"
    round: int


@dataclass(frozen=True, slots=True)
class Carried(Value):
    """``seat`` carries ``dice`` into next round (spell continuation)."""

    KIND = "carried"
    seat: int
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DuelOver(Value):
    """The duel is over: ``winners`` (several: a draw), ``why`` ``last-standing``, ``draw`` or ``round-limit``."""

    KIND = "duel-over"
    winners: tuple[int, ...]
    why: str


EVENTS = Codec(RoundBegan, Banished, Rolled, Allocated, Withdrawn, Aimed, Committed, Revealed, PhaseBegan,
               ShellHolds, MirrorRaised, Reflected, Warded, Protected, CounterChoosing, Cancelled, Silenced,
               Summoned, Healed, AllyStruck, AllyDamage, Hit, Slain, Paralysed, Poisoned, PoisonTick, Fizzled,
               Died, RoundEnded, Carried, DuelOver)
