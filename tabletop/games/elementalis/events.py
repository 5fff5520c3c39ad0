"""What happens in an ElementaliS match, as events the table animates and the move log narrates.

Nothing in ElementaliS is hidden: every event is public.  Mana is written one word per counter
(``fire,fire,water``; ``pale-air`` for a colourless counter that was Air).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.values import Codec, Value

__all__ = ["EVENTS", "ArcanaTaken", "ManaTaken", "TurnBegan", "Tapped", "Rolled", "Declared", "SpellCast",
           "Countered", "DieChanged", "ManaPicked", "ManaLost", "LinkMade", "LinkBroken", "Scored", "Busted", "Banked",
           "Opposed", "ManaMoved", "CosmicFace", "ArcanaPassed", "ArcanaKept", "RoundBegan", "GameOver"]


@dataclass(frozen=True, slots=True)
class ArcanaTaken(Value):
    """``seat`` takes the ``kind`` (major or minor) Arcana of ``element``; ``mage`` is its type once both are known."""

    KIND = "arcana-taken"
    seat: int
    kind: str
    element: str
    mage: str = ""


@dataclass(frozen=True, slots=True)
class ManaTaken(Value):
    """``seat`` takes ``mana`` from the Flux to its Pool (``why``: start, tap, cosmic)."""

    KIND = "mana-taken"
    seat: int
    mana: tuple[str, ...]
    why: str


@dataclass(frozen=True, slots=True)
class TurnBegan(Value):
    """``seat``'s turn in round ``round``."""

    KIND = "turn-began"
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class Tapped(Value):
    """``seat`` taps the Flux for 1 ``colour`` Mana."""

    KIND = "tapped"
    seat: int
    colour: str


@dataclass(frozen=True, slots=True)
class Rolled(Value):
    """A ``roll`` (power, chance, cosmic, ether, opposition) by ``seat``: dice ``dice`` now show ``faces``."""

    KIND = "rolled"
    seat: int
    roll: str
    dice: tuple[int, ...]
    faces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Declared(Value):
    """In a spell window, ``seat`` declares a spell (``cast``) or passes."""

    KIND = "declared"
    seat: int
    cast: bool


@dataclass(frozen=True, slots=True)
class SpellCast(Value):
    """``seat`` casts ``spell`` for ``cost`` Mana (``on``: the mage it is cast on, -1 for none)."""

    KIND = "spell-cast"
    seat: int
    spell: str
    cost: int
    on: int = -1
    die: int = -1


@dataclass(frozen=True, slots=True)
class Countered(Value):
    """``seat``'s Counter Spell (for ``cost``) voids ``caster``'s ``spell``."""

    KIND = "countered"
    seat: int
    caster: int
    spell: str
    cost: int


@dataclass(frozen=True, slots=True)
class DieChanged(Value):
    """Die ``die`` by ``spell``: its face is ``face``; ``what`` it is now (charred, burned, held, copied, rolled)."""

    KIND = "die-changed"
    die: int
    face: str
    what: str
    spell: str


@dataclass(frozen=True, slots=True)
class ManaPicked(Value):
    """``seat``'s Incinerate or Tornado (``spell``) picks one ``mana`` counter of ``target``'s Pool; it is lost
    when the spell takes effect."""

    KIND = "mana-picked"
    seat: int
    target: int
    mana: str
    spell: str


@dataclass(frozen=True, slots=True)
class ManaLost(Value):
    """``seat``'s ``mana`` goes back to the Flux (Incinerate) or turns colourless (Tornado): ``how``."""

    KIND = "mana-lost"
    seat: int
    mana: str
    how: str


@dataclass(frozen=True, slots=True)
class LinkMade(Value):
    """``seat`` links to ``linked`` (Earth Link)."""

    KIND = "link-made"
    seat: int
    linked: int


@dataclass(frozen=True, slots=True)
class LinkBroken(Value):
    """The Earth Link of ``seat`` to ``linked`` ends (``why``: burned, round)."""

    KIND = "link-broken"
    seat: int
    linked: int
    why: str


@dataclass(frozen=True, slots=True)
class Scored(Value):
    """``seat``'s roll scores ``gained`` into the Channel (or its Pool: ``linked``), ``drained`` off it."""

    KIND = "scored"
    seat: int
    gained: tuple[str, ...]
    drained: tuple[str, ...] = ()
    linked: bool = False


@dataclass(frozen=True, slots=True)
class Busted(Value):
    """The Sun: ``seat``'s Channel, ``lost``, returns to the Flux."""

    KIND = "busted"
    seat: int
    lost: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Banked(Value):
    """``seat`` banks ``mana`` from the Channel into its Pool."""

    KIND = "banked"
    seat: int
    mana: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Opposed(Value):
    """``seat`` opposed with ``own`` of its symbols against ``active`` of the active mage's: ``net``."""

    KIND = "opposed"
    seat: int
    own: int
    active: int
    net: int


@dataclass(frozen=True, slots=True)
class ManaMoved(Value):
    """``mana`` goes from ``source``'s Pool (or Channel) to ``seat``'s Pool."""

    KIND = "mana-moved"
    source: int
    seat: int
    mana: tuple[str, ...]
    whence: str = "pool"


@dataclass(frozen=True, slots=True)
class CosmicFace(Value):
    """The Cosmic Roll shows ``face``: ``outcome`` (own-major, other-major, nobody, sun, ether)."""

    KIND = "cosmic-face"
    seat: int
    face: str
    outcome: str


@dataclass(frozen=True, slots=True)
class ArcanaPassed(Value):
    """Every mage passes its ``kind`` Arcana to the left; the mage types now are ``types``."""

    KIND = "arcana-passed"
    kind: str
    types: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ArcanaKept(Value):
    """The ``kind`` Arcana are not passed: ``seat`` would have held both Ether cards (an option)."""

    KIND = "arcana-kept"
    kind: str
    seat: int


@dataclass(frozen=True, slots=True)
class RoundBegan(Value):
    """Round ``round`` begins."""

    KIND = "round-began"
    round: int


@dataclass(frozen=True, slots=True)
class GameOver(Value):
    """After round 6: ``winners`` with the most Mana (several: shared)."""

    KIND = "game-over"
    winners: tuple[int, ...]


EVENTS = Codec(ArcanaTaken, ManaTaken, TurnBegan, Tapped, Rolled, Declared, SpellCast, Countered, DieChanged,
               ManaPicked, ManaLost, LinkMade, LinkBroken, Scored, Busted, Banked, Opposed, ManaMoved, CosmicFace,
               ArcanaPassed, ArcanaKept, RoundBegan, GameOver)
