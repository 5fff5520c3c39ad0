"""The Wizard Dice reveal as a big moment (issue 34, item 22): each hit lands as a large signed number ("−3")
rising from its target's hit points and each heal as "+2", the HP bar slides from the old value to the new over a
visible time, and a wizard who falls is marked (a skull and "Fallen" over the bar) for the rest of the game; still
one click a step."""

import pygame

from tabletop.app.games.wizard_dice.impact import IMPACT_SECONDS, MINUS
from tabletop.games.wizard_dice import events as ev

from .driver import Driver
from .test_golden_screens import at_both_sizes_in_colour_and_grey, wizard_table
from .test_wizard_dice_big_tables import words_drawn


def _before_the_last_commit(round_):
    def done(state):
        return (state.flow.round >= round_ and state.flow.stage == "secret"
                and state.flow.turn == len(state.flow.order) - 1 and state.wizards[state.to_act].secret.rolled_out
                and len(state.wizards[state.to_act].secret.casts) >= 1)
    return done


def _commit(table):
    table.submit(next(i for i in table.match.legal_intents() if i.KIND == "commit"))


def _until_landed(driver, view, text, seat=None, limit=4000):
    """Step through the reveal (Space at each wait) until a number ``text`` has landed (on ``seat``'s bar)."""
    for _ in range(limit):
        driver.frames(1, dt=0.02)
        for impact in view.impacts:
            if impact.text == text and (seat is None or impact.rect == view.geometry.seat_element("hp", seat)):
                return impact
        if view.waiting:
            driver.key(pygame.K_SPACE)
    raise AssertionError(f"no {text!r} landed")


def test_a_hit_lands_as_a_large_signed_number_on_the_targets_hit_points_and_the_bar_slides(app):
    app.settings.animation = "normal"
    table = wizard_table(app, 3, 9, _before_the_last_commit(1))
    driver = Driver(app)
    _commit(table)
    view = table.view
    hit = next(e for e in table.match.history[-1].events if isinstance(e, ev.Hit) and e.target.is_wizard
               and e.amount > 0)
    seat = hit.target.index
    old = hit.hp + hit.amount                                   # the hit points this hit takes from
    impact = _until_landed(driver, view, f"{MINUS}{hit.amount}", seat)
    assert impact.colour == app.layouts.theme.rgb("hurt")
    assert view.layout["impact"].style.size >= 40, "read across the table: at least 40 px at 1080p"
    assert view.shown_hp[seat] == hit.hp                        # the number on the bar is the new one at once...
    between = []
    while impact in view.impacts:
        driver.frames(1, dt=0.02)
        between.append(view.bar_hp[seat])
    assert any(min(old, hit.hp) < bar < max(old, hit.hp) for bar in between), "...the bar slides there"
    sliding = [bar for bar in between if min(old, hit.hp) < bar < max(old, hit.hp)]
    assert len(sliding) * 0.02 >= 0.3 * IMPACT_SECONDS, "over a visible time"
    assert view.bar_hp[seat] == hit.hp


def test_a_heal_lands_with_a_plus_on_the_healed_wizards_hit_points(app):
    app.settings.animation = "normal"
    table = wizard_table(app, 3, 9, _before_the_last_commit(1))
    driver = Driver(app)
    _commit(table)
    view = table.view
    heal = next(e for e in table.match.history[-1].events if isinstance(e, ev.Healed) and e.target.is_wizard)
    impact = _until_landed(driver, view, f"+{heal.amount}", heal.target.index)
    assert impact.colour == app.layouts.theme.rgb("gain")
    assert view.shown_hp[heal.target.index] == heal.hp


def test_the_numbers_are_drawn_large_and_whole_inside_the_screen(app):
    app.settings.animation = "normal"
    table = wizard_table(app, 3, 9, _before_the_last_commit(1))
    driver = Driver(app)
    _commit(table)
    view = table.view
    hit = next(e for e in table.match.history[-1].events if isinstance(e, ev.Hit) and e.target.is_wizard
               and e.amount > 0)
    impact = _until_landed(driver, view, f"{MINUS}{hit.amount}", hit.target.index)
    while impact.progress < 0.75:                               # risen as far as it goes
        driver.frames(1, dt=0.02)
    style = view.layout["impact"].style
    glyphs = app.text.render(impact.text, style.font, style.size, (255, 255, 255, 255)).get_bounding_rect()
    assert glyphs.height >= 40 and glyphs.width >= 40       # a sign and a digit, large (the digit 40 px tall)
    blits = []
    surface = pygame.Surface((1920, 1080))
    original = surface.blit
    view.draw_impacts(type("Watch", (), {"blit": lambda self, img, pos, *a, **k: (blits.append(
        pygame.Rect(pos, img.get_size())), original(img, pos))[1]})())
    banner = pygame.Rect(app.layouts["table"]["banner"].rect)
    assert blits and all(surface.get_rect().contains(rect) and not rect.colliderect(banner) for rect in blits), \
        "inside the screen, none of it under the banner"
    assert any(rect.width >= glyphs.width + 20 and rect.height >= glyphs.height + 12 for rect in blits), \
        "the plate holds the whole number"


def test_a_fallen_wizard_is_marked_and_stays_marked_after_the_reveal(app, monkeypatch):
    # Three wizards, seed 3: in round 17 one wizard falls and the other two play on.
    app.settings.animation = "fast"
    table = wizard_table(app, 3, 3, _before_the_last_commit(17))
    driver = Driver(app)
    _commit(table)
    view = table.view
    died = [e for e in table.match.history[-1].events if isinstance(e, ev.Died) and e.target.is_wizard]
    assert died and not table.match.finished
    seat = died[0].target.index
    for _ in range(4000):
        driver.frames(1, dt=0.02)
        if seat in view.fallen:
            break
        assert not view.is_fallen(view.before, seat), "not marked before the step that shows the fall"
        if view.waiting:
            driver.key(pygame.K_SPACE)
    assert view.revealing and view.is_fallen(view.before, seat)
    drawn = words_drawn(app, monkeypatch)
    driver.frames(1)
    bar = view.geometry.seat_element("hp", seat)
    marks = [rect for words, rect in drawn if words == "Fallen" and bar.contains(rect)]
    assert marks, "the word over the fallen wizard's bar"
    style = view.layout["fallen_mark"].style
    assert app.text.size("Fallen", style.font, style.size)[0] <= marks[0].width and style.size >= 28
    for _ in range(40):                                        # the rest of the reveal
        for _frame in range(600):
            if not view.timeline.busy:
                break
            driver.frames(1)
        if not view.beats:
            break
        driver.key(pygame.K_SPACE)
    driver.frames(5)
    assert not view.revealing and not table.match.state.wizards[seat].alive
    drawn.clear()
    driver.frames(1)
    assert [rect for words, rect in drawn if words == "Fallen" and bar.contains(rect)], "the mark stays"
    others = [s for s in range(3) if table.match.state.wizards[s].alive]
    assert others and not any(view.is_fallen(table.match.state, s) for s in others)


def test_the_big_moment_reads_in_colour_and_grey_at_both_sizes(app):
    # Three wizards, seed 3, round 17: Cy takes the last hit (−2, the bar sliding to empty), then falls.
    app.settings.animation = "normal"
    table = wizard_table(app, 3, 3, _before_the_last_commit(17))
    driver = Driver(app)
    _commit(table)
    view = table.view
    impact = _until_landed(driver, view, f"{MINUS}2", 2)
    while impact.progress < 0.3:
        driver.frames(1, dt=0.02)
    view.clock = 0.0
    surface = app.display.surface
    table.draw(surface)
    at_both_sizes_in_colour_and_grey(surface, "wizard_dice_reveal_hit")
    for _ in range(2000):
        driver.frames(1, dt=0.02)
        if 2 in view.fallen:
            break
        if view.waiting:
            driver.key(pygame.K_SPACE)
    driver.frames(20, dt=0.02)                    # the announcement "Cy falls" in full
    view.clock = 0.0
    table.draw(surface)
    at_both_sizes_in_colour_and_grey(surface, "wizard_dice_reveal_fallen")
