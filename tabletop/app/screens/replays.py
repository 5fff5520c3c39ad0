"""Replays: the saved and finished matches (game, players, date, result); a click offers to watch it move by
move as a spectator, with every hand once it is over, or to export a finished one to a file another copy
of Dice Tabletop opens (from its ``replays`` folder, or with ``tabletop play --replay FILE``)."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from tabletop.core.controller import MatchController
from tabletop.registry import get_rules

from ..scenes import Scene
from ..widgets import Button, press_any

__all__ = ["ReplaysScene", "describe_match", "open_replay"]


def describe_match(match: MatchController, path: Path) -> str:
    """``Dice Cards: Ada vs Brom, 24 Nov 11:05, Ada won`` (or where an unfinished one stands)."""
    try:
        when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    except OSError:
        when = "date unknown"
    if match.finished:
        outcome = match.rules.outcome(match.state)
        winners = [match.seats[seat] for seat in outcome.winners]
        result = f"{' and '.join(winners)} won" if winners else "no winner"
    else:
        result = match.rules.progress(match.state) or f"{len(match.journal)} moves in, unfinished"
    return f"{match.rules.meta.name}: {' vs '.join(match.seats)}, {when}, {result}"


def open_replay(app, match: MatchController, show_all: bool = False) -> None:
    """The table, replaying ``match`` from its first move."""
    app.scenes.open("table", match=match, replay=match, show_all=show_all)


class ReplaysScene(Scene):
    """One row per match that can be replayed, newest first."""

    scene_name = "replays"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.layout = layout = app.layouts["replays"]
        spacing = layout.setting("row_spacing").int(10, 400)
        self.message = ""
        self.matches: list[tuple[MatchController, Path]] = []
        problems = []
        for path in app.saves.replay_paths(layout.setting("rows").int(1, 20)):
            try:
                self.matches.append((MatchController.load(path, get_rules), path))
            except Exception:   # noqa: BLE001 - a file that does not replay is left out, and said so
                problems.append(path.name)
        if problems:
            self.message = f"Left out, they do not replay: {', '.join(problems)}."
        self.buttons = [Button(app, layout["row"].moved(0, index * spacing), lambda i=index: self.choose(i),
                               text=describe_match(match, path))
                        for index, (match, path) in enumerate(self.matches)]
        self.buttons.append(Button(app, layout["back"], app.scenes.pop, hotkey=pygame.K_ESCAPE))
        if not self.matches:
            self.message = self.message or "No match to replay yet: finish or save one first."

    def choose(self, index: int) -> None:
        """Watch it, watch it with every hand (finished only), or export it (finished only)."""
        match, path = self.matches[index]
        choices = [("Watch", lambda: open_replay(self.app, match))]
        if match.finished:
            choices += [("Watch all hands", lambda: open_replay(self.app, match, show_all=True)),
                        ("Export to a file", lambda: self.export(match))]
        self.app.scenes.open("confirm", heading="Replay", message=describe_match(match, path), choices=choices)

    def export(self, match: MatchController) -> None:
        try:
            path = self.app.saves.export(match)
        except OSError as exc:
            self.app.toasts.show(f"Could not export: {exc}.", 6)
            return
        self.app.toasts.show(f"Exported to {path}. Another copy opens it from its replays folder, "
                             f"or with: tabletop play --replay FILE", 10)

    def handle(self, event: pygame.event.Event) -> None:
        press_any(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill(layout.background)
        self.app.text.draw_element(surface, layout["heading"])
        for button in self.buttons:
            button.draw(surface)
        if self.message:
            self.app.text.draw_element(surface, layout["message"], self.message, wrap=True)
