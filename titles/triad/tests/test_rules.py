"""Triad rule scenarios; each test names the rulebook section or ruling it checks.

Positions are built from board diagrams (row 6 on top; ``B2`` is a Black die showing
II, ``W3`` a White die showing III, ``.`` an empty cell).
"""

from __future__ import annotations

import pytest

from games.engines import IllegalAction
from titles.triad import engine as t
from titles.triad.engine import notation, rules

EMPTY_ROW = ".  .  .  .  .  ."


def position(*rows: str, to_play: int = t.BLACK, **kwargs) -> t.State:
    """A state from six diagram rows, row 6 first."""
    return t.from_diagram("\n".join(rows), to_play=to_play, **kwargs)


def cells_of(state: t.State) -> dict[str, str]:
    return {
        notation.cell_name(i): ("B" if code <= 3 else "W") + str(rules.value(code))
        for i, code in enumerate(state.board)
        if code
    }


# --- How to Play, Action 3 / TD5: paths -----------------------------------------


def test_td5_a_die_cannot_jump_over_another_die():
    """Rulebook Action 3 and TD5: other dice may not be jumped."""
    s = position(
        EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW,
        ".  .  W2 .  .  .",
        ".  .  B1 .  .  .",
    )  # fmt: skip
    legal = t.legal_actions(s, t.BLACK)
    assert "c1-c3=2" not in legal
    assert "c1-c4=3" not in legal
    with pytest.raises(IllegalAction, match=r"c2 is occupied.*cannot be jumped"):
        t.apply(s, t.BLACK, "c1-c3=2")


def test_td5_the_destination_must_be_empty():
    """Rulebook Action 3: the destination cell must be empty."""
    s = position(
        EMPTY_ROW, EMPTY_ROW, EMPTY_ROW,
        ".  .  W3 .  .  .",
        EMPTY_ROW,
        ".  .  B1 .  .  .",
    )  # fmt: skip
    legal = t.legal_actions(s, t.BLACK)
    assert "c1-c3=2" not in legal
    assert "c1-c2=2" not in legal  # distance 1 needs value I, which it already shows
    with pytest.raises(IllegalAction, match=r"c3 is occupied.*destination must be empty"):
        t.apply(s, t.BLACK, "c1-c3=2")


def test_td5_no_move_leaves_the_board():
    """TD5: only paths wholly on the board are offered (a die in the corner a1)."""
    s = position(
        "W1 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW,
        "B1 .  .  .  .  .",
    )  # fmt: skip
    assert t.legal_actions(s, t.BLACK) == [
        "a1-c1=2",
        "a1-d1=3",
        "a1-a3=2",
        "a1-c3=2",
        "a1-a4=3",
        "a1-d4=3",
    ]
    with pytest.raises(IllegalAction, match="not a cell of the board"):
        t.apply(s, t.BLACK, "a1-a0=1")


def test_action3_the_die_moves_exactly_its_new_value():
    """Rulebook Action 3: a die moves exactly as many cells as its new value."""
    s = position(
        EMPTY_ROW, EMPTY_ROW,
        ".  .  W1 .  .  .",
        EMPTY_ROW, EMPTY_ROW,
        ".  .  B1 .  .  .",
    )  # fmt: skip
    legal = t.legal_actions(s, t.BLACK)
    assert "c1-c3=2" in legal
    assert "c1-c4=3" not in legal  # blocked, and it may not stop short
    with pytest.raises(IllegalAction, match="must move exactly 3 cells"):
        t.apply(s, t.BLACK, "c1-c3=3")
    for action in legal:
        frm, to, value = action[:2], action[3:5], int(action[-1])
        line = rules.line_between(notation.CELL_INDEX[frm], notation.CELL_INDEX[to])
        assert line is not None and line[1] == value


def test_td4_the_die_must_turn_to_a_new_value():
    """Rulebook Action 2 and TD4: the new value differs from the old one."""
    s = position(
        "W1 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW,
        ".  .  B2 .  .  .",
    )  # fmt: skip
    legal = t.legal_actions(s, t.BLACK)
    assert not any(a.endswith("=2") for a in legal)
    assert {a[-1] for a in legal} == {"1", "3"}
    with pytest.raises(IllegalAction, match="must be turned to a new value"):
        t.apply(s, t.BLACK, "c1-c3=2")


def test_action1_only_own_dice_move():
    """Rulebook Action 1: the active player selects one of their own dice."""
    s = position(
        "W1 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW,
        "B1 .  .  .  .  .",
    )  # fmt: skip
    with pytest.raises(IllegalAction, match="White's"):
        t.apply(s, t.BLACK, "a6-a4=2")
    with pytest.raises(IllegalAction, match="no die on b2"):
        t.apply(s, t.BLACK, "b2-b4=2")
    with pytest.raises(IllegalAction, match="not your turn"):
        t.apply(s, t.WHITE, "a6-a4=2")


# --- Creating a Triad / TD7 ----------------------------------------------------------


@pytest.mark.parametrize("row3", ["B1 B2 .  .  .  .", "B3 B3 .  .  .  ."])
def test_td7_a_line_of_one_colour_is_no_triad(row3):
    """Creating a Triad and TD7: at least one die of each player; I-II-III or
    III-III-III in Black only removes nothing."""
    s = position(
        "W3 .  B2 .  .  .", EMPTY_ROW, EMPTY_ROW,
        row3,
        EMPTY_ROW, EMPTY_ROW,
    )  # fmt: skip
    after = t.apply(s, t.BLACK, "c6-c3=3")
    assert cells_of(after)["c3"] == "B3"
    assert after.removed == (0, 0) and not after.pending
    assert after.to_play == t.WHITE


def test_td7_values_neither_equal_nor_all_different_are_no_triad():
    """Creating a Triad: I-I-II in two colours is not a Triad."""
    s = position(
        "W3 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW,
        "B1 W1 .  .  .  .",
        EMPTY_ROW,
        ".  .  B3 .  .  .",
    )  # fmt: skip
    after = t.apply(s, t.BLACK, "c1-c3=2")
    assert after.removed == (0, 0) and after.to_play == t.WHITE


@pytest.mark.parametrize(
    "mover_row, mover_cell, action, removed",
    [
        (4, "c2", "c2-c3=1", (0, 0)),  # II II I
        (5, "c1", "c1-c3=2", (1, 0)),  # II II II, two colours
        (0, "c6", "c6-c3=3", (0, 0)),  # II II III
    ],
)
def test_td7_values_all_equal_make_a_triad(mover_row, mover_cell, action, removed):
    """Creating a Triad: next to W2 W2 only a II completes a Triad."""
    rows = [
        "W3 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW,
        "W2 W2 .  .  .  .",
        EMPTY_ROW, EMPTY_ROW,
    ]  # fmt: skip
    start_value = 3 if mover_cell == "c2" else 1
    cells = rows[mover_row].split()
    cells[2] = f"B{start_value}"
    rows[mover_row] = " ".join(cells)
    s = position(*rows)
    assert cells_of(s)[mover_cell] == f"B{start_value}"
    assert t.apply(s, t.BLACK, action).removed == removed


def test_a_line_of_four_counts_through_any_window():
    """Creating a Triad ("even if the Triad is part of a line of 4 or more dice") and
    TD7: B1 W2 W3 + B1 on d3 makes the window b3-c3-d3 a Triad."""
    s = position(
        "W3 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW,
        "B1 W2 W3 .  .  .",
        ".  .  .  B2 .  .",
        EMPTY_ROW,
    )  # fmt: skip
    after = t.apply(s, t.BLACK, "d2-d3=1")
    assert after.removed == (1, 0)
    assert "d3" not in cells_of(after)  # the only Black die in the Triad goes
    assert after.to_play == t.WHITE
    assert after.last_removed == notation.CELL_INDEX["d3"]


def test_a_line_of_four_in_the_middle():
    """Creating a Triad / TD7: moving into the middle of a line of four (W1 . W3 W3)."""
    s = position(
        "W3 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW,
        "W1 .  W3 W3 .  .",
        EMPTY_ROW,
        ".  B3 .  .  .  .",
    )  # fmt: skip
    # b3 = II: a3 b3 c3 = I II III is a Triad; b3 c3 d3 = II III III is not
    after = t.apply(s, t.BLACK, "b1-b3=2")
    assert after.removed == (1, 0)


def test_td8_two_triads_at_once_give_one_removal_of_the_players_choice():
    """Creating a Triad and TD8: two Triads in one move, one removal, chosen from
    the mover's dice in either Triad (here not the moved die)."""
    s = position(
        "W3 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW,
        "B1 W3 .  W2 B2 .",
        EMPTY_ROW,
        ".  .  B1 .  .  .",
    )  # fmt: skip
    before = t.to_json(s)
    after = t.apply(s, t.BLACK, "c1-c3=2")
    assert t.to_json(s) == before
    assert after.pending == tuple(notation.CELL_INDEX[c] for c in ("a3", "c3", "e3"))
    assert t.to_move(after) == (t.BLACK,)
    assert t.legal_actions(after, t.BLACK) == ["x a3", "x c3", "x e3"]
    assert t.view(after, t.WHITE)["pending_removal"] == ["a3", "c3", "e3"]
    assert t.describe(s, t.BLACK, "c1-c3=2") == (
        "Black turns the I on c1 to II and moves it to c3, completing two Triads; "
        "Black now chooses which of their dice to remove (a3, c3, e3)."
    )
    with pytest.raises(IllegalAction, match="must first choose which die to remove"):
        t.apply(after, t.BLACK, "c3-c5=1")
    with pytest.raises(IllegalAction, match="not one of your dice"):
        t.apply(after, t.BLACK, "x b3")
    with pytest.raises(IllegalAction, match="not your turn"):
        t.apply(after, t.WHITE, "x b3")
    done = t.apply(after, t.BLACK, "X  E3 ")
    assert done.removed == (1, 0)
    assert done.to_play == t.WHITE
    assert "e3" not in cells_of(done) and "c3" in cells_of(done)
    assert t.describe(after, t.BLACK, "x e3") == "Black removes the II on e3, their first die."
    # only one removal: the next action belongs to White
    assert all(not a.startswith("x") for a in t.legal_actions(done, t.WHITE))


def test_td8_a_single_candidate_is_removed_automatically():
    """TD8 (site choice): with only one own die in the Triads, it is removed at once."""
    s = position(
        "W3 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW,
        "W1 W3 .  .  .  .",
        EMPTY_ROW,
        ".  .  B1 .  .  .",
    )  # fmt: skip
    assert t.describe(s, t.BLACK, "c1-c3=2") == (
        "Black turns the I on c1 to II and moves it to c3, completing a Triad and "
        "removing that die (1 of 3 removed)."
    )
    after = t.apply(s, t.BLACK, "c1-c3=2")
    assert after.removed == (1, 0)
    assert not after.pending
    assert "c3" not in cells_of(after)
    assert t.to_move(after) == (t.WHITE,)
    assert t.view(after, None)["last_move"] == {"from": "c1", "to": "c3", "removed": "c3"}


def test_a_triad_on_the_board_at_the_start_of_the_turn_gives_nothing():
    """Creating a Triad: a Triad present at the start of the turn gives no removal."""
    s = position(
        "W3 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW,
        "B1 W2 B3 .  .  .",
        EMPTY_ROW,
        ".  .  .  .  .  B1",
    )  # fmt: skip
    assert rules.is_triad(s.board[12], s.board[13], s.board[14])
    after = t.apply(s, t.BLACK, "f1-f3=2")
    assert after.removed == (0, 0) and not after.pending
    assert after.quiet == 1
    # moving a die of the old Triad away and elsewhere does not count either
    after = t.apply(s, t.BLACK, "c3-c5=2")
    assert after.removed == (0, 0)


def test_the_opponents_move_can_complete_a_triad_for_them():
    """Creating a Triad: dice of both players count, for whoever moves (White here)."""
    s = position(
        EMPTY_ROW, EMPTY_ROW, ".  .  .  W2 .  .",
        "B3 B2 .  .  .  .",
        EMPTY_ROW,
        ".  .  .  .  .  B1",
        to_play=t.WHITE,
    )  # fmt: skip
    after = t.apply(s, t.WHITE, "d4-c3=1")
    assert after.removed == (0, 1)


# --- TD6: no legal move -----------------------------------------------------------


NO_MOVE = (
    EMPTY_ROW,
    EMPTY_ROW,
    "W1 .  .  .  .  .",
    "W2 .  W3 .  .  .",
    EMPTY_ROW,
    "B1 .  W3 .  .  .",
)


def test_td6_with_no_move_the_player_turns_or_moves_without_turning():
    """TD6: no normal move at all: turn one die in place or move it by its value."""
    s = position(*NO_MOVE)
    assert rules.normal_moves(s.board, t.BLACK) == []
    assert t.view(s, t.BLACK)["no_move_rule"] is True
    assert t.legal_actions(s, t.BLACK) == ["a1=2", "a1=3", "a1-b1", "a1-a2", "a1-b2"]
    turned = t.apply(s, t.BLACK, "a1=3")
    assert cells_of(turned)["a1"] == "B3"
    assert turned.to_play == t.WHITE
    assert t.describe(s, t.BLACK, "a1 = iii") == (
        "Black turns the I on a1 to III without moving it, as no move was possible."
    )
    slid = t.apply(s, t.BLACK, "a1-b1")
    assert cells_of(slid)["b1"] == "B1" and "a1" not in cells_of(slid)
    assert slid.removed == (0, 0)
    with pytest.raises(IllegalAction, match="a3 is occupied"):
        t.apply(s, t.BLACK, "a1-a3=2")


def test_td6_a_triad_formed_without_a_normal_move_counts():
    """TD6: "A Triad formed this way counts": the I slides to a2 next to W1 W1."""
    s = position(
        EMPTY_ROW,
        EMPTY_ROW,
        "W1 .  .  .  .  .",
        "W1 .  W3 .  .  .",
        EMPTY_ROW,
        "B1 .  W3 .  .  .",
    )  # fmt: skip
    assert rules.normal_moves(s.board, t.BLACK) == []
    after = t.apply(s, t.BLACK, "a1-a2")  # a2 a3 a4 = I I I, two colours
    assert after.removed == (1, 0)
    assert t.describe(s, t.BLACK, "a1-a2").startswith(
        "Black moves the I on a1 to a2 without turning it, as no move was possible, "
        "completing a Triad"
    )


def test_td6_alternatives_are_refused_while_a_normal_move_exists():
    """TD6: turning in place or moving without turning only when no move is possible."""
    s = t.new_game(2, 7)
    with pytest.raises(IllegalAction, match="only when no move is possible at all"):
        t.apply(s, t.BLACK, "a1=2" if rules.value(s.board[0]) != 2 else "a1=3")
    assert not any("=" not in a[3:] for a in t.legal_actions(s, t.BLACK))


# --- TD9 and TD10: the end -------------------------------------------------------


def test_td9_the_third_removal_wins():
    """End of the Game and TD9: removing the third die wins at once."""
    s = position(
        "W3 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW,
        "W1 W3 .  .  .  .",
        EMPTY_ROW,
        ".  .  B1 .  .  .",
        removed=(2, 1),
    )  # fmt: skip
    after = t.apply(s, t.BLACK, "c1-c3=2")
    assert t.to_move(after) == ()
    res = t.outcome(after)
    assert res is not None and res.winners == (t.BLACK,) and res.scores == (1.0, 0.0)
    assert not res.draw
    assert t.legal_actions(after, t.WHITE) == []
    with pytest.raises(IllegalAction, match="game is over"):
        t.apply(after, t.WHITE, "a6-a4=2")
    assert t.describe(s, t.BLACK, "c1-c3=2").endswith("; Black wins.")


# Black cycles a2(I) -> a4(II) -> a1(III) -> a2(I); White f5(I) -> f3(II) -> f6(III).
CYCLE = ["a2-a4=2", "f5-f3=2", "a4-a1=3", "f3-f6=3", "a1-a2=1", "f6-f5=1"]


def test_td10_the_third_repetition_is_a_draw():
    """TD10 (site rule): the same position with the same player to move a third time
    draws the game."""
    s = position(
        EMPTY_ROW, ".  .  .  .  .  W1", EMPTY_ROW, EMPTY_ROW,
        "B1 .  .  .  .  .",
        EMPTY_ROW,
    )  # fmt: skip
    for action in CYCLE:  # back to the start: second occurrence
        s = t.apply(s, s.to_play, action)
    assert t.outcome(s) is None
    for action in CYCLE[:-1]:
        s = t.apply(s, s.to_play, action)
    assert t.outcome(s) is None
    assert t.describe(s, t.WHITE, CYCLE[-1]).endswith(
        "; the game is drawn: the same position occurred for the third time."
    )
    s = t.apply(s, t.WHITE, CYCLE[-1])
    res = t.outcome(s)
    assert res is not None and res.draw
    assert res.winners == (t.BLACK, t.WHITE) and res.scores == (0.5, 0.5)
    assert t.to_move(s) == ()
    assert t.from_json(t.to_json(s)) == s


def test_td10_eighty_moves_without_a_triad_draw():
    """TD10 (site rule): 80 moves in a row without a Triad draw the game."""
    s = position(
        "W3 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW,
        ".  .  B1 .  .  .",
        quiet=78,
    )  # fmt: skip
    s = t.apply(s, t.BLACK, "c1-c3=2")
    assert s.quiet == 79 and t.outcome(s) is None
    s = t.apply(s, t.WHITE, "a6-a4=2")
    res = t.outcome(s)
    assert res is not None and res.draw and "80 moves" in res.reason
    assert t.view(s, None)["result"]["draw"] is True


def test_td10_a_triad_resets_the_quiet_count():
    """TD10: the count of moves without a Triad restarts at every Triad."""
    s = position(
        "W3 .  .  .  .  .", EMPTY_ROW, EMPTY_ROW,
        "W1 W3 .  .  .  .",
        EMPTY_ROW,
        ".  .  B1 .  .  .",
        quiet=79,
    )  # fmt: skip
    after = t.apply(s, t.BLACK, "c1-c3=2")
    assert t.outcome(after) is None
    assert after.quiet == 0 and after.history == (rules.position_key(after.board, 1),)


# --- a complete game ----------------------------------------------------------------

SEED_50_GAME = [
    "d1-f3=2",
    "b6-c5=1",
    "c1-c4=3",
    "e6-e3=3",
    "b1-b4=3",
    "c6-d5=1",
    "f3-e2=1",
    "x e2",
]


def test_a_complete_game_from_seed_50_ends_in_a_black_win():
    """Setup (TD2, TD3) to the win (TD9): a whole game from a fixed seed."""
    s = t.new_game(2, 50)
    assert notation.diagram(s.board).splitlines()[0] == "6  W2 W2 W2 W2 W1 W1"
    assert notation.diagram(s.board).splitlines()[5] == "1  B1 B1 B1 B1 B2 B2"
    for action in SEED_50_GAME:
        (seat,) = t.to_move(s)
        assert action in t.legal_actions(s, seat)
        s = t.apply(s, seat, action)
    assert s.removed == (3, 0)
    res = t.outcome(s)
    assert res == t.Outcome(scores=(1.0, 0.0), winners=(0,), reason="Black removed their third die")
    assert s.ply == 8
