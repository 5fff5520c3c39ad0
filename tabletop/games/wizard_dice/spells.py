"""The spell book of Wizard Dice, read from ``data/wizard_dice/spells.yaml``, and its dice patterns.

A spell uses exactly the dice of its pattern (rules reference B.3).  The dice of a
cast are values, written in the pattern's own order where the order means
something: a Shield is ``pair, 3rd die`` (``4,4,5``), a Counterspell ``straight,
4th die`` (``1,2,3,4``: the 4 is the 4th die), a Magic Shell ``straight, pair``,
a Magic Mirror ``straight, pair``; every other pattern is sorted.

>>> book = load_spells()
>>> [s.spell_id for s in book.formable((3, 3, 4, 4))]
['shield', 'summon-ogre']
>>> book["summon-ogre"].pattern.matches((3, 3, 3, 3))      # four of a kind is not two pair (B.3)
False
>>> book["counterspell"].pattern.forms({1: 1, 2: 1, 3: 1, 4: 1})
[(1, 2, 3, 4), (2, 3, 4, 1)]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping

from tabletop.core.data import Reader
from tabletop.paths import data_path

__all__ = ["Pattern", "Spell", "SpellBook", "load_spells", "CATEGORIES", "TARGET_KINDS", "PHASES"]

CATEGORIES = ("counter", "summon", "healing", "attack")
#: The phase each category resolves in (B.5); Paralysis at an ally is a counter (phase 1) instead.
PHASES = {"counter": 1, "summon": 2, "healing": 3, "attack": 5}
TARGET_KINDS = ("any", "opponent", "self")
_PATTERNS = ("all_value", "n_kind", "full_house", "straight", "two_pair", "three_pair", "pair_plus_any",
             "straight3_plus_any", "straight3_plus_pair", "straight4_plus_pair")
VALUES = range(1, 7)


def _straights(n: int) -> list[tuple[int, ...]]:
    return [tuple(range(low, low + n)) for low in range(1, 8 - n)]


@dataclass(frozen=True, slots=True)
class Pattern:
    """A dice pattern: its matcher ``type`` and parameters."""

    type: str
    n: int = 0
    value: int = 0
    least: int = 0
    most: int = 0

    def describe(self) -> str:
        """The pattern in words, for the spell book and the refusals."""
        return {
            "all_value": f"{self.least} to {self.most} dice showing {self.value}",
            "n_kind": f"{self.n} of a kind",
            "full_house": "a full house (three of a kind and a pair)",
            "straight": f"a straight of {self.n}",
            "two_pair": "two pairs",
            "three_pair": "three pairs",
            "pair_plus_any": "a pair and any die",
            "straight3_plus_any": "a straight of 3 and any die",
            "straight3_plus_pair": "a straight of 3 and a pair",
            "straight4_plus_pair": "a straight of 4 and a pair",
        }[self.type]

    def short(self) -> str:
        """The pattern in a few words, for the spell book's rows: the rule, never one example of it."""
        counts = {0: "", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
        return {
            "all_value": f"{counts[self.least]} {'or' if self.most == self.least + 1 else 'to'} "
                         f"{counts[self.most]} {self.value}s",
            "n_kind": f"{counts[self.n]} of a kind",
            "full_house": "full house",
            "straight": f"straight of {self.n}",
            "two_pair": "two pairs",
            "three_pair": "three pairs",
            "pair_plus_any": "a pair + any",
            "straight3_plus_any": "straight 3 + any",
            "straight3_plus_pair": "straight 3 + pair",
            "straight4_plus_pair": "straight 4 + pair",
        }[self.type]

    def example(self) -> tuple[int, ...]:
        """A die pattern to draw in the spell book (the first form from a full set of dice)."""
        return {
            "all_value": (self.value,) * self.most,
            "n_kind": (6,) * self.n if self.n < 6 else (6,) * 6,
            "full_house": (2, 2, 2, 5, 5),
            "straight": tuple(range(1, self.n + 1)),
            "two_pair": (3, 3, 4, 4),
            "three_pair": (1, 1, 3, 3, 5, 5),
            "pair_plus_any": (4, 4, 5),
            "straight3_plus_any": (1, 2, 3, 6),
            "straight3_plus_pair": (3, 4, 5, 2, 2),
            "straight4_plus_pair": (2, 3, 4, 5, 6, 6),
        }[self.type]

    def forms(self, counts: Mapping[int, int], loose: bool = False) -> list[tuple[int, ...]]:
        """Every distinct way to take this pattern from dice with these ``counts`` (value -> how many).

        ``loose`` (an option): four of a kind is also two pairs, five of a kind a full house, and four of a
        kind with a pair, or six of a kind, three pairs (W14).

        >>> Pattern("two_pair").forms({3: 4}), Pattern("two_pair").forms({3: 4}, loose=True)
        ([], [(3, 3, 3, 3)])
        >>> Pattern("full_house").forms({5: 5}, loose=True), Pattern("three_pair").forms({2: 4, 6: 2}, loose=True)
        ([(5, 5, 5, 5, 5)], [(2, 2, 2, 2, 6, 6)])
        """
        kind = self.type
        if kind == "all_value":
            return [(self.value,) * k for k in range(self.least, self.most + 1) if counts.get(self.value, 0) >= k]
        if kind == "n_kind":
            return [(v,) * self.n for v in VALUES if counts.get(v, 0) >= self.n]
        # The other patterns: each of its possible forms, in order, kept if the dice hold what it needs; kept
        # by the dice held, since a game meets few sets of dice (at most 1,716 of up to seven dice) many times.
        held = tuple(sorted(item for item in counts.items() if item[1] > 0))
        key = (self, loose, held)
        found = _FORMS.get(key)
        if found is None:
            if len(_FORMS) > _FORMS_KEPT:
                _FORMS.clear()
            found = _FORMS[key] = tuple(form for form, needs in _candidates(self, loose)
                                        if all(counts.get(value, 0) >= count for value, count in needs))
        return list(found)

    def matches(self, dice: tuple[int, ...], loose: bool = False) -> bool:
        """Whether ``dice``, in the pattern's order, form this pattern exactly."""
        return dice in self.forms(Counter(dice), loose)

    def extra(self, dice: tuple[int, ...]) -> int:
        """The value of the free part: a Shield's 3rd die, a Counterspell's 4th die, a Shell's pair."""
        if self.type in ("pair_plus_any", "straight3_plus_any"):
            return dice[-1]
        if self.type in ("straight3_plus_pair", "straight4_plus_pair"):
            return dice[-1]
        return 0


#: Every form a pattern can take from any dice, with what each form needs ((value, how many), ...), by (pattern,
#: loose): worked out once per pattern, since the dice of a game change all the time but the patterns never do.
_CANDIDATES: dict[tuple[Pattern, bool], tuple[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], ...]] = {}


#: The forms found for (pattern, loose, the dice held), and how many are kept at most.
_FORMS: dict[tuple[Pattern, bool, tuple[tuple[int, int], ...]], tuple[tuple[int, ...], ...]] = {}
_FORMS_KEPT = 100_000


def _candidates(pattern: Pattern, loose: bool) -> tuple[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], ...]:
    """The forms of ``pattern`` (not ``all_value`` nor ``n_kind``) from unlimited dice, in the order
    :meth:`Pattern.forms` lists them, each with the dice it needs."""
    key = (pattern, loose)
    if key not in _CANDIDATES:
        kind, values = pattern.type, list(VALUES)
        if kind == "full_house":
            # Sorted, each once: 3-3-3-5-5 is one full house however it was found.
            forms = list(dict.fromkeys(tuple(sorted((t,) * 3 + (p,) * 2)) for t in VALUES for p in VALUES
                                       if t != p or loose))
        elif kind == "straight":
            forms = _straights(pattern.n)
        elif kind in ("two_pair", "three_pair"):
            size = 2 if kind == "two_pair" else 3
            combos = _multisets(values, size) if loose else _combinations(values, size)
            forms = [tuple(sorted(v for v in combo for _ in range(2))) for combo in combos]
        elif kind == "pair_plus_any":
            forms = [(p, p, e) for p in VALUES for e in VALUES]
        elif kind == "straight3_plus_any":
            forms = [s + (e,) for s in _straights(3) for e in VALUES]
        elif kind in ("straight3_plus_pair", "straight4_plus_pair"):
            length = 3 if kind == "straight3_plus_pair" else 4
            forms = [s + (p, p) for s in _straights(length) for p in VALUES]
        else:
            forms = []
        _CANDIDATES[key] = tuple((form, tuple(Counter(form).items())) for form in forms)
    return _CANDIDATES[key]


def _combinations(values: list[int], size: int) -> list[tuple[int, ...]]:
    """Every choice of ``size`` different ``values``, in order."""
    if size == 0:
        return [()]
    return [(v,) + rest for i, v in enumerate(values) for rest in _combinations(values[i + 1:], size - 1)]


def _multisets(values: list[int], size: int) -> list[tuple[int, ...]]:
    """Every choice of ``size`` of ``values``, a value as often as wanted, in order."""
    if size == 0:
        return [()]
    return [(v,) + rest for i, v in enumerate(values) for rest in _multisets(values[i:], size - 1)]


@dataclass(frozen=True, slots=True)
class Spell:
    """One spell of the book."""

    spell_id: str
    name: str
    category: str
    tier: int                 # phase-1 order for counter spells (6 first); Paralysis at an ally is tier 3
    pattern: Pattern
    targets: str              # any | opponent | self
    text: str
    per_die_targets: bool = False
    damage_per_die: int = 0
    damage: int = 0
    split: int = 0
    kill: bool = False
    paralyse: int = 0
    heal: int = 0
    shield: str = ""          # "" | extra_die | pair
    counter: bool = False
    mirror: bool = False
    shell: bool = False
    ally_kind: str = ""
    ally_hp: int = 0
    poison_dice: int = 0

    @property
    def phase(self) -> int:
        """The phase the spell resolves in when cast at a wizard."""
        return PHASES[self.category]

    @property
    def most_targets(self) -> int:
        """How many distinct targets one cast may have."""
        if self.per_die_targets:
            return self.pattern.most
        return 2 if self.split else 1


class SpellBook:
    """The spells in book order, by id."""

    def __init__(self, spells: Iterable[Spell]) -> None:
        self.spells = tuple(spells)
        self._by_id = {spell.spell_id: spell for spell in self.spells}

    def __getitem__(self, spell_id: str) -> Spell:
        return self._by_id[spell_id]

    def __contains__(self, spell_id: str) -> bool:
        return spell_id in self._by_id

    def formable(self, dice: Iterable[int], loose: bool = False) -> list[Spell]:
        """The spells some of ``dice`` can form (the book's highlight as dice are kept); ``loose``: the
        loose patterns option."""
        counts = Counter(dice)
        return [spell for spell in self.spells if spell.pattern.forms(counts, loose)]

    def exactly(self, dice: Iterable[int], loose: bool = False) -> list[Spell]:
        """The spells that use all of ``dice`` (a selection on the table); ``loose``: the loose patterns
        option."""
        chosen = tuple(dice)
        counts = Counter(chosen)
        return [spell for spell in self.spells
                if any(len(form) == len(chosen) for form in spell.pattern.forms(counts, loose))]


def _read_spell(item: Reader) -> Spell:
    item.only_keys("id", "name", "category", "tier", "pattern", "targets", "per_die_targets", "effect", "text")
    pattern_reader = item["pattern"].only_keys("type", "n", "value", "min", "max")
    kind = pattern_reader["type"].str(_PATTERNS)
    pattern = Pattern(kind,
                      n=pattern_reader.get("n", 0).int(0, 6),
                      value=pattern_reader.get("value", 0).int(0, 6),
                      least=pattern_reader.get("min", 0).int(0, 6),
                      most=pattern_reader.get("max", 0).int(0, 6))
    if kind in ("n_kind", "straight") and not 2 <= pattern.n <= 6:
        raise pattern_reader["n"].error("n must be 2 to 6")
    if kind == "all_value" and not (1 <= pattern.value <= 6 and 1 <= pattern.least <= pattern.most):
        raise pattern_reader.error("all_value needs value 1..6 and 1 <= min <= max")
    effect = item["effect"].only_keys("damage_per_die", "damage", "split", "kill", "paralyse", "heal", "shield",
                                      "counter", "mirror", "shell", "ally", "poison_dice")
    category = item["category"].str(CATEGORIES)
    tier = item.get("tier", 0).int(0, 6)
    if category == "counter" and tier < 3:
        raise item.error("a counter spell needs a tier (3 to 6: its phase-1 order)")
    ally_kind, ally_hp = "", 0
    if effect.has("ally"):
        ally = effect["ally"].only_keys("kind", "hp")
        ally_kind, ally_hp = ally["kind"].str(), ally["hp"].int(1, 6)
    if (category == "summon") != bool(ally_kind):
        raise item.error("a summon (and only a summon) gives an ally: effect.ally {kind, hp}")
    return Spell(
        spell_id=item["id"].str(), name=item["name"].str(), category=category, tier=tier, pattern=pattern,
        targets=item["targets"].str(TARGET_KINDS), text=item["text"].str(),
        per_die_targets=item.get("per_die_targets", False).bool(),
        damage_per_die=effect.get("damage_per_die", 0).int(0, 6), damage=effect.get("damage", 0).int(0, 20),
        split=effect.get("split", 0).int(0, 20), kill=effect.get("kill", False).bool(),
        paralyse=effect.get("paralyse", 0).int(0, 6), heal=effect.get("heal", 0).int(0, 20),
        shield=effect.get("shield", "").str(("", "extra_die", "pair")), counter=effect.get("counter", False).bool(),
        mirror=effect.get("mirror", False).bool(), shell=effect.get("shell", False).bool(),
        ally_kind=ally_kind, ally_hp=ally_hp, poison_dice=effect.get("poison_dice", 0).int(0, 6))


@lru_cache(maxsize=4)
def _read(path: Path) -> SpellBook:
    root = Reader.from_file(path).only_keys("spells")
    spells = [_read_spell(item) for item in root["spells"]]
    seen: set[str] = set()
    for spell, item in zip(spells, root["spells"]):
        if spell.spell_id in seen:
            raise item["id"].error(f"spell {spell.spell_id!r} appears twice")
        seen.add(spell.spell_id)
    return SpellBook(spells)


def load_spells(path: Path | None = None) -> SpellBook:
    """The spell book from ``path`` (default: the bundled ``spells.yaml``), read once."""
    return _read(path or data_path("wizard_dice", "spells.yaml"))
