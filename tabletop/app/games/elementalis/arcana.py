"""What an Arcana does, in words for the draft: the short line over the choices, the label of a Minor (the mage
type it makes) and the hover help of each Arcana offered (no pygame)."""

from __future__ import annotations

from tabletop.games.elementalis.elements import ELEMENTS, ETHER, Content
from tabletop.games.elementalis.wording import TYPE_NAMES

__all__ = ["TYPE_LINES", "draft_line", "major_help", "minor_help", "minor_label"]

#: Each mage type in one sentence: how it scores, what its spells cost.
TYPE_LINES = {
    "purist": ("scores only its element: each Ether rolled adds one, each symbol of the element that beats it "
               "takes one away; its level 2 and 3 spells cost 1 less"),
    "elementalist": ("scores both its elements: each Ether rolled adds one to either, each symbol of the element "
                     "that beats one takes one of that away"),
    "harmonist": "scores both its elements and nothing takes any away, but every spell costs 1 more",
    "elitist": ("scores as a Purist (its level 2 and 3 spells cost 1 less); spells of its Major's element cannot "
                "touch it, and it cannot aim at a mage whose Minor is its Major"),
    "creationist": ("turns each Ether rolled into Mana of any colour it chooses and scores its Minor's element; "
                    "it may cast the level-1 spell of every element"),
    "unbound": "has no element at all",
}


def _spells(content: Content, element: str, levels: tuple[int, ...]) -> str:
    return ", ".join(f"{spell.name} ({spell.level})" for spell in content.spells_of(element, levels))


def draft_line(minor: bool, major: str = "") -> str:
    """The short line over the draft's choices (after the prompt): what the Arcana to take does."""
    if not minor:
        return "A Major: the element you score and its three spells (point at one to read them)."
    return (f"With your {major.capitalize()} Major, it decides your mage type and adds a level-1 spell (point at "
            "one to read it).")


def major_help(content: Content, element: str) -> str:
    """Hover help for a Major Arcana offered."""
    if element == ETHER:
        return ("The Ether Major: you become a Creationist (your Minor must be an element). "
                f"A Creationist {TYPE_LINES['creationist']}.")
    return (f"The {element.capitalize()} Major: you score {element} and may cast "
            f"{_spells(content, element, (1, 2, 3))} (the number is the level: the Mana of {element} it costs "
            "before your type changes it). Your Minor, taken next, decides your mage type.")


def minor_label(content: Content, major: str, element: str) -> str:
    """A Minor offered, with the mage type it would make: ``Water Minor: Elementalist``."""
    kind = content.mage_type(major, element) if major else ""
    name = TYPE_NAMES.get(kind, "")
    return f"{element.capitalize()} Minor: {name}" if name else f"Take the {element.capitalize()} Minor"


def minor_help(content: Content, major: str, element: str) -> str:
    """Hover help for a Minor Arcana offered: the type it makes with the mage's Major and the spell it adds."""
    kind = content.mage_type(major, element) if major else ""
    name = TYPE_NAMES.get(kind, kind)
    if element in ELEMENTS:
        spell = content.spells_of(element, (1,))[0]
        adds = f"It adds {spell.name}: {spell.text[0].lower()}{spell.text[1:]}"
    elif kind == "elitist":
        spell = content.spells_of(major, (1,))[0]
        adds = f"It adds a second {spell.name}."
    else:
        adds = ""
    if not major:
        return f"The {element.capitalize()} Minor. {adds}".strip()
    article = "an" if name[:1] in "AEIOU" else "a"
    return (f"The {element.capitalize()} Minor with your {major.capitalize()} Major makes you {article} {name}: "
            f"{article} {name} {TYPE_LINES.get(kind, '')}. {adds}").strip()
