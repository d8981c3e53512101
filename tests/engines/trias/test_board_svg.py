"""The Trias SVG board: well-formed, labelled, clickable, and free of secrets."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from games.boards import render_svg
from games.engines import trias
from games.engines.trias.state import CARD

from .positions import BLUE, PURPLE, RED, build

NS = "{http://www.w3.org/2000/svg}"


def svg_for(state, seat, selected=None):
    actions = trias.legal_actions(state, seat) if seat is not None else []
    view = trias.view(state, seat)
    text = render_svg("trias", view, seat=seat, actions=actions, selected=selected)
    return text, ET.fromstring(text)


def attrs(root, name):
    return {el.get(name) for el in root.iter() if el.get(name) is not None}


def test_the_board_is_well_formed_xml_with_a_title_and_coordinates():
    state = trias.new_game(4, 21)
    text, root = svg_for(state, None)
    assert root.tag == f"{NS}svg" and root.get("role") == "img"
    assert root.find(f"{NS}title") is not None
    coords = {el.text for el in root.iter(f"{NS}text") if el.get("class") == "coord"}
    assert {"0,0", "1,-2", "3,-3", "-3,0"} <= coords
    assert text.count('class="sea interior-sea"') == 2


def test_setup_placement_targets_carry_place_actions():
    state = trias.new_game(3, 4)
    seat = trias.to_move(state)[0]
    _, root = svg_for(state, seat)
    assert "p 0,0" in attrs(root, "data-action")
    assert attrs(root, "data-action") == set(trias.legal_actions(state, seat))


def test_drift_tiles_select_and_then_show_their_targets():
    state = build({(1, 0): "W", (2, 0): "W", (2, -1): "S"}, [(RED, (1, 0), 1)])
    _, root = svg_for(state, RED)
    assert "d:2,-1" in attrs(root, "data-select")
    _, root = svg_for(state, RED, selected="d:2,-1")
    targets = {a for a in attrs(root, "data-action") if a.startswith("d ")}
    assert targets == {a for a in trias.legal_actions(state, RED) if a.startswith("d 2,-1>")}


def test_movable_herds_select_and_then_show_adjacent_targets_and_reproduce():
    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 1)])
    _, root = svg_for(state, RED)
    assert "m:1,0" in attrs(root, "data-select")
    _, root = svg_for(state, RED, selected="m:1,0")
    actions = attrs(root, "data-action")
    assert "m 1,0>2,0" in actions and "+ 1,0" in actions
    assert actions <= set(trias.legal_actions(state, RED))
    # An unknown selection is ignored.
    _, root = svg_for(state, RED, selected="m:9,9")
    assert not attrs(root, "data-action")


def test_swimmers_are_drawn_on_the_water():
    state = build({(1, 0): "W"}, [(RED, (1, 0), 1), (BLUE, (3, 0), 2)])
    text, _ = svg_for(state, None)
    assert "2 Blue herds swimming at 3,0" in text


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
        svg_for(state, seat)
        for token in {f"d:{a[2:].split('>')[0]}" for a in legal if a.startswith("d ")}:
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
