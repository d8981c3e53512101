"""The email board picture: drawn without building a font database per email, with
its labels, as a small palette PNG 560 pixels wide (issue 17)."""

import io

import pillow_lunasvg
import pytest
from PIL import Image

from games import boards
from games.engines import get_engine
from mail.sending import compose, pictures


def _svg(engine: str, players: int, seed: int = 5) -> str:
    module = get_engine(engine)
    state = module.new_game(players, seed, module.validate_options(players, {}))
    return boards.render_svg(engine, module.view(state, 0), seat=0, actions=())


@pytest.fixture
def font_loads(monkeypatch):
    """Every font file handed to the renderer, from a fresh process's point of view."""
    calls = []
    real = pillow_lunasvg.add_font_file

    def counting(path, family="", **kwargs):
        calls.append(path)
        return real(path, family, **kwargs)

    monkeypatch.setattr(pillow_lunasvg, "add_font_file", counting)
    pictures.load_fonts.cache_clear()
    yield calls
    pictures.load_fonts.cache_clear()


def test_the_fonts_are_loaded_once_per_process_not_per_email(font_loads):
    compose.rasterise(_svg("triad", 2))
    after_one = len(font_loads)
    assert after_one > 0  # DejaVu regular and bold (the boards' sans-serif)
    for engine, players in (("trias", 3), ("tritarea", 2), ("triad", 2)):
        compose.rasterise(_svg(engine, players, seed=9))
    assert len(font_loads) == after_one


@pytest.mark.parametrize("engine, players", [("triad", 2), ("trias", 3), ("tritarea", 2)])
def test_the_picture_is_a_small_opaque_palette_png_560_pixels_wide(engine, players):
    png = compose.rasterise(_svg(engine, players))
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P"
    assert image.width == 560
    assert len(png) < 60_000
    # painted on white: no transparent pixel a dark-mode client would show as black
    assert "transparency" not in image.info


@pytest.mark.parametrize("engine, players", [("triad", 2), ("trias", 3), ("tritarea", 2)])
def test_the_png_written_here_decodes_to_the_palette_picture(engine, players):
    # (the chunks are written by ``encode`` and compressed by ISA-L: a reader checks
    # every chunk's CRC and the stream's checksum)
    svg = _svg(engine, players, seed=11)
    image = pictures.palette(pictures.pixels(svg), pictures.palette_key(svg))
    png = pictures.encode(image)
    Image.open(io.BytesIO(png)).verify()
    back = Image.open(io.BytesIO(png))
    assert (back.format, back.mode, back.size) == ("PNG", "P", image.size)
    assert back.tobytes() == image.tobytes()
    assert back.convert("RGB").tobytes() == image.convert("RGB").tobytes()
    # IHDR, PLTE, IDAT and IEND, in that order; nothing else
    kinds, at = [], 8
    while at < len(png):
        size = int.from_bytes(png[at : at + 4], "big")
        kinds.append(png[at + 4 : at + 8])
        at += 12 + size
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"] and at == len(png)


def test_a_picture_not_in_a_palette_is_written_by_pillow():
    image = Image.new("RGB", (3, 2), "#336699")
    back = Image.open(io.BytesIO(pictures.encode(image)))
    assert back.mode == "RGB" and back.getpixel((2, 1)) == (0x33, 0x66, 0x99)


def test_the_labels_are_drawn(font_loads):
    svg = _svg("triad", 2)
    assert "Black to move" in svg
    renamed = svg.replace("Black to move", "White to move")
    a = Image.open(io.BytesIO(compose.rasterise(svg))).convert("RGB")
    b = Image.open(io.BytesIO(compose.rasterise(renamed))).convert("RGB")
    assert a.size == b.size
    # (the palette is chosen per picture, so a shade elsewhere may move by a little)
    changed = [
        i
        for i, (p, q) in enumerate(zip(a.get_flattened_data(), b.get_flattened_data(), strict=True))
        if sum(abs(x - y) for x, y in zip(p, q, strict=True)) > 60
    ]
    assert changed, "the status line's words must be drawn in the picture"
    rows = {i // a.width for i in changed}
    assert min(rows) > a.height * 0.85  # only the status line at the bottom changed


def _played(engine: str, players: int, moves: int) -> str:
    module = get_engine(engine)
    state = module.new_game(players, 5, module.validate_options(players, {}))
    for _ in range(moves):
        seat = module.to_move(state)[0]
        state = module.apply(state, seat, module.legal_actions(state, seat)[0])
    seat = module.to_move(state)[0]
    return boards.render_svg(engine, module.view(state, seat), seat=seat, actions=())


def test_pictures_of_the_same_colours_choose_their_palette_once(monkeypatch):
    chosen = []
    real = pictures.choose_palette
    monkeypatch.setattr(pictures, "_palettes", pictures.OrderedDict())
    monkeypatch.setattr(
        pictures, "choose_palette", lambda image, key: chosen.append(key) or real(image, key)
    )
    svgs = [_played("triad", 2, moves) for moves in range(1, 13)]
    colour_sets = {pictures.palette_key(svg) for svg in svgs}
    assert len(colour_sets) < len(svgs) / 2  # (positions of one game share colours)
    for svg in svgs:
        compose.rasterise(svg)
    assert len(chosen) == len(colour_sets)  # per process and colour set, not per email
    for svg in svgs:
        compose.rasterise(svg)
    assert len(chosen) == len(colour_sets)


def test_a_shared_palette_keeps_the_boards_flat_colours_exactly(monkeypatch):
    monkeypatch.setattr(pictures, "_palettes", pictures.OrderedDict())
    first, later = _played("triad", 2, 2), _played("triad", 2, 8)
    compose.rasterise(first)  # chooses the palette
    drawn = pictures.pixels(later)
    image = Image.open(io.BytesIO(compose.rasterise(later))).convert("RGB")
    # the board's tan background, just inside its top left corner, is a flat colour
    assert drawn.getpixel((20, 20)) == image.getpixel((20, 20)) == (0xD9, 0xB9, 0x8A)
    flats = set(pictures.flat_colours(pictures.palette_key(later)))
    assert (0xD9, 0xB9, 0x8A) in flats
