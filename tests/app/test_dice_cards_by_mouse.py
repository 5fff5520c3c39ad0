"""Dice Cards played on the real app through posted clicks only: a whole seeded duel from the deck choice to
the results, every kind of move from scenario-like positions (both by clicks on the table and by the menu),
refused clicks that show the rules' sentence and change nothing, and what the screen shows of the hands.

Every move is found on screen the way a player finds it: a hand die, an ability row, a realm or relic token
starts a choice; each question of the choice is answered by a glowing unit, a hand die or a menu button;
the three bottom buttons do the rest.  The clicks follow the route the table's choices offer
(``tests/app/driver.py``), each posted where the view shows its target.  The match is read back after each
move: exactly the intended one.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Callable

import pytest

from tabletop.app.choosing import KEEP, Move, Target, moves, route_to
from tabletop.app.games.dice_cards.choices import DiceCardsChoices
from tabletop.core.controller import MatchController
from tabletop.core.rng import derive_seed
from tabletop.games.dice_cards.intents import (INTENTS, Activate, Attack, Battle, BlockWith, Charge, ChooseDeck,
                                               MoveRelic, Summon)
from tabletop.games.dice_cards.rules import DICE_PER_DUELIST
from tabletop.games.dice_cards.state import HIDDEN_DIE, Equip, FieldToken, HandDie, Relic, Unit
from tabletop.registry import get_rules

from ..choices_checks import ChoiceReport, check_state
from .driver import Driver, open_new_game

RULES = get_rules("dice-cards")


# ================================================================ clicking a move
def through_cover(driver: Driver) -> int:
    """Click "I am ..." while the pass-the-device cover is up; how many covers were passed."""
    passed = 0
    for _ in range(5):
        top = driver.app.scenes.top
        if top.scene_name != "pass_device":
            break
        driver.click(top.ready.rect.center)
        driver.settle()
        passed += 1
    return passed


def _button(buttons, text: str):
    for button in buttons:
        if button.visible and button.text == text:
            return button
    raise AssertionError(f"no button {text!r}: {[b.text for b in buttons if b.visible]}")


def point_of(view, target: Target) -> tuple[int, int]:
    """Where a player clicks ``target``: a point of it that shows and that a click there lands on."""
    point = view.position_of(Move("target", target))
    assert point is not None, f"{target} is not on the table"
    return point


def hand_point(view, value: int) -> tuple[int, int]:
    """The first die of ``value`` in the hand of the seat in front of the screen."""
    seat = view.near
    index = next(i for i, die in enumerate(view.state.duelists[seat].hand) if die.value == value)
    return point_of(view, Target("hand", (seat, index)))


def unit_point(view, uid: int) -> tuple[int, int]:
    return point_of(view, Target("unit", uid))


def ability_point(view, ability_id: str) -> tuple[int, int]:
    return point_of(view, Target("ability", (view.near, ability_id)))


def token_point(view, ability_id: str) -> tuple[int, int]:
    """A realm token or an unequipped relic in the Field zone; an equipped relic on its unit."""
    seat = view.near
    for _rect, ability, kind in view.geometry.token_rects(view.state, seat):
        if ability == ability_id:
            return point_of(view, Target("token", (seat, ability, kind)))
    relic = next(r for r in view.state.duelists[seat].relics if r.ability == ability_id)
    return point_of(view, Target("relic", (seat, ability_id, relic.host)))


class MenuAnswers(DiceCardsChoices):
    """The table answered from its menus only: while a menu is open, nothing on the table may be clicked."""

    def targets(self):
        if self.menu() is not None:
            return
        yield from super().targets()


class Clicker:
    """Makes moves by clicks only: the shortest click sequence the table's choices offer, each click posted where
    the view shows its target.  ``way``: "table" answers questions on the table (units, hand dice) wherever the
    choices allow it; "menu" answers them from the menus only; "mixed" chooses at random each move.  On the way
    it checks what the table shows between the clicks and counts the questions answered, and how."""

    def __init__(self, driver: Driver, way: str = "mixed", seed: int = 1) -> None:
        self.driver = driver
        self.way = way
        self.random = random.Random(seed)
        self.asked: list[str] = []          # every question of a choice answered, in order
        self.by_table = 0                   # answers to an open menu's question given on the table
        self.by_menu = 0                    # ... and from the menu

    @property
    def view(self):
        return self.driver.app.scenes.find("table").view

    def make(self, intent) -> None:
        """Perform ``intent`` with clicks only."""
        through_cover(self.driver)
        view = self.view
        assert view.choices.legal, "the screen offers no move"
        table_way = self.way == "table" or (self.way == "mixed" and self.random.random() < 0.6)
        choices_class = DiceCardsChoices if table_way else MenuAnswers
        make = lambda selection: choices_class(view.seen(), selection)      # noqa: E731
        route = route_to(make, intent, view.selection)
        assert route is not None, f"no clicks make {intent.to_str()}"
        self._follow(make, view.selection, route, intent)
        self.driver.play_intent(intent, choices_class)

    def _follow(self, make, selection, route, intent) -> None:
        """Walk ``route`` on the choices alone: each open question is about ``intent``, an attacker clicked is
        chosen, a blocker clicked asks which attacker it blocks."""
        for move in route:
            choices = make(selection)
            narrowing = choices.selection.narrowing
            if narrowing is not None:
                assert intent in narrowing.candidates, (intent.to_str(), [c.to_str() for c in narrowing.candidates])
                assert choices.asked, [c.to_str() for c in narrowing.candidates]
                self.asked.append(choices.asked)
            if choices.menu() is not None and move.kind in ("target", "menu"):
                if move.kind == "target":
                    self.by_table += 1
                    if move.target.kind == "unit":
                        assert move.target in choices.glowing(), (move.target, choices.glowing())
                else:
                    self.by_menu += 1
            reply = dict(moves(choices))[move]
            if reply.selection is not KEEP:
                selection = make(reply.selection).selection
                if isinstance(intent, Attack) and move.kind == "target":
                    assert move.target.key in selection.attackers, (move.target, selection.attackers)
                if isinstance(intent, BlockWith) and move.kind == "target" and selection.blocker is not None:
                    assert selection.blocker == intent.unit, (intent.to_str(), selection.blocker)
                    title = make(selection).menu().title
                    assert title[:1].isupper() and title.endswith("blocks which attacker?"), title


def make_move(clicker: Clicker, match: MatchController, intent) -> None:
    """Click ``intent``; the match must have applied exactly it."""
    before = len(match.journal)
    clicker.make(intent)
    assert len(match.journal) == before + 1, (intent.to_str(), clicker.driver.app.toasts.message)
    assert match.journal[before].intent == intent


# ================================================================ what the screen shows of the hands
def check_screen_privacy(driver: Driver, monkeypatch) -> str:
    """One frame drawn with spies: under the cover nothing of the table is drawn; at the table the far
    seat's hand dice are drawn blank (and the screen's state holds no value of them)."""
    table = driver.app.scenes.find("table")
    view = table.view
    top = driver.app.scenes.top
    drawn: list[tuple] = []
    original = view.art.draw

    def spy(surface, die, face, center, size, *args, **kwargs):
        drawn.append((die, face, (round(center[0]), round(center[1])), size))
        return original(surface, die, face, center, size, *args, **kwargs)

    table_draws = []
    original_table_draw = table.draw
    with monkeypatch.context() as patch:
        patch.setattr(view.art, "draw", spy)
        patch.setattr(table, "draw", lambda surface: (table_draws.append(1), original_table_draw(surface)))
        driver.frames(1)
    if top.scene_name == "pass_device":
        assert not table_draws and not drawn, "the table shows through the cover"
        return "cover"
    if top.scene_name != "table" or view.state.flow.stage == "deck" or view.busy:
        return "other"
    far = 1 - view.near
    state = view.state
    assert all(die == HIDDEN_DIE for die in state.duelists[far].hand), state.duelists[far].hand
    far_centres = {rect.center for rect in view.geometry.hand_rects(state, far)}
    at_far = [d for d in drawn if d[2] in far_centres]
    assert len(at_far) >= len(far_centres)
    assert all(d[0] == "hidden" and d[1] == 0 for d in at_far), at_far
    near_hand = state.duelists[view.near].hand
    near_drawn = {d[2]: d for d in drawn if d[0] == "typeless"}
    for die, rect in zip(near_hand, view.geometry.hand_rects(state, view.near)):
        assert near_drawn[rect.center][1] == die.value
    return "table"


# ================================================================ (a) a whole duel
@pytest.mark.slow
def test_a_whole_duel_by_mouse(driver, monkeypatch):
    # A new match takes a random seed; a fixed one makes the duel, and this test, the same every run.
    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 20261124)
    table = open_new_game(driver, "dice-cards")
    match = table.match
    bot = RULES.playout_bot(derive_seed(3, "mouse"))
    clicker = Clicker(driver, "mixed", seed=3)
    kinds: dict[str, int] = {}
    covers = privacy_checks = 0
    started = time.perf_counter()
    while not match.finished:
        if driver.app.scenes.top.scene_name == "pass_device":
            holder = RULES.private_seat(match.state)
            assert driver.app.scenes.top.player == match.seats[holder]
            assert check_screen_privacy(driver, monkeypatch) == "cover"
            covers += 1
            through_cover(driver)
            continue
        assert table.shows == RULES.private_seat(match.state) == match.state.to_act
        if check_screen_privacy(driver, monkeypatch) == "table":
            privacy_checks += 1
        intent = bot.choose(match.legal_intents())
        make_move(clicker, match, intent)
        kinds[intent.KIND] = kinds.get(intent.KIND, 0) + 1
        assert len(match.journal) < 3000
    driver.settle()
    results = driver.app.scenes.top
    assert results.scene_name == "results"
    winner = RULES.outcome(match.state).winners[0]
    assert match.seats[winner] in results.headline
    assert covers >= 4 and privacy_checks > 20
    assert {"deck", "summon", "charge", "activate", "battle", "attack", "block", "blocks-done", "end"} <= set(kinds)
    assert clicker.by_table and clicker.by_menu
    print(f"{len(match.journal)} moves by mouse, {covers} covers, in {time.perf_counter() - started:.1f} s; "
          f"kinds: {sorted(kinds.items())}; questions: {sorted(set(clicker.asked))}")


@pytest.mark.slow
def test_a_duel_with_animations_never_draws_the_far_hand(driver, monkeypatch):
    # With the animations playing (dice tumbling into a hand, sliding to a unit, the Charge zone, the Grave),
    # every frame is watched: nothing drawn in the far hand's zone shows a value, and the clicks still work.
    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 77)
    driver.app.settings.animation = "fast"
    table = open_new_game(driver, "dice-cards")
    match = table.match
    view = table.view
    drawing = []
    watched = [0]
    original_draw, original_art = view.draw, view.art.draw

    def draw(surface):
        drawing.append(1)
        try:
            original_draw(surface)
        finally:
            drawing.pop()

    def art(surface, die, face, center, size, *args, **kwargs):
        if drawing and view.state.flow.stage != "deck":
            far_hand = view.geometry.zone("hand", 1 - view.near)
            if far_hand.collidepoint(center):
                watched[0] += 1
                assert (die, face) == ("hidden", 0), (die, face, center)
        return original_art(surface, die, face, center, size, *args, **kwargs)

    monkeypatch.setattr(view, "draw", draw)
    monkeypatch.setattr(view.art, "draw", art)
    bot = RULES.playout_bot(derive_seed(77, "mouse"))
    clicker = Clicker(driver, "mixed", seed=77)
    while not match.finished:
        if driver.app.scenes.top.scene_name == "pass_device":
            through_cover(driver)
            continue
        make_move(clicker, match, bot.choose(match.legal_intents()))
        assert len(match.journal) < 3000
    driver.settle()
    assert driver.app.scenes.top.scene_name == "results"
    assert watched[0] > 100


# ================================================================ (b) every kind of move, from set positions
def hand(*values: int, first: int = 900) -> tuple[HandDie, ...]:
    return tuple(HandDie(first + i, v) for i, v in enumerate(values))


def unit(uid: int, owner: int, archetype: str, base: int, **more) -> Unit:
    return Unit(uid=uid, owner=owner, archetype=archetype, base=base, **more)


def duelist(state, seat: int, **changes):
    duelists = list(state.duelists)
    duelists[seat] = replace(duelists[seat], **changes)
    return replace(state, duelists=tuple(duelists))


def flow(state, **changes):
    return replace(state, flow=replace(state.flow, **changes))


def balanced(state):
    """Each duelist's Stock takes up the difference, so each still owns exactly 27 dice."""
    for seat in (0, 1):
        missing = DICE_PER_DUELIST - RULES.dice_count(state, seat)
        stock = state.duelists[seat].stock + missing
        assert stock >= 0, f"seat {seat} would need a Stock of {stock}"
        state = duelist(state, seat, stock=stock)
    return state


def given(match: MatchController, edit: Callable) -> None:
    """Edit the current position (the scenario files' ``given``), keeping 27 dice per duelist."""
    state = balanced(edit(match.state))
    assert RULES.invariants(state) == [], RULES.invariants(state)
    assert all(RULES.dice_count(state, seat) == DICE_PER_DUELIST for seat in (0, 1))
    match.states[-1] = state


def duel(decks: tuple[str, str], edit: Callable, seed: int = 11) -> MatchController:
    """A duel after both deck choices (Ann's first turn), then ``edit``-ed."""
    match = MatchController(RULES, None, ["Ann", "Bo"], seed)
    order = list(RULES.content.archetypes)
    for seat, deck in enumerate(decks):
        match.submit(ChooseDeck(seat, tuple(sorted(deck.split(","), key=order.index))))
    given(match, edit)
    return match


def _summons(state):
    state = flow(state, turn=3)
    return duelist(state, 0, hand=hand(5, 3, 2, 6), energy=())


def _ritual(state):
    return duelist(flow(state, turn=3), 0, hand=hand(6, 6, 2), energy=())


def _realm(state):
    return duelist(flow(state, turn=3), 0, hand=hand(1, 4), energy=(3, 5))


def _relic(state):
    state = replace(state, units=(unit(1, 0, "CINDER", 3), unit(2, 0, "CINDER", 2)), next_uid=3)
    return duelist(flow(state, turn=3), 0, hand=hand(4, 2), energy=(4, 5))


def _fusion(state):
    units = (unit(1, 0, "BRAMBLE", 2, equips=(Equip("CINDER.2"),)), unit(2, 0, "BRAMBLE", 1,
             equips=(Equip("BRAMBLE.2"),)), unit(3, 0, "BRAMBLE", 3))
    state = replace(state, units=units, next_uid=4)
    return duelist(flow(state, turn=3), 0, hand=hand(4, 3), energy=(), relics=(Relic("CLOCKWORK.1", 2),))


def _abilities(state):
    units = (unit(1, 0, "CINDER", 3, equips=(Equip("CINDER.2"),)), unit(2, 0, "CINDER", 5),
             unit(3, 1, "BASTION", 2), unit(4, 1, "BASTION", 4), unit(5, 0, "HOLLOW", 1))
    state = replace(state, units=units, next_uid=6)
    state = duelist(state, 1, hand=hand(2, 5, first=950))
    state = duelist(state, 0, hand=hand(1), energy=(1, 1, 2, 3, 3, 3, 3, 5, 5, 6, 6, 6), grave=3,
                    field=(FieldToken("VEIL.1", "realm"),))
    return flow(state, turn=3)


def _modes(state):
    state = replace(state, units=(unit(1, 0, "BASTION", 2),), next_uid=2)
    state = duelist(state, 0, hand=hand(1), energy=(1, 2, 3, 3, 3, 4, 4, 4, 5, 6), shields=(2, 4))
    return flow(state, turn=3)


def _battle(state):
    units = (unit(1, 0, "CINDER", 3), unit(2, 0, "CINDER", 4), unit(3, 0, "BRAMBLE", 2),
             unit(4, 1, "BASTION", 2), unit(5, 1, "BASTION", 5))
    state = replace(state, units=units, next_uid=6)
    state = duelist(state, 1, hand=hand(3, 4, first=950))
    return duelist(flow(state, turn=3), 0, hand=hand(2), energy=())


def _overflow(state):
    units = tuple(unit(uid, 0, "BRAMBLE", 1 + uid % 3) for uid in range(1, 6))
    state = replace(state, units=units, next_uid=6)
    return duelist(flow(state, turn=3), 0, hand=hand(1, 2, 3, 4, 5, 6, 6, 2), energy=(1, 1, 2))


def _captive_at_stake(state):
    """Ann's Drake #1 holds Bo's Warden #10 captive and Bo has five Wardens: if #1 falls, #10 comes home to a full
    field, so Bo chooses which unit battle comes next (the rules' battle order question)."""
    units = (unit(1, 0, "CINDER", 1), unit(2, 0, "CINDER", 2), unit(3, 1, "BASTION", 3),
             *(unit(uid, 1, "BASTION", 1) for uid in (4, 5, 6, 7)), replace(unit(10, 1, "BASTION", 1), captor=1))
    state = replace(state, units=units, next_uid=11)
    return duelist(flow(state, turn=3), 0, hand=hand(2), energy=())


def _no_used(state):
    return flow(state, used=())


WILDFIRE, STONEWALL = "CINDER,BRAMBLE,CLOCKWORK", "BASTION,HOLLOW,VEIL"

# name: (decks, position, steps (intents as text, or edits of the position), questions the clicks must answer)
SCENARIOS = {
    "charge-and-summon": ((WILDFIRE, STONEWALL), _summons, [
        "charge seat=0 die=2",
        "summon seat=0 die=5 archetype=BRAMBLE",
        "end seat=0",
    ], {"kind", "archetype"}),
    "ritual": (("HOLLOW,VEIL,CLOCKWORK", STONEWALL), _ritual, [
        "summon seat=0 die=6 ability=HOLLOW.1 discard=2",
    ], {"die", "discard"}),
    "realm-and-adjust": (("HOLLOW,VEIL", STONEWALL), _realm, [
        "summon seat=0 die=1 ability=VEIL.1",
        "adjust seat=0 value=3 by=-1",
    ], {"value", "by"}),
    "relic": (("CINDER,CLOCKWORK", STONEWALL), _relic, [
        "summon seat=0 die=4 ability=CLOCKWORK.1",
        "relic seat=0 ability=CLOCKWORK.1 unit=2",
        "activate seat=0 ability=CLOCKWORK.2 pay=5 target=2",
        _no_used,
        "relic seat=0 ability=CLOCKWORK.1 unit=1",            # from the unit it is on
        _no_used,
        "relic seat=0 ability=CLOCKWORK.1 unit=0",
    ], {"unit", "pay"}),
    "fusion-and-shed": (("BRAMBLE,CINDER,CLOCKWORK", STONEWALL), _fusion, [
        "summon seat=0 die=4 ability=BRAMBLE.1 sacrifice=1,2",
        "shed seat=0 equip=1",
    ], {"die", "sacrifice"}),
    "abilities": (("CINDER,HOLLOW,VEIL", STONEWALL), _abilities, [
        "activate seat=0 ability=CINDER.2 pay=2 target=1 slot=0",
        "activate seat=0 ability=CINDER.2 pay=1 target=1",
        "activate seat=0 ability=CINDER.3 pay=5,5 caster=2 player=true",
        "activate seat=0 ability=CINDER.1 pay=6 target=2",
        "activate seat=0 ability=VEIL.2 pay=6,6 caster=2 target=3",
        "activate seat=0 ability=HOLLOW.3 pay=3,3,3 target=3",          # the captive, behind its captor
        "activate seat=0 ability=HOLLOW.2 pay=3",
        "charge seat=0 die=1",
        "activate seat=0 ability=VEIL.3 pay=1",
        "discard seat=1 die=5",                                         # Bo, behind the cover
        "end seat=0",
    ], {"pay", "caster", "target", "slot"}),
    "modes": (("BASTION,CLOCKWORK", STONEWALL), _modes, [
        "activate seat=0 ability=BASTION.3 pay=4,4,4 mode=0 shield=1",
        _no_used,
        "activate seat=0 ability=BASTION.3 pay=3,3,3 mode=1",
        "activate seat=0 ability=BASTION.1 pay=1 target=1",
    ], {"pay", "mode", "shield"}),
    "battle": ((WILDFIRE, STONEWALL), _battle, [
        "battle seat=0",
        "attack seat=0 units=1,2,3",
        "block seat=1 unit=5 attacker=1",
        "block seat=1 unit=4 attacker=2",
        "unblock seat=1 unit=4",
        "unblock seat=1 unit=5",
        "block seat=1 unit=4 attacker=1",
        "blocks-done seat=1",
        "strike seat=0 unit=3",
        "end seat=0",
    ], set()),
    "battle-order": (("CINDER", "BASTION,VEIL"), _captive_at_stake, [
        "battle seat=0",
        "attack seat=0 units=1,2",
        "block seat=1 unit=3 attacker=1",
        "block seat=1 unit=4 attacker=2",
        "blocks-done seat=1",
        "fight seat=1 unit=4 attacker=2",                               # Bo, behind the cover
    ], set()),
    "no-attack": ((WILDFIRE, STONEWALL), _battle, [
        "battle seat=0",
        Attack(0, ()),
        "end seat=0",
    ], set()),
    "overflow-and-hand-limit": (("BRAMBLE", STONEWALL), _overflow, [
        "activate seat=0 ability=BRAMBLE.3 pay=1,1",
        "remove seat=0 unit=2",
        "end seat=0",
        "discard seat=0 die=6",
        "discard seat=0 die=2",
    ], set()),
}


def _step_intents(steps):
    out = []
    for step in steps:
        if isinstance(step, str):
            out.append(RULES.intents.parse(step))
        elif not callable(step):
            out.append(step)
    return out


def test_the_scenarios_make_every_kind_of_move():
    kinds = {i.KIND for _, _, steps, _ in SCENARIOS.values() for i in _step_intents(steps)}
    assert kinds | {"deck"} == set(INTENTS.kinds)          # the deck choice: test_the_deck_choice_by_mouse
    summons = {RULES.ability(i.ability).kind if i.ability else "unit" for _, _, steps, _ in SCENARIOS.values()
               for i in _step_intents(steps) if isinstance(i, Summon)}
    assert summons == {"unit", "ritual", "fusion", "realm", "relic"}
    asked = set().union(*(asks for *_, asks in SCENARIOS.values()))
    assert {"pay", "mode", "caster", "target", "slot", "shield", "die", "discard", "sacrifice", "unit",
            "value", "by"} <= asked


def test_the_choices_offer_every_move_of_the_scenarios_and_nothing_else():
    # No pygame: at each position of each scenario every legal move can be clicked, nothing illegal can, and
    # nothing glows that leads nowhere (a unit already in every sacrifice left to choose does not glow).
    for name, (decks, position, steps, _asks) in SCENARIOS.items():
        match = duel(decks, position)
        report = ChoiceReport()
        for step in steps:
            if callable(step):
                given(match, step)
                continue
            check_state(DiceCardsChoices, match, report)
            match.submit(_step_intents([step])[0])
        check_state(DiceCardsChoices, match, report)
        assert report.problems == [], (name, report.problems[:5])


@pytest.mark.parametrize("way", ["table", "menu"])
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_scenario_moves_by_mouse(driver, name, way):
    decks, position, steps, asks = SCENARIOS[name]
    match = duel(decks, position)
    table = driver.app.scenes.open("table", match=match)
    driver.settle()
    clicker = Clicker(driver, way)
    covers = through_cover(driver)
    for step in steps:
        if callable(step):
            given(match, step)
            table.view.sync()
            continue
        intent = _step_intents([step])[0]
        assert intent in match.legal_intents(), f"{name}: {intent.to_str()} is not legal here"
        covers += through_cover(driver)
        assert table.shows == intent.seat
        make_move(clicker, match, intent)
    # Started at the hand die rather than the ability row, a special summon asks no "die".
    assert asks - ({"die"} if way == "menu" else set()) <= set(clicker.asked), (name, way, clicker.asked)
    if way == "menu":
        assert clicker.by_table == 0
    if name in ("battle", "abilities"):
        assert covers >= 3, "the defender blocks, the Tithe's discard, each behind the cover"


def test_the_deck_choice_by_mouse(driver, monkeypatch):
    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 5)
    table = open_new_game(driver, "dice-cards")
    match = table.match
    clicker = Clicker(driver, "table")
    assert driver.app.scenes.top.scene_name == "pass_device"
    view = table.view
    through_cover(driver)
    order = list(view.content.archetypes)
    # Four cards: the fourth is refused, and says why.
    # A deck without units cannot be confirmed: the button says why.
    driver.click(view.geometry.deck_card_rect(order.index("VEIL")).center)
    _refused(driver, match, _button(view.action_bar.buttons, "Play this deck").rect.center, ChooseDeck(0, ("VEIL",)))
    driver.click(view.geometry.deck_card_rect(order.index("VEIL")).center)
    assert view.selection.deck == ()
    for archetype in ("CINDER", "VEIL", "CLOCKWORK", "HOLLOW"):
        driver.click(view.geometry.deck_card_rect(order.index(archetype)).center)
    assert view.selection.deck == ("CINDER", "VEIL", "CLOCKWORK")
    assert "at most three" in driver.app.toasts.message
    driver.click(view.geometry.deck_card_rect(order.index("CLOCKWORK")).center)       # a click puts one back
    assert view.selection.deck == ("CINDER", "VEIL")
    make_move(clicker, match, ChooseDeck(0, ("CINDER", "VEIL")))
    # Ann's choice is private: Bo's screen, behind the cover, shows none of it.
    assert driver.app.scenes.top.scene_name == "pass_device"
    through_cover(driver)
    assert view.selection.deck == () and _button(view.action_bar.buttons, "Pick archetypes")
    clicker.way = "menu"
    make_move(clicker, match, ChooseDeck(1, ("BASTION", "HOLLOW", "VEIL")))
    assert match.state.duelists[0].deck == ("CINDER", "VEIL")
    assert match.state.flow.stage == "main"


# ================================================================ (c) refusals
def _refused(driver, match, point, intent) -> None:
    """A click on something not legal: the rules' sentence for ``intent`` as a toast, nothing changes."""
    before, moves = match.state, len(match.journal)
    driver.app.toasts.show("")
    driver.click(point)
    driver.settle()
    assert driver.app.toasts.message == RULES.why_illegal(match.state, intent), driver.app.toasts.message
    assert driver.app.toasts.message
    assert match.state is before and len(match.journal) == moves


def test_a_refused_click_shows_the_rules_sentence(driver):
    position = lambda s: duelist(_battle(s), 0, energy=(1,), hand=hand(2, 4))     # noqa: E731
    match = duel(("CINDER,BRAMBLE,HOLLOW", STONEWALL), position)
    table = driver.app.scenes.open("table", match=match)
    driver.settle()
    through_cover(driver)
    view = table.view
    clicker = Clicker(driver, "table")
    # Dragonfire with one energy token of 1.
    _refused(driver, match, ability_point(view, "CINDER.3"), Activate(0, "CINDER.3", ()))
    assert "costs High Doubles" in driver.app.toasts.message
    make_move(clicker, match, RULES.intents.parse("summon seat=0 die=2 archetype=CINDER"))
    # A second summon in one turn, from the ability row.
    _refused(driver, match, ability_point(view, "HOLLOW.1"), Summon(0, 4, ability="HOLLOW.1"))
    assert driver.app.toasts.message == "You have used this turn's summon already."
    # The Battle Phase: a hand die, an enemy unit as an attacker.
    make_move(clicker, match, Battle(0))
    _refused(driver, match, hand_point(view, 4), Charge(0, 4))
    assert driver.app.toasts.message == "Choose your attackers first (or attack with none)."
    _refused(driver, match, unit_point(view, 5), Attack(0, (5,)))
    assert driver.app.toasts.message == "Only your units that are not captive can attack."
    assert view.selection.attackers == ()
    make_move(clicker, match, Attack(0, (1, 2)))
    through_cover(driver)
    # Bo blocks: an attacker is not his to block with.
    _refused(driver, match, unit_point(view, 1), BlockWith(1, 1, 1))
    assert view.selection.blocker is None


def test_an_ability_that_can_be_paid_says_what_else_it_needs(driver):
    def position(state):
        state = replace(state, units=(unit(1, 0, "HOLLOW", 2),), next_uid=2)
        return duelist(flow(state, turn=3), 0, hand=hand(5), energy=(3, 3, 3))

    match = duel(("HOLLOW,VEIL", STONEWALL), position)
    table = driver.app.scenes.open("table", match=match)
    driver.settle()
    through_cover(driver)
    view = table.view
    # Soul Toll is paid for (3, 3, 3) but Bo has no unit: the sentence says so, not the cost.
    _refused(driver, match, ability_point(view, "HOLLOW.3"), Activate(0, "HOLLOW.3", (3, 3, 3)))
    assert driver.app.toasts.message == "Soul Toll destroys an enemy unit."
    # Dirge Rite with one hand die: it needs another to discard.
    _refused(driver, match, ability_point(view, "HOLLOW.1"), Summon(0, 5, ability="HOLLOW.1"))
    assert driver.app.toasts.message == "Dirge Rite needs another hand die to discard."


def test_a_relic_that_moved_this_turn_refuses(driver):
    match = duel(("CINDER,CLOCKWORK", STONEWALL), _relic)
    table = driver.app.scenes.open("table", match=match)
    driver.settle()
    through_cover(driver)
    view = table.view
    clicker = Clicker(driver, "table")
    make_move(clicker, match, RULES.intents.parse("summon seat=0 die=4 ability=CLOCKWORK.1"))
    make_move(clicker, match, RULES.intents.parse("relic seat=0 ability=CLOCKWORK.1 unit=1"))
    _refused(driver, match, token_point(view, "CLOCKWORK.1"), MoveRelic(0, "CLOCKWORK.1", 0))
    assert "moves once a turn" in driver.app.toasts.message


# ================================================================ (d) privacy on screen
def test_the_cover_hides_the_hand_and_the_far_hand_is_blank(driver, monkeypatch):
    match = duel((WILDFIRE, STONEWALL), _battle)
    table = driver.app.scenes.open("table", match=match)
    driver.settle()
    assert driver.app.scenes.top.scene_name == "pass_device"
    assert check_screen_privacy(driver, monkeypatch) == "cover"
    through_cover(driver)
    assert check_screen_privacy(driver, monkeypatch) == "table"
    view = table.view
    assert view.near == 0 and [d.value for d in view.state.duelists[1].hand] == [0, 0]
    clicker = Clicker(driver, "table")
    make_move(clicker, match, Battle(0))
    make_move(clicker, match, Attack(0, (1,)))
    # Bo must block: the cover first; then Bo's own mat at the bottom, Ann's hand blank at the top.
    assert driver.app.scenes.top.scene_name == "pass_device"
    assert check_screen_privacy(driver, monkeypatch) == "cover"
    through_cover(driver)
    assert table.shows == 1 and view.near == 1
    assert check_screen_privacy(driver, monkeypatch) == "table"
    assert view.geometry.zone("hand", 1).y > view.geometry.zone("hand", 0).y
    assert view.state.duelists[1].hand == match.state.duelists[1].hand
    # The hover help of a far die does not tell its value.
    tip = view.help_at(view.geometry.hand_rects(view.state, 0)[0].center)
    assert tip is not None and "only they see" in tip[0]
