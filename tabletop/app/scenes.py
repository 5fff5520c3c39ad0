"""Scenes on a stack, each with a clear lifecycle.

* ``enter()`` — pushed, before its first frame;
* ``pause()`` / ``resume()`` — another scene went on top of it / it is on top again;
* ``leave()`` — popped or replaced: release what it holds;
* ``handle(event)`` — input, only for the top scene (mouse positions in logical pixels);
* ``update(dt)`` — animation and logic, only for the top scene;
* ``draw(surface)`` — render only, never changes state.  An ``overlay`` scene is
  drawn over the scene below it (pause menu, rules, pass-the-device).

Screens reach each other by name (``app.scenes.open("picker")``): the manager
builds scenes from a table of factories that only the app's start-up code fills
in (:mod:`tabletop.app.navigation`), so no screen module imports another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

import pygame

if TYPE_CHECKING:
    from .main import App

__all__ = ["Scene", "SceneManager", "SceneFactory"]

#: Builds a scene: ``factory(app, **arguments)``.
SceneFactory = Callable[..., "Scene"]


class Scene:
    """Base class: override what the scene needs."""

    overlay = False
    scene_name = ""      # the name it is opened by (set by each screen class)

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
    """The stack of scenes, and the named scenes it can build."""

    def __init__(self, app: "App | None" = None, factories: Mapping[str, SceneFactory] | None = None) -> None:
        self.app = app
        self.factories: dict[str, SceneFactory] = dict(factories or {})
        self.stack: list[Scene] = []

    def build(self, name: str, **arguments: Any) -> Scene:
        """A new scene of the kind ``name`` (``title``, ``picker``, ``table``, ...)."""
        try:
            factory = self.factories[name]
        except KeyError:
            raise KeyError(f"no scene called {name!r}; known: {', '.join(sorted(self.factories))}") from None
        return factory(self.app, **arguments)

    def open(self, name: str, **arguments: Any) -> Scene:
        """Build the scene ``name`` and put it on top."""
        scene = self.build(name, **arguments)
        self.push(scene)
        return scene

    def open_instead(self, name: str, **arguments: Any) -> Scene:
        """Build the scene ``name`` in place of the top scene."""
        scene = self.build(name, **arguments)
        self.replace(scene)
        return scene

    def start_over(self, name: str, **arguments: Any) -> Scene:
        """Empty the stack and start again from a new scene ``name``."""
        scene = self.build(name, **arguments)
        self.reset(scene)
        return scene

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

    def pop_until(self, name: str) -> None:
        """Pop scenes until one built as ``name`` is on top (the title, say)."""
        while self.stack and self.stack[-1].scene_name != name:
            self.pop()

    def find(self, name: str) -> Scene | None:
        """The topmost scene built as ``name`` (for tests and for overlays that act on the scene below)."""
        for scene in reversed(self.stack):
            if scene.scene_name == name:
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
