"""A prompt names only the buttons the table shows: the button it names is among the choices' buttons."""

from __future__ import annotations

from tabletop.app.games.dice_realms.choices import DiceRealmsChoices
from tabletop.registry import get_rules

from ..choices_checks import seen_for
from ..playout_checks import positions


def test_dice_realms_boost_prompt_names_the_done_button():
    rules = get_rules("dice-realms")
    met = 0
    for match in positions("dice-realms", range(300, 312), 1000):
        prompt = rules.prompt(match.state)
        if "Arcane Boost" in prompt and "spend" in prompt:
            texts = [slot.text for slot in DiceRealmsChoices(seen_for(match), None).buttons() if slot is not None]
            assert "finish" not in prompt
            assert any(text.startswith("Done") for text in texts) and "Done" in prompt, (prompt, texts)
            met += 1
    assert met, "no Arcane Boost stage met: the test proved nothing"
