"""The last move stays marked on the board in every game: what it touched, where it lies on screen, as the seat
in front of the screen may see it (a mark never tells a hidden card), and bot seats wear a badge."""

from __future__ import annotations

import pygame
import pytest

from tabletop.app.choosing import Target
from tabletop.app.games.dice_cards.geometry import ZONES
from tabletop.app.games.elemental_dice.help import PILES
from tabletop.app.marks import SYMBOLS, Mark, draw_mark, last_turn
from tabletop.core.controller import MatchController, _words
from tabletop.core.values import PrivateEvent, visible_events
from tabletop.registry import game_ids, get_rules

#: Seats per game in the playouts (ElementaliS with three mages: its panels are narrower).
SEATS = {"elementalis": 3}
#: Moves played per seed (enough to reach each game's middle: summons, reveals, buys).
MOVES = 160

#: For each game, events a move may hold and the kind of target that must then be marked, as a test of
#: "the marked targets are the ones the move touched" (the rest of the marks are checked against the events'
#: words below).
MUST_MARK = {
    "dice-realms": {"DieUsed": "cell", "CellMarked": "cell", "DiceRolled": "die"},
    "elemental-dice": {"FaceDownPlaced": "facedown", "CardPlaced": "facedown", "Bought": "gold",
                       "DieRolled": "die", "Damaged": "hp"},
    "wizard-dice": {"Committed": "wizard", "Summoned": "ally"},
    "elementalis": {"SpellCast": "mage", "ArcanaTaken": "mage", "Banked": "channel"},
    "dice-cards": {"Summoned": "unit", "Charged": "energy", "TokenPlaced": "token", "Activated": "ability"},
}


def open_table(app, game: str, seed: int, viewer: int | None = 0):
    """A table of ``game`` with a human at seat 0 and strong bots elsewhere, opened before any move; the screen's
    viewer set to ``viewer``."""
    count = SEATS.get(game, 2)
    names = ["Ada", "Brom", "Cleo", "Dag", "Eve"][:count]
    match = MatchController(get_rules(game), None, names, seed, seat_kinds=["human"] + ["strong"] * (count - 1))
    table = app.scenes.open("table", match=match)
    if app.scenes.top is not table:
        app.scenes.pop()
    table.shows = viewer
    return table


def playout(table, seed: int, moves: int = MOVES):
    """Play ``moves`` moves of the game's playout bot on the table's match, each shown by the view as the table
    shows it (its animations played to their end, a reveal played through), yielding after each."""
    match, view = table.match, table.view
    table.app.settings.reveal = "play"
    bot = match.rules.playout_bot(seed)
    for _ in range(moves):
        if match.finished:
            return
        events = match.submit(bot.choose(match.legal_intents(), None))
        view.animate(visible_events(events, table.shows))
        for _ in range(500):
            if not view.busy:
                break
            view.finish_animations()
            view.update(1.0)
        assert not view.busy
        yield match.history[-1]


#: Names of places on a game's table a target may hold (not news of the move: the zone a unit's grave is in).
PLACES = set(ZONES) | set(PILES)


def key_words(target: Target) -> set[str]:
    """The words a target's key names (a card, a spell, a realm): each must come from the move's events."""
    return {word for word in _words(target.key) if not word.isdigit()} - PLACES


@pytest.mark.parametrize("game", game_ids())
def test_the_last_move_is_marked_where_it_happened(app, game):
    screen = pygame.Rect(0, 0, 1920, 1080)
    required_seen: set[str] = set()
    marked_moves = 0
    for seed in (3, 11):
        table = open_table(app, game, seed)
        view = table.view
        for entry in playout(table, seed):
            table.shows = 0 if table.match.rules.meta.hidden_information else None
            # The moves of the last turn are marked (a bot's whole turn); the last one's events must be.
            turn = last_turn(table.match.history)
            seen = [event for move in turn for event in visible_events(move.events, table.shows)]
            newest = visible_events(entry.events, table.shows)
            marks = view.last_marks()
            marked_moves += bool(marks)
            # Every mark names a known symbol and lies on the table, on screen.
            placed = dict((mark, rect) for mark, rect in view.placed_marks())
            for mark in marks:
                assert mark.symbol in SYMBOLS
                assert mark in placed, f"{game}: {mark} marked but not on the table after {entry.intent.to_str()}"
                assert screen.colliderect(placed[mark]), f"{game}: {mark} off the screen"
            # What a mark names comes from the move's events, as this screen may see them.
            words = _words(seen)
            for mark in marks:
                assert key_words(mark.target) <= words, f"{game}: {mark} names what the move did not touch"
            # The move's main events are marked.
            kinds = {mark.target.kind for mark in marks}
            for event in newest:
                kind = MUST_MARK[game].get(type(event).__name__)
                if kind is not None:
                    required_seen.add(type(event).__name__)
                    assert kind in kinds, f"{game}: {event.to_str()} left no {kind} marked"
        app.scenes.pop()
    assert marked_moves >= 10, f"{game}: only {marked_moves} moves were marked"
    assert required_seen, f"{game}: the playouts reached none of the events that must be marked"


@pytest.mark.parametrize("game", game_ids())
def test_marks_never_tell_a_hidden_card(app, game):
    rules = get_rules(game)
    seats = range(SEATS.get(game, 2))
    for seed in (4, 17):                # seed 4: an Elemental Dice card placed face down at move 260
        table = open_table(app, game, seed)
        view = table.view
        for entry in playout(table, seed, 280 if seed == 4 else 100):
            check_no_leak(table, view, rules, seats, entry)
        app.scenes.pop()


def check_no_leak(table, view, rules, seats, entry) -> None:
    """No seat's marks (nor the public screen's) name a word another seat keeps secret that its view lacks."""
    state = table.match.state
    for viewer in (*seats, None):
        table.shows = viewer
        marks = view.last_marks()
        shown = _words(rules.view(state, viewer))
        for other in seats:
            if other == viewer:
                continue
            secret = rules.secrets(state, other) - shown
            leaked = _words(marks) & secret
            assert not leaked, f"{rules.meta.game_id}: {viewer}'s marks tell {other}'s secret {leaked}"


def test_the_leak_check_catches_a_mark_that_tells_a_face_down_card(app, monkeypatch):
    """The check above fails on marks made from the events before they were filtered for the screen."""
    from tabletop.games.elemental_dice import events as ev

    def leaky(events, state, viewer):
        return [Mark(Target("hand", event.card), "hidden") for event in events if isinstance(event, ev.CardPlaced)]

    rules = get_rules("elemental-dice")
    table = open_table(app, "elemental-dice", 4)
    view = table.view
    # The leaky marks see the whole move (its private events too), as a careless view would.
    monkeypatch.setattr(type(view), "last_marks", lambda self: tuple(leaky(self.match.history[-1].events, None, None)))
    caught = False
    for entry in playout(table, 4, 300):
        if any(isinstance(event, ev.CardPlaced) for event in entry.events):
            try:
                check_no_leak(table, view, rules, range(2), entry)
            except AssertionError:
                caught = True
                break
    assert caught, "no face-down card was placed, or the leak went unseen"


def test_a_face_down_card_is_marked_as_such_for_the_other_player(app):
    from tabletop.games.elemental_dice import events as ev

    table = open_table(app, "elemental-dice", 4)
    view = table.view
    for entry in playout(table, 4, 300):
        placed = [event for event in entry.events if isinstance(event, ev.CardPlaced)]
        if not placed:
            continue
        seat = placed[0].seat
        table.shows = 1 - seat
        assert not any(isinstance(event, PrivateEvent) for event in visible_events(entry.events, table.shows)
                       if getattr(event, "seat", None) == seat and isinstance(event, ev.CardPlaced))
        marks = [mark for mark in view.last_marks() if mark.target.kind == "facedown"]
        assert marks and marks[0].words == "face down" and marks[0].symbol == "hidden"
        assert placed[0].card not in repr(marks)
        return
    pytest.fail("no card was placed face down in 300 moves")


def test_a_mark_is_drawn_as_a_shape_that_reads_in_grey(app):
    """Brackets and a badge light on dark: the marked thing's corners differ from the same board unmarked in
    brightness, not only in hue."""
    surface = pygame.Surface((300, 300))
    surface.fill((120, 120, 120))
    before = surface.copy()
    draw_mark(app, surface, pygame.Rect(100, 100, 80, 80), Mark(Target("die", 1), "summon"))
    grey = lambda s, p: sum(s.get_at(p)[:3]) // 3   # noqa: E731
    corner = (95, 96)                   # on the top-left bracket
    assert abs(grey(surface, corner) - grey(before, corner)) > 60
    assert grey(surface, (100 + 80, 100)) != grey(before, (180, 100))       # the badge


def test_each_symbol_draws_something(app):
    for symbol in SYMBOLS:
        surface = pygame.Surface((120, 120))
        draw_mark(app, surface, pygame.Rect(30, 30, 60, 60), Mark(Target("x"), symbol, "face down"))
        assert surface.get_bounding_rect().width > 40


@pytest.mark.parametrize("game", game_ids())
def test_bot_seats_wear_a_badge(app, game, monkeypatch):
    """Each game's table draws "bot · strong" for each bot seat (and nothing of the kind for a person)."""
    from tabletop.app import text as text_module

    table = open_table(app, game, 2)
    for _ in playout(table, 2, 40):
        pass
    drawn: list[str] = []
    original = text_module.TextRenderer.draw

    def spy(self, surface, text, *args, **kwargs):
        drawn.append(text)
        return original(self, surface, text, *args, **kwargs)

    monkeypatch.setattr(text_module.TextRenderer, "draw", spy)
    table.draw(pygame.Surface((1920, 1080)))
    bots = len(table.match.seats) - 1
    assert drawn.count("bot · strong") == bots, f"{game}: {drawn.count('bot · strong')} badges for {bots} bots"


# ---------------------------------------------------------------------------------------------- a bot's turn, staged
def bots_table(app, game: str = "dice-realms", pace: str = "paced"):
    """A table of two strong bots (nobody at the screen), at ``pace``."""
    app.settings.bots = pace
    match = MatchController(get_rules(game), None, ["Ada", "Brom"], 9, seat_kinds=["strong", "strong"])
    table = app.scenes.open("table", match=match)
    return table


#: The least time a bot's move stays on the table, at rest and marked, before the bot's next move (seconds at
#: the normal animation speed): paced, long enough to follow each roll and pick; fast, still a beat.
LEAST_REST = {"paced": 1.6, "fast": 0.45}


@pytest.mark.parametrize("pace", ["paced", "fast"])
def test_each_step_of_a_bots_turn_stays_on_the_table_before_the_next(app, pace):
    """Between two moves of bots, the table rests (marked), then shows the choice in the banner: a whole Dice
    Realms turn is not a blur."""
    table = bots_table(app, pace=pace)
    least = LEAST_REST[pace] * max(app.animation_factor, 0.3)
    gaps = []
    moves = len(table.match.journal)
    settled_at = None                       # when the table came to rest after the last move
    dt = 0.02
    for _ in range(5000):
        app.frame(dt)
        if len(table.match.journal) != moves:
            moves = len(table.match.journal)
            if settled_at is not None:
                gaps.append(table.clock - settled_at)
            settled_at = None
        elif settled_at is None and not table.view.busy:
            settled_at = table.clock
        if len(gaps) >= 6:
            break
    assert len(gaps) >= 6
    assert min(gaps) >= least - 2 * dt, f"{pace}: a bot moved {min(gaps):.2f}s after the table came to rest"


def test_while_a_bot_plays_its_last_three_moves_are_readable_beside_the_log(app, monkeypatch):
    from tabletop.app import text as text_module

    table = bots_table(app, "elemental-dice")
    for _ in range(600):
        app.frame(0.05)
        if len(table.match.journal) >= 8 and table.bot_to_act() is not None:
            break
    expected = table.recent_lines()
    assert len(expected) == 3
    last = table.log.sentences(table.match.history[-1].events)
    if last:
        assert expected[-1] == last[0]
    drawn: list[str] = []
    original = text_module.TextRenderer.draw

    def spy(self, surface, text, *args, **kwargs):
        drawn.append(text)
        return original(self, surface, text, *args, **kwargs)

    monkeypatch.setattr(text_module.TextRenderer, "draw", spy)
    table.draw(pygame.Surface((1920, 1080)))
    # Each of the three sentences is drawn whole (its lines one after the other, if it wraps).
    shown = " ".join(drawn)
    for sentence in expected:
        assert sentence in shown, f"{sentence!r} is not on the screen"
    # ... in the strip, not only in the move log (which may show the newest lines too).
    monkeypatch.setattr(type(table), "bot_to_act", lambda self: None)
    drawn.clear()
    table.draw(pygame.Surface((1920, 1080)))
    without = " ".join(drawn)
    assert all(shown.count(sentence) > without.count(sentence) for sentence in expected)


def test_no_mark_is_left_from_before_a_tutorials_skip_ahead(driver):
    from tabletop.app.lesson import load_lesson

    lesson = load_lesson("dice-realms")
    skips = [number for number, step in enumerate(lesson.steps) if step.given is not None]
    assert len(skips) >= 2
    scene = driver.app.scenes.open("tutorial", game="dice-realms", resume=skips[1] - 1)
    driver.settle()
    for _ in range(400):                          # to the skip: the moves before it made a position now gone
        if scene.run.index >= skips[1]:
            break
        driver.frames(1)
        if scene.waiting_for_next():
            scene.next_step()
    assert scene.run.index == skips[1] and scene.match.history
    driver.settle()
    assert scene.view.last_marks() == ()


def test_a_whole_turn_stays_marked_and_bright_in_the_log(app):
    """A turn of several moves (Dice Realms: rolls and picks) keeps every move's marks, not only the last's,
    and the log keeps every line of it bright, until another seat moves."""
    table = open_table(app, "dice-realms", 5)
    view = table.view
    checked = 0
    for entry in playout(table, 5, 80):
        turn = last_turn(table.match.history)
        if len(turn) < 3:
            continue
        marked = {mark.target for mark in view.last_marks()}
        for move in turn:
            for event in move.events:
                if type(event).__name__ == "DiceRolled":
                    continue                    # a roll's dice are picked or fall: they move on
                cells = [mark for mark in view.marks_of([event], view.state, table.shows)
                         if view.mark_rect(mark.target) is not None]
                assert all(mark.target in marked for mark in cells), f"{move.intent.to_str()} lost its marks"
        lines = sum(len(table.log.sentences(move.events)) for move in turn)
        assert table.last_turn_lines() == min(lines, len(table.log.lines)) and lines > 1
        checked += 1
    assert checked >= 5
