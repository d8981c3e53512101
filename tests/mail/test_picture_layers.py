"""The email picture drawn in layers (issue 17): a board's unchanging part is drawn once
per process and the position painted over it, and the picture is the whole board's."""

import dataclasses
import io
import random
import types

import pytest
from django.utils import translation
from PIL import Image, ImageChops

from games import boards, registry
from games.engines import get_engine
from mail.sending import compose, pictures


def _positions(count: int = 12):
    """Triad positions along random games (fixed seeds), with their last moves."""
    engine = get_engine("triad")
    rng = random.Random(17)
    for seed in range(1, count + 1):
        state = engine.new_game(2, seed, engine.validate_options(2, {}))
        for _ in range(rng.randrange(1, 45)):
            due = engine.to_move(state)
            if not due:
                break
            state = engine.apply(state, due[0], rng.choice(engine.legal_actions(state, due[0])))
        yield engine, state


@pytest.fixture
def fresh_caches():
    """A fresh worker's caches (what the first email of a process finds)."""
    for cache in (pictures._bases, pictures._mapped_bases, pictures._tiles, pictures._mapped_tiles):
        cache.clear()
    yield
    for cache in (pictures._bases, pictures._mapped_bases, pictures._tiles, pictures._mapped_tiles):
        cache.clear()


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_layered_picture_is_the_whole_boards_picture(language, fresh_caches):
    worst = 0
    with translation.override(language):
        for engine, state in _positions():
            for seat in (0, 1):  # (White sees the board turned round)
                view = engine.view(state, seat)
                whole = pictures.pixels(boards.render_svg("triad", view, seat=seat))
                layered = pictures.layered_pixels(boards.layers("triad", view, seat=seat))
                assert layered.size == whole.size
                difference = ImageChops.difference(whole, layered).getextrema()
                worst = max(worst, *(high for _low, high in difference))
    assert worst <= 2  # (rounding of antialiased edges; an element missing or moved is 100+)


def test_the_board_is_drawn_once_per_process_per_side(fresh_caches, monkeypatch):
    drawn = []
    real = pictures.pixels

    def counting(svg, width=pictures.WIDTH):
        drawn.append(svg)
        return real(svg, width)

    monkeypatch.setattr(pictures, "pixels", counting)
    pngs = set()
    for engine, state in _positions(6):
        for seat in (0, 1):
            view = engine.view(state, seat)
            svg = boards.render_svg("triad", view, seat=seat, actions=())
            pngs.add(compose.rasterise(svg, boards.layers("triad", view, seat=seat)))
    assert len(pngs) == 12  # twelve positions' pictures
    assert len(drawn) == 2  # and the base drawn twice: Black's side and White's
    assert {" flipped" in svg for svg in drawn} == {True, False}


def test_a_repeated_die_is_drawn_once_whatever_the_language(fresh_caches):
    engine, state = next(_positions(1))
    layers = boards.layers("triad", engine.view(state, 0), seat=0)
    pictures.layered_pixels(layers)
    tiles = len(pictures._tiles)
    assert tiles == len({tile.svg for tile in layers.tiles})
    pictures.layered_pixels(layers)
    assert len(pictures._tiles) == tiles
    with translation.override("de"):  # the dice's descriptions differ, not their pixels
        german = boards.layers("triad", engine.view(state, 0), seat=0)
    assert german.tiles[-1].svg != layers.tiles[-1].svg  # (the status line is words)
    pictures.layered_pixels(german)
    assert len(pictures._tiles) == tiles + 1


def test_the_email_png_comes_from_the_layers_and_decodes_to_the_board(fresh_caches):
    engine, state = next(_positions(1))
    view = engine.view(state, 1)
    svg = boards.render_svg("triad", view, seat=1, actions=())
    png = compose.svg_png(svg, lambda: boards.layers("triad", view, seat=1))
    assert len(pictures._bases) == 1
    image = Image.open(io.BytesIO(png))
    assert image.mode == "P" and image.width == pictures.WIDTH
    whole = Image.open(io.BytesIO(compose.rasterise(svg))).convert("RGB")
    difference = ImageChops.difference(whole, image.convert("RGB")).convert("L")
    # A pixel a shade off may fall to the neighbouring palette colour; a few do.
    off = sum(difference.histogram()[16:])
    assert off <= whole.width * whole.height // 1000


@pytest.mark.django_db
def test_a_board_without_layers_is_drawn_whole(monkeypatch, alice, bob, settings):
    # (every game's board comes in layers today; a new game's may come only whole)
    from tests.factories import start_game
    from titles.triad import board as triad

    settings.MAIL_BOARD_PNG = True
    game = start_game(alice, bob, engine="triad")
    whole_only = types.SimpleNamespace(render_svg=triad.render_svg)
    monkeypatch.setattr(boards, "_module", lambda name: whole_only)
    spec = dataclasses.replace(registry.get("triad"), board_layers=False)
    monkeypatch.setattr(registry, "get", lambda name: spec)
    view = game.engine_module.view(compose.load_state(game), 0)
    assert boards.layers("triad", view, seat=0) is None
    png, words = compose.board_picture(game, 0)
    svg = triad.render_svg(view, seat=0, actions=())
    assert png == compose.rasterise(svg) and words


def test_mapping_only_the_tiles_gives_the_whole_pictures_palette_png(fresh_caches):
    # (tiles alone on the base come mapped from the cache; a die on a tinted cell is
    # mapped with the tiles under it)
    for engine, state in _positions():
        for seat in (0, 1):
            view = engine.view(state, seat)
            svg = boards.render_svg("triad", view, seat=seat, actions=())
            layers = boards.layers("triad", view, seat=seat)
            key = pictures.palette_key(svg)
            expected = pictures.encode(pictures.palette(pictures.layered_pixels(layers), key))
            assert pictures.rasterise_layers(layers, key) == expected
    assert pictures._mapped_tiles  # (the cache served)
