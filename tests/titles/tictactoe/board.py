"""The tic-tac-toe board: a 3 x 3 grid whose empty squares are buttons on your turn."""

from __future__ import annotations

from games.boards import Guide, Target

from .engine import SQUARES

SIZE = 60


def _at(square: str) -> tuple[int, int]:
    return "abc".index(square[0]) * SIZE, (3 - int(square[1])) * SIZE


def render_svg(view, *, seat, actions=(), selected=None, viewer=None) -> str:
    parts = []
    for square in SQUARES:
        x, y = _at(square)
        mark = view["board"][square]
        play = (
            f' data-action="{square}" tabindex="0" aria-label="Mark {square}"'
            if square in actions
            else ""
        )
        parts.append(
            f'<rect x="{x}" y="{y}" width="{SIZE}" height="{SIZE}" fill="#fff" '
            f'stroke="#000"{play}/>'
        )
        if mark:
            parts.append(
                f'<text x="{x + SIZE / 2}" y="{y + SIZE * 0.7}" font-size="36" '
                f'text-anchor="middle">{mark}</text>'
            )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {3 * SIZE} {3 * SIZE}" '
        f'role="{"group" if actions else "img"}" aria-label="Tic-tac-toe board">'
        f"<title>Tic-tac-toe</title>{''.join(parts)}</svg>"
    )


def guide(view, *, seat, actions=(), selected=None, viewer=None) -> Guide:
    if not actions:
        return Guide(prompt="")
    return Guide(
        prompt="Place your mark on an empty square.",
        rules_anchor="turn",
        buttons=tuple(Target(square, f"Mark {square}") for square in actions),
    )
