"""Dice Realms checks for the playouts, computed from the rules reference independently of the code."""

from tabletop.core.controller import MatchController
from tabletop.games.dice_realms.events import CellMarked, TurnStarted

# The reference's tables (shared/rules/dice_realms.md A1), typed in again on purpose.
DRAGON_GRID = {"head": [3, 6, 5, None], "wings": [2, 1, None, 5], "tail": [1, None, 2, 4], "heart": [None, 3, 4, 6]}
DRAGON_POINTS = [10, 14, 16, 20]
GAIA_POINTS = [0, 1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 56]
HYDRA_POINTS = [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66]
LION_MULTIPLIERS = [1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3]


def reference_scores(sheet) -> dict:
    """The five realm scores of a grimoire, straight from the reference."""
    red = 0
    for column in range(4):
        cells = [f"{row}-{column + 1}" for row, values in DRAGON_GRID.items() if values[column] is not None]
        crossed = {cell.to_text() for cell in sheet.red}
        if all(cell in crossed for cell in cells):
            red += DRAGON_POINTS[column]
    return {
        "red": red,
        "green": GAIA_POINTS[len(sheet.green)],
        "blue": HYDRA_POINTS[sheet.blue],
        "magenta": sum(sheet.magenta),
        "yellow": sum(v * m for v, m in zip(sheet.yellow, LION_MULTIPLIERS)),
    }


def reference_total(sheet) -> int:
    scores = reference_scores(sheet)
    return sum(scores.values()) + sheet.crests * min(scores.values())


def check_step(match: MatchController, events: tuple) -> None:
    """Scores equal the reference's recomputation; marked scores match; six dice; twelve turns."""
    state = match.state
    outcome = match.rules.outcome(state)
    for seat, sheet in enumerate(state.players):
        expected = reference_scores(sheet)
        for realm, value in expected.items():
            assert outcome.breakdown[seat][realm] == value, (seat, realm)
        assert outcome.scores[seat] == reference_total(sheet)
    latest = {}
    for event in events:
        if isinstance(event, CellMarked):
            latest[(event.seat, event.realm)] = event.score
    for (seat, realm), score in latest.items():
        assert reference_scores(state.players[seat])[realm] == score
    dice = state.dice
    assert sorted(dice.hand + dice.forgotten + dice.fields) == sorted(
        ["red", "green", "blue", "magenta", "yellow", "white"])
    if match.finished:
        turns = [e for e in match.opening_events if isinstance(e, TurnStarted)]
        turns += [e for entry in match.journal for e in entry.events if isinstance(e, TurnStarted)]
        assert len(turns) == 12
        start = match.state.start               # the first seat, or the one drawn (an option)
        assert [t.active for t in turns] == [start, 1 - start] * 6
