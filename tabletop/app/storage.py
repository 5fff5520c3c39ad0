"""What the app keeps in the user's data folder: settings and the unfinished matches.

* Settings live in ``settings.json``; a damaged file (not JSON, deeply nested, wrong
  types, too large) falls back to defaults and is kept aside, with a message.
* Each unfinished match has its own file in ``saves/`` (``<game>.json``, then
  ``<game>.2.json`` ... when another is kept beside it), written after every move by
  :meth:`SaveSlots.store`, the one writer of saves (the match controller writes nothing).
* Every match file is read by one loader, ``MatchController.load`` (size limit, ordinary
  files only, nesting and number limits, names as the screen shows them, a full replay):
  a save that fails is moved to ``*.damaged-<time>.json`` and reported; so is a finished
  match in ``saves/finished/``; a file in ``replays/`` (put there by the player) is left
  where it is and listed as unreadable, with the reason.
* A match open at a table holds a lock on its file, so a second copy of the app on
  the same folder can only watch it, never overwrite it; a lock that cannot be opened
  counts as held by another copy.  Temporary files of a save cut short (a kill) are
  removed at start unless a running copy holds the lock of their save.
* When a save cannot be written (disk full, folder gone), the match goes on in
  memory, the players are told, and the next move tries again.
* When the user's folder cannot be written at all (a read-only disk), its unfinished
  matches are still offered: to watch, or to play on without saving.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
import weakref
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import BinaryIO, Callable

from tabletop.core.controller import MatchController, MatchRecord, RecordError, write_atomic
from tabletop.core.records import NAME_LIMIT, RECORD_LIMIT, clean_name, read_text_file, shown_file_name
from tabletop.paths import describe_os_error, user_dir, user_folder
from tabletop.registry import get_rules

from .tally import clean as clean_tally

__all__ = ["Settings", "SettingsStore", "SaveSlots", "SavedMatch", "SaveLock", "ReplayFile", "ANIMATION_SPEEDS",
           "REVEAL_PACES", "BOT_PACES", "clean_name", "NAME_LIMIT", "read_limited"]

#: Animation speed setting -> factor on every animation's duration.
ANIMATION_SPEEDS = {"normal": 1.0, "fast": 0.4, "instant": 0.0}
#: How a reveal (Wizard Dice's five phases) is shown: a click per step, or played through.
REVEAL_PACES = {"step": "Step by step", "play": "Play through"}
BOT_PACES = {"paced": "Paced (watchable)", "fast": "Fast", "instant": "Instant"}
#: The largest settings file and match record read (a real one is a few kilobytes).
SETTINGS_LIMIT = 256 * 1024
SAVE_LIMIT = RECORD_LIMIT


def read_limited(path: Path, limit: int) -> str:
    """The text of an ordinary file no larger than ``limit`` bytes (RecordError, a ValueError, otherwise;
    never a hang on a FIFO or a device)."""
    return read_text_file(path, limit)


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
    hints: bool = True                              # the table offers Hint (H); off for a table that wants none
    names: dict = field(default_factory=dict)       # game id -> last seat names
    starter: dict = field(default_factory=dict)     # game id -> index of the last starting name
    tonight: dict = field(default_factory=dict)     # tonight's wins per player, across games (tally.py)
    decks: dict = field(default_factory=dict)       # player name -> the archetypes of their last Dice Cards deck

    def clean(self) -> "Settings":
        """Bring every value into its allowed range (a hand-edited file may hold anything)."""
        self.fullscreen = self.fullscreen is True
        self.muted = self.muted is True
        self.hints = self.hints is not False
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
        self.tonight = clean_tally(self.tonight)
        decks = self.decks if isinstance(self.decks, dict) else {}
        self.decks = {name: list(deck) for name, deck in list(decks.items())[:64]
                      if isinstance(name, str) and 0 < len(name) <= 64 and isinstance(deck, list)
                      and 1 <= len(deck) <= 3 and all(isinstance(a, str) and len(a) <= 40 for a in deck)}
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
            reason = exc.reason if isinstance(exc, RecordError) else \
                "it is not valid" if isinstance(exc, (json.JSONDecodeError, RecursionError)) else str(exc)
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
    crashed copy never leaves a stale lock behind.  A lock file that cannot be opened
    (a read-only folder, a folder in its place) counts as held by another copy: this
    copy only watches, so two copies never both write one match.
    """

    def __init__(self, save: Path) -> None:
        self.path = save.with_name(save.name + ".lock")
        self._handle: BinaryIO | None = None
        self.problem = ""           # why the lock file could not be opened ("" if it could)

    @property
    def held(self) -> bool:
        """Whether this object holds the lock."""
        return self._handle is not None

    def acquire(self) -> bool:
        """Take the lock if nobody holds it; False if another holder has it, or if it cannot be made."""
        if self._handle is not None:
            return True
        try:
            handle = open(self.path, "a+b")
        except OSError as exc:
            self.problem = describe_os_error(exc)
            return False
        self.problem = ""
        try:
            if sys.platform == "win32":
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
        """Whether another holder (another copy of the app) has the lock now, or it cannot be made."""
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
    watch_only: bool            # open in another copy of the app (or its folder is read-only): not played here
    read_only: bool = False     # in the user's folder, which cannot be written: watch, or play on without saving

    def describe(self) -> str:
        """``Dice Realms: Ada vs Bo, round 4 of 6`` for the title."""
        where = self.progress or (f"{self.moves} move in" if self.moves == 1 else f"{self.moves} moves in")
        return f"{self.game_name}: {' vs '.join(self.seats)}, {where}"

    @property
    def note(self) -> str:
        """Why it is not simply resumed here ("" when it is)."""
        if self.read_only:
            return "(the folder is read-only: watch, or play on unsaved)"
        return "(open in another copy: watch only)" if self.watch_only else ""


@dataclass(frozen=True)
class ReplayFile:
    """A match file the Replays screen lists: its match replayed, or why it cannot be."""

    path: Path
    match: MatchController | None
    problem: str = ""           # "x.json cannot be replayed: it is not an ordinary file." when match is None


class SaveSlots:
    """The unfinished matches in ``saves/``, and the file the match at the table saves to.

    ``elsewhere``: the user's own folder when it cannot be written (a temporary one stands in as
    ``folder``); its unfinished matches are offered too, read-only.
    """

    def __init__(self, folder: Path | None = None, lookup: Callable = get_rules, elsewhere: Path | None = None) -> None:
        if folder is None:
            home = user_folder()
            folder, elsewhere = home.path, elsewhere or home.wanted
        self.folder = folder / "saves"
        self.elsewhere = elsewhere / "saves" if elsewhere is not None else None
        self.lookup = lookup
        self.locks: dict[Path, SaveLock] = {}
        # The file of each match at a table.  The app writes it (the controller writes nothing), so a failed
        # write never loses a move: the match goes on in memory and the next move tries again.
        self.files: weakref.WeakKeyDictionary[MatchController, Path] = weakref.WeakKeyDictionary()
        self.problem = ""                 # why the last save failed ("" when it was written)
        self.details = ""                 # the technical reason the last save could not be loaded
        self._checked: dict[Path, tuple[tuple, SavedMatch | None]] = {}
        self.tidy()

    # ---------------------------------------------------------------- the folder
    def tidy(self) -> None:
        """Remove the temporary files of saves cut short (a kill during a write), except those of a save whose
        lock a running copy holds (it may be writing right now); give an old ``current.json`` its game's name."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            orphans = list(self.folder.glob(".*.tmp"))
        except OSError:
            orphans = []
        for orphan in orphans:
            # write_atomic's temporary file of ``<save>`` is ``.<save>.<random>.tmp``.
            save = orphan.name[1:-len(".tmp")].rpartition(".")[0]
            try:
                if not save or _free(SaveLock(self.folder / save)):
                    orphan.unlink()
            except OSError:
                pass          # not ours to remove (a folder, say): left alone
        legacy = self.folder / "current.json"       # the one save file of earlier versions
        if legacy.exists():
            try:
                game = MatchRecord.from_json(read_limited(legacy, SAVE_LIMIT), legacy.name).game
                if all(ch.isalnum() or ch == "-" for ch in game):
                    legacy.replace(self.new_path(game))
            except (OSError, ValueError):
                pass          # left where it is; the check reports it

    def paths(self) -> list[Path]:
        """Every save file, most recently written first (those of a read-only user folder last)."""
        return _newest_first(self.folder) + (_newest_first(self.elsewhere) if self.elsewhere else [])

    def new_path(self, game: str) -> Path:
        """A file for a new match of ``game``: its usual one unless another match is kept there."""
        number = 1
        while True:
            path = self.folder / (f"{game}.json" if number == 1 else f"{game}.{number}.json")
            if not path.exists() and _free(SaveLock(path)):
                return path
            number += 1

    # ---------------------------------------------------------------- checking
    def load(self, path: Path) -> MatchController:
        """Read and replay a save completely (RecordError, with a plain ``reason``, if anything is wrong).

        The technical reason goes to ``details`` (for the error log); players read the plain one.
        """
        try:
            return MatchController.load(path, self.lookup)
        except RecordError as exc:
            self.details = str(exc)
            raise

    def check(self, path: Path) -> SavedMatch | None:
        """The unfinished match in ``path`` (None if it is finished); RecordError if it is damaged."""
        try:
            info = os.stat(path)
            key: tuple[int, ...] = (info.st_mtime_ns, info.st_size)
        except OSError:
            key = ()
        cached = self._checked.get(path)
        if cached is not None and cached[0] == key and key:
            return cached[1]
        match = self.load(path)
        found = None
        if not match.finished:
            read_only = self.elsewhere is not None and path.parent == self.elsewhere
            found = SavedMatch(path, match.game, match.rules.meta.name, match.seats,
                               match.rules.progress(match.state), len(match.journal), key[0] / 1e9 if key else 0,
                               read_only or self._lock(path).taken_elsewhere(), read_only)
        self._checked[path] = (key, found)
        return found

    def unfinished(self) -> tuple[list[SavedMatch], list[str]]:
        """Every unfinished match (newest first), and a sentence for each save that was set aside."""
        found, problems = [], []
        for path in self.paths():
            try:
                match = self.check(path)
            except RecordError as exc:
                problems.append(self._set_aside(path, _save_sentence(exc)))
                continue
            if match is not None:
                found.append(match)
        return found, problems

    def _set_aside(self, path: Path, reason: str) -> str:
        self._checked.pop(path, None)
        if self.elsewhere is not None and path.parent == self.elsewhere:
            return reason                 # a folder that cannot be written: nothing is moved there
        try:
            moved = set_aside(path)
            return f"{reason} It was kept as {shown_file_name(moved.name)}."
        except OSError:
            return reason

    # ---------------------------------------------------------------- playing
    def _lock(self, path: Path) -> SaveLock:
        lock = self.locks.get(path)
        if lock is None:
            lock = self.locks[path] = SaveLock(path)
        return lock

    def open(self, saved: SavedMatch) -> tuple[MatchController | None, bool, str]:
        """The saved match replayed, whether this copy may play it (not only watch), or why it cannot open.

        A match of a read-only folder is never playable here (see :meth:`play_unsaved`)."""
        try:
            match = self.load(saved.path)
        except RecordError as exc:
            return None, False, self._set_aside(saved.path, _save_sentence(exc))
        if not saved.read_only and self._lock(saved.path).acquire():
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
        """Write the match's record to its file; on failure say why in ``problem`` and return False.

        The one place a match is saved: after every move and every undo at the table (and once at its start).
        A match with no file here (a replay, the demo, one played on unsaved) is not written."""
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
        folders = [self.folder, self.folder / "finished", self.replays_folder]
        if self.elsewhere is not None:          # the user's own folder, read-only: its matches are listed too
            folders += [self.elsewhere, self.elsewhere / "finished", self.elsewhere.parent / "replays"]
        for folder in folders:
            found += _newest_first(folder)
        found.sort(key=_modified, reverse=True)
        return found[:limit]

    def replays(self, limit: int = 8) -> tuple[list[ReplayFile], list[str]]:
        """The newest ``limit`` match files, each replayed by the one loader, and a sentence for each one set
        aside.  A damaged file of the app's own folders (``saves/``, ``saves/finished/``) is set aside; one in
        ``replays/`` (the player's) or in a read-only folder stays where it is and is listed with the reason
        it cannot be replayed."""
        listed: list[ReplayFile] = []
        problems: list[str] = []
        for path in self.replay_paths(limit):
            try:
                listed.append(ReplayFile(path, MatchController.load(path, self.lookup)))
            except RecordError as exc:
                sentence = exc.sentence("cannot be replayed")
                if path.parent in (self.folder, self.folder / "finished"):
                    problems.append(self._set_aside(path, sentence))
                else:                            # the player's replays/, or a folder that cannot be written
                    listed.append(ReplayFile(path, None, sentence))
        return listed, problems

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


def _free(lock: SaveLock) -> bool:
    """Whether no running copy holds ``lock``: it can be taken, or it cannot be made and no lock file exists
    (a copy holding it would have made one)."""
    return not lock.taken_elsewhere() or (bool(lock.problem) and not lock.path.exists())


def _save_sentence(exc: RecordError) -> str:
    """``The saved game x.json could not be continued: it is damaged or incomplete.``"""
    return f"The saved game {exc.sentence('could not be continued')}"


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _newest_first(folder: Path) -> list[Path]:
    """The match files (``*.json``) of ``folder``, most recently written first; none if it cannot be listed."""
    try:
        found = [path for path in folder.glob("*.json") if ".damaged-" not in path.name]
    except OSError:
        return []
    return sorted(found, key=_modified, reverse=True)
