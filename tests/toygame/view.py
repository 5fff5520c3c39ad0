"""Secret Trick on the table: seat panels, the fanned hand, face-down plays, the deck and the collected pile.

It is built only from the shared pieces (GameViewBase, CardArt, FannedHand, Pile,
SeatPanel, the pile browser), as any card game's view would be.
"""

from __future__ import annotations

import math

import pygame

from tabletop.app.cards import CardArt, CardFace, FannedHand, Pile
from tabletop.app.gameview import GameViewBase, TableStatus, Tooltip
from tabletop.app.widgets import Button, SeatPanel, press_any

from .rules import HIDDEN, Collect, Collected, Dealt, FaceDown, GameEnded, Play, Played, Revealed, card_name

__all__ = ["SecretTrickView", "busiest_table"]


def face(card: str) -> CardFace:
    """The face of a Star card."""
    value = int(card.rsplit("-", 1)[1])
    return CardFace(card_name(card), text=f"Worth {value}. The highest card takes the trick.", cost=str(value),
                    kind="Star", accent=(70 + value * 12, 90, 200 - value * 8))


class SecretTrickView(GameViewBase):
    """Draws Secret Trick and turns clicks into its intents."""

    def __init__(self, app, table, match) -> None:
        super().__init__(app, table, match)
        layout = self.layout
        self.cards = CardArt(app)
        self.panels = [SeatPanel(app, layout[f"seat_{seat}"].rect, seat, name)
                       for seat, name in enumerate(match.seats)]
        self.hand = FannedHand(self.cards, pygame.Rect(layout["hand"].rect), tuple(layout["hand_card"].rect[2:]))
        self.deck = Pile(self.cards, layout["deck"].rect, "Deck")
        self.taken = Pile(self.cards, layout["taken"].rect, "Collected")
        self.collect = Button(app, layout["collect"], self._collect)
        self.handlers = {Played: self._on_played, FaceDown: self._on_face_down, Revealed: self._on_revealed,
                         Collected: self._on_collected, Dealt: self._on_dealt, GameEnded: self._on_game_ended}
        self.sync()

    # ---------------------------------------------------------------- state -> picture
    def refresh(self) -> None:
        legal = self.table.legal()
        self.playable = {intent.card: intent for intent in legal if isinstance(intent, Play)}
        self.collect_intent = next((i for i in legal if isinstance(i, Collect)), None)
        self.collect.visible = self.collect_intent is not None

    def played_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's card of this trick lies: under its panel."""
        slot = pygame.Rect(self.layout["played"].rect)
        panel = self.panels[seat].rect
        slot.centerx = panel.centerx
        return slot

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
    def _collect(self) -> None:
        if self.collect_intent is not None:
            self.table.submit(self.collect_intent)

    def _my_hand(self) -> tuple[str, ...]:
        viewer = self.table.shows
        return () if viewer is None else self.state.hands[viewer]

    def handle(self, event: pygame.event.Event) -> None:
        hand = self._my_hand()
        if event.type == pygame.MOUSEMOTION:
            self.hand.hover(event.pos, len(hand))
        if self.busy:
            return
        if press_any([self.collect], event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.hand.card_at(event.pos, len(hand))
            if index is not None:
                intent = self.playable.get(hand[index])
                if intent is not None:
                    self.table.submit(intent)
                else:
                    self.app.toasts.show(self.rules.why_illegal(self.match.state, Play(self.table.shows or 0,
                                                                                       hand[index])))
            elif self.taken.hit(event.pos):
                self.app.scenes.open("pile", title="Collected cards",
                                     cards=[face(c) for c in self.state.taken], art=self.cards)

    def help_at(self, pos: tuple[int, int]) -> Tooltip | None:
        if self.deck.hit(pos):
            return f"The deck: {len(self.state.deck)} cards nobody has seen.", self.deck.rect.midtop
        if self.taken.hit(pos):
            return "Cards of collected tricks: click to look through them.", self.taken.rect.midtop
        return None

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
        hand = self._my_hand()
        viewer = self.table.shows
        label = "Your hand" if viewer is not None else "Hands are hidden: each player sees theirs behind the cover"
        self.app.text.draw_element(surface, self.layout["hand_label"], label)
        self.hand.draw(surface, [face(c) for c in hand], [c in self.playable for c in hand])
        self.deck.draw(surface, len(state.deck))
        self.taken.draw(surface, len(state.taken), face(state.taken[-1]) if state.taken else None, browsable=True)
        self.collect.draw(surface)
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
