"""What a screen or a game's view may ask of the app: a small protocol, so no module imports the App for a
type hint (the App in :mod:`tabletop.app.main` provides all of it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .audio import Audio
    from .dice import DiceArt
    from .display import Display
    from .layout import LayoutBook
    from .storage import SaveSlots, Settings
    from .text import TextRenderer

__all__ = ["AppServices", "SceneStack", "Toaster"]


class Toaster(Protocol):
    """Short messages at the bottom of the screen."""

    @property
    def message(self) -> str:
        """The message shown now."""

    def show(self, message: str, seconds: float = 3.0) -> None:
        """Show ``message`` for a while."""


class SceneStack(Protocol):
    """The stack of scenes, as screens and views move between them (scenes are returned untyped here, so this
    module needs no screen: screens are what imports it)."""

    @property
    def top(self) -> Any:
        """The scene on top, if any."""

    def open(self, name: str, **arguments: Any) -> Any:
        """Build the scene ``name`` and push it."""

    def open_instead(self, name: str, **arguments: Any) -> Any:
        """Build the scene ``name`` in place of the top one."""

    def start_over(self, name: str, **arguments: Any) -> Any:
        """Empty the stack and open ``name``."""

    def build(self, name: str, **arguments: Any) -> Any:
        """Build the scene ``name`` without pushing it."""

    def push(self, scene: Any) -> None:
        """Put ``scene`` on top."""

    def pop(self) -> Any:
        """Take the top scene off."""

    def pop_until(self, name: str) -> None:
        """Pop scenes until ``name`` is on top."""

    def find(self, name: str) -> Any:
        """The scene of that name on the stack, if any."""


class AppServices(Protocol):
    """The app's services, as screens and views use them."""

    @property
    def layouts(self) -> "LayoutBook":
        """Every screen's layout and the theme."""

    @property
    def text(self) -> "TextRenderer":
        """Draws text."""

    @property
    def audio(self) -> "Audio":
        """Plays sounds."""

    def every_frame(self, tick: Any, on: bool = True, spare: bool = False) -> None:
        """Run ``tick()`` every frame, whichever scene is on top (``on=False``: no more; ``spare``: once the
        frame is shown)."""

    @property
    def toasts(self) -> Toaster:
        """Short messages."""

    @property
    def scenes(self) -> SceneStack:
        """The stack of scenes."""

    @property
    def settings(self) -> "Settings":
        """The player's settings."""

    @property
    def saves(self) -> "SaveSlots":
        """Where matches are saved."""

    @property
    def display(self) -> "Display":
        """The window."""

    @property
    def cache(self) -> dict[str, Any]:
        """Assets a game's view reads once."""


    @property
    def animation_factor(self) -> float:
        """How long animations take: 1 normal, 0.4 fast, 0 instant."""

    def dice_for(self, game_folder: str) -> "DiceArt":
        """The dice renderer of a game, made once."""

    def save_settings(self) -> None:
        """Persist the settings."""

    def quit(self) -> None:
        """Leave at the end of this frame."""

    def redraw(self) -> None:
        """Draw the next frame even if nothing moves."""
