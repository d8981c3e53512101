"""The board as a PNG for emails (mail clients do not show SVG): 560 pixels wide, on
white, in a palette of at most 256 colours.

Where the time went before (resvg-py): the binding builds a font database and shapes
every label on each call, and encodes 32-bit pixels. LunaSVG (through
pillow-lunasvg) keeps the two DejaVu faces loaded for the whole process, so a board
costs its drawing only; the picture is stored as an 8-bit
palette PNG (less than half the bytes, so the email is smaller and quicker to send).

The boards use a few flat colours, so 256 colours hold every edge's shades, and
pictures drawn with the same colours can share one palette: it is chosen once per
process from the first full picture with that set of colours (``palette_key``): the
SVG's flat colours exactly, and its edge shades; each later picture only maps its
pixels to it, which is much cheaper than choosing a palette per picture. Drawing the
pixels and compressing them are the rest of the cost; ``benchmarks/mail_pictures.py``
prints the parts.

So every board is drawn in layers (below). Triad's and Tri*T*Area's have a fixed size:
their base once per process, each part's look once while it is kept, and each part
mapped to the palette once. Trias's board is as wide as its land, so its scale and
where its parts fall change from game to game: its parts are anchored (``stamping``),
each drawn once per scale and look and stamped on a flat sea, then the picture mapped.
The PNG is written here and compressed by ISA-L (``encode``: several times quicker
than zlib on these pictures).
``benchmarks/mail.py --engine ...`` prints each game's parts in a worker.
"""

from __future__ import annotations

import functools
import io
import math
import re
import struct
import zlib
from collections import OrderedDict
from os.path import isfile

from isal import isal_zlib

WIDTH = 560
FONT_FOLDER = "/usr/share/fonts/truetype/dejavu/"
# The faces the boards use (regular and bold); the boards ask for "sans-serif".
FACES = (("DejaVuSans.ttf", False), ("DejaVuSans-Bold.ttf", True))
# Painted under the board so every pixel is opaque (no alpha channel to keep).
_WHITE = '<rect x="-100000" y="-100000" width="200000" height="200000" fill="#ffffff"/>'
# What decides the colours of a picture: its fills, strokes and opacities.
_COLOURS = re.compile(r'(?:fill|stroke|stop-color|opacity|fill-opacity|stroke-opacity)="([^"]*)"')
FLAT_COLOURS_KEPT = 64  # (the rest of the 256 for edge shades)
PALETTES_KEPT = 256  # (768 bytes each; a game kind has a handful of colour sets)
_palettes: OrderedDict[frozenset, object] = OrderedDict()


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
    return encode(palette(pixels(svg, width), palette_key(svg)))


def pixels(svg: str, width: int = WIDTH):
    """The drawing as an RGB image ``width`` pixels wide, painted on white.

    LunaSVG's document is drawn directly (what pillow-lunasvg's ``load`` does) and its
    RGBA bytes read as RGB in one pass: no RGBA image to convert afterwards."""
    from PIL import Image
    from pillow_lunasvg import _lunasvg

    load_fonts()
    head, sep, rest = svg.partition(">")
    doc = _lunasvg.load((head + sep + _WHITE + rest).encode())
    if doc is None or doc.width <= 0 or doc.height <= 0:
        raise ValueError("not an SVG drawing with a size")
    scale = width / doc.width
    height = max(1, math.ceil(doc.height * scale))
    size = (max(1, math.ceil(doc.width * scale)), height)
    image = Image.frombytes("RGB", size, doc.render(*size, scale), "raw", "RGBX")
    if image.width != width:  # (rounded up from the scaled size)
        image = image.crop((0, 0, width, height))
    return image


def palette_key(svg: str) -> frozenset:
    """The colours an SVG paints with: pictures with the same key share a palette."""
    return frozenset(_COLOURS.findall(svg))


def layers_key(layers) -> frozenset:
    """``palette_key`` of all that ``layers`` (``games.boards.Layers``) paint, joined
    from each part's own key (kept: parts repeat from picture to picture, and a search
    through a whole Tri*T*Area picture's text would be repeated for each)."""
    return _part_key(layers.base).union(*(_part_key(tile.svg) for tile in layers.tiles))


@functools.lru_cache(maxsize=8192)
def _part_key(svg: str) -> frozenset:
    return palette_key(svg)


def flat_colours(key: frozenset) -> list[tuple[int, int, int]]:
    """The ``#rrggbb`` and ``#rgb`` colours of a key (the SVG's own flat colours)."""
    colours = set()
    for value in key:
        if value.startswith("#") and len(value) in (4, 7):
            digits = value[1:] if len(value) == 7 else "".join(c * 2 for c in value[1:])
            try:
                colours.add(tuple(bytes.fromhex(digits)))
            except ValueError:
                continue
    return sorted(colours)[:FLAT_COLOURS_KEPT]


def choose_palette(image, key: frozenset):
    """A palette (a 1 x 1 "P" image) for pictures painted with ``key``'s colours: the
    SVG's flat colours exactly, and the rest chosen from the picture's own pixels."""
    from PIL import Image

    flats = flat_colours(key)
    shades = image.quantize(
        256 - len(flats), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    used = len(shades.getcolors(256) or ()) or 256 - len(flats)
    values = shades.getpalette()[: 3 * used]
    # A shade a few steps from a flat colour would take that colour's pixels (Pillow
    # maps by boxes of 4 x 4 x 4 values): the flat colour stands for it instead.
    kept = [
        shade
        for shade in zip(values[0::3], values[1::3], values[2::3], strict=True)
        if all(max(abs(a - b) for a, b in zip(shade, flat, strict=True)) > 4 for flat in flats)
    ]
    chosen = Image.new("P", (1, 1))  # the palette alone, not the picture's pixels
    chosen.putpalette([c for rgb in flats + kept for c in rgb])
    return chosen


def palette(image, key: frozenset | None = None):
    """At most 256 colours, no dithering (flat areas stay flat).

    The first picture of a ``key`` chooses the palette (``choose_palette``); it and
    later pictures with the same colours map each pixel to the nearest of its colours.
    Without a key the palette is chosen for this picture alone.
    """
    from PIL import Image

    image = image.convert("RGB")  # (a no-op for ``pixels``' images)
    if key is None:
        return image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    chosen = _palettes.get(key)
    if chosen is None:
        chosen = _palettes[key] = choose_palette(image, key)
        while len(_palettes) > PALETTES_KEPT:
            _palettes.popitem(last=False)
    else:
        _palettes.move_to_end(key)
    return image.quantize(palette=chosen, dither=Image.Dither.NONE)


def encode(image) -> bytes:
    """The PNG of a palette image (``palette``'s), written here so that its pixels are
    compressed by ISA-L (``isal``) at level 1, much quicker than Pillow's zlib and no
    bigger (``benchmarks/mail_pictures.py`` prints its time). Every row is stored
    unfiltered (PNG's filters do not help a palette picture's flat areas; Pillow makes
    the same choice for it). Any other image is written by Pillow."""
    if image.mode != "P" or "transparency" in image.info:
        out = io.BytesIO()
        image.save(out, "PNG", compress_level=1)
        return out.getvalue()
    from PIL import Image

    width, height = image.size
    rows = Image.new("P", (width + 1, height), 0)  # each row led by its filter byte: 0
    rows.paste(image, (1, 0))
    colours = image.getpalette("RGB") or [0, 0, 0]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(colours[:768])),
            _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), 1)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


# --- layered pictures: the base drawn once per process, the tiles painted over it ---
# Most of LunaSVG's cost is per pixel of its canvas (even an empty board costs its
# whole canvas) and per label shaped; a board's frame, cells and coordinates are the same in
# every picture of one game kind, viewer side and language. So the base is drawn once
# (``BASES_KEPT`` kept) and each changing part on a canvas of its own box, cached by
# its SVG text and box (a die on a cell, a card in a hand slot, "7 points" in a seat's
# column look the same in every game): Triad's and Tri*T*Area's boards have a fixed
# size, so their parts always fall on the same pixels. (Trias's board is as wide as
# its land, so its scale, and every part's pixels, change from game to game: its
# tiles are anchored and stamped, ``stamping``.)
BASES_KEPT = 32
_bases: OrderedDict[tuple[str, int], object] = OrderedDict()
_mapped_bases: OrderedDict[tuple[str, int, frozenset], object] = OrderedDict()  # (in a palette)


class _Budget(OrderedDict):
    """Images kept, least recently used first out, within ``limit`` bytes: a
    Tri*T*Area picture has some 70 tiles, a Triad one a dozen, so a count would be
    either too few for the one or too many bytes for the other."""

    def __init__(self, limit: int, size):
        super().__init__()
        self.limit, self.size, self.held = limit, size, 0

    def keep(self, key, make):
        found = self.get(key)
        if found is not None:
            self.move_to_end(key)
            return found
        found = self[key] = make()
        self.held += self.size(found)
        while self.held > self.limit and len(self) > 1:
            self.held -= self.size(self.popitem(last=False)[1])
        return found

    def clear(self):
        super().clear()
        self.held = 0


# ``(left, top, RGBA image, opaque)``, 4 bytes a pixel (a Triad die 25 kB, a
# Tri*T*Area square 70 kB); ``mapped_tile``'s palette images, 1 byte a pixel.
_tiles = _Budget(64 << 20, lambda tile: 4 * tile[2].width * tile[2].height)
_mapped_tiles = _Budget(32 << 20, lambda image: image.width * image.height)
_VIEWBOX = re.compile(r'viewBox="([^"]*)"')
# Not drawn: a tile's descriptions (in the reader's language) need not split its cache.
_TITLES = re.compile(r'<title>.*?</title>|\saria-label="[^"]*"', re.S)


def _kept(cache: OrderedDict, key, make, limit: int):
    found = cache.get(key)
    if found is None:
        found = cache[key] = make()
        while len(cache) > limit:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return found


def base_pixels(svg: str, width: int = WIDTH):
    """The base layer's RGB image, drawn once per process for each base SVG."""
    return _kept(_bases, (svg, width), lambda: pixels(svg, width), BASES_KEPT)


def tile_pixels(root: str, tile, scale: float, drawn: str | None = None):
    """``(left, top, RGBA image, opaque)`` of one tile on the whole picture's pixel
    grid (``drawn``: its SVG without descriptions, ``drawn_svg``, when already known;
    ``opaque``: it covers every pixel of its box, whatever lies under it).

    The tile's box is widened to whole pixels and drawn through a viewBox starting on
    that pixel, so its edges fall on the pixels the whole board would give them."""

    def draw():
        from PIL import Image
        from pillow_lunasvg import _lunasvg

        left, top = math.floor(tile.x * scale), math.floor(tile.y * scale)
        right = math.ceil((tile.x + tile.width) * scale)
        bottom = math.ceil((tile.y + tile.height) * scale)
        size = (max(1, right - left), max(1, bottom - top))
        box = f"{left / scale!r} {top / scale!r} {size[0] / scale!r} {size[1] / scale!r}"
        head = _VIEWBOX.sub(f'viewBox="{box}"', root, count=1)
        doc = _lunasvg.load(f"{head}{drawn}</svg>".encode())
        image = Image.frombytes("RGBA", size, doc.render(*size, scale))
        if image.getextrema()[3][0] == 255:
            return left, top, image, True
        # Only the pixels it paints are kept (a text's box is wider than its words).
        painted = image.getchannel("A").getbbox() or (0, 0, 1, 1)
        return left + painted[0], top + painted[1], image.crop(painted), False

    if drawn is None:
        drawn = drawn_svg(tile)
    # (the box is part of the key: one element may be cut into several tiles)
    key = (root, drawn, tile.x, tile.y, tile.width, tile.height, round(scale * 1e6))
    return _tiles.keep(key, draw)


def drawn_svg(tile) -> str:
    """What of a tile's SVG is drawn (its descriptions, in the reader's language, are
    not): the key of its cached pixels."""
    svg = tile.svg
    return _TITLES.sub("", svg) if "<title" in svg or "aria-label" in svg else svg


def layered_pixels(layers, width: int = WIDTH):
    """The picture of ``layers`` (``games.boards.Layers``): what ``pixels`` draws for
    the whole board, within a shade at the tiles' antialiased edges (anchored tiles:
    within half a pixel of where they fall, see ``stamping``)."""
    load_fonts()
    view = [float(v) for v in _VIEWBOX.search(layers.base).group(1).split()]
    scale = width / view[2]
    root = layers.base.partition(">")[0] + ">"
    if layers.ground:  # (a flat base: filled, not drawn)
        from PIL import Image

        image = Image.new("RGB", (width, max(1, math.ceil(view[3] * scale))), layers.ground)
    else:
        image = base_pixels(layers.base, width).copy()
    stamp = stamping(view[2], view[3], width, image.height)
    for tile in layers.tiles:
        if tile.anchor is None:
            left, top, piece, _opaque = tile_pixels(root, tile, scale)
        else:
            left, top, piece = stamp(tile)
        _paste(image, piece, left, top, piece)
    return image


def _paste(image, piece, left: int, top: int, mask=None) -> None:
    """``image.paste(piece, (left, top), mask)`` on an image already loaded and
    writable (a copy): the core's paste without ``Image.paste``'s checks, which cost
    twice the copying itself for a picture's seventy small tiles."""
    box = (left, top, left + piece.width, top + piece.height)
    if mask is None:
        image.im.paste(piece.im, box)
    else:
        image.im.paste(piece.im, box, mask.im)


# Anchored tiles are drawn at the whole board's scale rounded down to a 64th, so that
# the boards of one width share it (and its drawn tiles), centred on the base.
_SCALE_STEPS = 64
_STAMP_ROOT = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'


def stamping(view_width: float, view_height: float, width: int, height: int):
    """A function giving ``(left, top, RGBA image)`` for an anchored tile
    (``Tile.anchor``) on a ``width`` x ``height`` picture of a board whose viewBox is
    ``view_width`` x ``view_height``.

    The tile is drawn around its anchor once per process for each look and scale
    (``tile_pixels``, kept with the other tiles), whatever board or place it is drawn
    for: a board whose size changes with the position (Trias's) repeats its parts
    from game to game but not their places. Its anchor falls on the nearest whole
    pixel, so a part may sit up to half a pixel from where the whole drawing puts it,
    and the scale is rounded down to a 64th (the board drawn at most 1.6 % smaller than
    its base, centred on it)."""
    scale = math.floor(width / view_width * _SCALE_STEPS) / _SCALE_STEPS
    left = (width - view_width * scale) / 2
    top = (height - view_height * scale) / 2

    def stamp(tile):
        x, y = round(left + tile.anchor[0] * scale), round(top + tile.anchor[1] * scale)
        dx, dy, piece, _opaque = tile_pixels(_STAMP_ROOT, tile, scale)
        return x + dx, y + dy, piece

    return stamp


def rasterise_layers(layers, key: frozenset, width: int = WIDTH) -> bytes:
    """The PNG of ``layers``; ``key`` is the whole board's ``palette_key``.

    Mapping pixels to the palette is per pixel (no dithering), so once the key has its
    palette the picture is made in palette pixels: the base mapped once, and each tile
    painted as its box's final pixels, already mapped (``mapped_tile``). The same PNG
    bytes as mapping the whole picture, without building it.

    A board of anchored tiles (whose parts fall on other pixels in every game) is
    built whole and then mapped."""
    anchored = any(tile.anchor is not None for tile in layers.tiles)
    if anchored or key not in _palettes:  # (the first picture of these colours chooses them)
        return encode(palette(layered_pixels(layers, width), key))

    def map_base():
        return palette(base_pixels(layers.base, width), key)

    mapped = _kept(_mapped_bases, (layers.base, width, key), map_base, BASES_KEPT).copy()
    scale = width / float(_VIEWBOX.search(layers.base).group(1).split()[2])
    root = layers.base.partition(">")[0] + ">"
    painted: list[tuple[str, tuple[int, int, int, int], object]] = []
    bands: dict[int, list[int]] = {}  # (the tiles painted on each band of rows, by number)
    for tile in layers.tiles:
        drawn = drawn_svg(tile)
        left, top, piece, opaque = tile_pixels(root, tile, scale, drawn)
        box = (left, top, left + piece.width, top + piece.height)
        rows = range(top // _BAND, (box[3] - 1) // _BAND + 1)
        # (what lies under an opaque tile does not change its pixels)
        if opaque:
            under = ()
        else:
            near = sorted({n for row in rows for n in bands.get(row, ())})
            under = tuple(painted[n] for n in near if _overlap(painted[n][1], box))
        _paste(mapped, mapped_tile(layers.base, width, key, (drawn, box, piece), under), *box[:2])
        for row in rows:
            bands.setdefault(row, []).append(len(painted))
        painted.append((drawn, box, piece))
    return encode(mapped)


_BAND = 64  # pixel rows: tiles are looked up by band for what lies under them


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def mapped_tile(base: str, width: int, key: frozenset, tile: tuple, under: tuple):
    """The final pixels of a tile's box in the palette: the base there, the tiles
    painted before it that reach into the box (``under``), then the tile; each tile is
    ``(drawn SVG, box, RGBA image)``. Kept (``_mapped_tiles``) by what is drawn there,
    so a die is mapped once per process for each cell and what lies under it."""
    drawn, box, piece = tile

    def make():
        region = base_pixels(base, width).crop(box)
        for _drawn, other_box, other in under:
            region.paste(other, (other_box[0] - box[0], other_box[1] - box[1]), other)
        region.paste(piece, (0, 0), piece)
        return palette(region, key)

    what = (drawn, box, *((d, b) for d, b, _image in under))
    return _mapped_tiles.keep((base, width, key, what), make)
