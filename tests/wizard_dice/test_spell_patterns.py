"""The spell book's quick way to list a pattern's forms (each pattern's forms worked out once, then kept when
the dice hold them) lists exactly what the plain definition lists, in the same order, for every pattern of the
book, on every set of up to eight dice, with and without the loose patterns option."""

from collections import Counter
from itertools import combinations_with_replacement

from tabletop.games.wizard_dice.spells import VALUES, Pattern, load_spells


def plain_forms(pattern: Pattern, counts: dict[int, int], loose: bool) -> list[tuple[int, ...]]:
    """The forms as the rules reference defines them (B.3, W14): try each, keep those the dice hold."""
    def fits(form):
        return all(counts.get(value, 0) >= need for value, need in Counter(form).items())

    def straights(n):
        return [tuple(range(low, low + n)) for low in range(1, 8 - n)]

    kind = pattern.type
    if kind == "all_value":
        return [(pattern.value,) * k for k in range(pattern.least, pattern.most + 1) if fits((pattern.value,) * k)]
    if kind == "n_kind":
        return [(v,) * pattern.n for v in VALUES if fits((v,) * pattern.n)]
    if kind == "full_house":
        found = [(t,) * 3 + (p,) * 2 for t in VALUES for p in VALUES if (t != p or loose) and fits((t,) * 3 + (p,) * 2)]
        return list(dict.fromkeys(tuple(sorted(form)) for form in found))
    if kind == "straight":
        return [s for s in straights(pattern.n) if fits(s)]
    if kind in ("two_pair", "three_pair"):
        size = 2 if kind == "two_pair" else 3
        pairs = [v for v in VALUES if counts.get(v, 0) >= 2]
        combos = sorted(set(combinations_with_replacement(pairs, size))) if loose else \
            [c for c in sorted(set(combinations_with_replacement(pairs, size))) if len(set(c)) == size]
        return [form for form in (tuple(sorted(v for v in combo for _ in range(2))) for combo in combos) if fits(form)]
    if kind == "pair_plus_any":
        return [(p, p, e) for p in VALUES for e in VALUES if fits((p, p, e))]
    if kind == "straight3_plus_any":
        return [s + (e,) for s in straights(3) for e in VALUES if fits(s + (e,))]
    length = 3 if kind == "straight3_plus_pair" else 4
    return [s + (p, p) for s in straights(length) for p in VALUES if fits(s + (p, p))]


def test_the_quick_forms_are_the_plain_forms_for_every_pattern_and_every_set_of_dice():
    patterns = sorted({spell.pattern for spell in load_spells().spells}, key=repr)
    assert len({p.type for p in patterns}) >= 8          # the book uses most pattern types: the check reaches them
    checked = 0
    for size in range(9):
        for dice in combinations_with_replacement(VALUES, size):
            counts = dict(Counter(dice))
            for pattern in patterns:
                for loose in (False, True):
                    assert pattern.forms(counts, loose) == plain_forms(pattern, counts, loose), (pattern, dice, loose)
                    checked += 1
    assert checked > 50_000
