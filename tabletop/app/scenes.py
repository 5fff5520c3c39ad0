"""Scenes on a stack, each with a clear lifecycle.

* ``enter()`` — pushed, before its first frame;
* ``pause()`` / ``resume()`` — another scene went on top of it / it is on top again;
* ``leave()`` — popped or replaced: release what it holds;
* ``handle(event)`` — input, only for the top scene (mouse positions in logical pixels);
* ``update(dt)`` — animation and logic, only for the top scene;
* ``draw(surface)`` — render only, never changes state.  An ``overlay`` scene is
  drawn over the scene below it (pause menu, rules, pass-the-device).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .main import App

__all__ = ["Scene", "SceneManager"]


class Scene:
    """Base class: override what the scene needs."""

    overlay = False

    def __init__(self, app: "App") -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def leave(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Covered by another scene."""

    def resume(self) -> None:
        """On top again."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Render the scene."""

    @property
    def busy(self) -> bool:
        """True while the scene is animating (the frame loop keeps drawing)."""
        return False


class SceneManager:
    """The stack of scenes."""

    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        """The scene that gets input."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top."""
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        """Remove the top scene; the one below resumes."""
        scene = self.stack.pop()
        scene.leave()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from ``scene``."""
        while self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.enter()

    def pop_until(self, kind: type) -> None:
        """Pop scenes until one of class ``kind`` is on top (the title, say)."""
        while self.stack and not isinstance(self.stack[-1], kind):
            self.pop()

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of a class (for tests and for overlays that act on the scene below)."""
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    def handle(self, event: pygame.event.Event) -> None:
        """Send input to the top scene."""
        if self.stack:
            self.stack[-1].handle(event)

    def update(self, dt: float) -> None:
        """Advance the top scene."""
        if self.stack:
            self.stack[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top scene, and under an overlay the scenes it covers."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for scene in self.stack[max(first, 0):]:
            scene.draw(surface)
