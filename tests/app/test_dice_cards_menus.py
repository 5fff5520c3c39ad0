"""Dice Cards' menus: each level of a choice begun at a hand die asks its own question under the die's name."""

from __future__ import annotations

from tabletop.app.choosing import Target
from tabletop.app.games.dice_cards.choices import DiceCardsChoices

from ..choices_checks import seen_for
from ..playout_checks import positions


def test_every_level_of_a_dies_menu_has_its_own_header():
    deeper = 0
    for match in positions("dice-cards", range(70, 76), 80):
        state = match.state
        seat = state.to_act
        seen = seen_for(match)
        usable = {getattr(i, "die", None) for i in seen.legal if i.KIND in ("summon", "charge")}
        for index, die in enumerate(state.duelists[seat].hand):
            if die.value not in usable:
                continue
            reply = DiceCardsChoices(seen, None).click(Target("hand", (seat, index)))
            titles = []
            while reply.selection is not None and reply.intent is None:
                menu = DiceCardsChoices(seen, reply.selection).menu()
                if menu is None:
                    break
                titles.append(menu.title)
                reply = menu.items[0].reply           # Summon, then its first unit or ability
            for before, after in zip(titles, titles[1:]):
                assert after != before and after.startswith(f"The {die.value}: "), titles
                deeper += 1
    assert deeper, "no menu of two levels met: the test proved nothing"
