"""The SVG board (titles/tritarea/board/): well-formed, clickable, readable, no secrets."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from games import boards
from games.boards import render_svg
from titles.tritarea import engine as tt
from titles.tritarea.board import svg as board_svg

from .helpers import building, position, random_game

SVG = "{http://www.w3.org/2000/svg}"
NOTATION = re.compile(r"^(p|b|x|lead|sell) |^pass$")


def render(state, seat, selected=None):
    actions = tt.legal_actions(state, seat) if seat is not None else []
    svg = render_svg("tritarea", tt.view(state, seat), seat=seat, actions=actions,
                     selected=selected)  # fmt: skip
    return svg, ET.fromstring(svg), actions


def attrs(root, name):
    return [el.get(name) for el in root.iter() if el.get(name) is not None]


def clickable(root):
    return [el for el in root.iter() if el.get("data-action") or el.get("data-select")]


def texts(root):
    return [el.text for el in root.iter(f"{SVG}text")]


def hand_cards(root):
    return [el for el in root.iter(f"{SVG}g") if "hand-card" in (el.get("class") or "").split()]


def box(el):
    """The rectangle of a clickable part: itself, or its first rect."""
    rect = el if el.tag == f"{SVG}rect" else el.find(f"{SVG}rect")
    return tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))


def test_it_is_a_well_formed_svg_image_with_a_title_and_labels():
    s = tt.new_game(4, 3)
    _svg, root, _ = render(s, tt.to_move(s)[0])
    assert root.tag == f"{SVG}svg" and root.get("viewBox") and root.get("aria-label")
    # a group of buttons for the player to move, an image for everyone else
    assert root.get("role") == "group"
    assert render(s, None)[1].get("role") == "img"
    assert root.find(f"{SVG}title").text.startswith("Tri*T*Area")
    for label in ("a", "b", "c", "d", "1", "2", "3", "4", "+2", "+1", "+3"):
        assert label in texts(root)
    # the areas by their rulebook names, once each
    for name in ("Intelligent", "Modern", "Ecology", "Happiness"):
        assert texts(root).count(name) == 1


def test_it_is_a_portrait_board_of_the_documented_size():
    """Module docstring: 392 units wide, 776 tall with a hand, 614 without, team lines
    in the 2-person game; never wider, so a 390 px phone shows it near full size."""
    s = tt.new_game(1, 3)
    _svg, root, _ = render(s, 0)
    assert root.get("width") is None and root.get("height") is None  # the page fits it
    for seat, height in ((0, 776), (None, 614), (1, 614)):
        _svg, root, _ = render(s, seat)
        assert root.get("viewBox") == f"0 0 392 {height}"
    _svg, root, _ = render(tt.new_game(2, 3), 0)
    assert root.get("viewBox") == "0 0 392 822"
    over = random_game(1, 4)
    _svg, root, _ = render(over, 0)
    assert root.get("viewBox") == "0 0 392 614"  # a finished game shows no empty hand


def test_each_playable_card_carries_its_action():
    s = tt.new_game(4, 3)
    seat = tt.to_move(s)[0]
    _svg, root, actions = render(s, seat)
    assert sorted(attrs(root, "data-action")) == sorted(actions)
    assert len(hand_cards(root)) == len(s.hands[seat])


def test_a_five_with_choices_is_selected_first_then_offers_each_choice():
    hands = (("I5", "M1"), ("I1",), ("I2",), ("I3",))
    s = position(4, leader=0, hands=hands, round=2, scores=(5, 0, 0, 0))
    _svg, root, _ = render(s, 0)
    assert attrs(root, "data-select") == ["card:I5"]
    assert attrs(root, "data-action") == ["p M1"]
    _svg, root, _ = render(s, 0, selected="card:I5")
    assert sorted(attrs(root, "data-action")) == ["p I5", "p I5=0", "p I5=10", "p M1"]
    strip = [el.findtext(f"{SVG}text") for el in root.iter() if el.get("class") == "choice"]
    assert strip == ["5", "0 (pay 1)", "10 (pay 2)"]
    _svg, root, _ = render(s, 0, selected="nonsense")
    assert attrs(root, "data-select") == ["card:I5"]
    assert attrs(root, "data-action") == ["p M1"]


def test_buildable_squares_carry_build_actions():
    s = building(((0, 3), (1, 8)), "M")
    _svg, root, _ = render(s, 0)
    assert sorted(attrs(root, "data-action")) == ["b c2", "b d1", "b d2", "b d3"]


def test_two_block_builds_select_the_square_then_offer_one_or_two_blocks_below_the_grid():
    s = building(((0, 3), (1, 8)), "M", builder=1)
    _svg, root, _ = render(s, 1)
    assert sorted(attrs(root, "data-select")) == ["sq:c2", "sq:d1", "sq:d2", "sq:d3"]
    assert not attrs(root, "data-action")  # choosing a square never builds
    _svg, root, _ = render(s, 1, selected="sq:d2")
    assert sorted(attrs(root, "data-action")) == ["b d2", "b d2 d2"]
    assert "sq:d2" in attrs(root, "data-select")  # tapping it again unselects it
    grid_bottom = board_svg.GRID_Y + board_svg.GRID
    for el in root.iter():
        if el.get("data-action"):
            _x, y, _w, _h = box(el)
            assert y >= grid_bottom, "the 1-or-2 buttons cover no square"
    words = {el.get("data-action"): el.get("aria-label") for el in root.iter()}
    assert words["b d2"] == "Build one block on d2"
    assert words["b d2 d2"] == "Build two blocks on d2"


def test_additional_block_squares_and_the_no_extra_block_button():
    s = building(((0, 3), (1, 8)), "I", stacks={"a2": (0,)})
    s = tt.apply(s, 0, "b a1")
    svg, root, _ = render(s, 0)
    assert sorted(attrs(root, "data-action")) == ["pass", "x a2", "x b1"]
    [decline] = [el for el in root.iter() if el.get("data-action") == "pass"]
    assert decline.get("aria-label") == "No extra block"
    assert "Extra block next to a1?" in texts(root)
    assert 'class="last-built"' in svg


def test_building_nothing_has_no_spot_on_the_board():
    """A default costs the card's rank: only the guide offers it, never a tap."""
    s = building(((0, 3), (1, 8)), "M")
    assert "pass" in tt.legal_actions(s, 0)
    _svg, root, _ = render(s, 0)
    assert "pass" not in attrs(root, "data-action")


def test_stacks_are_drawn_with_their_height():
    s = building(((0, 3), (1, 8)), "I", stacks={"c1": (0, 1, 2)})
    _svg, root, _ = render(s, None)
    blocks = [el for el in root.iter(f"{SVG}rect") if el.get("class") == "block"]
    assert [el.get("fill") for el in blocks] == list(board_svg.SEAT_FILL[:3])
    assert "3" in texts(root)
    [c1] = [g.findtext(f"{SVG}title") for g in root.iter(f"{SVG}g") if g.get("class") == "square"
            if g.findtext(f"{SVG}title").startswith("c1")]  # fmt: skip
    assert c1 == "c1, Intelligent: 3 blocks (Black, White, Orange, bottom to top)"


def test_a_bonus_square_shows_its_bonus_until_built_on():
    s = building(((0, 3), (1, 8)), "I", stacks={"a1": (1,)})
    _svg, root, _ = render(s, None)
    badges = sorted(t for t in texts(root) if t.startswith("+"))
    assert badges == ["+1", "+2", "+3"]  # a1's +2 is taken, d4's +2 is not


def test_the_table_shows_the_trick_and_dims_cards_that_won_no_right():
    s = tt.new_game(1, 5)
    while s.phase != "build":
        s = tt.apply(s, 0, tt.legal_actions(s, 0)[0])
    _svg, root, _ = render(s, 0)
    shown = [g for g in root.iter(f"{SVG}g") if g.get("class") == "card"]
    assert len(shown) == 4  # the four proposals of the trick
    for g in shown:
        dimmed = g.get("opacity") == "0.45"
        assert dimmed == (g.findtext(f"{SVG}text") != s.adopted)
    marks = texts(root)
    assert "1st right" in marks
    assert ("2nd right" in marks) == (len(s.rights) == 2)


def test_deciding_for_a_computer_seat_is_marked_at_that_seat():
    s = building(((1, 3), (2, 8)), "M", num_players=1)
    _svg, root, _ = render(s, 0)
    assert "you decide" in texts(root)
    [seat] = [g for g in root.iter(f"{SVG}g") if "to-act" in (g.get("class") or "")]
    assert seat.findtext(f"{SVG}text") == "White"
    assert "Modern adopted: White builds" in texts(root)
    labels = {el.get("aria-label") for el in clickable(root)}
    assert labels == {f"Build for White (computer): one block on {sq}" for sq in
                      ("c2", "d1", "d2", "d3")}  # fmt: skip


def test_the_same_board_with_actions_left_out_is_a_readable_picture():
    """The mail picture and rules-page diagrams draw with actions=(): no targets, and
    the strip says in words what is going on."""
    s = building(((1, 3), (2, 8)), "M", num_players=1)
    svg = render_svg("tritarea", tt.view(s, 0), seat=0)
    root = ET.fromstring(svg)
    assert not clickable(root)
    assert "Modern adopted: White builds" in texts(root)
    assert "you decide" in texts(root)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_it_stays_readable_and_tappable_at_every_step(players):
    """Issue 11's sizes in SVG units: no text under 15 (12 CSS px at 0.8 of the board's
    size), every clickable part at least 40 x 40, hand cards 60 x 62; the board keeps
    its size while something is selected."""
    rng = random.Random(players)
    state = tt.new_game(players, 40 + players)
    steps = 0
    while tt.outcome(state) is None:
        seat = rng.choice(tt.to_move(state))
        if steps % 7 == 0:
            view = tt.view(state, seat)
            actions = tt.legal_actions(state, seat)
            plain = render_svg("tritarea", view, seat=seat, actions=actions)
            box_of = ET.fromstring(plain).get("viewBox")
            tokens = boards.selectable("tritarea", view, seat=seat, actions=actions)
            for token in [None, *tokens]:
                svg = render_svg("tritarea", view, seat=seat, actions=actions, selected=token)
                root = ET.fromstring(svg)
                assert root.get("viewBox") == box_of
                assert min(float(t.get("font-size")) for t in root.iter(f"{SVG}text")) >= 15
                for el in clickable(root):
                    _x, _y, width, height = box(el)
                    assert width >= 40 and height >= 40, el.attrib
                    assert el.get("aria-label") and not NOTATION.match(el.get("aria-label"))
                for card in hand_cards(root):
                    assert box(card)[2:] == (60.0, 62.0)
        steps += 1
        state = tt.apply(state, seat, rng.choice(tt.legal_actions(state, seat)))


def test_it_never_shows_cards_the_viewer_may_not_see():
    s = tt.new_game(4, 3)
    seat = tt.to_move(s)[0]
    other = (seat + 1) % 4
    for viewer in (other, None):
        _svg, root, _ = render(s, viewer)
        shown = [g.findtext(f"{SVG}title") for g in hand_cards(root)]
        expected = [f"{tt.view(s, 0)['areas'][c[0]]['name']} {c[1]}" for c in s.hands[viewer]] \
            if viewer is not None else []  # fmt: skip
        assert shown == expected  # only the viewer's own hand
        assert not [g for g in root.iter(f"{SVG}g") if g.get("class") == "card"]  # none played
    lead = random_game(1, 6, stop=lambda s: s.phase == "lead")
    svg, root, _ = render(lead, 0)
    assert texts(root).count("declared") == 3 and "choosing" in texts(root)
    assert svg.count('class="card face-down"') == 3
    for npc in (1, 2, 3):
        assert f"lead {lead.lead[npc]}" not in svg
        assert f"declared {lead.lead[npc]}" not in svg


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_board_and_guide_do_not_change_when_only_a_secret_does(players):
    """Another hand, a computer seat's deck order, a hidden lead declaration, the seed:
    re-drawn at random (as a bot would guess them), the viewer's board and guide stay
    the same, so neither can show any of them."""
    rng = random.Random(players)
    state = tt.new_game(players, 70 + players)
    checked = 0
    while tt.outcome(state) is None:
        seat = rng.choice(tt.to_move(state))
        if rng.random() < 0.15:
            guessed = tt.determinize(state, seat, random.Random(checked))
            for viewer in (seat, None):
                actions = tt.legal_actions(state, viewer) if viewer is not None else []
                assert actions == (tt.legal_actions(guessed, viewer) if viewer is not None else [])
                for s in (state, guessed):
                    view = tt.view(s, viewer)
                    drawn = (
                        render_svg("tritarea", view, seat=viewer, actions=actions),
                        boards.guide("tritarea", view, seat=viewer, actions=actions),
                    )
                    if s is state:
                        first = drawn
                assert drawn == first
            checked += 1
        state = tt.apply(state, seat, rng.choice(tt.legal_actions(state, seat)))
    assert checked > 10


def test_a_whole_game_renders_for_every_seat():
    s = random_game(2, 1)
    for viewer in (None, 0, 1, 2, 3):
        ET.fromstring(render_svg("tritarea", tt.view(s, viewer), seat=viewer))
    mid = random_game(3, 1, stop=lambda s: s.round == 3 and s.trick_no == 4)
    for viewer in (None, 0, 1, 2):
        _svg, _root, _ = render(replace(mid), viewer)
