"""Where things live: read-only assets beside the package, user files in the user's data folder.

Assets (``data/``, ``art/``) are found from this file's location, or from the
PyInstaller bundle when frozen, never from the working directory, so a
double-clicked executable finds them wherever it is started from.  Saves and
settings go to the platform's user data directory (``TABLETOP_HOME`` overrides
it, for tests), never next to the code or the executable.
"""

from __future__ import annotations

import errno
import os
import sys
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = ["asset_root", "data_path", "art_path", "user_dir", "user_folder", "UserFolder"]

APP_NAME = "DiceTabletop"


@lru_cache(maxsize=1)
def asset_root() -> Path:
    """The folder holding ``data/`` and ``art/`` (worked out once: a search or a bot thread may ask for content
    thousands of times, and each look at the disk lets the frame loop take the interpreter for a while)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle)
    package = Path(__file__).resolve().parent
    # An installed wheel carries the assets inside the package; a checkout has them beside it.
    if (package / "data").is_dir():
        return package
    return package.parent


def data_path(*parts: str) -> Path:
    """A path under ``data/`` (YAML layouts, game content, maps)."""
    return asset_root().joinpath("data", *parts)


def art_path(*parts: str) -> Path:
    """A path under ``art/`` (images, fonts, sounds)."""
    return asset_root().joinpath("art", *parts)


@dataclass(frozen=True)
class UserFolder:
    """Where saves and settings go, and why it is not the usual folder (``problem``) when it cannot be used."""

    path: Path
    problem: str = ""
    wanted: Path | None = None        # the folder that could not be used, when a temporary one stands in

    @property
    def kept(self) -> bool:
        """Whether what is written here is kept (False: a temporary folder stands in)."""
        return not self.problem


_FOLDERS: dict[str, UserFolder] = {}


def _wanted_folder() -> Path:
    override = os.environ.get("TABLETOP_HOME")
    if override:
        return Path(override)
    import platformdirs  # imported here: nothing should touch the file system at import

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def _usable(folder: Path) -> str:
    """"" if ``folder`` can be created and written to, else why not, in words.  A few kilobytes are written and
    flushed, as a save would be: a full disk still lets an empty file be made."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-") as probe:
            probe.write(b"\0" * 8192)
            probe.flush()
            os.fsync(probe.fileno())
        return ""
    except OSError as exc:
        return describe_os_error(exc)


def describe_os_error(exc: OSError) -> str:
    """An operating-system error in plain words ("the disk is full"), for players.

    >>> describe_os_error(OSError(errno.ENOSPC, "No space left on device"))
    'the disk is full'
    """
    plain = {errno.ENOSPC: "the disk is full", errno.EACCES: "permission is denied",
             errno.EPERM: "permission is denied", errno.EROFS: "the disk is read-only",
             errno.ENOTDIR: "a file stands where a folder should be", errno.ENOENT: "the folder is gone",
             errno.EEXIST: "a file stands where a folder should be", errno.EDQUOT: "the disk quota is used up"}
    return plain.get(exc.errno or 0, exc.strerror.lower() if exc.strerror else "it cannot be written")


def user_folder() -> UserFolder:
    """The user's data folder, checked once: a folder that cannot be written falls back to a temporary one."""
    wanted = _wanted_folder()
    known = _FOLDERS.get(str(wanted))
    if known is not None:
        return known
    problem = _usable(wanted)
    if not problem:
        chosen = UserFolder(wanted)
    else:
        fallback = Path(tempfile.gettempdir()) / f"{APP_NAME}-{os.getpid()}"
        try:
            fallback.mkdir(parents=True, exist_ok=True)
        except OSError:
            fallback = wanted           # nowhere else either: saves are tried there, and retried
        chosen = UserFolder(fallback, f"{wanted} cannot be used ({problem})", wanted if fallback != wanted else None)
    _FOLDERS[str(wanted)] = chosen
    return chosen


def user_dir() -> Path:
    """The folder for saves, settings and logs (see :func:`user_folder`)."""
    return user_folder().path
