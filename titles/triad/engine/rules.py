"""Triad rules: the state, the geometry and one function per rule.

Rule references: the rulebook (``/work/shared/rules/triad-rulebook-en.txt``, sections
Setup, How to Play, Creating a Triad, End of the Game) and the rulings TD1-TD10.

A board is a tuple of 36 cell codes, cell ``row * 6 + column``: 0 is empty, a die of
seat ``s`` showing value ``v`` (1-3) is ``3 * s + v`` (Black 1-3, White 4-6).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engines.base import gettext_lazy, ngettext_lazy, pgettext_lazy, seeded_rng

from . import notation as n
from .notation import MOVE, REMOVE, SLIDE, TURN, cell_name

SIZE = n.SIZE
BLACK, WHITE = 0, 1
COLOURS = (pgettext_lazy("Triad colour", "Black"), pgettext_lazy("Triad colour", "White"))
DICE_PER_PLAYER = 6
REMOVALS_TO_WIN = 3  # TD9
QUIET_PLY_LIMIT = 80  # TD10
REPETITION_LIMIT = 3  # TD10

# The eight directions, row numbers growing to the north (towards White's row 6).
DIRECTIONS: tuple[tuple[str, int, int], ...] = (
    (pgettext_lazy("direction", "north"), 1, 0),
    (pgettext_lazy("direction", "north-east"), 1, 1),
    (pgettext_lazy("direction", "east"), 0, 1),
    (pgettext_lazy("direction", "south-east"), -1, 1),
    (pgettext_lazy("direction", "south"), -1, 0),
    (pgettext_lazy("direction", "south-west"), -1, -1),
    (pgettext_lazy("direction", "west"), 0, -1),
    (pgettext_lazy("direction", "north-west"), 1, -1),
)


def owner(code: int) -> int:
    """The seat owning a die code (undefined for an empty cell)."""
    return (code - 1) // 3


def value(code: int) -> int:
    return (code - 1) % 3 + 1


def die_code(seat: int, val: int) -> int:
    return 3 * seat + val


# --- precomputed geometry (TD1) ---------------------------------------------------


def _ray(cell: int, dr: int, dc: int, length: int) -> tuple[int, ...]:
    r, c = divmod(cell, SIZE)
    out = []
    for _ in range(length):
        r += dr
        c += dc
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            break
        out.append(r * SIZE + c)
    return tuple(out)


# RAYS[cell][d]: the cells in direction d, nearest first, at most 3 (the longest move).
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(cell, dr, dc, 3) for _, dr, dc in DIRECTIONS) for cell in range(SIZE * SIZE)
)
# Only the directions that leave the cell at all.
_OPEN_RAYS = tuple(tuple(ray for ray in rays if ray) for rays in RAYS)


def _windows(cell: int) -> tuple[tuple[int, int, int], ...]:
    """TD7: every window of three adjacent cells on a line through ``cell``."""
    out = []
    r, c = divmod(cell, SIZE)
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for start in (-2, -1, 0):
            cells = []
            for k in range(start, start + 3):
                rr, cc = r + k * dr, c + k * dc
                if not (0 <= rr < SIZE and 0 <= cc < SIZE):
                    break
                cells.append(rr * SIZE + cc)
            if len(cells) == 3:
                out.append(tuple(cells))
    return tuple(out)


WINDOWS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    _windows(cell) for cell in range(SIZE * SIZE)
)


def line_between(frm: int, to: int) -> tuple[int, int, int] | None:
    """(direction index, distance, ...) if ``to`` lies on a straight line from ``frm``.

    Returns ``(direction, distance, 0)`` or None when the cells are not in line.
    """
    r1, c1 = divmod(frm, SIZE)
    r2, c2 = divmod(to, SIZE)
    dr, dc = r2 - r1, c2 - c1
    if (dr, dc) == (0, 0) or (dr and dc and abs(dr) != abs(dc)):
        return None
    dist = max(abs(dr), abs(dc))
    step = ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))
    for d, (_, sr, sc) in enumerate(DIRECTIONS):
        if (sr, sc) == step:
            return d, dist, 0
    return None  # pragma: no cover


# --- the state ----------------------------------------------------------------------


@dataclass(frozen=True)
class State:
    """A Triad position, an immutable value.

    ``pending`` holds the cells of the mover's dice that may be removed (TD8) while
    the mover still has to choose; ``history`` the positions (board and player to
    move) since the last Triad, for the repetition draw (TD10); ``quiet`` the moves
    since the last Triad (TD10). ``last`` is ``(from, to)`` of the last move or
    turn, ``last_removed`` the cell of the last removed die or -1. ``result`` is ""
    while the game runs, else "win", "repetition" or "quiet".
    """

    seed: int
    setup: str
    board: tuple[int, ...]
    to_play: int
    removed: tuple[int, int]
    pending: tuple[int, ...]
    ply: int
    quiet: int
    history: tuple[tuple[int, ...], ...]
    last: tuple[int, ...]
    last_removed: int
    result: str

    # Cached legal actions live in the instance ``__dict__`` (not a field: they take
    # no part in equality, hashing or JSON, and they never change once computed).
    def legal_map(self) -> dict[str, tuple]:
        try:
            return self.__dict__["_legal"]
        except KeyError:
            legal = _compute_legal(self)
            object.__setattr__(self, "_legal", legal)
            return legal


def position_key(board: tuple[int, ...], to_play: int) -> tuple[int, ...]:
    """TD10: a position is the board with the player to move."""
    return (*board, to_play)


# --- setup (rulebook Setup; TD2, TD3) --------------------------------------------


def roll_dice(seed: int, seat: int) -> list[int]:
    """TD2: six dice, each uniform over I, II, III, drawn from the game's seed."""
    rng = seeded_rng(seed, "setup", seat)
    return [rng.randint(1, 3) for _ in range(DICE_PER_PLAYER)]


def initial_board(seed: int, setup: str) -> tuple[int, ...]:
    """TD3: Black fills row 1 ascending from a1 to f1; White fills row 6 ascending
    from its own left, f6 to a6. With the alternative setup (``mirror``) White uses
    Black's rolled values."""
    black = sorted(roll_dice(seed, BLACK))
    white = black if setup == "mirror" else sorted(roll_dice(seed, WHITE))
    board = [0] * (SIZE * SIZE)
    for i, v in enumerate(black):
        board[i] = die_code(BLACK, v)  # a1 .. f1
    top = (SIZE - 1) * SIZE
    for i, v in enumerate(white):
        board[top + SIZE - 1 - i] = die_code(WHITE, v)  # f6 .. a6
    return tuple(board)


def initial_state(seed: int, setup: str) -> State:
    board = initial_board(seed, setup)
    return State(
        seed=seed,
        setup=setup,
        board=board,
        to_play=BLACK,  # rulebook: the starting player has the black dice
        removed=(0, 0),
        pending=(),
        ply=0,
        quiet=0,
        history=(position_key(board, BLACK),),
        last=(),
        last_removed=-1,
        result="",
    )


# --- moves (rulebook How to Play; TD4, TD5, TD6) ----------------------------------

# Canonical text and internal action for every geometrically possible move.
_MOVE_ACTIONS: dict[tuple[int, int], tuple[str, tuple]] = {}
_SLIDE_ACTIONS: dict[tuple[int, int], tuple[str, tuple]] = {}
for _frm in range(SIZE * SIZE):
    for _ray_cells in _OPEN_RAYS[_frm]:
        for _i, _to in enumerate(_ray_cells):
            _MOVE_ACTIONS[_frm, _to] = (n.move_text(_frm, _to, _i + 1), (MOVE, _frm, _to, _i + 1))
            _SLIDE_ACTIONS[_frm, _to] = (n.slide_text(_frm, _to), (SLIDE, _frm, _to, _i + 1))
_TURN_ACTIONS = {
    (cell, v): (n.turn_text(cell, v), (TURN, cell, cell, v))
    for cell in range(SIZE * SIZE)
    for v in (1, 2, 3)
}
_REMOVE_ACTIONS = {cell: (n.remove_text(cell), (REMOVE, cell, cell, 0)) for cell in range(36)}


def reachable(board: tuple[int, ...], cell: int) -> list[tuple[int, int]]:
    """TD5: ``(destination, distance)`` for every straight path from ``cell`` whose
    cells are all on the board and empty (no die may be jumped, the destination must
    be empty), at most 3 cells long."""
    out = []
    for ray in _OPEN_RAYS[cell]:
        for i, p in enumerate(ray):
            if board[p]:
                break
            out.append((p, i + 1))
    return out


def normal_moves(board: tuple[int, ...], seat: int) -> list[int]:
    """Rulebook Actions 1-3 with TD4/TD5: ``from * 64 + to`` (sorted) for each own
    die, each new value different from the current one, and each direction where
    the die can travel exactly that many cells."""
    moves = []
    lo = 3 * seat
    for cell in range(SIZE * SIZE):
        code = board[cell]
        if lo < code <= lo + 3:
            cur = code - lo
            for ray in _OPEN_RAYS[cell]:
                for i, p in enumerate(ray):
                    if board[p]:
                        break
                    if i + 1 != cur:
                        moves.append(cell * 64 + p)
    moves.sort()
    return moves


def no_move_alternatives(board: tuple[int, ...], seat: int) -> list[tuple]:
    """TD6: when no normal move exists, turn one die without moving it, or move one
    die by its current value without turning it."""
    out = []
    for cell in range(SIZE * SIZE):
        code = board[cell]
        if code and owner(code) == seat:
            cur = value(code)
            for v in (1, 2, 3):
                if v != cur:
                    out.append(_TURN_ACTIONS[cell, v])
            for to, dist in sorted(reachable(board, cell)):
                if dist == cur:
                    out.append(_SLIDE_ACTIONS[cell, to])
    return out


def _compute_legal(state: State) -> dict[str, tuple]:
    if state.result:
        return {}
    if state.pending:
        return dict(_REMOVE_ACTIONS[c] for c in state.pending)
    moves = normal_moves(state.board, state.to_play)
    if moves:
        return dict(_MOVE_ACTIONS[divmod(m, 64)] for m in moves)
    return dict(no_move_alternatives(state.board, state.to_play))


def no_move_rule_applies(state: State) -> bool:
    """TD6: the player to move has no normal move."""
    return not state.result and not state.pending and not normal_moves(state.board, state.to_play)


# --- Triads (rulebook Creating a Triad; TD7, TD8) ---------------------------------


def is_triad(a: int, b: int, c: int) -> bool:
    """Three dice of at least two colours showing all the same value or I, II and
    III. Codes are ``3 * seat + value``, so the values are all equal or all
    different exactly when the codes sum to a multiple of 3."""
    if not (a and b and c):
        return False
    if (a > 3) == (b > 3) == (c > 3):
        return False  # one colour only: no Triad (TD7)
    return (a + b + c) % 3 == 0


def triads_through(board: tuple[int, ...], cell: int) -> list[tuple[int, int, int]]:
    """TD7: the Triads among all windows of three through ``cell`` (a longer line
    counts through any of its windows)."""
    return [w for w in WINDOWS[cell] if is_triad(board[w[0]], board[w[1]], board[w[2]])]


def removal_candidates(
    board: tuple[int, ...], triads: list[tuple[int, int, int]], seat: int
) -> tuple[int, ...]:
    """TD8: the mover's own dice lying in any Triad just created."""
    lo = 3 * seat
    return tuple(sorted({c for w in triads for c in w if lo < board[c] <= lo + 3}))


# --- the end (rulebook End of the Game; TD9, TD10) ---------------------------------


def has_won(removed: int) -> bool:
    """TD9: a player wins on removing their third die."""
    return removed >= REMOVALS_TO_WIN


def third_repetition(history: tuple[tuple[int, ...], ...], key: tuple[int, ...]) -> bool:
    """TD10 (site rule): the same position with the same player to move occurs for
    the third time. ``history`` holds the positions since the last Triad (earlier
    ones cannot recur: a Triad always takes a die off the board) including ``key``."""
    return history.count(key) >= REPETITION_LIMIT


def quiet_limit_reached(quiet: int) -> bool:
    """TD10 (site rule): 80 moves in a row without a Triad draw the game."""
    return quiet >= QUIET_PLY_LIMIT


# --- applying ---------------------------------------------------------------------


def play(state: State, act: tuple) -> State:
    """Apply a legal internal action (kind, from, to, value)."""
    kind, frm, to, val = act
    seat = state.to_play
    if kind == REMOVE:
        return _remove(state, frm, state.board, state.last)
    board = list(state.board)
    if kind == SLIDE:
        val = value(board[frm])
    board[frm] = 0
    board[to] = 3 * seat + val
    new_board = tuple(board)
    triads = triads_through(new_board, to)
    if triads:
        cands = removal_candidates(new_board, triads, seat)
        if len(cands) == 1:
            # Only one own die in the Triads: remove it without asking.
            return _remove(state, cands[0], new_board, (frm, to))
        return State(
            seed=state.seed,
            setup=state.setup,
            board=new_board,
            to_play=seat,
            removed=state.removed,
            pending=cands,
            ply=state.ply + 1,
            quiet=0,
            history=(),
            last=(frm, to),
            last_removed=-1,
            result="",
        )
    nxt = 1 - seat
    key = position_key(new_board, nxt)
    history = (*state.history, key)
    quiet = state.quiet + 1
    result = ""
    if third_repetition(history, key):
        result = "repetition"
    elif quiet_limit_reached(quiet):
        result = "quiet"
    return State(
        seed=state.seed,
        setup=state.setup,
        board=new_board,
        to_play=nxt,
        removed=state.removed,
        pending=(),
        ply=state.ply + 1,
        quiet=quiet,
        history=history,
        last=(frm, to),
        last_removed=-1,
        result=result,
    )


def _remove(state: State, cell: int, board: tuple[int, ...], last: tuple) -> State:
    """TD8/TD9: take the die off; the third removal wins."""
    seat = state.to_play
    b = list(board)
    b[cell] = 0
    new_board = tuple(b)
    removed = list(state.removed)
    removed[seat] += 1
    won = has_won(removed[seat])
    nxt = 1 - seat
    # ``ply`` counts actions: a move with an automatic removal is one, a chosen
    # removal (TD8) one more.
    return State(
        seed=state.seed,
        setup=state.setup,
        board=new_board,
        to_play=nxt,
        removed=(removed[0], removed[1]),
        pending=(),
        ply=state.ply + 1,
        quiet=0,
        history=() if won else (position_key(new_board, nxt),),
        last=last,
        last_removed=cell,
        result="win" if won else "",
    )


# --- explaining why an action is not legal -----------------------------------------


def _die_words(code: int) -> str:
    return gettext_lazy(
        "the %(colour)s %(value)s", colour=COLOURS[owner(code)], value=n.ROMAN[value(code)]
    )


def explain_illegal(state: State, seat: int, parsed: n.Parsed) -> str:
    """A sentence telling the player why ``parsed`` cannot be played now."""
    board = state.board
    if parsed.kind == REMOVE:
        if not state.pending:
            return gettext_lazy(
                "there is no die to remove: you remove a die only right after creating a Triad"
            )
        options = ", ".join(n.remove_text(c) for c in state.pending)
        return gettext_lazy(
            "the die on %(cell)s is not one of your dice in the Triads "
            "just created; remove one of: %(options)s",
            cell=cell_name(parsed.frm),
            options=options,
        )
    if state.pending:
        options = ", ".join(n.remove_text(c) for c in state.pending)
        return gettext_lazy(
            "you created a Triad and must first choose which die to remove: %(options)s",
            options=options,
        )
    frm = parsed.frm
    code = board[frm]
    where = cell_name(frm)
    if not code:
        return gettext_lazy("there is no die on %(cell)s", cell=where)
    if owner(code) != seat:
        return gettext_lazy(
            "the die on %(cell)s is %(colour)s's: you may only move your own dice",
            cell=where,
            colour=COLOURS[owner(code)],
        )
    cur = value(code)
    no_move = not normal_moves(board, seat)
    if parsed.kind == TURN:
        if not no_move:
            return gettext_lazy(
                "you may turn the die on %(cell)s without moving it only when no move is "
                "possible at all; turn it and move it as far as its new value",
                cell=where,
            )
        return gettext_lazy(
            "the die on %(cell)s already shows %(value)s: turn it to another value",
            cell=where,
            value=n.ROMAN[cur],
        )
    to = parsed.to
    line = line_between(frm, to)
    if line is None:
        return gettext_lazy(
            "%(cell)s to %(to)s is not a straight line: a die moves horizontally, "
            "vertically or diagonally",
            cell=where,
            to=cell_name(to),
        )
    d, dist, _ = line
    direction = DIRECTIONS[d][0]
    new = parsed.value
    if new is None:
        new = dist
    if new == cur and not no_move:
        return gettext_lazy(
            "the die on %(cell)s shows %(value)s already: it must be turned to a new "
            "value before it moves (rulebook, Action 2)",
            cell=where,
            value=n.ROMAN[cur],
        )
    if dist != new:
        return gettext_lazy(
            "the die on %(cell)s turned to %(value)s must move exactly %(cells)s, "
            "and %(to)s is %(away)s away",
            cell=where,
            value=n.ROMAN[new],
            cells=ngettext_lazy("%(n)s cell", "%(n)s cells", new),
            to=cell_name(to),
            away=ngettext_lazy("%(n)s cell", "%(n)s cells", dist),
        )
    ray = RAYS[frm][d]
    for p in ray[:dist]:
        if board[p]:
            if p == to:
                what = gettext_lazy("the destination must be empty")
            else:
                what = gettext_lazy("dice cannot be jumped")
            return gettext_lazy(
                "the die on %(cell)s cannot move %(cells)s %(direction)s: %(at)s is occupied "
                "by %(die)s (%(why)s)",
                cell=where,
                cells=ngettext_lazy("%(n)s cell", "%(n)s cells", dist),
                direction=direction,
                at=cell_name(p),
                die=_die_words(board[p]),
                why=what,
            )
    if no_move and new != cur:
        return gettext_lazy(
            "no normal move exists here"
        )  # pragma: no cover - such a move would be legal
    return gettext_lazy("that action is not possible now")  # pragma: no cover
