"""Write ``art/icon.icns``, the macOS app icon, from ``art/icon.png`` (the 256 px app icon of tools/make_art.py).

    .venv/bin/python tools/make_icns.py          # rewrite art/icon.icns
    .venv/bin/python tools/make_icns.py --check  # exit 1 if art/icon.icns is not what icon.png makes

An .icns file is the magic ``icns``, its total length (4 bytes, big-endian), then one entry per image:
a four-letter type, the entry's length (header included) and the image, here PNG-compressed (allowed
since Mac OS X 10.7).  The types used and their pixel sizes are :data:`ENTRIES`; the largest, 256 px,
is icon.png itself, the smaller ones are smooth-scaled from it.  build_exe.spec gives it to the
``DiceTabletop.app`` bundle.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ART = Path(__file__).resolve().parent.parent / "art"
#: (type, pixels): 16, 32, 64, 128 and 256 px, and the Retina (@2x) entries of 16, 32 and 128 px.
ENTRIES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256),
           ("ic11", 32), ("ic12", 64), ("ic13", 256))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "x.png")
    return buffer.getvalue()


def icns_bytes(icon_png: bytes) -> bytes:
    """The .icns file of the 256 px PNG ``icon_png``."""
    icon = pygame.image.load(io.BytesIO(icon_png), "icon.png")
    if icon.get_size() != (256, 256):
        raise ValueError(f"icon.png is {icon.get_size()}, not 256 x 256")
    body = b""
    for kind, size in ENTRIES:
        image = icon_png if size == 256 else png_bytes(pygame.transform.smoothscale(icon, (size, size)))
        body += kind.encode("ascii") + struct.pack(">I", 8 + len(image)) + image
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def read_icns(data: bytes) -> list[tuple[str, bytes]]:
    """The (type, image) entries of an .icns file; ValueError if its structure is off."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an .icns file, or its length is wrong")
    entries, offset = [], 8
    while offset < len(data):
        kind, length = data[offset:offset + 4].decode("ascii"), struct.unpack(">I", data[offset + 4:offset + 8])[0]
        if length < 8 or offset + length > len(data):
            raise ValueError(f"entry {kind!r} runs past the end of the file")
        entries.append((kind, data[offset + 8:offset + length]))
        offset += length
    return entries


def main(argv: list[str]) -> int:
    target = ART / "icon.icns"
    data = icns_bytes((ART / "icon.png").read_bytes())
    if "--check" in argv:
        if not target.exists() or target.read_bytes() != data:
            print(f"{target} is not what art/icon.png makes: run tools/make_icns.py", file=sys.stderr)
            return 1
        return 0
    target.write_bytes(data)
    print(f"wrote art/icon.icns ({', '.join(f'{kind} {size} px' for kind, size in ENTRIES)}; {len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
