"""The Elemental Dice coach names only what the screen shows (issue 34, item 7): it said "Click Respond" where the
button read "Ada: answer".  The tutorial is played headless as ``tabletop tutorial --check`` plays it, and every
button or card a step's words tell the learner to click ("Click X", "then X") must be on the screen during that
step: a button whose text starts with X, or a card named X."""

from __future__ import annotations

import re

from tabletop.app.tutorial import TutorialScene, check_tutorial
from tabletop.games.elemental_dice.wording import card_name

#: "Click Natural Forests, then Face down." names Natural Forests and Face down; "Click it" names nothing.
_NAMED = re.compile(r"(?:\bClick|\bthen) ([A-Z][\w']*(?: [\w']+)*?)(?=[,.:!;]|$)")


def named(words: str) -> list[str]:
    """The things a coach's words tell the learner to click.

    >>> named("Click Natural Forests, then Face down.")
    ['Natural Forests', 'Face down']
    >>> named("Click it, then Play. It uses your action.")
    ['Play']
    """
    return [name for name in _NAMED.findall(words) if name not in ("It", "Its")]


def on_screen(scene) -> set[str]:
    """The texts of the buttons shown and the names of the cards in the hand, the shop and the chain."""
    view = scene.view
    texts = {slot.text for bar in (view.action_bar, view.pay_bar, view.picker_bar) for slot in bar.slots
             if slot is not None and slot.text}
    state = view.state
    cards = [*view.geometry.hand(state), *state.shop_row, *(p.card for p in state.flow.chain)]
    texts |= {card_name(view.rules, card) for card in cards}
    return texts


def test_the_coach_names_only_buttons_and_cards_on_the_screen(app, monkeypatch):
    shown: dict[int, tuple[str, set[str]]] = {}
    original = TutorialScene.coach_words

    def recording(self):
        heading, words = original(self)
        if not self.run.done:
            old = shown.get(self.run.index, (words, set()))[1]
            shown[self.run.index] = (words, old | on_screen(self))
        return heading, words

    monkeypatch.setattr(TutorialScene, "coach_words", recording)
    assert check_tutorial(app, "elemental-dice", say=lambda line: None) == []
    assert len(shown) > 20
    missing = [(index, name, words) for index, (words, texts) in sorted(shown.items()) for name in named(words)
               if not any(text.startswith(name) for text in texts)]
    assert not missing, missing


def test_the_check_sees_a_button_that_is_not_there():
    assert named("Answer it! Click Respond.") == ["Respond"]
    assert not any(text.startswith("Respond") for text in {"Ada: answer", "Ada: pass"})
