"""The Wizard Dice reveal staged in the middle of the table: the casts turn over one after another, damage and
healing fly from the cast's card to their target (whose hit points move as it lands), a click or Space ends what
moves at once, and at the Instant bot pace only the result is shown."""

import pygame

from tabletop.app.games.wizard_dice.impact import MINUS
from tabletop.app.games.wizard_dice.stage import STAGE
from tabletop.games.wizard_dice import events as ev

from .driver import Driver
from .test_golden_screens import wizard_table


def _before_the_last_commit(state):
    return (state.flow.round >= 2 and state.flow.stage == "secret" and state.flow.turn == len(state.flow.order) - 1
            and state.wizards[state.to_act].secret.rolled_out and len(state.wizards[state.to_act].secret.casts) >= 1)


def _commit(table):
    table.submit(next(i for i in table.match.legal_intents() if i.KIND == "commit"))


def test_the_casts_turn_over_one_after_another_in_the_middle(app):
    app.settings.animation = "normal"
    table = wizard_table(app, 3, 5, _before_the_last_commit)
    driver = Driver(app)
    _commit(table)
    view = table.view
    assert len(view.board) >= 2 and view.turned == [0.0] * len(view.board)
    rects = view.stage_rects(len(view.board))
    assert all(STAGE.contains(rect) for rect in rects)
    assert abs(sum(r.centerx for r in rects[:min(5, len(rects))]) / min(5, len(rects)) - STAGE.centerx) < 40
    seen_order = []
    for _ in range(400):
        driver.frames(1, dt=0.02)
        up = [i for i, t in enumerate(view.turned) if t >= 1.0]
        if up and up[-1] not in seen_order:
            seen_order.append(up[-1])
        assert all(view.turned[i] == 0.0 for i in range(len(up) + 1, len(view.turned))), "one card at a time"
        if view.waiting:
            break
    assert seen_order == list(range(len(view.board)))
    assert view.waiting


def test_damage_flies_to_its_target_and_the_hit_points_move_as_it_lands(app):
    app.settings.animation = "normal"
    table = wizard_table(app, 3, 5, _before_the_last_commit)
    driver = Driver(app)
    _commit(table)
    view = table.view
    hits = [e for e in table.match.history[-1].events if isinstance(e, ev.Hit) and e.target.is_wizard]
    assert hits, "this round has a spell hitting a wizard"
    hit = hits[0]
    for _ in range(3000):
        driver.frames(1, dt=0.02)
        if view.flights:
            break
        if view.waiting:
            driver.key(pygame.K_SPACE)
    flight = view.flights[0]
    card = view.card_rect(hit.caster, hit.spell)
    assert card is not None and card.center == flight.start
    assert flight.end == view.panels[hit.target.index].rect.center and flight.text == f"{MINUS}{hit.amount}"
    before = view.shown_hp[hit.target.index]
    assert before != hit.hp or hit.amount == 0
    while view.flights:
        driver.frames(1, dt=0.02)
    assert view.shown_hp[hit.target.index] == hit.hp


def test_a_click_or_space_ends_what_moves_at_once(app):
    app.settings.animation = "normal"
    table = wizard_table(app, 3, 5, _before_the_last_commit)
    driver = Driver(app)
    _commit(table)
    view = table.view
    driver.frames(2, dt=0.02)
    assert view.timeline.busy and not view.waiting and view.turned[-1] == 0.0
    driver.key(pygame.K_SPACE)                                   # the cards turn over at once
    assert view.turned == [1.0] * len(view.board)
    driver.frames(2)
    assert view.waiting, "the first step waits for its click"
    left = len(view.beats)
    driver.key(pygame.K_SPACE)                                   # the step begins...
    assert len(view.beats) == left - 1 and view.timeline.busy
    driver.click(STAGE.center)                                   # ...and a click ends it
    assert not view.timeline.busy and not view.flights
    assert len(view.beats) == left - 1


def test_at_the_instant_bot_pace_only_the_result_is_shown(app):
    # The last wizard to commit is a bot moving at Instant: the reveal is not played, the table shows its result.
    app.settings.bots = "instant"
    table = wizard_table(app, 2, 11, _before_the_last_commit)
    match = table.match
    bot_seat = match.state.to_act
    kinds = list(match.seat_kinds)
    kinds[bot_seat] = "strong"
    match.seat_kinds = kinds
    table.seats_changed()
    driver = Driver(app)
    journal = len(match.journal)
    for _ in range(50):
        driver.frames(1)
        if len(match.journal) > journal:
            break
    assert match.journal[journal].intent.KIND == "commit"
    view = table.view
    assert not view.beats and not view.flights and not table.log.held
    driver.frames(2)
    assert not view.revealing
    assert view.shown_hp == [w.hp for w in match.state.wizards]


def test_every_card_of_a_crowded_stage_shows_its_whole_spell_name(app):
    # Up to 20 casts (five wizards, four casts each): the cards stay inside the stage and no name is cut.
    from tabletop.app.games.wizard_dice.reveal import Shown
    from tabletop.app.games.wizard_dice.stage import stage_area

    table = wizard_table(app, 4, 5, _before_the_last_commit)
    view = table.view
    longest = max(view.book.spells, key=lambda spell: len(spell.name)).spell_id
    clipped = []
    original = app.text.clip

    def watch(text, font, size, width):
        cut = original(text, font, size, width)
        if cut != text:
            clipped.append(text)
        return cut

    app.text.clip = watch
    for count in (2, 5, 8, 12, 13, 16, 20):
        view.board = [Shown(i % 4, longest, (1, 2, 3, 4), (), ()) for i in range(count)]
        view.turned = [1.0] * count
        view.current = (0, longest)
        rects = view.stage_rects(count)
        assert all(stage_area(count).contains(rect) for rect in rects), count
        assert all(a.colliderect(b) is False for i, a in enumerate(rects) for b in rects[i + 1:]), count
        surface = pygame.Surface((1920, 1080))
        view.draw_stage(surface, view.state)
        assert not [t for t in clipped if view.book[longest].name in t], (count, clipped)
