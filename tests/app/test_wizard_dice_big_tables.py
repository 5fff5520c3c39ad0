"""Wizard Dice at its largest tables (5 wizards, 2 against 2): the round's summary names every wizard, the marks
stay in their columns, the spell aimed so far is told after every click, the teams are shown where they do not
cover anything, and the spell book shows each spell's pattern in words."""

import time

import pygame

from tabletop.app.games.wizard_dice.view import WizardDiceView
from tabletop.app.screens.table import TableScene
from tabletop.core.controller import MatchController
from tabletop.registry import get_rules

from .driver import Driver
from .test_golden_screens import wizard_table

NAMES = ["Ada", "Bo", "Cy", "Dorn", "Esme"]


def table_at(app, wizards: int, seed: int, done, options=None) -> TableScene:
    """A Wizard Dice table after a seeded game between playout bots reached ``done(state)``, behind no cover."""
    return wizard_table(app, wizards, seed, done, options, NAMES)


def words_drawn(app, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every text the app draws from now on, with the box it was drawn in."""
    drawn: list[tuple[str, pygame.Rect]] = []
    original = app.text.draw

    def draw(surface, words, style, rect, *args, **kwargs):
        drawn.append((words, pygame.Rect(rect)))
        return original(surface, words, style, rect, *args, **kwargs)

    monkeypatch.setattr(app.text, "draw", draw)
    return drawn


def _before_the_last_commit(state):
    return (state.flow.stage == "secret" and state.flow.turn == len(state.flow.order) - 1
            and state.wizards[state.to_act].secret.rolled_out and len(state.wizards[state.to_act].secret.casts) >= 1)


def _round_over(app, wizards: int = 5, seed: int = 3) -> TableScene:
    table = table_at(app, wizards, seed, _before_the_last_commit)
    table.submit(next(i for i in table.match.legal_intents() if i.KIND == "commit"))
    driver = Driver(app)
    for _ in range(40):
        # The reveal waits on the players between beats (the view stays busy), so run each beat's
        # animation out rather than settle, which would spend its whole frame limit on every wait.
        for _frame in range(600):
            if not table.view.timeline.busy:
                break
            driver.frames(1)
        if not table.view.beats:
            break
        driver.key(pygame.K_SPACE)
    assert not table.view.beats
    for _frame in range(600):  # the last announcement fades
        if not table.view.animating:
            break
        driver.frames(1)
    return table


# ---------------------------------------------------------------------------------------------- item 17
def test_the_five_wizard_round_summary_names_every_wizard_and_its_spells(app, monkeypatch):
    table = _round_over(app)
    view: WizardDiceView = table.view
    casters = {shown.caster for shown in view.board}
    assert len(casters) == 5, "seed 3: all five wizards cast in round 1"
    drawn = words_drawn(app, monkeypatch)
    Driver(app).frames(1)
    board = pygame.Rect(view.layout["spells"].rect)
    names = {words for words, rect in drawn if board.contains(rect)}
    assert all(table.match.state.wizards[c].name in names for c in casters), names
    esme = [s for s in view.board if s.caster == 4]
    assert any(view.book[s.spell].name in " ".join(names) for s in esme)


def test_the_marks_of_the_revealed_spells_stay_in_their_columns(app):
    table = _round_over(app)
    view: WizardDiceView = table.view
    placed = [(mark, rect) for mark, rect in view.placed_marks() if mark.target.kind == "revealed"]
    columns = view.geometry.board_columns(view.board)
    assert {mark.target.key[0] for mark, _ in placed} == set(columns), "every caster's spells are marked"
    for mark, rect in placed:
        column = columns.index(mark.target.key[0])
        own = view.geometry.reveal_rect(column, 0)
        badge_right = rect.inflate(10, 10).right + 2           # the shared mark's badge reaches this far
        assert own.left <= rect.left and badge_right <= own.right, (mark, rect, own)
        for other in range(len(columns)):
            if other != column:
                assert not view.geometry.reveal_rect(other, 0).inflate(0, 200).colliderect(
                    pygame.Rect(rect.left, rect.top, badge_right - rect.left, rect.height))


# ---------------------------------------------------------------------------------------------- item 20
def test_a_keep_hint_glows_on_every_die_it_names(app, monkeypatch):
    # Seed 1, five wizards: Ada's first roll is 3 3 5 3 1 1 and the hint keeps the three 3s.
    table = table_at(app, 5, 1, lambda s: s.wizards[0].secret is not None and s.wizards[0].secret.rolls == 1)
    driver = Driver(app)
    driver.settle()
    view: WizardDiceView = table.view
    assert view.state.wizards[0].secret.dice == (3, 3, 5, 3, 1, 1)
    driver.key(pygame.K_h)
    started = time.monotonic()
    while table.hints.current() is None and time.monotonic() - started < 30:
        time.sleep(0.02)                            # the hint is worked out in a thread (a cold planner: ~0.5 s)
        driver.frames(1)
    hint = table.hints.current()
    assert hint is not None and hint.reason.startswith("Keep 3, 3 and 3")
    glows = []
    original = pygame.draw.rect

    def rect(surface, colour, box, *args, **kwargs):
        glows.append(pygame.Rect(box))
        return original(surface, colour, box, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "rect", rect)
    driver.frames(1)
    assert view.hinted_dice() == [0, 1, 3]
    for index in (0, 1, 3):
        assert view.geometry.die_rect(index).inflate(22, 22) in glows


# ---------------------------------------------------------------------------------------------- item 16
def _two_missiles(app, monkeypatch):
    # Seed 0, five wizards: Ada has rolled 6 2 2 3 6 3 and cast nothing yet.
    table = table_at(app, 5, 0, lambda s: s.wizards[0].secret is not None and s.wizards[0].secret.rolled_out)
    driver = Driver(app)
    driver.settle()
    view: WizardDiceView = table.view
    assert view.state.wizards[0].secret.dice == (6, 2, 2, 3, 6, 3)
    row = [s.spell_id for s in view.book.spells].index("magic-missiles")
    driver.click(view.geometry.book_row_rect(row).center)
    assert view.selection.spell == "magic-missiles" and len(view.selection.dice) == 2
    return table, driver, view


def _note(app, monkeypatch, view) -> str:
    drawn = words_drawn(app, monkeypatch)
    Driver(app).frames(1)
    note = pygame.Rect(view.layout["tray_note"].rect)
    return " ".join(words for words, rect in drawn if rect == note)


def test_each_missile_aimed_is_told_at_once(app, monkeypatch):
    table, driver, view = _two_missiles(app, monkeypatch)
    assert "Magic Missiles: click the first target" in _note(app, monkeypatch, view)
    driver.click(view.panels[3].rect.center)                            # Dorn
    assert len(view.selection.aimed) == 1, "one missile aimed, nothing sent yet"
    note = _note(app, monkeypatch, view)
    assert "Magic Missiles → Dorn ×1, one more missile" in note, note
    driver.click((700, 1060))                                           # beside everything
    assert "Magic Missiles → Dorn ×1, one more missile" in (driver.app.toasts.message or "")
    assert view.selection.aimed, "a click beside everything keeps what is aimed"
    before = len(table.match.journal)
    driver.click(view.panels[3].rect.center)                            # Dorn again: the cast is sent
    driver.settle()
    assert len(table.match.journal) == before + 1
    assert [t.index for t in table.match.journal[-1].intent.targets] == [3, 3]


# ---------------------------------------------------------------------------------------------- item 19
def test_the_spell_book_shows_each_pattern_in_words_beside_its_name(app, monkeypatch):
    table = table_at(app, 2, 0, lambda s: s.wizards[0].secret is not None and s.wizards[0].secret.rolled_out)
    view: WizardDiceView = table.view
    drawn = words_drawn(app, monkeypatch)
    drawn_dice = []
    monkeypatch.setattr(view.dice_art, "draw", lambda surface, kind, *a, **k: drawn_dice.append(kind))
    Driver(app).frames(1)
    wanted = {"shield": "a pair + any", "paralysis": "three of a kind", "magic-missiles": "one or two 6s",
              "poison-arrow": "one to three 1s", "cure-heavy-wounds": "straight of 5", "summon-ogre": "two pairs"}
    rows = {spell.spell_id: view.geometry.book_row_rect(n) for n, spell in enumerate(view.book.spells)}
    for spell_id, words in wanted.items():
        assert (words, None) in {(w, None) for w, rect in drawn if rows[spell_id].contains(rect)}, spell_id
    assert "book" not in drawn_dice, "no example dice in the book: a newcomer reads them as the rule"
    # Name and pattern never touch, the longest name included (at 1366x768 too: the same logical layout).
    style = view.layout["book_row"].style
    pattern = view.layout["book_pattern"]
    for n, spell in enumerate(view.book.spells):
        name = app.text.size(spell.name, style.font, style.size)[0]
        words = app.text.size(spell.pattern.short(), pattern.style.font, pattern.style.size)[0]
        assert view.book_look.title_x + name + 12 + words <= rows[spell.spell_id].width - 4, spell.name
        assert words <= pattern.rect[2]


# ---------------------------------------------------------------------------------------------- item 18
TEAMS = {"teams": "2 against 2"}


def _teams_table(app):
    table = wizard_table(app, 4, 5, lambda state: (state.flow.round >= 2 and state.wizards[3].allies
                                                  and state.flow.stage == "secret" and state.to_act == 0),
                         TEAMS, NAMES, seat_kinds=["human", "easy", "human", "easy"])
    Driver(app).settle()
    return table


def test_the_team_badge_keeps_off_the_bot_badge_and_the_allies(app, monkeypatch):
    import tabletop.app.widgets as widgets

    table = _teams_table(app)
    view: WizardDiceView = table.view
    bots = {}
    original = widgets.draw_bot_badge

    def badge(app_, surface, anchor, kind, align="left"):
        rect = original(app_, surface, anchor, kind, align)
        bots[anchor] = rect
        return rect

    monkeypatch.setattr(widgets, "draw_bot_badge", badge)
    drawn = words_drawn(app, monkeypatch)
    Driver(app).frames(1)
    assert len(bots) == 2
    state = view.state
    for seat in range(4):
        team = view.team_badge_rect(state, seat)
        panel = view.panels[seat].rect
        assert panel.contains(team)
        assert not any(team.colliderect(rect) for rect in bots.values()), seat
        words = [(w, r) for w, r in drawn if panel.contains(r)]
        assert (f"Team {state.teams[seat] + 1}", ) in {(w,) for w, _ in words}
        for w, rect in words:
            if w.startswith("→"):
                assert not any(rect.colliderect(b) for b in bots.values()) and not rect.colliderect(team), w
    assert any(w == "→Ada" for w, _ in drawn), "Dorn's Ogre is sent at Ada, said whole"


def test_the_results_name_the_winning_team(app):
    from tabletop.app.screens.results import ResultsScene

    rules = get_rules("wizard-dice")
    match = MatchController(rules, TEAMS, NAMES[:4], 3)
    bot = rules.playout_bot(3)
    while not match.finished:
        match.submit(bot.choose(match.legal_intents(), rules.view(match.state, match.state.to_act)))
    winners = rules.outcome(match.state).winners
    teams = {match.state.teams[w] for w in winners}
    assert len(teams) == 1, "seed 3: one team wins"
    team = teams.pop()
    mates = " and ".join(NAMES[s] for s in range(4) if match.state.teams[s] == team)
    assert ResultsScene(app, match).headline == f"Team {team + 1} wins: {mates}"


# ---------------------------------------------------------------------------------------------- item 23
def test_the_summary_line_of_a_big_table_is_short():
    from tabletop.games.wizard_dice import wording

    rules = get_rules("wizard-dice")
    match = MatchController(rules, None, NAMES, 3)
    bot = rules.playout_bot(3)
    while match.state.flow.round < 3:
        match.submit(bot.choose(match.legal_intents(), rules.view(match.state, match.state.to_act)))
    line = rules.progress(match.state)
    assert line.startswith("round 3") and "standing" in line and line.count(" to ") == 0 and len(line) <= 40, line
    teams = MatchController(rules, TEAMS, NAMES[:4], 3)
    assert wording.progress(teams.state) == "round 1, team HP 40 to 40"
    duel = MatchController(rules, None, NAMES[:2], 3)
    assert rules.progress(duel.state) == "round 1, HP 20 to 20"


def test_the_round_banner_keeps_off_the_dice_and_their_words(app, monkeypatch):
    from tabletop.games.wizard_dice import events as ev

    table = _round_over(app)
    view: WizardDiceView = table.view
    banner = pygame.Rect(view.layout["round_banner"].rect)
    assert pygame.Rect(view.layout["tray"].rect).contains(banner)
    for index in range(6):
        assert not banner.colliderect(view.geometry.die_rect(index).inflate(22, 22)), index
    for name in ("tray_title", "tray_note"):
        assert not banner.colliderect(pygame.Rect(view.layout[name].rect)), name
    view._on_round_began(_round_began(7))
    drawn = words_drawn(app, monkeypatch)
    Driver(app).frames(2)
    assert view.round_banner.text == "Round 7" and not view.announcer.text
    tray = pygame.Rect(view.layout["tray"].rect)
    for words, rect in drawn:
        if tray.contains(rect) and words != "Round 7":
            assert not rect.colliderect(banner), words


def _round_began(number):
    from tabletop.games.wizard_dice import events as ev
    import dataclasses

    fields = {f.name: () for f in dataclasses.fields(ev.RoundBegan)}
    fields["round"] = number
    return ev.RoundBegan(**fields)


def test_the_cover_speaks_of_dice_and_spells_not_cards(app, monkeypatch):
    from .driver import open_new_game

    driver = Driver(app)
    open_new_game(driver, "wizard-dice", 2)
    cover = app.scenes.top
    assert cover.scene_name == "pass_device"
    drawn = []
    original = app.text.draw_element

    def draw_element(surface, element, text=None, **kwargs):
        drawn.append(text if text is not None else element.text)
        return original(surface, element, text, **kwargs)

    monkeypatch.setattr(app.text, "draw_element", draw_element)
    driver.frames(1)
    assert any(words and "dice and spells" in words for words in drawn), drawn
    assert not any(words and "cards" in words for words in drawn)
