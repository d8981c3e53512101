"""The board as a PNG for emails (mail clients do not show SVG): 560 pixels wide, on
white, in a palette of at most 256 colours.

Where the time went before (resvg-py, 38-54 ms a board): the binding builds a font
database and shapes every label on each call, and encodes 32-bit pixels. LunaSVG
(through pillow-lunasvg) keeps the two DejaVu faces loaded for the whole process,
draws the same board in an eighth of the time, and Pillow stores it as an 8-bit
palette PNG (less than half the bytes, so the email is smaller and quicker to send).
The boards use a few flat colours, so 256 colours hold every edge's shades. What is
left is pixels: about 4.5 ms to draw a 560 x 595 board, 1.5 ms to choose its palette
and 1 ms to compress it (``benchmarks/mail.py`` prints the parts).
"""

from __future__ import annotations

import functools
import io
from os.path import isfile

WIDTH = 560
FONT_FOLDER = "/usr/share/fonts/truetype/dejavu/"
# The faces the boards use (regular and bold); the boards ask for "sans-serif".
FACES = (("DejaVuSans.ttf", False), ("DejaVuSans-Bold.ttf", True))
# Painted under the board so every pixel is opaque (no alpha channel to keep).
_WHITE = '<rect x="-100000" y="-100000" width="200000" height="200000" fill="#ffffff"/>'


@functools.cache
def load_fonts() -> int:
    """Register the faces once per process (a worker keeps them for every picture);
    the number registered. Without DejaVu, LunaSVG falls back to the system's fonts."""
    import pillow_lunasvg

    loaded = 0
    for name, bold in FACES:
        path = FONT_FOLDER + name
        if isfile(path):
            for family in ("sans-serif", "DejaVu Sans"):
                pillow_lunasvg.add_font_file(path, family, bold=bold)
            loaded += 1
    return loaded


def rasterise(svg: str, width: int = WIDTH) -> bytes:
    """The PNG of an SVG drawing, ``width`` pixels wide on white."""
    return encode(palette(pixels(svg, width)))


def pixels(svg: str, width: int = WIDTH):
    """The drawing as an RGBA image ``width`` pixels wide, every pixel opaque."""
    import pillow_lunasvg  # noqa: F401  (registers the SVG reader with Pillow)
    from PIL import Image

    load_fonts()
    head, sep, rest = svg.partition(">")
    image = Image.open(io.BytesIO((head + sep + _WHITE + rest).encode()), formats=["SVG"])
    image.load(scale=width / image.width)
    if image.width != width:  # (rounded up from the scaled size)
        image = image.crop((0, 0, width, image.height))
    return image


def palette(image):
    """At most 256 colours, no dithering (flat areas stay flat). The colours are chosen
    on a copy a quarter the size (a sixteenth of the pixels: 1.3 ms instead of 3.5 ms),
    which holds the same flat colours and edge shades; each pixel then takes the
    nearest of them (fewer than 0.3% of the pixels move by more than a shade)."""
    from PIL import Image

    rgb = image.convert("RGB")
    chosen = rgb.reduce(4).quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return rgb.quantize(palette=chosen, dither=Image.Dither.NONE)


def encode(image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)  # level 6 costs 1.3 ms more for 25% less
    return out.getvalue()
