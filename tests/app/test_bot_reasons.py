"""A bot's reason is shown in the banner's one line after its seat's name (``Ann: ...``): the experts' reasons
fit that line, at the smallest size the banner shrinks to, beside the longest name a seat may have, so nothing is
cut with "…"."""

from __future__ import annotations

import random

import pytest

from tabletop.app.layout import LayoutBook
from tabletop.app.text import MIN_READABLE, TextRenderer
from tabletop.core.records import NAME_LIMIT
from tabletop.core.rng import SeededRandom
from tabletop.registry import get_rules

#: A name as long as a seat's may be, of wide letters.
LONGEST_NAME = "Maximilian Woody"[:NAME_LIMIT]


def expert_reasons(game: str, seats: int, moves: int, seed: int) -> list[str]:
    """The experts' reasons over the first ``moves`` moves of a seeded game of experts."""
    rules = get_rules(game)
    state = rules.setup({}, ["Ann", "Bo", "Cy", "Di", "Ed"][:seats], SeededRandom(seed)).state
    bots = [rules.make_bot("expert", seat, seat) for seat in range(seats)]
    rng = SeededRandom(seed + 1)
    reasons = []
    for step in range(moves):
        if state.to_act is None:
            break
        seat = state.to_act
        intent, reason = bots[seat].decide(rules.view(state, seat), random.Random(step))
        if getattr(bots[seat], "search", None) is not None:
            reasons.append(reason)
        state = rules.apply(state, intent, rng).state
    return reasons


@pytest.mark.parametrize("game, seats, moves", [("dice-realms", 2, 80), ("elementalis", 2, 80)])
def test_an_experts_reasons_fit_the_banner_beside_the_longest_name(game, seats, moves):
    import pygame

    pygame.font.init()
    layouts = LayoutBook()
    prompt = layouts["table"]["banner_prompt"]
    renderer = TextRenderer(layouts.theme)
    reasons = expert_reasons(game, seats, moves, 3)
    assert len(reasons) >= 10
    width = pygame.Rect(prompt.rect).width
    too_wide = [reason for reason in reasons
                if renderer.size(f"{LONGEST_NAME}: {reason}", prompt.style.font, MIN_READABLE)[0] > width]
    assert not too_wide, too_wide
