"""The content of ElementaliS, read from ``data/elementalis/elements.yaml``: elements, dice faces, spells.

The Elemental Cycle: Earth beats Air, Air beats Water, Water beats Fire, Fire beats Earth.
A face is a word: an element, ``ether``, ``sun``, or a double written ``fire+fire``.

>>> book = load_content()
>>> book.conflict("earth"), book.support["fire"], book.mage_type("earth", "water")
('fire', 'air', 'elementalist')
>>> [book.mage_type(*pair) for pair in (("earth", "earth"), ("earth", "fire"), ("ether", "air"), ("air", "ether"))]
['purist', 'harmonist', 'creationist', 'elitist']
>>> symbols("fire+fire"), symbols("sun")
(('fire', 'fire'), ('sun',))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tabletop.core.data import Reader
from tabletop.paths import data_path

__all__ = ["ELEMENTS", "ETHER", "SUN", "MAGE_TYPES", "Spell", "Content", "load_content", "symbols"]

ELEMENTS = ("fire", "water", "earth", "air")
ETHER = "ether"
SUN = "sun"
MAGE_TYPES = ("elementalist", "harmonist", "purist", "creationist", "elitist", "unbound")
_TARGETS = ("die", "die_or_link", "die_face", "none", "reaction", "mana", "player")


def symbols(face: str) -> tuple[str, ...]:
    """The symbols a face shows (a double shows two)."""
    return tuple(face.split("+"))


@dataclass(frozen=True, slots=True)
class Spell:
    """One spell of an element's card."""

    spell_id: str
    name: str
    element: str
    level: int
    target: str
    text: str
    most: int = 0          # Incinerate, Tornado: how many Mana at most


class Content:
    """Elements, their cycle, the dice faces and the spells."""

    def __init__(self, beats: dict[str, str], colours: dict[str, str], support: dict[str, str],
                 classical: dict[str, str], dice: dict[str, tuple[str, ...]], spells: tuple[Spell, ...]) -> None:
        self.beats = beats
        self.colours = colours
        self.support = support
        self.classical = classical
        self.dice = dice
        self.spells = spells
        self._by_id = {spell.spell_id: spell for spell in spells}
        # Asked on every legal move and every cost: worked out once per pair.
        self._spells_of: dict[tuple[str, tuple[int, ...]], tuple[Spell, ...]] = {}
        self._types: dict[tuple[str, str], str] = {}

    def conflict(self, element: str) -> str:
        """The element that beats ``element`` in the Elemental Cycle."""
        return next(other for other, beaten in self.beats.items() if beaten == element)

    def spell(self, spell_id: str) -> Spell:
        return self._by_id[spell_id]

    def spells_of(self, element: str, levels: tuple[int, ...] = (1, 2, 3)) -> tuple[Spell, ...]:
        key = (element, levels)
        found = self._spells_of.get(key)
        if found is None:
            found = self._spells_of[key] = tuple(s for s in self.spells if s.element == element and s.level in levels)
        return found

    def mage_type(self, major: str, minor: str) -> str:
        """The mage type of a (Major, Minor) pair (B1's table; Ether/Ether is "unbound", E-15)."""
        key = (major, minor)
        found = self._types.get(key)
        if found is None:
            found = self._types[key] = self._mage_type(major, minor)
        return found

    def _mage_type(self, major: str, minor: str) -> str:
        if major == ETHER:
            return "unbound" if minor == ETHER else "creationist"
        if minor == ETHER:
            return "elitist"
        if minor == major:
            return "purist"
        if minor == self.support[major]:
            return "elementalist"
        return "harmonist"


def _read(path: Path) -> Content:
    root = Reader.from_file(path).only_keys("elements", "support", "classical", "dice", "spells")
    beats, colours = {}, {}
    for name in ELEMENTS:
        item = root["elements"][name].only_keys("colour", "beats")
        colours[name] = item["colour"].str()
        beats[name] = item["beats"].str(ELEMENTS)
    if sorted(beats.values()) != sorted(ELEMENTS):
        raise root["elements"].error("each element must beat exactly one other")
    support = {name: root["support"][name].str(ELEMENTS) for name in ELEMENTS}
    classical = {name: root["classical"][name].str(ELEMENTS) for name in ELEMENTS}
    faces_known = set(ELEMENTS) | {ETHER, SUN}
    dice: dict[str, tuple[str, ...]] = {}
    for name, item in root["dice"].items():
        faces = tuple(face.str() for face in item)
        if len(faces) != 6:
            raise item.error("a die has 6 faces")
        for face, reader in zip(faces, item):
            if not set(symbols(face)) <= faces_known:
                raise reader.error(f"{face!r} is not a face (an element, ether, sun, or a double like fire+fire)")
        dice[name] = faces
    for needed in (*ELEMENTS, SUN):
        if needed not in dice:
            raise root["dice"].error(f"the {needed} die is missing")
    spells = []
    for element in ELEMENTS:
        for item in root["spells"][element]:
            item.only_keys("level", "id", "name", "target", "text", "most")
            spells.append(Spell(item["id"].str(), item["name"].str(), element, item["level"].int(1, 3),
                                item["target"].str(_TARGETS), item["text"].str(), item.get("most", 0).int(0, 20)))
    return Content(beats, colours, support, classical, dice, tuple(spells))


@lru_cache(maxsize=4)
def _cached(path: Path) -> Content:
    return _read(path)


def load_content(path: Path | None = None) -> Content:
    """The bundled content (or ``path``), read once."""
    return _cached(path or data_path("elementalis", "elements.yaml"))
