"""Elemental Dice text the truncation test did not see (issue 34, item 8): the tutorial's screens, where Ada holds
12 gold ("12…" in her panel while the coach said "you hold 12 gold"), and the chain cards' titles ("Natural…",
"Water…": a chain card is short, its title had 26 px under the cost).  Each step of the tutorial is drawn, with
the pointer over every place that explains itself (the chain, the shop row, the face-down zone and every card's
preview at full size among them), at both window sizes; and every card of the game's data is drawn at every size
the table shows it.  Nothing may be cut, no word broken."""

from __future__ import annotations

import pygame
import pytest

from tabletop.app.bench import open_busy_table
from tabletop.app.cards import CardArt, FannedHand
from tabletop.app.games.elemental_dice.faces import card_face
from tabletop.app.tutorial import TutorialScene
from tabletop.games.elemental_dice import events as ev
from tabletop.games.elemental_dice.cards import load_cards

from .conftest import make_app
from .test_nothing_cut import Watch, draw_everything

#: Where the table draws a card, as its layout says: name -> element (None: at full size, the hover preview).
CARD_PLACES = {"chain": "chain_card", "shop row": "shop_card", "hand": "hand_card", "picker": "picker_card",
               "hover preview": None}


@pytest.fixture(params=["1920x1080", "1366x768"])
def window(request, monkeypatch):
    """The app in a window of each size (the table is the 1920 x 1080 picture scaled into it)."""
    monkeypatch.setenv("TABLETOP_WINDOW", request.param)
    application = make_app()
    width, _, height = request.param.partition("x")
    assert application.display.window.get_size() == (int(width), int(height))
    yield application, request.param
    pygame.quit()


def test_nothing_is_cut_on_the_tutorials_screens(window, monkeypatch):
    app, window = window
    watch = Watch(app, monkeypatch)
    app.settings.bots = "instant"
    scene = TutorialScene(app, "elemental-dice")
    scene.keeps_progress = False
    app.scenes.push(scene)
    drawn = 0
    for index in range(len(scene.lesson.steps)):
        if scene.run.done:
            break
        for _ in range(600):
            app.frame(1 / 60)
            if not scene.view.busy:
                break
        drawn += draw_everything(app, scene, watch, f"{window} tutorial step {scene.run.index + 1}:")
        if scene.waiting_for_next():
            scene.next_step()
        else:
            move = scene.next_move()
            if move is None:
                break
            pos = scene.view.position_of(move)
            if pos is None:
                break
            scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        for _ in range(50):
            scene.update(0.5)
    assert drawn > 20
    assert not watch.cut, sorted(watch.cut)[:20]


def test_every_card_reads_whole_wherever_the_table_draws_it(app, monkeypatch):
    """Every card of the data, in the chain, the shop row, the hand, the picker and at full size (the preview
    of a hovered card): its title whole at a readable size, no word broken, its gist and its text whole."""
    watch = Watch(app, monkeypatch)
    book = load_cards()
    art = CardArt(app, app.dice_for("elemental_dice"))
    layout = app.layouts["elemental_dice"]
    for card in book.cards:
        face = card_face(book, card.key, app.layouts.theme)
        for place, element in CARD_PLACES.items():
            watch.where = place
            size = tuple(layout[element].rect[2:]) if element else None
            image = art.face(face, size)
            assert size is None or image.get_size() == size
        watch.where = "hand, hovered"
        hand = FannedHand(art, pygame.Rect(layout["hand"].rect), tuple(layout["hand_card"].rect[2:]), 10, spacing=1.0)
        hand.hovered = 0
        hand.draw(app.display.surface, [face])
    assert len(book.cards) > 50
    assert not watch.cut, sorted(watch.cut)[:20]


def _placed_face_down(match) -> bool:
    return bool(match.journal) and any(isinstance(event, (ev.FaceDownPlaced, ev.CardPlaced))
                                       for event in match.journal[-1].events)


def test_nothing_is_cut_around_a_card_just_placed_face_down(window, monkeypatch):
    """The face-down zone after a card was placed there: its mark's tag "face down" was 156 px wide over a card
    118 px wide; the cards there and their previews, the chain and the shop row hovered too."""
    app, window = window
    watch = Watch(app, monkeypatch)
    tables = 0
    for seed in range(1, 40):
        table = open_busy_table(app, "elemental-dice", ["Ada", "Brom"], seed, _placed_face_down)
        if not _placed_face_down(table.match):
            app.scenes.pop()
            continue
        table.view.finish_animations()
        assert draw_everything(app, table, watch, f"{window} seed {seed}:") > 10
        app.scenes.pop()
        tables += 1
        if tables == 3:
            break
    assert tables == 3, "three games had a card placed face down"
    assert not watch.cut, sorted(watch.cut)[:20]
