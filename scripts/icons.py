"""Draw the home-screen icons (web/icons/*.png) with the standard library alone.

The icon is the Mighty (♠A): a card with a black spade on the table's green felt.
``python3 -m scripts.icons`` rewrites the committed PNGs; nothing else needs
Pillow or a download. Shapes are signed distance functions, so the edges are
anti-aliased by the distance to them (half a pixel either side).

* ``icon-192.png``, ``icon-512.png`` (purpose ``any``): a rounded felt tile, the
  corners transparent;
* ``icon-maskable-512.png`` (purpose ``maskable``): felt to every edge and the card
  inside the central circle of 80 % that every platform's mask keeps.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "web" / "icons"

Point = tuple[float, float]
Rgb = tuple[int, int, int]
#: A shape: signed distance (in icon units, 1.0 = the icon's side) from a point, < 0 inside.
Shape = Callable[[float, float], float]

FELT: Rgb = (0x1F, 0x5F, 0x3A)
CARD: Rgb = (0xFD, 0xFC, 0xF7)
CARD_EDGE: Rgb = (0xB9, 0xB3, 0xA1)
INK: Rgb = (0x1D, 0x1D, 0x1D)

#: (file name, side in pixels, maskable)
ICON_FILES = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
)


def circle(cx: float, cy: float, r: float) -> Shape:
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def rounded_box(cx: float, cy: float, hw: float, hh: float, r: float) -> Shape:
    def d(x: float, y: float) -> float:
        qx, qy = abs(x - cx) - (hw - r), abs(y - cy) - (hh - r)
        return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r

    return d


def triangle(a: Point, b: Point, c: Point) -> Shape:
    edges = ((a, b), (b, c), (c, a))

    def d(x: float, y: float) -> float:
        best = math.inf
        signs = []
        for (x0, y0), (x1, y1) in edges:
            ex, ey = x1 - x0, y1 - y0
            wx, wy = x - x0, y - y0
            t = min(max((wx * ex + wy * ey) / (ex * ex + ey * ey), 0.0), 1.0)
            best = min(best, math.hypot(wx - ex * t, wy - ey * t))
            signs.append(ex * wy - ey * wx >= 0)
        inside = all(signs) or not any(signs)
        return -best if inside else best

    return d


def union(*shapes: Shape) -> Shape:
    return lambda x, y: min(s(x, y) for s in shapes)


def scaled(shape: Shape, k: float) -> Shape:
    """``shape`` shrunk by ``k`` around the icon's centre."""
    return lambda x, y: shape(0.5 + (x - 0.5) / k, 0.5 + (y - 0.5) / k) * k


def spade() -> Shape:
    return union(
        circle(0.38, 0.555, 0.125),
        circle(0.62, 0.555, 0.125),
        triangle((0.5, 0.26), (0.266, 0.52), (0.734, 0.52)),
        triangle((0.5, 0.52), (0.41, 0.745), (0.59, 0.745)),
    )


def layers(maskable: bool) -> list[tuple[Shape, Rgb, tuple[float, float, float, float]]]:
    """(shape, colour, bounding box) from the bottom up."""
    card = rounded_box(0.5, 0.5, 0.28, 0.38, 0.055)
    edge = rounded_box(0.5, 0.5, 0.29, 0.39, 0.065)
    k = 0.8 if maskable else 1.0
    felt = rounded_box(0.5, 0.5, 0.5, 0.5, 0.0 if maskable else 0.18)
    parts = [(edge, CARD_EDGE, (0.2, 0.1, 0.8, 0.9)), (card, CARD, (0.2, 0.1, 0.8, 0.9))]
    parts.append((spade(), INK, (0.25, 0.25, 0.75, 0.76)))
    out = [(felt, FELT, (0.0, 0.0, 1.0, 1.0))]
    for shape, colour, (x0, y0, x1, y1) in parts:
        box = tuple(0.5 + (v - 0.5) * k for v in (x0, y0, x1, y1))
        out.append((scaled(shape, k), colour, (box[0], box[1], box[2], box[3])))
    return out


def render(size: int, maskable: bool) -> bytes:
    """RGBA rows of the icon, ``size`` × ``size``."""
    pixels = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]
    half_pixel = 0.5 / size
    for shape, colour, (x0, y0, x1, y1) in layers(maskable):
        for row in range(max(0, int(y0 * size) - 1), min(size, int(y1 * size) + 2)):
            y = (row + 0.5) / size
            for col in range(max(0, int(x0 * size) - 1), min(size, int(x1 * size) + 2)):
                cover = min(max(0.5 - shape((col + 0.5) / size, y) / (2 * half_pixel), 0.0), 1.0)
                if cover <= 0.0:
                    continue
                px = pixels[row * size + col]
                alpha = cover + px[3] * (1.0 - cover)  # "over" with premultiplied colour
                for i in range(3):
                    px[i] = colour[i] * cover + px[i] * (1.0 - cover)
                px[3] = alpha
    raw = bytearray()
    for row in range(size):
        raw.append(0)  # filter: none
        for col in range(size):
            r, g, b, a = pixels[row * size + col]
            if a > 0.0:
                raw += bytes(round(min(255.0, v / a)) for v in (r, g, b))
            else:
                raw += b"\0\0\0"
            raw.append(round(a * 255))
    return bytes(raw)


def png(size: int, rgba_rows: bytes) -> bytes:
    """A PNG file: 8-bit RGBA, no interlace, one IDAT chunk."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rgba_rows, 9))
        + chunk(b"IEND", b"")
    )


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR (raises ValueError if it is not a PNG)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def write_icons(folder: Path = ICONS) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, size, maskable in ICON_FILES:
        path = folder / name
        path.write_bytes(png(size, render(size, maskable)))
        written.append(path)
    return written


def main() -> int:
    for path in write_icons():
        print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
