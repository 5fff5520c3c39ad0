"""The Dice Realms table, drawn: two grimoires, the dice tray, the Forgotten Realm and the dice fields.

Where things lie is :mod:`.geometry`; what a click means is :mod:`.choices` (from the rules' legal intents
only); the banner's and hover's words are :mod:`.help`.  This module draws the table and animates the events
of each move: dice tumble, slide to the dice fields and the Forgotten Realm, fly to the cell they cross, and
marks appear once their die has landed.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any, Sequence, cast

import pygame

from tabletop.core.values import Value
from tabletop.games.dice_realms import events as ev
from tabletop.games.dice_realms.queries import DiceRealmsQueries
from tabletop.games.dice_realms.state import DICE, Cell, Stage
from tabletop.games.dice_realms.tables import REALMS
from tabletop.games.dice_realms.wording import describe_bonus, goal_name

from ...anim import ease_in_out
from ...choosing import Target
from ...gameview import GameViewBase, TableStatus, Tooltip
from ...marks import Mark
from ...sprites import DieSprite, tumble_dice
from ...text import draw_box
from ...widgets import ActionBar, Button
from .board import grimoire_map
from .choices import BUTTONS, DiceRealmsChoices
from .geometry import DiceRealmsGeometry, die_target
from .help import REWARD_NAMES, banner, legend_items
from .marks import last_move_marks

__all__ = ["DiceRealmsView"]

#: The action bar's buttons: their layout elements and keys, in the order of :data:`.choices.BUTTONS`.
_PLACES = {"roll": ("roll", pygame.K_SPACE), "time_warp": ("time_warp", pygame.K_t),
           "forfeit": ("forfeit", pygame.K_f), "skip": ("skip", pygame.K_s), "boost": ("arcane_boost", pygame.K_b)}


class DiceRealmsView(GameViewBase[DiceRealmsChoices]):
    """Draws the Dice Realms table and animates its events."""

    Choices = DiceRealmsChoices
    choices: DiceRealmsChoices
    rules: DiceRealmsQueries
    forgets_choice_on_move = True

    def __init__(self, app, table, match) -> None:
        super().__init__(app, table, match)
        self.tables = self.rules.tables
        self.art = app.dice_for("dice_realms")
        self.theme = app.layouts.theme
        self.seat_colours = [self.seat_colour(seat) for seat in range(len(match.seats))]
        self.map = grimoire_map(app)
        self.geometry = geometry = DiceRealmsGeometry(self.layout, self.map, len(match.seats))
        self.grimoire_rects = geometry.grimoire_rects
        self.die_size = geometry.die_size
        self.small_die = geometry.small_die
        self.tray_slots = geometry.tray_slots
        self.forgotten_slots = geometry.forgotten_slots
        self.field_slots = geometry.field_slots
        self.visual_random = random.Random(7)     # only for how the dice tumble; never for outcomes
        self.sprites: dict[str, DieSprite] = {}
        self.hidden: set[tuple[int, str, Cell]] = set()
        self.shown_scores: dict[tuple[int, str], int] = {}
        self.glow_cells: list[tuple[int, pygame.Rect, float]] = []
        self._grimoire_cache: dict[int, tuple[tuple, pygame.Surface]] = {}
        self._shades = [pygame.Surface(rect.size, pygame.SRCALPHA) for rect in self.grimoire_rects]   # dims a board
        for shade in self._shades:
            shade.fill(self.theme.rgba("shade"))
        self.hover_die: str | None = None
        self.hover_cell: tuple[int, str, Cell] | None = None
        self.action_bar = ActionBar(app, [self.layout[_PLACES[name][0]] for name in BUTTONS],
                                    [_PLACES[name][1] for name in BUTTONS])
        self.menu_bar = ActionBar.repeated(app, self.layout["bonus_chip"], 6,
                                           (self.layout.setting("chip_spacing").int(), 0))
        self.handlers = {
            ev.DiceRolled: self._on_dice_rolled, ev.DieToField: self._on_die_to_field,
            ev.DiceForgotten: self._on_dice_forgotten, ev.DieUsed: self._on_die_used,
            ev.CellMarked: self._on_cell_marked, ev.GoalCompleted: self._on_goal_completed,
            ev.BonusEarned: self._on_bonus_earned, ev.BonusLost: self._on_bonus_lost,
            ev.TokenGained: self._on_token_gained, ev.RollForfeited: self._on_roll_forfeited,
            ev.Passed: self._on_passed, ev.RoundStarted: self._on_round_started,
            ev.TurnStarted: self._on_turn_started, ev.GameEnded: self._on_game_ended,
        }
        self.sync()

    # ================================================================ state -> picture
    def sync(self) -> None:
        """Put every die where the rules say it lies and show the real scores (no animation)."""
        state = self.state
        for die in DICE:
            x, y, size = self.geometry.home(state, die)
            self.sprites[die] = DieSprite(die, x, y, state.dice.value(die), size)
        self.selection = None                     # a move was applied: the selection is forgotten
        self.forgotten_order = list(state.dice.forgotten)
        self.hidden.clear()
        outcome = self.rules.outcome(state)
        for seat, breakdown in enumerate(outcome.breakdown):
            for realm in REALMS:
                self.shown_scores[(seat, realm)] = breakdown[realm]
        self.refresh()

    def show_choices(self) -> None:
        """The buttons of the tray and, with two kinds of bonus waiting, a chip per kind."""
        self.action_bar.show(self.choices.buttons())
        menu = self.choices.menu()
        self.menu_bar.show(menu.items if menu is not None else ())

    @property
    def buttons(self) -> dict[str, Button]:
        """The tray's buttons by name (``roll``, ``time_warp``, ``forfeit``, ``skip``, ``boost``)."""
        return dict(zip(BUTTONS, self.action_bar.buttons))

    @property
    def selected_die(self) -> str | None:
        """The die chosen, whose cells glow."""
        return self.choices.selection.die if self.choices is not None else None

    # ================================================================ events -> animations
    def _on_dice_rolled(self, event: ev.DiceRolled) -> None:
        landing: dict[str, tuple[float, float, int]] = {
            die: (*self.tray_slots[DICE.index(die)], value) for die, value in zip(event.dice, event.values)}
        tumble_dice(self.timeline, self.sprites, landing, self.visual_random, self.die_size,
                    on_start=lambda: self.app.audio.play("roll"))
        if event.time_warp:
            self._float("Time Warp!", self.tray_slots[2], self.theme.rgb("dr_time_warp_float"))

    def _move_dice(self, moves: list[tuple[str, tuple[int, int], int]], sound: str, alongside: bool = False) -> None:
        starts: dict[str, tuple[float, float, int]] = {}

        def begin() -> None:
            self.app.audio.play(sound)
            for die, _, _ in moves:
                sprite = self.sprites[die]
                starts[die] = (sprite.x, sprite.y, sprite.size)

        def step(p: float) -> None:
            eased = ease_in_out(p)
            for die, (tx, ty), size in moves:
                sx, sy, ssize = starts[die]
                sprite = self.sprites[die]
                sprite.x = sx + (tx - sx) * eased
                sprite.y = sy + (ty - sy) * eased
                sprite.size = int(ssize + (size - ssize) * eased)
                sprite.lift = math.sin(p * math.pi) * 0.6

        self.timeline.add(0.32, on_start=begin, on_update=step, alongside=alongside)

    def _on_die_to_field(self, event: ev.DieToField) -> None:
        self._move_dice([(event.die, self.field_slots[event.field - 1], self.small_die)], "place")

    def _on_dice_forgotten(self, event: ev.DiceForgotten) -> None:
        # The Forgotten Realm fills up in the order dice fall into it.
        moves = []
        for die in event.dice:
            self.forgotten_order.append(die)
            moves.append((die, self.forgotten_slots[min(len(self.forgotten_order) - 1, 5)], self.small_die))
        self._move_dice(moves, "place", alongside=True)

    def _on_die_used(self, event: ev.DieUsed) -> None:
        if event.how == "select":
            return
        cell = self.map.cells.get((event.realm, event.cell))
        if cell is None:
            return
        target = self.geometry.screen_rect(event.seat, cell.rect).center
        ghost: dict[str, DieSprite] = {}

        def begin() -> None:
            sprite = self.sprites[event.die]
            ghost["die"] = replace(sprite)
            self.app.audio.play("place")

        def step(p: float) -> None:
            home = ghost["die"]
            eased = ease_in_out(p)
            self.sprites["ghost"] = replace(home, x=home.x + (target[0] - home.x) * eased,
                                            y=home.y + (target[1] - home.y) * eased, lift=math.sin(p * math.pi),
                                            size=int(home.size * (1 - 0.4 * eased)))

        def end() -> None:
            self.sprites.pop("ghost", None)

        self.timeline.add(0.45, on_start=begin, on_update=step, on_end=end)

    def _on_cell_marked(self, event: ev.CellMarked) -> None:
        key = (event.seat, event.realm, event.cell)
        self.hidden.add(key)
        cell = self.map.cells.get((event.realm, event.cell))

        def begin() -> None:
            self.hidden.discard(key)
            self.shown_scores[(event.seat, event.realm)] = event.score
            self.app.audio.play("cross")
            if cell is not None:
                self.glow_cells.append((event.seat, cell.rect, 0.0))

        def step(p: float) -> None:
            if cell is not None:
                self.glow_cells = [(s, r, p if r is cell.rect and s == event.seat else g)
                                   for s, r, g in self.glow_cells]

        def end() -> None:
            self.glow_cells = [(s, r, g) for s, r, g in self.glow_cells if not (cell and r is cell.rect)]

        self.timeline.add(0.3, on_start=begin, on_update=step, on_end=end)

    def _on_goal_completed(self, event: ev.GoalCompleted) -> None:
        cells = self.map.goal_cells(event.realm, event.goal, self.tables)
        said = goal_name(event.realm, event.goal)
        label = f"{said[0].upper()}{said[1:]} complete" + (f"! +{event.points}" if event.points else "")
        anchor = self.geometry.screen_rect(event.seat, cells[0].rect).center if cells else self.grimoire_rects[event.seat].center

        def begin() -> None:
            for cell in cells:
                self.glow_cells.append((event.seat, cell.rect, 0.0))

        def step(p: float) -> None:
            rects = {id(c.rect) for c in cells}
            self.glow_cells = [(s, r, p if id(r) in rects and s == event.seat else g) for s, r, g in self.glow_cells]

        def end() -> None:
            rects = {id(c.rect) for c in cells}
            self.glow_cells = [(s, r, g) for s, r, g in self.glow_cells if id(r) not in rects]

        self.timeline.add(0.45, on_start=begin, on_update=step, on_end=end)
        self._float(label, anchor, self.theme.rgb("dr_goal_float"), alongside=True)

    def _on_bonus_earned(self, event: ev.BonusEarned) -> None:
        self._float(f"{describe_bonus(event.bonus)}!", self.grimoire_rects[event.seat].center,
                    self.theme.rgb("glow_soft"), sound="bonus")

    def _on_bonus_lost(self, event: ev.BonusLost) -> None:
        self._float(f"{describe_bonus(event.bonus)} lost: no free cell", self.grimoire_rects[event.seat].center,
                    self.theme.rgb("dr_lost_float"))

    def _on_token_gained(self, event: ev.TokenGained) -> None:
        area = self.map.areas.get(f"token:{event.token}")
        anchor = self.geometry.screen_rect(event.seat, area).center if area else self.grimoire_rects[event.seat].center
        # Round rewards go to both players at once: their messages float together.
        together = bool(event.source.round) and event.seat > 0
        self._float(f"+1 {REWARD_NAMES.get(event.token, event.token)}", anchor, self.theme.rgb("dr_token_float"),
                    duration=0.45, alongside=together)

    def _on_roll_forfeited(self, event: ev.RollForfeited) -> None:
        self._announce(f"Roll {event.roll} forfeited: no usable die", 0.9)

    def _on_passed(self, event: ev.Passed) -> None:
        if event.forced:
            name = self.state.players[event.seat].name
            self._announce(f"{name} can use no die", 0.8)

    def _on_round_started(self, event: ev.RoundStarted) -> None:
        self._announce(f"Round {event.round} of {self.state.rounds}", 0.8)

    def _on_turn_started(self, event: ev.TurnStarted) -> None:
        name = self.state.players[event.active].name

        def gather() -> None:
            # The new turn starts with all six dice back in the tray, not yet rolled.
            for die in DICE:
                x, y = self.tray_slots[DICE.index(die)]
                self.sprites[die] = DieSprite(die, x, y, 0, self.die_size)

        self.forgotten_order = []
        self.timeline.add(0.0, on_end=gather)
        self._announce(f"{name}'s turn", 0.8)

    def _on_game_ended(self, event: ev.GameEnded) -> None:
        self._announce("Game over", 1.0, sound="win")

    def _float(self, text: str, anchor: tuple[int, int], colour: tuple, duration: float = 0.55,
               alongside: bool = False, sound: str | None = None) -> None:
        self.floating.add(self.timeline, text, anchor, colour, duration, alongside, sound)

    def _announce(self, text: str, duration: float, sound: str | None = None) -> None:
        self.announcer.announce(self.timeline, text, duration, sound)

    # ================================================================ input
    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keys (ignored while the dice are still moving)."""
        if event.type == pygame.MOUSEMOTION:
            target = self.geometry.target_at(self.state, event.pos)
            die = target.key if target is not None and target.kind == "die" else None
            self.hover_die = die if die in self.choices.die_targets else None
            self.hover_cell = target.key if target is not None and target.kind == "cell" else None
        if self.busy:
            return
        if self.take_input(event, self.action_bar, self.menu_bar, escape_clears=False):
            return
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_6:
            self.click_target(die_target(DICE[event.key - pygame.K_1]))

    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        """What a die, a cell or a printed reward under ``pos`` means."""
        return self.explain_at(pos)

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """Icons of the board with their meaning, for the rules screen."""
        return legend_items(self.map.icons, self.art)

    # ================================================================ drawing
    def marks_of(self, events: Sequence[Value], state: Any, shows: int | None) -> Sequence[Mark]:
        return last_move_marks(events, state, shows)          # what the move touched: marks.py

    def status(self) -> TableStatus:
        """Banner texts: headline, what to do now, round, and the seat to act (:func:`.help.banner`)."""
        return TableStatus(*banner(self.state, self.rules.prompt(self.state)))

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table, below the banner."""
        layout = self.layout
        state = self.state
        text = self.app.text
        to_act = state.to_act
        for seat in range(len(self.grimoire_rects)):
            self._draw_grimoire(surface, seat, seat == to_act)
        for name in ("forgotten", "tray", "fields"):
            draw_box(surface, layout[name].rect, layout[name].style)
        text.draw_element(surface, layout["forgotten_label"])
        text.draw_element(surface, layout["tray_label"],
                          "Dice tray" if not self.choices.bonus_targets else "Choose where the bonus goes")
        owner = state.players[state.flow.active].name
        text.draw_element(surface, layout["fields_label"], f"{owner}'s dice fields")
        slot = layout["slot"]
        for x, y in self.field_slots + self.forgotten_slots:
            size = self.small_die + 8
            draw_box(surface, pygame.Rect(x - size // 2, y - size // 2, size, size), slot.style)
        self._draw_dice(surface)
        self.draw_last_move(surface)
        for seat, rect in enumerate(self.grimoire_rects):
            self.draw_bot_badge(surface, seat, self._badge_anchor(seat, rect))
        for answer, chip in zip(self.menu_bar.slots, self.menu_bar.buttons):
            if answer is not None and answer.reply.selection == self.choices.selection:
                chip.hovered = True          # the bonus chosen stays lit
        self.menu_bar.draw(surface)
        self.action_bar.draw(surface)
        self.draw_effects(surface)
        self.action_bar.draw_tooltips(surface)

    def _name_rect(self, seat: int) -> pygame.Rect:
        """Where the player's name lies on their grimoire."""
        rect = self.grimoire_rects[seat]
        plate = self.map.layout["name_plate"]
        style = plate.style
        width = min(self.app.text.size(self.match.seats[seat], style.font, style.size)[0], plate.rect[2])
        scale = rect.width / self.map.size[0]
        x, y, _, height = plate.rect
        return pygame.Rect(int(rect.x + x * scale), int(rect.y + y * scale), int(width * scale), int(height * scale))

    def _badge_anchor(self, seat: int, rect: pygame.Rect) -> tuple[int, int]:
        """Where a bot seat's badge starts: after the player's name on the grimoire."""
        name = self._name_rect(seat)
        return name.right + 34, name.centery      # clear of a pass marked on the name

    def mark_rect(self, target: Target) -> pygame.Rect | None:
        """A player's name (a pass is marked there), else where the geometry puts a target."""
        if target.kind == "name":
            return self._name_rect(cast(int, target.key))
        return super().mark_rect(target)

    def _draw_grimoire(self, surface: pygame.Surface, seat: int, deciding: bool) -> None:
        state = self.state
        sheet = state.players[seat]
        rect = self.grimoire_rects[seat]
        hidden = frozenset((realm, cell) for s, realm, cell in self.hidden if s == seat)
        scores = tuple(self.shown_scores.get((seat, realm), 0) for realm in REALMS)
        role = self.role_of(seat)
        key = (sheet, hidden, scores, role)
        cached = self._grimoire_cache.get(seat)
        if cached is None or cached[0] != key:
            image = self.map.render(sheet, hidden, scores, role, self.seat_colours[seat], cached and cached[1])
            if image.get_size() != rect.size:
                image = pygame.transform.smoothscale(image, rect.size)
            self._grimoire_cache[seat] = (key, image)
            cached = self._grimoire_cache[seat]
        surface.blit(cached[1], rect.topleft)
        if deciding:
            pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
            glow = tuple(int(c * (0.7 + 0.3 * pulse)) for c in self.theme.rgb("accent"))
            pygame.draw.rect(surface, glow, rect.inflate(10, 10), 6, border_radius=14)
            self._draw_highlights(surface, seat)
        else:
            colour = self.seat_colours[seat]
            pygame.draw.rect(surface, tuple(c // 2 for c in colour), rect.inflate(6, 6), 2, border_radius=12)
            if self.choices.cells_shown(self.hover_die):
                # Dimmed as much as the deciding board around its cells: else in grey this one draws the eye.
                surface.blit(self._shades[seat], rect.topleft)

    def role_of(self, seat: int) -> str:
        """The tag on a grimoire: ACTIVE or PASSIVE; in the Essence Shift, who is choosing it."""
        state = self.state
        if state.flow.stage == Stage.ESSENCE_SHIFT:
            # Between turns nobody is active or passive: the tag says who chooses the Essence Shift.
            return "essence shift" if seat == state.to_act else ""
        return "active" if seat == state.flow.active else "passive"

    def _draw_highlights(self, surface: pygame.Surface, seat: int) -> None:
        targets = self.choices.cells_shown(self.hover_die)
        if not targets:
            return
        # Dim the rest of the grimoire so the cells that can be taken stand out.
        surface.blit(self._shades[seat], self.grimoire_rects[seat].topleft)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 6)
        for (realm, cell) in targets:
            map_cell = self.map.cells.get((realm, cell))
            if map_cell is None:
                continue
            rect = self.geometry.screen_rect(seat, map_cell.rect)
            hovered = self.hover_cell == (seat, realm, cell)
            # The cell itself, undimmed, then a glowing frame.
            surface.blit(self._grimoire_cache[seat][1], rect.topleft,
                         rect.move(-self.grimoire_rects[seat].x, -self.grimoire_rects[seat].y))
            fill = pygame.Surface(rect.size, pygame.SRCALPHA)
            fill.fill((*self.theme.rgb("glow_soft"), 120 if hovered else int(30 + 40 * pulse)))
            surface.blit(fill, rect.topleft)
            pygame.draw.rect(surface, self.theme.rgb("glow"), rect.inflate(8, 8), 6 if hovered else 4, border_radius=10)
        for glow_seat, cell_rect, progress in self.glow_cells:
            rect = self.geometry.screen_rect(glow_seat, cell_rect).inflate(int(20 * (1 - progress)),
                                                                           int(20 * (1 - progress)))
            pygame.draw.rect(surface, self.theme.rgb("flash"), rect, 4, border_radius=10)

    def _draw_dice(self, surface: pygame.Surface) -> None:
        art = self.art
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        for die in DICE:
            sprite = self.sprites[die]
            offered = die in self.choices.die_targets and not self.busy
            if offered:
                ring = sprite.rect().inflate(14, 14)
                colour = self.theme.rgb("dr_chosen_die" if die == self.selected_die else "glow_soft")
                width = 6 if die == self.selected_die else 3 + int(2 * pulse)
                pygame.draw.rect(surface, colour, ring, width, border_radius=sprite.size // 4)
            lift = sprite.lift + (0.35 if die == self.selected_die else 0.0)
            art.draw(surface, die, sprite.face, (sprite.x, sprite.y), sprite.size, sprite.angle, lift)
        ghost = self.sprites.get("ghost")
        if ghost is not None:
            art.draw(surface, ghost.die, ghost.face, (ghost.x, ghost.y), ghost.size, 0, ghost.lift, alpha=200)
        for glow_seat, cell_rect, progress in self.glow_cells:
            if glow_seat != self.state.to_act:
                rect = self.geometry.screen_rect(glow_seat, cell_rect).inflate(int(20 * (1 - progress)),
                                                                               int(20 * (1 - progress)))
                pygame.draw.rect(surface, self.theme.rgb("flash"), rect, 4, border_radius=10)
