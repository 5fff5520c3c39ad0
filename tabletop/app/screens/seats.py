"""Seat setup: how many players (within the game's range), their names and seat colours, who plays each seat
(a human, or one of the game's bot levels), who starts, and the game's options.

Names are remembered per game.  The screen lays itself out from the layout's pieces (``seats.yaml``): one row
per player, placed for the game's largest table so nothing moves as players come and go; an option each
player chooses for themselves is a column of toggles in the rows; the options of the whole table go in a
column beside the rows when there is room, else under them; a help box that covers nothing says what the
option under the mouse does.  An option a game offers only at some numbers of players is shown disabled,
saying when it is offered, and is never sent at another number.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
import pygame

from tabletop.core.protocol import OptionSpec
from tabletop.registry import get_rules

from ..layout import Element
from ..matches import DEFAULT_NAMES, kind_words, next_kind, seat_kinds, start_match
from ..scenes import Scene
from ..storage import NAME_LIMIT
from ..text import draw_box
from ..widgets import Button, TextField, press_any

__all__ = ["SeatsScene", "draw_team_badge", "is_switch", "only_with"]

_SWITCHES = (("off", "on"), ("no", "yes"))
TEAM_COLOURS = ("blue", "red")          # the theme's colours of Team 1 and Team 2


def is_switch(spec: OptionSpec) -> bool:
    """Whether an option is a plain on/off (drawn as a box to tick)."""
    return tuple(sorted(spec.choices)) in _SWITCHES


def only_with(spec: OptionSpec) -> str:
    """When an option is offered, in words (``only with 4 players``)."""
    counts = sorted(spec.players)
    return "only with " + " or ".join(str(n) for n in counts) + " players"


def _words(spec: OptionSpec) -> list[str]:
    """Everything an option's value box may say."""
    return list(spec.choices) + ([only_with(spec)] if spec.players else [])


def draw_team_badge(app, surface: pygame.Surface, rect: pygame.Rect, team: int, style) -> None:
    """A team's badge: its colour, its shape (a diamond for Team 1, a circle for Team 2, as on the Wizard Dice
    table) and its name, so it reads without the colour too."""
    colours = app.layouts.theme.colours
    # A flat tag without a button's border: it is read, never clicked.
    pygame.draw.rect(surface, colours[TEAM_COLOURS[team % len(TEAM_COLOURS)]][:3], rect, border_radius=12)
    x, y = rect.x + 24, rect.centery
    mark = colours["text"][:3]
    if team % 2 == 0:
        pygame.draw.polygon(surface, mark, [(x, y - 12), (x + 12, y), (x, y + 12), (x - 12, y)])
    else:
        pygame.draw.circle(surface, mark, (x, y), 11)
    app.text.draw(surface, f"Team {team + 1}", replace(style, align="left"),
                  pygame.Rect(rect.x + 42, rect.y, rect.width - 46, rect.height))


def placed(element: Element, rect: pygame.Rect) -> Element:
    """``element`` with its look, at ``rect``."""
    return replace(element, rect=(rect.x, rect.y, rect.width, rect.height))


class SeatsScene(Scene):
    """Who is playing, who starts, and what the table plays with."""

    scene_name = "seats"

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.help_game = game_id
        self.rules = get_rules(game_id)
        self.meta = meta = self.rules.meta
        self.layout = layout = app.layouts["seats"]
        self.spacing = layout.setting("row_spacing").int(40, 400)
        self.table_specs = [spec for spec in meta.options if not spec.per_seat]
        self.seat_specs = [spec for spec in meta.options if spec.per_seat]
        self.options = {spec.key: spec.default for spec in self.table_specs}
        self.seat_values: list[dict[str, str]] = []       # per row: the per-seat options of that player
        remembered = list(app.settings.names.get(game_id, []))
        count = min(max(len(remembered), meta.min_players), meta.max_players)
        names = (remembered + [n for n in DEFAULT_NAMES if n not in remembered])[:count]
        self.starter = int(app.settings.starter.get(game_id, 0)) % count
        self.fields: list[TextField] = []
        self.kinds: list[str] = []
        self.error = ""
        self.pointer: tuple[int, int] = (-1, -1)
        self._plan()
        for name in names:
            self._add_field(name)
        self.add_button = Button(app, placed(layout["add"], self.add_rect), self.add_player, hotkey=pygame.K_PLUS)
        self.swap_button = Button(app, placed(layout["swap"], self.swap_rect), self.swap_starter,
                                  text="Next player starts" if meta.max_players > 2 else layout["swap"].text)
        self.buttons = [
            Button(app, layout["start"], self.start, hotkey=pygame.K_RETURN),
            Button(app, layout["back"], app.scenes.pop, hotkey=pygame.K_ESCAPE),
            self.swap_button,
            self.add_button,
        ]
        self.option_buttons = [Button(app, placed(layout["option"], rect), partial(self.cycle, spec.key))
                               for spec, rect in zip(self.table_specs, self.option_rects)]
        self._refresh_rows()

    # ---------------------------------------------------------------- geometry
    def _plan(self) -> None:
        """Work out where everything goes, for the game's largest table."""
        layout, meta, text = self.layout, self.meta, self.app.text
        area = pygame.Rect(layout["area"].rect)
        gap = layout.setting("gap").int(0, 200)
        pieces = ["swatch", "name_field", "kind", "starter"] + (["remove"] if self.can_change_count else []) + \
            (["team"] if self.rules.plays_in_teams else [])     # kept when teams are off, so nothing moves
        self.columns: dict[str, int] = {}
        x = area.x
        # Where teams are played the name field gives up some of its width to the team column, so the table's
        # options still fit beside the rows.
        self.name_width = layout.setting("name_field_with_teams").int(200, 420) if "team" in pieces else \
            layout["name_field"].rect[2]
        for piece in pieces:
            self.columns[piece] = x
            x += (self.name_width if piece == "name_field" else layout[piece].rect[2]) + gap
        rows_right = x - gap
        # The per-seat toggles: their own width where the table's options fit beside the rows, else the
        # rest of the row's width shared out.
        toggle_width = layout["seat_option"].rect[2]
        count = len(self.seat_specs)
        min_options = layout.setting("options_min_width").int(200, 1920)
        column_gap = layout.setting("column_gap").int(0, 400)
        beside_room = area.right - (rows_right + count * (toggle_width + gap)) - column_gap
        self.options_beside = bool(self.table_specs) and beside_room >= min_options
        if count and not self.options_beside:
            toggle_width = (area.right - rows_right - count * gap) // count
        self.toggle_x = [rows_right + gap + index * (toggle_width + gap) for index in range(count)]
        self.toggle_width = toggle_width
        if count:
            rows_right = self.toggle_x[-1] + toggle_width
        label = layout["seat_option_label"].style
        label_lines = max((len(text.wrap(spec.label, label.font, label.size, toggle_width - 8))
                           for spec in self.seat_specs), default=0)
        self.header_height = label_lines * text.line_height(label) + (8 if label_lines else 0)
        self.rows_top = area.y + self.header_height
        rows_bottom = self.row_y(meta.max_players - 1) + layout["name_field"].rect[3]
        # Add a player and who starts, under the rows.
        add_w, add_h = layout["add"].rect[2:]
        line_y = rows_bottom + 20
        self.add_rect = pygame.Rect(area.x, line_y, add_w, add_h)
        swap_x = self.add_rect.right + gap if self.can_change_count else area.x
        self.swap_rect = pygame.Rect(swap_x, line_y, layout["swap"].rect[2], layout["swap"].rect[3])
        below = line_y + add_h + 24
        # The table's options: a column beside the rows, or columns under them.
        if self.options_beside:
            left = rows_right + column_gap
            top, width, columns = area.y, area.right - left, 1
        else:
            left, top, width = area.x, below, area.width
            columns = max(1, min(layout.setting("options_columns").int(1, 4), len(self.table_specs)))
        heading_h = layout["options_heading"].rect[3] if self.table_specs else 0
        self.options_heading_rect = pygame.Rect(left, top, width, heading_h)
        column_width = (width - (columns - 1) * gap) // columns
        heights = [self._option_height(spec, column_width) for spec in self.table_specs]
        self.option_rects: list[pygame.Rect] = []
        y = top + heading_h + (4 if heading_h else 0)
        for start in range(0, len(heights), columns):
            row = heights[start:start + columns]
            for index in range(len(row)):
                self.option_rects.append(pygame.Rect(left + index * (column_width + gap), y, column_width,
                                                     max(row)))
            y += max(row) + gap // 2
        options_bottom = y if self.table_specs else top
        if self.options_beside:
            self.help_rect = pygame.Rect(area.x, below, rows_right - area.x, area.bottom - below)
        else:
            help_top = options_bottom + 12
            self.help_rect = pygame.Rect(area.x, help_top, area.width, area.bottom - help_top)

    @property
    def can_change_count(self) -> bool:
        """Whether players may be added and removed."""
        return self.meta.min_players != self.meta.max_players

    def row_teams(self) -> list[int | None]:
        """Each row's team as the rules will form it from the options and the seat order (the starter sits
        first), or None for every row when everyone plays for themselves."""
        count = len(self.fields)
        teams = self.rules.seat_teams(self.chosen_options(), count)
        return [teams[(index - self.starter) % count] if teams else None for index in range(count)]

    def team_rect(self, index: int) -> pygame.Rect:
        """Where row ``index``'s team badge is drawn."""
        return pygame.Rect(self._row_element("team", index).rect)

    def row_y(self, index: int) -> int:
        """The top of row ``index``."""
        return self.rows_top + index * self.spacing

    def _value_width(self, spec: OptionSpec, width: int) -> int:
        """The width of an option's value box: its longest choice, at most 45 % of the option."""
        style = self.layout["option_value"].style
        words = _words(spec)
        longest = max(self.app.text.size(word, style.font, style.size)[0] for word in words)
        return min(longest + 36, int(width * 0.45))

    def _option_parts(self, spec: OptionSpec, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """An option's label area and value box inside its button."""
        value_w = self._value_width(spec, rect.width)
        value = pygame.Rect(rect.right - value_w - 8, rect.y + 8, value_w, rect.height - 16)
        label = pygame.Rect(rect.x + 18, rect.y, value.x - rect.x - 18 - 14, rect.height)
        return label, value

    def _option_height(self, spec: OptionSpec, width: int) -> int:
        """The height an option needs so that neither its label nor any of its values is cut."""
        text = self.app.text
        label_style, value_style = self.layout["option"].style, self.layout["option_value"].style
        label, value = self._option_parts(spec, pygame.Rect(0, 0, width, 100))
        words = _words(spec)
        lines = max([len(text.wrap(spec.label, label_style.font, label_style.size, label.width))] +
                    [len(text.wrap(word, value_style.font, value_style.size, value.width - 20)) for word in words])
        line = max(text.line_height(label_style), text.line_height(value_style))
        return max(self.layout["option"].rect[3], lines * line + 24)

    # ---------------------------------------------------------------- seats
    def _add_field(self, name: str) -> None:
        index = len(self.fields)
        self.kinds.append("human")
        self.seat_values.append({spec.key: spec.default for spec in self.seat_specs})
        self.fields.append(TextField(self.app, self._row_element("name_field", index, width=self.name_width), name,
                                     max_length=NAME_LIMIT, on_enter=self.start))

    def _row_element(self, piece: str, index: int, x: int | None = None, width: int | None = None) -> Element:
        element = self.layout[piece]
        _, dy, w, h = element.rect
        return placed(element, pygame.Rect(self.columns[piece] if x is None else x, self.row_y(index) + dy,
                                           w if width is None else width, h))

    def _refresh_rows(self) -> None:
        """Re-place the fields and rebuild each row's buttons after a player came or went."""
        for index, field in enumerate(self.fields):
            field.element = self._row_element("name_field", index, width=self.name_width)
            field.rect = pygame.Rect(field.element.rect)
        rows = range(len(self.fields))
        can_remove = len(self.fields) > self.meta.min_players
        self.remove_buttons = [
            Button(self.app, self._row_element("remove", index) if self.can_change_count
                   else placed(self.layout["remove"], pygame.Rect(0, 0, 0, 0)), partial(self.remove_player, index),
                   visible=can_remove)
            for index in rows]
        self.kind_buttons = [
            Button(self.app, self._row_element("kind", index), partial(self.cycle_kind, index),
                   reason=f"Who plays this seat: a human at the table, a player on their own phone (they scan a "
                          f"code), or a bot ({self._bot_levels()}).")
            for index in rows]
        self.starter_buttons = [Button(self.app, self._row_element("starter", index),
                                       partial(self.set_starter, index)) for index in rows]
        self.seat_toggles = [
            [Button(self.app, self._row_element("seat_option", index, x, self.toggle_width),
                    partial(self.cycle_seat, index, spec.key))
             for spec, x in zip(self.seat_specs, self.toggle_x)]
            for index in rows]
        self.add_button.visible = self.can_change_count
        self.add_button.enabled = len(self.fields) < self.meta.max_players
        self.add_button.reason = f"{self.meta.name} is played by at most {self.meta.max_players}."
        players = len(self.fields)
        for spec, button in zip(self.table_specs, self.option_buttons):
            button.enabled = spec.offered(players)
            if not button.enabled:
                self.options[spec.key] = spec.default       # never sent at a count it is not played at

    def add_player(self) -> None:
        """One more seat, with a name nobody at the table has yet."""
        if len(self.fields) >= self.meta.max_players:
            return
        taken = {field.value.strip() for field in self.fields}
        self._add_field(next((n for n in DEFAULT_NAMES if n not in taken), f"Player {len(self.fields) + 1}"))
        self._refresh_rows()

    def remove_player(self, index: int) -> None:
        """Take seat ``index`` away (the starter stays with the same player where possible)."""
        if len(self.fields) <= self.meta.min_players:
            return
        del self.fields[index]
        del self.kinds[index]
        del self.seat_values[index]
        if self.starter > index or self.starter >= len(self.fields):
            self.starter = max(0, self.starter - 1)
        self._refresh_rows()

    def _bot_levels(self) -> str:
        """The bot levels this game seats, in words: "easy, strong or expert"."""
        levels = [kind for kind in seat_kinds(self.game_id) if kind not in ("human", "phone")]
        return " or ".join(filter(None, (", ".join(levels[:-1]), levels[-1])))

    def cycle_kind(self, index: int) -> None:
        """Seat ``index`` to its next kind: Human, Phone, Bot: easy, Bot: strong, and Bot: expert where the game has
        one."""
        self.kinds[index] = next_kind(self.game_id, self.kinds[index])

    def swap_starter(self) -> None:
        """Give the start to the next player."""
        self.starter = (self.starter + 1) % len(self.fields)

    def set_starter(self, index: int) -> None:
        """Player ``index`` starts."""
        self.starter = index

    def _spec(self, key: str) -> OptionSpec:
        return next(spec for spec in self.meta.options if spec.key == key)

    def cycle(self, key: str, step: int = 1) -> None:
        """Step a table option to its next choice (``step`` -1: the previous one)."""
        spec = self._spec(key)
        index = spec.choices.index(self.options[key])
        self.options[key] = spec.choices[(index + step) % len(spec.choices)]

    def cycle_seat(self, index: int, key: str, step: int = 1) -> None:
        """Step player ``index``'s own option to its next choice."""
        spec = self._spec(key)
        values = self.seat_values[index]
        values[key] = spec.choices[(spec.choices.index(values[key]) + step) % len(spec.choices)]

    def chosen_options(self, players: int | None = None) -> dict[str, str]:
        """The options to send, with the starter in the first seat: the table's, and each player's own as
        ``key.N``; an option the game does not offer at this number of players is left out."""
        players = len(self.fields) if players is None else players
        order = self.seat_values[self.starter:] + self.seat_values[:self.starter]
        chosen = {spec.key: self.options[spec.key] for spec in self.table_specs if spec.offered(players)}
        for spec in self.seat_specs:
            if spec.offered(players):
                chosen.update({spec.seat_key(seat): values[spec.key] for seat, values in enumerate(order)})
        return chosen

    def start(self) -> None:
        """Check the names and start the match with the chosen player first."""
        names = [field.value.strip() for field in self.fields]
        order = names[self.starter:] + names[:self.starter]
        kinds = self.kinds[self.starter:] + self.kinds[:self.starter]
        try:
            self.meta.check_seats(order)
        except ValueError as exc:
            self.error = str(exc).capitalize() + "."
            return
        start_match(self.app, self.game_id, order, self.chosen_options(), tuple(kinds))

    # ---------------------------------------------------------------- loop
    def enter(self) -> None:
        pygame.key.start_text_input()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.pointer = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.next_field(backwards=bool(event.mod & pygame.KMOD_SHIFT))
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            # Every field hears a click: the one clicked takes the focus, every other one lets it go.
            if [field.handle(event) for field in self.fields].count(True):
                return
        else:
            for field in self.fields:
                if field.handle(event):
                    self.error = ""
                    return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self._step_back(event.pos):
            return
        toggles = [button for row in self.seat_toggles for button in row]
        press_any(self.buttons + self.option_buttons + self.remove_buttons + self.kind_buttons
                  + self.starter_buttons + toggles, event)

    def _step_back(self, pos: tuple[int, int]) -> bool:
        """A right click on an option steps it back to the previous choice."""
        for spec, button in zip(self.table_specs, self.option_buttons):
            if button.enabled and button.rect.collidepoint(pos):
                self.cycle(spec.key, -1)
                return True
        for index, row in enumerate(self.seat_toggles):
            for spec, button in zip(self.seat_specs, row):
                if button.rect.collidepoint(pos):
                    self.cycle_seat(index, spec.key, -1)
                    return True
        return False

    def next_field(self, backwards: bool = False) -> None:
        """Tab: the next name field (Shift+Tab: the previous), round the list, its name selected."""
        current = next((i for i, field in enumerate(self.fields) if field.focused), None)
        step = -1 if backwards else 1
        target = (0 if not backwards else len(self.fields) - 1) if current is None else \
            (current + step) % len(self.fields)
        for index, field in enumerate(self.fields):
            if index == target:
                field.focus()
            else:
                field.blur()

    def update(self, dt: float) -> None:
        for field in self.fields:
            field.update(dt)

    # ---------------------------------------------------------------- help
    def hints(self) -> list[tuple[pygame.Rect, str]]:
        """What each place on the screen explains when the mouse is on it."""
        names = [field.value.strip() or f"Player {index + 1}" for index, field in enumerate(self.fields)]
        out: list[tuple[pygame.Rect, str]] = []
        for spec, button in zip(self.table_specs, self.option_buttons):
            when = "" if button.enabled else f" Offered {only_with(spec)}."
            out.append((button.rect, f"{spec.label}: {spec.help}{when}"))
        for spec, x in zip(self.seat_specs, self.toggle_x):
            header = pygame.Rect(x, self.layout["area"].rect[1], self.toggle_width, self.header_height)
            out.append((header, f"{spec.label}, each player for themselves: {spec.help}"))
        for name, row in zip(names, self.seat_toggles):
            for spec, button in zip(self.seat_specs, row):
                out.append((button.rect, f"{spec.label}, for {name}: {spec.help}"))
        for index, name in enumerate(names):
            out.append((self.starter_buttons[index].rect,
                        f"{name} starts." if index == self.starter else f"Click to let {name} start."))
            out.append((self.kind_buttons[index].rect, self.kind_buttons[index].reason))
            if self.remove_buttons[index].visible:
                out.append((self.remove_buttons[index].rect, f"Take {name}'s seat away."))
            out.append((self.fields[index].rect, "Click to change the name: the old one is selected, so "
                                                 "typing replaces it."))
        if self.add_button.visible:
            out.append((self.add_button.rect, "One more player." if self.add_button.enabled
                        else self.add_button.reason))
        out.append((self.swap_button.rect, "The next player in the list starts."))
        return out

    def help_text(self) -> str:
        """What the thing under the mouse does ("" when it is over nothing that explains itself)."""
        return next((words for rect, words in self.hints() if rect.collidepoint(self.pointer)), "")

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill(layout.background)
        text = self.app.text
        text.draw_element(surface, layout["heading"], f"{self.meta.name}: who is playing?")
        players = (f"{self.meta.min_players} players" if self.meta.min_players == self.meta.max_players
                   else f"{self.meta.min_players} to {self.meta.max_players} players")
        text.draw_element(surface, layout["hint"], f"{players}. Type the names; click a circle to choose who "
                                                   "starts.")
        self._draw_rows(surface)
        self.swap_button.visible = len(self.fields) > 1
        for button in self.buttons:
            button.draw(surface)
        if self.table_specs:
            text.draw(surface, layout["options_heading"].text, layout["options_heading"].style,
                      self.options_heading_rect)
        for spec, button in zip(self.table_specs, self.option_buttons):
            self._draw_option(surface, spec, button)
        self._draw_help(surface)
        element = layout["message"]
        if self.error:
            text.draw(surface, self.error, element.style, element.rect, wrap=True)
        elif self._cut_note():          # a note, not an error: in the accent
            text.draw(surface, self._cut_note(), element.style, element.rect, wrap=True,
                      colour=self.app.layouts.theme.colours["accent"])

    def _draw_rows(self, surface: pygame.Surface) -> None:
        layout, text = self.layout, self.app.text
        colours = self.app.layouts.theme.colours
        label = layout["seat_option_label"]
        for spec, x in zip(self.seat_specs, self.toggle_x):
            header = pygame.Rect(x, layout["area"].rect[1], self.toggle_width, self.header_height - 8)
            text.draw(surface, spec.label, label.style, header, wrap=True, valign="bottom")
        for index, field in enumerate(self.fields):
            swatch = pygame.Rect(self._row_element("swatch", index).rect)
            pygame.draw.rect(surface, colours[f"seat_{index}"], swatch, border_radius=swatch.height // 4)
            text.draw(surface, str(index + 1), layout["swatch"].style, swatch)
            field.draw(surface)
            if self.error and index in self._unusable_names():
                pygame.draw.rect(surface, colours["bad"][:3], field.rect.inflate(6, 6), 3,
                                 border_radius=field.element.style.radius + 3)
            self._draw_starter(surface, self.starter_buttons[index], index == self.starter)
            self.kind_buttons[index].text = kind_words(self.kinds[index])
            self.kind_buttons[index].draw(surface)
            self.remove_buttons[index].draw(surface)
            for spec, button in zip(self.seat_specs, self.seat_toggles[index]):
                self._draw_toggle(surface, spec, button, self.seat_values[index][spec.key])
        for index, team in enumerate(self.row_teams()):
            if team is not None:
                draw_team_badge(self.app, surface, self.team_rect(index), team, layout["team"].style)

    def _draw_starter(self, surface: pygame.Surface, button: Button, starts: bool) -> None:
        """A round mark: filled with "starts" beside it for the starter, an empty ring for the others."""
        colours = self.app.layouts.theme.colours
        style = button.element.style
        rect = button.rect
        centre = (rect.x + 22, rect.centery)
        if button.hovered and not starts:
            draw_box(surface, rect, replace(style, bg=colours["button_hover"], radius=14))
        if starts:
            pygame.draw.circle(surface, colours["accent"][:3], centre, 15)
            self.app.text.draw(surface, button.element.text, style, pygame.Rect(rect.x + 46, rect.y,
                                                                                 rect.width - 46, rect.height))
        else:
            pygame.draw.circle(surface, colours["text_dim"][:3], centre, 15, 3)

    def _draw_toggle(self, surface: pygame.Surface, spec: OptionSpec, button: Button, value: str) -> None:
        """A player's own option: a box ticked or not and the word, or the chosen value."""
        colours = self.app.layouts.theme.colours
        style = button.look(hovered=button.hovered)
        rect = button.rect
        draw_box(surface, rect, style)
        if not is_switch(spec):
            self.app.text.draw(surface, value, style, rect.inflate(-16, 0), wrap=True)
            return
        on = value in ("on", "yes")
        words = value
        size = style.size
        width = 30 + 12 + self.app.text.size(words, style.font, size)[0]
        box = pygame.Rect(rect.centerx - width // 2, rect.centery - 15, 30, 30)
        if on:
            pygame.draw.rect(surface, colours["accent"][:3], box, border_radius=5)
            tick = [(box.x + 6, box.centery), (box.x + 12, box.bottom - 7), (box.right - 6, box.y + 7)]
            pygame.draw.lines(surface, colours["text_dark"][:3], False, tick, 4)
        else:
            pygame.draw.rect(surface, colours["text_dim"][:3], box, 3, border_radius=5)
        self.app.text.draw(surface, words, replace(style, align="left"),
                           pygame.Rect(box.right + 12, rect.y, rect.right - box.right - 12, rect.height),
                           colour=colours["accent"] if on else None)

    def _draw_option(self, surface: pygame.Surface, spec: OptionSpec, button: Button) -> None:
        """A table option: its label, and its value in a box at the right (wrapped, never cut)."""
        text = self.app.text
        style = button.look(hovered=button.hovered, enabled=button.enabled)
        draw_box(surface, button.rect, style)
        label, value = self._option_parts(spec, button.rect)
        text.draw(surface, spec.label, replace(style, align="left"), label, wrap=True)
        value_element = self.layout["option_value"]
        value_style = value_element.style if button.enabled else replace(style, bg=None, border=None)
        draw_box(surface, value, value_style)
        words = self.options[spec.key] if button.enabled else only_with(spec)
        text.draw(surface, words, value_style, value.inflate(-20, 0), wrap=True)

    def _draw_help(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_box(surface, self.help_rect, layout["help"].style)
        words = self.help_text()
        element = layout["help_text"] if words else layout["help_idle"]
        self.app.text.draw(surface, words or element.text, element.style, self.help_rect.inflate(-36, -32),
                           wrap=True, valign="top")

    def _unusable_names(self) -> set[int]:
        """The rows whose name is blank or also another row's (marked while the screen says why it cannot
        start)."""
        names = [field.value.strip() for field in self.fields]
        return {index for index, name in enumerate(names) if not name or names.count(name) > 1}

    def _cut_note(self) -> str:
        """A word for the players when a name was cut at the length limit."""
        for index, field in enumerate(self.fields):
            if field.cut:
                return (f"A name has at most {NAME_LIMIT} characters: Player {index + 1}'s stops at "
                        f"\u201c{field.value}\u201d.")
        return ""

