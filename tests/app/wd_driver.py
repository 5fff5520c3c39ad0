"""Play Wizard Dice on the real app with posted clicks: any legal intent, the way a player would do it."""

from __future__ import annotations

from tabletop.games.wizard_dice.intents import (Aim, Banish, Cancel, CancelNothing, Carry, CastSpell, Commit, Keep,
                                                KeepAllies, Release, Roll, Stop, Uncast)
from tabletop.games.wizard_dice.state import Target

from .driver import Driver


def through_cover(driver: Driver) -> None:
    """Click "I am ..." while the pass-the-device cover is up."""
    for _ in range(5):
        top = driver.app.scenes.top
        if top.scene_name != "pass_device":
            return
        driver.click(top.ready.rect.center)
        driver.settle()


def clickable(view, intent) -> bool:
    """Whether the screen offers this intent: a cast uses the highest free die of its pattern (B.3's default)."""
    if not isinstance(intent, CastSpell):
        return True
    pattern = view.book[intent.spell].pattern
    same = [c for c in view.legal if isinstance(c, CastSpell) and c.spell == intent.spell
            and sorted(c.dice) == sorted(intent.dice)]
    return intent.dice == max((c.dice for c in same), key=lambda d: (pattern.extra(d), d))


def _button(view, text_start: str):
    for button in view.buttons:
        if button.visible and button.text.startswith(text_start):
            return button
    raise AssertionError(f"no button {text_start!r}: {[b.text for b in view.buttons if b.visible]}")


def click_intent(driver: Driver, intent) -> None:
    """Perform ``intent`` with clicks only; the table must apply exactly it."""
    through_cover(driver)
    view = driver.app.scenes.find("table").view
    state = view.state
    if isinstance(intent, Roll):
        driver.click(_button(view, "Roll").rect.center)
    elif isinstance(intent, (Keep, Release)):
        driver.click(view.die_rect(intent.die).center)
    elif isinstance(intent, Stop):
        driver.click(_button(view, "Keep all").rect.center)
    elif isinstance(intent, Commit):
        driver.click(_button(view, "Commit").rect.center)
    elif isinstance(intent, KeepAllies):
        driver.click(_button(view, "Keep allies").rect.center)
    elif isinstance(intent, (Banish, Aim)):
        owner = intent.seat
        slot = [a[0] for a in view.shown_allies[owner]].index(intent.ally)
        driver.click(view.ally_rect(owner, slot).center)
        if isinstance(intent, Aim):
            driver.click(view.panels[intent.at].rect.center)
    elif isinstance(intent, Uncast):
        secret = state.wizards[intent.seat].secret
        index = max(i for i, c in enumerate(secret.casts) if c.spell == intent.spell)
        driver.click(view.spell_row_rect(index).center)
    elif isinstance(intent, (Cancel, CancelNothing)):
        index = list(view.legal).index(intent)
        driver.click(view.choice_buttons[index].rect.center)
    elif isinstance(intent, Carry):
        if not intent.dice:
            driver.click(_button(view, "Carry none").rect.center)
        else:
            unused = list(state.wizards[intent.seat].unused)
            for value in intent.dice:
                index = next(i for i, v in enumerate(unused) if v == value and i not in view.selected)
                driver.click(view.die_rect(index).center)
            driver.click(_button(view, "Carry").rect.center if False else view.buttons[1].rect.center)
    elif isinstance(intent, CastSpell):
        _cast(driver, view, intent)
    else:
        raise AssertionError(f"no clicks for {intent}")
    driver.settle()


def _cast(driver: Driver, view, intent: CastSpell) -> None:
    secret = view._my_secret()
    free = view._free_indices()
    chosen: list[int] = []
    for value in sorted(intent.dice):
        chosen.append(next(i for i in free if secret.dice[i] == value and i not in chosen))
    for index in chosen:
        driver.click(view.die_rect(index).center)
    row = [s.spell_id for s in view.book.spells].index(intent.spell)
    driver.click(view.book_row_rect(row).center)
    if intent.split and view.spell is not None:
        for _ in range(4):
            if view.split == intent.split:
                break
            driver.click(view.buttons[2].rect.center)
    aimed: list[Target] = []
    targets = list(intent.targets)
    if intent.split and intent.split[0] == intent.split[-1] and len(intent.split) > 1:
        targets = sorted(targets, key=lambda t: (t.kind, t.index))
    for target in targets:
        if view.spell is None:
            break
        aimed.append(target)
        driver.click(view.target_rect(target).center)
    if view.spell is not None and intent.aim is not None:
        driver.click(view.panels[intent.aim].rect.center)
