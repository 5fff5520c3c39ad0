"""Dice Realms rules on hand-built states: targets, the white die, Terra sums, refusals, tables."""

from dataclasses import replace

import pytest

from tabletop.core.protocol import IllegalIntent
from tabletop.core.rng import ScriptedRandom
from tabletop.core.data import DataError
from tabletop.registry import get_rules
from tabletop.games.dice_realms.intents import Boost, Pass, Pick, Roll
from tabletop.games.dice_realms.state import Cell, Dice, Flow, Grimoire, Stage, State
from tabletop.games.dice_realms.tables import load_tables
from tabletop.paths import data_path

RULES = get_rules("dice-realms")


def table(**dice_values):
    """A state in Gandalf's active stage after a roll, with the given faces."""
    values = {"red": 1, "green": 1, "blue": 1, "magenta": 1, "yellow": 1, "white": 1, **dice_values}
    return State(players=(Grimoire("Gandalf"), Grimoire("Saruman")),
                 dice=Dice(**values), flow=Flow(rolled=True, rolls_used=1))


def with_sheet(state, seat=0, **fields):
    players = list(state.players)
    players[seat] = replace(players[seat], **fields)
    return replace(state, players=tuple(players))


# --------------------------------------------------------------------------- tables

def test_tables_match_the_rules_reference():
    t = load_tables()
    grid = [[3, 6, 5, None], [2, 1, None, 5], [1, None, 2, 4], [None, 3, 4, 6]]
    rows = ["head", "wings", "tail", "heart"]
    expected = {Cell(rows[r], c + 1): v for r in range(4) for c, v in enumerate(grid[r]) if v is not None}
    assert t.red_values == expected
    assert sorted(cell.to_text() for cell in t.red_pre_crossed) == ["head-4", "heart-1", "tail-2", "wings-3"]
    assert sorted(len(cells) for cells in t.red_cells_by_value.values()) == [2] * 6   # each value twice
    assert [g.points for g in t.red_columns] == [10, 14, 16, 20]
    assert t.green_cells == tuple(range(2, 13))
    assert t.blue_thresholds == (1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6)
    assert t.yellow_multipliers == (1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3)
    assert t.round_rewards == ("time_warp", "arcane_boost", "time_warp", "essence_shift", "none", "none")


def test_a_damaged_realm_table_names_file_line_and_key(tmp_path):
    text = data_path("dice_realms", "realms.yaml").read_text()
    broken = text.replace("wings: [2, 1, null, 5]", "wings: [2, 1, null, 9]")
    path = tmp_path / "realms.yaml"
    path.write_text(broken)
    with pytest.raises(DataError) as info:
        load_tables(path)
    line = next(n for n, l in enumerate(broken.splitlines(), 1) if "wings: [2, 1, null, 9]" in l)
    assert info.value.line == line
    assert info.value.key == "realms.red.grid.wings.3"
    assert "outside 1..6" in str(info.value)


def test_an_unknown_reward_is_refused(tmp_path):
    text = data_path("dice_realms", "realms.yaml").read_text().replace("heart: crest}", "heart: gold}")
    path = tmp_path / "realms.yaml"
    path.write_text(text)
    with pytest.raises(DataError, match=r"realms\.red\.row_rewards\.heart: 'gold' is not one of"):
        load_tables(path)


# --------------------------------------------------------------------------- entries

def test_red_takes_the_exact_value_in_either_free_cell():
    sheet = Grimoire("A")
    texts = lambda cells: tuple(cell.to_text() for cell in cells)  # noqa: E731
    assert texts(RULES.entry_targets(sheet, "red", 1)) == ("tail-1", "wings-2")
    crossed = frozenset({Cell("tail", 1)})
    assert texts(RULES.entry_targets(replace(sheet, red=crossed), "red", 1)) == ("wings-2",)


def test_hydra_needs_at_least_the_threshold():
    sheet = Grimoire("A", blue=4)
    assert RULES.entry_targets(sheet, "blue", 4) == ()
    assert RULES.entry_targets(sheet, "blue", 5) == (Cell.at(5),)
    assert RULES.entry_targets(Grimoire("A", blue=11), "blue", 6) == ()


def test_phoenix_rises_but_anything_follows_a_six():
    assert RULES.entry_targets(Grimoire("A", magenta=(3,)), "magenta", 3) == ()
    assert RULES.entry_targets(Grimoire("A", magenta=(3,)), "magenta", 4) == (Cell.at(2),)
    assert RULES.entry_targets(Grimoire("A", magenta=(6,)), "magenta", 1) == (Cell.at(2),)


def test_white_is_wild_and_green_means_green_plus_white():
    state = table(green=2, white=6)
    targets = RULES.die_targets(state, 0, "white")
    assert ("green", Cell.at(8)) in targets and ("green", Cell.at(6)) not in targets
    assert {realm for realm, _ in targets} == {"red", "green", "blue", "magenta", "yellow"}
    assert RULES.die_targets(state, 0, "green") == [("green", Cell.at(8))]


def test_only_the_white_die_changes_colour():
    state = table(red=3)
    with pytest.raises(IllegalIntent, match="only the white die is wild"):
        RULES.apply(state, Pick(0, "red", "yellow", Cell.from_text("1")), ScriptedRandom([]))


def test_passive_pick_falls_back_to_the_fields_only_when_no_forgotten_die_is_usable():
    state = replace(table(red=1, green=1, blue=1, magenta=1, yellow=1, white=6),
                    dice=Dice(1, 1, 1, 1, 1, 6, hand=(), forgotten=("red", "green", "blue", "magenta", "yellow"),
                              fields=("white",)),
                    flow=Flow(stage=Stage.PASSIVE_PICK, rolled=False, rolls_used=1))
    assert RULES.passive_source(state) == (("red", "green", "blue", "magenta", "yellow"), False)
    full = dict(red=frozenset(load_tables().red_values), green=frozenset(range(2, 13)), blue=11,
                magenta=(1, 2, 3, 4, 5, 6, 1, 2, 3, 5), yellow=(1,) * 11)
    blocked = with_sheet(state, 1, **full)
    assert RULES.passive_source(blocked) == (("white",), True)
    assert RULES.legal_intents(blocked) == (Pick(1, "white", "magenta", Cell.from_text("11")), Pass(1))


# --------------------------------------------------------------------------- refusals

@pytest.mark.parametrize("intent, words", [
    (Roll(0), "already rolled"),
    (Roll(1), "Gandalf's turn to decide, not Saruman's"),
    (Pick(0, "purple", "red", Cell.from_text("1")), "no purple die"),
    (Pick(0, "red", "red", Cell.from_text("head-2")), "fits row 3 of column 1 or row 2 of column 2 only, not row 1 of column 2"),
    (Pick(0, "blue", "blue", Cell.from_text("2")), "fits cell 1 only, not cell 2"),
    (Boost(0, "red", "red", Cell.from_text("tail-1")), "only after the dice are chosen"),
    (Pass(0), "must roll and select"),
    (Pick(7, "red", "red", Cell.from_text("tail-1")), "no seat 7"),
])
def test_refusals_explain_themselves_and_change_nothing(intent, words):
    state = table()
    with pytest.raises(IllegalIntent) as info:
        RULES.apply(state, intent, ScriptedRandom([]))
    assert words in info.value.reason
    assert RULES.legal_intents(state)  # the same state still plays


def test_a_die_not_in_hand_is_refused_with_where_it_lies():
    state = replace(table(), dice=replace(table().dice, hand=("green", "blue"), forgotten=("red",),
                                          fields=("magenta", "yellow", "white")))
    with pytest.raises(IllegalIntent, match="not in the Dice tray: it lies in the Forgotten Realm"):
        RULES.apply(state, Pick(0, "red", "red", Cell.from_text("tail-1")), ScriptedRandom([]))


# --------------------------------------------------------------------------- setup

def test_setup_checks_seats_and_options():
    with pytest.raises(ValueError, match="played by 2 players, not 3"):
        RULES.setup({}, ["A", "B", "C"], ScriptedRandom([]))
    with pytest.raises(ValueError, match="same name"):
        RULES.setup({}, ["A", "A"], ScriptedRandom([]))
    with pytest.raises(ValueError, match="lion_bonus='seven' is not one of six, classic"):
        RULES.setup({"lion_bonus": "seven"}, ["A", "B"], ScriptedRandom([]))
    with pytest.raises(ValueError, match="no option speed"):
        RULES.setup({"speed": "fast"}, ["A", "B"], ScriptedRandom([]))


def test_setup_gives_the_round_one_reward_and_asks_the_start_player_to_roll():
    step = RULES.setup({}, ["Gandalf", "Saruman"], ScriptedRandom([]))
    assert [e.to_str() for e in step.events] == [
        "round-started round=1",
        "token-gained seat=0 token=time_warp source=round-1",
        "token-gained seat=1 token=time_warp source=round-1",
        "turn-started round=1 turn=1 active=0",
    ]
    assert RULES.legal_intents(step.state) == (Roll(0),)
    assert RULES.prompt(step.state) == "Gandalf: roll the dice (roll 1 of 3)."
