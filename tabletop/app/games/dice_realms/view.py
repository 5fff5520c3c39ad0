"""The Dice Realms table: two grimoires, the dice tray, the Forgotten Realm and the dice fields.

What can be clicked comes only from the rules' legal intents: a die is offered if
some legal intent uses it, a cell is highlighted if a legal intent targets it, a
button is enabled if its intent is legal.  A click elsewhere asks the rules why
not and shows their sentence.  Events from the rules drive the animations.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pygame

from tabletop.core.values import Value
from tabletop.games.dice_realms import events as ev
from tabletop.games.dice_realms.intents import Bonus, Boost, Forfeit, Pass, Pick, Roll, TimeWarp
from tabletop.games.dice_realms.scoring import total_score
from tabletop.games.dice_realms.state import DICE, BonusKind, Cell, Stage
from tabletop.games.dice_realms.tables import REALMS
from tabletop.games.dice_realms.wording import BOOST_STAGES, describe_bonus, why_die_unusable

from ...anim import ease_in_out
from ...gameview import GameViewBase, TableStatus, Tooltip
from ...sprites import DieSprite, tumble_dice
from ...text import draw_box
from ...widgets import Button, press_any
from .board import GrimoireMap
from .help import cell_help, die_help
from .icons import REWARD_HELP, REWARD_LEGEND, REWARD_NAMES

__all__ = ["DiceRealmsView", "busiest_table", "grimoire_map"]

_BOOST_STAGES = BOOST_STAGES


class DiceRealmsView(GameViewBase):
    """Draws the table and turns clicks into Dice Realms intents."""

    def __init__(self, app, table, match) -> None:
        super().__init__(app, table, match)
        self.tables = self.rules.tables
        self.art = app.dice_for("dice_realms")
        colours = app.layouts.theme.colours
        self.seat_colours = [colours[f"seat_{seat}"][:3] for seat in range(len(match.seats))]
        self.layout = layout = app.layouts["dice_realms"]
        self.map = grimoire_map(app)
        self.grimoire_rects = [pygame.Rect(layout["grimoire_0"].rect), pygame.Rect(layout["grimoire_1"].rect)]
        self.die_size = layout.setting("die_size").int(20, 200)
        self.small_die = layout.setting("small_die_size").int(20, 200)
        self.tray_slots = self._slots("tray_slots", 6)
        self.forgotten_slots = self._slots("forgotten_slots", 6)
        self.field_slots = self._slots("field_slots", 3)
        self.visual_random = random.Random(7)     # only for how the dice tumble; never for outcomes
        self.sprites: dict[str, DieSprite] = {}
        self.hidden: set[tuple[int, str, Cell]] = set()
        self.shown_scores: dict[tuple[int, str], int] = {}
        self.glow_cells: list[tuple[int, pygame.Rect, float]] = []
        self._grimoire_cache: dict[int, tuple[tuple, pygame.Surface]] = {}
        self._shade: dict[tuple[int, int], pygame.Surface] = {}
        self.selected_die: str | None = None
        self.selected_bonus: BonusKind | None = None
        self.hover_die: str | None = None
        self.hover_cell: tuple[int, str, Cell] | None = None
        self.buttons: dict[str, Button] = {
            "roll": Button(app, layout["roll"], lambda: self._press("roll"), hotkey=pygame.K_SPACE),
            "time_warp": Button(app, layout["time_warp"], lambda: self._press("time_warp"), hotkey=pygame.K_t),
            "forfeit": Button(app, layout["forfeit"], lambda: self._press("forfeit"), hotkey=pygame.K_f),
            "skip": Button(app, layout["skip"], lambda: self._press("skip"), hotkey=pygame.K_s),
            "boost": Button(app, layout["arcane_boost"], self._next_boost_die, hotkey=pygame.K_b),
        }
        self.chips: list[tuple[BonusKind, Button]] = []
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

    def _slots(self, key: str, count: int) -> list[tuple[int, int]]:
        reader = self.layout.setting(key)
        slots = [tuple(int(v) for v in item.numbers(2)) for item in reader]
        if len(slots) != count:
            raise reader.error(f"expected {count} positions, got {len(slots)}")
        return slots  # type: ignore[return-value]

    # ================================================================ state -> picture
    def sync(self) -> None:
        """Put every die where the rules say it lies and show the real scores (no animation)."""
        state = self.state
        dice = state.dice
        for die in DICE:
            x, y, size = self._home(die)
            self.sprites[die] = DieSprite(die, x, y, dice.value(die), size)
        self.after_submit()
        self.forgotten_order = list(dice.forgotten)
        self.hidden.clear()
        outcome = self.rules.outcome(state)
        for seat, breakdown in enumerate(outcome.breakdown):
            for realm in REALMS:
                self.shown_scores[(seat, realm)] = breakdown[realm]
        self.refresh()

    def _home(self, die: str) -> tuple[int, int, int]:
        """The slot where ``die`` rests in the current state."""
        dice = self.state.dice
        if die in dice.forgotten:
            x, y = self.forgotten_slots[dice.forgotten.index(die)]
            return x, y, self.small_die
        if die in dice.fields:
            x, y = self.field_slots[dice.fields.index(die)]
            return x, y, self.small_die
        x, y = self.tray_slots[DICE.index(die)]
        return x, y, self.die_size

    def refresh(self) -> None:
        """Work out what is clickable from the legal intents (after every change)."""
        legal = self.table.legal()
        self.die_targets: dict[str, dict[tuple[str, Cell], Value]] = {}
        self.bonus_targets: dict[BonusKind, dict[tuple[str, Cell], Value]] = {}
        self.button_intents: dict[str, Value] = {}
        for intent in legal:
            if isinstance(intent, (Pick, Boost)):
                self.die_targets.setdefault(intent.die, {})[(intent.realm, intent.cell)] = intent
            elif isinstance(intent, Bonus):
                self.bonus_targets.setdefault(intent.kind, {})[(intent.realm, intent.cell)] = intent
            elif isinstance(intent, Roll):
                self.button_intents["roll"] = intent
            elif isinstance(intent, TimeWarp):
                self.button_intents["time_warp"] = intent
            elif isinstance(intent, Forfeit):
                self.button_intents["forfeit"] = intent
            elif isinstance(intent, Pass):
                self.button_intents["skip"] = intent
        if self.selected_die not in self.die_targets:
            self.selected_die = None
        if self.selected_bonus not in self.bonus_targets:
            self.selected_bonus = None
        if len(self.bonus_targets) == 1:
            self.selected_bonus = next(iter(self.bonus_targets))
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        state = self.state
        flow = state.flow
        seat = state.to_act
        active_stage = flow.stage == Stage.ACTIVE and not flow.pending and seat is not None
        roll = self.buttons["roll"]
        roll.visible = active_stage
        roll.enabled = "roll" in self.button_intents
        roll.text = f"Roll  {roll_number(flow)}/3"
        roll.reason = "The dice are rolled: choose a die, then a lit cell." if flow.rolled else ""
        warp = self.buttons["time_warp"]
        warp.visible = active_stage
        warp.enabled = "time_warp" in self.button_intents
        tokens = state.players[flow.active].time_warps
        warp.text = f"Time Warp ({tokens})"
        warp.reason = ("No Time Warp left." if not tokens else "Roll first: a Time Warp re-rolls the dice just rolled.")
        self.buttons["forfeit"].visible = "forfeit" in self.button_intents
        boost = self.buttons["boost"]
        boost.visible = flow.stage in _BOOST_STAGES and not flow.pending and seat is not None
        boost.enabled = any(isinstance(i, Boost) for targets in self.die_targets.values() for i in targets.values())
        if seat is not None:
            boost.text = f"Arcane Boost ({state.players[seat].arcane_boosts})"
        boost.reason = "No die can be used with Arcane Boost now."
        skip = self.buttons["skip"]
        skip.visible = "skip" in self.button_intents
        if flow.stage == Stage.PASSIVE_PICK:
            skip.text = "Skip pick"
        elif flow.stage in _BOOST_STAGES and seat is not None:
            left = state.players[seat].arcane_boosts
            skip.text = f"Done ({left} left)" if left else "Done"
        self.chips = []
        if len(self.bonus_targets) > 1:
            spacing = self.layout.setting("chip_spacing").int()
            for index, kind in enumerate(self.bonus_targets):
                chip = Button(self.app, self.layout["bonus_chip"].moved(index * spacing, 0),
                              lambda k=kind: self._choose_bonus(k), text=describe_bonus(kind))
                self.chips.append((kind, chip))

    # ================================================================ events -> animations
    def _on_dice_rolled(self, event: ev.DiceRolled) -> None:
        landing = {die: (*self.tray_slots[DICE.index(die)], value) for die, value in zip(event.dice, event.values)}
        tumble_dice(self.timeline, self.sprites, landing, self.visual_random, self.die_size,
                    on_start=lambda: self.app.audio.play("roll"))
        if event.time_warp:
            self._float("Time Warp!", self.tray_slots[2], (120, 230, 220))

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
        target = self._screen_rect(event.seat, cell.rect).center
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
        label = f"Dragon {event.goal.split('-')[1]} defeated! +{event.points}" if event.points else \
            f"{event.goal.replace('-', ' ').capitalize()} complete"
        anchor = self._screen_rect(event.seat, cells[0].rect).center if cells else self.grimoire_rects[event.seat].center

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
        self._float(label, anchor, (255, 236, 150), alongside=True)

    def _on_bonus_earned(self, event: ev.BonusEarned) -> None:
        self._float(f"{describe_bonus(event.bonus)}!", self.grimoire_rects[event.seat].center, (255, 243, 160),
                    sound="bonus")

    def _on_bonus_lost(self, event: ev.BonusLost) -> None:
        self._float(f"{describe_bonus(event.bonus)} lost: no free cell", self.grimoire_rects[event.seat].center,
                    (255, 150, 130))

    def _on_token_gained(self, event: ev.TokenGained) -> None:
        area = self.map.areas.get(f"token:{event.token}")
        anchor = self._screen_rect(event.seat, area).center if area else self.grimoire_rects[event.seat].center
        # Round rewards go to both players at once: their messages float together.
        together = bool(event.source.round) and event.seat > 0
        self._float(f"+1 {REWARD_NAMES.get(event.token, event.token)}", anchor, (160, 240, 200), duration=0.45,
                    alongside=together)

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
    def _screen_rect(self, seat: int, rect: pygame.Rect) -> pygame.Rect:
        """A map rectangle placed on ``seat``'s grimoire on screen."""
        origin = self.grimoire_rects[seat]
        sx = origin.width / self.map.size[0]
        sy = origin.height / self.map.size[1]
        return pygame.Rect(origin.x + rect.x * sx, origin.y + rect.y * sy, rect.width * sx, rect.height * sy)

    def _map_point(self, seat: int, pos: tuple[int, int]) -> tuple[int, int] | None:
        origin = self.grimoire_rects[seat]
        if not origin.collidepoint(pos):
            return None
        return (int((pos[0] - origin.x) * self.map.size[0] / origin.width),
                int((pos[1] - origin.y) * self.map.size[1] / origin.height))

    def die_at(self, pos: tuple[int, int]) -> str | None:
        """The die drawn under ``pos``."""
        for die in reversed(DICE):
            if self.sprites[die].rect().collidepoint(pos):
                return die
        return None

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, str, Cell] | None:
        """(seat, realm, cell) of the grimoire cell under ``pos``."""
        for seat in range(len(self.grimoire_rects)):
            point = self._map_point(seat, pos)
            if point is not None:
                cell = self.map.cell_at(point)
                if cell is not None:
                    return seat, cell.realm, cell.cell
        return None

    def targets_shown(self) -> dict[tuple[str, Cell], Value]:
        """The cells to highlight now: the chosen bonus's, or the selected (or hovered) die's."""
        if self.bonus_targets:
            if self.selected_bonus:
                return self.bonus_targets[self.selected_bonus]
            merged: dict[tuple[str, Cell], Value] = {}
            for targets in self.bonus_targets.values():
                merged.update(targets)
            return merged
        die = self.selected_die or self.hover_die
        return self.die_targets.get(die, {}) if die else {}

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keys (ignored while the dice are still moving)."""
        if event.type == pygame.MOUSEMOTION:
            die = self.die_at(event.pos)
            self.hover_die = die if die in self.die_targets else None
            self.hover_cell = self.cell_at(event.pos)
        if self.busy:
            return
        if press_any([*self.buttons.values(), *(chip for _, chip in self.chips)], event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected_die = None
        elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_6:
            die = DICE[event.key - pygame.K_1]
            self._click_die(die)

    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        """What a die, a cell or a printed reward under ``pos`` means."""
        for seat in range(len(self.grimoire_rects)):
            point = self._map_point(seat, pos)
            reward = self.map.reward_at(point) if point is not None else None
            if reward is not None:
                if reward.reward == "none":
                    tip = f"Dragon {reward.goal.split('-')[1]}: {reward.points} points when its three cells are crossed."
                else:
                    where = {"row": "Completing this row", "column": "Completing this column",
                             "diagonal": "Completing the diagonal 3-1-2-6", "cell": "Filling this cell"}
                    tip = (f"{where.get(reward.goal.split('-')[0], 'This')} gives: "
                           f"{REWARD_HELP.get(reward.reward, reward.reward)}")
                return tip, self._screen_rect(seat, reward.rect).midtop
        die = self.die_at(pos)
        if die is not None:
            sprite = self.sprites[die]
            return die_help(die, int(sprite.face)), sprite.rect().midtop
        cell = self.cell_at(pos)
        if cell is not None:
            seat, realm, where = cell
            rect = self._screen_rect(seat, self.map.cells[(realm, where)].rect)
            return cell_help(self.tables, realm, where), rect.midtop
        return None

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the table."""
        die = self.die_at(pos)
        if die is not None:
            self._click_die(die)
            return
        cell = self.cell_at(pos)
        if cell is not None:
            self._click_cell(*cell)
            return
        self.selected_die = None

    def _click_die(self, die: str) -> None:
        if die in self.die_targets:
            self.selected_die = None if self.selected_die == die else die
            self.app.audio.play("click")
            return
        self.app.toasts.show(why_die_unusable(self.rules, self.state, die))
        self.app.audio.play("error")

    def _click_cell(self, seat: int, realm: str, cell: Cell) -> None:
        state = self.state
        to_act = state.to_act
        if to_act is None:
            return
        key = (realm, cell)
        if seat != to_act:
            self.app.toasts.show(f"It is {state.players[to_act].name} who decides now, on their own grimoire.")
            return
        if self.bonus_targets:
            kinds = [kind for kind, targets in self.bonus_targets.items() if key in targets]
            if self.selected_bonus and key in self.bonus_targets[self.selected_bonus]:
                self.table.submit(self.bonus_targets[self.selected_bonus][key])
            elif len(kinds) == 1:
                self.table.submit(self.bonus_targets[kinds[0]][key])
            elif kinds:
                self.app.toasts.show("Two bonuses can go there: choose which one first (buttons on the tray).")
            else:
                kind = self.selected_bonus or next(iter(self.bonus_targets))
                self.table.submit(Bonus(to_act, kind, realm, cell))
            return
        if self.selected_die:
            intent = self.die_targets[self.selected_die].get(key)
            if intent is None:
                probe = Boost if state.flow.stage in _BOOST_STAGES else Pick
                intent = probe(to_act, self.selected_die, realm, cell)
            self.table.submit(intent)
            return
        candidates = [targets[key] for targets in self.die_targets.values() if key in targets]
        if len(candidates) == 1:
            self.table.submit(candidates[0])
        elif candidates:
            self.app.toasts.show("Several dice can go there: click the die you want first.")
        elif self.die_targets:
            self.app.toasts.show("Choose a die first, then one of the cells it lights up.")
        elif "roll" in self.button_intents:
            self.app.toasts.show("Roll the dice first.")

    def _next_boost_die(self) -> None:
        """The Arcane Boost button: light up the next die that can be boosted, then its cells."""
        dice = [die for die in DICE if die in self.die_targets]
        if dice:
            index = (dice.index(self.selected_die) + 1) % len(dice) if self.selected_die in dice else 0
            self.selected_die = dice[index]

    def _choose_bonus(self, kind: BonusKind) -> None:
        self.selected_bonus = kind

    def _press(self, name: str) -> None:
        intent = self.button_intents.get(name)
        if intent is not None:
            self.table.submit(intent)

    def after_submit(self) -> None:
        """A move was applied: forget the selection."""
        self.selected_die = None
        self.selected_bonus = None

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """Icons of the board with their meaning, for the rules screen."""
        items = [(self.map.icons.get(reward, 44), REWARD_LEGEND[reward])
                 for reward in ("red", "green", "blue", "magenta", "yellow", "time_warp", "arcane_boost", "crest")]
        for die in ("white",):
            items.append((self.art.face(die, 0, 44), "White die: wild, any realm"))
        return items

    # ================================================================ drawing
    def status(self) -> TableStatus:
        """Banner texts: headline, what to do now, round, and the seat to act."""
        state = self.state
        flow = state.flow
        seat = state.to_act
        names = [p.name for p in state.players]
        round_text = f"Round {flow.round} of {state.rounds}"
        if seat is None:
            return TableStatus("The game is over", "", round_text, None)
        active, passive = names[flow.active], names[1 - flow.active]
        if flow.stage == Stage.ESSENCE_SHIFT:
            headline = f"{names[seat]}: Essence Shift (round 4 reward)"
        elif flow.stage == Stage.FINAL_BOOST:
            headline = f"{names[seat]}: the last Arcane Boosts"
        elif seat == flow.active:
            headline = f"{active} is active  ·  {passive} waits"
        else:
            headline = f"{passive} (passive) chooses  ·  {active} waits"
        prompt = self.rules.prompt(state)
        if flow.stage == Stage.ACTIVE:
            round_text += f"  ·  roll {roll_number(flow)}/3"       # the same number as the Roll button
        return TableStatus(headline, prompt, round_text, seat)

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
                          "Dice tray" if not self.bonus_targets else "Choose where the bonus goes")
        owner = state.players[state.flow.active].name
        text.draw_element(surface, layout["fields_label"], f"{owner}'s dice fields")
        slot = layout["slot"]
        for x, y in self.field_slots + self.forgotten_slots:
            size = self.small_die + 8
            draw_box(surface, pygame.Rect(x - size // 2, y - size // 2, size, size), slot.style)
        self._draw_dice(surface)
        for _, chip in self.chips:
            if self.selected_bonus == _:
                chip.hovered = True
            chip.draw(surface)
        for button in self.buttons.values():
            button.draw(surface)
        self.draw_effects(surface)
        for button in self.buttons.values():
            button.draw_tooltip(surface)

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
            image = self._render_grimoire(seat, sheet, hidden, scores, role)
            if image.get_size() != rect.size:
                image = pygame.transform.smoothscale(image, rect.size)
            self._grimoire_cache[seat] = (key, image)
            cached = self._grimoire_cache[seat]
        surface.blit(cached[1], rect.topleft)
        colour = self.seat_colours[seat]
        if deciding:
            pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
            glow = tuple(int(c * (0.7 + 0.3 * pulse)) for c in (240, 193, 75))
            pygame.draw.rect(surface, glow, rect.inflate(10, 10), 6, border_radius=14)
        else:
            pygame.draw.rect(surface, tuple(c // 2 for c in colour), rect.inflate(6, 6), 2, border_radius=12)
        if deciding:
            self._draw_highlights(surface, seat)

    def role_of(self, seat: int) -> str:
        """The tag on a grimoire: ACTIVE or PASSIVE; in the Essence Shift, who is choosing it."""
        state = self.state
        if state.flow.stage == Stage.ESSENCE_SHIFT:
            # Between turns nobody is active or passive: the tag says who chooses the Essence Shift.
            return "essence shift" if seat == state.to_act else ""
        return "active" if seat == state.flow.active else "passive"

    def _render_grimoire(self, seat: int, sheet, hidden: frozenset, scores: tuple, role: str) -> pygame.Surface:
        layout = self.layout
        text = self.app.text
        image = self.map.static_layer().copy()
        self.map.draw_marks(image, sheet, hidden)
        colour = self.seat_colours[seat]
        plate = layout["name_plate"]
        text.draw(image, sheet.name, replace(plate.style, colour=(*colour, 255)), plate.rect, shrink=True)
        tag = layout["role_tag"]
        if role:
            tag_colour = (120, 128, 150) if role == "passive" else (240, 193, 75)
            pygame.draw.rect(image, tag_colour, tag.rect, border_radius=tag.style.radius or 18)
            text.draw(image, role.upper(), replace(tag.style, colour=(20, 18, 14, 255)), tag.rect, shrink=True)
        for realm, score in zip(REALMS, scores):
            area = self.map.areas.get(f"score:{realm}")
            if area is not None:
                element = layout["realm_score"]
                style = replace(element.style, align="right" if realm in ("red", "green") else "left")
                text.draw(image, f"{score} pt" if score == 1 else f"{score} pts", style, area)
        for token, count in (("time_warp", sheet.time_warps), ("arcane_boost", sheet.arcane_boosts),
                             ("crest", sheet.crests)):
            area = self.map.areas.get(f"token:{token}")
            if area is None:
                continue
            label = layout["token_label"]
            label_area = pygame.Rect(area.left + area.height + 4, area.top, area.width - area.height - 58, area.height)
            text.draw(image, REWARD_NAMES[token], label.style, label_area, shrink=True)
            count_style = layout["token_count"].style
            text.draw(image, f"\u00d7{count}", count_style, area.inflate(-16, 0))
        total_area = self.map.areas.get("total")
        if total_area is not None:
            # The scores shown so far (they catch up with the animations); the rules add them up.
            total = total_score(dict(zip(REALMS, scores)), sheet.crests)
            pygame.draw.rect(image, (20, 18, 24, 200), total_area, border_radius=12)
            text.draw(image, "Total", layout["total_label"].style, total_area.inflate(-24, 0))
            text.draw(image, str(total), layout["total"].style, total_area.inflate(-24, 0))
        return image

    def _draw_highlights(self, surface: pygame.Surface, seat: int) -> None:
        targets = self.targets_shown()
        if not targets:
            return
        # Dim the rest of the grimoire so the cells that can be taken stand out.
        shade = self._shade.get(self.grimoire_rects[seat].size)
        if shade is None:
            shade = pygame.Surface(self.grimoire_rects[seat].size, pygame.SRCALPHA)
            shade.fill((8, 10, 16, 120))
            self._shade[self.grimoire_rects[seat].size] = shade
        surface.blit(shade, self.grimoire_rects[seat].topleft)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 6)
        for (realm, cell) in targets:
            map_cell = self.map.cells.get((realm, cell))
            if map_cell is None:
                continue
            rect = self._screen_rect(seat, map_cell.rect)
            hovered = self.hover_cell == (seat, realm, cell)
            # The cell itself, undimmed, then a glowing frame.
            surface.blit(self._grimoire_cache[seat][1], rect.topleft,
                         rect.move(-self.grimoire_rects[seat].x, -self.grimoire_rects[seat].y))
            fill = pygame.Surface(rect.size, pygame.SRCALPHA)
            fill.fill((255, 243, 160, 120 if hovered else int(30 + 40 * pulse)))
            surface.blit(fill, rect.topleft)
            pygame.draw.rect(surface, (255, 220, 90), rect.inflate(8, 8), 6 if hovered else 4, border_radius=10)
        for glow_seat, cell_rect, progress in self.glow_cells:
            rect = self._screen_rect(glow_seat, cell_rect).inflate(int(20 * (1 - progress)), int(20 * (1 - progress)))
            pygame.draw.rect(surface, (255, 255, 255), rect, 4, border_radius=10)

    def _draw_dice(self, surface: pygame.Surface) -> None:
        art = self.art
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        for die in DICE:
            sprite = self.sprites[die]
            offered = die in self.die_targets and not self.busy
            if offered:
                ring = sprite.rect().inflate(14, 14)
                colour = (255, 225, 110) if die == self.selected_die else (255, 243, 160)
                width = 6 if die == self.selected_die else 3 + int(2 * pulse)
                pygame.draw.rect(surface, colour, ring, width, border_radius=sprite.size // 4)
            lift = sprite.lift + (0.35 if die == self.selected_die else 0.0)
            art.draw(surface, die, sprite.face, (sprite.x, sprite.y), sprite.size, sprite.angle, lift)
        ghost = self.sprites.get("ghost")
        if ghost is not None:
            art.draw(surface, ghost.die, ghost.face, (ghost.x, ghost.y), ghost.size, 0, ghost.lift, alpha=200)
        for glow_seat, cell_rect, progress in self.glow_cells:
            if glow_seat != self.state.to_act:
                rect = self._screen_rect(glow_seat, cell_rect).inflate(int(20 * (1 - progress)), int(20 * (1 - progress)))
                pygame.draw.rect(surface, (255, 255, 255), rect, 4, border_radius=10)


def roll_number(flow) -> int:
    """The roll being made or just made (1 to 3): the Roll button and the banner both show it."""
    return min(3, flow.rolls_used if flow.rolled else flow.rolls_used + 1)


def grimoire_map(app) -> GrimoireMap:
    """The grimoire read from its Tiled map, once per app (at start-up, so a broken map stops the start)."""
    found = app.cache.get("dice_realms.map")
    if found is None:
        found = app.cache["dice_realms.map"] = GrimoireMap(app)
    return found


def busiest_table(app):
    """The bench's scene: a board well into a game, Gandalf to roll; and how to keep six dice rolling."""
    from tabletop.core.bots import RandomBot
    from tabletop.core.controller import MatchController
    from tabletop.registry import get_rules

    match = MatchController(get_rules("dice-realms"), None, ["Gandalf", "Saruman"], 2026)
    bot = RandomBot(5)
    while len(match.journal) < 70 or match.state.flow.stage != Stage.ACTIVE or match.state.flow.rolled:
        match.submit(bot.choose(match.legal_intents()))
    table = app.scenes.open("table", match=match)
    view = table.view
    rolls = [0]

    def roll_again() -> None:
        rolls[0] += 1
        values = tuple((rolls[0] * 7 + i * 3) % 6 + 1 for i in range(6))
        view.animate((ev.DiceRolled(0, 1, DICE, values),))
        view.hover_die = "white"

    return table, roll_again

