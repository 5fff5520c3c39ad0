"""Short sound effects with a volume and a mute setting; silent where no audio device exists."""

from __future__ import annotations

from pathlib import Path

import pygame

from tabletop.core.files import FileRefused
from tabletop.paths import art_path

from .assets import load_sound

__all__ = ["Audio"]


class Audio:
    """Plays the generated sounds in ``art/sounds``; every failure means silence, never a crash."""

    def __init__(self, volume: float = 0.7, muted: bool = False, folder: Path | None = None) -> None:
        self.volume = volume
        self.muted = muted
        self.folder = folder or art_path("sounds")
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        try:
            pygame.mixer.init()
            self.available = True
        except pygame.error:
            self.available = False

    def play(self, name: str) -> None:
        """Play ``name`` (``roll``, ``click``, ...) at the current volume, unless muted."""
        if not self.available or self.muted or self.volume <= 0:
            return
        if name not in self._sounds:
            try:
                self._sounds[name] = load_sound(self.folder / f"{name}.wav")
            except (pygame.error, FileRefused):
                self._sounds[name] = None
        sound = self._sounds[name]
        if sound is not None:
            sound.set_volume(self.volume)
            try:
                sound.play()
            except pygame.error:
                pass

    def close(self) -> None:
        """Release the audio device."""
        if self.available:
            pygame.mixer.quit()
            self.available = False
