"""The arithmetic of Wizard Dice (rules reference B.5 and B.6): pure functions, with the worked cases as doctests.

The rules and the five phases (``resolution.py``) decide who hits whom; these say by how much.
"""

from __future__ import annotations

__all__ = ["DICE", "CARRY_MOST", "CARRY_USED_MOST", "dice_available", "pooled_ally_damage", "spell_damage",
           "healing", "poisons", "dice_used", "may_carry"]

DICE = 6
CARRY_MOST = 2           # dice a wizard may continue into the next round
CARRY_USED_MOST = 4      # ... if it used at most this many this round


def dice_available(allies: int, paralysed: int) -> int:
    """A wizard's dice this round: 6, less one per living ally and per paralysis received (never below 0).

    WT-EX4: Drew with an Ogre, paralysed, rolls 4; many paralyses never make it negative.

    >>> dice_available(1, 1), dice_available(0, 0), dice_available(2, 9)
    (4, 6, 0)
    """
    return max(0, DICE - allies - paralysed)


def pooled_ally_damage(total: int, reduction: int) -> tuple[int, int]:
    """(held off, taken) of the allies' damage to one wizard: the wards apply once to the pooled total (W9).

    WT11: two Ogres (2 + 2) against a Shield with 3rd die 3 -> 1 taken; WT-EX3: one Ogre against 5 -> none.

    >>> pooled_ally_damage(4, 3), pooled_ally_damage(2, 5)
    ((3, 1), (2, 0))
    """
    held = min(total, reduction)
    return held, total - held


def spell_damage(base: int, shields: int) -> tuple[int, int]:
    """(held off, dealt) of one attack spell on one target: each Shield-type effect takes 1 off (W10).

    WT12: Magic Missiles 66 at a shielded Rick -> 1; WT-EX3: Cause Wounds 3 against a Shield -> 2.

    >>> spell_damage(2, 1), spell_damage(3, 1), spell_damage(1, 2)
    ((1, 1), (1, 2), (1, 0))
    """
    held = min(base, shields)
    return held, base - held


def healing(amount: int, hp: int, cap: int) -> int:
    """HP actually restored: never above the cap (a wizard's start + 1, an ally's own HP) (W22).

    WT15: Cure Heavy Wounds at 20 of 20 -> 1 (to 21); WT16: an Ogre at 1 healed by 2 -> 1; WT-EX1: 10 -> 11.

    >>> healing(4, 20, 21), healing(2, 1, 2), healing(2, 10, 11)
    (1, 1, 1)
    """
    return max(0, min(amount, cap - hp))


def poisons(dice: int, poison_dice: int, base: int, dealt: int) -> bool:
    """Whether a Poison Arrow poisons: all of its ``poison_dice`` (three 1s) and its full damage dealt (B.6.2).

    WT13: 111 against a Shield deals 2 -> no poison; unshielded -> poison; an arrow of two 1s never poisons.

    >>> poisons(3, 3, 3, 2), poisons(3, 3, 3, 3), poisons(2, 3, 2, 2)
    (False, True, False)
    """
    return bool(poison_dice) and dice == poison_dice and dealt == base


def dice_used(allocated: int, allies_at_upkeep: int, paralysed: int) -> int:
    """Dice a wizard used this round, for spell continuation: allocated, held by allies, lost to paralysis.

    WT17: a 3-die Shield and one Ogre -> 4.  WT-EX2: Drew's 4 dice and an Ogre -> 5.

    >>> dice_used(3, 1, 0), dice_used(4, 1, 0)
    (4, 5)
    """
    return allocated + allies_at_upkeep + paralysed


def may_carry(alive: bool, used: int, unused: int) -> bool:
    """Whether a wizard may set unused dice aside for next round (B.6.4): alive, used at most 4, one left over.

    >>> may_carry(True, 4, 2), may_carry(True, 5, 1), may_carry(False, 2, 4)
    (True, False, False)
    """
    return alive and used <= CARRY_USED_MOST and unused > 0
