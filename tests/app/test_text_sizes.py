"""Every text a player must read is at least 29 px at 1920 x 1080, so it is at least 18 px on a
1366 x 768 screen (the window there shows the picture at 0.63 of its size)."""

from tabletop.app.layout import LayoutBook
from tabletop.app.text import MIN_READABLE
from tabletop.paths import data_path

SMALLEST_WINDOW_SCALE = 675 / 1080        # a 1366 x 768 screen: the window takes 88 % of its height


def text_sizes():
    """(layout, element, size) of every element of every layout, except fine print nobody needs to read."""
    book = LayoutBook()
    for name in book.names():
        for element in book[name]:
            if element.reader.has("fine_print"):
                continue
            yield name, element.name, element.style.size


def test_every_text_of_every_layout_is_readable_across_the_table():
    small = [(layout, element, size) for layout, element, size in text_sizes() if size < MIN_READABLE]
    assert small == [], small
    assert MIN_READABLE * SMALLEST_WINDOW_SCALE >= 18


def test_the_smallest_size_is_reported(capsys):
    sizes = sorted(size for _, _, size in text_sizes())
    print(f"smallest text: {sizes[0]} px at 1080p, {sizes[0] * SMALLEST_WINDOW_SCALE:.1f} px at 1366 x 768")
    assert sizes[0] >= MIN_READABLE
    assert (data_path("layouts") / "theme.yaml").exists()


def test_every_button_reads_at_4_5_to_1_in_every_state(app):
    from tabletop.app.widgets import Button, contrast

    checked = 0
    for name in app.layouts.names():
        for element in app.layouts[name]:
            style = element.style
            if style.bg is None or element.reader.has("fine_print"):
                continue
            button = Button(app, element, lambda: None)
            for hovered, enabled in ((False, True), (True, True), (False, False)):
                look = button.look(hovered=hovered, enabled=enabled)
                if look.bg is None or len(look.bg) == 4 and look.bg[3] < 200:
                    continue      # a see-through box: its text stands on what lies below
                ratio = contrast(look.colour, look.bg)
                if element.text or name in ("title", "seats", "dice_realms", "table", "results", "pause"):
                    assert ratio >= 4.5, (name, element.name, hovered, enabled, round(ratio, 2))
                    checked += 1
    assert checked > 20
