"""Property tests: the fast move generator and Triad detection against slow,
obviously-correct reference implementations on arbitrary boards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from titles.triad import engine as t
from titles.triad.engine import notation, rules

DIRS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]

boards = st.lists(st.sampled_from([0, 0, 0, 0, 1, 2, 3, 4, 5, 6]), min_size=36, max_size=36).map(
    tuple
)


def state_of(board, to_play):
    return t.State(
        seed=0, setup="standard", board=board, to_play=to_play, removed=(0, 0),
        pending=(), ply=0, quiet=0, history=(rules.position_key(board, to_play),),
        last=(), last_removed=-1, result="",
    )  # fmt: skip


def reference_moves(board, seat):
    """Rulebook Actions 1-3, TD4, TD5 spelled out naively."""
    moves = set()
    for cell, code in enumerate(board):
        if not code or (code - 1) // 3 != seat:
            continue
        cur = (code - 1) % 3 + 1
        r, c = divmod(cell, 6)
        for new in (1, 2, 3):
            if new == cur:
                continue
            for dr, dc in DIRS:
                path = [(r + k * dr, c + k * dc) for k in range(1, new + 1)]
                if all(0 <= rr < 6 and 0 <= cc < 6 for rr, cc in path) and all(
                    board[rr * 6 + cc] == 0 for rr, cc in path
                ):
                    rr, cc = path[-1]
                    moves.add(notation.move_text(cell, rr * 6 + cc, new))
    return moves


def all_triads(board):
    """Every Triad window on the whole board, by brute force."""
    found = set()
    for r in range(6):
        for c in range(6):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(3)]
                if not all(0 <= rr < 6 and 0 <= cc < 6 for rr, cc in cells):
                    continue
                codes = [board[rr * 6 + cc] for rr, cc in cells]
                if 0 in codes:
                    continue
                owners = {(x - 1) // 3 for x in codes}
                values = {(x - 1) % 3 + 1 for x in codes}
                if len(owners) == 2 and len(values) in (1, 3):
                    found.add(frozenset(rr * 6 + cc for rr, cc in cells))
    return found


@settings(max_examples=300, deadline=None)
@given(boards, st.sampled_from([0, 1]))
def test_legal_moves_match_the_reference(board, seat):
    state = state_of(board, seat)
    expected = reference_moves(board, seat)
    legal = t.legal_actions(state, seat)
    if expected:
        assert set(legal) == expected
        assert legal == sorted(legal, key=lambda a: (notation.CELL_INDEX[a[:2]],
                                                     notation.CELL_INDEX[a[3:5]]))  # fmt: skip
    else:  # TD6
        assert all("=" not in a[3:] or len(a) == 4 for a in legal)
        has_die = any(code and (code - 1) // 3 == seat for code in board)
        assert bool(legal) == has_die


@settings(max_examples=200, deadline=None)
@given(boards, st.sampled_from([0, 1]), st.data())
def test_removals_follow_the_triads_the_move_created(board, seat, data):
    state = state_of(board, seat)
    legal = t.legal_actions(state, seat)
    if not legal:
        return
    action = data.draw(st.sampled_from(legal))
    after = t.apply(state, seat, action)
    # Rebuild the board right after the move, before any removal.
    frm, to = after.last
    code = state.board[frm]
    parsed = notation.parse(action)
    new_value = parsed.value if parsed.value is not None else (code - 1) % 3 + 1
    board_after_move = list(state.board)
    board_after_move[frm] = 0
    board_after_move[to] = 3 * seat + new_value
    created = all_triads(tuple(board_after_move)) - all_triads(state.board)
    candidates = sorted({c for w in created for c in w if (board_after_move[c] - 1) // 3 == seat})
    if not created:
        assert after.removed == state.removed and not after.pending
        assert after.to_play == 1 - seat
    elif len(candidates) == 1:
        assert after.removed[seat] == state.removed[seat] + 1
        assert after.last_removed == candidates[0]
        assert after.board[candidates[0]] == 0
    else:
        assert list(after.pending) == candidates
        assert after.to_play == seat
        assert t.legal_actions(after, seat) == [notation.remove_text(c) for c in candidates]
    assert t.from_json(t.to_json(after)) == after
    assert t.to_json(state) == t.to_json(state_of(board, seat))
