"""The SVG board (games/boards/tritarea.py): well-formed, clickable, no secrets."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from games.boards import render_svg
from games.engines import tritarea as tt

from .helpers import building, position, random_game

SVG = "{http://www.w3.org/2000/svg}"


def render(state, seat, selected=None):
    actions = tt.legal_actions(state, seat) if seat is not None else []
    svg = render_svg("tritarea", tt.view(state, seat), seat=seat, actions=actions,
                     selected=selected)  # fmt: skip
    return svg, ET.fromstring(svg), actions


def attrs(root, name):
    return [el.get(name) for el in root.iter() if el.get(name) is not None]


def test_it_is_a_well_formed_svg_image_with_a_title_and_labels():
    _svg, root, _ = render(tt.new_game(4, 3), 0)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img" and root.get("viewBox")
    assert root.find(f"{SVG}title").text.startswith("Tri*T*Area")
    texts = [el.text for el in root.iter(f"{SVG}text")]
    for label in ("a", "b", "c", "d", "1", "2", "3", "4", "+2", "+1", "+3"):
        assert label in texts


def test_each_playable_card_carries_its_action():
    s = tt.new_game(4, 3)
    seat = tt.to_move(s)[0]
    _svg, root, actions = render(s, seat)
    assert sorted(attrs(root, "data-action")) == sorted(actions)


def test_a_five_with_choices_is_selected_first_then_offers_each_choice():
    hands = (("I5", "M1"), ("I1",), ("I2",), ("I3",))
    s = position(4, leader=0, hands=hands, round=2, scores=(5, 0, 0, 0))
    _svg, root, _ = render(s, 0)
    assert attrs(root, "data-select") == ["card:I5"]
    assert attrs(root, "data-action") == ["p M1"]
    _svg, root, _ = render(s, 0, selected="card:I5")
    assert sorted(attrs(root, "data-action")) == ["p I5", "p I5=0", "p I5=10", "p M1"]
    _svg, root, _ = render(s, 0, selected="nonsense")
    assert attrs(root, "data-select") == ["card:I5"]


def test_buildable_squares_carry_build_actions():
    s = building(((0, 3), (1, 8)), "M")
    _svg, root, _ = render(s, 0)
    assert sorted(attrs(root, "data-action")) == ["b c2", "b d1", "b d2", "b d3"]


def test_two_block_builds_select_the_square_then_act_on_it():
    s = building(((0, 3), (1, 8)), "M", builder=1)
    _svg, root, _ = render(s, 1)
    assert sorted(attrs(root, "data-select")) == ["sq:c2", "sq:d1", "sq:d2", "sq:d3"]
    _svg, root, _ = render(s, 1, selected="sq:d2")
    assert sorted(attrs(root, "data-action")) == ["b d2", "b d2 d2"]


def test_additional_block_squares_carry_x_actions():
    s = building(((0, 3), (1, 8)), "I", stacks={"a2": (0,)})
    s = tt.apply(s, 0, "b a1")
    _svg, root, _ = render(s, 0)
    assert sorted(attrs(root, "data-action")) == ["x a2", "x b1"]


def test_stacks_are_drawn_with_their_height():
    s = building(((0, 3), (1, 8)), "I", stacks={"c1": (0, 1, 2)})
    _svg, root, _ = render(s, None)
    blocks = [el for el in root.iter(f"{SVG}rect") if el.get("class") == "block"]
    assert len(blocks) == 3
    assert "3" in [el.text for el in root.iter(f"{SVG}text")]


def test_it_never_shows_cards_the_viewer_may_not_see():
    s = tt.new_game(4, 3)
    seat = tt.to_move(s)[0]
    other = (seat + 1) % 4
    for viewer in (other, None):
        svg, root, _ = render(s, viewer)
        shown = [el for el in root.iter(f"{SVG}g") if el.get("class") == "card"]
        expected = len(s.hands[viewer]) if viewer is not None else 0
        assert len(shown) == expected  # nothing played yet: only the viewer's own hand
    lead = random_game(1, 6, stop=lambda s: s.phase == "lead")
    svg, _root, _ = render(lead, 0)
    assert "lead chosen" in svg
    for npc in (1, 2, 3):
        assert f"lead {lead.lead[npc]}" not in svg


def test_a_whole_game_renders_for_every_seat():
    s = random_game(2, 1)
    for viewer in (None, 0, 1, 2, 3):
        ET.fromstring(render_svg("tritarea", tt.view(s, viewer), seat=viewer))
    mid = random_game(3, 1, stop=lambda s: s.round == 3 and s.trick_no == 4)
    for viewer in (None, 0, 1, 2):
        _svg, _root, _ = render(replace(mid), viewer)
