"""Secret Trick on the table: seat panels, the fanned hand, face-down plays, the deck and the collected pile.

It is built only from the shared pieces (GameViewBase, CardArt, FannedHand, Pile, SeatPanel, ActionBar, the
pile browser), as any card game's view would be, in the three parts every game's table has: ``geometry.py``
(where things are), ``choices.py`` (what a click means, no pygame) and this file (drawing and animation).
"""

from __future__ import annotations

import math

import pygame

from tabletop.app.cards import CardArt, CardFace, FannedHand, Pile
from tabletop.app.choosing import Target
from tabletop.app.gameview import GameViewBase, TableStatus, Tooltip
from tabletop.app.widgets import ActionBar, SeatPanel

from .choices import TAKEN, SecretTrickChoices, card_target
from .geometry import SecretTrickGeometry
from .rules import HIDDEN, Collected, Dealt, FaceDown, GameEnded, Played, Revealed, card_name

__all__ = ["SecretTrickView", "busiest_table"]


def face(card: str) -> CardFace:
    """The face of a Star card."""
    value = int(card.rsplit("-", 1)[1])
    return CardFace(card_name(card), text=f"Worth {value}. The highest card takes the trick.", cost=str(value),
                    kind="Star", accent=(70 + value * 12, 90, 200 - value * 8))


class SecretTrickView(GameViewBase[SecretTrickChoices]):
    """Draws Secret Trick; its choices say what a click sends."""

    Choices = SecretTrickChoices

    def __init__(self, app, table, match) -> None:
        super().__init__(app, table, match)
        layout = self.layout
        self.geometry = SecretTrickGeometry(layout, len(match.seats), table.shows)
        self.cards = CardArt(app)
        self.panels = [SeatPanel(app, layout[f"seat_{seat}"].rect, seat, name)
                       for seat, name in enumerate(match.seats)]
        self.hand = FannedHand(self.cards, pygame.Rect(layout["hand"].rect), tuple(layout["hand_card"].rect[2:]))
        self.deck = Pile(self.cards, layout["deck"].rect, "Deck")
        self.taken = Pile(self.cards, layout["taken"].rect, "Collected")
        self.action_bar = ActionBar(app, [layout["collect"]])
        self.handlers = {Played: self._on_played, FaceDown: self._on_face_down, Revealed: self._on_revealed,
                         Collected: self._on_collected, Dealt: self._on_dealt, GameEnded: self._on_game_ended}
        self.sync()

    # ---------------------------------------------------------------- state -> picture
    def refresh(self) -> None:
        self.geometry.shows = self.table.shows        # whose hand the clicks land on
        super().refresh()

    def show_choices(self) -> None:
        self.action_bar.show(self.choices.buttons())

    def played_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's card of this trick lies: under its panel."""
        return self.geometry.played_rect(seat)

    # ---------------------------------------------------------------- events -> animations
    def _on_played(self, event: Played) -> None:
        self.floating.add(self.timeline, f"You play {card_name(event.card)}", self.played_rect(event.seat).center,
                          (255, 243, 160))

    def _on_face_down(self, event: FaceDown) -> None:
        self.floating.add(self.timeline, "A card, face down", self.played_rect(event.seat).center, (200, 210, 255))

    def _on_revealed(self, event: Revealed) -> None:
        self.announcer.announce(self.timeline, f"{self.name(event.winner)} takes the trick", 0.8)

    def _on_collected(self, event: Collected) -> None:
        self.floating.add(self.timeline, "+1 trick", self.panels[event.seat].rect.center, (160, 240, 200))

    def _on_dealt(self, event: Dealt) -> None:
        self.floating.add(self.timeline, "Your cards", self.hand.area.center, (255, 243, 160))

    def _on_game_ended(self, event: GameEnded) -> None:
        self.announcer.announce(self.timeline, "Game over", 1.0, sound="win")

    # ---------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hand.hover(event.pos, len(self.geometry.hand(self.state)))
        if self.busy:
            return
        self.take_input(event, self.action_bar)

    def look_at(self, target: Target) -> None:
        if target == TAKEN:
            self.app.scenes.open("pile", title="Collected cards",
                                 cards=[face(c) for c in self.state.taken], art=self.cards)

    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        return self.explain_at(pos)

    # ---------------------------------------------------------------- drawing
    def status(self) -> TableStatus:
        state = self.state
        round_text = f"Trick {min(state.trick, state.rounds)} of {state.rounds}"
        if state.over:
            return TableStatus("The game is over", "", round_text, None)
        name = state.names[state.turn]
        headline = f"{name} collects the trick" if state.revealed else f"{name} plays a card"
        return TableStatus(headline, self.rules.prompt(state), round_text, state.turn)

    def draw(self, surface: pygame.Surface) -> None:
        state = self.state
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        for seat, panel in enumerate(self.panels):
            lines = [f"Tricks: {state.tricks[seat]}   Cards: {len(state.hands[seat])}"]
            panel.draw(surface, lines, to_act=seat == state.to_act, pulse=pulse)
            card = state.played[seat]
            rect = self.played_rect(seat)
            if card == HIDDEN:
                surface.blit(self.cards.back(rect.size), rect)
            elif card:
                surface.blit(self.cards.face(face(card), rect.size), rect)
            else:
                pygame.draw.rect(surface, (255, 255, 255), rect, 2, border_radius=12)
        hand = self.geometry.hand(state)
        glowing = self.choices.glowing()
        label = "Your hand" if self.table.shows is not None else \
            "Hands are hidden: each player sees theirs behind the cover"
        self.app.text.draw_element(surface, self.layout["hand_label"], label)
        self.hand.draw(surface, [face(c) for c in hand], [card_target(c) in glowing for c in hand])
        self.deck.draw(surface, len(state.deck))
        self.taken.draw(surface, len(state.taken), face(state.taken[-1]) if state.taken else None, browsable=True)
        self.action_bar.draw(surface)
        self.draw_effects(surface)


def busiest_table(app):
    """A three-player table mid-game, with cards flying; and how to keep it busy."""
    from tabletop.core.controller import MatchController
    from tabletop.registry import get_rules

    match = MatchController(get_rules("secret-trick"), None, ["Ann", "Bo", "Cy"], 3, seat_kinds=("bot",) * 3)
    match.submit(match.legal_intents()[0])
    table = app.scenes.open("table", match=match)

    def again() -> None:
        table.view.animate((Revealed(("star-1", "star-2", "star-3"), 2), Collected(2, 1)))

    return table, again
