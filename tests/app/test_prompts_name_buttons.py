"""A prompt names only the buttons the table shows: the button it names is among the choices' buttons."""

from __future__ import annotations

from tabletop.app.choosing import Seen
from tabletop.app.games.dice_realms.choices import DiceRealmsChoices
from tabletop.core.controller import MatchController
from tabletop.registry import get_rules


def test_dice_realms_boost_prompt_names_the_done_button():
    rules = get_rules("dice-realms")
    met = 0
    for seed in range(12):
        match = MatchController(rules, None, ["Ada", "Brom"], 300 + seed)
        bot = rules.playout_bot(seed)
        while not match.finished:
            state = match.state
            prompt = rules.prompt(state)
            if "Arcane Boost" in prompt and "spend" in prompt:
                seat = state.to_act
                legal = tuple(rules.legal_intents(state))
                seen = Seen(rules.view(state, seat), legal, seat, tuple(match.seats), rules)
                texts = [slot.text for slot in DiceRealmsChoices(seen, None).buttons() if slot is not None]
                assert "finish" not in prompt
                assert any(text.startswith("Done") for text in texts) and "Done" in prompt, (prompt, texts)
                met += 1
            match.submit(bot.choose(match.legal_intents()))
    assert met, "no Arcane Boost stage met: the test proved nothing"
