"""Golden numbers: final scores of fixed seeds with the random bot.

If one of these changes, a rule changed (or the bot's draws did).  When the change
is intended, say so in the commit and update the numbers.
"""

import pytest

from tabletop.core.simulate import play_one
from tabletop.registry import get_rules

GOLDEN = {
    # seed: (final scores, winners, intents played)
    1: ((54, 87), (1,), 79),
    2: ((71, 92), (1,), 95),
    3: ((63, 88), (1,), 89),
    2026: ((23, 65), (1,), 73),
    999999: ((49, 114), (1,), 84),
}


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_scores(seed):
    match = play_one(get_rules("dice-realms"), seed)
    outcome = match.rules.outcome(match.state)
    assert (outcome.scores, outcome.winners, len(match.journal)) == GOLDEN[seed]


def test_simulate_prints_a_line_per_game_and_a_summary(capsys):
    import json

    from tabletop.cli import main

    assert main(["simulate", "--games", "5", "--seed", "7", "--jobs", "1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["game"] for line in lines[:5]] == [0, 1, 2, 3, 4]
    assert all(len(line["scores"]) == 2 and line["intents"] > 0 for line in lines[:5])
    assert lines[5]["summary"] and lines[5]["games"] == 5 and lines[5]["errors"] == 0
    assert lines[5]["games_per_second"] > 0


def test_simulate_fails_when_a_game_raises(monkeypatch, capsys):
    import json

    import tabletop.core.simulate as simulate_module
    from tabletop.cli import main

    def broken(*args, **kwargs):
        raise simulate_module.InvariantBroken("six dice are not accounted for")

    monkeypatch.setattr(simulate_module, "play_one", broken)
    assert main(["simulate", "--games", "3", "--jobs", "1"]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert "six dice" in lines[0]["error"] and lines[-1]["errors"] == 3


def test_simulate_refuses_a_player_count_the_game_does_not_allow(capsys):
    from tabletop.cli import main

    assert main(["simulate", "--games", "1", "--players", "3"]) == 2
    assert "Dice Realms is played by 2 players, not 3." in capsys.readouterr().err
