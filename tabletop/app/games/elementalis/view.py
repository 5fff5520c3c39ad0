"""The ElementaliS table, drawn: a panel per mage (Arcana, type, Pool by colour), the dice with their element
symbols, the Channel and the round, and the choices of the moment.

Where things lie is :mod:`.geometry`; what a click means is :mod:`.choices` (from the rules' legal intents
only); what a hover explains is :mod:`.help`.  This module draws the table and animates the events of each
move: dice tumble, Mana rises over the mages it reaches, announcements for the Sun, the Cosmic Roll and the
rounds.  Nothing in ElementaliS is hidden: the screen is shared and there is no cover.
"""

from __future__ import annotations

import math
import random
from functools import partial
from typing import Any, Sequence

import pygame

from tabletop.core.values import Value
from tabletop.games.elementalis import events as ev
from tabletop.games.elementalis.elements import ELEMENTS
from tabletop.games.elementalis.queries import ElementaliSQueries
from tabletop.games.elementalis.wording import TYPE_NAMES

from ...choosing import Menu
from ...gameview import GameViewBase, TableStatus, Tooltip
from ...marks import Mark
from ...sprites import DieSprite, tumble_dice
from ...text import draw_box
from ...widgets import ActionBar, SeatPanel
from .choices import ElementaliSChoices
from .geometry import ElementaliSGeometry
from .help import round_text, spell_lines
from .marks import last_move_marks
from .stages import CAST, OPPOSE, OVER, SETUP

__all__ = ["ElementaliSView"]

#: The theme's colour of each element's Mana (and of an Ether Arcana).
_MANA = {element: f"el_{element}" for element in (*ELEMENTS, "ether")}
#: The dice's roll names, for the tray's title.
_ROLLS = {"power": "The Power Roll", "chance": "The Chance Roll", "cosmic": "The Cosmic Roll",
          "ether": "The Cosmic Roll's Ether roll", "opposition": "An opposition roll"}
_COSMIC = {"own-major": "Own Major: +3", "other-major": "Another's Major", "nobody": "Nobody's Major",
           "sun": "The Sun!", "ether": "Ether: roll again"}


class ElementaliSView(GameViewBase[ElementaliSChoices]):
    """Draws the ElementaliS table and animates its events."""

    Choices = ElementaliSChoices
    choices: ElementaliSChoices
    forgets_choice_on_move = True
    rules: ElementaliSQueries

    def __init__(self, app, table, match) -> None:
        super().__init__(app, table, match)
        layout = self.layout
        self.content = self.rules.content
        self.art = app.dice_for("elementalis")
        self.theme = app.layouts.theme
        self.geometry = geometry = ElementaliSGeometry(layout, len(match.seats))
        self.panels = [SeatPanel(app, rect, seat, name, match.colours[seat], bot=partial(self.bot_kind, seat))
                       for seat, (rect, name) in enumerate(zip(geometry.panel_rects, match.seats))]
        self.action_bar = ActionBar(app, [layout[f"button_{n}"] for n in range(1, 4)], (None, pygame.K_SPACE, None))
        self.menu_bar = ActionBar(app, geometry.choice_places())
        self.die_size = geometry.die_size
        self.visual_random = random.Random(5)          # only for how dice tumble
        self.sprites: dict[int, DieSprite] = {}
        self.tumbling_faces: dict[int, tuple[str, ...]] = {}   # a tumbling die's numbers are positions on these
        self.menu: Menu | None = None                  # the lower panel's choices, as the choices offer them now
        self.sent_unasked: set[int] = set()            # positions (moves made) where the table sent a forced move
        self.handlers = {ev.Rolled: self._on_rolled, ev.DieChanged: self._on_die_changed,
                         ev.Scored: self._on_scored, ev.Busted: self._on_busted, ev.Banked: self._on_banked,
                         ev.ManaMoved: self._on_moved, ev.SpellCast: self._on_cast, ev.Countered: self._on_countered,
                         ev.CosmicFace: self._on_cosmic, ev.ArcanaPassed: self._on_passed,
                         ev.GameOver: self._on_game_over, ev.RoundBegan: self._on_round}
        self.sync()

    # ================================================================ state -> picture
    def sync(self) -> None:
        """Every die where the rules say, nothing chosen."""
        state = self.state
        self.sprites = {}
        for index, die in enumerate(state.flow.dice):
            x, y = self.geometry.die_centre(index)
            self.sprites[index] = DieSprite(f"d{index}", x, y, die.face, self.die_size)
        self.selection = None
        self.refresh()

    def show_choices(self) -> None:
        """The three buttons of the bottom strip and the choices of the lower panel."""
        self.action_bar.show(self.choices.buttons())
        self.menu = menu = self.choices.menu()
        self.menu_bar.show(menu.items if menu is not None else ())
        for button in self.menu_bar.buttons:
            button.hovered = False          # new choices light up under the mouse only once it moves

    def update(self, dt: float) -> None:
        """Advance the animations; once they are over, send the move the mage at the screen is not asked for (see
        the choices' ``forced``), once per position: after an undo back to it, the mage is asked."""
        super().update(dt)
        if self.busy:
            return
        forced = self.choices.forced()
        position = len(self.match.history)
        if forced is None or position in self.sent_unasked:
            return
        self.sent_unasked.add(position)
        self.table.submit(forced)

    def die_rect(self, index: int) -> pygame.Rect:
        """The square die ``index`` of the row covers."""
        return self.geometry.die_rect(index)

    # ================================================================ input
    def handle(self, event: pygame.event.Event) -> None:
        """The buttons, then a click on a die or a mage; a right click or Esc forgets the choice."""
        if self.busy:
            return
        self.take_input(event, self.action_bar, self.menu_bar)

    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        """What a spell offered, a die, a mage or the Channel under ``pos`` means (a mage's, below the panel)."""
        tip = self.explain_at(pos)
        target = self.geometry.help_target_at(self.state, pos)
        if tip is not None and target is not None and target.kind == "mage":
            return tip[0], self.geometry.panel_rects[target.key].midbottom
        return tip

    # ================================================================ animations
    def _on_rolled(self, event: ev.Rolled) -> None:
        dice = self.state.flow.dice
        landing = {}
        for index, face in zip(event.dice, event.faces):
            if index < len(dice):
                x, y = self.geometry.die_centre(index)
                landing[index] = (x, y, face)
                if index not in self.sprites:
                    self.sprites[index] = DieSprite(f"d{index}", x, y, face, self.die_size)
        self._tumble(landing)

    def _tumble(self, landing: dict) -> None:
        # tumble_dice flickers faces by number; these dice show symbols, so it flickers among real faces.
        dice = self.state.flow.dice
        faces_of = {i: self.content.dice[dice[i].kind] for i in landing if i < len(dice)}
        numbered = {i: (x, y, faces_of[i].index(face) + 1) for i, (x, y, face) in landing.items() if i in faces_of}
        self.tumbling_faces.update(faces_of)
        tumble_dice(self.timeline, self.sprites, numbered, self.visual_random, self.die_size,
                    on_start=lambda: self.app.audio.play("roll"))

    def _on_die_changed(self, event: ev.DieChanged) -> None:
        if event.die in self.sprites:
            self.floating.add(self.timeline, event.what.capitalize(), self.geometry.die_rect(event.die).midtop,
                              self.theme.rgb("gain"))

    def _float_panel(self, seat: int, text: str, colour: str, sound: str | None = None) -> None:
        self.floating.add(self.timeline, text, self.panels[seat].rect.midbottom, self.theme.rgb(colour), duration=0.6,
                          sound=sound)

    def _on_scored(self, event: ev.Scored) -> None:
        words = f"+{len(event.gained)}" + (f"  -{len(event.drained)}" if event.drained else "")
        anchor = self.panels[event.seat].rect.midbottom if event.linked else self.geometry.channel_rect.midtop
        self.floating.add(self.timeline, words, anchor, self.theme.rgb("gain" if event.gained else "hurt"),
                          duration=0.6, sound="bonus" if event.gained else None)

    def _on_busted(self, event: ev.Busted) -> None:
        self.announcer.announce(self.timeline, "The Sun! The Channel is lost", 1.0, "error")

    def _on_banked(self, event: ev.Banked) -> None:
        self._float_panel(event.seat, f"+{len(event.mana)} banked", "gain", "place")

    def _on_moved(self, event: ev.ManaMoved) -> None:
        self._float_panel(event.source, f"-{len(event.mana)}", "hurt")
        self._float_panel(event.seat, f"+{len(event.mana)}", "gain", "place")

    def _on_cast(self, event: ev.SpellCast) -> None:
        self._float_panel(event.seat, self.content.spell(event.spell).name, "glow", "click")

    def _on_countered(self, event: ev.Countered) -> None:
        self._float_panel(event.seat, "Counter Spell!", "glow", "cross")

    def _on_cosmic(self, event: ev.CosmicFace) -> None:
        self.announcer.announce(self.timeline, f"Cosmic Roll: {_COSMIC[event.outcome]}", 0.8)

    def _on_passed(self, event: ev.ArcanaPassed) -> None:
        self.announcer.announce(self.timeline, f"Every {event.kind.capitalize()} passes left", 1.0, "bonus")

    def _on_round(self, event: ev.RoundBegan) -> None:
        self.announcer.announce(self.timeline, f"Round {event.round} of 6", 0.6)

    def _on_game_over(self, event: ev.GameOver) -> None:
        names = " and ".join(self.name(s) for s in event.winners)
        self.announcer.announce(self.timeline, f"{names} {'share the win' if len(event.winners) > 1 else 'wins'}",
                                1.4, "win")

    # ================================================================ drawing
    def marks_of(self, events: Sequence[Value], state: Any, shows: int | None) -> Sequence[Mark]:
        """What the move touched (``marks.py``)."""
        return last_move_marks(events, state, shows)

    def status(self) -> TableStatus:
        state = self.state
        flow = state.flow
        if flow.stage == OVER:
            return TableStatus(self.rules.prompt(state), "", round_text(state), None)
        seat = state.to_act
        active = state.mages[flow.active].name
        if flow.stage in SETUP:
            headline = f"The draft  ·  {state.mages[seat].name} chooses"
        elif seat == flow.active:
            roll = {"power": "Power Roll", "chance": "Chance Roll", "cosmic": "Cosmic Roll"}.get(flow.roll, "")
            headline = f"{active}'s turn" + (f"  ·  {roll}" if roll else "")
        else:
            headline = f"{active}'s turn  ·  {state.mages[seat].name} decides"
        return TableStatus(headline, self.rules.prompt(state), round_text(state), seat)

    def draw(self, surface: pygame.Surface) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        for seat in range(len(self.state.mages)):
            self._draw_panel(surface, seat, pulse)
        self._draw_tray(surface, pulse)
        self._draw_channel(surface)
        self._draw_choices(surface)
        self.draw_last_move(surface)
        self.action_bar.draw(surface)
        self.draw_effects(surface)
        self.action_bar.draw_tooltips(surface)

    def _glyph(self, name: str, size: int, tint: tuple[int, int, int] | None = None) -> pygame.Surface | None:
        return self.art.symbol(name, size, tint or self.theme.rgb("el_symbol"))

    def _draw_panel(self, surface: pygame.Surface, seat: int, pulse: float) -> None:
        state = self.state
        mage = state.mages[seat]
        flow = state.flow
        text = self.app.text
        layout = self.layout
        geometry = self.geometry
        tag = ""
        if flow.stage == OVER:
            tag = "WINNER" if seat in flow.winners else ""
        elif seat == flow.active and flow.stage not in SETUP:
            tag = "ACTIVE"
        self.panels[seat].draw(surface, [], to_act=seat == state.to_act and not self.busy, tag=tag, pulse=pulse)
        if not self.busy and seat in self.choices.glowing_mages():
            pygame.draw.rect(surface, self.theme.rgb("glow"), self.panels[seat].rect.inflate(12, 12),
                             4 + int(2 * pulse), border_radius=20)
        arcana = geometry.seat_element("arcana", seat)
        x = arcana.x
        for card in (mage.major, mage.minor):
            if card:
                # The Arcana as symbols (Major first): the type's name needs the room.
                self._draw_symbol_disc(surface, (x + 17, arcana.centery), card, 17)
                x += 40
        if mage.major and mage.minor:
            words = TYPE_NAMES.get(self.content.mage_type(mage.major, mage.minor), "")
        elif mage.major:
            words = f"{mage.major.capitalize()} Major"
        else:
            words = "Choosing cards"
        text.draw(surface, words, layout["arcana"].style, pygame.Rect(x + 4, arcana.y, arcana.right - x - 4,
                                                                      arcana.height), shrink=True)
        text.draw(surface, f"{mage.total} Mana", layout["total"].style, geometry.seat_element("total", seat))
        step = layout.setting("counter_step").int()
        for index, element in enumerate(ELEMENTS):
            rect = geometry.seat_element("counter", seat).move(index * step, 0)
            self._draw_counter(surface, rect, element, mage.mana.get(element))
        faded = geometry.seat_element("faded", seat)
        if mage.faded.total:
            text.draw(surface, f"colourless: {mage.faded.total}", layout["faded"].style, faded)
        links = [b for a, b in flow.links if a == seat]
        if links:
            text.draw(surface, "Earth Link to " + ", ".join(state.mages[b].name for b in links),
                      layout["faded"].style, faded, shrink=True)

    def _draw_symbol_disc(self, surface: pygame.Surface, centre: tuple[int, int], element: str, radius: int) -> None:
        """An element as a disc of its Mana colour with its symbol (Ether: violet)."""
        theme = self.theme
        pygame.draw.circle(surface, theme.rgb(_MANA.get(element, "el_ether")), centre, radius)
        pygame.draw.circle(surface, theme.rgb("el_disc_edge"), centre, radius, 2)
        glyph = self._glyph(element, int(radius * 1.25),
                            theme.rgb("el_disc_edge" if element == "air" else "el_symbol_light"))
        if glyph is not None:
            surface.blit(glyph, glyph.get_rect(center=centre))

    def _draw_counter(self, surface: pygame.Surface, rect: pygame.Rect, element: str, count: int) -> None:
        """A Mana counter: a disc of the colour with the element's symbol, and how many."""
        self._draw_symbol_disc(surface, (rect.x + 20, rect.centery), element, 19)
        self.app.text.draw(surface, str(count), self.layout["counter"].style,
                           pygame.Rect(rect.x + 44, rect.y, rect.width - 44, rect.height))

    def _tray_title(self) -> str:
        flow = self.state.flow
        if flow.stage == OPPOSE:
            return "Elemental Opposition: pick up the glowing dice to roll against the active mage"
        spell = self.choices.spell
        if spell is not None:
            return f"{self.content.spell(spell).name}: click a glowing die or mage"
        return _ROLLS.get(flow.roll, "The dice") if flow.dice else "The dice wait for the Power Roll"

    def _draw_tray(self, surface: pygame.Surface, pulse: float) -> None:
        layout = self.layout
        draw_box(surface, layout["tray"].rect, layout["tray"].style)
        flow = self.state.flow
        self.app.text.draw(surface, self._tray_title(), layout["tray_title"].style, layout["tray_title"].rect,
                           shrink=True)
        glowing = set() if self.busy else self.choices.glowing_dice()
        picked = self.choices.selection.dice
        label_style = layout["die_label"].style
        for index, die in enumerate(flow.dice):
            sprite = self.sprites.get(index)
            face = die.face
            angle = 0.0
            x, y = self.geometry.die_centre(index)
            if sprite is not None and self.busy:
                faces = self.tumbling_faces.get(index)
                face = faces[sprite.face - 1] if faces and isinstance(sprite.face, int) and 1 <= sprite.face <= 6 \
                    else die.face
                x, y, angle = sprite.x, sprite.y, sprite.angle  # type: ignore[assignment]  # float where it flies
            alpha = 90 if die.destroyed or die.charred else 255
            lift = 0.3 if index in picked else 0.0
            self.art.draw(surface, die.kind, face, (x, y), self.die_size, angle, lift, alpha)
            rect = self.geometry.die_rect(index)
            if index in glowing:
                width = 6 if index in picked else 3 + int(2 * pulse)
                pygame.draw.rect(surface, self.theme.rgb("glow"), rect.inflate(14, 14), width, border_radius=22)
            marks = [word for flag, word in ((die.copy, "copy"), (die.held, "held"), (die.destroyed, "burned"),
                                             (die.charred, "charred")) if flag]
            if marks:
                label = pygame.Rect(0, 0, layout["die_label"].rect[2], layout["die_label"].rect[3])
                label.midtop = (rect.centerx, rect.bottom + 2)
                self.app.text.draw(surface, ", ".join(marks), label_style, label)

    def _draw_channel(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_box(surface, layout["channel"].rect, layout["channel"].style)
        state = self.state
        flow = state.flow
        owner = state.mages[flow.active].name if flow.stage not in SETUP else ""
        self.app.text.draw(surface, f"{owner}'s Channel (not yet banked)" if owner else "The Channel",
                           layout["channel_title"].style, layout["channel_title"].rect, shrink=True)
        step = layout.setting("channel_step").int()
        for index, element in enumerate(ELEMENTS):
            rect = pygame.Rect(layout["channel_counter"].rect).move(index * step, 0)
            self._draw_counter(surface, rect, element, flow.channel.get(element))
        extras = []
        if flow.ether_leak:
            extras.append("Ether Leak: spells cost 1 more")
        words = f"Round {min(flow.round, 6)} of 6" + (f"  ·  {'; '.join(extras)}" if extras else "")
        marker = pygame.Rect(layout["round"].rect)
        glyph = self._glyph("round", marker.height)
        if glyph is not None:                   # the Round Marker: a die used only as a counter
            surface.blit(glyph, glyph.get_rect(midleft=marker.midleft))
            marker = marker.move(marker.height + 10, 0)
        self.app.text.draw(surface, words, layout["round"].style, marker, shrink=True)

    def _draw_choices(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_box(surface, layout["choices"].rect, layout["choices"].style)
        choices = self.choices
        menu = self.menu
        title = menu.title if menu is not None else choices.panel_title()
        # Two lines where the prompt and what the choice does need them, never cut.
        self.app.text.draw(surface, title, layout["choices_title"].style, layout["choices_title"].rect, wrap=True,
                           valign="top")
        self.menu_bar.draw(surface)
        offered = menu is not None and bool(menu.items)
        if not offered and not choices.selection.mana and choices.spell is None and self.state.flow.stage != CAST:
            # Nothing to choose here now: each mage's spells, so the table knows what may come.
            panel, heading = pygame.Rect(layout["choices"].rect), pygame.Rect(layout["choices_title"].rect)
            line = pygame.Rect(heading.x, heading.y + 44, panel.right - heading.x - 12, 44)
            for seat, words in spell_lines(self.rules, self.state):
                self.app.text.draw(surface, words, layout["faded"].style,
                                   pygame.Rect(line.x, line.y + seat * 48, line.width, line.height), shrink=True)

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        items = []
        for element in (*ELEMENTS, "ether"):
            items.append((self.art.face("fire", element, 44), f"{element.capitalize()} symbol"))
        items.append((self.art.face("fire", "fire+fire", 44), "A double: counts 2"))
        items.append((self.art.face("sun", "sun", 44), "The Sun (Sun die only)"))
        for element in ELEMENTS:
            swatch = pygame.Surface((44, 44), pygame.SRCALPHA)
            pygame.draw.circle(swatch, self.theme.rgb(_MANA[element]), (22, 22), 19)
            items.append((swatch, f"{element.capitalize()} Mana"))
        return items
