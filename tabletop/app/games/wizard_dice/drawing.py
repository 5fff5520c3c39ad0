"""The Wizard Dice table drawn: the wizards' panels, the tray of dice, the wizard's spells or the reveal board,
the carry, and the spell book (its rows through the shared row face of :mod:`tabletop.app.cards`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tabletop.games.wizard_dice.intents import Keep, Release
from tabletop.games.wizard_dice.queries import WizardDiceQueries
from tabletop.games.wizard_dice.state import Stage, State
from tabletop.games.wizard_dice.wording import dice_text

from ...cards import RowFace, RowLook, draw_row
from ...marks import bot_words
from ...choosing import Target
from ...text import draw_box, smallest_shrunk
from .choices import Chosen, WizardDiceChoices
from .help import CATEGORY_SYMBOL, targets_text
from .offer import free_indices, own_secret
from .reveal import Shown

if TYPE_CHECKING:
    from .geometry import WizardDiceGeometry

__all__ = ["TableDrawing"]


class TableDrawing:
    """The view's drawing (mixed into the Wizard Dice view, whose ``__init__`` sets the attributes below)."""

    app: Any
    table: Any
    rules: WizardDiceQueries
    layout: Any
    theme: Any
    book: Any
    dice_art: Any
    geometry: "WizardDiceGeometry"
    choices: WizardDiceChoices
    panels: list[Any]
    meters: list[Any]
    sprites: dict[int, Any]
    shown_hp: list[int]
    shown_allies: list[list[tuple[int, str, int]]]
    board: list[Shown]
    phase_title: str
    current: tuple[int, str] | None
    before: State | None
    menu_bar: Any
    glow: frozenset[Target]
    _hinted: tuple[Any, list[int]] | None = None      # the hint on screen, and the dice it names to keep
    if TYPE_CHECKING:
        @property
        def state(self) -> State: ...

        @property
        def revealing(self) -> bool: ...

        def bar_of(self, seat: int, hp: int) -> float: ...

        def is_fallen(self, state: State, seat: int) -> bool: ...

        def draw_fallen(self, surface: pygame.Surface, seat: int) -> None: ...

    @property
    def picks(self) -> WizardDiceChoices:
        """The choices of the screen (made as the view is built, and again after every change)."""
        return self.choices

    @property
    def chosen(self) -> Chosen:
        """What the player has chosen so far."""
        return self.picks.selection

    def _symbol(self, name: str, size: int, tint: str = "wd_symbol") -> pygame.Surface | None:
        return self.dice_art.symbol(name, size, self.theme.rgb(tint))

    # ---------------------------------------------------------------- a wizard's panel
    def _draw_panel(self, surface: pygame.Surface, state: State, seat: int, pulse: float) -> None:
        # While a reveal is stepped, the panels show the table as it was before it (HP and allies move
        # with each step); the state already holds the end of the round.
        revealing = self.revealing
        state = self.before if revealing and self.before is not None else state
        wizard = state.wizards[seat]
        flow = state.flow
        tag = ""
        if revealing:
            tag = "FALLEN" if not wizard.alive or self.shown_hp[seat] <= 0 else ""
        elif not wizard.alive:
            tag = "FALLEN"
        elif flow.stage == Stage.OVER:
            tag = "WINNER" if seat in flow.winners else ""
        elif flow.stage == Stage.SECRET and wizard.secret is not None:
            tag = "COMMITTED" if wizard.secret.committed else ("CASTING" if seat == state.to_act else "WAITING")
        to_act = seat == state.to_act and not revealing
        self.panels[seat].draw(surface, [], to_act=to_act, tag=tag, pulse=pulse)
        hp = self.shown_hp[seat] if seat < len(self.shown_hp) else wizard.hp
        self.meters[seat].draw(surface, hp, state.start_hp, bar=self.bar_of(seat, hp))
        if self.is_fallen(state, seat):
            self.draw_fallen(surface, seat)
        self._draw_markers(surface, state, seat)
        self._draw_allies(surface, state, seat)
        if state.teams:
            self._draw_team(surface, state, seat)
        if Target("wizard", seat) in self.glow:
            pygame.draw.rect(surface, self.theme.rgb("glow"), self.panels[seat].rect.inflate(12, 12),
                             4 + int(2 * pulse), border_radius=20)

    def _draw_team(self, surface: pygame.Surface, state: State, seat: int) -> None:
        """In a team game, the wizard's team as a shape and a word at the right of the markers' line (not colour
        alone)."""
        box = self.team_badge_rect(state, seat)
        team = state.teams[seat]
        style = self.layout["markers"].style
        pygame.draw.rect(surface, self.theme.rgb("panel_light"), box, border_radius=10)
        centre = (box.x + 20, box.centery)
        mark = self.theme.rgb("text")
        if team == 0:
            pygame.draw.polygon(surface, mark, [(centre[0], centre[1] - 11), (centre[0] + 11, centre[1]),
                                                (centre[0], centre[1] + 11), (centre[0] - 11, centre[1])])
        else:
            pygame.draw.circle(surface, mark, centre, 10)
        self.app.text.draw(surface, f"Team {team + 1}", style, pygame.Rect(box.x + 36, box.y, box.width - 40,
                                                                             box.height))

    def team_badge_rect(self, state: State, seat: int) -> pygame.Rect:
        """Where a wizard's team badge lies: at the right of the markers' line (the bottom right corner is the
        bot's badge), as wide as its words, left of a fallen wizard's mark."""
        style = self.layout["markers"].style
        markers = self.geometry.seat_element("markers", seat)
        width = self.app.text.size(f"Team {state.teams[seat] + 1}", style.font, style.size)[0] + 52
        box = pygame.Rect(0, 0, width, markers.height)
        box.midright = (markers.right - (48 if not state.wizards[seat].alive else 0), markers.centery)
        return box

    def _draw_markers(self, surface: pygame.Surface, state: State, seat: int) -> None:
        """Poison ticks to come, paralysis, Shell shields, continued dice; a fallen wizard's mark."""
        wizard = state.wizards[seat]
        flow = state.flow
        text = self.app.text
        markers = self.geometry.seat_element("markers", seat)
        x = markers.x
        style = self.layout["markers"].style
        items: list[tuple[str, str]] = []
        if wizard.poison:
            items.append(("poison", f"{len(wizard.poison)}"))
        paralysis = wizard.paralysis_next if flow.stage in (Stage.CARRY, Stage.OVER) else wizard.paralysed
        if paralysis:
            items.append(("paralysis", f"-{paralysis}"))
        shells = wizard.shells or wizard.shells_next
        if shells:
            items.append(("shield", "+".join(str(v) for v in shells)))
        for symbol, words in items:
            glyph = self._symbol(symbol, 34, "wd_marker")
            if glyph is not None:
                surface.blit(glyph, glyph.get_rect(midleft=(x, markers.centery)))
            x += 40
            used = text.draw(surface, words, style, pygame.Rect(x, markers.y, 90, markers.height))
            x = used.right + 18
        if wizard.continued:
            used = text.draw(surface, "carried", style, pygame.Rect(x, markers.y, 110, markers.height))
            x = used.right + 8
            for value in wizard.continued:
                self.dice_art.draw(surface, "continued", value, (x + 18, markers.centery), 36)
                x += 42
        if not wizard.alive:
            glyph = self._symbol("dead", 40, "wd_fallen")
            if glyph is not None:
                surface.blit(glyph, glyph.get_rect(midright=markers.midright))

    def ally_room(self, seat: int) -> pygame.Rect:
        """The allies' line of a panel, left of the bot's badge (bottom right) when a bot plays the seat."""
        panel = self.panels[seat].rect
        line = pygame.Rect(panel.x, panel.bottom - 70, panel.width - 10, 70)
        kind = self.panels[seat].bot() if self.panels[seat].bot is not None else None
        if kind is not None:
            style = self.app.layouts["table"]["bot_badge"].style
            width, height = self.app.text.size(bot_words(kind), style.font, style.size)
            line.width -= width + int(height * 0.7) + 30
        return line

    def _draw_allies(self, surface: pygame.Surface, state: State, seat: int) -> None:
        """Allies: dice showing their HP, lit when they may be clicked; with 3+ wizards, whom each attacks."""
        wizard = state.wizards[seat]
        text = self.app.text
        allies = self.shown_allies[seat] if seat < len(self.shown_allies) else []
        label = self.geometry.seat_element("allies_label", seat)
        style = self.layout["allies_label"].style
        aims = {a.number: a.aim for a in wizard.allies}
        secret = wizard.secret
        if secret is not None and secret.seal != "hidden":
            aims.update(dict(secret.aims))      # this round's new orders, seen only by their wizard
        shown = [number for number, _, _ in allies]
        at = {aims[number] for number in shown if number in aims}
        one_aim = len(state.wizards) > 2 and len(at) == 1 and all(number in aims for number in shown)
        # Allies all sent at one wizard say so before their dice ("→Ada"): the right of the line is the bot's badge.
        words = f"→{state.wizards[at.pop()].name}" if one_aim else ("Allies" if allies else "No allies")
        text.draw(surface, words, style, label, shrink=True)
        for slot, (number, kind, ally_hp) in enumerate(allies):
            rect = self.geometry.ally_rect(seat, slot)
            self.dice_art.draw(surface, kind, max(0, min(6, ally_hp)), rect.center, rect.width - 4)
            if Target("ally", number) in self.glow:
                width = 5 if self.chosen.ally == number else 3
                pygame.draw.rect(surface, self.theme.rgb("glow"), rect.inflate(8, 8), width, border_radius=12)
            if len(state.wizards) > 2 and number in aims and not one_aim:
                # Allies sent different ways: each die's own arrow, where it fits whole (else its hover tells).
                arrow = f"→{state.wizards[aims[number]].name}"
                room = pygame.Rect(rect.right + 2, rect.y, self.geometry.ally_step, rect.height).clip(
                    self.ally_room(seat))
                if text.size(arrow, style.font, style.size)[0] <= room.width:
                    text.draw(surface, arrow, style, room)

    # ---------------------------------------------------------------- the tray
    def _draw_tray(self, surface: pygame.Surface, state: State, pulse: float) -> None:
        layout = self.layout
        text = self.app.text
        draw_box(surface, layout["tray"].rect, layout["tray"].style)
        secret = own_secret(state, self.table.shows)
        assert secret is not None
        wizard = state.wizards[self.table.shows]
        if not secret.rolled_out:
            title = (f"Your {self.rules.available_dice(wizard)} dice: roll them" if secret.rolls == 0 else
                     f"Roll {secret.rolls} of 3: click a die to keep it (gold) or let it roll again")
        else:
            free = len(free_indices(secret))
            title = (f"Your dice: select some, then a spell in the book ({free} free)" if free else
                     "Every die is in a spell: commit them")
        text.draw(surface, title, layout["tray_title"].style, layout["tray_title"].rect)
        free_dice = set(free_indices(secret)) if secret.rolled_out else set(range(len(secret.dice)))
        selected = self.chosen.dice
        for index, sprite in self.sprites.items():
            kept = secret.kept[index] if index < len(secret.kept) else False
            kind = "continued" if index < secret.fixed else ("kept" if kept and not secret.rolled_out else "wizard")
            alpha = 255 if index in free_dice else 90
            lift = 0.3 if index in selected else 0.0
            self.dice_art.draw(surface, kind, sprite.face, (sprite.x, sprite.y), sprite.size, sprite.angle, lift,
                               alpha)
            rect = self.geometry.die_rect(index)
            if index in selected:
                pygame.draw.rect(surface, self.theme.rgb("glow"), rect.inflate(14, 14).move(0, -8), 5,
                                 border_radius=22)
            if kind == "kept":
                # Kept is said in words too, not by the gold alone (greyscale, colour-blind players).
                label = pygame.Rect(rect.x, rect.bottom + 4, rect.width, layout["kept_label"].rect[3])
                text.draw(surface, "kept", layout["kept_label"].style, label)
        for index in self.hinted_dice():
            # A hint to keep dice glows on every die it names, not only the one to click first.
            pygame.draw.rect(surface, self.theme.rgb("glow"), self.geometry.die_rect(index).inflate(22, 22), 4,
                             border_radius=24)
        text.draw(surface, self._tray_note(state, secret.fixed), layout["tray_note"].style, layout["tray_note"].rect,
                  shrink=True)

    def hinted_dice(self) -> list[int]:
        """The dice of the tray the hint on screen names to keep (none without such a hint); worked out once per
        hint, by a fresh strong bot as the hint's own."""
        hint = self.table.hint()
        if hint is None or not isinstance(hint.intent, (Keep, Release)):
            return []
        if self._hinted is None or self._hinted[0] is not hint:
            view = self.rules.view(self.table.match.state, hint.seat)
            # The type: ignore below: Wizard Dice's strong bot.
            marks = self.rules.make_bot("strong", 0, hint.seat).hinted_keep(view)  # type: ignore[attr-defined]
            self._hinted = (hint, [index for index, keep in enumerate(marks) if keep])
        return self._hinted[1]

    def _tray_note(self, state: State, carried: int) -> str:
        """The line under the dice: carried dice, the spell waiting for its target, what the dice make."""
        note = "Blue dice were carried from last round and keep their values.  " if carried else ""
        chosen = self.chosen
        secret = own_secret(state, self.table.shows)
        if chosen.spell is not None:
            spell = self.book[chosen.spell]
            if not self.picks.aim_targets:
                note += f"{spell.name}: choose"
            elif chosen.aimed:
                note += f"{self.picks.aiming_words()}: click its target (glowing)"
            else:
                note += f"{self.picks.aiming_words()} (glowing)"
        elif secret is not None and secret.rolled_out and chosen.dice:
            names = [self.book[s].name for s in self.picks.exact]
            note += ("These dice make: " + ", ".join(names) + " (click it in the book)") if names else \
                "These dice make no spell yet."
        return note

    def _draw_public_tray(self, surface: pygame.Surface, state: State) -> None:
        layout = self.layout
        draw_box(surface, layout["tray"].rect, layout["tray"].style)
        if state.flow.stage == Stage.SECRET:
            words = "Each wizard rolls and chooses spells in secret; they are revealed together."
        elif state.flow.stage == Stage.UPKEEP:
            words = "Upkeep: a wizard may banish allies to roll their dice this round (click an ally)."
        elif state.flow.stage == Stage.OVER:
            words = self.rules.prompt(state)
        else:
            words = "The reveal: every spell is shown; the five phases resolve in order."
        self.app.text.draw(surface, words, layout["tray_title"].style, layout["tray_title"].rect, shrink=True)
        if self.revealing:
            return                  # how many dice each rolls next is told once the reveal has played
        y = layout["tray_title"].rect[1] + 52
        for seat, wizard in enumerate(state.wizards):
            dice = self.rules.available_dice(wizard)
            line = f"{wizard.name}: {'fallen' if not wizard.alive else str(dice) + ' dice next'}"
            if wizard.alive and state.flow.stage in (Stage.SECRET, Stage.UPKEEP):
                line = f"{wizard.name}: {dice} dice this round"
            column = pygame.Rect(34 + (seat % 2) * 450, y + (seat // 2) * 44, 440, 40)   # left of the round banner
            self.app.text.draw(surface, line, layout["tray_note"].style, column, shrink=True)

    def _draw_carry(self, surface: pygame.Surface, state: State, pulse: float) -> None:
        layout = self.layout
        draw_box(surface, layout["tray"].rect, layout["tray"].style)
        seat = state.to_act
        assert seat is not None
        wizard = state.wizards[seat]
        self.app.text.draw(surface, f"{wizard.name} used {wizard.used} dice: carry up to 2 unused dice into the "
                           "next round (click them)", layout["tray_title"].style, layout["tray_title"].rect, shrink=True)
        selected = self.chosen.dice
        for index, value in enumerate(wizard.unused):
            lift = 0.5 if index in selected else 0.0
            centre = self.geometry.die_centre(index)
            self.dice_art.draw(surface, "continued" if index in selected else "wizard", value, centre,
                               self.geometry.die_size, 0, lift)
            if index in selected:
                pygame.draw.rect(surface, self.theme.rgb("glow"),
                                 self.geometry.die_rect(index).inflate(14, 14).move(0, -14), 5, border_radius=22)

    # ---------------------------------------------------------------- spells: the wizard's, the board's, the book's
    def _draw_my_spells(self, surface: pygame.Surface, state: State) -> None:
        layout = self.layout
        text = self.app.text
        draw_box(surface, layout["spells"].rect, layout["spells"].style)
        secret = own_secret(state, self.table.shows)
        assert secret is not None
        text.draw(surface, "Your spells this round (secret until the reveal; click one to take it back)",
                  layout["spells_title"].style, layout["spells_title"].rect, shrink=True)
        for index, cast in enumerate(secret.casts):
            rect = self.geometry.spell_row_rect(index)
            draw_box(surface, rect, layout["spell_row"].style)
            words = f"{self.book[cast.spell].name}   {dice_text(cast.dice)}   → " + targets_text(state, cast)
            text.draw(surface, words, layout["spell_row"].style, rect.inflate(-24, 0), shrink=True)
        if len(state.wizards) > 2 and self.picks.offer.aims:
            y = self.geometry.spell_row_rect(len(secret.casts)).y
            text.draw(surface, "Click one of your allies to choose whom it attacks.", layout["tray_note"].style,
                      pygame.Rect(34, y, layout["tray_note"].rect[2], 40))

    def _draw_board(self, surface: pygame.Surface, state: State) -> None:
        layout = self.layout
        text = self.app.text
        draw_box(surface, layout["spells"].rect, layout["spells"].style)
        title = self.phase_title or ("Spells of the last reveal" if self.board else "No spells revealed yet")
        text.draw(surface, title, layout["phase_title"].style, layout["phase_title"].rect, shrink=True)
        if any(button.visible for button in self.menu_bar.buttons):
            return                  # the Counterspell's answers take the board's place
        order = self.geometry.board_columns(self.board)
        for column, caster in enumerate(order):
            head = self.geometry.reveal_head_rect(column)
            text.draw(surface, state.wizards[caster].name, layout["reveal_name"].style, head,
                      colour=(*self.panels[caster].colour, 255))
            rows = [s for s in self.board if s.caster == caster]
            room = 3                # three rows, then a line naming the others
            for row, shown in enumerate(rows[:room]):
                self._draw_shown(surface, state, self.geometry.reveal_rect(column, row), shown)
            if len(rows) > room:
                more = self.geometry.reveal_rect(column, room)
                names = ", ".join(self.book[s.spell].name for s in rows[room:])
                text.draw(surface, f"+ {names}", layout["tray_note"].style,
                          pygame.Rect(more.x + 4, more.y, more.width - 8, 34), shrink=True)
        if not self.board and state.flow.stage == Stage.SECRET:
            text.draw(surface, "Nothing is shown until every wizard has committed.", layout["tray_note"].style,
                      self.geometry.reveal_rect(0, 0).inflate(1000, 0).move(500, 0))

    def _draw_shown(self, surface: pygame.Surface, state: State, rect: pygame.Rect, shown: Shown) -> None:
        """One cast on the reveal board: framed while it is the step shown, struck through once cancelled."""
        layout = self.layout
        text = self.app.text
        row_style = layout["reveal_row"].style
        current = self.current == (shown.caster, shown.spell)
        draw_box(surface, rect, row_style, border=self.theme.rgb("glow") if current else None)
        name = self.book[shown.spell].name
        colour = (*self.theme.rgb("wd_cancelled"), 255) if shown.cancelled else None
        # The dice beside the name where the column has room for both (at five wizards the name alone: the
        # move log gives the dice).
        room = rect.width - 20
        first = f"{name} · {dice_text(shown.dice)}"
        detail = shown.note or ("→ " + targets_text(state, shown))
        if text.size(first, row_style.font, row_style.size)[0] > room:
            first = name
        smallest = smallest_shrunk(row_style.size)
        if text.size(first, row_style.font, smallest)[0] > room and " " in first:
            # A name too long even shrunk ("Cure Heavy Wounds" at five wizards): its last words open the line
            # below, before the targets, rather than being cut.
            words = first.split(" ")
            cut = max((k for k in range(1, len(words))
                       if text.size(" ".join(words[:k]), row_style.font, smallest)[0] <= room), default=1)
            first, detail = " ".join(words[:cut]), " ".join(words[cut:]) + " " + detail
        text.draw(surface, first, row_style, pygame.Rect(rect.x + 12, rect.y + 1, room, 28), colour=colour,
                  shrink=True)
        text.draw(surface, detail, layout["tray_note"].style,
                  pygame.Rect(rect.x + 12, rect.y + 29, rect.width - 20, 28), shrink=True)
        if shown.cancelled:
            pygame.draw.line(surface, self.theme.rgb("wd_fallen"), (rect.x + 10, rect.y + 18),
                             (rect.right - 10, rect.y + 18), 3)

    def _draw_book(self, surface: pygame.Surface, pulse: float) -> None:
        layout = self.layout
        draw_box(surface, layout["book"].rect, layout["book"].style)
        self.app.text.draw(surface, "Spell book", layout["book_title"].style, layout["book_title"].rect)
        formable = self.picks.formable
        exact = set(self.picks.exact)
        look = self.book_look
        for index, spell in enumerate(self.book.spells):
            spell_id = spell.spell_id
            state = "chosen" if spell_id == self.chosen.spell or spell_id in exact else \
                "offered" if spell_id in formable else "dim"
            face = RowFace(spell.name, cost=spell.pattern.short(), symbol=CATEGORY_SYMBOL[spell.category],
                           state=state)
            draw_row(surface, self.geometry.book_row_rect(index), face, look, self.app.text, self.dice_art, pulse)

    @property
    def book_look(self) -> RowLook:
        """How the book's rows look: the glyph of the kind of spell, the name, its pattern in words."""
        theme = self.theme
        pattern = self.layout["book_pattern"]
        return RowLook(self.layout["book_row"].style, glow=theme.rgb("glow"), tint=theme.rgb("wd_symbol"),
                       cost=pattern.style, cost_width=pattern.rect[2],
                       icon_size=26, icon_x=6, title_x=35, title_width=0,
                       chosen_fill=theme.rgb("wd_book_chosen"), offered_fill=theme.rgb("wd_book_formable"),
                       chosen_frame=2, dim=(*theme.rgb("wd_book_dim"), 255), pulse_frame=True)
