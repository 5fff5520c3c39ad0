"""How Elemental Dice cards and dice read on screen: card faces, their badges, and help texts.

A card's face shows its printed text with die icons; a small card shows its cost,
title and a badge with the gist in icons (``2×[red]`` for Blazing Fire).  The accent
colour is the card's first element (Fire red, Hot Springs green), or its type's
colour for cards without one.  Nothing here decides a rule: the words come from the
card data and the rules' own sentences.
"""

from __future__ import annotations

from functools import lru_cache

from tabletop.app.cards import CardFace
from tabletop.games.elemental_dice.cards import CHANCE, Card, CardBook, Formula
from tabletop.games.elemental_dice.wording import die_name

__all__ = ["card_face", "die_key", "die_help", "TYPE_COLOURS", "ELEMENT_COLOURS", "badge", "kind_line"]

#: The die colours of the rules reference (A.2), by die.
ELEMENT_COLOURS = {"RED": (211, 47, 47), "BROWN": (123, 74, 38), "BLUE": (47, 111, 214), "GREEN": (46, 158, 68),
                   "PURPLE": (160, 60, 140), "YELLOW": (242, 197, 0), "ORANGE": (240, 138, 0)}
#: Accents of cards without an element, by type.
TYPE_COLOURS = {"action": (92, 84, 140), "blessing": (196, 150, 52), "passive": (46, 122, 120)}
_KIND_WORDS = {"action": "Action: one per turn", "blessing": "Blessing: play any time",
               "passive": "Passive: stays in play"}
_DIE_WORDS = {
    "RED": "Fire cards deal red damage; Water Reservoirs shields against it.",
    "BROWN": "Earth cards deal brown damage and shield (Solid Infrastructure) against water.",
    "BLUE": "Water cards hit both players; Water Reservoirs shields with it.",
    "GREEN": "Nature cards heal; Natural Forests shields with it against earth.",
    "PURPLE": "Magic multiplies (red × purple); Magical Barrier shields with it.",
    "YELLOW": "Gold cards gain this much gold.",
    "ORANGE": "Rerolled every time a card reads it; no card may set it.",
}


def die_key(die: str) -> str:
    """The dice art's name of a rules die: ``RED`` -> ``red``."""
    return die.lower()


def die_help(die: str, value: int) -> str:
    """What a die is and does, for its tooltip."""
    name = die_name(die)
    return f"The {name} die shows {value}. {_DIE_WORDS.get(die, '')}"


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


def _accent(card: Card) -> tuple[int, int, int]:
    for step in card.steps:
        die = (step.formula.dice[0] if step.formula is not None and step.formula.dice else
               step.die or (step.against if step.kind == "buff" and step.against != "single" else ""))
        if die in ELEMENT_COLOURS and not (die == CHANCE and step.kind == "self_damage"):
            return ELEMENT_COLOURS[die]
    return TYPE_COLOURS.get(card.type, (138, 106, 28))


@lru_cache(maxsize=512)
def _face(card: Card, prometheus: int) -> CardFace:
    text = card.text
    if prometheus != 3 and "Triple" in text:
        text = text.replace("Triple", "Double" if prometheus == 2 else f"Multiply by {prometheus}")
    if any(step.kind == "buff" for step in card.steps):
        # The reference's ruling E8: a buff lasts to the end of its owner's turn.
        text += " Lasts until the end of your turn (played in your opponent's turn: your next turn)."
    return CardFace(card.name, text=text, cost=str(card.cost), kind=kind_line(card), accent=_accent(card),
                    badge=badge(card, prometheus))


def card_face(book: CardBook, card: str, prometheus: int = 3) -> CardFace:
    """The face of card instance ``card`` (``basic-income~a3`` shows Basic Income)."""
    return _face(book[card], prometheus)
