"""A theme font that is not a font is refused with the theme's file, line and key, before pygame
sees it: pygame crashes the whole process (a segmentation fault in get_linesize) on such a file."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tabletop.app.layout import LayoutBook, Theme
from tabletop.app.text import TextRenderer
from tabletop.core.data import DataError
from tabletop.paths import art_path, data_path

REGULAR = "regular: fonts/NotoSans-Regular.ttf"


@pytest.fixture
def layouts(tmp_path):
    folder = tmp_path / "layouts"
    shutil.copytree(data_path("layouts"), folder)
    return folder


def theme_with_font(folder, font):
    """The copied theme with its regular font replaced by ``font``; (path, line of the font)."""
    path = folder / "theme.yaml"
    text = path.read_text(encoding="utf-8")
    assert REGULAR in text
    text = text.replace(REGULAR, f"regular: {font}")
    path.write_text(text, encoding="utf-8")
    line = next(n for n, l in enumerate(text.splitlines(), 1) if l.strip() == f"regular: {font}")
    return path, line


def not_a_font(tmp_path):
    path = tmp_path / "notes.ttf"
    path.write_text("These are my notes, not a font.\n" * 20, encoding="utf-8")
    return path


def truncated_font(tmp_path):
    path = tmp_path / "cut.ttf"
    path.write_bytes(art_path("fonts", "NotoSans-Regular.ttf").read_bytes()[:1000])   # a download cut short
    return path


@pytest.mark.parametrize("make, words", [
    (lambda tmp: "sounds/roll.wav", "not a TrueType or OpenType font"),
    (lambda tmp: str(not_a_font(tmp)), "not a TrueType or OpenType font"),
    (lambda tmp: str(truncated_font(tmp)), "damaged font file"),
    (lambda tmp: "fonts/NotoSans-Missing.ttf", "there is no such file"),
    (lambda tmp: "fonts", "it is not an ordinary file"),
])
def test_a_theme_font_that_is_not_a_font_names_the_theme_line_and_key(layouts, tmp_path, make, words):
    font = make(tmp_path)
    path, line = theme_with_font(layouts, font)
    for read in (lambda: Theme(path), lambda: LayoutBook(layouts)):
        with pytest.raises(DataError) as info:
            read()
        error = info.value
        assert (error.path, error.line, error.key) == (str(path), line, "fonts.regular")
        assert str(error).startswith(f"{path}:{line}: fonts.regular: {font!r} cannot be used as a font: ")
        assert words in error.message


def test_the_text_renderer_never_hands_pygame_a_file_that_is_not_a_font(app, monkeypatch):
    # A theme changed after it was read (or a font folder other than the theme's) must not reach pygame.
    app.layouts.theme.fonts["regular"] = "sounds/roll.wav"
    renderer = TextRenderer(app.layouts.theme)
    opened = []
    real_font = pygame.font.Font

    def spy(path, size):
        opened.append(path)
        return real_font(None if path is None or str(path).endswith(".wav") else path, size)

    monkeypatch.setattr(pygame.font, "Font", spy)
    font = renderer.font("regular", 30)
    # pygame gets bytes the careful reader read (never a path); never those of the sound file.
    assert not [source for source in opened if source is not None and (
        str(source).endswith(".wav") or (hasattr(source, "getvalue") and source.getvalue()[:4] == b"RIFF"))]
    assert font.get_linesize() > 0                      # the bundled default font stands in
    assert renderer.font("bold", 30) is not font         # real fonts still load


SEGFAULT_PROBE = """
import os, sys
os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame
pygame.init()
from tabletop.app.layout import LayoutBook
from tabletop.app.text import TextRenderer
theme = LayoutBook().theme
theme.fonts["regular"] = sys.argv[1]
print(TextRenderer(theme).font("regular", 30).get_linesize())
"""


@pytest.mark.timeout(30)
def test_a_non_font_does_not_crash_the_process(tmp_path):
    # Before: the process died in get_linesize with a segmentation fault (status -6 or -11).
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", SEGFAULT_PROBE, str(not_a_font(tmp_path))],
                          capture_output=True, text=True, timeout=25, env=env,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr[-500:]
    assert int(done.stdout.split()[-1]) > 0
