"""Elemental Dice played on the real app through posted clicks only: every move of seeded games, the cover
before every private screen, the public prompt, and the results with the core's winner."""

import time
from dataclasses import replace

import pytest

from tabletop.app.screens.table import TableScene
from tabletop.core.bots import RandomBot
from tabletop.core.rng import derive_seed

from .driver import Driver, open_new_game


def open_table(driver) -> TableScene:
    return open_new_game(driver, "elemental-dice")


def through_cover(driver: Driver) -> None:
    """Click "I am ..." while the pass-the-device cover is up."""
    for _ in range(5):
        top = driver.app.scenes.top
        if top.scene_name != "pass_device":
            return
        driver.click(top.ready.rect.center)
        driver.settle()


def click_intent(driver: Driver, intent) -> None:
    """Perform ``intent`` with clicks only, behind the cover if it is up; the table must apply exactly it."""
    through_cover(driver)
    driver.play_intent(intent)


@pytest.fixture
def every_pass_clicked(monkeypatch):
    """The table's own passes off (a prompt's pass after its wait, the pass on one's own card): every pass is
    a click, so each click makes exactly one move."""
    monkeypatch.setattr("tabletop.app.games.elemental_dice.view.TABLE_PASSES", {"pass_own": "off",
                                                                               "answer_wait": "off"})


@pytest.mark.slow
def test_a_whole_game_by_mouse(driver, monkeypatch, every_pass_clicked):
    # A new match takes a random seed; a fixed one makes the game, and this test, the same every run.
    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 20261124)
    table = open_table(driver)
    match = table.match
    bot = RandomBot(derive_seed(1, "mouse"))
    seen_kinds = set()
    covers = 0
    started = time.perf_counter()
    while not match.finished:
        if driver.app.scenes.top.scene_name == "pass_device":
            holder = match.rules.private_seat(match.state)
            assert driver.app.scenes.top.player == match.seats[holder]
            covers += 1
            through_cover(driver)
            continue
        holder = match.rules.private_seat(match.state)
        assert table.shows == holder
        intent = bot.choose(match.legal_intents())
        before = len(match.journal)
        click_intent(driver, intent)
        assert len(match.journal) == before + 1, (intent.to_str(), driver.app.toasts.message)
        assert match.journal[before].intent == intent
        seen_kinds.add(intent.KIND)
        assert len(match.journal) < 3000
    driver.settle()
    results = driver.app.scenes.top
    assert results.scene_name == "results"
    assert match.seats[match.rules.outcome(match.state).winners[0]] in results.headline
    assert covers > 10
    assert {"play", "pass", "respond", "buy", "reroll-shop", "end-turn"} <= seen_kinds
    print(f"{len(match.journal)} moves by mouse in {time.perf_counter() - started:.1f} s; kinds: {sorted(seen_kinds)}")


def scenario_match(path):
    """The match a scenario file starts from (its seats, options, forced outcomes and given position), and its
    steps' intents (None for a file with steps a player could not make: a mid-way edit, an undo)."""
    from tabletop.core.controller import MatchController
    from tabletop.core.data import Reader
    from tabletop.core.rng import ScriptedRandom, SeededRandom
    from tabletop.core.scenario import _apply_given, _push_random
    from tabletop.registry import get_rules

    spec = Reader.from_file(path)
    seed = spec.get("seed").optional(lambda r: r.int())
    script = ScriptedRandom([], then=SeededRandom(seed) if seed is not None else None)
    _push_random(script, spec.get("random", []))
    options = {k: str(v.data) for k, v in spec.get("options", {}).items()}
    rules = get_rules("elemental-dice")
    match = MatchController(rules, options, [s.str() for s in spec["seats"]], seed or 0, rng=script)
    if spec.has("given"):
        _apply_given(match, spec["given"])
    steps = []
    for step in spec.get("steps", []):
        if isinstance(step.data, str):
            steps.append(rules.intents.parse(step.str()))
        elif "random" in step.keys():
            steps.append(("random", step["random"]))
        elif set(step.keys()) & {"given", "undo"}:
            return match, None
    return match, steps


def covering_scenarios():
    """Scenario files whose moves, together, use every kind of Elemental Dice move (a few of each)."""
    from pathlib import Path

    folder = Path(__file__).parent.parent / "scenarios" / "elemental_dice"
    chosen, covered = [], {}
    for path in sorted(folder.glob("*.yaml")):
        _, steps = scenario_match(path)
        if steps is None:
            continue
        kinds = {step.KIND for step in steps if not isinstance(step, tuple)}
        if any(covered.get(kind, 0) < 2 for kind in kinds):
            chosen.append(path)
            for kind in kinds:
                covered[kind] = covered.get(kind, 0) + 1
    return chosen, covered


def test_the_chosen_scenarios_use_every_kind_of_move():
    from tabletop.games.elemental_dice.intents import INTENTS

    _, covered = covering_scenarios()
    assert set(covered) == set(INTENTS.kinds)


@pytest.mark.parametrize("path", covering_scenarios()[0], ids=lambda p: p.stem)
def test_scenario_moves_by_mouse(driver, path, every_pass_clicked):
    # A scenario scripts every pass, and the table waits for each click: the table's own passes are off.
    from tabletop.core.scenario import _push_random

    match, steps = scenario_match(path)
    table = driver.app.scenes.open("table", match=match)
    driver.settle()
    for step in steps:
        if isinstance(step, tuple):
            _push_random(match._fixed_rng, step[1])
            continue
        before = len(match.journal)
        click_intent(driver, step)
        assert len(match.journal) == before + 1, (path.name, step.to_str(), driver.app.toasts.message)
        assert match.journal[before].intent == step
        assert table.shows == match.rules.private_seat(match.state) or driver.app.scenes.top.scene_name != "table"


def test_a_card_chosen_while_the_last_move_plays_out_stays_chosen(driver):
    # The xdotool run found it: a click during the last move's animation chose a card, and the end of that
    # animation (sync) forgot the choice, so the next click pressed another move's button.
    table = open_table(driver)
    view = table.view
    for _ in range(6):                     # the opening window: Bo passes, Ann takes her screen
        through_cover(driver)
        if view.choices.hand_intents:
            break
        click_intent(driver, next(i for i in table.match.legal_intents() if i.KIND == "pass"))
    playable = list(view.choices.hand_intents)
    assert playable, "the first player can play a card of the opening hand"
    view.selection = replace(view.selection, card=playable[0])
    view.sync()
    assert view.selection.card == playable[0]
    view.selection = replace(view.selection, card="not-a-card")
    view.sync()
    assert view.selection.card is None


def test_a_card_may_be_chosen_while_the_dice_still_tumble(driver):
    # Choosing the card for the next move changes nothing yet, so a click on it counts while things move;
    # a button pressed meanwhile waits (nothing is sent).
    from tabletop.app.choosing import Move, Target
    from tabletop.games.elemental_dice import events as ev
    from tabletop.games.elemental_dice.cards import DICE

    table = open_table(driver)
    view = table.view
    for _ in range(6):
        through_cover(driver)
        if view.choices.hand_intents:
            break
        click_intent(driver, next(i for i in table.match.legal_intents() if i.KIND == "pass"))
    card = list(view.choices.hand_intents)[0]
    view.timeline.speed = 1.0                          # dice tumbling at their normal pace
    view.animate(tuple(ev.DieRolled(die, 3) for die in DICE))
    before = len(table.match.journal)
    driver.click(view.position_of(Move("target", Target("hand", card))))
    assert view.busy, "the dice still tumble"
    assert view.selection.card == card
    driver.click(view.action_bar.buttons[0].rect.center)
    assert len(table.match.journal) == before
    driver.settle()
    assert view.selection.card == card, "the end of the animation keeps the card chosen"
    assert view.action_bar.slots[0] is not None and view.action_bar.buttons[0].visible


def test_a_face_down_pile_only_tells_its_count_and_an_open_one_opens(driver, monkeypatch):
    # A deck tells how many cards it holds (no error sound: nothing was refused); a discard pile opens.
    from tabletop.app.choosing import Move, Target

    table = open_table(driver)
    through_cover(driver)
    view = table.view
    sounds = []
    monkeypatch.setattr(driver.app.audio, "play", sounds.append)
    driver.click(view.position_of(Move("target", Target("pile", (0, "draw")))))
    first = view.state.players[0]
    assert driver.app.toasts.message == f"{first.name}'s draw pile: {len(first.draw)} cards, face down"
    assert "error" not in sounds
    driver.click(view.position_of(Move("target", Target("pile", (0, "removed")))))
    assert driver.app.scenes.top.scene_name == "pile"
