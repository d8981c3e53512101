"""Make the site icons from ``static/img/favicon.svg``: the PNGs and ``favicon.ico``
(a PNG inside an ICO container, which every current browser reads).

    .venv/bin/python -m learn.icons      # after changing the SVG; commit the results
"""

from __future__ import annotations

import struct
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "static" / "img" / "favicon.svg"


def png(svg: str, size: int) -> bytes:
    import resvg_py

    return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size))


def ico(png_bytes: bytes, size: int) -> bytes:
    """An ICO file holding one PNG image (ICONDIR, one ICONDIRENTRY, the PNG)."""
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png_bytes), 22)
    return header + entry + png_bytes


def main() -> None:
    svg = SVG.read_text()
    (ROOT / "static" / "img" / "apple-touch-icon.png").write_bytes(png(svg, 180))
    (ROOT / "static" / "img" / "favicon-32.png").write_bytes(png(svg, 32))
    (ROOT / "static" / "root" / "favicon.ico").write_bytes(ico(png(svg, 32), 32))


if __name__ == "__main__":
    main()
