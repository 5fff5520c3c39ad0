"""Issue 34 (item 8): a word too long for its line is broken with a hyphen, never cut at a letter, in every
wrapped text (card titles in a shop card, player names, hover text)."""

import pygame
import pytest

from tabletop.app.text import wrap_words


@pytest.fixture(scope="module")
def font():
    pygame.font.init()
    return pygame.font.Font(None, 40)


def broken_without_a_hyphen(text: str, lines: list[str]) -> list[str]:
    """The lines that end inside a word of ``text`` without a hyphen: a line may end where a word of the text
    ends (before a space, a newline or the end) or after a hyphen."""
    flowing = text.replace("\n", " ") + " "
    bad = []
    for line in lines:
        last = line.split(" ")[-1] if line else ""
        if last and not last.endswith("-") and f"{last} " not in flowing:
            bad.append(line)
    return bad


@pytest.mark.parametrize("text", ["Reconnaissance", "Infrastructure for the Prometheus's fleet",
                                  "A Bastion of Hold-the-Line-and-more", "Wolfeschlegelsteinhausenbergerdorff"])
@pytest.mark.parametrize("width", [60, 110, 160])
def test_a_word_too_long_for_its_line_is_broken_with_a_hyphen(font, text, width):
    lines = wrap_words(font, text, width)
    assert broken_without_a_hyphen(text, lines) == []
    # Nothing is lost: the letters read in order are the text's, the hyphens added aside.
    joined = "".join(line.replace(" ", "") for line in lines)
    assert joined.replace("-", "") == text.replace(" ", "").replace("-", "")
    assert all(font.size(line)[0] <= width for line in lines if len(line) > 2)


def test_the_check_sees_a_word_cut_at_a_letter():
    assert broken_without_a_hyphen("Reconnaissance card", ["Reconnaissa", "nce card"]) == ["Reconnaissa"]


def test_a_hyphenated_word_breaks_after_its_hyphen(font):
    lines = wrap_words(font, "Hold-the-Line", font.size("Hold-the-")[0] + 2)
    assert lines == ["Hold-the-", "Line"]
