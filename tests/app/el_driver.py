"""Play ElementaliS on the real app with posted clicks: any legal intent, the way a player would do it."""

from __future__ import annotations

from tabletop.games.elementalis.intents import (Allow, Bank, Cast, Chance, Choose, Cosmic, Counter, Declare, Done,
                                                Forfeit, Give, Oppose, PassWindow, Pay, Pick, Roll, Split, StartMana,
                                                TakeMajor, TakeMinor, Tap)

from .driver import Driver


def _button(buttons, start: str):
    for button in buttons:
        if button.visible and button.text.startswith(start):
            return button
    raise AssertionError(f"no button {start!r}: {[b.text for b in buttons if b.visible]}")


def click_intent(driver: Driver, intent) -> None:
    """Perform ``intent`` with clicks only; the table must apply exactly it."""
    view = driver.app.scenes.find("table").view
    choices, slots = view.choice_buttons, view.buttons
    if isinstance(intent, (TakeMajor, TakeMinor)):
        driver.click(_button(choices, f"Take the {intent.element.capitalize()}").rect.center)
    elif isinstance(intent, (StartMana, Choose, Pay)):
        for unit in intent.mana:
            driver.click(_button(view.choice_buttons, f"+1 {unit.replace('pale-', 'colourless ')}").rect.center)
    elif isinstance(intent, Tap):
        driver.click(_button(choices, f"Flux Tap: 1 {intent.colour}").rect.center)
    elif isinstance(intent, Roll):
        driver.click(_button(slots, "Power Roll").rect.center)
    elif isinstance(intent, Declare):
        driver.click(_button(slots, "Declare").rect.center)
    elif isinstance(intent, PassWindow):
        driver.click(_button(slots, "Pass").rect.center)
    elif isinstance(intent, Forfeit):
        driver.click(_button(slots, "Forfeit").rect.center)
    elif isinstance(intent, Counter):
        driver.click(_button(slots, "Counter").rect.center)
    elif isinstance(intent, Allow):
        driver.click(_button(slots, "Let it be").rect.center)
    elif isinstance(intent, Pick):
        driver.click(_button(choices, f"Take 1 {intent.mana.replace('pale-', 'colourless ')}").rect.center)
    elif isinstance(intent, Done):
        driver.click(_button(slots, "Stop").rect.center)
    elif isinstance(intent, Split):
        index = list(view.legal).index(intent)
        driver.click(choices[index].rect.center)
    elif isinstance(intent, Bank):
        driver.click(_button(slots, "Bank").rect.center)
    elif isinstance(intent, (Chance, Cosmic)):
        driver.click(_button(slots, "Chance" if isinstance(intent, Chance) else "Cosmic").rect.center)
    elif isinstance(intent, Give):
        driver.click(_button(choices, f"Give 1 {intent.mana}").rect.center)
    elif isinstance(intent, Oppose):
        for die in intent.dice:
            driver.click(view.die_rect(die).center)
        label = f"Roll {len(intent.dice)} dice" if intent.dice else "Roll none"
        driver.click(_button(slots, label).rect.center)
    elif isinstance(intent, Cast):
        spell = view.content.spell(intent.spell)
        driver.click(_button(choices, f"{spell.name} (").rect.center)
        if view.spell is not None:
            if intent.die is not None:
                driver.click(view.die_rect(intent.die).center)
                if intent.face is not None:
                    driver.click(_button(view.choice_buttons, f"Face: {intent.face.replace('+', ' + ')}").rect.center)
            elif intent.link is not None:
                mages = view.state.mages
                label = f"{spell.name} {mages[intent.link].name}'s link to {mages[intent.target].name}"
                driver.click(_button(view.choice_buttons, label).rect.center)
            elif intent.target is not None:
                driver.click(view.panels[intent.target].rect.center)
    else:
        raise AssertionError(f"no clicks for {intent}")
    driver.settle()
