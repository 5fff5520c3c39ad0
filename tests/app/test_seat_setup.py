"""Seat setup by mouse and keyboard: names edited as players expect, each player's own options in their row,
options offered only at some numbers of players, every option explained where it covers nothing, and the
options that belong to a person staying with them when the seats turn round for a rematch."""

import pygame
import pytest

import tabletop.app.screens.seats as seats_module
from tabletop.app.storage import NAME_LIMIT
from tabletop.core.controller import MatchController
from tabletop.core.rng import SeededRandom
from tabletop.registry import game_ids, get_rules

from .driver import Driver

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT


def open_seats(driver: Driver, game: str, players: int | None = None):
    """Title -> New game -> the game's tile, by clicks; then Add a player up to ``players``."""
    app = driver.app
    driver.click(app.scenes.top.buttons[1].rect.center)                 # New game
    driver.click(dict(app.scenes.top.tiles)[game].center)
    seats = app.scenes.top
    assert seats.scene_name == "seats"
    while players is not None and len(seats.fields) < players:
        driver.click(seats.add_button.rect.center)
    return seats


def hover(driver: Driver, pos) -> None:
    """The mouse moves onto ``pos`` (logical pixels), as the OS reports it."""
    window = driver.app.display.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=window, rel=(0, 0), buttons=(0, 0, 0)))
    driver.frames(1)


def sent_options(monkeypatch) -> list:
    """Capture what the seat screen starts matches with (names, options, kinds), instead of starting them."""
    calls: list = []
    monkeypatch.setattr(seats_module, "start_match",
                        lambda app, game, names, options, kinds=(): calls.append((names, options, kinds)))
    return calls


# ---------------------------------------------------------------------------- names
def test_a_click_selects_the_whole_name_so_typing_replaces_it(driver):
    seats = open_seats(driver, "dice-realms")
    field = seats.fields[0]
    assert field.value == "Ada"
    driver.click(field.rect.center)
    assert field.focused and field.selected == "Ada"
    driver.type_text("Marguerite")
    assert field.value == "Marguerite"                  # not "AdaMarguerite"
    # A second click in the focused field puts the caret where it lands, selecting nothing.
    driver.click((field.rect.right - 20, field.rect.centery))
    assert field.selected == "" and field.caret == len("Marguerite")
    driver.type_text("s")
    assert field.value == "Marguerites"


def test_ctrl_a_selects_all_and_the_editing_keys_behave(driver):
    seats = open_seats(driver, "dice-realms")
    field = seats.fields[1]
    driver.click(field.rect.center)
    driver.key(pygame.K_END)                              # the selection ends, the caret at the end
    driver.type_text("!")
    assert field.value == "Brom!"
    driver.key(pygame.K_a, CTRL)
    assert field.selected == "Brom!"
    driver.type_text("Cyd")
    assert field.value == "Cyd"
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_BACKSPACE)                        # the letter before the caret
    assert field.value == "yd" and field.caret == 0
    driver.key(pygame.K_DELETE)                           # the letter after it
    assert field.value == "d"
    driver.key(pygame.K_HOME)
    driver.type_text("Ol")
    driver.key(pygame.K_RIGHT)
    driver.type_text("o")
    assert field.value == "Oldo"
    driver.key(pygame.K_LEFT, SHIFT)
    driver.key(pygame.K_LEFT, SHIFT)
    assert field.selected == "do"
    driver.key(pygame.K_BACKSPACE)
    assert field.value == "Ol"
    driver.type_text("  Bo")                              # never two spaces in a row
    assert field.value == "Ol Bo"


def test_only_one_field_has_the_focus_and_shows_a_caret(driver, monkeypatch):
    seats = open_seats(driver, "wizard-dice", 3)
    a, b, c = seats.fields
    driver.click(b.rect.center)
    driver.click(a.rect.center)                           # the earlier field: it used to leave b focused too
    assert [f.focused for f in seats.fields] == [True, False, False]
    driver.key(pygame.K_TAB)
    assert [f.focused for f in seats.fields] == [False, True, False] and b.selected == b.value
    driver.click(seats.help_rect.center)                  # a click on nothing: no field keeps the focus
    assert not any(f.focused for f in seats.fields)
    driver.click(c.rect.center)
    driver.key(pygame.K_RIGHT)                            # the selection ends: the caret shows
    carets = []
    monkeypatch.setattr(pygame.draw, "line", lambda surface, colour, start, end, width=1: carets.append(start))
    for f in seats.fields:
        f._blink = 0.0
    driver.frames(1)
    assert len(carets) == 1 and c.rect.left < carets[0][0] < c.rect.right and \
        c.rect.top < carets[0][1] < c.rect.bottom


def test_a_name_cut_at_the_limit_says_so(driver, monkeypatch):
    seats = open_seats(driver, "dice-realms")
    field = seats.fields[0]
    drawn = []
    real_draw = driver.app.text.draw
    monkeypatch.setattr(driver.app.text, "draw", lambda surface, words, *a, **k: (drawn.append(words),
                                                                                  real_draw(surface, words, *a, **k))[1])
    driver.click(field.rect.center)
    driver.type_text("Marguerite-Anne Delacroix")
    assert field.value == "Marguerite-Anne Delacroix"[:NAME_LIMIT]
    notes = [words for words in drawn if f"at most {NAME_LIMIT} characters" in words]
    assert notes and "Player 1" in notes[-1]
    drawn.clear()
    driver.key(pygame.K_BACKSPACE)
    assert field.value == "Marguerite-Anne "[:NAME_LIMIT - 1] and not field.cut
    assert not [words for words in drawn if "characters" in words]


def test_a_plus_typed_in_a_name_does_not_add_a_player(driver):
    seats = open_seats(driver, "wizard-dice")
    driver.click(seats.fields[0].rect.center)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0, unicode="+"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="+"))
    driver.frames(1)
    assert len(seats.fields) == 2 and seats.fields[0].value == "+"


# ---------------------------------------------------------------------------- options
def test_each_player_sets_their_own_options_in_their_row_and_they_go_with_them(driver):
    seats = open_seats(driver, "elemental-dice")
    keys = [spec.key for spec in seats.seat_specs]
    assert keys == ["auto_pass_nothing", "auto_pass_harmless", "pass_turn"]
    ada, brom = seats.seat_toggles
    driver.click(brom[0].rect.center)                       # Brom: auto-pass when holding nothing playable
    driver.click(ada[2].rect.center)                        # Ada: auto-pass for the rest of the turn
    driver.click(ada[1].rect.center)
    driver.click(ada[1].rect.center)                        # on and off again
    driver.click(seats.starter_buttons[1].rect.center)      # Brom starts: he takes the first seat
    driver.click(seats.buttons[0].rect.center)              # Start
    table = driver.app.scenes.find("table")
    match = table.match
    assert match.seats == ("Brom", "Ada")
    meta = match.rules.meta
    assert meta.seat_options(match.options, "auto_pass_nothing", 2) == ("on", "off")
    assert meta.seat_options(match.options, "auto_pass_harmless", 2) == ("off", "off")
    assert meta.seat_options(match.options, "pass_turn", 2) == ("off", "on")


def test_a_right_click_steps_an_option_back(driver):
    seats = open_seats(driver, "wizard-dice")
    limit = next(i for i, spec in enumerate(seats.table_specs) if spec.key == "round_limit")
    button = seats.option_buttons[limit]
    driver.click(button.rect.center)
    assert seats.options["round_limit"] == "5"
    driver.click(button.rect.center, button=3)
    driver.click(button.rect.center, button=3)
    assert seats.options["round_limit"] == "15"


def test_an_option_played_only_by_four_is_shown_disabled_elsewhere_and_never_sent(driver, monkeypatch):
    calls = sent_options(monkeypatch)
    seats = open_seats(driver, "wizard-dice", 4)
    index = next(i for i, spec in enumerate(seats.table_specs) if spec.key == "teams")
    teams = seats.option_buttons[index]
    assert teams.enabled
    driver.click(teams.rect.center)
    assert seats.options["teams"] == "2 against 2"
    driver.click(seats.buttons[0].rect.center)
    assert calls[-1][1]["teams"] == "2 against 2"
    driver.click(seats.add_button.rect.center)              # a fifth wizard: no teams
    assert not teams.enabled and seats.options["teams"] == "off"
    driver.click(teams.rect.center)
    assert seats.options["teams"] == "off"
    hover(driver, teams.rect.center)
    assert "only with 4 players" in seats.help_text()
    driver.click(seats.buttons[0].rect.center)
    assert "teams" not in calls[-1][1] and len(calls[-1][0]) == 5
    get_rules("wizard-dice").meta.resolve_options(calls[-1][1], 5)       # the core takes what was sent


def test_one_click_chooses_who_starts(driver, monkeypatch):
    calls = sent_options(monkeypatch)
    seats = open_seats(driver, "elementalis", 5)
    driver.click(seats.starter_buttons[3].rect.center)
    assert seats.starter == 3
    driver.click(seats.buttons[0].rect.center)
    assert calls[-1][0] == ["Dorn", "Esme", "Ada", "Brom", "Cyra"]


@pytest.mark.parametrize("game", ["elemental-dice", "wizard-dice", "elementalis"])
def test_every_option_explains_itself_in_a_box_that_covers_nothing(driver, game):
    meta = get_rules(game).meta
    seats = open_seats(driver, game, meta.max_players)
    clickable = ([b.rect for b in seats.buttons + seats.option_buttons + seats.kind_buttons + seats.starter_buttons
                  if b.visible] + [f.rect for f in seats.fields]
                 + [b.rect for row in seats.seat_toggles for b in row])
    assert not any(seats.help_rect.colliderect(rect) for rect in clickable)
    for spec, button in zip(seats.table_specs, seats.option_buttons):
        hover(driver, button.rect.center)
        assert spec.help and spec.help in seats.help_text(), spec.key
    for row, field in zip(seats.seat_toggles, seats.fields):
        for spec, button in zip(seats.seat_specs, row):
            hover(driver, button.rect.center)
            words = seats.help_text()
            assert spec.help in words and field.value in words
            assert "the other player learns" in words          # what choosing it tells the other player


# ---------------------------------------------------------------------------- play again
def test_play_again_keeps_each_players_own_options_with_them(driver):
    rules = get_rules("elemental-dice")
    match = MatchController(rules, {"auto_pass_nothing.0": "on", "pass_turn.1": "on"}, ["Ada", "Brom"], 7)
    results = driver.app.scenes.open("results", match=match)
    driver.click(results.buttons[0].rect.center)            # Play again
    again = driver.app.scenes.find("table").match
    assert again is not match and again.seats == ("Brom", "Ada")
    assert rules.meta.seat_options(again.options, "auto_pass_nothing", 2) == ("off", "on")     # Ada's
    assert rules.meta.seat_options(again.options, "pass_turn", 2) == ("on", "off")             # Brom's


# ---------------------------------------------------------------------------- the picker
@pytest.mark.parametrize("names", [["Ada", "Brom"], ["Marguerite-Anne", "Bartholomew Grey"],
                                   ["Marguerite-Anne", "Bartholomew Grey", "Cyrano de Berge", "Dorothea Lang",
                                    "Esmeralda Fox"], ["Al", "Bo", "Cy", "Di"]])
def test_the_quick_start_says_who_plays_without_being_cut(app, names, monkeypatch):
    from .test_layouts_and_settings import TextWatch

    app.settings.names["wizard-dice"] = list(names)
    driver = Driver(app)
    driver.click(app.scenes.top.buttons[1].rect.center)                 # New game
    picker = app.scenes.top
    quick = next(b for b in picker.buttons if b.text.startswith("Play") and "wizard" in repr(b.on_click))
    watch = TextWatch(app, monkeypatch)
    driver.frames(1)
    assert watch.cut == []
    assert quick.lines[0].startswith("Play")
    if len(quick.lines) == 2:
        shown = quick.lines[1]
        assert shown == " vs ".join(names) or shown.startswith(names[0]) or shown == f"{len(names)} players"
    else:
        assert quick.lines[0] == "Play: " + " vs ".join(names)
    driver.click(quick.rect.center)
    assert driver.app.scenes.find("table").match.seats == tuple(names)


def test_a_start_refused_says_why_below_everything_and_marks_the_names(driver, monkeypatch):
    calls = sent_options(monkeypatch)
    seats = open_seats(driver, "elementalis", 3)
    driver.click(seats.fields[2].rect.center)
    driver.type_text("Ada")
    driver.click(seats.buttons[0].rect.center)              # Start
    assert calls == [] and seats.error == "Two seats have the same name."
    assert seats._unusable_names() == {0, 2}
    message = pygame.Rect(seats.layout["message"].rect)
    from .test_layouts_and_settings import seat_screen_places

    assert not [name for name, rect in seat_screen_places(seats) if name != "message" and rect.colliderect(message)]
    driver.click(seats.fields[2].rect.center)
    driver.key(pygame.K_END)
    driver.type_text("n")                                   # "Adan": the message goes
    assert seats.error == ""
    driver.click(seats.buttons[0].rect.center)
    assert calls[-1][0] == ["Ada", "Brom", "Adan"]


@pytest.mark.parametrize("game", game_ids())
def test_the_seat_kind_button_offers_expert_in_every_game(driver, game):
    """Every game seats an expert: the button's tooltip names it, and clicks on the button reach it."""
    seats = open_seats(driver, game)
    assert all(button.reason.endswith("a bot (easy, strong or expert).") for button in seats.kind_buttons)
    seen = [seats.kind_buttons[0].text]
    while len(seen) < 6 and seen[-1] != "Bot: expert":
        driver.click(seats.kind_buttons[0].rect.center)
        seen.append(seats.kind_buttons[0].text)
    assert seen[-1] == "Bot: expert", seen


# ---------------------------------------------------------------------------- teams
def drawn_teams(driver: Driver, seats, monkeypatch) -> list[str]:
    """The team words the screen draws in each row's team column ("" for a row with none), in a frame."""
    drawn: list[tuple[str, pygame.Rect]] = []
    text = driver.app.text
    draw = text.draw

    def watched(surface, words, style, rect, *args, **kwargs):
        drawn.append((words, pygame.Rect(rect)))
        return draw(surface, words, style, rect, *args, **kwargs)

    monkeypatch.setattr(text, "draw", watched)
    driver.frames(1)
    monkeypatch.setattr(text, "draw", draw)
    rows = [seats.team_rect(index) for index in range(len(seats.fields))]
    return [" ".join(words for words, rect in drawn if words.startswith("Team") and row.contains(rect))
            for row in rows]


def teams_of_the_match(seats, monkeypatch) -> dict[str, str]:
    """What the rules make of the seats as they stand: each player's team, by name ("" for none)."""
    calls = sent_options(monkeypatch)
    seats.start()
    names, options, _ = calls[-1]
    state = get_rules("wizard-dice").setup(options, names, SeededRandom(1)).state
    return {name: f"Team {state.teams[seat] + 1}" if state.teams else "" for seat, name in enumerate(names)}


def test_each_wizard_row_shows_the_team_the_rules_will_give_it_live(driver, monkeypatch):
    """Issue 34, item 18: with teams on, each row's badge is the team the rules form from the seat order (the
    starter sits first), and it follows a new starter; with teams off, or at five wizards, there are none."""
    seats = open_seats(driver, "wizard-dice", 4)
    names = [field.value for field in seats.fields]
    assert drawn_teams(driver, seats, monkeypatch) == [""] * 4
    index = next(i for i, spec in enumerate(seats.table_specs) if spec.key == "teams")
    driver.click(seats.option_buttons[index].rect.center)
    for starter in (0, 1, 2):
        driver.click(seats.starter_buttons[starter].rect.center)
        shown = drawn_teams(driver, seats, monkeypatch)
        assert shown == ["Team 1", "Team 2", "Team 1", "Team 2"] if starter % 2 == 0 else \
            ["Team 2", "Team 1", "Team 2", "Team 1"]
        assert dict(zip(names, shown)) == teams_of_the_match(seats, monkeypatch)
    driver.click(seats.add_button.rect.center)              # a fifth wizard: no teams
    assert drawn_teams(driver, seats, monkeypatch) == [""] * 5
    assert set(teams_of_the_match(seats, monkeypatch).values()) == {""}
    driver.click(seats.remove_buttons[4].rect.center)      # four again: the option went back to off
    assert drawn_teams(driver, seats, monkeypatch) == [""] * 4
    driver.click(seats.option_buttons[index].rect.center)
    assert drawn_teams(driver, seats, monkeypatch) == ["Team 1", "Team 2", "Team 1", "Team 2"]
    driver.click(seats.option_buttons[index].rect.center)  # teams off
    assert drawn_teams(driver, seats, monkeypatch) == [""] * 4


def test_the_team_badges_cover_nothing_and_nothing_is_cut(driver, monkeypatch):
    """The screen is laid out at 1920 x 1080 (a 1366 x 768 window shows the same picture scaled): the team
    column, and the options it leaves room for, cover nothing and cut nothing."""
    from .test_layouts_and_settings import TextWatch, seat_screen_places
    seats = open_seats(driver, "wizard-dice", 4)
    index = next(i for i, spec in enumerate(seats.table_specs) if spec.key == "teams")
    driver.click(seats.option_buttons[index].rect.center)
    watch = TextWatch(driver.app, monkeypatch)
    driver.frames(1)
    places = seat_screen_places(seats) + [(f"team {i}", seats.team_rect(i)) for i in range(4)]
    screen = pygame.Rect(0, 0, 1920, 1080)
    assert driver.app.display.surface.get_size() == screen.size
    for number, (name, rect) in enumerate(places):
        assert screen.contains(rect), (name, rect)
        for other, other_rect in places[number + 1:]:
            assert not rect.colliderect(other_rect), (name, other, rect, other_rect)
    style = seats.layout["team"].style
    for team in (1, 2):
        assert driver.app.text.size(f"Team {team}", style.font, style.size)[0] <= seats.team_rect(0).width - 48
    assert watch.cut == []
