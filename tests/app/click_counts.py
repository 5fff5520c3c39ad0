"""Count the clicks and keys of the routine moves of Elemental Dice, ElementaliS and Dice Cards on the real app,
headless, the way a quick player makes them (prints one line per count).  Runs on any commit of the app (older
ones without the quicker ways take the old ones), so the counts before and after a change can be compared:

    .venv/bin/python -m tests.app.click_counts
"""

from __future__ import annotations

import os
import tempfile


def _app():
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TABLETOP_HOME=tempfile.mkdtemp())
    import tabletop.app.matches as matches

    from .conftest import make_app
    from .driver import Driver

    matches.secrets.randbits = lambda bits: 20261124
    app = make_app()
    driver = Driver(app)
    inputs: list[str] = []
    click, key = driver.click, driver.key

    def counted_click(pos, button=1):
        inputs.append(f"click on {app.scenes.top.scene_name}")
        click(pos, button)

    def counted_key(k, mod=0):
        inputs.append(f"key on {app.scenes.top.scene_name}")
        key(k, mod)

    driver.click, driver.key = counted_click, counted_key
    return app, driver, inputs


def elemental_dice() -> None:
    import pygame

    from .driver import open_new_game

    app, driver, inputs = _app()
    table = open_new_game(driver, "elemental-dice")
    driver.settle()
    match = table.match

    def step(kinds):
        top = app.scenes.top
        if top.scene_name == "pass_device":
            if "pass" in kinds and getattr(top, "quick", None) is not None:
                driver.key(pygame.K_SPACE)
            else:
                driver.click(top.ready.rect.center)
            driver.settle()
            return
        legal = table.legal()
        for kind in kinds:
            chosen = [i for i in legal if i.KIND == kind]
            if chosen:
                slot = table.view.choices.buttons()[0]
                if kind == "pass" and slot is not None and slot.reply.intent == chosen[0]:
                    driver.key(pygame.K_SPACE)
                    driver.settle()
                else:
                    driver.play_intent(chosen[0])
                return

    def count(label, done, kinds):
        mark = len(inputs)
        while not (app.scenes.top.scene_name == "table" and not table.view.busy and done()):
            step(kinds)
        print(f"Elemental Dice, {label}: {len(inputs) - mark}  {inputs[mark:]}")

    count("the first decision (Ada's turn on screen)", lambda: any(i.KIND == "play" for i in table.legal()),
          ("pass",))
    played = len(match.journal)
    count("one Basic Income played and resolved", lambda: len(match.journal) > played + 1
          and not match.state.flow.chain and match.state.flow.phase == "main", ("play", "pass"))
    count("the end of the turn (to Brom's turn on screen)",
          lambda: match.state.flow.active == 1 and match.state.flow.phase == "main", ("end-turn", "pass"))


def elementalis(players: int) -> None:
    from .driver import open_new_game

    app, driver, inputs = _app()
    table = open_new_game(driver, "elementalis", players)
    driver.settle()
    match = table.match
    mark = len(inputs)
    while not any(entry.intent.KIND == "roll" for entry in match.journal):
        legal = table.legal()
        kind = next(k for k in ("major", "minor", "start-mana", "roll") if any(i.KIND == k for i in legal))
        major = match.state.mages[legal[0].seat].major
        offers = [i for i in legal if i.KIND == kind]
        driver.play_intent(next((i for i in offers if kind == "start-mana" and set(i.mana) == {major}), offers[0]))
    print(f"ElementaliS, {players} mages, to the first Power Roll: {len(inputs) - mark}")
    mark = len(inputs)
    rolls = 1
    while sum(1 for e in match.journal if e.intent.KIND in ("roll", "bank", "chance", "cosmic")) <= rolls:
        legal = table.legal()
        kind = next(k for k in ("pass", "bank", "roll", "oppose", "pay", "done", "forfeit")
                    if any(i.KIND == k for i in legal))
        driver.play_intent(next(i for i in legal if i.KIND == kind))
    print(f"ElementaliS, {players} mages, after the Power Roll to the bank: {len(inputs) - mark}")


def dice_cards() -> None:
    from .driver import open_new_game

    app, driver, inputs = _app()
    table = open_new_game(driver, "dice-cards")
    driver.settle()
    match = table.match
    mark = len(inputs)
    while match.state.flow.stage == "deck" or app.scenes.top.scene_name == "pass_device":
        top = app.scenes.top
        if top.scene_name == "pass_device":
            driver.click(top.ready.rect.center)
        elif hasattr(table.view, "quick_bar"):
            driver.click(table.view.quick_bar.buttons[0].rect.center)         # a deck in one click
        else:
            driver.click(table.view.action_bar.buttons[0].rect.center)        # the first starter deck...
            driver.settle()
            driver.click(table.view.action_bar.buttons[1].rect.center)        # ...then "Play this deck"
        driver.settle()
    print(f"Dice Cards, to the first turn (its dice rolled): {len(inputs) - mark}  {inputs[mark:]}")


if __name__ == "__main__":
    elemental_dice()
    elementalis(2)
    elementalis(5)
    dice_cards()
