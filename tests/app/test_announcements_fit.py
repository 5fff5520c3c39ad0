"""A big announcement over the table ("Round 3", a reveal's phase) is drawn whole inside its box: shrunk onto one
line, or onto two where one would be too small, never cut at both ends."""

from tabletop.app.sprites import Announcer

#: The longest phase title of the Wizard Dice reveal, and a short one.
LONG = "Phase 1: counter spells, complexity 3: Shield and Paralysis on allies"


def test_a_long_announcement_wraps_inside_its_box_and_a_short_one_keeps_its_size(app):
    element = app.layouts["table"]["announce"]
    announcer = Announcer(app, element)
    text = app.text
    for words, lines_wanted in ((LONG, 2), ("Round 7", 1)):
        announcer.text = words
        inner = announcer.element.rect
        box = type(app.display.surface.get_rect())(inner).inflate(-40, -12)
        size, wrap = announcer.fitted(box)
        lines = text.wrap(words, element.style.font, size, box.width) if wrap else [words]
        assert len(lines) == lines_wanted
        assert all(text.size(line, element.style.font, size)[0] <= box.width for line in lines), (words, size)
        assert text.font(element.style.font, size).get_linesize() * len(lines) <= box.height
        assert size >= 28
        if lines_wanted == 1:
            assert size == element.style.size
