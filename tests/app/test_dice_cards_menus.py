"""Dice Cards' menus: each level of a choice begun at a hand die asks its own question under the die's name."""

from __future__ import annotations

from tabletop.app.choosing import Seen, Target
from tabletop.app.games.dice_cards.choices import DiceCardsChoices
from tabletop.core.controller import MatchController
from tabletop.registry import get_rules


def test_every_level_of_a_dies_menu_has_its_own_header():
    rules = get_rules("dice-cards")
    deeper = 0
    for seed in range(6):
        match = MatchController(rules, None, ["Ada", "Brom"], 70 + seed)
        playout = rules.playout_bot(seed)
        for _ in range(80):
            if match.finished:
                break
            state = match.state
            seat = state.to_act
            legal = tuple(rules.legal_intents(state))
            seen = Seen(rules.view(state, seat), legal, seat, tuple(match.seats), rules,
                        why=lambda refused, state=state: rules.why_illegal(state, refused))
            hand = [die.value for die in state.duelists[seat].hand]
            usable = {getattr(i, "die", None) for i in legal if i.KIND in ("summon", "charge")}
            for index, value in enumerate(hand):
                if value not in usable:
                    continue
                choices = DiceCardsChoices(seen, None)
                reply = choices.click(Target("hand", (seat, index)))
                titles = []
                while reply.selection is not None and reply.intent is None:
                    choices = DiceCardsChoices(seen, reply.selection)
                    menu = choices.menu()
                    if menu is None:
                        break
                    titles.append(menu.title)
                    reply = menu.items[0].reply           # Summon, then its first unit or ability
                for before, after in zip(titles, titles[1:]):
                    assert after != before and after.startswith(f"The {value}: "), titles
                    deeper += 1
            match.submit(playout.choose(match.legal_intents()))
    assert deeper, "no menu of two levels met: the test proved nothing"
