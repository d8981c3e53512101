"""The board/guide contract of :mod:`games.boards`, for every game and player count.

Random games are played to the end; at positions spread over each game, for the seat
to move, the board and the guide are drawn unselected and with each choice selected,
and checked (two games of 24 positions per case; six of 60 under ``TRIPOST_SOAK=1``): the
board's clickable parts are guide choices and legal actions, and the guide offers
every legal action (so a player who cannot use the board can still play any move).
"""

from __future__ import annotations

import random
import re

import pytest

from games import boards, registry
from games.engines import ENGINES
from tests.soak import sized

CASES = [
    pytest.param(name, n, id=f"{name}-{n}p")
    for name, engine in ENGINES.items()
    for n in range(engine.min_players, engine.max_players + 1)
]
SELECT = re.compile(r'data-select="([^"]*)"')
ACTION = re.compile(r'data-action="([^"]*)"')
GAMES = sized(2, 6)  # per game and player count
STEPS_CHECKED = sized(24, 60)  # positions per game, spread over the whole game
NOTATION = re.compile(r"\b(p|lead) [IMEH]\d|\b[bx] [a-d][1-4]|\bsell \d|^pass$")  # Tri*T*Area's
ARIA = re.compile(r'data-action="([^"]*)" aria-label="([^"]*)"')
# Games whose guide is held to more: a rules anchor whenever there are actions, the
# same targets whether or not their choice is selected, and a board that keeps its
# size (viewBox) whatever is selected.
STRICT = {"trias"}
VIEWBOX = re.compile(r'viewBox="([^"]*)"')


def _unescape(value: str) -> str:
    return value.replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&")


def _check(name: str, view: dict, seat: int, actions: list[str]) -> None:
    guide = boards.guide(name, view, seat=seat, actions=actions)
    assert guide.reachable() == set(actions), "every legal action, and only those"
    assert guide.prompt, "a turn always says what to do"
    assert guide.rules_anchor in (*registry.get(name).rules_anchors, "")
    tokens = {c.token for c in guide.choices}
    assert len(tokens) == len(guide.choices), "choice tokens are unique"
    if name in STRICT and actions:
        assert guide.rules_anchor, "every step points to its rules section"
    sizes = set()
    ordered = sorted(tokens)
    sampled = set(ordered[:: max(1, len(ordered) // 8)])  # the costlier checks: a sample
    for selected in [None, *ordered]:
        svg = boards.render_svg(name, view, seat=seat, actions=actions, selected=selected)
        assert {_unescape(t) for t in SELECT.findall(svg)} <= tokens
        assert {_unescape(a) for a in ACTION.findall(svg)} <= set(actions)
        if name == "tritarea":
            _check_tritarea_board(svg, guide)
        sizes.add(VIEWBOX.search(svg).group(1))
        if name in STRICT and selected in sampled:
            picked = boards.guide(name, view, seat=seat, actions=actions, selected=selected)
            assert {t.action for t in picked.choice(selected).targets} == {
                t.action for t in guide.choice(selected).targets
            }, "a choice offers the same targets once selected"
            assert picked.reachable() == set(actions)
    if name in STRICT:
        assert len(sizes) == 1, "the board keeps its size whatever is selected"
    if name == "tritarea":
        _check_tritarea_guide(view, seat, guide)


def _check_tritarea_guide(view: dict, seat: int, guide) -> None:
    """Every step names its rules section and says each action in words; deciding for
    a computer seat names it in acting_for and in every label."""
    assert guide.rules_anchor, "a rules section for every step with actions"
    npc = view["deciding_for"]
    expected = view["seats"][npc]["label"] if npc is not None and seat in view["to_move"] else ""
    assert guide.acting_for == expected
    targets = [*guide.buttons, *(t for c in guide.choices for t in c.targets)]
    for target in targets:
        assert target.label and target.label != target.action
        assert not NOTATION.search(target.label), target.label
        if expected:
            assert expected in target.label, target.label
    for choice in guide.choices:
        assert choice.label and not NOTATION.search(choice.label)


def _check_tritarea_board(svg: str, guide) -> None:
    """The board's clickable parts say in words what the guide says for that action."""
    words = {t.action: t.label for t in guide.buttons}
    words.update({t.action: t.label for c in guide.choices for t in c.targets})
    for action, label in ARIA.findall(svg):
        assert _unescape(label) == words[_unescape(action)]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_board_and_its_guide_offer_exactly_the_legal_actions(name, players):
    engine = ENGINES[name]
    rng = random.Random(f"contract-{name}-{players}")
    for game_no in range(GAMES):
        state = engine.new_game(players, 9_000 + game_no)
        plies = []
        while engine.outcome(state) is None and len(plies) < 5_000:
            seat = engine.to_move(state)[0]
            actions = engine.legal_actions(state, seat)
            plies.append((state, seat, actions))
            state = engine.apply(state, seat, rng.choice(actions))
        step = max(1, len(plies) // STEPS_CHECKED)
        for state, seat, actions in plies[::step]:
            _check(name, engine.view(state, seat), seat, actions)


def test_an_unknown_selection_is_not_selectable():
    engine = ENGINES["triad"]
    state = engine.new_game(2, 1)
    seat = engine.to_move(state)[0]
    actions = engine.legal_actions(state, seat)
    view = engine.view(state, seat)
    tokens = boards.selectable("triad", view, seat=seat, actions=actions)
    assert tokens and "zz" not in tokens
    assert all(re.fullmatch(r"[a-f][1-6]", t) for t in tokens)


@pytest.mark.parametrize("name", list(ENGINES))
def test_a_board_as_a_picture_keeps_its_drawing_but_nothing_to_click(name):
    engine = ENGINES[name]
    state = engine.new_game(engine.min_players if name != "tritarea" else 1, 5)
    seat = engine.to_move(state)[0]
    actions = engine.legal_actions(state, seat)
    svg = boards.render_svg(name, engine.view(state, seat), seat=seat, actions=actions)
    picture = boards.as_picture(svg)
    assert "data-action" not in picture and "data-select" not in picture
    assert picture.count("<title>") == svg.count("<title>")  # descriptions stay
    root = picture.partition(">")[0]
    assert 'role="img"' in root and "aria-label=" in root
    assert picture.count("aria-label=") == 1
