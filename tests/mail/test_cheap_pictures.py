"""The email pictures of Trias and Tri*T*Area drawn the cheap way (issue 17): Tri*T*Area
from layers (its parts' looks drawn once per process), Trias from anchored layers (each
part drawn once per scale and stamped where it falls); either way the picture a player
gets is the whole board's picture (Trias's: at a scale a 64th apart, each part within
half a pixel)."""

import io
import math
import random
import re

import pytest
from django.utils import translation
from PIL import Image, ImageChops, ImageFilter

from games import boards
from games.engines import get_engine
from games.models import Game
from mail.sending import compose, pictures, positions
from titles.trias.guide import WATER
from titles.tritarea.board import svg as s


def _positions(name: str, people: int, games: int, seed: int):
    """States along random games of ``name`` (fixed seeds), from the deal to the end:
    the first of each phase (a Tri*T*Area round 3's secret declarations and block
    sale among them), two more, and the final scores."""
    engine = get_engine(name)
    options = engine.validate_options(people, {})
    rng = random.Random(f"{name}-{people}-{seed}")
    for number in range(games):
        state = engine.new_game(people, seed + number, options)
        stops = {rng.randrange(5, 40), rng.randrange(40, 120)}
        phases = set()
        for ply in range(400):
            phase = engine.view(state, None).get("phase")
            due = engine.to_move(state)
            if ply in stops or phase not in phases or not due:  # (not due: the end)
                phases.add(phase)
                yield engine, state
            if not due:
                break
            state = engine.apply(state, due[0], rng.choice(engine.legal_actions(state, due[0])))


def _viewers(engine, state) -> list:
    seats = engine.view(state, None).get("seats") or []
    return [None, *range(max(2, len(seats)))]


def _difference(a, b) -> tuple[int, int]:
    """The largest difference of a channel, and how many pixels differ by more than 2."""
    assert a.size == b.size
    difference = ImageChops.difference(a, b)
    worst = max(high for _low, high in difference.getextrema())
    return worst, sum(difference.convert("L").histogram()[3:])


def _view_size(svg: str) -> tuple[float, float]:
    width, height = re.search(r'viewBox="([^"]*)"', svg).group(1).split()[2:]
    return float(width), float(height)


def _trias_at_stamped_scale(layers):
    """The whole Trias board (``Layers.svg``) drawn at the scale and place its stamped
    picture uses: the land a 64th of a step smaller than the picture's width, centred
    on open water."""
    width, height = _view_size(layers.base)
    pixels_high = math.ceil(height * pictures.WIDTH / width)
    scale = math.floor(pictures.WIDTH / width * 64) / 64
    left, top = (pictures.WIDTH - width * scale) / 2, (pixels_high - height * scale) / 2
    box = f"{-left / scale!r} {-top / scale!r} {pictures.WIDTH / scale!r} {pixels_high / scale!r}"
    head, sep, rest = layers.svg().partition(">")
    sea = f'<rect x="-9999" y="-9999" width="99999" height="99999" fill="{WATER}"/>'
    svg = re.sub(r'viewBox="[^"]*"', f'viewBox="{box}"', head) + sep + sea + rest
    return pictures.pixels(svg).crop((0, 0, pictures.WIDTH, pixels_high))


def _off_by_more_than_half_a_pixel(drawn, stamped, shade: int = 24) -> int:
    """Pixels of ``stamped`` more than a shade outside what ``drawn`` has around the same
    place (its 3 x 3 neighbours' range): a part moved by up to half a pixel stays
    inside; a part moved further, missing or drawn twice does not."""
    assert drawn.size == stamped.size
    above = ImageChops.subtract(stamped, drawn.filter(ImageFilter.MaxFilter(3)))
    below = ImageChops.subtract(drawn.filter(ImageFilter.MinFilter(3)), stamped)
    return sum(ImageChops.lighter(above, below).convert("L").histogram()[shade + 1 :])


@pytest.fixture
def fresh_caches():
    """A fresh worker's caches (what the first email of a process finds)."""
    kept = (pictures._bases, pictures._mapped_bases, pictures._tiles, pictures._mapped_tiles)
    for cache in kept:
        cache.clear()
    yield
    for cache in kept:
        cache.clear()


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_tritarea_picture_in_layers_is_the_whole_boards_picture(language, fresh_caches):
    worst = off = pixels = 0
    with translation.override(language):
        for people in (1, 2, 4):
            for engine, state in _positions("tritarea", people, 2, seed=60):
                for seat in _viewers(engine, state):
                    view = engine.view(state, seat)
                    whole = pictures.pixels(boards.render_svg("tritarea", view, seat=seat))
                    layered = pictures.layered_pixels(boards.layers("tritarea", view, seat=seat))
                    most, many = _difference(whole, layered)
                    worst, off, pixels = (
                        max(worst, most),
                        off + many,
                        pixels + whole.width * whole.height,
                    )
    # Rounding where a tile's antialiased edge meets another's: a shade at most, on a
    # handful of pixels (a part missing, moved or drawn twice is 50+ over hundreds).
    assert worst <= 4
    assert off <= pixels // 100_000


def test_a_tritarea_pngs_palette_comes_from_its_tiles_alone(fresh_caches):
    # (once the colours have a palette, each tile is mapped once and kept: the same PNG
    # as mapping the whole picture)
    for engine, state in _positions("tritarea", 2, 2, seed=70):
        for seat in (0, 1):
            layers = boards.layers("tritarea", engine.view(state, seat), seat=seat)
            key = pictures.palette_key(layers.text())
            expected = pictures.encode(pictures.palette(pictures.layered_pixels(layers), key))
            assert pictures.rasterise_layers(layers, key) == expected
    assert pictures._mapped_tiles  # (the cache served)


def test_a_tritarea_parts_look_is_drawn_once_per_process(fresh_caches):
    engine = get_engine("tritarea")
    rng = random.Random(80)
    before = engine.new_game(2, 80, engine.validate_options(2, {}))
    for _ in range(12):  # into the first round's tricks
        due = engine.to_move(before)[0]
        before = engine.apply(before, due, rng.choice(engine.legal_actions(before, due)))
    due = engine.to_move(before)[0]
    after = engine.apply(before, due, rng.choice(engine.legal_actions(before, due)))
    first = boards.layers("tritarea", engine.view(before, 0), seat=0)
    pictures.layered_pixels(first)
    drawn = len(pictures._tiles)
    assert drawn > 40  # (the grid's squares, the hand's cards, the seats' lines ...)
    pictures.layered_pixels(first)
    assert len(pictures._tiles) == drawn  # the same picture again draws nothing
    then = boards.layers("tritarea", engine.view(after, 0), seat=0)
    pictures.layered_pixels(then)
    # One move later, only what it changed is drawn: a few of the picture's parts.
    new = {pictures.drawn_svg(t) for t in then.tiles} - {pictures.drawn_svg(t) for t in first.tiles}
    assert 0 < len(pictures._tiles) - drawn <= len(new) <= len(then.tiles) // 5


def test_a_tritarea_picture_holds_only_the_viewers_own_hand():
    hands = 0
    for engine, state in _positions("tritarea", 2, 2, seed=90):
        for seat in _viewers(engine, state):
            view = engine.view(state, seat)
            hand_tiles = [
                t.svg for t in boards.layers("tritarea", view, seat=seat).tiles
                if 'class="hand-card' in t.svg
            ]  # fmt: skip
            if seat is None or view.get("phase") == "over":
                assert not hand_tiles  # a spectator, and a finished game, show no hand
                continue
            own = view.get("hand") or []  # (none for a computer seat)
            assert sorted(own) in ([], sorted(state.hands[seat]))  # its own, never another's
            shown = sorted(
                (
                    svg.partition(' fill="')[2][:7],
                    svg.rpartition('font-size="24"')[2].partition(">")[2].partition("<")[0],
                )
                for svg in hand_tiles
            )
            # each card of the viewer's own hand, in its concept's colour, and no other
            assert shown == sorted((s.AREA_FILL[card[0]], card[1:]) for card in own)
            hands += bool(own)
    assert hands > 4


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_trias_picture_is_the_whole_boards_picture_exactly(language):
    with translation.override(language):
        for people in (2, 3, 5):
            for engine, state in _positions("trias", people, 1, seed=100):
                for seat in (None, 0, 1):
                    view = engine.view(state, seat)
                    whole = pictures.pixels(boards.render_svg("trias", view, seat=seat))
                    cheap = pictures.pixels(boards.picture_svg("trias", view, seat=seat))
                    assert _difference(whole, cheap) == (0, 0)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_trias_boards_layers_paint_its_picture(language):
    # Base plus anchored tiles paint the picture's board (moved to start at 0 0); only
    # its rounded corners are square, as the sea is one flat colour.
    with translation.override(language):
        for people in (2, 3, 5):
            for engine, state in _positions("trias", people, 1, seed=130):
                for seat in (None, 0, 1):
                    view = engine.view(state, seat)
                    layers = boards.layers("trias", view, seat=seat)
                    assert layers.ground == WATER and all(t.anchor for t in layers.tiles)
                    picture = boards.picture_svg("trias", view, seat=seat)
                    assert _view_size(layers.base) == _view_size(picture)
                    # (the same scale: the picture's own size attributes are rounded up)
                    picture = re.sub(r' width="\d+" height="\d+"', "", picture, count=1)
                    whole, joined = pictures.pixels(picture), pictures.pixels(layers.svg())
                    assert whole.size == joined.size
                    difference = ImageChops.difference(whole, joined).convert("L")
                    corner = 12 * pictures.WIDTH / _view_size(picture)[0]  # (rx, in pixels)
                    assert sum(difference.histogram()[33:]) <= 4 * corner**2


def test_a_trias_picture_stamps_each_part_within_half_a_pixel(fresh_caches):
    checked = 0
    for people in (2, 3, 4, 5):
        for engine, state in _positions("trias", people, 1, seed=140):
            for seat in (None, 0):
                layers = boards.layers("trias", engine.view(state, seat), seat=seat)
                stamped = pictures.layered_pixels(layers)
                width, height = _view_size(layers.base)
                assert stamped.size == (560, math.ceil(height * 560 / width))
                drawn = _trias_at_stamped_scale(layers)
                # (glyphs drawn half a pixel over differ in a few of their pixels; one
                # hex missing or moved by two pixels is thousands)
                off = _off_by_more_than_half_a_pixel(drawn, stamped)
                assert off <= stamped.width * stamped.height // 200
                checked += 1
    assert checked > 20


def test_a_trias_parts_look_is_drawn_once_per_scale_wherever_it_falls(fresh_caches):
    """One move later, or in another game of a board as wide, only the parts not drawn
    before are drawn: a hex, a herd box or a label looks the same wherever it lies."""
    engine = get_engine("trias")
    rng = random.Random(150)
    state = engine.new_game(3, 150, engine.validate_options(3, {}))
    pairs = 0
    for _ply in range(120):
        due = engine.to_move(state)
        if not due:
            break
        before = boards.layers("trias", engine.view(state, 0), seat=0)
        state = engine.apply(state, due[0], rng.choice(engine.legal_actions(state, due[0])))
        after = boards.layers("trias", engine.view(state, 0), seat=0)
        if _view_size(before.base) != _view_size(after.base):
            continue  # (a board of another width: another scale)
        pictures.layered_pixels(before)
        drawn = len(pictures._tiles)
        pictures.layered_pixels(after)
        looks = {(t.x, t.y, t.width, t.height, t.svg) for t in before.tiles}
        new = {(t.x, t.y, t.width, t.height, t.svg) for t in after.tiles} - looks
        # (a new look may have been drawn for an earlier position already)
        assert len(pictures._tiles) - drawn <= len(new) < len(after.tiles) // 4
        pairs += 1
    assert pairs > 30
    # And the same position in another place draws nothing at all.
    moved = boards.Layers(
        base=after.base,
        tiles=tuple(
            boards.Tile(t.x, t.y, t.width, t.height, t.svg, (t.anchor[0] + 80, t.anchor[1] - 40))
            for t in after.tiles
        ),
        ground=after.ground,
    )
    drawn = len(pictures._tiles)
    pictures.layered_pixels(moved)
    assert len(pictures._tiles) == drawn


def test_a_trias_picture_keeps_the_boards_title_and_only_the_viewers_hand_card():
    for engine, state in _positions("trias", 3, 1, seed=110):
        for seat in (0, 1, 2):
            view = engine.view(state, seat)
            svg = boards.render_svg("trias", view, seat=seat)
            picture = boards.picture_svg("trias", view, seat=seat)
            assert picture.count("<title>") == 1 and "aria-label" not in picture.partition(">")[2]
            assert positions.describe("trias", view, picture) == positions.describe(
                "trias", view, svg
            )
            hand = view.get("hand")
            cards = [part.partition('"')[0] for part in picture.split('data-hand="')[1:]]
            assert cards == ([hand] if hand and view.get("phase") != "over" else [])


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["triad", "trias", "tritarea"])
def test_an_emails_picture_and_words_are_the_whole_boards(name, alice, bob, settings):
    """What a turn email carries, drawn the cheap way: the same words as from the whole
    board, and its picture within a shade of the whole board's picture."""
    from tests.factories import start_game

    settings.MAIL_BOARD_PNG = True
    game = start_game(alice, bob, engine=name)
    game = Game.objects.get(pk=game.pk)
    engine = game.engine_module
    for _engine, state in _positions(name, 2, 1, seed=120):
        for seat in (0, 1):
            view = engine.view(state, seat)
            svg = boards.render_svg(name, view, seat=seat)
            png, words = compose.board_picture(game, seat, state)
            assert words == positions.describe(name, view, svg)
            cheap = Image.open(io.BytesIO(png)).convert("RGB")
            if name == "trias":  # (stamped: a 64th smaller, each part within half a pixel)
                drawn = _trias_at_stamped_scale(boards.layers(name, view, seat=seat))
                off = _off_by_more_than_half_a_pixel(drawn, cheap, shade=32)
                assert off <= drawn.width * drawn.height // 200
                continue
            whole = Image.open(io.BytesIO(pictures.rasterise(svg))).convert("RGB")
            # (both in palettes: a pixel a shade off may fall to a neighbouring colour)
            difference = ImageChops.difference(whole, cheap).convert("L")
            assert sum(difference.histogram()[16:]) <= whole.width * whole.height // 1000
