"""The strength pipeline of Elemental Dice (rules reference A.4.2): pure arithmetic, with doctests.

For a formula card of player P hitting recipient R:

1. each of R's elemental shields whose "against" die is a term lowers that term by
   the shield die's value times R's multipliers for it (shields stack);
2. R's Magical Barrier lowers one chosen non-PURPLE term of a multi-element attack by PURPLE;
3. the formula is evaluated on the lowered terms (shields come before 2x and xPURPLE);
4. P's buffs multiply the result: a buff of an element in the formula, or Purism
   for a single-element formula.

(Paid Militia, step 5, is a choice of R's and is applied by the rules.)
"""

from __future__ import annotations

from typing import Iterable, Mapping

from .cards import Formula, Step

__all__ = ["buff_multiplier", "shield_terms", "strength"]


def buff_multiplier(buffs: Iterable[tuple[Step, int]], elements: frozenset[str]) -> int:
    """The product of the buffs (each a buff step and its multiplier) that apply to these elements.

    A buff applies when its element is among ``elements``, or, for Purism ("single"),
    when there is exactly one element.

    >>> red = Step("buff", against="RED", mult=3)
    >>> brown = Step("buff", against="BROWN", mult=2)
    >>> purism = Step("buff", against="single", mult=2)
    >>> buff_multiplier([(red, 3), (brown, 2)], frozenset({"RED", "BROWN"}))   # ET9: Lava Surge x3 x2
    6
    >>> buff_multiplier([(purism, 2)], frozenset({"RED", "BROWN"})), buff_multiplier([(purism, 2)], frozenset({"RED"}))
    (1, 2)
    """
    product = 1
    for step, mult in buffs:
        if step.against in elements or (step.against == "single" and len(elements) == 1):
            product *= mult
    return product


def shield_terms(terms: Mapping[str, int], shields: Iterable[tuple[str, str, int, int]]) -> tuple[dict[str, int], list]:
    """Terms after the recipient's elemental shields: each ``(card, against, shield value, multiplier)``.

    Returns the lowered terms and, per shield that changed a term, ``(card, die, was, now)``.

    >>> shield_terms({"RED": 5}, [("water-reservoirs", "RED", 3, 1)])    # ET5: Blazing Fire vs Water Reservoirs
    ({'RED': 2}, [('water-reservoirs', 'RED', 5, 2)])
    >>> shield_terms({"RED": 5}, [("water-reservoirs", "RED", 3, 2)])[0]  # ET11: with Poseidon's Trident
    {'RED': 0}
    """
    lowered = dict(terms)
    changes = []
    for card, against, value, mult in shields:
        if against in lowered:
            was = lowered[against]
            lowered[against] = max(0, was - value * mult)
            if lowered[against] != was:
                changes.append((card, against, was, lowered[against]))
    return lowered, changes


def strength(formula: Formula, terms: Mapping[str, int], multiplier: int) -> int:
    """The formula on the (lowered) terms, times the attacker's buffs.

    >>> strength(Formula.parse("2xRED"), {"RED": 2}, 3)       # ET11: 3 x 2 x (5 - 3)
    12
    >>> strength(Formula.parse("REDxPURPLE"), {"RED": 0, "PURPLE": 5}, 1)   # ET7
    0
    """
    return formula.evaluate(dict(terms)) * multiplier
