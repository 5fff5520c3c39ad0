"""A night of demo games must not fill memory: the text cache is bounded by the pixels it holds, not only
by how many strings (a night renders thousands of one-off log lines, each a wide surface)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from tabletop.app.layout import LayoutBook
from tabletop.app.text import TextRenderer


@pytest.fixture
def theme():
    pygame.init()                                   # again after a test's app closed pygame
    return LayoutBook().theme


def pixels(renderer: TextRenderer) -> int:
    return sum(s.get_pitch() * s.get_height() for s in renderer._cache.images())


def test_the_text_cache_keeps_within_its_pixel_budget(theme):
    budget = 2 * 2**20
    renderer = TextRenderer(theme, cache_bytes=budget)
    for n in range(600):                 # a night's log: every line new, each some 60 KB at 29 px
        renderer.render(f"Ada casts Lightning Bolt at Brom for {n} damage (round {n // 5}).", "regular", 29,
                        (240, 230, 210))
    assert pixels(renderer) <= budget
    assert renderer.cached_bytes == pixels(renderer)
    assert len(renderer._cache) > 10     # still a cache: the recent lines stay


def test_what_a_frame_draws_again_stays_cached(theme):
    renderer = TextRenderer(theme, cache_bytes=2 * 2**20)
    title = renderer.render("Dice Realms", "bold", 42, (255, 255, 255))
    for n in range(600):
        renderer.render(f"log line {n} of a long evening at the table", "regular", 29, (240, 230, 210))
        assert renderer.render("Dice Realms", "bold", 42, (255, 255, 255)) is title   # used every frame


def test_an_image_cache_keeps_the_recently_used_within_its_budget():
    from tabletop.app.imagecache import ImageCache, pixel_bytes

    cache = ImageCache(max_bytes=100 * 100 * 4 * 3)
    kept = cache.put("kept", pygame.Surface((100, 100), pygame.SRCALPHA))
    for n in range(20):
        cache.put(n, pygame.Surface((100, 100), pygame.SRCALPHA))
        assert cache.get("kept") is kept            # drawn every frame: never the one dropped
    assert cache.bytes == sum(pixel_bytes(image) for image in cache.images()) <= cache.max_bytes
    assert cache.get(0) is None and cache.get(19) is not None
    huge = cache.put("huge", pygame.Surface((400, 400)))     # over the budget alone: kept, it is about to be drawn
    assert cache.get("huge") is huge and len(cache) == 1


def test_dice_at_every_size_of_a_night_stay_within_the_faces_budget(theme):
    from tabletop.app.dice import FACES_BYTES, DiceArt

    art = DiceArt("dice_realms")
    for size in range(20, 200):                     # rolling, trays, legends: a night draws every size
        for face in range(1, 7):
            art.face("blue", face, size)
    assert art._faces.bytes <= FACES_BYTES
    assert art.face("blue", 6, 199) is art.face("blue", 6, 199)


def test_a_flying_card_is_drawn_once_whatever_sizes_it_passes_through(theme):
    from tabletop.app.cards import CardArt, CardFace

    class Services:
        layouts = LayoutBook()
        text = TextRenderer(layouts.theme)

    art = CardArt(Services())
    face = CardFace("Tremor", text="Deal 3 damage.", cost="7", kind="Attack", accent=(200, 90, 40))
    for step in range(40):                          # a card shrinking from the shop to a hand, frame by frame
        size = (300 - step * 4, 420 - step * 5)
        assert art.moving(face, size, (300, 420)).get_size() == size
    assert len(art._cache) == 1


def test_between_demo_games_the_bots_tables_are_emptied():
    from tabletop.app.memory import forget_bot_tables
    from tabletop.games.wizard_dice import bots

    bots.sub_multisets((1, 2, 2, 5))
    assert bots.sub_multisets.cache_info().currsize > 0
    assert forget_bot_tables() > 0
    assert bots.sub_multisets.cache_info().currsize == 0


_MAPPED_PROBE = """
import ctypes, sys, pygame
from tabletop.app.memory import tune_allocator
class Info(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in
                "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]
libc = ctypes.CDLL("libc.so.6")
libc.mallinfo2.restype = Info
if sys.argv[1] == "tuned":
    assert tune_allocator()
before = libc.mallinfo2().hblkhd
kept = [pygame.Surface((64, 64), pygame.SRCALPHA) for _ in range(50)]   # 16 KB each: a die face
print(libc.mallinfo2().hblkhd - before)
"""


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="glibc's allocator only")
@pytest.mark.parametrize("tuned", [True, False])
def test_surfaces_are_mapped_on_their_own_not_fragmenting_the_heap(tuned):
    import ctypes
    import subprocess
    import sys

    if not hasattr(ctypes.CDLL("libc.so.6"), "mallinfo2"):
        pytest.skip("glibc before 2.33")
    # A fresh process: in this one, earlier tests' freed surfaces would be reused from the heap first.
    mapped = int(subprocess.run([sys.executable, "-c", _MAPPED_PROBE, "tuned" if tuned else "default"],
                                capture_output=True, text=True, check=True).stdout.split()[-1])
    if tuned:
        # Most of them, not all: a few may reuse what the imports freed in the heap, which is as good.
        assert mapped >= 40 * 64 * 64 * 4
    else:
        assert mapped == 0          # glibc's default keeps them in the heap (what the tuning changes)


@pytest.mark.parametrize("stop", [40, 160])
def test_the_cards_an_elemental_dice_frame_draws_fit_the_card_budget(app, monkeypatch, stop):
    """The card cache is kept small (its pixels set the night's peak in Elemental Dice), but never smaller than
    what one frame shows: the table with each card's full-size preview under the pointer draws its cards from
    the cache the second time, not anew."""
    from tabletop.app import cards
    from tabletop.app.bench import open_busy_table

    table = open_busy_table(app, "elemental-dice", ["Ann", "Bo"], 31 + stop,
                            lambda match: len(match.journal) >= stop)
    table.view.finish_animations()
    art = table.view.cards
    renders = []
    render_face = art._render_face

    def counting(card, size, dimmed, *more):
        renders.append((card.title, size))
        return render_face(card, size, dimmed, *more)

    monkeypatch.setattr(art, "_render_face", counting)
    surface = app.display.surface
    view = table.view
    places = [rect for _, rect in [*view.geometry.hits(view.state), *view.geometry.help_hits(view.state)]]
    assert len(places) > 5
    for rect in [None, *places]:
        if rect is not None:
            table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
            table.tip_since = table.clock - 10
        renders.clear()
        table.draw(surface)
        first = list(renders)
        renders.clear()
        table.draw(surface)
        assert not renders, f"drawn anew at the second frame: {renders} (first frame drew {first})"
    assert art._cache.bytes <= cards._CARD_BYTES


def test_a_grimoire_is_redrawn_into_its_previous_image_exactly(app):
    """A Dice Realms sheet is 2 MB: a new mark redraws the player's sheet in place (no second sheet held at
    once), and the picture is the same as a sheet drawn anew."""
    from tabletop.app.bench import open_busy_table

    table = open_busy_table(app, "dice-realms", ["Ann", "Bo"], 5, lambda match: len(match.journal) >= 30)
    board = table.view.map
    state = table.view.state
    ann, bo = state.players
    fresh = board.render(ann, frozenset(), (1, 2, 3, 4, 5), "active", (200, 60, 60))
    previous = board.render(bo, frozenset(), (9, 9, 9, 9, 9), "passive", (60, 60, 200))
    again = board.render(ann, frozenset(), (1, 2, 3, 4, 5), "active", (200, 60, 60), into=previous)
    assert again is previous
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(fresh, "RGBA")


def play_strong_bots(game: str, players: int, seed: int, after_each_move=lambda: None) -> None:
    """A whole game of ``game`` between strong bots, from empty look-up tables."""
    from tabletop.app.memory import forget_bot_tables
    from tabletop.core.controller import MatchController
    from tabletop.registry import get_rules

    forget_bot_tables()
    rules = get_rules(game)
    match = MatchController(rules, None, ["Ann", "Bo", "Cy", "Di", "Ed"][:players], seed,
                            seat_kinds=["strong"] * players)
    bots = [rules.make_bot("strong", seed + seat, seat) for seat in range(players)]
    while not match.finished:
        seat = match.state.to_act
        match.submit(bots[seat].choose(match.legal_intents(), rules.view(match.state, seat)))
        after_each_move()


def test_a_wizard_dice_game_of_bots_keeps_its_look_up_tables_small():
    """Memo tables that answer few calls only hold memory (Python keeps the arenas a game's peak needed, all
    night): over a game of three strong wizards no table of the game holds more than 2,000 entries."""
    import sys

    play_strong_bots("wizard-dice", 3, 104)
    sizes = {f"{name}.{attribute}": value.cache_info().currsize
             for name, module in list(sys.modules.items()) if name.startswith("tabletop.games.wizard_dice")
             for attribute, value in list(vars(module).items())
             if callable(getattr(value, "cache_info", None)) and getattr(value, "__module__", None) == name}
    assert sizes, "the tables were found"
    assert max(sizes.values()) <= 2000, sizes


def test_an_elementalis_game_of_five_bots_peaks_low_in_python_objects():
    """The bots' scorers are big (one per mage type, Major and Minor): a table keeps those of the mages at the
    table, not every one a game met (64 of them peaked at 140,000 Python objects over a game at five)."""
    import sys

    from tabletop.app.memory import forget_bot_tables

    forget_bot_tables()
    before = sys.getallocatedblocks()
    peaks = [before]
    play_strong_bots("elementalis", 5, 100, lambda: peaks.append(sys.getallocatedblocks()))
    assert max(peaks) - before < 100_000, max(peaks) - before
