"""ElementaliS: push-your-luck element dice for 2 to 5 mages (Robert C. Kalajian Jr., 2009).

Each mage holds a Major and a Minor Arcana; the pair makes the mage's type (Elementalist,
Harmonist, Purist, Creationist, Elitist), and the type says how a roll of the five element dice
turns into Mana.  A turn pushes its luck from the Power Roll to the Chance Roll (a Sun loses
everything) and the Cosmic Roll; an empty Channel lets the others oppose; spells, paid with
Mana, bend the dice.  Six rounds, most Mana wins.  The rulings implemented are those of
``shared/rules/elementalis.md``; ``rules.py`` holds the turn and ``scoring.py`` the arithmetic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import ElementaliSRules

__all__ = ["make_rules"]


def make_rules() -> "ElementaliSRules":
    """The ElementaliS rules, with the content read from ``data/elementalis/elements.yaml``."""
    from .rules import ElementaliSRules

    return ElementaliSRules()
