"""What a screen or a game's view may ask of the app: a small protocol, so no module imports the App for a
type hint (the App in :mod:`tabletop.app.main` provides all of it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .audio import Audio
    from .dice import DiceArt
    from .display import Display
    from .layout import LayoutBook
    from .scenes import SceneManager
    from .storage import SaveSlots, Settings
    from .text import TextRenderer
    from .widgets import Toasts

__all__ = ["AppServices"]


class AppServices(Protocol):
    """The app's services, as screens and views use them."""

    layouts: "LayoutBook"
    text: "TextRenderer"
    audio: "Audio"
    toasts: "Toasts"
    scenes: "SceneManager"
    settings: "Settings"
    saves: "SaveSlots"
    display: "Display"
    cache: dict[str, Any]

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
