"""The Elemental Dice table on screen: two player columns, the seven dice, the chain, the shop and the hand.

Where things lie is :mod:`.geometry`; what a click means is :mod:`.choices` (from the
rules' legal intents only: this view never builds a move); what the table says is
:mod:`.help`; how the events of a move play out is :mod:`.animations` and how each
part is drawn :mod:`.drawing`.  This module ties them together: it keeps the
selection and the hover, hit-tests input, and draws the parts in order.

Who sees what is the table's business (``screens/table.py``): the state drawn here
is the rules' view for the seat at the screen, so another player's hand, face-down
cards and (unless public) discard pile arrive as backs.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Sequence, cast

import pygame

from tabletop.core.values import Value
from tabletop.games.elemental_dice import events as ev
from tabletop.games.elemental_dice.cards import DICE
from tabletop.games.elemental_dice.intents import Pass, Respond
from tabletop.games.elemental_dice.queries import ElementalDiceQueries
from tabletop.games.elemental_dice.state import HIDDEN, Phase

from ...cards import CardArt, CardFace
from ...choosing import Move, Slot, Target
from ...gameview import GameViewBase, TableStatus, Tooltip
from ...marks import Mark
from ...text import draw_box
from ...widgets import ActionBar
from . import help as words
from .animations import Picture
from .choices import Chosen, ElementalDiceChoices, pile_of
from .drawing import Painter
from .faces import TYPES, card_face, die_key, type_colour
from .geometry import ElementalDiceGeometry
from .marks import CHAIN, PANEL, last_move_marks

__all__ = ["ElementalDiceView", "ANSWER_WAIT", "TABLE_PASSES"]

#: How the table passes for its players (see ``table_option``).
TABLE_PASSES: dict[str, str] = {"pass_own": "on", "answer_wait": "on"}
#: How long a public prompt ("Bo: answer Fire, or pass?") is shown before it passes by itself (the same whether
#: or not the player could answer: the wait tells nothing).
ANSWER_WAIT = 4.0

#: Where the choices' buttons are (in the order of :data:`.choices.BUTTONS`), in three bars, and their keys: the
#: three buttons of the moment (in a normal or a primary look; Space presses the highlighted one, see the
#: choices' ``space_slot``), − 1 and + 1 of a payment, the picker's button.
_BARS = ((("button_1", None), ("button_2", None), ("button_3", None)),
         (("minus", pygame.K_MINUS), ("plus", pygame.K_EQUALS)),
         (("picker_button", pygame.K_RETURN),))


class ElementalDiceView(GameViewBase[ElementalDiceChoices]):
    """Draws the Elemental Dice table, animates its events and turns input into its choices' replies."""

    Choices = ElementalDiceChoices
    choices: ElementalDiceChoices
    selection: Chosen
    rules: ElementalDiceQueries

    def __init__(self, app: Any, table: Any, match: Any) -> None:
        super().__init__(app, table, match)
        layout = self.layout
        self.theme = app.layouts.theme
        self.book = match.rules.book                # the cards' data
        self.dice_art = app.dice_for("elemental_dice")
        self.cards = CardArt(app, self.dice_art)
        self.geometry = ElementalDiceGeometry(layout, len(match.seats))
        self.selection = Chosen()
        self.glow: frozenset[Target] = frozenset()
        self.hover_shop: int | None = None
        self.hover_chain: int | None = None
        self.hover_facedown: tuple[int, int] | None = None
        buttons, payment, picker = ([layout[name] for name, _ in bar] for bar in _BARS)
        self.action_bar = ActionBar(app, buttons, [key for _, key in _BARS[0]],
                                    looks=(layout["control"], layout["control_primary"]))
        self.pay_bar = ActionBar(app, payment, [key for _, key in _BARS[1]])
        self.picker_bar = ActionBar(app, picker, [key for _, key in _BARS[2]])
        self.menu_bar = ActionBar.repeated(app, layout["value_chip"], 6, (layout["value_chip"].rect[2] + 12, 0))
        self.picture = Picture(self)
        self.painter = Painter(self)
        self.handlers = self.picture.handlers()
        self.last_private: int | None = None               # the seat whose view the screen showed last
        self.touched = False                               # a click or key since the screen last showed it
        self.prompt_key: tuple[int, str] | None = None      # the public prompt whose wait runs
        self.prompt_shown = 0.0                            # how long it has been shown
        self.sync()

    # ================================================================ state -> picture
    def sync(self) -> None:
        """Every piece where the rules say, no animation."""
        if self.table.shows is not None:
            self.last_private, self.touched = self.table.shows, False
        self.picture.reset(self.state)
        # A card chosen while the last move still played out stays chosen (the choices drop it if no move can
        # use it now): the end of an animation must not undo a player's click.
        self.selection = replace(self.selection, die=None, among=None)
        self.painter.grid.scroll = 0
        self.refresh()

    def show_choices(self) -> None:
        """The buttons, the value chips, what glows, and the geometry of this screen."""
        choices = self.choices
        slots = choices.buttons()
        self.action_bar.show(slots[:3])
        self.pay_bar.show(slots[3:5])
        self.picker_bar.show(slots[5:])
        menu = choices.menu()
        self.menu_bar.show(menu.items if menu is not None else ())
        self.glow = choices.glowing()
        self.place()

    def place(self) -> None:
        """The geometry for this screen: its shows, the picker's cards and scroll."""
        picker = len(self.choices.picker()) if self.choices.picking else None
        self.geometry = self.geometry.screen(self.table.shows, picker, self.painter.grid.scroll)

    def face(self, card: str) -> CardFace | None:
        """The face of a card the screen may show (None for a hidden one)."""
        if card == HIDDEN:
            return None
        return card_face(self.book, card, self.theme, self.state.prometheus)

    def animate(self, events: Sequence[Value]) -> None:
        """As every view, with one extra: dice rolled by one move (the opening roll) tumble together."""
        picture = self.picture
        picture.rolling_together = False
        previous = None
        for event in events:
            if not isinstance(event, ev.DieRolled) or not isinstance(previous, ev.DieRolled):
                picture.rolling_together = False
            previous = event
            handler = self.handlers.get(type(event))
            if handler is not None:
                handler(event)
        self.timeline.speed = self.animation_factor
        self.timeline.add(0.0, on_end=self.sync)
        self.refresh()

    # ================================================================ input
    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keys (clicks wait while anything moves, except choosing a card)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.table.shows is None:
            self.touched = True            # someone used the public screen: it may have changed hands
        if self.busy:
            # Choosing the card for the next move changes nothing yet, so it may be done while things move.
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.hover(event.pos)
                self.apply(self.choices.click_early(self.geometry.target_at(self.state, event.pos)))
            return
        for bar in (self.picker_bar, self.action_bar, self.pay_bar, self.menu_bar):
            reply = bar.handle(event)
            if reply is not None:
                self.apply(reply)
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            slot = self.choices.space_slot()          # the highlighted button (a public pass, Play ...)
            if slot is not None:
                self.app.audio.play("click")
                self.apply(slot.reply)
            return
        picking = self.choices.picking
        if event.type == pygame.MOUSEWHEEL and picking:
            self.painter.grid.scroll_by(event.y, len(self.choices.picker()))
            self.place()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.hover(event.pos)        # the click's own position, even if no motion came before it
            self.click_target(self.geometry.target_at(self.state, event.pos))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.apply(self.choices.clear())
        elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_7 and not picking:
            self.click_target(Target("die", DICE[event.key - pygame.K_1]))

    def hover(self, pos: tuple[int, int]) -> None:
        """Remember what the mouse is over: a hand, shop, chain or face-down card is drawn at full size."""
        state = self.state
        geometry = self.geometry
        painter = self.painter
        painter.hand.hover(pos, len(geometry.hand(state)))
        self.hover_shop = next((i for i in range(len(state.shop_row)) if geometry.shop_rect(i).collidepoint(pos)),
                               None)
        self.hover_chain = next((i for i in reversed(range(geometry.chain_count(state)))
                                 if geometry.chain_rect(state, i).collidepoint(pos)), None)
        self.hover_facedown = None
        for seat, player in enumerate(state.players):
            for index in range(len(player.facedown)):
                if geometry.facedown_rect(seat, index).collidepoint(pos):
                    self.hover_facedown = (seat, index)
        picker = self.choices.picker() if self.choices.picking else ()
        painter.grid.hovered = painter.grid.card_at(pos, len(picker)) if self.choices.picking else None

    def look_at(self, target: Target) -> None:
        """Open a pile to look through: a player's discard or removed pile, or the shop's discard pile."""
        state = self.state
        if target.kind == "pile":
            seat, pile = pile_of(target)
            title, cards = words.pile_title(state, seat, pile), getattr(state.players[seat], pile)
        else:
            title, cards = words.SHOP_DISCARD, state.shop_discard
        self.app.scenes.open("pile", title=title, cards=[self.face(c) for c in cards], art=self.cards)

    def position_of(self, move: Move) -> tuple[int, int] | None:
        """Where a player clicks to make ``move``: a button of its bar; a hand card where the next one does not
        cover it; a picker card once the wheel has brought it into view."""
        if move.kind == "button":
            bars = [*self.action_bar.buttons, *self.pay_bar.buttons, *self.picker_bar.buttons]
            return bars[move.index].rect.center
        target = move.target
        if move.kind == "target" and target is not None and target.kind == "hand":
            hand = self.geometry.hand(self.state)
            return self.geometry.hand_point(len(hand), hand.index(str(target.key)))
        if move.kind == "target" and target is not None and target.kind == "pick":
            count = len(self.choices.picker())
            grid = self.painter.grid
            for _ in range(100):
                if grid.area.contains(grid.rects(count)[cast(int, target.key)]):
                    break
                grid.scroll_by(-1, count)          # as the wheel scrolls down
                self.place()
        return super().position_of(move)

    def cover_answer(self) -> tuple[str, Value] | None:
        """The public answer the cover before this screen may offer (see the choices)."""
        return self.choices.cover_answer()

    def answer_without_cover(self) -> Value | None:
        """The pass on a player's own card once the rival has passed on it, made at once when their "Pass on my
        own card" setting of the table is on (the default): it tells nothing, as it never depends on what they hold."""
        state = self.match.state
        flow = state.flow
        if flow.phase != Phase.WINDOW or flow.responding or not flow.chain or flow.passes != 1:
            return None
        seat = flow.priority
        if flow.chain[-1].controller != seat or self.table_option("pass_own") != "on":
            return None
        return next((i for i in self.match.legal_intents() if isinstance(i, Pass) and i.seat == seat), None)

    def table_option(self, key: str) -> str:
        """How this table passes for its players: ``pass_own`` (a player's pass on their own card once the rival
        has passed) and ``answer_wait`` (a public prompt passes by itself): "on" at every table, as neither
        depends on what anyone holds (a test may turn them off to click every pass)."""
        return TABLE_PASSES.get(key, "on")

    # ---------------------------------------------------------------- the public prompt's own time
    def public_pass(self) -> Slot | None:
        """The pass of a public prompt this screen shows ("Bo: pass"), when the table's prompts pass by
        themselves (the default): the same wait whatever they hold, so the wait tells nothing (rulings A.5)."""
        if self.table.shows is not None or self.choices.picking or self.busy:
            return None
        slot = self.choices.space_slot()
        intent = slot.reply.intent if slot is not None else None
        if not isinstance(intent, Pass) or Respond not in self.choices.plain:
            return None
        return slot if self.table_option("answer_wait") == "on" else None

    def update(self, dt: float) -> None:
        """As every view; and a public prompt passes by itself once it has been shown ANSWER_WAIT seconds (only
        while the table is on top: not behind the rules, the menu or the cover)."""
        super().update(dt)
        slot = self.public_pass()
        key = (len(self.match.journal), slot.text) if slot is not None else None
        if key != self.prompt_key:
            self.prompt_key, self.prompt_shown = key, 0.0
        if slot is None or self.app.scenes.top is not self.table:
            return
        self.prompt_shown += dt
        if self.prompt_shown >= ANSWER_WAIT:
            self.prompt_key = None
            touched = self.touched
            self.apply(slot.reply)
            self.touched = touched          # the pass made by itself touches nothing

    def cover_needless(self, seat: int) -> bool:
        """The screen goes back to the seat it showed last without the cover when nobody has touched it since:
        the public prompts between passed by themselves, so it is still in that player's hands."""
        return seat == self.last_private and not self.touched

    def answer_time_left(self) -> float | None:
        """The share of the public prompt's wait still to run (None: no prompt passes by itself now)."""
        if self.prompt_key is None or self.public_pass() is None:
            return None
        return max(0.0, 1.0 - self.prompt_shown / ANSWER_WAIT)

    # ================================================================ words
    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        """What a die, a card in play, a face-down card, a pile, HP, gold or the shop means."""
        return self.explain_at(pos)

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """The seven dice and the card colours, for the rules screen."""
        items = [(self.dice_art.face(die_key(die), 5, 44), words.legend_line(die))
                 for die in DICE]
        for kind in TYPES:
            swatch = pygame.Surface((44, 44), pygame.SRCALPHA)
            pygame.draw.rect(swatch, self.theme.rgb(type_colour(kind)), swatch.get_rect(), border_radius=8)
            items.append((swatch, words.TYPE_LEGEND[kind] + "."))
        badge = self.app.layouts["pieces"]["duration_badge"]
        sample = pygame.Surface((44, 44), pygame.SRCALPHA)
        draw_box(sample, sample.get_rect().inflate(-2, -2), badge.style)
        self.app.text.draw(sample, "2", badge.style, sample.get_rect())
        items.append((sample, words.BADGE_LEGEND))
        return items

    def mark_rect(self, target: Target) -> pygame.Rect | None:
        """A card on the chain or a player's panel (the geometry clicks neither), else where the geometry puts a
        target."""
        if target.kind == CHAIN:
            state = self.state
            cards = [pending.card for pending in state.flow.chain] + (
                [state.flow.executing.card] if state.flow.executing else [])
            if target.key not in cards:
                return None
            return self.geometry.chain_rect(state, len(cards) - 1 - cards[::-1].index(target.key))
        if target.kind == PANEL:
            return self.geometry.at("panel", cast(int, target.key))
        if target.kind == "pile":
            # Beside the pile's count, never on it: the mark's badge (at its top right) sits below the count.
            seat, pile = pile_of(target)
            return self.geometry.pile_mark_rect(seat, pile, self.app.layouts["cards"]["pile_count"].rect[2:])
        if target.kind == "gold":
            # Around the coin, the number beside it left uncovered ("7 gold" stays readable).
            return self.geometry.gold_mark_rect(cast(int, target.key))
        return super().mark_rect(target)

    def number_rects(self) -> list[pygame.Rect]:
        """Where the table prints a number a mark must never cover: each pile's count, each player's gold and
        actions."""
        state = self.state
        badge = self.app.layouts["cards"]["pile_count"].rect[2:]
        out = [self.geometry.pile_count_rect(seat, pile, badge)
               for seat in range(len(state.players)) for pile in words.PILES]
        style = self.app.layouts["pieces"]["counter_text"].style
        for seat, player in enumerate(state.players):
            width, _ = self.app.text.size(f"{player.gold} gold", style.font, style.size)
            out.append(self.geometry.gold_text_rect(seat, width))
            actions = self.layout["actions"].style
            width, height = self.app.text.size(words.actions_words(self.rules, state, seat), actions.font,
                                               actions.size)
            if width:
                box = self.geometry.at("actions", seat)
                out.append(pygame.Rect(box.right - width, box.y, width, box.height))
        return out

    def marks_of(self, events: Sequence[Value], state: Any, shows: int | None) -> Sequence[Mark]:
        """What the move touched (``marks.py``)."""
        return last_move_marks(events, state, shows)

    def status(self) -> TableStatus:
        """Banner texts: whose turn, what to do now, the turn number."""
        return TableStatus(*words.banner(self.rules, self.state))

    # ================================================================ drawing
    def draw_answer_wait(self, surface: pygame.Surface) -> None:
        """Under the public pass button, a bar that runs down while the prompt waits before passing by itself."""
        left = self.answer_time_left()
        slot = self.public_pass()
        if left is None or slot is None:
            return
        button = next((b for b, shown in zip(self.action_bar.buttons, self.action_bar.slots)
                       if shown is not None and shown.text == slot.text),
                      None)
        if button is None:
            return
        track = pygame.Rect(button.rect.x + 14, button.rect.bottom - 14, button.rect.width - 28, 8)
        pygame.draw.rect(surface, self.theme.rgb("panel_light"), track, border_radius=4)
        pygame.draw.rect(surface, self.theme.rgb("text"), (track.x, track.y, int(track.width * left), track.height),
                         border_radius=4)

    def draw(self, surface: pygame.Surface) -> None:
        """The whole area below the banner."""
        painter = self.painter
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        for seat in range(len(self.state.players)):
            painter.column(surface, seat, pulse)
        painter.tray(surface, pulse)
        painter.chain(surface)
        painter.shop(surface)
        picker = self.choices.picking and not self.busy
        if not picker:
            painter.hand_cards(surface)
        if picker:
            painter.picker(surface)
        else:
            self.action_bar.draw(surface)
            self.draw_answer_wait(surface)
            self.pay_bar.draw(surface)
            self.menu_bar.draw(surface)
        for flight in self.picture.flights:
            rect = flight.rect()
            surface.blit(self.cards.moving(flight.face, rect.size, flight.drawn_size), rect)
        if not picker:
            self.draw_last_move(surface)
        self.draw_effects(surface)
        painter.zoom(surface)
        self.action_bar.draw_tooltips(surface)
