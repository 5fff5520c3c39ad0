"""Paying an ability's cost: the distinct ways a set of energy tokens meets it (asked by the rules, which
offer every way as a move, and by the wording, which says why a payment does not fit)."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from .content import Cost

__all__ = ["payments"]


def payments(cost: Cost, energy: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct way to pay ``cost`` from energy tokens ``energy``, as sorted value tuples.

    >>> from .content import parse_cost
    >>> payments(parse_cost("doubles"), (3, 3, 5))
    [(3, 3)]
    """
    found: set[tuple[int, ...]] = set()

    def walk(index: int, left: Counter[int], paid: tuple[int, ...]) -> None:
        if index == len(cost):
            found.add(tuple(sorted(paid)))
            return
        part = cost[index]
        if part.size == 6:
            if all(left[v] for v in range(1, 7)):
                walk(index + 1, left - Counter(range(1, 7)), paid + tuple(range(1, 7)))
            return
        for value in part.values:
            if left[value] >= part.size:
                walk(index + 1, left - Counter({value: part.size}), paid + (value,) * part.size)

    walk(0, Counter(energy), ())
    return sorted(found)
