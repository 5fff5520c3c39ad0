"""Nothing a player needs is cut with "…", and every die a player must read is big enough to read from across
the table: every game's table is drawn over seeded playout states (at its smallest and largest table), with
the pointer on every thing that explains itself (its tooltip and any card preview drawn), and every text the
renderer had to cut, and every die drawn smaller than 28 px at 1080p, is a failure.

The window is 1366 x 768 (the table is the 1920 x 1080 picture scaled, so a cut at one size is a cut at all)."""

from __future__ import annotations


import pygame
import pytest

from tabletop.app.bench import open_busy_table
from tabletop.app import marks
from tabletop.app.cards import CardArt
from tabletop.app.dice import DiceArt
from tabletop.core.records import NAME_LIMIT
from tabletop.app.games.dice_realms.icons import RewardIcons
from tabletop.registry import game_ids, get_rules

#: The smallest die a player must read the face of (1080p pixels).
SMALLEST_DIE = 28
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


class Watch:
    """What a drawing pass cut and how small it drew dice."""

    def __init__(self, app, monkeypatch) -> None:
        self.cut: set[tuple[str, str]] = set()
        self.small_dice: set[tuple[str, str, int]] = set()
        self.where = ""
        clip = app.text.clip

        def watching_clip(text, font, size, width):
            shown = clip(text, font, size, width)
            if shown != text:
                self.cut.add((self.where, text))
            return shown

        monkeypatch.setattr(app.text, "clip", watching_clip)
        renderer = app.text
        draw_text = renderer.draw

        def watching_text(surface, text, style, rect, **kwargs):
            # A wrapped text whose lines do not all fit its box loses its last lines (and ends in "…").
            if kwargs.get("wrap") and text:
                size = kwargs.get("size") or style.size
                box = pygame.Rect(rect)
                lines = renderer.wrap(text, style.font, size, box.width)
                line_height = int(renderer.font(style.font, size).get_linesize() * style.line_height / 1.2)
                if len(lines) > 1 and line_height * len(lines) > box.height and len(lines) > box.height // max(
                        1, line_height):
                    self.cut.add((self.where, text))
            return draw_text(surface, text, style, rect, **kwargs)

        monkeypatch.setattr(app.text, "draw", watching_text)
        wrap = renderer.wrap

        def watching_wrap(text, font, size, width):
            # A word broken to fit ("Reconnaissa" / "nce", or "Reconnais-" / "sance"), but for one broken after a
            # hyphen of its own ("Ice-" / "cold"), is a cut too: the name is not read whole.
            lines = wrap(text, font, size, width)
            whole = set(text.split()) | {piece for word in text.split() for piece in _own_hyphen_pieces(word)}
            if any(word not in whole for line in lines for word in line.split()):
                self.cut.add((self.where, text))
            return lines

        monkeypatch.setattr(app.text, "wrap", watching_wrap)
        rich = CardArt._draw_rich

        def watching_rich(art, image, content, style, area, centred=False):
            # A card's text with more lines than its card has room for loses its last lines, with no "…" to show it.
            if art.rich_height(content, style, area.width) > area.height + style.size // 2:
                self.cut.add((self.where, content))
            return rich(art, image, content, style, area, centred)

        monkeypatch.setattr(CardArt, "_draw_rich", watching_rich)
        place = marks.tag_place

        def watching_tag(app, rect, words, clip=None):
            # A mark's tag wider than the thing it marks (and its brackets) hides what lies beside it.
            tag, lines = place(app, rect, words, clip)
            if tag.width > rect.width + 10:
                self.cut.add((self.where, f"tag {words!r} {tag.width} px on a thing {rect.width} px wide"))
            return tag, lines

        monkeypatch.setattr(marks, "tag_place", watching_tag)
        draw = DiceArt.draw

        def watching_draw(art, surface, die, face, center, size, *args, **kwargs):
            if size < SMALLEST_DIE:
                self.small_dice.add((self.where, die, size))
            return draw(art, surface, die, face, center, size, *args, **kwargs)

        monkeypatch.setattr(DiceArt, "draw", watching_draw)
        # Dice Realms' printed rewards (the bonus badges of the grimoires) are read like dice.
        get = RewardIcons.get

        def watching_icon(icons, reward, size, value=None, width=None):
            if size < SMALLEST_DIE:
                self.small_dice.add((self.where, f"reward {reward}", size))
            return get(icons, reward, size, value, width)

        monkeypatch.setattr(RewardIcons, "get", watching_icon)


def _own_hyphen_pieces(word: str) -> list[str]:
    """``Ice-cold`` -> ``Ice-``, ``cold``: where a word may be broken without being cut."""
    parts = word.split("-")
    return [part + "-" for part in parts[:-1]] + parts[-1:]


def draw_everything(app, table, watch: Watch, label: str) -> int:
    """Draw the table once, then once per thing under the pointer that is clicked or explains itself (its
    tooltip or its card at full size shown)."""
    surface = app.display.surface
    view = table.view
    watch.where = f"{label} table"
    table.draw(surface)
    hovered = 0
    places = {target: rect for target, rect in [*view.geometry.hits(view.state), *view.geometry.help_hits(view.state)]}
    for target, rect in places.items():
        watch.where = f"{label} hover {target}"
        pos = rect.center
        table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        table.tip_since = table.clock - 10          # the tooltip's pause is over
        table.draw(surface)
        hovered += 1
    return hovered


def check_game(app, monkeypatch, game: str, stops: tuple[int, ...]) -> None:
    watch = Watch(app, monkeypatch)
    rules = get_rules(game)
    hovered = 0
    for players in sorted({rules.meta.min_players, rules.meta.max_players}):
        for stop in stops:
            table = open_busy_table(app, game, NAMES[:players], 11 + stop,
                                    lambda match, stop=stop: len(match.journal) >= stop)
            table.view.finish_animations()
            hovered += draw_everything(app, table, watch, f"{players} players, move {stop}:")
            app.scenes.pop()
    assert hovered > 10, "the tooltips were drawn"
    assert not watch.cut, sorted(watch.cut)[:20]
    assert not watch.small_dice, sorted(watch.small_dice)[:20]


@pytest.fixture
def small_window(app):
    return app


@pytest.mark.parametrize("game", game_ids())
def test_nothing_on_a_table_is_cut_and_every_die_reads(app, monkeypatch, game):
    check_game(app, monkeypatch, game, (6,))


@pytest.mark.slow
@pytest.mark.parametrize("game", game_ids())
def test_nothing_is_cut_over_a_whole_game(app, monkeypatch, game):
    check_game(app, monkeypatch, game, (0, 15, 40, 80, 160))


def test_the_watch_sees_a_cut_and_a_small_die(app, monkeypatch):
    """The check can fail: a name too long for its box and a die drawn at 20 px are both reported."""
    watch = Watch(app, monkeypatch)
    style = app.layouts["table"]["banner_prompt"].style
    app.text.draw(app.display.surface, "A very long sentence " * 20, style, pygame.Rect(0, 0, 200, 40), shrink=True)
    DiceArt("wizard_dice").draw(app.display.surface, "wizard", 3, (50, 50), 20)
    assert watch.cut and watch.small_dice


def test_a_dice_cards_name_with_you_is_never_cut(app, monkeypatch):
    """'Brom (you): hand 3' was shrunk, then cut to 'Brom (you)…'; now it takes the lines it needs."""
    watch = Watch(app, monkeypatch)
    table = open_busy_table(app, "dice-cards", ["Alexandra Morgan"[:NAME_LIMIT], "Brom"], 17, lambda match: len(match.journal) >= 6)
    table.view.finish_animations()
    for seat in (0, 1):
        table.shows = seat
        watch.where = f"shows {seat}"
        table.draw(app.display.surface)
    app.scenes.pop()
    assert not watch.cut, sorted(watch.cut)


def test_a_bots_long_reason_is_never_cut_in_the_banner(app, monkeypatch):
    """A strong bot's reason beside a long name ("Alexandra Morgan: Keep 1 and 1 and roll the rest: these dice
    make…") was shrunk, then cut; now it hangs below the banner on the lines it needs."""
    from tabletop.core.controller import MatchController

    watch = Watch(app, monkeypatch)
    rules = get_rules("wizard-dice")
    match = MatchController(rules, None, ["Alexandra Morgan", "Bo"], 4, seat_kinds=("strong", "human"))
    table = app.scenes.open("table", match=match)
    reason = ("Keep 1 and 1 and roll the rest: these dice make Magic Missiles, Poison Arrow and Shield now, and "
              "another roll is worth about 1.0 more in expectation.")
    monkeypatch.setattr(type(table), "thinking_line", lambda self: f"Alexandra Morgan: {reason}")
    watch.where = "banner"
    table.draw(app.display.surface)
    app.scenes.pop()
    assert not watch.cut, sorted(watch.cut)
