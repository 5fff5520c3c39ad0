"""The Dice Cards content: archetypes, their abilities and the starter decks, read from YAML.

``data/dice_cards/archetypes.yaml`` holds the six house archetypes of the rules
reference (C.4).  An ability is data in a small effect vocabulary (listed at the
top of that file); the rules core knows each effect word, never an ability's name,
so a new archetype that only combines known effects is a YAML entry.

An ability is named ``ARCHETYPE.n`` (``CINDER.3`` is Dragonfire), n its number 1-3:
the value its tokens show.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from tabletop.core.data import Reader
from tabletop.paths import data_path

__all__ = ["Cost", "CostPart", "Ability", "Archetype", "Content", "load_content", "parse_cost",
           "KINDS", "SPECIAL_SUMMONS", "EFFECTS"]

KINDS = ("regular", "equip", "field", "ritual", "fusion", "realm", "relic")
SPECIAL_SUMMONS = ("ritual", "fusion", "realm", "relic")
SETS = {"single": 1, "doubles": 2, "triples": 3, "flush": 6}
BANDS = {"any": (1, 2, 3, 4, 5, 6), "high": (4, 5, 6), "low": (1, 2, 3)}

# Each effect word and the keys it takes (with their defaults).
EFFECTS: dict[str, dict[str, Any]] = {
    "strike_first": {"target": "own_unit_of_type"},
    "equip": {"target": "own_unit_of_type", "power": 0, "power_defending": 0, "battle_damage": 0, "stack": 1,
              "until": ""},
    "damage": {"amount": "caster_power", "target": "enemy_unit_or_player"},
    "destroy_unit": {"most_power": 5},
    "destroy_units": {"most_power": 4},
    "break_shield": {},
    "mend_shield": {"amount": 3, "most": 6},
    "new_shield": {"power": 3, "below": 3},
    "shield_ward": {"amount": 1},
    "raise_from_grave": {"banish": 1, "take": 1},
    "extra_unit": {"power": 1},
    "capture": {},
    "opponent_discards": {"count": 1},
    "ritual": {"discard": 1, "power": "full"},
    "fusion": {"sacrifice": [1, 2]},
    "realm": {"adjust_energy": 1},
    "relic": {"power": 2},
}
_CHOICES = {"target": ("own_unit_of_type", "own_unit", "relic_host", "enemy_unit_or_player"),
            "amount": None, "until": ("", "your_next_turn"), "power": None}
_KIND_EFFECTS = {"ritual": ("ritual",), "fusion": ("fusion",), "realm": ("realm",), "relic": ("relic",),
                 "equip": ("equip",), "field": ("shield_ward",)}


@dataclass(frozen=True)
class CostPart:
    """One set of energy tokens: ``size`` tokens (1, 2, 3 equal values; 6 a Flush) with values in ``band``."""

    size: int
    band: str = "any"

    @property
    def values(self) -> tuple[int, ...]:
        return BANDS[self.band]

    def __str__(self) -> str:
        name = {1: "Single", 2: "Doubles", 3: "Triples", 6: "Flush"}[self.size]
        return name if self.band == "any" else f"{self.band.capitalize()} {name}"


Cost = tuple[CostPart, ...]


def parse_cost(text: str) -> Cost:
    """``"high doubles + single"`` -> its parts; ``""`` -> no energy.

    >>> [str(p) for p in parse_cost("high doubles + single")]
    ['High Doubles', 'Single']
    """
    parts = []
    for word in (w.strip() for w in text.lower().split("+")):
        if not word:
            continue
        pieces = word.split()
        band = "any"
        if len(pieces) == 2 and pieces[0] in BANDS:
            band, pieces = pieces[0], pieces[1:]
        if len(pieces) != 1 or pieces[0] not in SETS:
            raise ValueError(f"{word!r} is not an energy set (single, doubles, triples or flush, "
                             "each may say high or low)")
        if pieces[0] == "flush" and band != "any":
            raise ValueError("a Flush is every face once: it cannot be high or low")
        parts.append(CostPart(SETS[pieces[0]], band))
    return tuple(parts)


@dataclass(frozen=True)
class Ability:
    """One ability of an archetype, as the YAML describes it."""

    archetype: str
    n: int
    name: str
    kind: str
    cost: Cost
    once_per_turn: bool
    modes: tuple[tuple[str, Mapping[str, Any]], ...]     # (effect word, its keys); several: the player picks
    text: str

    @property
    def ability_id(self) -> str:
        return f"{self.archetype}.{self.n}"

    @property
    def effect(self) -> str:
        """The effect word of a one-mode ability (the first mode's otherwise)."""
        return self.modes[0][0]

    def arg(self, key: str, mode: int = 0) -> Any:
        return self.modes[mode][1][key]

    @property
    def cost_text(self) -> str:
        return " + ".join(str(part) for part in self.cost) or "no energy"


@dataclass(frozen=True)
class Archetype:
    archetype_id: str
    name: str
    colour: str            # "#rrggbb", the dice colour
    colour_name: str
    symbol: str
    has_units: bool
    abilities: tuple[Ability, ...]

    def ability(self, n: int) -> Ability:
        return self.abilities[n - 1]


@dataclass(frozen=True)
class Content:
    archetypes: Mapping[str, Archetype]
    starter_decks: Mapping[str, tuple[str, ...]]
    _abilities: Mapping[str, Ability] = field(default_factory=dict)

    def ability(self, ability_id: str) -> Ability:
        return self._abilities[ability_id]

    def has_ability(self, ability_id: str) -> bool:
        return ability_id in self._abilities

    def abilities_of(self, archetypes: Iterable[str]) -> tuple[Ability, ...]:
        return tuple(a for arch in archetypes for a in self.archetypes[arch].abilities)

    def name(self, archetype: str) -> str:
        return self.archetypes[archetype].name if archetype in self.archetypes else "typeless"


def _read_mode(word: str, item: Reader) -> tuple[str, Mapping[str, Any]]:
    if word not in EFFECTS:
        raise item.error(f"{word!r} is not an effect (one of {', '.join(EFFECTS)})")
    defaults = EFFECTS[word]
    item.only_keys(*defaults)
    keys: dict[str, Any] = {}
    for key, default in defaults.items():
        if not item.has(key):
            keys[key] = default
            continue
        reader = item[key]
        if isinstance(default, list):
            keys[key] = reader.ints(2, 0, 5)
        elif isinstance(default, int) and not isinstance(default, bool):
            keys[key] = reader.int(0, 18)
        else:
            choices = _CHOICES.get(key)
            keys[key] = reader.str(choices if choices else None)
    return word, keys


def _read(path: Path) -> Content:
    root = Reader.from_file(path).only_keys("archetypes", "starter_decks")
    archetypes: dict[str, Archetype] = {}
    abilities: dict[str, Ability] = {}
    for arch_id, item in root["archetypes"].items():
        item.only_keys("name", "colour", "colour_name", "symbol", "units", "abilities")
        if not arch_id.isupper() or not arch_id.isalpha():
            raise item.error(f"an archetype id is one word in capitals, not {arch_id!r}")
        own = []
        for number, ab in enumerate(item["abilities"], start=1):
            ab.only_keys("n", "name", "kind", "cost", "once_per_turn", "effect", "text")
            if ab["n"].int(1, 3) != number:
                raise ab["n"].error(f"abilities are numbered 1, 2, 3 in order; expected {number}")
            kind = ab["kind"].str(KINDS)
            try:
                cost = parse_cost(ab.get("cost", "").str())
            except ValueError as exc:
                raise ab["cost"].error(str(exc)) from None
            if kind in SPECIAL_SUMMONS and cost:
                raise ab["cost"].error("a special summon spends the summon action and a hand die, not energy")
            if kind not in SPECIAL_SUMMONS and not cost:
                raise ab.error("an activated ability needs an energy cost")
            effect = ab["effect"]
            words = effect.keys()
            if words == ["choose"]:
                modes = []
                for option in effect["choose"]:
                    option_words = option.keys()
                    if len(option_words) != 1:
                        raise option.error("each choice is one effect")
                    modes.append(_read_mode(option_words[0], option[option_words[0]]))
            elif len(words) == 1:
                modes = [_read_mode(words[0], effect[words[0]])]
            else:
                raise effect.error("an effect is one effect word, or choose: [a list of them]")
            wanted = _KIND_EFFECTS.get(kind)
            if wanted and (len(modes) != 1 or modes[0][0] not in wanted):
                raise effect.error(f"a {kind} ability has the effect {' or '.join(wanted)}")
            if not wanted and any(word in ("ritual", "fusion", "realm", "relic", "equip", "shield_ward")
                                  for word, _ in modes):
                raise effect.error(f"the effect {modes[0][0]!r} belongs to its own kind of ability, not {kind}")
            ability = Ability(arch_id, number, ab["name"].str(), kind, cost,
                              ab.get("once_per_turn", False).bool(), tuple(modes), ab["text"].str())
            own.append(ability)
            abilities[ability.ability_id] = ability
        if not 1 <= len(own) <= 3:
            raise item["abilities"].error("an archetype has 1 to 3 abilities")
        colour = item["colour"].str()
        if len(colour) != 7 or not colour.startswith("#"):
            raise item["colour"].error("a colour is written #rrggbb")
        archetypes[arch_id] = Archetype(arch_id, item["name"].str(), colour, item["colour_name"].str(),
                                        item["symbol"].str(), item["units"].bool(), tuple(own))
        if not archetypes[arch_id].has_units and not any(a.kind in ("realm", "relic") for a in own):
            raise item.error("an archetype without units needs a realm or relic ability to act through")
    decks = {}
    for name, deck in root["starter_decks"].items():
        ids = tuple(d.str(tuple(archetypes)) for d in deck)
        if not 1 <= len(ids) <= 3 or len(set(ids)) != len(ids):
            raise deck.error("a deck is 1 to 3 different archetypes")
        decks[name] = ids
    return Content(archetypes, decks, abilities)


@lru_cache(maxsize=4)
def _cached(path: Path) -> Content:
    return _read(path)


def load_content(path: Path | None = None) -> Content:
    """The bundled archetypes (or those of ``path``), read once."""
    return _cached(path or data_path("dice_cards", "archetypes.yaml"))
