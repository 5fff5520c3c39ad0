"""Layouts come from YAML (an edit moves an element; a mistake names file, line and key); settings persist."""

import shutil

import pygame
import pytest

from tabletop.app.layout import LayoutBook
from tabletop.core.data import DataError
from tabletop.paths import data_path
from tabletop.registry import game_ids

from .conftest import make_app
from .driver import Driver
from .test_play_by_mouse import scripted_table


def copy_layouts(tmp_path):
    folder = tmp_path / "layouts"
    shutil.copytree(data_path("layouts"), folder)
    return folder


def test_moving_the_roll_button_in_the_layout_moves_it_on_screen(tmp_path):
    folder = copy_layouts(tmp_path)
    path = folder / "dice_realms.yaml"
    text = path.read_text()
    old = "roll: {rect: [800, 930, 320, 112]"
    assert old in text
    path.write_text(text.replace(old, "roll: {rect: [100, 300, 320, 112]"))
    app = make_app(layouts=LayoutBook(folder))
    try:
        driver = Driver(app)
        table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
        driver.click((960, 986))                         # where the button used to be
        assert table.match.journal == []
        driver.click((260, 356))                         # where the layout puts it now
        assert [e.intent.to_str() for e in table.match.journal] == ["roll seat=0"]
    finally:
        pygame.quit()


@pytest.mark.parametrize("old, new, key", [
    ("roll: {rect: [800, 930, 320, 112]", "roll: {rect: [800, 930, 320]", "elements.roll.rect"),
    ("roll: {rect: [800, 930, 320, 112]", "roll: {rekt: [800, 930, 320, 112]", "elements.roll.rect"),
    ("style: button_primary, size: 46", "style: button_primry, size: 46", "elements.roll.style"),
    ("colour: accent}", "colour: acent}", "colour"),
])
def test_a_malformed_layout_names_file_line_and_key(tmp_path, old, new, key):
    folder = copy_layouts(tmp_path)
    path = folder / "dice_realms.yaml"
    text = path.read_text()
    assert old in text
    broken = text.replace(old, new, 1)
    path.write_text(broken)
    with pytest.raises(DataError) as info:
        LayoutBook(folder)
    error = info.value
    assert error.path == str(path)
    assert error.key.endswith(key)
    line = next(n for n, l in enumerate(broken.splitlines(), 1) if new.split(":")[0].strip() in l and new in l)
    assert error.line == line
    assert str(error).startswith(f"{path}:{line}: ")


def test_a_missing_element_is_named_when_the_screen_asks_for_it(tmp_path):
    folder = copy_layouts(tmp_path)
    path = folder / "dice_realms.yaml"
    path.write_text("\n".join(l for l in path.read_text().splitlines() if not l.strip().startswith("undo:")))
    book = LayoutBook(folder)
    with pytest.raises(DataError, match=r"dice_realms\.yaml:\d+: elements\.undo: this element is missing"):
        book["dice_realms"]["undo"]


def test_the_app_stops_with_the_message_when_layouts_are_broken(monkeypatch, capsys):
    import tabletop.app.main as main

    def broken(*args, **kwargs):
        raise DataError("data/layouts/title.yaml", 3, "elements.quit.rect", "expected 4 numbers, got 3")

    monkeypatch.setattr(main, "LayoutBook", broken)
    assert main.run_app(frames=3) == 2
    assert "data/layouts/title.yaml:3: elements.quit.rect: expected 4 numbers, got 3" in capsys.readouterr().err


def test_settings_changed_on_screen_are_kept_for_next_time(private_user_dir):
    from tabletop.app.screens.settings import SettingsScene

    app = make_app()
    try:
        driver = Driver(app)
        driver.click(app.scenes.top.buttons[2].rect.center)           # Settings
        settings = app.scenes.top
        assert isinstance(settings, SettingsScene)
        speed, minus, mute = settings.buttons[4], settings.buttons[1], settings.buttons[3]
        before = app.settings.animation
        driver.click(speed.rect.center)
        driver.click(minus.rect.center)
        driver.click(mute.rect.center)
        chosen = (app.settings.animation, app.audio.volume, app.audio.muted)
        assert chosen[0] != before and chosen[1] == pytest.approx(0.6) and chosen[2] is True
    finally:
        pygame.quit()
    from tabletop.app.storage import SettingsStore

    again = SettingsStore().load()      # what the next launch reads
    assert (again.animation, again.volume, again.muted) == chosen


def test_damaged_settings_fall_back_to_defaults_and_say_so(private_user_dir):
    private_user_dir.mkdir(parents=True, exist_ok=True)
    (private_user_dir / "settings.json").write_text("{not json")
    app = make_app()
    try:
        assert app.settings.animation in ("instant", "normal")
        assert "settings could not be read" in app.toasts.message
        assert list(private_user_dir.glob("settings.damaged-*.json"))
    finally:
        pygame.quit()


def test_names_are_remembered_for_the_next_game(private_user_dir):
    from tabletop.app.screens.seats import SeatsScene, start_match

    app = make_app()
    try:
        start_match(app, "dice-realms", ["Merlin", "Morgana"], {})
    finally:
        pygame.quit()
    app = make_app()
    try:
        seats = SeatsScene(app, "dice-realms")
        assert [f.value for f in seats.fields] == ["Merlin", "Morgana"]
    finally:
        pygame.quit()


def seat_screen_places(seats) -> list:
    """Every place on the seat screen a player clicks or reads, with a name: none may overlap another."""
    places = [(f"name {i}", field.rect) for i, field in enumerate(seats.fields)]
    places += [(f"kind {i}", b.rect) for i, b in enumerate(seats.kind_buttons)]
    places += [(f"starter {i}", b.rect) for i, b in enumerate(seats.starter_buttons)]
    places += [(f"remove {i}", b.rect) for i, b in enumerate(seats.remove_buttons) if b.visible]
    places += [(f"{spec.key}.{i}", b.rect) for i, row in enumerate(seats.seat_toggles)
               for spec, b in zip(seats.seat_specs, row)]
    places += [(spec.key, b.rect) for spec, b in zip(seats.table_specs, seats.option_buttons)]
    places += [(b.text, b.rect) for b in seats.buttons if b.visible]
    places += [("help", seats.help_rect), ("message", pygame.Rect(seats.layout["message"].rect))]
    return places


class TextWatch:
    """Records every text the app cuts with an ellipsis and the size of every text it draws."""

    def __init__(self, app, monkeypatch) -> None:
        self.cut: list[str] = []
        self.sizes: list[tuple[int, str]] = []
        text = app.text
        clip, render = text.clip, text.render

        def watched_clip(words, font, size, width):
            out = clip(words, font, size, width)
            if "\u2026" in out:
                self.cut.append(words)
            return out

        def watched_render(words, font, size, colour):
            self.sizes.append((size, words))
            return render(words, font, size, colour)

        monkeypatch.setattr(text, "clip", watched_clip)
        monkeypatch.setattr(text, "render", watched_render)


@pytest.mark.parametrize("game", game_ids())
def test_every_games_seat_screen_fits_its_options_with_the_most_players(app, game, monkeypatch):
    """At the largest table every option, toggle and button is on screen, none over another; with the mouse
    on any of them nothing is cut with an ellipsis and no text is smaller than can be read across the
    table (29 px at 1920 x 1080: 18 px on a 1366 x 768 screen)."""
    from tabletop.app.text import MIN_READABLE
    from tabletop.registry import get_rules

    meta = get_rules(game).meta
    seats = app.scenes.open("seats", game_id=game)
    driver = Driver(app)
    while len(seats.fields) < meta.max_players:
        driver.click(seats.add_button.rect.center)
    assert len(seats.fields) == meta.max_players
    screen = app.display.surface.get_rect()
    places = seat_screen_places(seats)
    assert len(seats.option_buttons) == len(seats.table_specs) and all(
        len(row) == len(seats.seat_specs) for row in seats.seat_toggles)
    for index, (name, rect) in enumerate(places):
        assert screen.contains(rect), (game, name, rect)
        for other, other_rect in places[index + 1:]:
            assert not rect.colliderect(other_rect), (game, name, other, rect, other_rect)
    watch = TextWatch(app, monkeypatch)
    for name, rect in places:
        app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=app.display.to_window(rect.center),
                                              rel=(0, 0), buttons=(0, 0, 0))])
    assert watch.cut == [], (game, watch.cut)
    small = {(size, words) for size, words in watch.sizes if size < MIN_READABLE}
    assert not small, (game, small)
