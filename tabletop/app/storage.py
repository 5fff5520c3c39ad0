"""What the app keeps in the user's data folder: settings and the unfinished matches.

* Settings live in ``settings.json``; a damaged file (not JSON, deeply nested, wrong
  types, too large) falls back to defaults and is kept aside, with a message.
* Each unfinished match has its own file in ``saves/`` (``<game>.json``, then
  ``<game>.2.json`` ... when another is kept beside it), written after every move.
  A save is checked completely (the same load and full replay as Resume) before
  it is offered; one that fails is moved to ``*.damaged-<time>.json`` and reported.
* A match open at a table holds a lock on its file, so a second copy of the app on
  the same folder can only watch it, never overwrite it.
* When a save cannot be written (disk full, folder gone), the match goes on in
  memory, the players are told, and the next move tries again.
"""

from __future__ import annotations

import json
import math
import os
import stat
import time
import unicodedata
import weakref
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable

from tabletop.core.controller import MatchController, MatchRecord, RecordError, write_atomic
from tabletop.paths import describe_os_error, user_dir
from tabletop.registry import get_rules

__all__ = ["Settings", "SettingsStore", "SaveSlots", "SavedMatch", "SaveLock", "ANIMATION_SPEEDS", "REVEAL_PACES", "BOT_PACES", "clean_name",
           "NAME_LIMIT", "read_limited"]

#: Animation speed setting -> factor on every animation's duration.
ANIMATION_SPEEDS = {"normal": 1.0, "fast": 0.4, "instant": 0.0}
#: How a reveal (Wizard Dice's five phases) is shown: a click per step, or played through.
REVEAL_PACES = {"step": "Step by step", "play": "Play through"}
BOT_PACES = {"paced": "Paced (watchable)", "instant": "Instant"}
#: The longest name a seat may have, in characters.
NAME_LIMIT = 16
#: The largest settings file and match record read (a real one is a few kilobytes).
SETTINGS_LIMIT = 256 * 1024
SAVE_LIMIT = 4 * 1024 * 1024


def clean_name(text: Any) -> str:
    """A seat name fit for the screen: no control or unpaired characters, single spaces, at most NAME_LIMIT.

    >>> clean_name("  Bo\\u0000 \\t the  Bold "), clean_name("\\ud800Ann"), clean_name("x" * 40)
    ('Bo the Bold', 'Ann', 'xxxxxxxxxxxxxxxx')
    """
    if not isinstance(text, str):
        return ""
    kept = "".join(ch if not unicodedata.category(ch).startswith(("C", "Z")) or ch == " " else " "
                   for ch in text if unicodedata.category(ch) not in ("Cs", "Co", "Cn"))
    words = kept.split()
    return " ".join(words)[:NAME_LIMIT].strip()


def read_limited(path: Path, limit: int) -> str:
    """The text of a regular file no larger than ``limit`` bytes (OSError/ValueError otherwise, never a hang)."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise ValueError("it is not an ordinary file")           # a FIFO or a device would block or never end
    if info.st_size > limit:
        raise ValueError(f"it is too large ({info.st_size // 1024} KB)")
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ValueError("it is too large")
    return data.decode("utf-8")


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


# ---------------------------------------------------------------------------- settings
@dataclass
class Settings:
    """The player's preferences, remembered between sessions."""

    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    animation: str = "normal"
    reveal: str = "step"
    bots: str = "paced"                             # how bots move: "paced" (watchable) or "instant"
    names: dict = field(default_factory=dict)       # game id -> last seat names
    starter: dict = field(default_factory=dict)     # game id -> index of the last starting name

    def clean(self) -> "Settings":
        """Bring every value into its allowed range (a hand-edited file may hold anything)."""
        self.fullscreen = self.fullscreen is True
        self.muted = self.muted is True
        volume = self.volume
        valid = isinstance(volume, (int, float)) and not isinstance(volume, bool) and math.isfinite(volume)
        self.volume = min(1.0, max(0.0, float(volume))) if valid else 0.7
        if self.animation not in ANIMATION_SPEEDS:
            self.animation = "normal"
        if self.reveal not in REVEAL_PACES:
            self.reveal = "step"
        if self.bots not in BOT_PACES:
            self.bots = "paced"
        names: dict[str, list[str]] = {}
        for game, listed in (self.names.items() if isinstance(self.names, dict) else ()):
            if isinstance(game, str) and isinstance(listed, list) and len(listed) <= 8:
                cleaned = [clean_name(name) for name in listed]
                # Names that are blank or repeated after cleaning would stop a quick start: drop the list.
                if all(cleaned) and len(set(cleaned)) == len(cleaned):
                    names[game] = cleaned
        self.names = names
        starters = self.starter if isinstance(self.starter, dict) else {}
        self.starter = {game: index for game, index in starters.items()
                        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < 8}
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
            data = json.loads(read_limited(self.path, SETTINGS_LIMIT))
            if not isinstance(data, dict):
                raise ValueError("it is not a list of settings")
            known = {f.name for f in fields(Settings)}
            return Settings(**{k: v for k, v in data.items() if k in known}).clean()
        except (OSError, ValueError, TypeError, RecursionError) as exc:
            reason = "it is not valid" if isinstance(exc, (json.JSONDecodeError, RecursionError)) else str(exc)
            try:
                kept = f" The file was kept as {set_aside(self.path).name}."
            except OSError:
                kept = ""
            self.message = f"Your settings could not be read ({reason}); the defaults are used.{kept}"
            return Settings()

    def save(self, settings: Settings) -> None:
        """Write the settings (errors are reported in ``message``, never raised)."""
        try:
            write_atomic(self.path, json.dumps(asdict(settings), indent=1))
        except OSError as exc:
            self.message = f"Your settings could not be saved: {describe_os_error(exc)}."


# ---------------------------------------------------------------------------- locks
class SaveLock:
    """An exclusive lock on a save file, held by the copy of the app that plays the match.

    The operating system releases it when the process ends, however it ends, so a
    crashed copy never leaves a stale lock behind.
    """

    def __init__(self, save: Path) -> None:
        self.path = save.with_name(save.name + ".lock")
        self._handle = None

    @property
    def held(self) -> bool:
        """Whether this object holds the lock."""
        return self._handle is not None

    def acquire(self) -> bool:
        """Take the lock if nobody holds it; False if another holder has it."""
        if self._handle is not None:
            return True
        try:
            handle = open(self.path, "a+b")
        except OSError:
            return True      # no lock can be made where nothing can be written; saving will say so
        try:
            if os.name == "nt":
                import msvcrt

                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        self._handle = handle
        return True

    def release(self) -> None:
        """Let the lock go."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def taken_elsewhere(self) -> bool:
        """Whether another holder (another copy of the app) has the lock now."""
        if self.held:
            return False
        if not self.acquire():
            return True
        self.release()
        return False


# ---------------------------------------------------------------------------- saves
@dataclass(frozen=True)
class SavedMatch:
    """An unfinished match found in the saves folder, checked by a full replay."""

    path: Path
    game: str
    game_name: str
    seats: tuple[str, ...]
    progress: str
    moves: int
    saved: float
    watch_only: bool            # open in another copy of the app: it can only be watched here

    def describe(self) -> str:
        """``Dice Realms: Ada vs Bo, round 4 of 6`` for the title."""
        where = self.progress or (f"{self.moves} move in" if self.moves == 1 else f"{self.moves} moves in")
        return f"{self.game_name}: {' vs '.join(self.seats)}, {where}"


class SaveSlots:
    """The unfinished matches in ``saves/``, and the file the match at the table saves to."""

    def __init__(self, folder: Path | None = None, lookup: Callable = get_rules) -> None:
        self.folder = (folder or user_dir()) / "saves"
        self.lookup = lookup
        self.locks: dict[Path, SaveLock] = {}
        # The file of each match at a table.  The app writes it (not the controller), so a failed
        # write never loses a move: the match goes on in memory and the next move tries again.
        self.files: weakref.WeakKeyDictionary[MatchController, Path] = weakref.WeakKeyDictionary()
        self.problem = ""                 # why the last save failed ("" when it was written)
        self.details = ""                 # the technical reason the last save could not be loaded
        self._checked: dict[Path, tuple[tuple, SavedMatch | None]] = {}
        self.tidy()

    # ---------------------------------------------------------------- the folder
    def tidy(self) -> None:
        """Remove temporary files a crash left behind; give an old ``current.json`` its game's name."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for orphan in self.folder.glob(".*.tmp"):
                if time.time() - orphan.stat().st_mtime > 60:      # never one a running copy is writing
                    orphan.unlink()
        except OSError:
            pass
        legacy = self.folder / "current.json"       # the one save file of earlier versions
        if legacy.exists():
            try:
                game = json.loads(read_limited(legacy, SAVE_LIMIT)).get("game")
                if isinstance(game, str) and game and all(ch.isalnum() or ch == "-" for ch in game):
                    legacy.replace(self.new_path(game))
            except (OSError, ValueError, RecursionError, AttributeError):
                pass          # left where it is; the check reports it

    def paths(self) -> list[Path]:
        """Every save file, most recently written first."""
        try:
            found = [path for path in self.folder.glob("*.json") if ".damaged-" not in path.name]
            return sorted(found, key=lambda p: p.stat().st_mtime if p.exists() else 0, reverse=True)
        except OSError:
            return []

    def new_path(self, game: str) -> Path:
        """A file for a new match of ``game``: its usual one unless another match is kept there."""
        number = 1
        while True:
            path = self.folder / (f"{game}.json" if number == 1 else f"{game}.{number}.json")
            if not path.exists() and not SaveLock(path).taken_elsewhere():
                return path
            number += 1

    # ---------------------------------------------------------------- checking
    def load(self, path: Path) -> MatchController:
        """Read and replay a save completely (RecordError, in plain words, if anything is wrong).

        The technical reason goes to ``details`` (for the error log); players read the plain one.
        """
        def refuse(plain: str, detail: str = "") -> RecordError:
            self.details = detail or plain
            return RecordError(f"The saved game {path.name} could not be continued: {plain}.")

        try:
            text = read_limited(path, SAVE_LIMIT)
        except OSError as exc:
            raise refuse(describe_os_error(exc), str(exc)) from None
        except ValueError as exc:
            raise refuse(str(exc) if "too large" in str(exc) or "ordinary" in str(exc) else "it is not text",
                         str(exc)) from None
        try:
            record = MatchRecord.from_json(text, path.name)
        except RecordError as exc:
            raise refuse("it is damaged, or was written by another version of Dice Tabletop", str(exc)) from None
        except (ValueError, TypeError, KeyError, RecursionError, MemoryError) as exc:
            raise refuse("it is damaged", repr(exc)) from None
        if any(clean_name(name) != name or not name for name in record.seats):
            raise refuse("a player's name in it cannot be shown")
        try:
            return MatchController.from_record(record, self.lookup, source=path.name)
        except RecordError as exc:
            known = "does not know" not in str(exc)
            raise refuse("its moves do not replay with these rules" if known
                         else "it is a game this version of Dice Tabletop does not have", str(exc)) from None
        except Exception as exc:   # noqa: BLE001 - any failure of a replay means the file cannot be used
            raise refuse("its moves do not replay with these rules", repr(exc)) from None

    def check(self, path: Path) -> SavedMatch | None:
        """The unfinished match in ``path`` (None if it is finished); RecordError if it is damaged."""
        try:
            info = os.stat(path)
            key = (info.st_mtime_ns, info.st_size)
        except OSError:
            key = ()
        cached = self._checked.get(path)
        if cached is not None and cached[0] == key and key:
            return cached[1]
        match = self.load(path)
        found = None
        if not match.finished:
            found = SavedMatch(path, match.game, match.rules.meta.name, match.seats,
                               match.rules.progress(match.state), len(match.journal), key[0] / 1e9 if key else 0,
                               self._lock(path).taken_elsewhere())
        self._checked[path] = (key, found)
        return found

    def unfinished(self) -> tuple[list[SavedMatch], list[str]]:
        """Every unfinished match (newest first), and a sentence for each save that was set aside."""
        found, problems = [], []
        for path in self.paths():
            try:
                match = self.check(path)
            except RecordError as exc:
                problems.append(self._set_aside(path, str(exc)))
                continue
            if match is not None:
                found.append(match)
        return found, problems

    def _set_aside(self, path: Path, reason: str) -> str:
        self._checked.pop(path, None)
        try:
            moved = set_aside(path)
            return f"{reason} It was kept as {moved.name}."
        except OSError:
            return reason

    # ---------------------------------------------------------------- playing
    def _lock(self, path: Path) -> SaveLock:
        lock = self.locks.get(path)
        if lock is None:
            lock = self.locks[path] = SaveLock(path)
        return lock

    def open(self, saved: SavedMatch) -> tuple[MatchController | None, bool, str]:
        """The saved match replayed, whether this copy may play it (not only watch), or why it cannot open."""
        try:
            match = self.load(saved.path)
        except RecordError as exc:
            return None, False, self._set_aside(saved.path, str(exc))
        if self._lock(saved.path).acquire():
            self.files[match] = saved.path
            return match, True, ""
        return match, False, ""

    def start(self, match: MatchController) -> None:
        """Give a new match its own file and lock, and save it once."""
        path = self.new_path(match.game)
        self._lock(path).acquire()
        self.files[match] = path
        self.store(match)

    def store(self, match: MatchController) -> bool:
        """Write the match's record to its file; on failure say why in ``problem`` and return False."""
        path = self.files.get(match)
        if path is None:
            return False
        try:
            write_atomic(path, match.record().to_json())
        except OSError as exc:
            self.problem = f"Could not save: {describe_os_error(exc)}; the game goes on, unsaved."
            return False
        self.problem = ""
        return True

    def _retire(self, path: Path, game: str, why: str) -> None:
        """Move a match's file to ``saves/finished/`` and let its lock go."""
        try:
            finished = self.folder / "finished"
            finished.mkdir(exist_ok=True)
            path.replace(finished / f"{game}-{time.strftime('%Y%m%d-%H%M%S')}-{why}.json")
        except OSError:
            pass
        self._checked.pop(path, None)
        lock = self.locks.pop(path, None)
        if lock is not None:
            lock.release()

    def abandon(self, path: Path, game: str) -> None:
        """The players chose to replace an unfinished match: keep its file among the finished ones."""
        self._retire(path, game, "abandoned")

    def file_of(self, match: MatchController) -> Path | None:
        """The file ``match`` saves to (None for a match that is not saved here)."""
        return self.files.get(match)

    # ---------------------------------------------------------------- replays
    def replay_paths(self, limit: int = 8) -> list[Path]:
        """The matches that may be replayed, newest first: unfinished saves, finished ones, and files put in
        the ``replays`` folder beside ``saves`` (an exported match from another copy)."""
        found: list[Path] = []
        for folder in (self.folder, self.folder / "finished", self.replays_folder):
            try:
                found += [p for p in folder.glob("*.json") if ".damaged-" not in p.name]
            except OSError:
                pass
        found.sort(key=lambda p: p.stat().st_mtime if p.exists() else 0, reverse=True)
        return found[:limit]

    @property
    def replays_folder(self) -> Path:
        return self.folder.parent / "replays"

    def export(self, match: MatchController) -> Path:
        """Write a finished match's record to ``exports/`` beside ``saves`` (OSError if it cannot be)."""
        folder = self.folder.parent / "exports"
        path = folder / f"{match.game}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        write_atomic(path, match.record().to_json())
        return path

    def leave(self, match: MatchController) -> None:
        """The table closed: let the match's lock go; a finished match moves to ``saves/finished/``."""
        path = self.files.pop(match, None)
        if path is None:
            return
        if match.finished and path.exists():
            self._retire(path, match.game, path.stem)
            return
        lock = self.locks.pop(path, None)
        if lock is not None:
            lock.release()
