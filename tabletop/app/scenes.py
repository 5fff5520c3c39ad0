"""Scenes on a stack, each with a clear lifecycle.

* ``enter()`` — pushed, before its first frame;
* ``pause()`` / ``resume()`` — another scene went on top of it / it is on top again;
* ``leave()`` — popped or replaced: release what it holds;
* ``shutdown()`` — the app closes while it is on the stack: stop what runs beside it;
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
    from .services import AppServices

__all__ = ["Scene", "SceneManager", "SceneFactory"]

#: Builds a scene: ``factory(app, **arguments)``.
SceneFactory = Callable[..., "Scene"]


class Scene:
    """Base class: override what the scene needs."""

    overlay = False
    scene_name = ""      # the name it is opened by (set by each screen class)
    help_game: str | None = None     # whose rules F1 opens here (None: how the app works)

    def __init__(self, app: "AppServices") -> None:
        self.app = app

    def open_help(self) -> None:
        """F1, on any screen: the rules of this screen's game, or how the app works."""
        self.app.scenes.open("rules", game_id=self.help_game)

    def enter(self) -> None:
        """Pushed onto the stack."""

    def leave(self) -> None:
        """Removed from the stack."""

    def shutdown(self) -> None:
        """The app closes with this scene on the stack: let go of what runs beside it (a server, a thread)."""

    def pause(self) -> None:
        """Covered by another scene."""

    def resume(self) -> None:
        """On top again."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds."""

    def idle(self, seconds: float) -> None:
        """Nothing has moved and nobody has touched anything for ``seconds`` (a scene with a timer, the title's
        demo, counts them; others do nothing)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Render the scene."""

    @property
    def busy(self) -> bool:
        """True while the scene is animating: the frame loop keeps drawing (and a table ignores clicks)."""
        return False


class SceneManager:
    """The stack of scenes, and the named scenes it can build."""

    def __init__(self, app: "AppServices | None" = None, factories: Mapping[str, SceneFactory] | None = None) -> None:
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

    def _changed(self) -> None:
        if self.app is not None:
            self.app.redraw()

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top."""
        self._changed()
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        """Remove the top scene; the one below resumes."""
        self._changed()
        scene = self.stack.pop()
        scene.leave()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        self._changed()
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from ``scene``."""
        self._changed()
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

    def shutdown(self) -> None:
        """The app closes: every scene on the stack stops what runs beside it, the top one first."""
        for scene in reversed(self.stack):
            scene.shutdown()

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
