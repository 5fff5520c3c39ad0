"""Where things live: read-only assets beside the package, user files in the user's data folder.

Assets (``data/``, ``art/``) are found from this file's location, or from the
PyInstaller bundle when frozen, never from the working directory, so a
double-clicked executable finds them wherever it is started from.  Saves and
settings go to the platform's user data directory (``TABLETOP_HOME`` overrides
it, for tests), never next to the code or the executable.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["asset_root", "data_path", "art_path", "user_dir"]

APP_NAME = "DiceTabletop"


def asset_root() -> Path:
    """The folder holding ``data/`` and ``art/``."""
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


def user_dir() -> Path:
    """The user's data folder for saves and settings, created on first use."""
    override = os.environ.get("TABLETOP_HOME")
    if override:
        folder = Path(override)
    else:
        import platformdirs  # imported here: nothing should touch the file system at import

        folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
