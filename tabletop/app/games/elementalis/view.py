"""The ElementaliS table: a panel per mage (Arcana, type, Pool by colour), the dice with their element
symbols, the Channel and the round, and the choices of the moment.

Everything clickable comes from the rules' legal intents: dice glow when a spell or an opposition can
use them, mages' panels when a spell can be cast on them; choices that are not on the table (the
draft, Mana to take, give or pay, an Elementalist's Ethers) are buttons in the lower panel, built
from the intents.  Nothing in ElementaliS is hidden: the screen is shared and there is no cover.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Callable

import pygame

from tabletop.games.elementalis import events as ev
from tabletop.games.elementalis.elements import ELEMENTS, SUN, symbols
from tabletop.games.elementalis.intents import (Allow, Bank, Cast, Chance, Choose, Counter as CounterSpell, Declare,
                                                Done, Forfeit, Oppose, PassWindow, Pay, Pick, Roll, StartMana, Tap)
from tabletop.games.elementalis.wording import TYPE_NAMES, mana_text

from ...gameview import GameViewBase, TableStatus, Tooltip
from ...sprites import DieSprite, tumble_dice
from ...text import draw_box
from ...widgets import Button, SeatPanel, press_any

__all__ = ["ElementaliSView", "busiest_table", "MANA_COLOURS"]

#: Mana counters by element colour (rules reference E-2: Fire red, Water blue, Earth green, Air white).
MANA_COLOURS = {"fire": (214, 64, 52), "water": (52, 110, 214), "earth": (58, 160, 78), "air": (236, 236, 240)}
_GLOW = (255, 220, 90)
_GOOD = (120, 220, 130)
_HURT = (255, 110, 90)


@dataclass
class _Slot:
    text: str
    action: Callable[[], None]
    enabled: bool = True
    reason: str = ""


class ElementaliSView(GameViewBase):
    """Draws the ElementaliS table and turns clicks into its intents."""

    def __init__(self, app, table, match) -> None:
        super().__init__(app, table, match)
        layout = self.layout
        self.content = self.rules.content
        self.art = app.dice_for("elementalis")
        count = len(match.seats)
        self.corners = corners = self.seat_corners(count)
        size = layout["panel"].rect[2:]
        self.panels = [SeatPanel(app, pygame.Rect(*corners[s], *size), s, n) for s, n in enumerate(match.seats)]
        self.buttons = [Button(app, layout[f"button_{n}"], lambda n=n: self._press(n - 1)) for n in (1, 2, 3)]
        self.buttons[1].hotkey = pygame.K_SPACE
        self.choice_buttons: list[Button] = []
        self.slots: list[_Slot] = []
        self.die_size = layout.setting("die_size").int(20, 200)
        self.visual_random = random.Random(5)          # only for how dice tumble
        self.sprites: dict[int, DieSprite] = {}
        self.tumbling_faces: dict[int, tuple[str, ...]] = {}   # a tumbling die's numbers are positions on these
        self.spell: str | None = None                 # a spell chosen, waiting for its target
        self.die_for_face: int | None = None          # Tremor: the die chosen, waiting for its face
        self.selected: list[int] = []                 # Opposition: the dice picked up
        self.picked: list[str] = []                   # Mana being chosen (start, choose, pay)
        self.handlers = {ev.Rolled: self._on_rolled, ev.DieChanged: self._on_die_changed,
                         ev.Scored: self._on_scored, ev.Busted: self._on_busted, ev.Banked: self._on_banked,
                         ev.ManaMoved: self._on_moved, ev.SpellCast: self._on_cast, ev.Countered: self._on_countered,
                         ev.CosmicFace: self._on_cosmic, ev.ArcanaPassed: self._on_passed,
                         ev.GameOver: self._on_game_over, ev.RoundBegan: self._on_round}
        self.sync()

    # ================================================================ geometry
    def choice_rect(self, index: int) -> pygame.Rect:
        layout = self.layout
        columns = layout.setting("choice_columns").int(1, 8)
        return pygame.Rect(layout["choice"].rect).move((index % columns) * layout.setting("choice_step_x").int(),
                                                       (index // columns) * layout.setting("choice_step_y").int())

    # ================================================================ state -> picture
    def sync(self) -> None:
        state = self.state
        self.sprites = {i: DieSprite(f"d{i}", *self.die_centre(i), die.face, self.die_size)
                        for i, die in enumerate(state.flow.dice)}
        self._clear()
        self.refresh()

    def _clear(self) -> None:
        self.spell = None
        self.die_for_face = None
        self.selected = []
        self.picked = []

    def refresh(self) -> None:
        """Work out from the legal intents what may be clicked, the buttons and the choices."""
        self.legal = list(self.table.legal())
        legal = self.legal
        state = self.state
        stage = state.flow.stage
        self.slots = []
        choices: list[tuple[str, Callable[[], None]]] = []
        if legal:
            seat = legal[0].seat  # type: ignore[attr-defined]
            if stage in ("draft_major", "draft_minor"):
                word = "Major" if stage == "draft_major" else "Minor"
                choices = [(f"Take the {i.element.capitalize()} {word}", lambda i=i: self.table.submit(i))
                           for i in legal]
            elif stage in ("start_mana", "choose", "pay"):
                choices = self._mana_picker(legal)
            elif stage == "turn":
                for intent in legal:
                    if isinstance(intent, Tap):
                        choices.append((f"Flux Tap: 1 {intent.colour}", lambda i=intent: self.table.submit(i)))
                self.slots = [_Slot("", lambda: None), _Slot("Power Roll", lambda: self.table.submit(Roll(seat)))]
            elif stage == "declare":
                self.slots = [_Slot("Pass", lambda: self.table.submit(PassWindow(seat))),
                              _Slot("Declare a spell", lambda: self.table.submit(Declare(seat)))]
            elif stage == "cast":
                choices = self._spell_choices(seat, legal)
                self.slots = [_Slot("Forfeit", lambda: self.table.submit(Forfeit(seat))),
                              _Slot("Back", self._clear_and_refresh, enabled=self.spell is not None,
                                    reason="Choose a spell first.")]
            elif stage == "counter":
                window = state.flow.window
                spell = self.content.spell(window.pending)
                cost = self.rules.counter_cost(state, seat, spell)
                self.slots = [_Slot("Let it be", lambda: self.table.submit(Allow(seat))),
                              _Slot(f"Counter ({cost} water)", lambda: self.table.submit(CounterSpell(seat)))]
            elif stage == "pick":
                choices = [(f"Take 1 {i.mana.replace('pale-', 'colourless ')}", lambda i=i: self.table.submit(i))
                           for i in legal if isinstance(i, Pick)]
                self.slots = [_Slot("", lambda: None), _Slot("Stop", lambda: self.table.submit(Done(seat)))]
            elif stage == "split":
                mage = state.mages[seat]
                choices = [(f"{i.major} to {mage.major}, {len(legal) - 1 - i.major} to {mage.minor}",
                            lambda i=i: self.table.submit(i)) for i in legal]
            elif stage == "push":
                channel = state.flow.channel.total
                onward = next(i for i in legal if not isinstance(i, Bank))
                # The button says what a Sun would cost.
                risk = f"{'Chance' if isinstance(onward, Chance) else 'Cosmic'} Roll: risk {channel}"
                self.slots = [_Slot(f"Bank {channel} Mana", lambda: self.table.submit(Bank(seat))),
                              _Slot(risk, lambda: self.table.submit(onward))]
            elif stage == "oppose":
                chosen = tuple(sorted(self.selected))
                self.slots = [_Slot("Roll none", lambda: self.table.submit(Oppose(seat, ()))),
                              _Slot(f"Roll {len(chosen)} dice" if chosen else "Pick dice",
                                    lambda: self.table.submit(Oppose(seat, chosen)), enabled=bool(chosen),
                                    reason="Click the glowing dice you pick up.")]
            elif stage == "give":
                choices = [(f"Give 1 {i.mana}", lambda i=i: self.table.submit(i)) for i in legal]
        self.choice_buttons = [Button(self.app, self.layout["choice"].moved(*self._offset(i)), action, text=text)
                               for i, (text, action) in enumerate(choices[:self._room()])]
        for index, button in enumerate(self.buttons):
            slot = self.slots[index] if index < len(self.slots) else None
            button.visible = slot is not None and bool(slot.text)
            if slot is not None:
                button.text, button.enabled, button.reason = slot.text, slot.enabled, slot.reason

    def _room(self) -> int:
        layout = self.layout
        return layout.setting("choice_columns").int(1, 8) * layout.setting("choice_rows").int(1, 8)

    def _offset(self, index: int) -> tuple[int, int]:
        rect = self.choice_rect(index)
        base = self.layout["choice"].rect
        return rect.x - base[0], rect.y - base[1]

    def _press(self, index: int) -> None:
        if index < len(self.slots) and self.slots[index].enabled:
            self.slots[index].action()

    def _clear_and_refresh(self) -> None:
        self._clear()
        self.refresh()

    def _mana_picker(self, legal: list) -> list[tuple[str, Callable[[], None]]]:
        """Mana chosen one counter at a time: a button per colour still possible, then the move is sent."""
        fits = [i for i in legal if not (Counter(self.picked) - Counter(i.mana))]
        kinds = list(dict.fromkeys(u for i in fits for u in i.mana if Counter(self.picked + [u]) <= Counter(i.mana)))
        kinds.sort(key=self._unit_order)
        out = [(f"+1 {u.replace('pale-', 'colourless ')}", lambda u=u: self._pick(u)) for u in kinds]
        if self.picked:
            self.slots = [_Slot("Start again", self._clear_and_refresh)]
        return out

    @staticmethod
    def _unit_order(unit: str) -> tuple:
        base = unit.replace("pale-", "")
        return (unit.startswith("pale-"), ELEMENTS.index(base) if base in ELEMENTS else 9)

    def _pick(self, unit: str) -> None:
        """One more counter; the last one sends the move."""
        self.picked.append(unit)
        chosen = tuple(sorted(self.picked, key=self._unit_order))
        done = next((i for i in self.legal if isinstance(i, (StartMana, Choose, Pay)) and tuple(i.mana) == chosen),
                    None)
        if done is not None:
            self.picked = []
            self.table.submit(done)
            return
        self.refresh()

    def _spell_choices(self, seat: int, legal: list) -> list[tuple[str, Callable[[], None]]]:
        casts = [i for i in legal if isinstance(i, Cast)]
        if self.spell is None:
            out = []
            for spell_id in dict.fromkeys(c.spell for c in casts):
                spell = self.content.spell(spell_id)
                cost = self.rules.cost(self.state, seat, spell.level)
                out.append((f"{spell.name} ({cost} {spell.element})", lambda s=spell_id: self._choose_spell(s)))
            return out
        if self.die_for_face is not None:
            return [(f"Face: {c.face.replace('+', ' + ')}", lambda c=c: self.table.submit(c))
                    for c in casts if c.spell == self.spell and c.die == self.die_for_face]
        mages = self.state.mages
        out = []
        for c in casts:
            if c.spell != self.spell or c.target is None:
                continue
            name = self.content.spell(c.spell).name
            label = (f"{name} {mages[c.link].name}'s link to {mages[c.target].name}" if c.link is not None
                     else f"{name} on {mages[c.target].name}")
            out.append((label, lambda c=c: self.table.submit(c)))
        return out

    def _choose_spell(self, spell_id: str) -> None:
        casts = [i for i in self.legal if isinstance(i, Cast) and i.spell == spell_id]
        if len(casts) == 1 and casts[0].die is None and casts[0].target is None and casts[0].link is None:
            self.table.submit(casts[0])
            return
        self.spell = spell_id
        self.refresh()

    # ================================================================ input
    def glowing_dice(self) -> set[int]:
        """Dice a click may use now: a spell's targets, or dice to pick up in an opposition."""
        if self.busy or not self.legal:
            return set()
        if self.state.flow.stage == "oppose":
            return set(self.rules.eligible(self.state, self.legal[0].seat))
        if self.spell is not None and self.die_for_face is None:
            return {c.die for c in self.legal if isinstance(c, Cast) and c.spell == self.spell and c.die is not None}
        return set()

    def glowing_mages(self) -> set[int]:
        if self.busy or self.spell is None:
            return set()
        out = set()
        for c in self.legal:
            # An Earth Link to burn is a button (a mage may hold two); a mage to cast on glows.
            if isinstance(c, Cast) and c.spell == self.spell and c.target is not None and c.link is None:
                out.add(c.target)
        return out

    def handle(self, event: pygame.event.Event) -> None:
        if self.busy:
            return
        if press_any([*self.buttons, *self.choice_buttons], event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._clear_and_refresh()

    def click(self, pos: tuple[int, int]) -> None:
        state = self.state
        for index in range(len(state.flow.dice)):
            if self.die_rect(index).collidepoint(pos):
                self._click_die(index)
                return
        for seat, panel in enumerate(self.panels):
            if panel.rect.collidepoint(pos) and seat in self.glowing_mages():
                casts = [c for c in self.legal if isinstance(c, Cast) and c.spell == self.spell
                         and c.target == seat and c.link is None]
                if casts:
                    self.table.submit(casts[0])
                return

    def _click_die(self, index: int) -> None:
        state = self.state
        if index not in self.glowing_dice():
            if self.legal and self.spell is not None:
                # The rules say why this die cannot take this spell (the Sun die, a held die, an Elitist's roll).
                self.app.toasts.show(self.rules.why_illegal(self.match.state, Cast(self.legal[0].seat, self.spell,
                                                                                   die=index)))
                self.app.audio.play("error")
            elif self.legal and state.flow.stage == "oppose":
                self.app.toasts.show(self.rules.why_illegal(self.match.state, Oppose(self.legal[0].seat, (index,))))
                self.app.audio.play("error")
            return
        if state.flow.stage == "oppose":
            if index in self.selected:
                self.selected.remove(index)
            else:
                self.selected.append(index)
            self.refresh()
            return
        casts = [c for c in self.legal if isinstance(c, Cast) and c.spell == self.spell and c.die == index]
        if len(casts) == 1:
            self.table.submit(casts[0])
        elif casts:
            self.die_for_face = index
            self.refresh()

    # ================================================================ animations
    def animate(self, events) -> None:
        self._clear()
        super().animate(events)

    def _on_rolled(self, event: ev.Rolled) -> None:
        dice = self.state.flow.dice
        landing = {}
        for index, face in zip(event.dice, event.faces):
            if index < len(dice):
                x, y = self.die_centre(index)
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
            self.floating.add(self.timeline, event.what.capitalize(), self.die_rect(event.die).midtop, _GOOD)

    def _float_panel(self, seat: int, text: str, colour, sound: str | None = None) -> None:
        self.floating.add(self.timeline, text, self.panels[seat].rect.midbottom, colour, duration=0.6, sound=sound)

    def _on_scored(self, event: ev.Scored) -> None:
        words = f"+{len(event.gained)}" + (f"  -{len(event.drained)}" if event.drained else "")
        anchor = self.panels[event.seat].rect.midbottom if event.linked else pygame.Rect(
            self.layout["channel"].rect).midtop
        self.floating.add(self.timeline, words, anchor, _GOOD if event.gained else _HURT, duration=0.6,
                          sound="bonus" if event.gained else None)

    def _on_busted(self, event: ev.Busted) -> None:
        self.announcer.announce(self.timeline, "The Sun! The Channel is lost", 1.0, "error")

    def _on_banked(self, event: ev.Banked) -> None:
        self._float_panel(event.seat, f"+{len(event.mana)} banked", _GOOD, "place")

    def _on_moved(self, event: ev.ManaMoved) -> None:
        self._float_panel(event.source, f"-{len(event.mana)}", _HURT)
        self._float_panel(event.seat, f"+{len(event.mana)}", _GOOD, "place")

    def _on_cast(self, event: ev.SpellCast) -> None:
        self._float_panel(event.seat, self.content.spell(event.spell).name, _GLOW, "click")

    def _on_countered(self, event: ev.Countered) -> None:
        self._float_panel(event.seat, "Counter Spell!", _GLOW, "cross")

    def _on_cosmic(self, event: ev.CosmicFace) -> None:
        words = {"own-major": "Own Major: +3", "other-major": "Another's Major", "nobody": "Nobody's Major",
                 "sun": "The Sun!", "ether": "Ether: roll again"}
        self.announcer.announce(self.timeline, f"Cosmic Roll: {words[event.outcome]}", 0.8)

    def _on_passed(self, event: ev.ArcanaPassed) -> None:
        self.announcer.announce(self.timeline, f"Every {event.kind.capitalize()} passes left", 1.0, "bonus")

    def _on_round(self, event: ev.RoundBegan) -> None:
        self.announcer.announce(self.timeline, f"Round {event.round} of 6", 0.6)

    def _on_game_over(self, event: ev.GameOver) -> None:
        names = " and ".join(self.name(s) for s in event.winners)
        self.announcer.announce(self.timeline, f"{names} {'share the win' if len(event.winners) > 1 else 'wins'}",
                                1.4, "win")

    # ================================================================ drawing
    def status(self) -> TableStatus:
        state = self.state
        flow = state.flow
        round_text = "The draft" if flow.stage in ("draft_major", "draft_minor", "start_mana") else \
            f"Round {min(flow.round, 6)} of 6"
        if flow.stage == "over":
            return TableStatus(self.rules.prompt(state), "", round_text, None)
        seat = state.to_act
        active = state.mages[flow.active].name
        if flow.stage in ("draft_major", "draft_minor", "start_mana"):
            headline = f"The Arcana draft  ·  {state.mages[seat].name} chooses"
        elif seat == flow.active:
            roll = {"power": "Power Roll", "chance": "Chance Roll", "cosmic": "Cosmic Roll"}.get(flow.roll, "")
            headline = f"{active}'s turn" + (f"  ·  {roll}" if roll else "")
        else:
            headline = f"{active}'s turn  ·  {state.mages[seat].name} decides"
        return TableStatus(headline, self.rules.prompt(state), round_text, seat)

    def draw(self, surface: pygame.Surface) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        state = self.state
        for seat in range(len(state.mages)):
            self._draw_panel(surface, seat, pulse)
        self._draw_tray(surface, pulse)
        self._draw_channel(surface)
        self._draw_choices(surface)
        for button in self.buttons:
            button.draw(surface)
        self.draw_effects(surface)
        for button in self.buttons:
            button.draw_tooltip(surface)

    def _glyph(self, name: str, size: int, tint=(240, 236, 224)) -> pygame.Surface | None:
        return self.art.symbol(name, size, tint)

    def _draw_panel(self, surface: pygame.Surface, seat: int, pulse: float) -> None:
        state = self.state
        mage = state.mages[seat]
        flow = state.flow
        text = self.app.text
        layout = self.layout
        tag = ""
        if flow.stage == "over":
            tag = "WINNER" if seat in flow.winners else ""
        elif seat == flow.active and flow.stage not in ("draft_major", "draft_minor", "start_mana"):
            tag = "ACTIVE"
        self.panels[seat].draw(surface, [], to_act=seat == state.to_act and not self.busy, tag=tag, pulse=pulse)
        if seat in self.glowing_mages():
            pygame.draw.rect(surface, _GLOW, self.panels[seat].rect.inflate(12, 12), 4 + int(2 * pulse),
                             border_radius=20)
        arcana = self.seat_element("arcana", seat)
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
            words = "Choosing Arcana"
        text.draw(surface, words, layout["arcana"].style, pygame.Rect(x + 4, arcana.y, arcana.right - x - 4,
                                                                      arcana.height), shrink=True)
        text.draw(surface, f"{mage.total} Mana", layout["total"].style, self.seat_element("total", seat))
        step = layout.setting("counter_step").int()
        for index, element in enumerate(ELEMENTS):
            rect = self.seat_element("counter", seat).move(index * step, 0)
            self._draw_counter(surface, rect, element, mage.mana.get(element))
        if mage.faded.total:
            text.draw(surface, f"colourless: {mage.faded.total}", layout["faded"].style, self.seat_element("faded", seat))
        links = [b for a, b in flow.links if a == seat]
        if links:
            text.draw(surface, "Earth Link to " + ", ".join(state.mages[b].name for b in links),
                      layout["faded"].style, self.seat_element("faded", seat).move(0, 0 if not mage.faded.total else 0),
                      shrink=True)

    def _draw_symbol_disc(self, surface: pygame.Surface, centre: tuple[int, int], element: str, radius: int) -> None:
        """An element as a disc of its Mana colour with its symbol (Ether: violet)."""
        colour = MANA_COLOURS.get(element, (123, 92, 196))
        pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.circle(surface, (20, 20, 24), centre, radius, 2)
        glyph = self._glyph(element, int(radius * 1.25), (20, 20, 24) if element == "air" else (250, 248, 240))
        if glyph is not None:
            surface.blit(glyph, glyph.get_rect(center=centre))

    def _draw_counter(self, surface: pygame.Surface, rect: pygame.Rect, element: str, count: int) -> None:
        """A Mana counter: a disc of the colour with the element's symbol, and how many."""
        self._draw_symbol_disc(surface, (rect.x + 20, rect.centery), element, 19)
        self.app.text.draw(surface, str(count), self.layout["counter"].style,
                           pygame.Rect(rect.x + 44, rect.y, rect.width - 44, rect.height))

    def _draw_tray(self, surface: pygame.Surface, pulse: float) -> None:
        layout = self.layout
        draw_box(surface, layout["tray"].rect, layout["tray"].style)
        state = self.state
        flow = state.flow
        titles = {"power": "The Power Roll", "chance": "The Chance Roll", "cosmic": "The Cosmic Roll",
                  "ether": "The Cosmic Roll's Ether roll", "opposition": "An opposition roll"}
        title = titles.get(flow.roll, "The dice") if flow.dice else "The dice wait for the Power Roll"
        if flow.stage == "oppose":
            title = "Elemental Opposition: pick up the glowing dice to roll against the active mage"
        elif self.spell is not None:
            title = f"{self.content.spell(self.spell).name}: click a glowing die or mage"
        self.app.text.draw(surface, title, layout["tray_title"].style, layout["tray_title"].rect, shrink=True)
        glowing = self.glowing_dice()
        label_style = layout["die_label"].style
        for index, die in enumerate(flow.dice):
            sprite = self.sprites.get(index)
            face = die.face
            angle = 0.0
            x, y = self.die_centre(index)
            if sprite is not None and self.busy:
                faces = self.tumbling_faces.get(index)
                face = faces[sprite.face - 1] if faces and isinstance(sprite.face, int) and 1 <= sprite.face <= 6 \
                    else die.face
                x, y, angle = sprite.x, sprite.y, sprite.angle
            alpha = 90 if die.destroyed or die.charred else 255
            lift = 0.3 if index in self.selected else 0.0
            self.art.draw(surface, die.kind, face, (x, y), self.die_size, angle, lift, alpha)
            rect = self.die_rect(index)
            if index in glowing:
                width = 6 if index in self.selected else 3 + int(2 * pulse)
                pygame.draw.rect(surface, _GLOW, rect.inflate(14, 14), width, border_radius=22)
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
        owner = state.mages[flow.active].name if flow.stage not in ("draft_major", "draft_minor",
                                                                   "start_mana") else ""
        self.app.text.draw(surface, f"{owner}'s Channel (not yet banked)" if owner else "The Channel",
                           layout["channel_title"].style, layout["channel_title"].rect, shrink=True)
        step = layout.setting("channel_step").int()
        for index, element in enumerate(ELEMENTS):
            rect = pygame.Rect(layout["channel_counter"].rect).move(index * step, 0)
            self._draw_counter(surface, rect, element, flow.channel.get(element))
        extras = []
        if flow.ether_leak:
            extras.append("Ether Leak: spells cost 1 more")
        round_text = f"Round {min(flow.round, 6)} of 6" + (f"  ·  {'; '.join(extras)}" if extras else "")
        marker = pygame.Rect(layout["round"].rect)
        glyph = self._glyph("round", marker.height)
        if glyph is not None:                   # the Round Marker: a die used only as a counter
            surface.blit(glyph, glyph.get_rect(midleft=marker.midleft))
            marker = marker.move(marker.height + 10, 0)
        self.app.text.draw(surface, round_text, layout["round"].style, marker, shrink=True)

    def _draw_choices(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_box(surface, layout["choices"].rect, layout["choices"].style)
        state = self.state
        if self.picked:
            title = f"Chosen so far: {mana_text(self.picked)}"
        elif self.spell is not None:
            title = f"{self.content.spell(self.spell).name}: {self.content.spell(self.spell).text}"
        elif state.flow.stage == "cast":
            title = "Your spells (cost in Mana of the spell's element, from your Pool)"
        elif self.choice_buttons:
            title = self.rules.prompt(state)
        else:
            title = self._idle_line()
        self.app.text.draw(surface, title, layout["choices_title"].style, layout["choices_title"].rect, shrink=True)
        for button in self.choice_buttons:
            button.draw(surface)
        if not self.choice_buttons and not self.picked and self.spell is None and state.flow.stage != "cast":
            # Nothing to choose here now: each mage's spells, so the table knows what may come.
            line = pygame.Rect(layout["choice"].rect[0], layout["choice"].rect[1], 1850, 44)
            for seat, mage in enumerate(state.mages):
                if not (mage.major and mage.minor):
                    continue
                spells = ", ".join(dict.fromkeys(f"{s.name} ({self.rules.cost(state, seat, s.level)} {s.element})"
                                                 for _, s in self.rules.entries(state, seat)))
                self.app.text.draw(surface, f"{mage.name}: {spells}", layout["faded"].style,
                                   pygame.Rect(line.x, line.y + seat * 48, line.width, line.height), shrink=True)

    def _idle_line(self) -> str:
        state = self.state
        flow = state.flow
        if flow.stage == "over":
            return self.rules.prompt(state)
        if any(m.minor for m in state.mages):
            return "The spells each mage may cast, with their cost now:"
        return "The Arcana draft: each mage takes a Major, then a Minor; the pair makes the mage's type."

    # ================================================================ help
    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        state = self.state
        for button in self.choice_buttons:
            if button.rect.collidepoint(pos):
                spell = next((s for s in self.content.spells if button.text.startswith(s.name + " (")), None)
                if spell is not None:
                    return (f"{spell.name} ({spell.element}, level {spell.level}): {spell.text}", button.rect.midtop)
        for index, die in enumerate(state.flow.dice):
            rect = self.die_rect(index)
            if rect.collidepoint(pos):
                face = " and ".join(symbols(die.face))
                extra = " It is the Sun die: no spell can touch it." if die.kind == SUN else ""
                return f"The {die.kind.replace('_', ' ')} die shows {face}.{extra}", rect.midtop
        for seat, mage in enumerate(state.mages):
            if self.panels[seat].rect.collidepoint(pos) and mage.major and mage.minor:
                kind = self.content.mage_type(mage.major, mage.minor)
                spells = ", ".join(dict.fromkeys(s.name for _, s in self.rules.entries(state, seat)))
                return (f"{mage.name}: {TYPE_NAMES.get(kind, kind)} ({mage.major} Major, {mage.minor} Minor). "
                        f"Pool: {mana_text(list(mage.mana.units()) + ['pale-' + u for u in mage.faded.units()])}. "
                        f"Spells: {spells}."), self.panels[seat].rect.midbottom
        if pygame.Rect(self.layout["channel"].rect).collidepoint(pos):
            return ("The Channel: Mana scored this turn, not yet safe. Bank it into the Pool, or push on: a Sun "
                    "on the Chance or Cosmic Roll sends it all back to the Flux."), \
                pygame.Rect(self.layout["channel"].rect).midtop
        return None

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        items = []
        for element in (*ELEMENTS, "ether"):
            items.append((self.art.face("fire", element, 44), f"{element.capitalize()} symbol"))
        items.append((self.art.face("fire", "fire+fire", 44), "A double: counts 2"))
        items.append((self.art.face("sun", "sun", 44), "The Sun (Sun die only)"))
        for element, colour in MANA_COLOURS.items():
            swatch = pygame.Surface((44, 44), pygame.SRCALPHA)
            pygame.draw.circle(swatch, colour, (22, 22), 19)
            items.append((swatch, f"{element.capitalize()} Mana"))
        return items


def busiest_table(app):
    """The bench's scene: five mages mid-game, dice tumbling."""
    from tabletop.core.bots import RandomBot
    from tabletop.core.controller import MatchController
    from tabletop.registry import get_rules

    rules = get_rules("elementalis")
    match = MatchController(rules, None, ["Ann", "Bo", "Cy", "Di", "Ed"], 2026)
    bot = RandomBot(3)
    while match.state.flow.round < 2 or not match.state.flow.dice or match.state.flow.stage not in ("push", "turn"):
        match.submit(bot.choose(match.legal_intents()))
    table = app.scenes.open("table", match=match)
    view = table.view
    rolls = [0]

    def roll_again() -> None:
        rolls[0] += 1
        dice = view.state.flow.dice
        faces = tuple(view.content.dice[d.kind][(rolls[0] + i) % 6] for i, d in enumerate(dice))
        view.animate((ev.Rolled(view.state.flow.active, "power", tuple(range(len(dice))), faces),))

    return table, roll_again
