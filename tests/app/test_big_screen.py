"""A 4K screen: the 1920 x 1080 picture shown as exact 2 x 2 squares of pixels (as sharp as at 1080p), only its
changed areas sent each frame, clicks mapped back right, and ``bench --size`` drawing at that size."""

import pygame
import pytest

import zlib

from tabletop.app.display import changed_areas, picture_bands
from tabletop.cli import main

from .conftest import make_app
from .driver import Driver
from .test_play_by_mouse import scripted_table


@pytest.fixture
def big_app(monkeypatch):
    monkeypatch.setenv("TABLETOP_WINDOW", "3840x2160")
    application = make_app(animation="normal")
    yield application
    pygame.quit()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def assert_exact_double(app) -> None:
    """Each of the four pixels of every 2 x 2 square of the window is the logical pixel it shows."""
    window = app.display.window
    assert window.get_size() == (3840, 2160)
    logical = pixels(app.display.logical)
    grid = pygame.PixelArray(window)
    try:
        for dx in (0, 1):
            for dy in (0, 1):
                shown = pixels(grid[dx::2, dy::2].make_surface())
                if shown != logical:           # (not assert a == b: a diff of two 6 MB pictures takes minutes)
                    first = next(i for i, (a, b) in enumerate(zip(shown, logical)) if a != b) // 3
                    raise AssertionError(f"window pixel {(first % 1920) * 2 + dx, (first // 1920) * 2 + dy} "
                                         "is not the logical pixel it shows")
    finally:
        grid.close()


def test_at_3840x2160_the_window_is_an_exact_double_of_the_picture_even_after_changes(big_app):
    driver = Driver(big_app)
    assert big_app.display.factor == 2 and big_app.display.offset == (0, 0)
    assert_exact_double(big_app)                       # the first frame, shown whole
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    driver.click(table.view.buttons["roll"].rect.center)
    driver.frames(5)                                   # dice tumbling: only the changed areas are sent
    assert table.view.busy
    assert_exact_double(big_app)
    driver.settle()
    assert_exact_double(big_app)


def test_clicks_land_on_target_at_4k(big_app):
    driver = Driver(big_app)
    display = big_app.display
    for point in ((0, 0), (960, 540), (1919, 1079), (123, 457)):
        assert display.to_logical(display.to_window(point)) == point
        # Every window pixel of a logical pixel's square is that logical pixel.
        window = display.to_window(point)
        assert display.to_logical((window[0] + 1, window[1] + 1)) == point
    table = scripted_table(driver, ["R1 G2 B3 M4 Y5 W6"])
    driver.click(table.view.buttons["roll"].rect.center)       # Driver converts to window pixels
    assert [e.intent.to_str() for e in table.match.journal] == ["roll seat=0"]


def test_an_uncovered_window_gets_its_whole_picture_again(big_app):
    window = big_app.display.window
    window.fill((255, 0, 255))                         # what a window uncovered without its picture holds
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    big_app.frame(1 / 60)
    assert_exact_double(big_app)


def test_a_change_a_checksum_would_miss_is_shown_the_next_frame(big_app):
    """+1, -1 on two neighbouring bytes and -1, +1 on two others leave adler32 as it was (the sums the
    changed areas were once found by, with the whole picture sent again every 300 frames to mend what they
    missed): the bytes compared see the change, and the very next frame shows it."""
    display = big_app.display
    display.logical.fill((100, 100, 100), pygame.Rect(0, 400, 1920, 8))
    display.present()
    pitch, depth = display.logical.get_pitch(), display.logical.get_bytesize()
    raw = memoryview(display.logical.get_view("0"))
    band = slice(400 * pitch, 408 * pitch)
    before = zlib.adler32(raw[band])
    first, second = 400 * pitch + 10 * depth, 400 * pitch + 50 * depth      # the first two bytes of two pixels
    for at, change in ((first, 1), (first + 1, -1), (second, -1), (second + 1, 1)):
        raw[at] += change
    assert zlib.adler32(raw[band]) == before
    raw.release()
    display.present()
    assert_exact_double(big_app)


def test_changed_areas_find_a_change_and_not_the_rest():
    size, depth = (1920, 1080), 4
    before = pygame.Surface(size, depth=32)
    before.fill((20, 90, 40))
    after = before.copy()
    pitch = after.get_pitch()
    sums = picture_bands(memoryview(before.get_view("0")), size, pitch, depth)
    assert changed_areas(memoryview(after.get_view("0")), sums, size, pitch, depth) == []
    pygame.draw.rect(after, (200, 10, 10), (100, 300, 50, 40))
    after.set_at((1900, 1070), (21, 90, 40))          # one channel of one pixel off by one
    areas = changed_areas(memoryview(after.get_view("0")), sums, size, pitch, depth)
    assert len(areas) == 2
    first, second = areas
    assert first.contains(pygame.Rect(100, 300, 50, 40)) and first.width < 1920 and first.height < 100
    assert second.collidepoint(1900, 1070) and second.width < 1920
    # The checksums now describe the changed picture: the same picture again has nothing new.
    assert changed_areas(memoryview(after.get_view("0")), sums, size, pitch, depth) == []


def test_bench_draws_each_game_at_the_size_asked(monkeypatch, capsys):
    import tabletop.app.bench as bench

    monkeypatch.setenv("DISPLAY", ":0")                # no Xvfb started: the dummy driver draws the window
    monkeypatch.setattr(bench, "measure_launch", lambda command, runs=3: 0.5)
    monkeypatch.setattr(bench, "measure_idle", lambda app, seconds=3.0: 0.01)
    assert main(["bench", "--size", "3840x2160", "--game", "all", "--frames", "3"]) == 0
    out = capsys.readouterr().out
    from tabletop.registry import game_ids

    for game in game_ids():
        assert f"{game}: frames rendered: 3 at 3840x2160" in out
    assert "frames late" in out and "idle CPU" in out and "picture scaled and sent a frame" in out
    with pytest.raises(SystemExit):
        main(["bench", "--size", "big"])


def test_bench_without_a_display_or_xvfb_says_what_to_install(monkeypatch, capsys):
    import tabletop.app.bench as bench

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setattr(bench.shutil, "which", lambda name: None)
    assert main(["bench", "--size", "3840x2160", "--frames", "3"]) == 2
    said = capsys.readouterr().err
    assert "install Xvfb" in said and "Traceback" not in said
