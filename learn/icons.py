"""Make the site icons from ``static/img/favicon.svg``: the PNGs and ``favicon.ico``
(a PNG inside an ICO container, which every current browser reads), and the
installable app's icons (the web app manifest, ``push.views.manifest``): 192 and 512
pixels, and a "maskable" one whose picture keeps inside the central safe zone that a
phone's launcher may cut to a circle or a squircle.

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


def maskable(svg: str) -> str:
    """The icon drawn on a full square of its background, its picture shrunk to the
    safe zone (the central 80 %): launchers cut maskable icons to their own shape."""
    inner = svg.split(">", 1)[1].rsplit("</svg>", 1)[0]
    inner = inner.replace('rx="14" ', "")  # the square's rounded corners: the launcher's to cut
    background, _, picture = inner.partition("/>")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
        f'{background}/><g transform="translate(6.4 6.4) scale(0.8)">{picture}</g></svg>'
    )


def main() -> None:
    svg = SVG.read_text()
    (ROOT / "static" / "img" / "apple-touch-icon.png").write_bytes(png(svg, 180))
    (ROOT / "static" / "img" / "favicon-32.png").write_bytes(png(svg, 32))
    (ROOT / "static" / "root" / "favicon.ico").write_bytes(ico(png(svg, 32), 32))
    for size in (192, 512):
        (ROOT / "static" / "img" / f"icon-{size}.png").write_bytes(png(svg, size))
    (ROOT / "static" / "img" / "icon-maskable-512.png").write_bytes(png(maskable(svg), 512))


if __name__ == "__main__":
    main()
