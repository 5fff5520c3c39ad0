"""Clicks (and keys) a player spends on the routine moves of each game, counted on the real app and pinned.

Each count is the number of inputs posted through the driver (a click or a key each) from one screen to the next,
the way a player would make them; the cover's "I'm ready" counts as one."""

from __future__ import annotations

import pygame
import pytest

from .driver import Driver, open_new_game


class Counter:
    """Counts the clicks and keys posted through a driver (and on which screen each was made)."""

    def __init__(self, driver: Driver) -> None:
        self.inputs: list[str] = []
        click, key = driver.click, driver.key

        def counted_click(pos, button=1):
            self.inputs.append(f"click on {driver.app.scenes.top.scene_name}")
            click(pos, button)

        def counted_key(k, mod=0):
            self.inputs.append(f"{pygame.key.name(k)} on {driver.app.scenes.top.scene_name}")
            key(k, mod)

        driver.click, driver.key = counted_click, counted_key

    def since(self, mark: int) -> list[str]:
        return self.inputs[mark:]


# ---------------------------------------------------------------------------------------------- Elemental Dice
def _ed_step(driver: Driver, table, kinds: tuple[str, ...]) -> None:
    """One input the way a quick player makes it: the cover's public pass on Space when passing, else "I'm
    ready"; Space for a pass on the table (its first button); otherwise the clicks of the move."""
    top = driver.app.scenes.top
    if top.scene_name == "pass_device":
        if "pass" in kinds and top.quick is not None:
            driver.key(pygame.K_SPACE)
        else:
            driver.click(top.ready.rect.center)
        driver.settle()
        return
    legal = table.legal()
    for kind in kinds:
        chosen = [intent for intent in legal if intent.KIND == kind]
        if chosen:
            slot = table.view.choices.buttons()[0]
            if kind == "pass" and slot is not None and slot.reply.intent == chosen[0]:
                driver.key(pygame.K_SPACE)
                driver.settle()
            else:
                driver.play_intent(chosen[0])
            return
    raise AssertionError(f"nothing of {kinds} to do: {[i.to_str() for i in legal]}")


def _ed_until(driver, table, done, kinds, counter) -> list[str]:
    mark = len(counter.inputs)
    for _ in range(20):
        if driver.app.scenes.top.scene_name == "table" and not table.view.busy and done():
            return counter.since(mark)
        _ed_step(driver, table, kinds)
    raise AssertionError("never got there")


def test_elemental_dice_one_card_in_four_inputs_and_a_cover_only_before_a_private_screen(driver, monkeypatch):
    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 20261124)
    table = open_new_game(driver, "elemental-dice")
    driver.settle()
    match = table.match
    counter = Counter(driver)
    covers = []
    original_open = driver.app.scenes.open

    def watch_open(name, **kwargs):
        if name == "pass_device":
            covers.append(match.state)
        return original_open(name, **kwargs)

    monkeypatch.setattr(driver.app.scenes, "open", watch_open)

    # Brom's public prompt before Ada's turn (Space), then the cover before Ada's private turn.
    first = _ed_until(driver, table, lambda: any(i.KIND == "play" for i in table.legal()), ("pass",), counter)
    assert first == ["space on table", "click on pass_device"]

    # One Basic Income: the card, Play, Brom's public pass (Space); Ada's pass on her own card is made for her
    # (her "Pass on my own card" setting, on by default), and as Brom touched the screen the cover stands before
    # her hand comes back.
    played = len(match.journal)
    one_card = _ed_until(driver, table, lambda: len(match.journal) > played + 1 and not match.state.flow.chain
                         and match.state.flow.phase == "main", ("play", "pass"), counter)
    assert one_card == ["click on table", "click on table", "space on table", "click on pass_device"]
    assert match.state.players[0].gold > 0 or match.journal[played].intent.KIND == "play"

    # The end of the turn: End turn, Ada's public prompt before Brom's turn (Space), the cover before Brom's turn.
    end = _ed_until(driver, table, lambda: match.state.flow.active == 1 and match.state.flow.phase == "main",
                    ("end-turn", "pass"), counter)
    assert end == ["click on table", "space on table", "click on pass_device"]

    # Every cover stood before a private screen: the seat it named holds the screen by the rules.
    assert covers
    for state in covers:
        assert match.rules.private_seat(state) is not None


def _wait(driver, table, seconds: float) -> None:
    """Let the table run ``seconds`` with nobody touching it."""
    driver.frames(int(seconds * 60) + 2)
    driver.settle()


def test_elemental_dice_a_routine_turn_in_five_clicks_without_a_cover(driver, monkeypatch):
    """A card played, the shop rerolled, a card bought, the turn ended: 5 clicks with a new table's settings.  The
    rival's public prompt passes by itself after the same wait whatever he holds (rulings A.5: it is still shown,
    and it tells nothing); the pass on one's own card is made for its player; nobody touched the screen, so it
    goes back to the same player without the cover.  (It was 8: card + Play, the rival's pass, one's own pass
    behind a cover, Reroll, card + Buy, End turn.)"""
    from tabletop.app.games.elemental_dice.view import ANSWER_WAIT

    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 20261124)
    table = open_new_game(driver, "elemental-dice")
    driver.settle()
    match = table.match
    # The game opens on Brom's public "answer first": it passes by itself, then the cover before Ada's turn.
    assert table.shows is None and driver.app.scenes.top is table
    _wait(driver, table, ANSWER_WAIT)
    assert driver.app.scenes.top.scene_name == "pass_device"
    driver.click(driver.app.scenes.top.ready.rect.center)
    driver.settle()
    assert match.state.flow.phase == "main" and table.shows == 0

    counter = Counter(driver)
    covers: list[int] = []
    original_open = driver.app.scenes.open

    def watch_open(name, **kwargs):
        if name == "pass_device":
            covers.append(len(match.journal))
        return original_open(name, **kwargs)

    monkeypatch.setattr(driver.app.scenes, "open", watch_open)
    card = next(i for i in table.legal() if i.KIND == "play")
    driver.play_intent(card)                      # the card, then Play
    assert table.shows is None                    # Brom's public prompt: "Brom: answer ..., or pass?"
    prompt = [s.text for s in table.view.choices.buttons()[:2]]
    assert prompt == ["Brom: pass", "Brom: answer"]
    _wait(driver, table, ANSWER_WAIT)             # it passes by itself; Ada's pass on her own card is made
    assert not match.state.flow.chain and match.state.flow.phase == "main" and table.shows == 0
    driver.play_intent(next(i for i in table.legal() if i.KIND == "reroll-shop"))
    buy = next(i for i in table.legal() if i.KIND == "buy")
    driver.play_intent(buy)                       # one click on the card
    assert match.journal[-1].intent == buy
    driver.play_intent(next(i for i in table.legal() if i.KIND == "end-turn"))
    assert counter.inputs == ["click on table"] * 5
    # No cover until the turn has ended.
    ended = next(index for index, entry in enumerate(match.journal) if entry.intent.KIND == "end-turn")
    assert all(moves > ended for moves in covers), (covers, ended)


def test_elemental_dice_the_public_prompt_waits_its_time_and_never_behind_the_menu(driver, monkeypatch):
    """The public prompt passes after ANSWER_WAIT of being shown (the same for every player: the view reads
    neither hand, only the prompt's buttons, which the rules show whatever a player holds), and its time does not
    run while the pause menu covers the table."""
    from tabletop.app.games.elemental_dice.view import ANSWER_WAIT

    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 20261124)
    table = open_new_game(driver, "elemental-dice")
    driver.settle()
    match = table.match
    driver.key(pygame.K_ESCAPE)                              # the pause menu over the table
    assert driver.app.scenes.top is not table
    driver.frames(int(ANSWER_WAIT * 60) * 2)
    assert match.state.flow.window == "turn_start"          # nothing passed behind it
    driver.app.scenes.pop()
    frames = 0
    while match.state.flow.window == "turn_start" and frames < 1000:
        driver.frames(1)
        frames += 1
    assert abs(frames / 60 - ANSWER_WAIT) < 0.1, frames
    assert match.journal[-1].intent.KIND == "pass" and match.journal[-1].intent.seat == 1


def test_elemental_dice_space_presses_the_highlighted_button_and_never_rerolls_the_shop(driver, monkeypatch):
    # Space used to press the first button whatever it was: on a player's turn, "Reroll · 2 gold".
    from tabletop.app.choosing import Move, Target

    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 20261124)
    table = open_new_game(driver, "elemental-dice")
    driver.settle()
    match = table.match
    driver.key(pygame.K_SPACE)                       # Brom's public pass before Ada's turn
    driver.settle()
    driver.click(driver.app.scenes.top.ready.rect.center)
    driver.settle()
    view = table.view
    assert [s.text for s in view.choices.buttons()[:2]] == ["Reroll · 2 gold", "End turn"]
    before = len(match.journal)
    driver.key(pygame.K_SPACE)                       # nothing highlighted that Space may press: nothing happens
    driver.settle()
    assert len(match.journal) == before
    card = next(i.card for i in table.legal() if i.KIND == "play")
    driver.click(view.position_of(Move("target", Target("hand", card))))
    driver.key(pygame.K_SPACE)                       # a card chosen: Space plays it
    driver.settle()
    assert match.journal[before].intent.KIND == "play" and match.journal[before].intent.card == card


# ---------------------------------------------------------------------------------------------- ElementaliS
@pytest.mark.parametrize("players, inputs", [(2, 6), (5, 14)])
def test_elementalis_the_first_power_roll(driver, monkeypatch, players, inputs):
    # The draft (one click per Arcana; the last Major left is given), two Mana of one colour in one click,
    # the Power Roll.  Before: 7 with 2 mages, 19 with 5.
    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 20261124)
    table = open_new_game(driver, "elementalis", players)
    driver.settle()
    match = table.match
    counter = Counter(driver)
    for _ in range(40):
        if any(entry.intent.KIND == "roll" for entry in match.journal):
            break
        legal = table.legal()
        kind = next(k for k in ("major", "minor", "start-mana", "roll") if any(i.KIND == k for i in legal))
        # Each mage takes the first Arcana offered, and two Mana of their Major's colour.
        major = match.state.mages[legal[0].seat].major
        offers = [i for i in legal if i.KIND == kind]
        chosen = next((i for i in offers if kind == "start-mana" and set(i.mana) == {major}), offers[0])
        driver.play_intent(chosen)
    assert len(counter.inputs) == inputs, counter.inputs
    assert all(entry.intent.KIND != "major" or i < players for i, entry in enumerate(match.journal))


def test_elementalis_the_draft_says_what_each_arcana_does(driver):
    table = open_new_game(driver, "elementalis", 2)
    driver.settle()
    view = table.view
    choices = view.choices
    assert "three spells" in choices.panel_title()
    tip = view.help_at(view.geometry.choice_rect(0).center)
    assert tip is not None and "Fire Major" in tip[0] and "Incinerate" in tip[0]
    fire = next(i for i in table.legal() if getattr(i, "element", "") == "fire")
    driver.play_intent(fire)                                    # Ada takes the Fire Major
    driver.play_intent(table.legal()[0])                        # Brom another
    minors = [slot.text for slot in view.choices.menu().items]
    assert "Air Minor: Elementalist" in minors and "Fire Minor: Purist" in minors
    tip = view.help_at(view.geometry.choice_rect(minors.index("Air Minor: Elementalist")).center)
    assert tip is not None and "makes you an Elementalist" in tip[0]


def test_elementalis_the_default_button_is_never_the_risky_roll(driver, monkeypatch):
    # After a scoring roll, Space (the middle button, in the primary look) banks; the Chance Roll is beside it.
    monkeypatch.setattr("tabletop.app.matches.secrets.randbits", lambda bits: 20261124)
    table = open_new_game(driver, "elementalis", 2)
    driver.settle()
    match = table.match
    for _ in range(60):
        if match.state.flow.stage == "push":
            break
        legal = table.legal()
        kind = next((k for k in ("major", "minor", "start-mana", "pass", "roll") if any(i.KIND == k for i in legal)))
        driver.play_intent(next(i for i in legal if i.KIND == kind))
    assert match.state.flow.stage == "push"
    slots = table.view.choices.buttons()
    assert slots[1] is not None and slots[1].text.startswith("Bank")
    assert slots[2] is not None and "risk" in slots[2].text
    before = len(match.journal)
    driver.key(pygame.K_SPACE)
    driver.settle()
    assert match.journal[before].intent.KIND == "bank"


# ---------------------------------------------------------------------------------------------- Dice Cards
def _dc_to_the_first_turn(driver, table, pick) -> list[str]:
    """Through the covers and both deck choices (``pick(view)`` makes one) to the first player's turn."""
    counter = Counter(driver)
    match = table.match
    for _ in range(20):
        top = driver.app.scenes.top
        if top.scene_name == "pass_device":
            driver.click(top.ready.rect.center)
            driver.settle()
        elif match.state.flow.stage == "deck":
            pick(table.view)
            driver.settle()
        else:
            return counter.inputs
    raise AssertionError("the duel never began")


def test_dice_cards_a_deck_in_one_click_and_the_last_one_remembered_by_name(driver, private_user_dir):
    # Before: a starter deck took two clicks (the starter, then "Play these 3"), three archetypes four; 7 inputs
    # to the first turn with starters (11 by hand), now 5: each deck is one click, between the covers.
    import json

    from tabletop.app.storage import SettingsStore

    table = open_new_game(driver, "dice-cards")
    driver.settle()
    quick = lambda view: driver.click(view.quick_bar.buttons[1 if view.last_deck() else 0].rect.center)  # noqa
    inputs = _dc_to_the_first_turn(driver, table, quick)
    assert inputs == ["click on pass_device", "click on table", "click on pass_device", "click on table",
                      "click on pass_device"]
    decks = {entry.intent.seat: entry.intent.archetypes for entry in table.match.journal}
    assert decks[0] == decks[1] == ("CINDER", "BRAMBLE", "CLOCKWORK")        # Wildfire, the first starter
    saved = json.loads((private_user_dir / "settings.json").read_text())["decks"]
    assert saved == {"Ada": ["CINDER", "BRAMBLE", "CLOCKWORK"], "Brom": ["CINDER", "BRAMBLE", "CLOCKWORK"]}

    # Next time, with Brom's last deck changed by hand, each finds their own last deck first, one click away.
    driver.app.settings.decks["Brom"] = ["BASTION", "HOLLOW"]
    assert SettingsStore(private_user_dir).load().decks["Ada"] == ["CINDER", "BRAMBLE", "CLOCKWORK"]
    from tabletop.core.controller import MatchController
    from tabletop.registry import get_rules

    match = MatchController(get_rules("dice-cards"), None, ["Ada", "Brom"], 7)
    table = driver.app.scenes.open("table", match=match)
    driver.settle()
    texts = []

    def last(view):
        texts.append(view.quick_bar.buttons[0].text)
        driver.click(view.quick_bar.buttons[0].rect.center)

    assert len(_dc_to_the_first_turn(driver, table, last)) == 5
    assert texts == ["Your last: Cinder · Bramble · Clockwork", "Your last: Bastion · Hollow"]
    assert [entry.intent.archetypes for entry in match.journal] == [("CINDER", "BRAMBLE", "CLOCKWORK"),
                                                                    ("BASTION", "HOLLOW")]


def test_dice_cards_two_archetypes_picked_are_completed_with_their_suggested_deck(driver):
    from tabletop.app.choosing import Move, Target
    from tabletop.app.games.dice_cards.decks import recommended

    table = open_new_game(driver, "dice-cards")
    driver.settle()
    driver.click(driver.app.scenes.top.ready.rect.center)
    driver.settle()
    view = table.view
    for archetype in ("CINDER", "VEIL"):
        driver.click(view.position_of(Move("target", Target("deck", archetype))))
    suggested = [b for b in view.quick_bar.buttons if b.visible and b.text.startswith("Suggested")]
    assert [b.text for b in suggested] == ["Suggested: Cinder · Bastion · Veil"]
    assert recommended(view.rules.content, ("CINDER", "VEIL")) == ("CINDER", "BASTION", "VEIL")
    driver.click(suggested[0].rect.center)
    driver.settle()
    assert table.match.journal[-1].intent.archetypes == ("CINDER", "BASTION", "VEIL")
