"""The pieces every game's table shares draw what they are given: cards, hands, piles, meters,
counters with duration badges, seat panels, and any game's dice (numbers, symbols, double faces)."""

import pygame

from tabletop.app.cards import CardArt, CardFace, FannedHand, Pile
from tabletop.app.dice import DiceArt, load_dice
from tabletop.app.widgets import Counter, Meter, SeatPanel
from tabletop.core.data import DataError


def count_colour(surface, rect, colour, tolerance=30):
    rect = pygame.Rect(rect).clip(surface.get_rect())
    found = 0
    for x in range(rect.left, rect.right, 2):
        for y in range(rect.top, rect.bottom, 2):
            pixel = surface.get_at((x, y))
            if all(abs(pixel[i] - colour[i]) <= tolerance for i in range(3)):
                found += 1
    return found


def test_a_card_face_shows_its_die_icons_in_their_colour(app):
    art = CardArt(app, app.dice_for("dice_realms"))
    plain = art.face(CardFace("Fireball", "Deal damage.", cost="3"))
    with_dice = art.face(CardFace("Fireball", "Deal 2x[red] + [blue] damage.", cost="3"))
    red, blue = app.dice_for("dice_realms").colour("red"), app.dice_for("dice_realms").colour("blue")
    assert count_colour(with_dice, with_dice.get_rect(), red, 12) > 20
    assert count_colour(with_dice, with_dice.get_rect(), blue, 12) > 20
    assert count_colour(plain, plain.get_rect(), red, 12) == 0
    assert with_dice.get_size() == art.size


def test_the_back_of_every_card_is_the_same(app):
    art = CardArt(app)
    one = art.back((120, 168))
    assert pygame.image.tobytes(one, "RGBA") == pygame.image.tobytes(art.back((120, 168)), "RGBA")


def test_a_fanned_hand_raises_and_enlarges_the_hovered_card(app):
    art = CardArt(app)
    hand = FannedHand(art, pygame.Rect(400, 500, 900, 380), (200, 280))
    cards = [CardFace(f"Card {i}", accent=(200, 60, 60)) for i in range(5)]
    slots = hand.slots(5)
    assert all(a[0].x < b[0].x for a, b in zip(slots, slots[1:]))
    assert hand.card_at(slots[2][0].center, 5) == 2
    surface = pygame.Surface((1920, 1080))
    hand.draw(surface, cards)
    before = count_colour(surface, (0, 0, 1920, 1080), (200, 60, 60), 5)
    hand.hover(slots[2][0].center, 5)
    surface.fill((0, 0, 0))
    hand.draw(surface, cards)
    assert hand.hovered == 2
    assert count_colour(surface, (0, 0, 1920, 1080), (200, 60, 60), 5) > before    # the zoomed card shows more


def test_a_pile_shows_its_count(app):
    art = CardArt(app)
    pile = Pile(art, pygame.Rect(100, 100, 150, 210), "Deck")
    empty, full = pygame.Surface((400, 400)), pygame.Surface((400, 400))
    pile.draw(empty, 0)
    pile.draw(full, 17)
    assert pygame.image.tobytes(empty, "RGB") != pygame.image.tobytes(full, "RGB")
    assert pile.hit((120, 120)) and not pile.hit((10, 10))


def test_a_meter_fills_to_its_value_and_draws_the_shield_after_it(app):
    green = (40, 200, 80)
    surface = pygame.Surface((700, 100))
    Meter(app, (0, 0, 600, 50), green, "HP").draw(surface, 30, 60)
    left, right = count_colour(surface, (10, 5, 250, 40), green, 5), count_colour(surface, (320, 5, 270, 40), green, 5)
    assert left > 100 and right == 0
    shielded = pygame.Surface((700, 100))
    Meter(app, (0, 0, 600, 50), green, "HP").draw(shielded, 30, 60, shield=10)
    shield = app.layouts.theme.colours["shield"]
    assert count_colour(shielded, (300, 5, 100, 40), shield, 5) > 50
    below = pygame.Surface((700, 100))
    Meter(app, (0, 0, 600, 50), green, "HP").draw(below, -4, 60)        # below zero: empty, no crash
    assert count_colour(below, (0, 0, 600, 50), green, 5) == 0


def test_a_counter_can_say_how_many_turns_a_marker_lasts(app):
    plain, marked = pygame.Surface((300, 80)), pygame.Surface((300, 80))
    Counter(app, (10, 10, 260, 50), (200, 60, 60), label="Shield").draw(plain, 3)
    Counter(app, (10, 10, 260, 50), (200, 60, 60), label="Shield").draw(marked, 3, turns_left=2)
    accent = app.layouts.theme.colours["accent"]
    assert count_colour(marked, (0, 0, 300, 80), accent, 10) > count_colour(plain, (0, 0, 300, 80), accent, 10)


def test_a_seat_panel_is_drawn_in_its_seat_colour_and_glows_when_it_is_to_act(app):
    waiting, acting = pygame.Surface((500, 250)), pygame.Surface((500, 250))
    for seat in range(5):
        panel = SeatPanel(app, (20, 20, 420, 180), seat, "Esme")
        panel.draw(waiting, ["Gold 5"])
        assert count_colour(waiting, (20, 20, 12, 180), panel.colour, 10) > 10
    SeatPanel(app, (20, 20, 420, 180), 0, "Ada").draw(acting, ["Gold 5"], to_act=True, pulse=1.0)
    accent = app.layouts.theme.colours["accent"]
    assert count_colour(acting, (14, 14, 432, 8), accent, 20) > 20


def test_dice_from_data_show_numbers_symbols_and_double_faces(app, tmp_path):
    (tmp_path / "dice.yaml").write_text(
        "symbols: {fire: dice_realms/symbols/red.png, water: dice_realms/symbols/blue.png}\n"
        "dice:\n"
        "  fire_die: {body: '#e0452b', pips: '#ffffff', faces: [water, fire, fire+fire, water, fire, water]}\n"
        "  plain: {body: '#2f7fd8'}\n")
    art = DiceArt(path=tmp_path / "dice.yaml")
    single = art.face("fire_die", "fire", 90)
    double = art.face("fire_die", "fire+fire", 90)
    by_position = art.face("fire_die", 2, 90)
    assert pygame.image.tobytes(single, "RGBA") != pygame.image.tobytes(double, "RGBA")
    assert pygame.image.tobytes(single, "RGBA") == pygame.image.tobytes(by_position, "RGBA")
    assert art.face_name("fire_die", 3) == "fire+fire"
    assert pygame.image.tobytes(art.face("plain", 3, 90), "RGBA") != pygame.image.tobytes(
        art.face("plain", 4, 90), "RGBA")


def test_a_die_face_that_names_an_unknown_symbol_is_a_data_error(tmp_path):
    (tmp_path / "dice.yaml").write_text("symbols: {fire: x.png}\ndice:\n  d: {body: '#ffffff', faces: [fire, ice]}\n")
    try:
        load_dice(tmp_path / "dice.yaml")
    except DataError as exc:
        assert "dice.yaml:3" in str(exc) and "ice" in str(exc)
    else:
        raise AssertionError("the unknown symbol was accepted")
