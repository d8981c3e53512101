"""Triad setup, options, notation, view and JSON (the protocol around the rules)."""

from __future__ import annotations

import json

import pytest

from games.engines import IllegalAction, get_engine, seeded_rng
from titles.triad import engine as t
from titles.triad.engine import notation, rules


def test_the_engine_is_registered():
    assert get_engine("triad") is t
    assert (t.name, t.min_players, t.max_players) == ("triad", 2, 2)
    assert t.seat_labels(2, {}) == ["Black", "White"]


def test_validate_options_fills_defaults_and_refuses_nonsense():
    assert t.validate_options(2, None) == {"setup": "standard"}
    assert t.validate_options(2, {"setup": "mirror"}) == {"setup": "mirror"}
    with pytest.raises(ValueError, match="2 players"):
        t.validate_options(3, {})
    with pytest.raises(ValueError, match="not a choice"):
        t.validate_options(2, {"setup": "upside-down"})
    with pytest.raises(ValueError, match="unknown Triad option"):
        t.validate_options(2, {"speed": "fast"})


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 123456789])
def test_td3_setup_rows_ascend_from_each_players_left(seed):
    """Setup and TD2/TD3: Black a1..f1 ascending, White f6..a6 ascending, from the seed."""
    s = t.new_game(2, seed)
    black = [rules.value(s.board[c]) for c in range(6)]
    white_from_its_left = [rules.value(s.board[30 + 5 - i]) for i in range(6)]
    assert black == sorted(black)
    assert white_from_its_left == sorted(white_from_its_left)
    assert all(rules.owner(s.board[c]) == t.BLACK for c in range(6))
    assert all(rules.owner(s.board[c]) == t.WHITE for c in range(30, 36))
    assert not any(s.board[6:30])
    rolled = seeded_rng(seed, "setup", 0)
    assert black == sorted(rolled.randint(1, 3) for _ in range(6))
    assert t.to_move(s) == (t.BLACK,)
    assert t.new_game(2, seed) == s


def test_td3_the_alternative_setup_mirrors_blacks_roll():
    """Setup, alternative setup (TD3): White uses Black's rolled values."""
    for seed in range(20):
        s = t.new_game(2, seed, {"setup": "mirror"})
        black = [rules.value(s.board[c]) for c in range(6)]
        white_from_its_left = [rules.value(s.board[35 - i]) for i in range(6)]
        assert black == white_from_its_left
        assert s.setup == "mirror"
    # with the standard setup the two rolls differ for some seed
    assert any(
        notation.board_rows(t.new_game(2, seed).board)[0].replace("b", "w")
        != notation.board_rows(t.new_game(2, seed).board)[5][::-1].replace("w", "b")
        for seed in range(20)
    )


def test_td2_setup_values_cover_one_to_three():
    seen = set()
    for seed in range(30):
        seen |= {rules.value(c) for c in t.new_game(2, seed).board if c}
    assert seen == {1, 2, 3}


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("c1-c3=2", "c1-c3=2"),
        ("  C1-C3=2 ", "c1-c3=2"),
        ("c1 - c3 = ii", "c1-c3=2"),
        ("c1c3=II", "c1-c3=2"),
        ("c1 c3", "c1-c3=2"),  # the value follows from the distance
        ("c1\u2013c3=2", "c1-c3=2"),
    ],
)
def test_apply_accepts_any_parseable_spelling(text, canonical):
    s = t.new_game(2, 3)  # row 1: B1 B1 B2 ...
    assert rules.value(s.board[2]) != 2
    assert t.parse(s, t.BLACK, text) == canonical
    assert t.apply(s, t.BLACK, text) == t.apply(s, t.BLACK, canonical)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "not a Triad action"),
        ("hello", "not a Triad action"),
        ("c1-c9=2", "not a cell of the board"),
        ("c1-c3=4", "not a die value"),
        ("c1-d3=2", "not a straight line"),
        ("x c1", "no die to remove"),
    ],
)
def test_illegal_actions_are_explained(text, message):
    s = t.new_game(2, 3)
    with pytest.raises(IllegalAction, match=message):
        t.apply(s, t.BLACK, text)


def test_parse_round_trips_every_canonical_form():
    for text in ("c1-c4=3", "c1=3", "c1-c2", "x c4"):
        parsed = notation.parse(text)
        assert parsed.frm == notation.CELL_INDEX["c1" if text[0] == "c" else "c4"]


def test_diagram_round_trip():
    s = t.new_game(2, 11)
    assert notation.parse_diagram(notation.diagram(s.board)) == s.board
    with pytest.raises(ValueError):
        notation.parse_diagram("B1 B2")


def test_view_is_public_json_without_the_seed():
    s = t.new_game(2, 424242)
    s = t.apply(s, t.BLACK, t.legal_actions(s, t.BLACK)[0])
    for seat in (None, t.BLACK, t.WHITE):
        v = t.view(s, seat)
        text = json.dumps(v)
        assert "424242" not in text and "seed" not in v
        assert v["to_move"] == [t.WHITE]
        assert v["removed"] == [0, 0]
        assert v["plies_since_triad"] == 1 and v["ply"] == 1
        assert v["last_move"]["from"] and v["last_move"]["to"]
        assert len(v["board"]) == 12
        assert v["result"] is None


def test_json_round_trip_and_stability():
    s = t.new_game(2, 5, {"setup": "mirror"})
    for _ in range(10):
        s = t.apply(s, s.to_play, t.legal_actions(s, s.to_play)[-1])
    data = t.to_json(s)
    assert t.from_json(json.loads(json.dumps(data))) == s
    assert json.dumps(t.to_json(t.from_json(data)), sort_keys=True) == json.dumps(
        data, sort_keys=True
    )
    with pytest.raises(ValueError):
        t.from_json({"game": "chess"})


def test_apply_never_changes_its_input():
    s = t.new_game(2, 8)
    before = t.to_json(s)
    for action in t.legal_actions(s, t.BLACK):
        t.apply(s, t.BLACK, action)
    assert t.to_json(s) == before


def test_nothing_is_hidden():
    s = t.new_game(2, 8)
    assert all(t.reveals_information(s, t.BLACK, a) is False for a in t.legal_actions(s, t.BLACK))
    assert not hasattr(t, "determinize")


def test_describe_a_plain_move():
    s = t.new_game(2, 50)  # row 1: B1 B1 B1 B1 B2 B2
    assert t.describe(s, t.BLACK, "d1-f3=2") == "Black turns the I on d1 to II and moves it to f3."
