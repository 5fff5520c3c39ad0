"""Images, fonts and sounds, read by the one careful reader (:mod:`tabletop.core.files`) and handed to pygame
from memory, so pygame never opens a path itself: a FIFO, a device, a folder or a huge file in ``art/`` is
refused like a damaged save, never a hang or a crash."""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pygame

from tabletop.core.files import FONT_FILE, IMAGE_FILE, SOUND_FILE, FileRefused, read_bytes

__all__ = ["load_image", "font_bytes", "open_font", "font_problem", "font_problem_in", "load_sound"]

#: The first four bytes of a TrueType or OpenType font, or of a collection of them.
_FONT_SIGNATURES = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf")
#: Tables every font needs before anything is drawn with it.
_FONT_TABLES = {b"cmap", b"head", b"hhea", b"maxp"}

_FONTS: dict[Path, bytes | str] = {}        # a font file's bytes, or why it cannot be used (read once a run)


def load_image(path: Path) -> pygame.Surface:
    """The image at ``path`` (FileRefused if the file cannot be read, pygame.error if it is no image)."""
    return pygame.image.load(io.BytesIO(read_bytes(path, IMAGE_FILE)), path.name)


def load_sound(path: Path) -> pygame.mixer.Sound:
    """The sound at ``path`` (FileRefused if the file cannot be read, pygame.error if it is no sound)."""
    return pygame.mixer.Sound(file=io.BytesIO(read_bytes(path, SOUND_FILE)))


def font_bytes(path: Path) -> bytes | str:
    """The bytes of the font file ``path``, read once; or why it cannot be given to pygame as a font."""
    known = _FONTS.get(path)
    if known is None:
        try:
            data = read_bytes(path, FONT_FILE)
        except FileRefused as exc:
            known = exc.reason
        else:
            known = font_problem_in(data) or data
        _FONTS[path] = known
    return known


def font_problem(path: Path) -> str:
    """Why ``path`` cannot be given to pygame as a font ("" when it can)."""
    known = font_bytes(path)
    return known if isinstance(known, str) else ""


def open_font(path: Path | None, size: int) -> pygame.font.Font:
    """The font file ``path`` at ``size`` pixels; the bundled default font if it cannot be used (never a crash)."""
    known = font_bytes(path) if path is not None else "no font named"
    if isinstance(known, bytes):
        try:
            return pygame.font.Font(io.BytesIO(known), size)   # BytesIO shares the bytes: no copy per size
        except (OSError, ValueError, pygame.error):
            pass
    return pygame.font.Font(None, size)


def font_problem_in(data: bytes) -> str:
    """Why ``data`` cannot be given to pygame as a font ("" when it can).

    pygame crashes the whole process (a segmentation fault) on a file that is not a
    font or whose table directory runs past its end, so this looks at the signature
    and the table directory first.

    >>> font_problem_in(b"GIF89a"), font_problem_in(b"OTTO\\x00\\x00")
    ('it is not a TrueType or OpenType font file', 'it is a damaged font file (too short)')
    """
    head = data[:12]
    if head[:4] not in _FONT_SIGNATURES:
        return "it is not a TrueType or OpenType font file"
    offset = 0
    if head[:4] == b"ttcf":                       # a collection: check its first font
        if len(head) < 12 or struct.unpack(">I", head[8:12])[0] < 1:
            return "it is a damaged font collection"
        offset = struct.unpack(">I", (data[12:16] + b"\xff\xff\xff\xff")[:4])[0]
        head = data[offset:offset + 12]
    if len(head) < 12:
        return "it is a damaged font file (too short)"
    count = struct.unpack(">H", head[4:6])[0]
    directory = data[offset + 12:offset + 12 + 16 * count]
    if count == 0 or len(directory) < 16 * count:
        return "it is a damaged font file (its table directory is cut short)"
    tags = set()
    for index in range(count):
        tag, _checksum, start, length = struct.unpack(">4sIII", directory[16 * index:16 * index + 16])
        if start + length > len(data):
            return "it is a damaged font file (a table runs past its end)"
        tags.add(tag)
    missing = _FONT_TABLES - tags
    if missing:
        return f"it is a damaged font file (no {', '.join(sorted(t.decode('latin-1') for t in missing))} table)"
    return ""
