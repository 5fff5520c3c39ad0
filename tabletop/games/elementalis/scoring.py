"""Scoring a roll of ElementaliS by mage type (rules reference B2 item 3, E-4, E-5): pure, with the seed's examples.

``counts`` maps each symbol (an element, ``ether``, ``sun``) to how many the scoring dice show
(doubles count 2).  A roll's result is a net per element (negative: a drain of that element from
the Channel as it stood before the roll) and, for a Creationist, Mana of the player's choice.

Appendix B, Example 2 (Fire 1, Air 2, Earth 1, Water 1, Ether 1):

>>> from .elements import load_content
>>> content = load_content()
>>> counts = {"fire": 1, "air": 2, "earth": 1, "water": 1, "ether": 1}
>>> score(content, "purist", "earth", "earth", counts, sun=False)
Result(nets={'earth': 1}, choice=0)
>>> score(content, "harmonist", "fire", "water", counts, sun=False)          # erratum E-22: 1 Fire, 1 Water
Result(nets={'fire': 1, 'water': 1}, choice=0)
>>> score(content, "creationist", "ether", "air", counts, sun=False)
Result(nets={'air': 2}, choice=1)
>>> score(content, "elementalist", "fire", "air", counts, sun=False, ether_to_major=0)
Result(nets={'fire': 0, 'air': 2}, choice=0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .elements import ETHER, Content

__all__ = ["Result", "score", "apply_to_channel", "best_split", "opposition_net"]


@dataclass(frozen=True)
class Result:
    """Net by element (negative: drain) and Mana of choice (Creationists)."""

    nets: dict[str, int] = field(default_factory=dict)
    choice: int = 0


def _conflict_count(content: Content, counts: Mapping[str, int], element: str, sun: bool) -> int:
    return 0 if sun else counts.get(content.conflict(element), 0)


def score(content: Content, mage_type: str, major: str, minor: str, counts: Mapping[str, int], sun: bool,
          ether_to_major: int | None = None, creationist_opposition: str = "classical") -> Result:
    """The result of a roll for a mage (``sun``: the Sun shows on a Power Roll).

    An Elementalist splits the Ethers: ``ether_to_major`` of them to the Major, the rest to the Minor.
    """
    ether = counts.get(ETHER, 0)
    if mage_type == "elementalist":
        to_major = ether if ether_to_major is None else ether_to_major
        return Result({major: counts.get(major, 0) + to_major - _conflict_count(content, counts, major, sun),
                       minor: counts.get(minor, 0) + (ether - to_major) - _conflict_count(content, counts, minor, sun)})
    if mage_type in ("purist", "elitist"):
        return Result({major: counts.get(major, 0) + ether - _conflict_count(content, counts, major, sun)})
    if mage_type == "harmonist":
        return Result({major: counts.get(major, 0), minor: counts.get(minor, 0)})
    choice = max(0, ether - (1 if sun else 0))
    if mage_type == "unbound":
        return Result({}, choice)
    opposing = content.classical[minor] if creationist_opposition == "classical" else content.conflict(minor)
    # The Sun does not lift a Creationist's opposition: it only reduces the Mana of choice (E-5, E-6).
    return Result({minor: counts.get(minor, 0) + ether - counts.get(opposing, 0)}, choice)


def apply_to_channel(channel: Mapping[str, int], nets: Mapping[str, int]) -> tuple[dict[str, int], dict[str, int]]:
    """(the Channel after, what each negative net drained): drains come off the Channel as it stood before
    the roll, never below what is there; then every positive net is added (E-4).

    >>> apply_to_channel({"fire": 2, "air": 1}, {"fire": -3, "air": -1})
    ({'fire': 0, 'air': 0}, {'fire': 2, 'air': 1})
    >>> apply_to_channel({"fire": 1}, {"fire": 0, "air": 3})
    ({'fire': 1, 'air': 3}, {})
    """
    after = dict(channel)
    drained: dict[str, int] = {}
    for element, net in nets.items():
        if net < 0:
            taken = min(-net, after.get(element, 0))
            if taken:
                after[element] = after.get(element, 0) - taken
                drained[element] = taken
    for element, net in nets.items():
        if net > 0:
            after[element] = after.get(element, 0) + net
    return after, drained


def best_split(content: Content, major: str, minor: str, counts: Mapping[str, int], sun: bool,
               channel: Mapping[str, int]) -> int:
    """The Elementalist's split that keeps the most Mana (the screen's default, E-5); ties: more to the Major.

    Test 9: Channel {Fire 1, Air 1}, counts Fire 0, Water 1, Air 3, Ether 1: the Ether goes to Fire.

    >>> from .elements import load_content
    >>> best_split(load_content(), "fire", "air", {"water": 1, "air": 3, "ether": 1}, False, {"fire": 1, "air": 1})
    1
    """
    best, best_total = 0, None
    for to_major in range(counts.get(ETHER, 0), -1, -1):
        nets = score(content, "elementalist", major, minor, counts, sun, to_major).nets
        total = sum(apply_to_channel(channel, nets)[0].values())
        if best_total is None or total > best_total:
            best, best_total = to_major, total
    return best


def opposition_net(own: int, active: int) -> int:
    """An opposing mage's net: own Major symbols rolled less the active mage's (Appendix C: they cancel).

    >>> opposition_net(1, 1), opposition_net(2, 0), opposition_net(0, 2)
    (0, 2, -2)
    """
    return own - active

