"""The game table: the banner, the game's own view, undo, rules, menu and the move log.

Every move goes through the match controller (which saves after every move); the
view animates the events it returns.  While the view animates, clicks are ignored,
so no click is ever applied twice.
"""

from __future__ import annotations

import pygame

from tabletop.core.protocol import IllegalIntent
from tabletop.core.values import Value

from ..games import make_view
from ..scenes import Scene
from ..text import draw_box
from ..widgets import Button, press_any


class TableScene(Scene):
    """Plays one match."""

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.layout = layout = app.layouts[match.game.replace("-", "_")]
        self.view = make_view(app, self, match)
        self.log: list[str] = []
        self._narrate(match.opening_events)
        for entry in match.journal:
            self._narrate(entry.events)
        self.undo_button = Button(app, layout["undo"], self.undo)
        self.buttons = [
            self.undo_button,
            Button(app, layout["rules"], self.open_rules, hotkey=pygame.K_F1),
            Button(app, layout["menu"], self.open_menu, hotkey=pygame.K_ESCAPE),
        ]
        self.finished_shown = False
        self._refresh_undo()

    @property
    def viewer(self) -> int:
        """The seat whose view the shared screen shows: whoever decides now (pass-the-device covers the change)."""
        seat = self.match.state.to_act
        return 0 if seat is None else seat

    # ---------------------------------------------------------------- moves
    def submit(self, intent: Value) -> bool:
        """Send a move to the rules; animate what happened or show why it was refused."""
        if self.view.busy:
            return False
        before = self.match.state.to_act
        try:
            events = self.match.submit(intent)
        except IllegalIntent as exc:
            self.app.toasts.show(exc.reason)
            self.app.audio.play("error")
            return False
        self.view.after_submit()
        self.view.animate(events)
        self._narrate(events)
        self._refresh_undo()
        self._pass_device_if_needed(before)
        return True

    def _pass_device_if_needed(self, before: int | None) -> None:
        """In a game with hidden hands, cover the screen when the decision passes to another player."""
        after = self.match.state.to_act
        if (self.match.rules.meta.hidden_information and after is not None and after != before
                and self.match.seat_kinds[after] == "human"):
            from .pass_device import PassDeviceScene

            self.app.scenes.push(PassDeviceScene(self.app, self.match.seats[after]))

    def undo(self) -> None:
        """Take back the last move, if the controller allows it."""
        if self.view.busy:
            return
        allowed, reason = self.match.undo_status()
        if not allowed:
            self.app.toasts.show(reason)
            return
        taken = self.match.journal[-1].intent
        self.match.undo()
        self.view.sync()
        self.log.append(f"Undo: {taken.to_str()}")
        self._refresh_undo()

    def _refresh_undo(self) -> None:
        allowed, reason = self.match.undo_status()
        self.undo_button.enabled = allowed
        self.undo_button.reason = reason

    def _narrate(self, events) -> None:
        narrate = getattr(self.match.rules, "narrate", None)
        if narrate is None:
            return
        for event in events:
            line = narrate(event, self.match.state)
            if line:
                self.log.append(line)
        del self.log[:-200]

    # ---------------------------------------------------------------- overlays
    def open_rules(self) -> None:
        from .rules import RulesScene

        self.app.scenes.push(RulesScene(self.app, self.match.game, self.view))

    def open_menu(self) -> None:
        from .pause import PauseScene

        self.app.scenes.push(PauseScene(self.app, self))

    # ---------------------------------------------------------------- loop
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if press_any(self.buttons, event):
            return
        self.view.handle(event)

    def update(self, dt: float) -> None:
        self.view.update(dt)
        if self.match.finished and not self.view.busy and not self.finished_shown:
            self.finished_shown = True
            from .results import ResultsScene

            self.app.scenes.replace(ResultsScene(self.app, self.match))

    @property
    def busy(self) -> bool:
        return self.view.busy

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill(layout.background)
        self.view.draw(surface)
        self._draw_banner(surface)
        for button in self.buttons:
            button.draw(surface)
        self._draw_log(surface)
        for button in self.buttons:
            button.draw_tooltip(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        layout = self.layout
        text = self.app.text
        draw_box(surface, layout["banner"].rect, layout["banner"].style)
        headline, prompt, round_text, seat = self.view.status()
        text.draw_element(surface, layout["banner_headline"], headline, shrink=True)
        text.draw_element(surface, layout["banner_prompt"], prompt, shrink=True)
        text.draw_element(surface, layout["banner_round"], round_text)

    def _draw_log(self, surface: pygame.Surface) -> None:
        """The latest lines of the move log, newest at the bottom, long lines wrapped."""
        layout = self.layout
        box = layout["log"]
        draw_box(surface, box.rect, box.style)
        line = layout["log_line"]
        style = line.style
        text = self.app.text
        height = line.rect[3]
        area = pygame.Rect(box.rect).inflate(-24, -12)
        rows: list[tuple[str, bool]] = []
        for age, entry in enumerate(reversed(self.log)):
            wrapped = text.wrap(entry, style.font, style.size, area.width)
            rows[:0] = [(piece, age == 0) for piece in wrapped]
            if len(rows) * height >= area.height:
                break
        rows = rows[-(area.height // height):]
        dim = self.app.layouts.theme.colours["text_dim"]
        for index, (piece, newest) in enumerate(rows):
            rect = pygame.Rect(area.x, area.y + index * height, area.width, height)
            text.draw(surface, piece, style, rect, colour=None if newest else dim)
