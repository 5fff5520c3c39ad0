"""Play Elemental Dice on the real app with posted clicks: any legal intent, the way a player would do it."""

from __future__ import annotations

import pygame

from tabletop.games.elemental_dice.intents import (Buy, Pay, Place, Play, Put, Remove, Reveal, SetDie, Swap, Take,
                                                   Discard, Cancel, Reroll, FlipDie, Done, KeepOrder, Stop)

from .driver import Driver


def through_cover(driver: Driver) -> None:
    """Click "I am ..." while the pass-the-device cover is up."""
    for _ in range(5):
        top = driver.app.scenes.top
        if top.scene_name != "pass_device":
            return
        driver.click(top.ready.rect.center)
        driver.settle()


def slot_for(view, intent):
    for index, slot in enumerate(view.slots):
        if slot.intent == intent and view.slot_buttons[index].visible:
            return view.slot_buttons[index]
    return None


def click_intent(driver: Driver, intent) -> None:
    """Perform ``intent`` with clicks only; the table must apply exactly it."""
    through_cover(driver)
    table = driver.app.scenes.find("table")
    view = table.view
    state = view.state
    if isinstance(intent, (Play, Place)):
        hand = view._my_hand()
        index = hand.index(intent.card)
        rect, _ = view.hand.slots(len(hand))[index]
        driver.click(rect.center)
        assert view.selected == intent.card, (intent, view.selected)
    elif isinstance(intent, Reveal):
        player = state.players[intent.seat]
        index = next(i for i, fd in enumerate(player.facedown) if fd.card == intent.card)
        driver.click(view._facedown_rect(intent.seat, index).center)
        assert view.selected == intent.card
    elif isinstance(intent, Buy):
        driver.click(view._shop_rect(state.shop_row.index(intent.card)).center)
        assert view.selected == intent.card
        if intent.remove is not None:
            driver.click(next(b for i, b in enumerate(view.slot_buttons) if view.slots[i].text.startswith("Buy")
                              ).rect.center)
            _click_picker_card(driver, view, intent.remove)
            driver.settle()
            return
    elif isinstance(intent, (Reroll, FlipDie)):
        driver.click(view.sprites[intent.die].rect().center)
        driver.settle()
        return
    elif isinstance(intent, SetDie):
        driver.click(view.sprites[intent.die].rect().center)
        chip = next(button for button, i in view.value_chips if i == intent)
        driver.click(chip.rect.center)
        driver.settle()
        return
    elif isinstance(intent, Swap):
        driver.click(view.sprites[intent.first].rect().center)
        driver.click(view.sprites[intent.second].rect().center)
        driver.settle()
        return
    elif isinstance(intent, Pay):
        while view.payment != intent.gold:
            button = view.plus if view.payment < intent.gold else view.minus
            driver.click(button.rect.center)
    elif isinstance(intent, (Put, Discard, Cancel, Remove)):
        _click_picker_card(driver, view, intent.card)
        driver.settle()
        return
    elif isinstance(intent, Take):
        _click_picker_card(driver, view, intent.card)
        if intent.remove is not None:
            _click_picker_card(driver, view, intent.remove)
        driver.settle()
        return
    elif isinstance(intent, (Done, KeepOrder, Stop)):
        driver.click(view.picker_button.rect.center)
        driver.settle()
        return
    button = slot_for(view, intent)
    assert button is not None, (intent.to_str(), [slot.text for slot in view.slots])
    driver.click(button.rect.center)
    driver.settle()


def _click_picker_card(driver: Driver, view, card: str) -> None:
    cards = view._picker_cards()[0]
    index = cards.index(card)
    rect = view.grid.rects(len(cards))[index]
    for _ in range(100):
        if view.grid.area.contains(rect):
            break
        # The wheel, as a player would scroll.
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        driver.frames(1)
        rect = view.grid.rects(len(cards))[index]
    driver.click(rect.center)
