"""The Triad SVG board."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from games.boards import guide, render_svg
from titles.triad import engine as t

SVG = "{http://www.w3.org/2000/svg}"


def render(state, seat, *, selected=None, actions=None, view=None):
    if actions is None:
        actions = t.legal_actions(state, seat) if seat is not None else []
    svg = render_svg(
        "triad", view or t.view(state, seat), seat=seat, actions=actions, selected=selected
    )
    return svg, ET.fromstring(svg)


def with_attr(root, attr):
    return [el for el in root.iter() if attr in el.attrib]


def die_rect(root, cell):
    for g in root.iter(f"{SVG}g"):
        if g.get("aria-label", "").endswith(f" on {cell}") or f" on {cell}," in g.get(
            "aria-label", ""
        ):
            rect = g.find(f"{SVG}rect")
            return float(rect.get("x")), float(rect.get("y"))
    raise AssertionError(f"no die on {cell}")


def test_it_is_one_well_formed_labelled_svg():
    state = t.new_game(2, 50)
    _, root = render(state, None)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img" and root.get("viewBox")
    assert root.find(f"{SVG}title").text.startswith("Triad board")
    texts = {el.text for el in root.iter(f"{SVG}text")}
    assert set("abcdef") <= texts and {"1", "2", "3", "4", "5", "6"} <= texts
    labels = [g.get("aria-label") for g in root.iter(f"{SVG}g") if "die" in g.get("class", "")]
    assert len(labels) == 12
    assert "Black die showing I on a1" in labels
    assert not with_attr(root, "data-select") and not with_attr(root, "data-action")


def test_the_players_movable_dice_can_be_selected():
    state = t.new_game(2, 50)
    _, root = render(state, t.BLACK)
    selectable = {el.get("data-select") for el in with_attr(root, "data-select")}
    assert selectable == {a.split("-")[0] for a in t.legal_actions(state, t.BLACK)}
    assert not with_attr(root, "data-action")
    assert root.get("role") == "group"  # buttons inside: not an image (axe nested-interactive)
    # the opponent sees nothing to click: a picture
    _, root = render(state, t.WHITE)
    assert not with_attr(root, "data-select")
    assert root.get("role") == "img"


def test_a_selected_die_lights_up_its_destinations():
    state = t.new_game(2, 50)
    _, root = render(state, t.BLACK, selected="d1")
    actions = {el.get("data-action") for el in with_attr(root, "data-action")}
    assert actions == {a for a in t.legal_actions(state, t.BLACK) if a.startswith("d1-")}
    assert "d1-f3=2" in actions
    targets = [el for el in with_attr(root, "data-action") if "target" in el.get("class")]
    assert all(el.find(f"{SVG}rect").get("fill-opacity") for el in targets)
    # an unknown or foreign token is ignored
    for token in ("zz", "a6", "<script>"):
        _, root = render(state, t.BLACK, selected=token)
        assert not with_attr(root, "data-action")


def test_removal_choices_are_actions_on_the_candidate_dice():
    state = t.from_diagram(
        """
        W3 .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        B1 W3 .  W2 B2 .
        .  .  .  .  .  .
        .  .  B1 .  .  .
        """
    )
    state = t.apply(state, t.BLACK, "c1-c3=2")
    _, root = render(state, t.BLACK)
    actions = {el.get("data-action") for el in with_attr(root, "data-action")}
    assert actions == {"x a3", "x c3", "x e3"}
    assert not with_attr(root, "data-select")
    tinted = [el for el in root.iter(f"{SVG}rect") if "last-move" in el.get("class", "")]
    assert len(tinted) == 2


def test_td6_turns_are_left_to_the_action_list():
    state = t.from_diagram(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        W1 .  .  .  .  .
        W2 .  W3 .  .  .
        .  .  .  .  .  .
        B1 .  W3 .  .  .
        """
    )
    _, root = render(state, t.BLACK, selected="a1")
    actions = {el.get("data-action") for el in with_attr(root, "data-action")}
    assert actions == {"a1-a2", "a1-b1", "a1-b2"}


def test_white_sees_the_board_turned_round():
    state = t.new_game(2, 50)
    _, black = render(state, t.BLACK)
    _, white = render(state, t.WHITE)
    _, by = die_rect(black, "a1")
    wx, wy = die_rect(white, "a1")
    fx, fy = die_rect(white, "f6")
    assert by > die_rect(black, "a6")[1]  # row 1 at the bottom for Black
    assert wy < fy and wx > fx  # a1 top right, f6 bottom left for White
    assert (wx, wy) == die_rect(black, "f6")
    assert "flipped" in white.get("class")


def test_text_is_escaped():
    state = t.new_game(2, 1)
    view = t.view(state, None)
    view["players"] = ["<b>&Co", '"White"']
    svg, root = render(state, None, view=view)
    assert "<b>" not in svg
    assert "<b>&Co to move" in root.find(f"{SVG}title").text


def test_a_finished_game_shows_the_result():
    state = t.new_game(2, 50)
    for action in ["d1-f3=2", "b6-c5=1", "c1-c4=3", "e6-e3=3", "b1-b4=3", "c6-d5=1"]:
        state = t.apply(state, state.to_play, action)
    state = t.apply(state, t.BLACK, "f3-e2=1")
    state = t.apply(state, t.BLACK, "x e2")
    _, root = render(state, t.BLACK)
    assert "Black removed their third die" in root.find(f"{SVG}title").text
    assert not with_attr(root, "data-action") and not with_attr(root, "data-select")
    assert [el for el in root.iter(f"{SVG}rect") if el.get("class") == "removed"]


def test_each_board_labels_its_dice_in_the_language_it_is_drawn_in():
    # (a die's SVG is kept per process once written: its language is part of the key)
    from django.utils import translation

    state = t.new_game(2, 3, t.validate_options(2, {}))
    english = render_svg("triad", t.view(state, 0), seat=0)
    with translation.override("de"):
        german = render_svg("triad", t.view(state, 0), seat=0)
    assert "Black die showing" in english and "Würfel von Schwarz mit" not in english
    assert "Würfel von Schwarz mit" in german and "die showing" not in german
    assert render_svg("triad", t.view(state, 0), seat=0) == english


def _numeral_bars(g) -> int:
    """How many upright strokes the numeral drawn in ``g`` has (I, II or III)."""
    numeral = next(el for el in g.iter(f"{SVG}g") if el.get("class") == "numeral")
    rects = numeral.findall(f"{SVG}rect")
    return len(rects) - 2  # the two serif bars span the strokes


def test_each_destination_shows_the_value_the_die_turns_to():
    """Rulebook, "Rotate the Die" / "Move the Die": the die moves exactly as many
    squares as its new value, so each destination shows that value."""
    state = t.new_game(2, 50)
    _, root = render(state, t.BLACK, selected="d1")
    targets = [el for el in with_attr(root, "data-action") if "target" in el.get("class")]
    assert targets
    for g in targets:
        value = int(g.get("data-action").split("=")[1])
        assert g.get("data-value") == str(value)
        assert _numeral_bars(g) == value
        assert "turning it to " + "I" * value in g.get("aria-label")
    f3 = next(g for g in targets if g.get("data-action") == "d1-f3=2")
    assert f3.get("aria-label") == "move d1 to f3, turning it to II (d1-f3=2)"


def test_a_move_without_turning_shows_the_value_the_die_keeps():
    """Rulebook, "Move the Die": with no normal move, a die moves without turning."""
    state = t.from_diagram(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        W1 .  .  .  .  .
        W2 .  W3 .  .  .
        .  .  .  .  .  .
        B1 .  W3 .  .  .
        """
    )
    _, root = render(state, t.BLACK, selected="a1")
    for g in with_attr(root, "data-action"):
        assert g.get("data-value") == "1" and _numeral_bars(g) == 1
        assert "without turning it" in g.get("aria-label")


def test_the_instruction_follows_the_picked_die():
    state = t.new_game(2, 50)
    view, actions = t.view(state, t.BLACK), t.legal_actions(state, t.BLACK)
    before = guide("triad", view, seat=t.BLACK, actions=actions)
    assert before.prompt == "Move one of your dice: pick a die, then the square it moves to."
    value = t.view(state, t.BLACK)["board"]["d1"]["value"]
    picked = guide("triad", view, seat=t.BLACK, actions=actions, selected="d1")
    assert picked.prompt == f"Your {'I' * value} on d1: pick the square it moves to."
    assert "shows what the die turns to" in picked.detail
    assert picked.choices == before.choices  # the list offers the same moves


def test_the_instruction_for_a_picked_die_with_no_normal_move():
    state = t.from_diagram(
        """
        .  .  .  .  .  .
        .  .  .  .  .  .
        W1 .  .  .  .  .
        W2 .  W3 .  .  .
        .  .  .  .  .  .
        B1 .  W3 .  .  .
        """
    )
    view, actions = t.view(state, t.BLACK), t.legal_actions(state, t.BLACK)
    picked = guide("triad", view, seat=t.BLACK, actions=actions, selected="a1")
    assert picked.prompt == "Your I on a1: move it without turning it, or turn it in place."
    assert picked.rules_anchor == "no-move"
