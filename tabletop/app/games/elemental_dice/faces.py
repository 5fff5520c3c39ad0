"""How Elemental Dice cards read on screen: card faces, their badges and accents (their words: :mod:`.help`).

A card's face shows its printed text with die icons; a small card shows its cost,
title and a badge with the gist in icons (``2×[red]`` for Blazing Fire).  The accent
colour is the card's first element (Fire red, Hot Springs green), or its type's
colour for cards without one: the theme's ``ed_<die>`` and ``ed_<type>`` colours
(``data/layouts/theme.yaml``).  Nothing here decides a rule: the words come from the
card data and the rules' own sentences.  This is the one place an Elemental Dice
card's face is made; ``CardArt`` draws it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

from tabletop.app.cards import CardFace
from tabletop.games.elemental_dice.cards import CHANCE, DICE, Card, CardBook, Formula

from .help import card_text

__all__ = ["card_face", "accent", "die_key", "element_colour", "type_colour", "TYPES", "badge", "kind_line",
           "Palette"]

#: The card types, in the legend's order.
TYPES = ("action", "blessing", "passive")
_KIND_WORDS = {"action": "Action: one per turn", "blessing": "Blessing: play any time",
               "passive": "Passive: stays in play"}


class Palette(Protocol):
    """Where colours come from (the app's theme); faces are cached by it."""

    def rgb(self, name: str) -> tuple[int, int, int]:
        """A colour by name."""
        ...

    def __hash__(self) -> int:
        ...


def element_colour(die: str) -> str:
    """The theme's name of a die's colour (rules reference A.2): ``RED`` -> ``ed_red``."""
    return f"ed_{die.lower()}"


def type_colour(kind: str) -> str:
    """The theme's name of the accent of a card without an element, by its type (``ed_card`` if unknown)."""
    return f"ed_{kind}" if kind in TYPES else "ed_card"


def die_key(die: str) -> str:
    """The dice art's name of a rules die: ``RED`` -> ``red``."""
    return die.lower()


def formula_icons(formula: Formula) -> str:
    """A formula in die icons: ``2×[red]``, ``[red]+[brown]``, ``[red]×[purple]``."""
    dice = [f"[{die_key(d)}]" for d in formula.dice]
    if formula.op == "fixed":
        return str(formula.fixed)
    if formula.op == "id":
        return dice[0]
    if formula.op == "twice":
        return f"2×{dice[0]}"
    return f"{dice[0]}{'+' if formula.op == 'add' else '×'}{dice[1]}"


def badge(card: Card, prometheus: int = 3) -> str:
    """The gist of a card in icons, for small faces ("" when words would be needed)."""
    for step in card.steps:
        if step.kind == "damage" and step.formula is not None:
            both = "self" in step.targets
            return f"−{formula_icons(step.formula)}" + (" both" if both else "")
        if step.kind in ("heal", "gain_gold", "self_damage") and step.formula is not None:
            if card.key == "basic-income":
                return "+1 gold"
            sign = {"heal": "+", "gain_gold": "+", "self_damage": "−"}[step.kind]
            unit = {"heal": " HP", "gain_gold": " gold", "self_damage": " HP"}[step.kind]
            return f"{sign}{formula_icons(step.formula)}{unit}"
        if step.kind == "shield":
            against = "multi" if step.against == "multi" else f"[{die_key(step.against)}]"
            return f"[{die_key(step.die)}] vs {against}"
        if step.kind == "buff":
            mult = step.mult or prometheus
            target = "single" if step.against == "single" else f"[{die_key(step.against)}]"
            return f"×{mult} {target}"
    return ""


def kind_line(card: Card) -> str:
    """The line under the title: the card's type and what that means."""
    return _KIND_WORDS.get(card.type, card.type.capitalize())


def accent(card: Card) -> str:
    """The theme's name of a card's accent colour: its first element's, else its type's."""
    for step in card.steps:
        die = (step.formula.dice[0] if step.formula is not None and step.formula.dice else
               step.die or (step.against if step.kind == "buff" and step.against != "single" else ""))
        if die in DICE and not (die == CHANCE and step.kind == "self_damage"):
            return element_colour(die)
    return type_colour(card.type)


@lru_cache(maxsize=512)
def _face(card: Card, prometheus: int, palette: Palette) -> CardFace:
    return CardFace(card.name, text=card_text(card, prometheus), cost=str(card.cost), kind=kind_line(card),
                    accent=palette.rgb(accent(card)), badge=badge(card, prometheus))


def card_face(book: CardBook, card: str, palette: Palette, prometheus: int = 3) -> CardFace:
    """The face of card instance ``card`` (``basic-income~a3`` shows Basic Income), in ``palette``'s colours."""
    return _face(book[card], prometheus, palette)
