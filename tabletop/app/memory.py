"""Keeping a night-long process's memory flat: the app runs an attract mode for hours at a game night.

Two things grow a long pygame process that no cache bound stops:
- the C heap fragments: rendered text, dice and cards are thousands of 10-500 KB surfaces made and
  dropped in no order, and glibc serves them from one heap that can only shrink from its top (the holes
  stay resident).  Surfaces from 16 KB up get their own mapping instead, handed back to the system the
  moment they are freed;
- the bots' pure look-up tables (odds of rolls, plans for dice) fill with every game's new positions.
  Between two demo games nothing needs them, and refilling costs a game's first few decisions.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from typing import Any

__all__ = ["tune_allocator", "forget_bot_tables", "release_between_games", "MMAP_FROM_BYTES"]

#: Allocations from this size up are mapped on their own (glibc's default moves between 128 KB and 32 MB).
MMAP_FROM_BYTES = 16 * 1024

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
_libc: Any = None


def _glibc() -> Any:
    """The C library when it is glibc (None elsewhere: macOS and Windows allocators need none of this)."""
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim"):
                    _libc = libc
            except OSError:
                pass
    return _libc or None


def tune_allocator() -> bool:
    """Map surfaces of 16 KB and more on their own (fixed, so glibc does not raise the threshold as it
    frees them); True if the C library took it."""
    libc = _glibc()
    if libc is None:
        return False
    return bool(libc.mallopt(_M_MMAP_THRESHOLD, MMAP_FROM_BYTES)) and bool(libc.mallopt(_M_TRIM_THRESHOLD,
                                                                                        8 * MMAP_FROM_BYTES))


def forget_bot_tables() -> int:
    """Empty the memoised look-up functions of every loaded game's bots (pure functions: only speed is lost,
    until they refill); returns how many were emptied."""
    emptied = 0
    for name, module in list(sys.modules.items()):
        if name.startswith("tabletop.games.") and name.endswith(".bots") and module is not None:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", None) == name:
                    clear()
                    emptied += 1
    return emptied


def release_between_games() -> None:
    """What a finished game left behind goes back to the system before the next one starts."""
    forget_bot_tables()
    gc.collect()
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)
