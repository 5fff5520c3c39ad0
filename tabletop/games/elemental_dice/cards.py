"""The cards of Elemental Dice, read from ``data/elemental_dice/cards.yaml`` into typed values.

A card's effect is a list of steps the rules run in order.  The vocabulary:

=========================  ====================================================================
``damage``                 deal a formula's damage ``to: [opponent]`` or ``[self, opponent]``
``heal`` / ``gain_gold``   restore HP / gain gold by a formula (a number alone: a fixed amount)
``self_damage``            damage dealt to oneself (gold for it, own buffs apply, no shields)
``shield``                 ``{die: BLUE, against: RED}`` or ``against: multi`` (Magical Barrier)
``paid_shield``            Paid Militia: pay 1 gold per damage prevented
``buff``                   ``{element: RED | single, mult: 2 | 3 | prometheus}``
``reroll`` N               reroll one chosen die, up to N times (the last roll stands)
``adjust``                 ``{least, most}``: change one die by least..most, no wrap-around
``flip`` / ``swap``        one die to 7 - value / swap two dice's values
``draw`` N                 draw N cards
``look``                   ``{at: opponent_hand | opponent_facedown | own_draw | opponent_draw | shop_draw, top: N}``
``reorder``                ``own_draw`` or ``opponent_draw``: put that pile in any order
``tutor``                  take any card of one's draw or discard pile into hand, then shuffle the draw pile
``opponent_discards``      ``{from: hand | facedown, count}``: the opponent chooses and discards
``discard`` N              discard N cards of one's own hand (all if fewer)
``extra_actions`` N        N more actions this turn
``remove``                 ``{up_to, from: [hand, discard, this]}``: remove cards from the game
``veto``                   cancel a pending Action of the opponent; this card is then removed
``wish``                   take any shop card for free, then shuffle the shop's draw pile
``passive``                a passive's name (the rules look them up by name)
=========================  ====================================================================

Dice: RED fire, BROWN earth, BLUE water, GREEN nature, PURPLE magic, YELLOW gold, ORANGE chance.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from tabletop.core.data import Reader
from tabletop.paths import data_path

__all__ = ["DICE", "CONTROLLABLE", "CHANCE", "Formula", "Step", "Card", "CardBook", "load_cards", "PASSIVES",
           "card_key"]

DICE = ("RED", "BROWN", "BLUE", "GREEN", "PURPLE", "YELLOW", "ORANGE")
#: Dice-control cards may target these; never the chance die.
CONTROLLABLE = DICE[:6]
CHANCE = "ORANGE"
PASSIVES = ("deep_pockets", "express_shipping", "reroller", "big_handed", "spacious_table", "cheapskate",
            "proactive", "at_what_cost", "truly_blessed", "chance_control")
_TYPES = ("action", "blessing", "passive")
_LOOKS = ("opponent_hand", "opponent_facedown", "own_draw", "opponent_draw", "shop_draw")
_FORMULA = re.compile(r"^(?:(?P<n>\d+)x(?P<twice>[A-Z]+)|(?P<a>[A-Z]+)(?P<op>[+x])(?P<b>[A-Z]+)|(?P<one>[A-Z]+)"
                      r"|(?P<fixed>\d+))$")


def card_key(card: str) -> str:
    """The card kind of a card instance: ``basic-income~a3`` -> ``basic-income``; a shop card is its key.

    >>> card_key("basic-income~b8"), card_key("fire")
    ('basic-income', 'fire')
    """
    return card.split("~", 1)[0]


@dataclass(frozen=True, slots=True)
class Formula:
    """A card's strength: ``op`` is ``id`` (a die), ``twice`` (2 x a die), ``add``, ``mul`` or ``fixed``.

    >>> Formula.parse("REDxPURPLE"), Formula.parse("2xORANGE").dice
    (Formula(op='mul', dice=('RED', 'PURPLE'), fixed=0), ('ORANGE',))
    >>> Formula.parse("RED+BROWN").evaluate({"RED": 3, "BROWN": 2}), Formula.parse("1").evaluate({})
    (5, 1)
    """

    op: str
    dice: tuple[str, ...]
    fixed: int = 0

    @classmethod
    def parse(cls, text: str) -> "Formula":
        """A formula from its text (ValueError if it is none)."""
        match = _FORMULA.match(text.strip())
        if not match:
            raise ValueError(f"{text!r} is not a formula like RED, 2xRED, RED+BROWN or REDxPURPLE")
        parts = match.groupdict()
        if parts["fixed"]:
            return cls("fixed", (), int(parts["fixed"]))
        if parts["twice"]:
            if parts["n"] != "2":
                raise ValueError(f"{text!r}: only 2x a die is known")
            found = cls("twice", (parts["twice"],))
        elif parts["one"]:
            found = cls("id", (parts["one"],))
        else:
            found = cls("add" if parts["op"] == "+" else "mul", (parts["a"], parts["b"]))
        unknown = [die for die in found.dice if die not in DICE]
        if unknown:
            raise ValueError(f"{text!r}: {unknown[0]} is not a die ({', '.join(DICE)})")
        return found

    @property
    def elements(self) -> frozenset[str]:
        """The distinct dice it reads."""
        return frozenset(self.dice)

    @property
    def multi_element(self) -> bool:
        """Two different dice (A.4.3): what Magical Barrier shields."""
        return len(self.elements) >= 2

    def evaluate(self, terms: dict[str, int]) -> int:
        """The raw strength from term values (after any shield reductions)."""
        if self.op == "fixed":
            return self.fixed
        if self.op == "id":
            return terms[self.dice[0]]
        if self.op == "twice":
            return 2 * terms[self.dice[0]]
        first, second = terms[self.dice[0]], terms[self.dice[1]]
        return first + second if self.op == "add" else first * second

    def to_text(self) -> str:
        """The formula as written in the data."""
        if self.op == "fixed":
            return str(self.fixed)
        if self.op == "id":
            return self.dice[0]
        if self.op == "twice":
            return f"2x{self.dice[0]}"
        return f"{self.dice[0]}{'+' if self.op == 'add' else 'x'}{self.dice[1]}"


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a card's effect: its kind and its few parameters."""

    kind: str
    formula: Formula | None = None
    targets: tuple[str, ...] = ()     # damage: opponent, self; remove: hand, discard, this
    die: str = ""                     # shield die
    against: str = ""                 # shield: a die or "multi"; buff: element or "single"
    mult: int = 0                     # buff multiplier (0: the prometheus option)
    count: int = 0                    # reroll, draw, look top, discard, actions, up_to
    least: int = 0
    zone: str = ""                    # look at, reorder pile, opponent_discards from, passive name


@dataclass(frozen=True, slots=True)
class Card:
    """A kind of card."""

    key: str
    name: str
    type: str
    cost: int
    text: str
    steps: tuple[Step, ...]
    starter: int = 0
    lost_page: bool = False

    @property
    def passive(self) -> str:
        """The passive's name ("" for a card that is not a passive)."""
        return self.steps[0].zone if self.type == "passive" else ""

    @property
    def lasting(self) -> bool:
        """A shield or buff: it stays in its owner's play area while in force."""
        return any(step.kind in ("shield", "paid_shield", "buff") for step in self.steps)

    @property
    def element_formula(self) -> Formula | None:
        """The formula of a damage, heal or gold card (None otherwise)."""
        return next((step.formula for step in self.steps if step.formula is not None), None)


class CardBook:
    """Every card kind, by key."""

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        self.by_key = {card.key: card for card in cards}

    def __getitem__(self, card: str) -> Card:
        return self.by_key[card_key(card)]

    def shop(self, include_lost_page: bool) -> tuple[str, ...]:
        """The keys of the shop deck: every card that is not a starter (the lost page if included)."""
        return tuple(card.key for card in self.cards
                     if not card.starter and (include_lost_page or not card.lost_page))

    def starters(self) -> tuple[Card, ...]:
        """The cards of each starting deck."""
        return tuple(card for card in self.cards if card.starter)


def _formula(reader: Reader) -> Formula:
    try:
        return Formula.parse(str(reader.data))
    except ValueError as exc:
        raise reader.error(str(exc)) from None


def _step(reader: Reader) -> Step:
    """One effect step from ``{kind: parameters}``."""
    if len(reader.keys()) != 1:
        raise reader.error("a step is one mapping like {draw: 2}")
    kind, value = next(iter(reader.items()))
    if kind in ("heal", "gain_gold", "self_damage"):
        return Step(kind, formula=_formula(value))
    if kind == "damage":
        value.only_keys("formula", "to")
        targets = tuple(item.str(("opponent", "self")) for item in value["to"])
        return Step(kind, formula=_formula(value["formula"]), targets=targets)
    if kind == "shield":
        value.only_keys("die", "against")
        return Step(kind, die=value["die"].str(DICE), against=value["against"].str((*DICE, "multi")))
    if kind == "paid_shield":
        return Step(kind)
    if kind == "buff":
        value.only_keys("element", "mult")
        mult = 0 if value["mult"].data == "prometheus" else value["mult"].int(2, 3)
        return Step(kind, against=value["element"].str((*DICE, "single")), mult=mult)
    if kind in ("reroll", "draw", "discard", "extra_actions"):
        return Step(kind, count=value.int(1, 10))
    if kind == "adjust":
        value.only_keys("least", "most")
        return Step(kind, least=value["least"].int(0, 5), count=value["most"].int(1, 5))
    if kind in ("flip", "swap", "tutor", "veto", "wish"):
        return Step(kind)
    if kind == "look":
        value.only_keys("at", "top")
        return Step(kind, zone=value["at"].str(_LOOKS), count=value.get("top", 0).int(0, 20))
    if kind == "reorder":
        return Step(kind, zone=value.str(("own_draw", "opponent_draw")))
    if kind == "opponent_discards":
        value.only_keys("from", "count")
        return Step(kind, zone=value["from"].str(("hand", "facedown")), count=value["count"].int(1, 10))
    if kind == "remove":
        value.only_keys("up_to", "from")
        return Step(kind, count=value["up_to"].int(1, 10),
                    targets=tuple(item.str(("hand", "discard", "this")) for item in value["from"]))
    if kind == "passive":
        return Step(kind, zone=value.str(PASSIVES))
    raise reader.error(f"unknown step {kind!r}")


def _read(path: Path) -> CardBook:
    root = Reader.from_file(path).only_keys("cards")
    cards: list[Card] = []
    seen: set[str] = set()
    for item in root["cards"]:
        item.only_keys("key", "name", "type", "cost", "text", "effect", "starter", "lost_page")
        key = item["key"].str()
        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", key):
            raise item["key"].error(f"{key!r} is not a key like heavy-rain")
        if key in seen:
            raise item["key"].error(f"the key {key!r} is used twice")
        seen.add(key)
        steps = tuple(_step(step) for step in item["effect"])
        card = Card(key, item["name"].str(), item["type"].str(_TYPES), item["cost"].int(0, 99), item["text"].str(),
                    steps, item.get("starter", 0).int(0, 20), item.get("lost_page", False).bool())
        if card.type == "passive" and (len(steps) != 1 or steps[0].kind != "passive"):
            raise item["effect"].error("a passive card's effect is one passive step")
        if card.type != "passive" and any(step.kind == "passive" for step in steps):
            raise item["effect"].error("only a passive card has a passive step")
        cards.append(card)
    if not any(card.starter for card in cards):
        raise root["cards"].error("no starter card: the starting decks would be empty")
    return CardBook(tuple(cards))


@lru_cache(maxsize=4)
def load_cards(path: Path | None = None) -> CardBook:
    """The cards from ``path`` (default: the bundled ``cards.yaml``), read once."""
    return _read(path or data_path("elemental_dice", "cards.yaml"))

