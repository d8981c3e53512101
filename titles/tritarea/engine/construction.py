"""The construction phase: where a rights holder may build, bonuses, additional blocks.

- First right: one block on any square of the adopted area, on top of anything.
- Second right: one block, or two blocks stacked on the same square, of that area.
- Additional construction (TT2): after placing, one more block on a square orthogonally
  adjacent to the square just built on, if some square orthogonally adjacent to that
  square has the builder's block on top. Any area, empty or built; once per holder and
  trick.
- A block landing on an empty printed bonus square scores the bonus at once (also for
  the additional block, rulebook Q&A).
- A holder who places nothing defaults and loses the played rank (scores never below
  0). A holder without blocks always defaults.
"""

from __future__ import annotations

from .board import ADJACENT, BONUS

Board = tuple[tuple[int, ...], ...]


def place(board: Board, square: int, seat: int, count: int = 1) -> tuple[Board, int]:
    """Stack ``count`` blocks of ``seat`` on ``square``: the new board and bonus won."""
    stack = board[square]
    bonus = BONUS[square] if not stack else 0
    new_board = (*board[:square], stack + (seat,) * count, *board[square + 1 :])
    return new_board, bonus


def may_add_block(board: Board, built: int, seat: int, blocks_left: int) -> bool:
    """TT2: an additional block is possible after building on ``built``."""
    if blocks_left <= 0:
        return False
    for n in ADJACENT[built]:
        stack = board[n]
        if stack and stack[-1] == seat:
            return True
    return False


def extra_targets(built: int) -> tuple[int, ...]:
    return ADJACENT[built]
