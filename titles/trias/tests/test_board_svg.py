"""The Trias SVG board: well-formed, legible, clickable in two steps, free of secrets."""

from __future__ import annotations

import colorsys
import random
import re
import xml.etree.ElementTree as ET

import pytest

from games.boards import render_svg
from titles.trias import board as trias_board
from titles.trias import engine as trias
from titles.trias.engine.state import CARD, DRIFT, PLACE

from .positions import BLUE, PURPLE, RED, build

NS = "{http://www.w3.org/2000/svg}"


def svg_for(state, seat, selected=None, actions=None):
    if actions is None:
        actions = trias.legal_actions(state, seat) if seat is not None else []
    view = trias.view(state, seat)
    text = render_svg("trias", view, seat=seat, actions=actions, selected=selected)
    return text, ET.fromstring(text)


def attrs(root, name):
    return {el.get(name) for el in root.iter() if el.get(name) is not None}


def texts(root, cls=None):
    return [
        "".join(el.itertext())
        for el in root.iter(f"{NS}text")
        if cls is None or el.get("class") == cls
    ]


def tile_group(root, pos):
    """The <g> of the tile at ``pos`` (its title names it)."""
    for g in root.iter(f"{NS}g"):
        title = g.find(f"{NS}title")
        is_tile = "tile" in (g.get("class") or "").split() and title is not None
        if is_tile and re.search(rf" at {re.escape(pos)}\b", title.text):
            return g
    raise AssertionError(f"no tile at {pos}")


def hue(colour: str) -> tuple[float, float, float]:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    h, lightness, s = colorsys.rgb_to_hls(r, g, b)
    return h * 360, s, lightness


def test_the_board_is_well_formed_xml_with_a_title_and_coordinates_apart():
    state = trias.new_game(4, 21)
    text, root = svg_for(state, None)
    assert root.tag == f"{NS}svg" and root.get("role") == "img"
    assert root.find(f"{NS}title") is not None
    assert set(texts(root, "coord")) >= {"0,0", "1,-2", "3,-3", "-3,0"}
    # One group the page hides until asked (its toggle), never in the way of a tap.
    coords = [g for g in root.iter(f"{NS}g") if g.get("class") == "coord"]
    assert len(coords) == 1 and coords[0].get("pointer-events") == "none"
    assert all(t.get("class") == "coord" for t in coords[0].iter(f"{NS}text"))
    assert text.count('class="sea interior-sea"') == 2


def pips(g):
    """The capacity pips of a tile's group: (capacity, herds on it, shape tags)."""
    row = next(el for el in g.iter(f"{NS}g") if el.get("class") == "pips")
    shapes = [el.tag.replace(NS, "") for el in row]
    filled = sum(1 for el in row if el.get("fill") != "none")
    return int(row.get("data-capacity")), filled, shapes


def test_tiles_wear_the_rulebook_colours_and_show_capacity_as_pips_of_their_shape():
    """Rulebook, Herd Capacity: mountains (grey) 2, steppe (brown) 3, woods (green) 4.
    Capacity is a row of pips, one per herd the tile holds, filled for each herd on it,
    and their shape tells the landscapes apart without their colour (issue 34)."""
    state = build({(1, 0): "M", (2, 0): "S", (3, 0): "W"}, [(RED, (2, 0), 2)])
    _, root = svg_for(state, None)
    fills, shapes = {}, {}
    for pos, name, capacity, herds in (
        ("1,0", "mountain", 2, 0),
        ("2,0", "steppe", 3, 2),
        ("3,0", "wood", 4, 0),
        ("0,0", "South Pole", 3, 0),
    ):
        g = tile_group(root, pos)
        assert g.find(f"{NS}title").text.startswith(name)  # named in words for a reader
        assert f"{herds} of {capacity} herds" in g.find(f"{NS}title").text
        count, filled, kinds = pips(g)
        assert (count, filled) == (capacity, herds)
        first = g.find(f"{NS}g[@class='pips']")[0]
        shapes[name] = kinds[0] + str((first.get("d") or "").count("L"))
        fills[name] = g.find(f"{NS}polygon").get("fill")
    assert len(set(shapes.values())) == 4, shapes  # four different pip shapes
    _, grey_s, _ = hue(fills["mountain"])
    assert grey_s < 0.1  # grey: no colour to speak of
    brown_h, brown_s, brown_l = hue(fills["steppe"])
    assert 20 <= brown_h <= 45 and brown_s > 0.2 and brown_l < 0.6  # brown, not yellow
    green_h, green_s, _ = hue(fills["wood"])
    assert 90 <= green_h <= 150 and green_s > 0.2


def _box(el) -> tuple[float, float]:
    """Width and height of a polygon or rect (board units)."""
    if el.tag == f"{NS}rect":
        return float(el.get("width")), float(el.get("height"))
    xs, ys = zip(*(map(float, p.split(",")) for p in el.get("points").split()), strict=True)
    return max(xs) - min(xs), max(ys) - min(ys)


def test_text_and_targets_are_drawn_for_the_phone_they_are_fitted_to():
    """The board is fitted whole into its box; it is drawn so that in a phone's box
    (``FIT_WIDTH`` x ``FIT_HEIGHT`` CSS px) every text is at least 12 px and every
    clickable part at least 24 px: ``u`` board units (``data-unit``) are one px there
    (titles/trias/board.py, "Size")."""
    rng = random.Random(5)
    state = trias.new_game(5, 3)
    units = []
    for _ in range(120):
        if not trias.to_move(state):
            break
        seat = trias.to_move(state)[0]
        legal = trias.legal_actions(state, seat)
        tokens = [None, *sorted(attrs(svg_for(state, seat)[1], "data-select"))[:2]]
        for token in tokens:
            _, root = svg_for(state, seat, selected=token)
            u = float(root.get("data-unit"))
            units.append(u)
            _, _, width, height = map(float, root.get("viewBox").split())
            scale = min(trias_board.FIT_WIDTH / width, trias_board.FIT_HEIGHT / height)
            assert scale >= 1 / u - 1e-9
            sizes = [float(el.get("font-size")) for el in root.iter(f"{NS}text")]
            assert sizes and min(sizes) * scale >= 12
            for el in root.iter():
                if el.get("data-select") or el.get("data-action"):
                    biggest = max(
                        (_box(p) for p in el if p.tag in (f"{NS}polygon", f"{NS}rect")),
                        key=lambda b: min(b),
                    )
                    assert min(biggest) * scale >= 24, (el.get("data-select"), biggest, u)
        state = trias.apply(state, seat, rng.choice(legal))
    assert max(units) > 1.5  # the board grew: text grew with it


def herd_boxes(root):
    return [g for g in root.iter(f"{NS}g") if "herd" in (g.get("class") or "").split()]


def test_herds_are_a_chip_and_large_count_per_owner_that_lets_taps_through():
    state = build(
        {(1, 0): "W", (2, 0): "S"},
        [(RED, (1, 0), 2), (BLUE, (1, 0), 1), (PURPLE, (1, 0), 1), (BLUE, (2, 0), 1)],
    )
    _, root = svg_for(state, RED)
    boxes = herd_boxes(root)
    assert len(boxes) == 2
    unit = float(root.get("data-unit"))
    for box in boxes:
        assert box.get("pointer-events") == "none"  # a tap on them is a tap on the tile
        assert box.get("data-select") is None
        counts = [float(t.get("font-size")) for t in box.iter(f"{NS}text")]
        assert min(counts) >= 13 * unit  # larger than the board's other words
    crowded = next(b for b in boxes if "on 1,0" in b.get("aria-label"))
    assert crowded.get("aria-label") == "2 Red herds, 1 Blue herd, 1 Purple herd on 1,0"
    assert sorted(texts(crowded)) == ["1", "1", "2"]


def test_swimmers_are_drawn_on_the_water():
    state = build({(1, 0): "W"}, [(RED, (1, 0), 1), (BLUE, (3, 0), 2)])
    text, _ = svg_for(state, None)
    assert "2 Blue herds swimming at 3,0" in text


def test_setup_takes_two_taps_a_free_tile_then_place_here():
    state = trias.new_game(3, 4)
    seat = trias.to_move(state)[0]
    _, root = svg_for(state, seat)
    legal = set(trias.legal_actions(state, seat))
    assert not attrs(root, "data-action")  # one tap never places
    assert attrs(root, "data-select") == {f"p:{a[2:]}" for a in legal}
    _, root = svg_for(state, seat, selected="p:0,0")
    assert attrs(root, "data-action") == {"p 0,0"}
    assert "Place here" in texts(root)


def test_drift_tiles_are_marked_and_then_show_their_targets():
    state = build(
        {(1, 0): "W", (2, 0): "W", (2, -1): "S"}, [(RED, (1, 0), 1)], phase=DRIFT, card="S"
    )
    _, root = svg_for(state, RED)
    tile = tile_group(root, "2,-1")
    assert tile.get("data-select") == "d:2,-1" and "can-drift" in tile.get("class")
    dashed = [p for p in tile.iter(f"{NS}polygon") if p.get("stroke-dasharray")]
    assert dashed, "a tile that may drift is marked without hover"
    _, root = svg_for(state, RED, selected="d:2,-1")
    targets = {a for a in attrs(root, "data-action") if a.startswith("d ")}
    assert targets == {a for a in trias.legal_actions(state, RED) if a.startswith("d 2,-1>")}
    assert "3 actions" not in texts(root)  # the mandatory drift costs no action


def test_an_optional_drift_target_says_it_costs_3_actions():
    state = build({(1, 0): "W", (2, 0): "W", (2, -1): "S"}, [(RED, (1, 0), 1)])
    _, root = svg_for(state, RED, selected="d:2,-1")
    marked = [g for g in root.iter(f"{NS}g") if (g.get("data-action") or "").startswith("d 2,-1>")]
    # In words where they fit in the hex, else the number in the target's dot.
    assert marked and all({"3 actions", "3"} & set(texts(g)) for g in marked)
    assert all("(3 actions)" in g.get("aria-label") for g in marked)


def test_tiles_of_movable_herds_are_ringed_and_then_show_adjacent_targets_and_reproduce():
    """A tap anywhere on the tile of the viewer's herds that can act picks them (issue
    34: the herds' box took the tap, only the tile's edge answered)."""
    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 1), (BLUE, (2, 0), 1)])
    _, root = svg_for(state, RED)
    assert root.get("role") == "group"  # controls inside: not one image (axe-core)
    tile = tile_group(root, "1,0")
    assert tile.get("data-select") == "m:1,0" and "can-act" in tile.get("class")
    ring = [p for p in tile.iter(f"{NS}polygon") if p.get("stroke") == "#ffd400"]
    assert ring  # marked without hover
    assert tile_group(root, "2,0").get("data-select") is None  # someone else's herds
    _, root = svg_for(state, RED, selected="m:1,0")
    actions = attrs(root, "data-action")
    assert "m 1,0>2,0" in actions and "+ 1,0" in actions
    assert actions <= set(trias.legal_actions(state, RED))
    assert "+1 herd" in texts(root)
    # An unknown selection is ignored.
    _, root = svg_for(state, RED, selected="m:9,9")
    assert not attrs(root, "data-action")


def test_a_tile_whose_herds_act_and_that_may_drift_offers_the_drift_once_picked():
    """Both on one tile: the tap picks the herds (the common action); the drift is a
    button of the picked tile, and in the list."""
    state = build({(1, 0): "W", (2, 0): "W", (2, -1): "S"}, [(RED, (2, -1), 1)])
    legal = trias.legal_actions(state, RED)
    assert any(a.startswith("d 2,-1>") for a in legal)
    _, root = svg_for(state, RED)
    assert tile_group(root, "2,-1").get("data-select") == "m:2,-1"
    _, root = svg_for(state, RED, selected="m:2,-1")
    drift = [g for g in root.iter(f"{NS}g") if g.get("data-select") == "d:2,-1"]
    assert drift and "Drift this tile (3 actions)" in texts(drift[0])


def test_a_swimmer_is_picked_and_then_its_rescue_tiles_light_up():
    state = build({(1, 0): "W", (2, 0): "M"}, [(RED, (1, 0), 1), (RED, (3, 0), 1)])
    _, root = svg_for(state, RED)
    assert "r:3,0" in attrs(root, "data-select")
    _, root = svg_for(state, RED, selected="r:3,0")
    assert {a for a in attrs(root, "data-action") if a.startswith("r ")} == {"r 3,0>2,0"}


def test_the_board_keeps_its_size_whatever_is_selected():
    rng = random.Random(11)
    state = trias.new_game(4, 17)
    checked = 0
    for _ in range(90):
        if not trias.to_move(state):
            break
        seat = trias.to_move(state)[0]
        legal = trias.legal_actions(state, seat)
        _, root = svg_for(state, seat, actions=legal)
        box = (root.get("viewBox"), root.get("data-unit"))
        for token in sorted(attrs(root, "data-select"))[:3]:
            _, picked = svg_for(state, seat, selected=token, actions=legal)
            assert (picked.get("viewBox"), picked.get("data-unit")) == box
            checked += 1
        state = trias.apply(state, seat, rng.choice(legal))
    assert checked > 60


@pytest.mark.parametrize("phase", [PLACE, CARD, DRIFT, "actions", "over", "waiting"])
def test_the_board_reads_well_without_actions(phase):
    """The mail picture, rules diagrams, spectators and finished games: no clickable
    parts, but names, capacities and herds all there."""
    state = build({(1, 0): "W", (2, 0): "S"}, [(RED, (1, 0), 2)])
    if phase == "over":
        state = trias.apply(build({(5, 0): "W", (6, 0): "S"}, [(RED, (5, 0), 1)],
                                  last_round=True, actions_left=2), RED, "end")  # fmt: skip
    elif phase in (PLACE, CARD, DRIFT):
        state = build({(1, 0): "W", (2, 0): "S"}, [(RED, (1, 0), 2)], phase=phase, card="W")
    _, root = svg_for(state, None)
    assert not attrs(root, "data-select") and not attrs(root, "data-action")
    assert root.get("role") == "img"  # one picture; with parts to tap it is a group
    wood = tile_group(root, "5,0" if phase == "over" else "1,0")
    assert wood.find(f"{NS}title").text.startswith("wood")
    assert pips(wood)[0] == 4 and herd_boxes(root)
    assert not [t for t in texts(root) if "Your" in t]


def test_a_seats_svg_never_shows_another_hand_card():
    """TS16."""
    state = build({(1, 0): "W"}, [(RED, (1, 0), 1)], phase=CARD, hands=("M", "W", "S", "M"))
    for seat in range(4):
        _, root = svg_for(state, seat)
        hands = [el.get("data-hand") for el in root.iter() if el.get("class") == "hand-card"]
        assert hands == [state.hands[seat]]
    _, root = svg_for(state, None)
    assert not [el for el in root.iter() if el.get("class") == "hand-card"]
    _, root = svg_for(state, PURPLE)
    assert "Your hand card: steppe" in "".join(root.itertext())


def test_random_positions_render_well_formed():
    rng = random.Random(3)
    state = trias.new_game(5, 8)
    for _ in range(60):
        if not trias.to_move(state):
            break
        seat = trias.to_move(state)[0]
        legal = trias.legal_actions(state, seat)
        _, root = svg_for(state, seat)
        for token in sorted(attrs(root, "data-select"))[::7]:  # the contract test does all
            svg_for(state, seat, selected=token)
        state = trias.apply(state, seat, rng.choice(legal))
    svg_for(state, None)


def test_the_final_board_labels_each_scored_land_mass_with_its_points():
    tiles = {(5, 0): "W", (6, 0): "W", (1, 0): "S"}
    state = build(tiles, [(RED, (5, 0), 2), (BLUE, (6, 0), 1)], last_round=True, actions_left=2)
    over = trias.apply(state, RED, "end")
    assert trias.outcome(over) is not None
    text, _ = svg_for(over, None)
    assert "2 tiles: Red 2, Blue 1" in text
