"""The frozen state of a Wizard Dice match: the wizards, their allies, and where the round stands.

A round goes through these stages (``Flow.stage``):

* ``upkeep`` — wizards with allies may banish them, one wizard after the other, in public;
* ``secret`` — each living wizard in turn rolls (three times at most, keeping between rolls)
  and allocates the dice to spells, behind the cover; ``Wizard.secret`` holds what only
  that wizard may see until every wizard has committed;
* ``counter`` — the reveal is resolving and a Counterspell's caster chooses which spell at
  the protected target to cancel (public);
* ``carry`` — after the round, a wizard who used at most 4 dice may carry up to 2 unused
  dice into the next round (public);
* ``over`` — the duel is decided.

A target is a wizard (``wizard-1``: seat 1) or an ally (``ally-3``: ally number 3).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.values import Token

__all__ = ["Target", "Ally", "Cast", "Secret", "Wizard", "Flow", "State", "Stage", "HIDDEN_DIE"]

#: What another seat sees in place of a die value it may not see.
HIDDEN_DIE = 0


class Stage:
    """Where the round stands (``Flow.stage``)."""

    UPKEEP = "upkeep"
    SECRET = "secret"
    COUNTER = "counter"
    CARRY = "carry"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Target(Token):
    """A wizard (by seat) or an ally (by its number), as one word: ``wizard-1``, ``ally-3``."""

    kind: str
    index: int

    def to_text(self) -> str:
        return f"{self.kind}-{self.index}"

    @classmethod
    def from_text(cls, text: str) -> "Target":
        kind, _, number = text.partition("-")
        if kind not in ("wizard", "ally") or not number.isdigit():
            raise ValueError(f"a target is wizard-N or ally-N, not {text!r}")
        return cls(kind, int(number))

    @property
    def is_wizard(self) -> bool:
        return self.kind == "wizard"

    @staticmethod
    def wizard(seat: int) -> "Target":
        return Target("wizard", seat)

    @staticmethod
    def ally(number: int) -> "Target":
        return Target("ally", number)


@dataclass(frozen=True, slots=True)
class Ally:
    """An Ogre or Troll: a die on the table showing its HP; ``aim`` is the wizard it attacks."""

    number: int
    kind: str
    hp: int
    most: int
    aim: int
    poison: tuple[int, ...] = ()          # the rounds at whose end a poison tick hits it
    shells: tuple[int, ...] = ()          # free Shell shields in force this round
    shells_next: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Cast:
    """A spell allocated: its dice (in the pattern's order), targets, a Lightning Bolt's split, a summon's aim.

    Magic Missiles has one target per die; a Lightning Bolt one per part of ``split``.
    """

    spell: str
    dice: tuple[int, ...]
    targets: tuple[Target, ...]
    split: tuple[int, ...] = ()
    aim: int = -1


@dataclass(frozen=True, slots=True)
class Secret:
    """What one wizard does behind the cover this round: rolls, keeps, spells, allies' aims.

    ``seal`` is a word that names this secret alone (the privacy check looks for it in
    every other seat's view); ``fixed`` dice at the front are continued from last round.
    """

    seal: str
    dice: tuple[int, ...] = ()
    kept: tuple[bool, ...] = ()
    fixed: int = 0
    rolls: int = 0
    rolled_out: bool = False     # rolling is over (three rolls, every die kept, or nothing to roll)
    casts: tuple[Cast, ...] = ()
    aims: tuple[tuple[int, int], ...] = ()   # (ally number, wizard seat) chosen this round
    committed: bool = False


@dataclass(frozen=True, slots=True)
class Wizard:
    """One wizard: HP, allies, what lasts between rounds, and this round's secret."""

    name: str
    hp: int
    alive: bool = True
    allies: tuple[Ally, ...] = ()
    poison: tuple[int, ...] = ()          # the rounds at whose end a poison tick hits this wizard
    paralysed: int = 0                    # dice lost this round (paralyses received last round)
    paralysis_next: int = 0               # dice lost next round
    continued: tuple[int, ...] = ()       # dice carried into this round, with their values (public)
    shells: tuple[int, ...] = ()          # free Shell shields in force this round (their ally reduction)
    shells_next: tuple[int, ...] = ()     # free Shell shields for next round
    upkeep_allies: int = 0                # allies alive after this round's banishing (dice they hold)
    secret: Secret | None = None
    unused: tuple[int, ...] = ()          # after the reveal: the dice of this round no spell used
    used: int = 0                         # after the reveal: dice used, for spell continuation (B.6.4)
    banished_done: bool = False
    damage_dealt: int = 0                 # for the results
    healed: int = 0
    spells_cast: int = 0
    allies_summoned: int = 0


@dataclass(frozen=True, slots=True)
class Flow:
    """The round and its stage; ``order`` is this round's seat order (the first seat rotates)."""

    round: int = 1
    stage: str = Stage.UPKEEP
    order: tuple[int, ...] = ()
    turn: int = 0                          # index into ``order`` of the wizard deciding now
    revealed: tuple[tuple[int, Cast], ...] = ()    # (caster, cast) of the round, once all committed
    choices: tuple[str, ...] = ()          # Counterspell choices made so far this reveal
    told: int = 0                          # resolution events already sent
    asking: int = -1                       # the Counterspell caster choosing now
    candidates: tuple[str, ...] = ()       # what that Counterspell may cancel (portion keys)
    winners: tuple[int, ...] = ()
    draw: bool = False
    ended_by: str = ""                     # "last standing", "draw", "round limit"


@dataclass(frozen=True, slots=True)
class State:
    """A whole match."""

    wizards: tuple[Wizard, ...]
    flow: Flow
    start_hp: int = 20
    round_limit: int = 0                   # 0: no limit
    repeat_spells: bool = False
    ally_ward_pooled: bool = True          # option: a Shield's ally reduction comes off the allies' total (W9)
    shields_stack: bool = True             # option: several shields on a target add up (W12)
    loose_patterns: bool = False           # option: four of a kind is two pairs, and so on (W14)
    auto_counter: bool = False             # option: a Counterspell chooses what it cancels by itself (B.8)
    teams: tuple[int, ...] = ()            # option: each seat's team (2 against 2); empty: everyone for himself
    next_ally: int = 1
    roster: tuple[tuple[int, int, str], ...] = ()    # every ally ever summoned: (number, owner, kind), for names

    @property
    def to_act(self) -> int | None:
        """The seat that must decide next (None once the duel is over)."""
        flow = self.flow
        if flow.stage == Stage.OVER:
            return None
        if flow.stage == Stage.COUNTER:
            return flow.asking
        return flow.order[flow.turn]

    @property
    def living(self) -> tuple[int, ...]:
        """The seats of the wizards still alive."""
        return tuple(seat for seat, wizard in enumerate(self.wizards) if wizard.alive)

    def friends(self, seat: int, other: int) -> bool:
        """Whether two wizards are on the same side: the same wizard, or team-mates."""
        return seat == other or (bool(self.teams) and self.teams[seat] == self.teams[other])

    def enemies(self, seat: int) -> tuple[int, ...]:
        """The living wizards ``seat`` duels: every other one, or with teams those of the other team."""
        return tuple(other for other in self.living if not self.friends(seat, other))

    def ally(self, number: int) -> tuple[int, Ally] | None:
        """The owner and the ally with this number, if it is on the table."""
        for seat, wizard in enumerate(self.wizards):
            for ally in wizard.allies:
                if ally.number == number:
                    return seat, ally
        return None

    def exists(self, target: Target) -> bool:
        """Whether the target is a living wizard or an ally on the table."""
        if target.is_wizard:
            return 0 <= target.index < len(self.wizards) and self.wizards[target.index].alive
        return self.ally(target.index) is not None
