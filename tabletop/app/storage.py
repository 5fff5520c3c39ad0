"""What the app keeps in the user's data folder: settings and the match in progress.

Both are written atomically (temporary file, then rename).  A file that cannot be
read is moved aside (``*.damaged-<time>.json``) and reported, never a crash.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from tabletop.core.controller import MatchController, MatchRecord, RecordError, write_atomic
from tabletop.paths import user_dir
from tabletop.registry import get_rules

__all__ = ["Settings", "SettingsStore", "SaveSlot", "ANIMATION_SPEEDS"]

#: Animation speed setting -> factor on every animation's duration.
ANIMATION_SPEEDS = {"normal": 1.0, "fast": 0.4, "instant": 0.0}


def set_aside(path: Path) -> Path:
    """Rename an unreadable file so it is kept for inspection and no longer in the way."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{counter}{path.suffix}")
        counter += 1
    path.replace(target)
    return target


@dataclass
class Settings:
    """The player's preferences, remembered between sessions."""

    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    animation: str = "normal"
    names: dict = field(default_factory=dict)       # game id -> last seat names
    starter: dict = field(default_factory=dict)     # game id -> index of the last starting name

    def clean(self) -> "Settings":
        """Bring every value into its allowed range (a hand-edited file may hold anything)."""
        self.fullscreen = bool(self.fullscreen)
        self.muted = bool(self.muted)
        try:
            self.volume = min(1.0, max(0.0, float(self.volume)))
        except (TypeError, ValueError):
            self.volume = 0.7
        if self.animation not in ANIMATION_SPEEDS:
            self.animation = "normal"
        if not isinstance(self.names, dict):
            self.names = {}
        self.names = {str(k): [str(n)[:16] for n in v] for k, v in self.names.items() if isinstance(v, list)}
        if not isinstance(self.starter, dict):
            self.starter = {}
        return self


class SettingsStore:
    """Loads and saves :class:`Settings` in ``settings.json``."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or user_dir()) / "settings.json"
        self.message = ""

    def load(self) -> Settings:
        """The saved settings, or defaults (with ``message`` set if the file was damaged)."""
        if not self.path.exists():
            return Settings()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a mapping")
            known = {f.name for f in fields(Settings)}
            return Settings(**{k: v for k, v in data.items() if k in known}).clean()
        except (OSError, ValueError, TypeError) as exc:
            moved = set_aside(self.path)
            self.message = f"Your settings could not be read ({exc}); defaults are used. The file was kept as {moved.name}."
            return Settings()

    def save(self, settings: Settings) -> None:
        """Write the settings (errors are reported in ``message``, never raised)."""
        try:
            write_atomic(self.path, json.dumps(asdict(settings), indent=1))
        except OSError as exc:
            self.message = f"Settings could not be saved: {exc}"


class SaveSlot:
    """The match in progress, saved after every move in ``saves/current.json``."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or user_dir()) / "saves" / "current.json"

    def peek(self) -> tuple[MatchRecord | None, str]:
        """The saved record if there is an unfinished match, and a message if the file was damaged."""
        if not self.path.exists():
            return None, ""
        try:
            record = MatchRecord.from_json(self.path.read_text(encoding="utf-8"), "The saved game")
        except (OSError, UnicodeDecodeError, RecordError) as exc:
            return None, self._set_aside(exc)
        return (None if record.finished else record), ""

    def resume(self) -> tuple[MatchController | None, str]:
        """Replay the saved match; on failure the file is set aside and the reason returned."""
        try:
            return MatchController.load(self.path, get_rules), ""
        except RecordError as exc:
            return None, self._set_aside(exc)

    def _set_aside(self, exc: Exception) -> str:
        try:
            moved = set_aside(self.path)
            where = f" It was kept as {moved.name} in {moved.parent}."
        except OSError:
            where = ""
        return f"The saved game could not be continued: {exc}{where}"

    def start(self, match: MatchController) -> None:
        """Make ``match`` the one saved here (it saves itself after every move)."""
        match.save_path = self.path
        match.autosave()
