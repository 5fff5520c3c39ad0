"""The Wizard Dice table: a panel per wizard, the dice and spells of the wizard at the screen, the spell book.

Behind the cover a wizard rolls (click a die to keep it or let it roll again), then
selects dice: the book lights up the spells those dice form exactly, a click on one
casts it, and the targets that spell may take glow on the table (wizards' panels and
their allies' dice).  What a click means is :mod:`.choices` (from the rules' legal
intents only); where things lie is :mod:`.geometry`; the pieces are drawn by
:mod:`.drawing`.

From the reveal on nothing is secret: the middle shows every wizard's spells, and the
five phases play out one step at a time (:mod:`.reveal`: a click or Space for the next
step, or "Play all"); damage and healing rise from their targets.
"""

from __future__ import annotations

import math
import random
from functools import partial
from typing import Any, Sequence, cast

import pygame

from tabletop.core.values import Value
from tabletop.games.wizard_dice import events as ev
from tabletop.games.wizard_dice.queries import WizardDiceQueries
from tabletop.games.wizard_dice.state import Secret, Stage
from tabletop.games.wizard_dice.state import Target as Aimed
from tabletop.games.wizard_dice.wording import dice_text

from ...choosing import Reply, Slot, Target
from ...gameview import GameViewBase, TableStatus, Tooltip
from ...marks import Mark
from ...sprites import Announcer, DieSprite, tumble_dice
from ...widgets import ActionBar, Meter, SeatPanel
from .choices import WizardDiceChoices
from .drawing import TableDrawing
from .geometry import WizardDiceGeometry
from .help import LEGEND_WORDS, ally_help, shown_help
from .impact import Impact, Impacts
from .marks import REVEALED, last_move_marks
from .offer import own_secret
from .reveal import RevealSteps, Shown, reveal_from
from .stage import RevealStage

__all__ = ["WizardDiceView"]

#: The reveal's buttons: the next step, or every step left.
_NEXT_STEP = Reply(look=Target("reveal", "next"))
_PLAY_ALL = Reply(look=Target("reveal", "all"))


def _committed(secret: Secret | None) -> bool:
    return secret is not None and secret.committed


class WizardDiceView(RevealSteps, RevealStage, TableDrawing, Impacts, GameViewBase[WizardDiceChoices]):
    """Draws the Wizard Dice table and animates its events."""

    Choices = WizardDiceChoices
    rules: WizardDiceQueries

    def __init__(self, app: Any, table: Any, match: Any) -> None:
        super().__init__(app, table, match)
        layout = self.layout
        self.book = self.rules.book
        self.theme = app.layouts.theme
        self.dice_art = app.dice_for("wizard_dice")
        count = len(match.seats)
        self.geometry = geometry = WizardDiceGeometry(layout, count, [spell.spell_id for spell in self.book.spells])
        self.panels = [SeatPanel(app, geometry.panel_rect(seat), seat, name, match.colours[seat],
                                 bot=partial(self.bot_kind, seat)) for seat, name in enumerate(match.seats)]
        self.meters = [Meter(app, geometry.seat_element("hp", seat), self.theme.rgb("wd_hp_meter"), "HP")
                       for seat in range(count)]
        # "Round 7" keeps to the tray's empty end (the table's announcer, in the middle, covered the dice).
        self.round_banner = Announcer(app, layout["round_banner"])
        self.action_bar = ActionBar(app, [layout[f"button_{n}"] for n in range(1, 4)], [None, pygame.K_SPACE, None])
        self.menu_bar = self._menu_bar(4)
        self.die_size = geometry.die_size
        self.visual_random = random.Random(7)           # only for how dice tumble; never for outcomes
        self.sprites: dict[int, DieSprite] = {}
        self.glow: frozenset[Target] = frozenset()      # what glows this frame
        self.shown_hp: list[int] = []
        self.shown_allies: list[list[tuple[int, str, int]]] = []
        self.board: list[Shown] = []                    # the reveal board
        self.phase_title = ""
        self.beats: list[list[Value]] = []
        self.waiting = False
        self.play_all = self.app.settings.reveal == "play"
        self.current: tuple[int, str] | None = None     # the cast the reveal is showing now
        self.before = None                              # the table as last shown at rest (for a reveal)
        self.turned: list[float] = []                   # each card of the staged reveal: 0 face down, 1 face up
        self.flights: list[Any] = []                    # damage and healing on their way to their targets
        self.impacts: list[Impact] = []                 # damage and healing where they landed, rising
        self.bar_hp: list[float] = []                   # each HP bar as drawn (sliding during a reveal)
        self.fallen: set[int] = set()                   # the wizards the reveal has shown falling
        self.handlers = {
            ev.Rolled: self._on_rolled, ev.Committed: self._on_committed, ev.Banished: self._on_banished,
            ev.Carried: self._on_carried, ev.RoundBegan: self._on_round_began,
        }
        self.sync()

    def _menu_bar(self, count: int) -> ActionBar:
        return ActionBar.repeated(self.app, self.layout["choice"], count, (0, self.geometry.choice_step))

    # ================================================================ state -> picture
    @property
    def busy(self) -> bool:
        """Animations play, or the reveal still has steps to show."""
        return self.timeline.busy or bool(self.beats)

    @property
    def animating(self) -> bool:
        return self.busy or bool(self.announcer.text) or bool(self.round_banner.text) or bool(self.floating.items)

    def sync(self) -> None:
        """Every piece where the rules say, no animation."""
        state = self.state
        self.before = state
        self.shown_hp = [w.hp for w in state.wizards]
        self.bar_hp = [float(w.hp) for w in state.wizards]
        self.fallen = set()
        self.impacts = []
        self.shown_allies = [[(a.number, a.kind, a.hp) for a in w.allies] for w in state.wizards]
        secret = own_secret(state, self.table.shows)
        dice = secret.dice if secret is not None and secret.rolls + secret.fixed else ()
        self.sprites = {i: DieSprite(f"d{i}", *self.geometry.die_centre(i), value, self.die_size)
                        for i, value in enumerate(dice)}
        if state.flow.revealed and not self.beats:
            self.board = [Shown.of(caster, cast) for caster, cast in state.flow.revealed]
        self.turned = [1.0] * len(self.board)
        self.flights = []
        self.selection = None                           # a move was applied: the selection is forgotten
        self.refresh()

    def show_choices(self) -> None:
        """The three buttons of the moment (the reveal's own while it waits) and a Counterspell's answers."""
        if self.beats:
            self.action_bar.show((None, Slot("Next step", _NEXT_STEP), Slot("Play all", _PLAY_ALL))
                                 if self.waiting else ())
            self.menu_bar.show(())
            return
        self.action_bar.show(self.choices.buttons())
        menu = self.choices.menu()
        items = menu.items if menu is not None else ()
        if len(items) > len(self.menu_bar.places):
            self.menu_bar = self._menu_bar(len(items))
        self.menu_bar.show(items)

    def look_at(self, target: Target) -> None:
        """The reveal's buttons: the next step, or play every step left."""
        if target == _NEXT_STEP.look:
            self.next_beat()
        elif target == _PLAY_ALL.look:
            self.play_through()

    def target_rect(self, target: Aimed) -> pygame.Rect | None:
        """Where a target is on the table: a wizard's panel, an ally's die (as the table shows it now)."""
        if target.is_wizard:
            return self.panels[target.index].rect
        for seat, allies in enumerate(self.shown_allies):
            for slot, (number, _, _) in enumerate(allies):
                if number == target.index:
                    return self.geometry.ally_rect(seat, slot)
        return None

    def hp_rect(self, target: Aimed) -> pygame.Rect | None:
        """Where a target's hit points show: a wizard's HP bar, an ally's die."""
        if target.is_wizard:
            return self.geometry.seat_element("hp", target.index)
        return self.target_rect(target)

    # ================================================================ input
    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keys; during the reveal a click or Space shows the next step, or ends at once what moves."""
        self.step_reveal()            # a reveal whose last step has played puts the table at rest before the click
        if self.revealing and self.timeline.busy and not self.waiting and (
                (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN))):
            self.timeline.finish()
            self.flights.clear()
            return
        if self.beats:
            if not (self.waiting and self._step_on(event)):
                reply = self.action_bar.handle(event)
                if reply is not None:
                    self.apply(reply)
            return
        if self.busy:
            return
        if self.take_input(event, self.action_bar, self.menu_bar):
            return
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_6:
            die = Target("die", event.key - pygame.K_1)
            if die in set(self.choices.targets()):
                self.click_target(die)

    def _step_on(self, event: pygame.event.Event) -> bool:
        """A click anywhere but on "Play all", or Space or Enter: the next step of a waiting reveal."""
        play_all = self.action_bar.buttons[2].rect
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not play_all.collidepoint(event.pos):
            reply = self.action_bar.handle(event)      # on the "Next step" button: pressed as a button
            if reply is not None and reply.does_something:
                self.apply(reply)
            else:
                self.next_beat()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            self.next_beat()
            return True
        return False

    # ================================================================ animations
    def animate(self, events: Sequence[Value]) -> None:
        """Rolls tumble at once; from the reveal on, the phases are shown a step at a time."""
        self.timeline.speed = self.animation_factor
        self.selection = None           # a move was made: what was selected for it is spent
        start = reveal_from(events)
        for event in events if start is None else events[:start]:
            handler = self.handlers.get(type(event))
            if handler is not None:
                handler(event)
        if start is not None:
            self.open_reveal(events[start:])
        else:
            self.timeline.add(0.0, on_end=self.sync)
        self.refresh()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.round_banner.update(dt)
        self.step_reveal()

    def finish_animations(self) -> None:
        """Everything at once, a reveal's every step too (the Instant bot pace: only the result is shown)."""
        while self.beats:
            self.next_beat()
            self.timeline.finish()
        super().finish_animations()
        self.flights.clear()
        self.impacts.clear()

    def _on_rolled(self, event: ev.Rolled) -> None:
        landing = {}
        for index in event.rolled:
            x, y = self.geometry.die_centre(index)
            landing[index] = (x, y, event.dice[index])
        self.sprites = {i: DieSprite(f"d{i}", *self.geometry.die_centre(i), value, self.die_size)
                        for i, value in enumerate(event.dice)}
        # The dice of the tray are keyed by their place (an int), not by a die's name.
        tumble_dice(self.timeline, self.sprites, landing, self.visual_random, self.die_size,
                    on_start=lambda: self.app.audio.play("roll"))

    def _on_committed(self, event: ev.Committed) -> None:
        self.floating.add(self.timeline, "Committed", self.panels[event.seat].rect.midbottom, self.theme.rgb("gain"),
                          sound="place")

    def _on_banished(self, event: ev.Banished) -> None:
        self.float_at(Aimed.ally(event.ally), "Banished", "gain")

    def _on_carried(self, event: ev.Carried) -> None:
        if event.dice:
            self.floating.add(self.timeline, f"Carries {dice_text(event.dice)}", self.panels[event.seat].rect.midbottom,
                              self.theme.rgb("gain"), sound="place")

    def _on_round_began(self, event: ev.RoundBegan) -> None:
        self.round_banner.announce(self.timeline, f"Round {event.round}", 0.6)

    # ================================================================ drawing
    def marks_of(self, events: Sequence[Value], state: Any, shows: int | None) -> Sequence[Mark]:
        """What the move touched (``marks.py``)."""
        return last_move_marks(events, state, shows)

    def status(self) -> TableStatus:
        """Banner texts: who decides, what to do now, the round."""
        state = self.state
        flow = state.flow
        names = [w.name for w in state.wizards]
        limit = f" of {state.round_limit}" if state.round_limit else ""
        round_text = f"Round {flow.round}{limit}"
        if self.revealing:
            title = "The reveal" if self.phase_title in ("", "The reveal") else f"The reveal  ·  {self.phase_title}"
            return TableStatus(title, "Click or press Space for the next step; "
                               "Play all shows the rest.", round_text, None)
        if flow.stage == Stage.OVER:
            return TableStatus(self.rules.prompt(state), "", round_text, None)
        seat = state.to_act
        assert seat is not None
        if flow.stage == Stage.SECRET:
            waiting = [names[s] for s in flow.order if s != seat and not _committed(state.wizards[s].secret)]
            then = f"  ·  then {', '.join(waiting)}" if waiting else "  ·  then the reveal"
            headline = f"{names[seat]} casts in secret{then}"
        elif flow.stage == Stage.UPKEEP:
            headline = f"Round {flow.round} upkeep  ·  {names[seat]} may banish allies"
        elif flow.stage == Stage.COUNTER:
            headline = f"The reveal  ·  {names[seat]}'s Counterspell chooses"
        else:
            headline = f"End of round {flow.round}  ·  {names[seat]} may carry dice"
        return TableStatus(headline, self.rules.prompt(state), round_text, seat)

    def draw(self, surface: pygame.Surface) -> None:
        """The whole area below the banner."""
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        state = self.state
        self.glow = self.choices.glowing() if self.choices is not None and not self.busy else frozenset()
        for seat in range(len(state.wizards)):
            self._draw_panel(surface, state, seat, pulse)
        if state.flow.stage == Stage.SECRET and own_secret(state, self.table.shows) is not None \
                and not self.revealing:
            self._draw_tray(surface, state, pulse)
            self._draw_my_spells(surface, state)
        elif state.flow.stage == Stage.CARRY and not self.revealing:
            self._draw_carry(surface, state, pulse)
            self._draw_board(surface, state)
        elif not self.revealing:
            self._draw_public_tray(surface, state)
            self._draw_board(surface, state)
        self._draw_book(surface, pulse)
        if self.revealing:
            self.draw_stage(surface, state)            # over the book too when the casts are many
        self.draw_last_move(surface)
        self.action_bar.draw(surface)
        self.menu_bar.draw(surface)
        self.draw_flights(surface)
        self.draw_impacts(surface)
        self.draw_effects(surface)
        self.round_banner.draw(surface)
        self.action_bar.draw_tooltips(surface)

    def mark_rect(self, target: Target) -> pygame.Rect | None:
        """A spell on the reveal board (its row, while the board lists it), else where the geometry puts it."""
        if target.kind != REVEALED:
            return super().mark_rect(target)
        if any(button.visible for button in self.menu_bar.buttons):
            return None                 # the Counterspell's answers take the board's place
        caster, spell = cast(tuple[int, str], target.key)
        order = self.geometry.board_columns(self.board)
        rows = [shown.spell for shown in self.board if shown.caster == caster]
        if caster not in order or spell not in rows or rows.index(spell) >= 3:
            return None
        return self.geometry.reveal_mark_rect(order.index(caster))

    # ================================================================ help
    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        """What a spell, a wizard's markers or hit points, an ally, a cast on the board or a die means."""
        shown = self._board_help(pos)
        if shown is not None:
            return shown
        target = self.geometry.help_target_at(self.state, pos)
        if target is None or self.choices is None or (target.kind == "ally" and self.revealing):
            return None
        words = self.choices.explain(target)
        rect = self.geometry.rect_of(self.state, target)
        if not words or rect is None:
            return None
        return words, rect.midleft if target.kind == "book" else rect.midtop

    def _board_help(self, pos: tuple[int, int]) -> Tooltip | None:
        """A cast on the reveal board; while a reveal plays, an ally as this step shows it."""
        state = self.state
        if self.revealing:
            for seat, allies in enumerate(self.shown_allies):
                for slot, (_, kind, hp) in enumerate(allies):
                    rect = self.geometry.ally_rect(seat, slot)
                    if rect.collidepoint(pos):
                        return ally_help(state.wizards[seat].name, kind, hp), rect.midtop
        if self.revealing:
            for shown, rect in zip(self.board, self.stage_rects(len(self.board))):
                if rect.collidepoint(pos):
                    return shown_help(state, self.book, shown.caster, shown.spell), rect.midtop
            return None
        order = self.geometry.board_columns(self.board)
        for shown in self.board:
            row = [s for s in self.board if s.caster == shown.caster].index(shown)
            rect = self.geometry.reveal_rect(order.index(shown.caster), row)
            if row < 3 and rect.collidepoint(pos):
                return shown_help(state, self.book, shown.caster, shown.spell), rect.midtop
        return None

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """The dice and markers, for the rules screen."""
        # One short line each: the legend column is narrow, and every item must fit beside the page.
        items = [(self.dice_art.face("wizard", 5, 44), "A wizard's die"),
                 (self.dice_art.face("kept", 5, 44), "Kept between rolls"),
                 (self.dice_art.face("continued", 4, 44), "Carried from last round"),
                 (self.dice_art.face("ogre", 2, 44), "Ogre ally (face = HP)"),
                 (self.dice_art.face("troll", 3, 44), "Troll ally (face = HP)")]
        for name, meaning in LEGEND_WORDS.items():
            glyph = self._symbol(name, 44)
            if glyph is not None:
                items.append((glyph, meaning))
        return items
