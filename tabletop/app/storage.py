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

import copy
import errno
import json
import math
import os
import stat
import sys
import tempfile
import threading
import time
import weakref
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Callable, Sequence

from tabletop.core.controller import MatchController, MatchRecord, RecordError, write_atomic
from tabletop.core.files import SETTINGS_FILE, FileRefused, parse_json, read_text, set_aside
from tabletop.core.records import NAME_LIMIT, clean_name, read_record_file, shown_file_name
from tabletop.paths import describe_os_error, user_dir, user_folder
from tabletop.registry import get_rules

from .tally import clean as clean_tally
from .tally import merge as merge_tally

__all__ = ["Settings", "SettingsStore", "SaveSlots", "SavedMatch", "SaveLock", "ReplayFile", "ANIMATION_SPEEDS",
           "REVEAL_PACES", "BOT_PACES", "clean_name", "NAME_LIMIT", "SETTING_WORDS"]

#: Animation speed setting -> factor on every animation's duration.
ANIMATION_SPEEDS = {"normal": 1.0, "fast": 0.4, "instant": 0.0}
#: How a reveal (Wizard Dice's five phases) is shown: a click per step, or played through.
REVEAL_PACES = {"step": "Step by step", "play": "Play through"}
BOT_PACES = {"paced": "Paced (watchable)", "fast": "Fast", "instant": "Instant"}


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

    @classmethod
    def from_plain(cls, data: dict) -> tuple["Settings", list[str]]:
        """Settings from a settings file's fields, each read on its own: a field that cannot be used falls
        back to its default alone.  Also the fields that fell back (their :data:`SETTING_WORDS`)."""
        settings, fallen = cls(), []
        for name, value in data.items():
            cleaner = _CLEANERS.get(name)
            if cleaner is None:
                continue                        # a field of a later version, or a typo: not ours
            try:
                setattr(settings, name, cleaner(value))
            except _Unusable:
                fallen.append(SETTING_WORDS[name])
        return settings, fallen

    def clean(self) -> "Settings":
        """Bring every value into its allowed range (a value that cannot be used goes back to its default)."""
        defaults = Settings()
        for name, cleaner in _CLEANERS.items():
            try:
                setattr(self, name, cleaner(getattr(self, name)))
            except _Unusable:
                setattr(self, name, getattr(defaults, name))
        return self

    def plain(self) -> dict[str, Any]:
        """The settings as the file holds them, cleaned (a name is cut before it is stored)."""
        return asdict(copy.deepcopy(self).clean())


#: Each setting as a message names it ("the animation speed could not be read").
SETTING_WORDS = {"fullscreen": "full screen", "volume": "volume", "muted": "mute", "animation": "animation speed",
                 "reveal": "reveal pace", "bots": "bot pace", "hints": "hints", "names": "remembered names",
                 "starter": "who starts", "tonight": "tonight's tally", "decks": "remembered decks"}


class _Unusable(Exception):
    """A setting's value that cannot be used at all (it falls back to its default)."""


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Unusable
    return value


def _volume(value: Any) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise _Unusable
    return min(1.0, max(0.0, float(value)))


def _one_of(allowed: dict[str, Any]) -> Callable[[Any], str]:
    def pick(value: Any) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise _Unusable
        return value
    return pick


def _mapping(value: Any) -> dict:
    if not isinstance(value, dict):
        raise _Unusable
    return value


def _names(value: Any) -> dict[str, list[str]]:
    names: dict[str, list[str]] = {}
    for game, listed in _mapping(value).items():
        if isinstance(game, str) and len(game) <= 40 and isinstance(listed, list) and len(listed) <= 8:
            cleaned = [clean_name(name) for name in listed]
            # Names that are blank or repeated after cleaning would stop a quick start: drop the list.
            if all(cleaned) and len(set(cleaned)) == len(cleaned):
                names[game] = cleaned
    return names


def _starters(value: Any) -> dict[str, int]:
    return {game: index for game, index in _mapping(value).items()
            if isinstance(game, str) and len(game) <= 40 and isinstance(index, int) and not isinstance(index, bool)
            and 0 <= index < 8}


def _decks(value: Any) -> dict[str, list[str]]:
    decks: dict[str, list[str]] = {}
    for name, deck in list(_mapping(value).items())[:64]:
        shown = clean_name(name)
        if shown and isinstance(deck, list) and 1 <= len(deck) <= 3 \
                and all(isinstance(a, str) and len(a) <= 40 for a in deck):
            decks[shown] = list(deck)
    return decks


def _tally(value: Any) -> dict[str, Any]:
    return clean_tally(_mapping(value))


_CLEANERS: dict[str, Callable[[Any], Any]] = {
    "fullscreen": _flag, "volume": _volume, "muted": _flag, "animation": _one_of(ANIMATION_SPEEDS),
    "reveal": _one_of(REVEAL_PACES), "bots": _one_of(BOT_PACES), "hints": _flag, "names": _names,
    "starter": _starters, "tonight": _tally, "decks": _decks,
}


class _BadNumber:
    """Stands for a number in the settings file that is no number a setting takes (5,000 digits, NaN), so
    that only its field falls back."""


def _merged(base: dict[str, Any], mine: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    """Settings written by two copies of the app: what this copy changed since it read the file (``base``)
    is kept, and everything else is taken from the file as the other copy left it (``theirs``).  A map of
    remembered names or decks is merged key by key; tonight's tally adds up both copies' games."""
    out: dict[str, Any] = {}
    for name in mine:
        ours, old, other = mine[name], base.get(name), theirs.get(name, mine[name])
        if name == "tonight":
            out[name] = merge_tally(old or {}, ours, other or {})
        elif isinstance(ours, dict) and isinstance(other, dict):
            old = old if isinstance(old, dict) else {}
            keys = list(other) + [k for k in ours if k not in other]
            merged = {}
            for key in keys:
                changed = ours.get(key, _GONE) != old.get(key, _GONE)
                value = ours.get(key, _GONE) if changed else other.get(key, _GONE)
                if value is not _GONE:
                    merged[key] = value
            out[name] = merged
        else:
            out[name] = ours if ours != old else other
    return out


_GONE = object()


class SettingsStore:
    """Loads and saves :class:`Settings` in ``settings.json``.

    The file is read by the one careful reader (an ordinary file of at most 256 KB, nesting and numbers
    held in bounds), each setting on its own; saving merges with what another copy of the app may have
    written since (see :func:`_merged`), so two copies at one table lose neither's remembered names."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or user_dir()) / "settings.json"
        self.message = ""
        self._base: dict[str, Any] = Settings().plain()      # the file as this copy last read or wrote it

    def load(self) -> Settings:
        """The saved settings (a field that cannot be used at its default, and ``message`` naming it), or
        defaults if the file cannot be read at all (``message`` says why; the file is kept aside)."""
        try:
            present = self.path.exists() or self.path.is_symlink()
        except OSError:
            present = True
        if not present:
            return Settings()
        try:
            data = self._read()
        except FileRefused as exc:
            try:
                kept = f" The file was kept as {shown_file_name(set_aside(self.path).name)}."
            except OSError:
                kept = ""
            self.message = f"Your settings could not be read ({exc.reason}); the defaults are used.{kept}"
            return Settings()
        settings, fallen = Settings.from_plain(data)
        if fallen:
            listed = ", ".join(fallen)
            self.message = (f"Some settings could not be read and are back to their defaults: {listed}. "
                            "The others are kept.")
        self._base = settings.plain()
        return settings

    def _read(self) -> dict[str, Any]:
        """The settings file's fields (FileRefused if it cannot be read as a settings file)."""
        text = read_text(self.path, SETTINGS_FILE)
        data = parse_json(text, self.path.name, nesting=6, values=20_000, digits=20, bad_number=_BadNumber(),
                          repeated_keys=True)
        if not isinstance(data, dict):
            raise FileRefused(f"{self.path}: not an object", "it is not a list of settings", self.path.name)
        return data

    def save(self, settings: Settings) -> None:
        """Write the settings, merged with what another copy wrote since (errors are reported in ``message``,
        never raised).  ``settings`` takes in the other copy's changes too."""
        mine = settings.plain()
        try:
            theirs = Settings.from_plain(self._read())[0].plain()
        except (FileRefused, OSError):
            theirs = None               # no file (or a damaged one): this copy's settings stand alone
        merged = _merged(self._base, mine, theirs) if theirs is not None else mine
        for name, value in merged.items():
            setattr(settings, name, copy.deepcopy(value))
        try:
            write_atomic(self.path, json.dumps(merged, indent=1))
        except OSError as exc:
            self.message = f"Your settings could not be saved: {describe_os_error(exc)}."
            return
        self._base = merged


# ---------------------------------------------------------------------------- locks
class SaveLock:
    """An exclusive lock on a save file, held by the copy of the app that plays the match.

    The operating system releases it when the process ends, however it ends, so a
    crashed copy never leaves a stale lock behind.  A lock "file" that is not an ordinary
    file (a folder, a FIFO, a link to a device) is set aside, as a damaged save is, and
    ``notice`` says so; a lock that still cannot be opened (a read-only folder) counts as
    held by another copy: this copy only watches, so two copies never both write one match.
    """

    def __init__(self, save: Path) -> None:
        self.path = save.with_name(save.name + ".lock")
        self._handle: BinaryIO | None = None
        self.problem = ""           # why the lock file could not be opened ("" if it could)
        self.notice = ""            # a sentence for the players when an odd lock was set aside

    @property
    def held(self) -> bool:
        """Whether this object holds the lock."""
        return self._handle is not None

    def acquire(self) -> bool:
        """Take the lock if nobody holds it; False if another holder has it, or if it cannot be made."""
        if self._handle is not None:
            return True
        self._set_aside_if_odd()
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) \
            | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
        try:
            descriptor = os.open(self.path, flags, 0o644)
        except OSError as exc:
            self.problem = describe_os_error(exc)
            return False
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):      # swapped since the look: never ours
            os.close(descriptor)
            self.problem = "it is not an ordinary file"
            return False
        handle = os.fdopen(descriptor, "r+b")
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

    def _set_aside_if_odd(self) -> None:
        """A lock path holding something else than an ordinary file (a folder, a FIFO, a link) is renamed out
        of the way, so that it never makes a match watch-only for ever; ``notice`` says so."""
        try:
            info = os.lstat(self.path)
        except OSError:
            return                      # no lock file yet: acquire makes one
        if stat.S_ISREG(info.st_mode):
            return
        what = "a folder" if stat.S_ISDIR(info.st_mode) else "a link" if stat.S_ISLNK(info.st_mode) else \
            "a pipe" if stat.S_ISFIFO(info.st_mode) else "not an ordinary file"
        save = shown_file_name(self.path.name[:-len(".lock")])
        try:
            kept = set_aside(self.path)
        except OSError as exc:
            self.notice = (f"The lock of the saved game {save} is {what} and could not be moved "
                           f"({describe_os_error(exc)}); the game can only be watched.")
            return
        self.notice = f"The lock of the saved game {save} was {what}; it was kept as {shown_file_name(kept.name)}."

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

    def held_by_running_copy(self) -> bool:
        """Whether a running copy of the app holds the lock now (not merely: it cannot be made here)."""
        return self.taken_elsewhere() and not self.problem


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


class SaveWriter:
    """Writes match files beside the frame loop (through :func:`write_atomic`, synced), one after another in the
    order they came; a newer record of a file still waiting takes the older one's place.  ``done(path, match,
    problem)`` is called in the writer's thread after each write (``problem`` None when it was written)."""

    def __init__(self, done: Callable[[Path, MatchController, OSError | None], None]) -> None:
        self.done = done
        self._waiting: dict[Path, tuple[str, MatchController]] = {}
        self._busy = 0
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None

    def put(self, path: Path, text: str, match: MatchController) -> None:
        """Write ``text`` to ``path`` soon."""
        with self._lock:
            self._waiting[path] = (text, match)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    @property
    def busy(self) -> bool:
        """Whether a write is waiting or being written now."""
        return bool(self._waiting or self._busy)

    def flush(self, timeout: float = 30.0) -> None:
        """Wait until nothing is waiting or being written."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._waiting or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                self._lock.wait(left)

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._waiting:
                    if not self._lock.wait(5.0) and not self._waiting:
                        self._thread = None          # idle for a while: the thread ends, the next put starts one
                        return
                path = next(iter(self._waiting))
                text, match = self._waiting.pop(path)
                self._busy += 1
            problem: OSError | None = None
            try:
                write_atomic(path, text)
            except OSError as exc:
                problem = exc
            finally:
                self.done(path, match, problem)
                with self._lock:
                    self._busy -= 1
                    self._lock.notify_all()


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
        self.problem = ""                 # why the last save failed ("" when it was written), as a sentence
        self.reason = ""                  # the same in a few words ("the disk is full")
        self.details = ""                 # the technical reason the last save could not be loaded
        # Matches whose last moves are not on disk (the disk was full): kept here, the table left or not,
        # and written again by :meth:`retry` until they are (or the app closes).
        self.unsaved: dict[Path, MatchController] = {}
        self._left: set[MatchController] = set()       # unsaved matches whose table has closed
        self.notices: list[str] = []      # sentences for the players (a lock set aside), said once
        self.writer = SaveWriter(self._written)
        # Matches changed at the table whose record is taken after the frame (:meth:`store_due`), never on
        # the input path; :meth:`flush` (before the next move is taken, and at every close) takes them first.
        self.due: dict[MatchController, None] = {}
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
                game = MatchRecord.from_json(read_record_file(legacy), legacy.name).game
                if all(ch.isalnum() or ch == "-" for ch in game):
                    path = self.claim(game)
                    legacy.replace(path)
                    self.locks.pop(path).release()
            except (OSError, ValueError, KeyError):
                pass          # left where it is; the check reports it

    def paths(self) -> list[Path]:
        """Every save file, most recently written first (those of a read-only user folder last)."""
        return _newest_first(self.folder) + (_newest_first(self.elsewhere) if self.elsewhere else [])

    def claim(self, game: str) -> Path:
        """A new, empty file of this copy's own for a new match of ``game`` (its usual name unless another match
        is kept there), locked: the lock is taken first, then the file is created exclusively, so two copies
        starting the same game at the same moment never get one file.  OSError if none can be made."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for number in range(1, 1000):
            path = self.folder / (f"{game}.json" if number == 1 else f"{game}.{number}.json")
            if path.exists() or path.is_symlink():
                continue                    # another match's file (or something in its place)
            lock = SaveLock(path)
            taken = lock.acquire()
            self._notice(lock)
            if not taken:
                continue                    # a running copy is creating this very file
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644))
            except FileExistsError:
                lock.release()
                continue
            except OSError:
                lock.release()
                raise
            self.locks[path] = lock
            return path
        raise OSError(errno.EEXIST, f"no free file name for a new {game} match")

    def _notice(self, lock: SaveLock) -> None:
        if lock.notice and lock.notice not in self.notices:
            self.notices.append(lock.notice)

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
            lock = self._lock(path)
            watch_only = read_only or lock.taken_elsewhere()
            self._notice(lock)
            found = self._describe(path, match, key[0] / 1e9 if key else 0, watch_only, read_only)
        self._checked[path] = (key, found)
        return found

    def unfinished(self) -> tuple[list[SavedMatch], list[str]]:
        """Every unfinished match (newest first), and a sentence for each save that was set aside (and each odd
        lock: see :class:`SaveLock`).  A match whose last moves could not be written is offered as it stands
        in memory, not as its file left it."""
        self.flush()
        found, problems = [], []
        listed = self.paths()
        for path in listed:
            kept = self.unsaved.get(path)
            if kept is not None:
                if not kept.finished:
                    found.append(self._describe(path, kept, time.time(), watch_only=False, read_only=False))
                continue
            try:
                match = self.check(path)
            except RecordError as exc:
                sentence = self._set_aside(path, _save_sentence(exc))
                if sentence:
                    problems.append(sentence)
                continue
            if match is not None:
                found.append(match)
        for path, kept in self.unsaved.items():        # its file could not even be made
            if _NOT_YET in path.name and not kept.finished:
                found.append(self._describe(path, kept, time.time(), watch_only=False, read_only=False))
        problems += self.notices
        self.notices = []
        return found, problems

    def _describe(self, path: Path, match: MatchController, saved: float, watch_only: bool,
                  read_only: bool) -> SavedMatch:
        return SavedMatch(path, match.game, match.rules.meta.name, match.seats, match.rules.progress(match.state),
                          len(match.journal), saved, watch_only, read_only)

    def _set_aside(self, path: Path, reason: str) -> str:
        """Move a damaged file out of the way and say so ("" if it is left alone: a running copy holds its
        lock, so it is a new match's file that copy is writing right now)."""
        if self._lock(path).held_by_running_copy():
            return ""
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

        A match of a read-only folder is never playable here (see :meth:`play_unsaved`); a match whose last
        moves are only in memory opens as it stands there."""
        kept = self.unsaved.get(saved.path)
        if kept is not None:
            self.files[kept] = saved.path
            return kept, True, ""
        try:
            match = self.load(saved.path)
        except RecordError as exc:
            return None, False, self._set_aside(saved.path, _save_sentence(exc))
        if not saved.read_only and self._lock(saved.path).acquire():
            self.files[match] = saved.path
            return match, True, ""
        return match, False, ""

    def start(self, match: MatchController) -> None:
        """Give a new match its own file and lock (see :meth:`claim`), and save it once.  If no file can be
        made, the match is kept in memory and every later save (and :meth:`retry`) tries again."""
        self.files[match] = self.folder / f"{match.game}{_NOT_YET}{id(match)}.json"     # a stand-in name
        self.store(match)
        self.flush()

    def store(self, match: MatchController) -> None:
        """Save the match's record to its file, beside the frame loop: the record is taken now, the file is
        written (and synced) by the save writer right after, in order; :meth:`flush` waits for it.  A write that
        fails says why in ``problem`` and keeps the match among the :attr:`unsaved` (retried).

        The one place a match is saved: after every move and every undo at the table (and once at its start).
        A match with no file here (a replay, the demo, one played on unsaved) is not written."""
        path = self.files.get(match)
        if path is None:
            return
        if _NOT_YET in path.name:                     # its own file could not be made yet: now
            try:
                claimed = self.claim(match.game)
            except OSError as exc:
                self._written(path, match, exc)
                return
            self.unsaved.pop(path, None)
            self.files[match] = path = claimed
        self.writer.put(path, match.record().to_json(), match)

    def store_later(self, match: MatchController) -> None:
        """Save the match once the frame that shows its change is drawn (:meth:`store_due`, the app's spare
        tick), or sooner if :meth:`flush` is asked first: a click's move never waits for its record to be
        taken, and the next move always waits for it to be on disk."""
        if match in self.files:
            self.due[match] = None

    def store_due(self) -> bool:
        """Hand the writer every match saved with :meth:`store_later` (run after each frame is shown); False:
        nothing more to do this frame."""
        while self.due:
            match = next(iter(self.due))
            del self.due[match]
            self.store(match)
        return False

    def flush(self) -> None:
        """Wait until every save asked for is on disk (or has failed): those still due first."""
        self.store_due()
        self.writer.flush()

    @property
    def writing(self) -> bool:
        """Whether a save is still due or being written (a move that comes now waits a frame instead of the
        disk)."""
        return bool(self.due) or self.writer.busy

    def saved(self, match: MatchController) -> bool:
        """Whether ``match``'s every move is on disk (its writes waited for)."""
        self.flush()
        return match in self.files and not self.is_unsaved(match)

    def _written(self, path: Path, match: MatchController, problem: OSError | None) -> None:
        """A write is done (in the writer's thread): the match is on disk, or not and why."""
        if problem is None:
            self.unsaved.pop(path, None)
            if not self.unsaved:
                self.problem = self.reason = ""
            return
        self.reason = describe_os_error(problem)
        self.problem = f"Could not save: {self.reason}; the game goes on and saving is retried."
        self.unsaved[path] = match

    def retry(self) -> bool:
        """Write again every match whose last moves are not on disk; one whose table has closed is then let go
        as :meth:`leave` would have (a finished one kept among the finished matches).  True when nothing is
        left unsaved."""
        self.flush()
        for match in list(self.unsaved.values()):
            if self.files.get(match) is None:
                continue
            self.store(match)
            if self.saved(match) and match in self._left:
                self._left.discard(match)
                self.leave(match)
        return not self.unsaved

    def is_unsaved(self, match: MatchController) -> bool:
        """Whether ``match``'s last moves are only in memory (as far as the writes done so far tell)."""
        return any(kept is match for kept in list(self.unsaved.values()))

    def save_elsewhere(self, match: MatchController, folders: Sequence[Path] | None = None) -> Path:
        """Write the match's record into the first folder that takes it (the desktop, the documents, the home
        folder, the system's temporary folder), for a match the data folder could not keep; the path written.
        OSError (the last folder's) if none takes it."""
        home = Path.home()
        candidates = list(folders) if folders is not None else \
            [home / "Desktop", home / "Documents", home, Path(tempfile.gettempdir())]
        name = f"{match.game}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        problem: OSError = OSError(errno.ENOENT, "no folder to save in")
        for folder in candidates:
            if not folder.is_dir():
                continue
            try:
                write_atomic(folder / name, match.record().to_json())
            except OSError as exc:
                problem = exc
                continue
            return folder / name
        raise problem

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
        """The file ``match`` saves to, its writes waited for (None for a match that is not saved here)."""
        self.flush()
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
        self.flush()
        listed: list[ReplayFile] = []
        problems: list[str] = []
        for path in self.replay_paths(limit):
            kept = self.unsaved.get(path)
            try:
                if kept is not None:          # its file is behind: the match as it stands in memory, copied
                    listed.append(ReplayFile(path, MatchController.from_record(kept.record(), self.lookup)))
                    continue
                listed.append(ReplayFile(path, MatchController.load(path, self.lookup)))
            except RecordError as exc:
                sentence = exc.sentence("cannot be replayed")
                if path.parent in (self.folder, self.folder / "finished"):
                    sentence = self._set_aside(path, sentence)
                    if sentence:
                        problems.append(sentence)
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
        """The table closed: let the match's lock go; a finished match moves to ``saves/finished/``.  A match
        whose last moves are not on disk is tried once more, and else kept, with its lock, for :meth:`retry`."""
        path = self.files.get(match)
        if path is None:
            return
        self.flush()
        if self.is_unsaved(match):
            self.store(match)
            if not self.saved(match):
                self._left.add(match)
                return
        path = self.files.pop(match)
        if match.finished and path.exists():
            self._retire(path, match.game, path.stem)
            return
        lock = self.locks.pop(path, None)
        if lock is not None:
            lock.release()


#: Marks the stand-in name of a match whose own file could not be made yet (``dice-realms.not-yet-1234.json``).
_NOT_YET = ".not-yet-"


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
