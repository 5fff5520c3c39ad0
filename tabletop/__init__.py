"""Dice Tabletop: five dice games on one screen, pass-and-play.

``tabletop.core`` and ``tabletop.games`` hold the rules (pure, no pygame);
``tabletop.app`` puts them on screen.
"""

__version__ = "0.1.0"
