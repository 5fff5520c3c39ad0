"""The Elemental Dice table drawn, part by part: the player columns, the dice tray, the chain, the shop, the hand,
the card picker and the card under the mouse at full size.

What glows comes from the view's choices; where things lie from its geometry; what
moves from its picture (:mod:`.animations`).  Drawing never changes either.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, Protocol

import pygame

from tabletop.games.elemental_dice.cards import DICE
from tabletop.games.elemental_dice.queries import ElementalDiceQueries
from tabletop.games.elemental_dice.state import HIDDEN, Phase, State

from ...cards import CardArt, CardFace, CardGrid, FannedHand, Pile, draw_zoomed
from ...choosing import Target
from ...dice import DiceArt
from ...layout import Layout, Theme
from ...text import draw_box
from ...widgets import ActionBar, Counter, Meter, SeatPanel
from . import help as words
from .animations import Picture
from .choices import ElementalDiceChoices
from .faces import die_key, element_colour
from .geometry import ElementalDiceGeometry

__all__ = ["Painter", "Canvas"]


class Canvas(Protocol):
    """What the painter needs of the view it draws for (the view itself)."""

    app: Any
    table: Any
    match: Any
    rules: ElementalDiceQueries
    layout: Layout
    theme: Theme
    cards: CardArt
    dice_art: DiceArt
    geometry: ElementalDiceGeometry
    picture: Picture
    choices: ElementalDiceChoices
    glow: frozenset[Target]
    picker_bar: ActionBar
    hover_shop: int | None
    hover_chain: int | None
    hover_facedown: tuple[int, int] | None

    @property
    def state(self) -> State:
        """The state on the screen."""

    @property
    def busy(self) -> bool:
        """Animations play."""

    def face(self, card: str) -> CardFace | None:
        """A card's face (None for a hidden one)."""

    def bot_kind(self, seat: int) -> str | None:
        """The level of the bot playing ``seat``, or None for a person."""


class Painter:
    """Draws the parts of the table for a view, with the widgets that draw them."""

    def __init__(self, view: Canvas) -> None:
        self.view = view
        app = view.app
        geometry = view.geometry
        theme = view.theme
        seats = range(len(view.match.seats))
        self.panels = [SeatPanel(app, geometry.at("panel", seat), seat, name, view.match.colours[seat],
                                 bot=partial(view.bot_kind, seat))
                       for seat, name in enumerate(view.match.seats)]
        self.meters = [Meter(app, geometry.at("hp", seat), theme.rgb("ed_hp"), "HP") for seat in seats]
        self.purses = [Counter(app, geometry.at("gold", seat), theme.rgb(element_colour("YELLOW"))) for seat in seats]
        self.piles = {(seat, pile): Pile(view.cards, geometry.pile_rect(seat, pile), words.PILE_NAMES[pile])
                      for seat in seats for pile in words.PILES}
        # Cards side by side while they fit, so every title can be read; a big hand fans out.
        self.hand = FannedHand(view.cards, geometry.hand_area, geometry.hand_card, spread_degrees=10, spacing=1.0)
        self.grid = CardGrid(view.cards, geometry.picker_area, geometry.picker_card)

    # ---------------------------------------------------------------- a player's column
    def column(self, surface: pygame.Surface, seat: int, pulse: float) -> None:
        """Name, HP, gold, actions, hand size, face-down cards, cards in play and piles of ``seat``."""
        view = self.view
        state = view.state
        player = state.players[seat]
        flow = state.flow
        text = view.app.text
        layout = view.layout
        geometry = view.geometry
        picture = view.picture
        tag = "ACTIVE" if seat == flow.active and flow.phase != Phase.OVER else ""
        if flow.phase == Phase.OVER:
            tag = "WINNER" if seat == flow.winner else ""
        self.panels[seat].draw(surface, [], to_act=seat == state.to_act, tag=tag, pulse=pulse)
        self.meters[seat].draw(surface, picture.shown_hp[seat] if seat < len(picture.shown_hp) else player.hp, 60)
        gold = picture.shown_gold[seat] if seat < len(picture.shown_gold) else player.gold
        self.purses[seat].draw(surface, f"{gold} gold")
        text.draw(surface, words.actions_words(view.rules, state, seat), layout["actions"].style,
                  geometry.at("actions", seat))
        text.draw(surface, f"Hand: {len(player.hand)} card{'s' if len(player.hand) != 1 else ''}",
                  layout["counts"].style, geometry.at("counts", seat))
        room = view.rules.face_down_room(state, seat)
        text.draw(surface, f"Face down ({len(player.facedown)} of {room})", layout["facedown_label"].style,
                  geometry.at("facedown_label", seat))
        for index in range(room):
            rect = geometry.facedown_rect(seat, index)
            if index >= len(player.facedown):
                draw_box(surface, rect, layout["facedown_slot"].style)
                continue
            face_down = player.facedown[index]
            surface.blit(view.cards.back(rect.size, "" if face_down.card == HIDDEN else "yours"), rect)
            if Target("facedown", (seat, index)) in view.glow and not view.busy:
                width = 6 if view.choices.selection.card == face_down.card else 3
                pygame.draw.rect(surface, view.theme.rgb("glow"), rect.inflate(8, 8), width, border_radius=14)
        text.draw(surface, "In play", layout["inplay_label"].style, geometry.at("inplay_label", seat))
        self.chips(surface, seat)
        for pile in words.PILES:
            widget = self.piles[(seat, pile)]
            widget.draw(surface, len(getattr(player, pile)), None, browsable=False)
            if words.browsable(state, seat, pile):
                pygame.draw.rect(surface, view.theme.rgb("glow_soft"), widget.rect.inflate(6, 6), 2, border_radius=12)

    def chips(self, surface: pygame.Surface, seat: int) -> None:
        """A player's cards in play, a chip each (with the turn ends a shield or buff lasts); "+N more" at the
        end when they do not fit."""
        view = self.view
        text = view.app.text
        geometry = view.geometry
        chips = words.chips(view.rules, view.state, seat)
        room = geometry.chip_room
        shown = chips if len(chips) <= room else chips[:room - 1]
        chip_style = view.layout["chip"].style
        for index, (card, label, turns) in enumerate(shown):
            rect = geometry.chip_rect(seat, index)
            face = view.face(card)
            accent = face.accent if face else view.theme.rgb("ed_hidden_chip")
            draw_box(surface, rect, chip_style)
            pygame.draw.rect(surface, accent, pygame.Rect(rect.x, rect.y, 12, rect.height),
                             border_top_left_radius=10, border_bottom_left_radius=10)
            area = rect.inflate(-36, 0).move(8, 0)
            if turns is not None:
                # How many turn ends it still lasts: 1 (this turn) or 2 (through the next turn).
                badge = view.app.layouts["pieces"]["duration_badge"]
                box = pygame.Rect(0, 0, badge.rect[2], badge.rect[3])
                box.midright = (rect.right - 6, rect.centery)
                draw_box(surface, box, badge.style)
                text.draw(surface, str(turns), badge.style, box)
                area.width -= box.width + 8
            text.draw(surface, label, chip_style, area, shrink=True)
        if len(chips) > room:
            rect = geometry.chip_rect(seat, room - 1)
            draw_box(surface, rect, chip_style)
            text.draw(surface, f"+{len(chips) - room + 1} more (hover)", chip_style, rect.inflate(-36, 0).move(8, 0))

    # ---------------------------------------------------------------- the middle of the table
    def tray(self, surface: pygame.Surface, pulse: float) -> None:
        """The seven dice, a ring round those a card may choose, their words below."""
        view = self.view
        layout = view.layout
        picture = view.picture
        chosen_die = view.choices.selection.die
        draw_box(surface, layout["tray"].rect, layout["tray"].style)
        label = layout["die_label"]
        for die in DICE:
            sprite = picture.sprites[die]
            if Target("die", die) in view.glow and not view.busy:
                ring = sprite.rect().inflate(16, 16)
                chosen = die == chosen_die
                pygame.draw.rect(surface, view.theme.rgb("ed_chosen_die" if chosen else "glow_soft"), ring,
                                 6 if chosen else 3 + int(2 * pulse), border_radius=sprite.size // 4)
            glow = picture.glow_dice.get(die)
            if glow is not None:
                pygame.draw.rect(surface, view.theme.rgb("flash"), sprite.rect().inflate(int(30 * (1 - glow)),
                                                                                       int(30 * (1 - glow))), 3,
                                 border_radius=sprite.size // 4)
            view.dice_art.draw(surface, die_key(die), sprite.face, (sprite.x, sprite.y), sprite.size, sprite.angle,
                               sprite.lift + (0.3 if die == chosen_die else 0.0))
            x, y = view.geometry.die_centres[die]
            area = pygame.Rect(0, 0, label.rect[2], label.rect[3])
            area.midtop = (x, y + view.geometry.die_size // 2 + 6)
            view.app.text.draw(surface, words.DIE_WORDS[die], label.style, area)

    def chain(self, surface: pygame.Surface) -> None:
        """The cards waiting to take effect, oldest left, framed in their owner's colour."""
        view = self.view
        state = view.state
        layout = view.layout
        draw_box(surface, layout["chain"].rect, layout["chain"].style)
        flow = state.flow
        cards = [(pending.card, pending.controller, False) for pending in flow.chain]
        if flow.executing is not None:
            cards.append((flow.executing.card, flow.executing.controller, True))
        view.app.text.draw(surface, words.chain_words(view.rules, state), layout["chain_label"].style,
                           pygame.Rect(layout["chain_label"].rect), wrap=not cards, valign="top")
        for index, (card, controller, executing) in enumerate(cards):
            if card in view.picture.arriving:
                continue
            rect = view.geometry.chain_rect(state, index)
            face = view.face(card)
            # A waiting card lies sideways, as the author suggests: wider than tall, its text upright.
            image = view.cards.face(face, rect.size) if face else view.cards.back(rect.size)
            surface.blit(image, rect)
            pygame.draw.rect(surface, self.panels[controller].colour, rect.inflate(6, 6), 3, border_radius=14)
            if executing:
                pygame.draw.rect(surface, view.theme.rgb("glow_soft"), rect.inflate(14, 14), 5, border_radius=16)

    def shop(self, surface: pygame.Surface) -> None:
        """The shop's row: cards that can be bought ringed, the others dimmed while shopping."""
        view = self.view
        state = view.state
        layout = view.layout
        geometry = view.geometry
        view.app.text.draw_element(surface, layout["shop_label"], words.shop_words(view.rules, state))
        if not state.shop_row:
            rect = pygame.Rect(layout["shop_card"].rect)
            rect.width = geometry.shop_rect(4).right - rect.x
            draw_box(surface, rect, layout["facedown_slot"].style)
            view.app.text.draw(surface, "No cards laid out: reroll the shop to see five.",
                               replace(layout["counts"].style, align="center"), rect)
        shopping = state.flow.phase == Phase.MAIN and bool(view.choices.legal)
        for index, card in enumerate(state.shop_row):
            if card in view.picture.arriving:
                continue
            rect = geometry.shop_rect(index)
            buyable = Target("shop", card) in view.glow and not view.busy
            face = view.face(card)
            dim = shopping and not buyable
            surface.blit(view.cards.face(face, rect.size, dimmed=dim) if face else view.cards.back(rect.size), rect)
            if buyable:
                width = 6 if view.choices.selection.card == card else 3
                pygame.draw.rect(surface, view.theme.rgb("glow"), rect.inflate(8, 8), width, border_radius=14)

    def hand_cards(self, surface: pygame.Surface) -> None:
        """The hand of the seat at the screen, the cards no move uses dimmed, the chosen one ringed."""
        view = self.view
        hand = view.geometry.hand(view.state)
        chosen = view.choices.selection.card
        view.app.text.draw_element(surface, view.layout["hand_label"],
                                   words.hand_words(view.rules, view.state, view.table.shows, chosen))
        usable = view.choices.hand_intents
        self.hand.draw(surface, [view.face(card) for card in hand], [card in usable for card in hand] if usable else [])
        if chosen in hand and self.hand.hovered is None:
            # The chosen card is ringed until it is played or put back.
            rect, _ = self.hand.slots(len(hand))[hand.index(chosen)]
            pygame.draw.rect(surface, view.theme.rgb("glow"), rect.inflate(10, 10), 6, border_radius=16)

    def picker(self, surface: pygame.Surface) -> None:
        """The card picker over the middle: its question, its cards (those a click chooses ringed), its button."""
        view = self.view
        layout = view.layout
        draw_box(surface, layout["picker"].rect, layout["picker"].style)
        view.app.text.draw_element(surface, layout["picker_title"], view.choices.picker_title(), shrink=True)
        picked = view.choices.picker()
        faces = [view.face(p.card) for p in picked]
        clickable = [p.glows for p in picked]
        self.grid.draw(surface, faces, clickable if any(clickable) else [], [p.mark for p in picked], zoom=False)
        view.picker_bar.draw(surface)
        hovered = self.grid.hovered
        if hovered is not None and hovered < len(faces) and faces[hovered]:
            # The type: ignore below: faces[i] is a CardFace once truthy.
            draw_zoomed(surface, view.cards, faces[hovered], self.grid.rects(len(faces))[hovered])  # type: ignore

    def zoom(self, surface: pygame.Surface) -> None:
        """The hovered shop, chain or own face-down card at full size."""
        view = self.view
        if view.busy or view.choices.picking:
            return
        state = view.state
        geometry = view.geometry
        if view.hover_shop is not None and view.hover_shop < len(state.shop_row):
            face = view.face(state.shop_row[view.hover_shop])
            if face:
                draw_zoomed(surface, view.cards, face, geometry.shop_rect(view.hover_shop))
            return
        cards = [p.card for p in state.flow.chain] + ([state.flow.executing.card] if state.flow.executing else [])
        if view.hover_chain is not None and view.hover_chain < len(cards):
            face = view.face(cards[view.hover_chain])
            if face:
                draw_zoomed(surface, view.cards, face, geometry.chain_rect(state, view.hover_chain))
            return
        if view.hover_facedown is not None:
            seat, index = view.hover_facedown
            player = state.players[seat]
            if index < len(player.facedown):
                face = view.face(player.facedown[index].card)
                if face:
                    draw_zoomed(surface, view.cards, face, geometry.facedown_rect(seat, index))
