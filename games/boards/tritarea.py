"""Tri*T*Area board as SVG, drawn only from ``view(state, seat)``.

The 4 x 4 grid in the four area colours (I blue, M yellow, E green, H red) with column
letters a-d and row numbers 1-4, printed bonus squares (faded once built on), stacks of
blocks in seat colours with their height, the current trick, a seat panel, and the
viewer's hand below the grid.

Clicking (see :mod:`games.boards`):

- a card with one legal play carries ``data-action="p H7"`` (``lead M4`` in the lead
  phase); a 5 with several choices carries ``data-select="card:I5"`` and, when selected,
  one button per choice (``p I5``, ``p I5=0``, ``p I5=10``);
- a buildable square carries ``data-action="b c2"``; when the second rights holder may
  also stack two there, the square carries ``data-select="sq:c2"`` and, when selected,
  the square itself is ``data-action="b c2 c2"`` with a "1 block" button for ``b c2``;
- additional-block squares carry ``data-action="x d2"``.

``pass``, ``sell N`` and anything else stay in the page's action list.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from games.boards import Choice, Guide, Target

CELL = 84
GRID_X = 36
GRID_Y = 36
GRID = 4 * CELL
PANEL_X = GRID_X + GRID + 28
WIDTH = PANEL_X + 290
CARD_W = 42
CARD_H = 60

AREA_FILL = {"I": "#a9c8ee", "M": "#f6e38f", "E": "#acd9a4", "H": "#f1a9a4"}
AREA_INK = {"I": "#1f5fa8", "M": "#8a6d00", "E": "#2e7d32", "H": "#b3261e"}
SEAT_FILL = ("#222222", "#f7f7f7", "#f08c00", "#8e44ad")
SEAT_INK = ("#ffffff", "#222222", "#222222", "#ffffff")


def _attr(name: str, value: object) -> str:
    return f" {name}={quoteattr(str(value))}"


def _text(x: float, y: float, content: object, *, size: int = 12, anchor: str = "middle",
          fill: str = "#222", weight: str = "normal", extra: str = "") -> str:  # fmt: skip
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
        f'fill="{fill}" font-weight="{weight}" font-family="sans-serif"{extra}>'
        f"{escape(str(content))}</text>"
    )


def _card(x: float, y: float, card: str, extra: str = "", label: str | None = None) -> str:
    suit = card[0]
    return (
        f'<g class="card"{extra}>'
        f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="5" '
        f'fill="{AREA_FILL.get(suit, "#ddd")}" stroke="{AREA_INK.get(suit, "#444")}" '
        'stroke-width="2"/>'
        + _text(x + CARD_W / 2, y + 16, suit, size=13, fill=AREA_INK.get(suit, "#444"),
                weight="bold")
        + _text(x + CARD_W / 2, y + 44, label if label is not None else card[1:], size=20,
                fill="#222", weight="bold")
        + "</g>"
    )  # fmt: skip


def _cell_origin(index: int) -> tuple[int, int]:
    row, col = divmod(index, 4)
    return GRID_X + col * CELL, GRID_Y + row * CELL


def _grid(view: dict, actions: Sequence[str], selected: str | None) -> list[str]:
    board = view.get("board") or []
    out: list[str] = []
    singles = {a[2:] for a in actions if a.startswith("b ") and len(a.split()) == 2}
    doubles = {a.split()[1] for a in actions if a.startswith("b ") and len(a.split()) == 3}
    extras = {a[2:] for a in actions if a.startswith("x ")}
    areas = [sq["area"] for sq in board]
    for i, sq in enumerate(board):
        x, y = _cell_origin(i)
        area = sq["area"]
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{AREA_FILL[area]}" '
            'stroke="#ffffff" stroke-width="1"/>'
        )
        out.append(_text(x + 10, y + 16, area, size=12, anchor="start", fill=AREA_INK[area]))
        printed = sq.get("printed_bonus", 0)
        if printed:
            available = bool(sq.get("bonus"))
            out.append(
                f'<g class="bonus" opacity="{1 if available else 0.35}">'
                f'<circle cx="{x + CELL - 16}" cy="{y + 16}" r="11" fill="#ffffff" '
                f'stroke="{AREA_INK[area]}" stroke-width="2"/>'
                + _text(x + CELL - 16, y + 20, f"+{printed}", size=11, fill=AREA_INK[area],
                        weight="bold")
                + "</g>"
            )  # fmt: skip
        stack = sq.get("stack") or []
        if stack:
            block_h = min(9, 52 / len(stack))
            for level, seat in enumerate(stack):
                by = y + CELL - 8 - (level + 1) * block_h
                out.append(
                    f'<rect class="block" x="{x + CELL / 2 - 16:g}" y="{by:g}" width="32" '
                    f'height="{block_h:g}" fill="{SEAT_FILL[seat % 4]}" stroke="#555" '
                    'stroke-width="0.8"/>'
                )
            out.append(
                _text(x + 12, y + CELL - 10, len(stack), size=13, anchor="start", weight="bold")
            )
    # area borders: thick lines where neighbouring squares belong to different areas
    for i, area in enumerate(areas):
        x, y = _cell_origin(i)
        row, col = divmod(i, 4)
        if col < 3 and areas[i + 1] != area:
            out.append(
                f'<line x1="{x + CELL}" y1="{y}" x2="{x + CELL}" y2="{y + CELL}" '
                'stroke="#333" stroke-width="3"/>'
            )
        if row < 3 and areas[i + 4] != area:
            out.append(
                f'<line x1="{x}" y1="{y + CELL}" x2="{x + CELL}" y2="{y + CELL}" '
                'stroke="#333" stroke-width="3"/>'
            )
    out.append(
        f'<rect x="{GRID_X}" y="{GRID_Y}" width="{GRID}" height="{GRID}" fill="none" '
        'stroke="#333" stroke-width="3"/>'
    )
    for col, letter in enumerate("abcd"):
        out.append(_text(GRID_X + col * CELL + CELL / 2, GRID_Y - 12, letter, size=14))
    for row in range(4):
        out.append(_text(GRID_X - 14, GRID_Y + row * CELL + CELL / 2 + 5, row + 1, size=14))
    # click targets on top
    for i, sq in enumerate(board):
        name = sq["square"]
        x, y = _cell_origin(i)
        target = ""
        if name in doubles:
            if selected == f"sq:{name}":
                target = _attr("data-action", f"b {name} {name}")
            else:
                target = _attr("data-select", f"sq:{name}")
        elif name in singles:
            target = _attr("data-action", f"b {name}")
        elif name in extras:
            target = _attr("data-action", f"x {name}")
        if not target:
            continue
        out.append(
            f'<rect class="target" x="{x + 3}" y="{y + 3}" width="{CELL - 6}" '
            f'height="{CELL - 6}" fill="#ffffff" fill-opacity="0.01" stroke="#d81b60" '
            f'stroke-width="3" stroke-dasharray="6 4"{target}><title>{escape(name)}</title></rect>'
        )
        if name in doubles and selected == f"sq:{name}":
            out.append(
                f'<g class="choice"{_attr("data-action", f"b {name}")}>'
                f'<rect x="{x + 8}" y="{y + 24}" width="{CELL - 16}" height="22" '
                'rx="4" fill="#ffffff" stroke="#d81b60"/>'
                + _text(x + CELL / 2, y + 39, "1 block", size=12)
                + "</g>"
                + f'<rect x="{x + 8}" y="{y + 48}" width="{CELL - 16}" height="14" rx="3" '
                'fill="#ffffff" fill-opacity="0.85" pointer-events="none"/>'
                + _text(x + CELL / 2, y + 59, "again: 2 blocks", size=9, fill="#d81b60")
            )
    return out


def _panel(view: dict, seat: int | None) -> list[str]:
    out: list[str] = []
    rights = {r["seat"]: r["right"] for r in view.get("rights") or []}
    to_move = set(view.get("to_move") or [])
    y = GRID_Y
    phase = view.get("phase", "")
    heading = f"Round {view.get('round')} · trick {view.get('trick')} · {phase}"
    if phase == "over":
        heading = "Game over"
    out.append(_text(PANEL_X, y, heading, size=14, anchor="start", weight="bold"))
    y += 14
    for row in view.get("seats") or []:
        s = row["seat"]
        y += 8
        border = "#d81b60" if s in to_move else "#999"
        out.append(
            f'<g class="seat"><rect x="{PANEL_X}" y="{y}" width="270" height="58" rx="6" '
            f'fill="#fafafa" stroke="{border}" stroke-width="{2 if s in to_move else 1}"/>'
            f'<rect x="{PANEL_X + 8}" y="{y + 8}" width="18" height="18" '
            f'fill="{SEAT_FILL[s % 4]}" stroke="#555"/>'
        )
        marks = []
        if s == view.get("leader"):
            marks.append("leader")
        if s == view.get("start_player"):
            marks.append("start")
        if s in rights:
            marks.append(f"right {rights[s]}")
        if s == view.get("deciding_for"):
            marks.append("being decided")
        if s == seat:
            marks.append("you")
        out.append(_text(PANEL_X + 34, y + 22, row["label"], size=13, anchor="start",
                         weight="bold"))  # fmt: skip
        out.append(_text(PANEL_X + 262, y + 22, f"{row['score']} pts", size=13, anchor="end"))
        detail = f"{row['blocks']} blocks · {row['cards']} cards"
        if row.get("lead"):
            detail += f" · lead {row['lead']}"
        elif row.get("lead_declared") and not view.get("leads_revealed"):
            detail += " · lead chosen"
        out.append(_text(PANEL_X + 10, y + 40, detail, size=11, anchor="start"))
        if marks:
            out.append(_text(PANEL_X + 10, y + 53, ", ".join(marks), size=10, anchor="start",
                             fill="#d81b60"))  # fmt: skip
        out.append("</g>")
        y += 58
    teams = view.get("teams")
    if teams:
        y += 20
        text = "  ".join(f"Team {k}: {v['score']}" for k, v in teams.items())
        out.append(_text(PANEL_X, y, text, size=13, anchor="start", weight="bold"))
    return out


def _trick(view: dict, top: int) -> list[str]:
    played = view.get("played") or []
    out = [_text(GRID_X, top, "Played this trick", size=12, anchor="start", weight="bold")]
    adopted = view.get("adopted")
    if adopted:
        area = view.get("areas", {}).get(adopted, {}).get("name", adopted)
        out.append(_text(GRID_X + 150, top, f"adopted: {area}", size=12, anchor="start",
                         fill=AREA_INK.get(adopted, "#222")))  # fmt: skip
    for k, entry in enumerate(played):
        x = GRID_X + k * (CARD_W + 34)
        s = entry["seat"]
        label = str(entry["rank"]) if entry["rank"] != int(entry["card"][1:]) else None
        out.append(_card(x, top + 10, entry["card"], label=label))
        out.append(
            f'<rect x="{x + CARD_W + 4}" y="{top + 12}" width="12" height="12" '
            f'fill="{SEAT_FILL[s % 4]}" stroke="#555"/>'
        )
    return out


def _hand(view: dict, seat: int | None, actions: Sequence[str], selected: str | None,
          top: int) -> list[str]:  # fmt: skip
    hand = view.get("hand")
    if seat is None or not isinstance(hand, list):
        return []
    by_card: dict[str, list[str]] = {}
    for action in actions:
        verb, _, arg = action.partition(" ")
        if verb in ("p", "lead") and arg:
            by_card.setdefault(arg.partition("=")[0], []).append(action)
    out = [_text(GRID_X, top, "Your hand", size=12, anchor="start", weight="bold")]
    for k, card in enumerate(hand):
        x = GRID_X + k * (CARD_W + 8)
        y = top + 10
        options = by_card.get(card, [])
        extra = ""
        if len(options) == 1:
            extra = _attr("data-action", options[0])
        elif len(options) > 1:
            extra = _attr("data-select", f"card:{card}")
        out.append(_card(x, y, card, extra))
        if options:
            picked = selected == f"card:{card}"
            out.append(
                f'<rect class="playable" x="{x - 3}" y="{y - 3}" width="{CARD_W + 6}" '
                f'height="{CARD_H + 6}" rx="7" fill="none" stroke="#d81b60" '
                f'stroke-width="{3 if picked else 1.5}" pointer-events="none"/>'
            )
        if options and selected == f"card:{card}" and len(options) > 1:
            for j, action in enumerate(options):
                chosen = action.partition("=")[2]
                label = {"": "5", "0": "0 (−1)", "10": "10 (−2)"}.get(chosen, chosen)
                by = y + CARD_H + 6 + j * 24
                out.append(
                    f'<g class="choice"{_attr("data-action", action)}>'
                    f'<rect x="{x - 6}" y="{by}" width="{CARD_W + 12}" height="20" rx="4" '
                    'fill="#ffffff" stroke="#d81b60"/>'
                    + _text(x + CARD_W / 2, by + 14, label, size=11)
                    + "</g>"
                )
    return out


def render_svg(
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
) -> str:
    actions = list(actions or ())
    trick_top = GRID_Y + GRID + 30
    hand_top = trick_top + CARD_H + 34
    height = hand_top + CARD_H + 90
    title = f"Tri*T*Area, round {view.get('round')}, trick {view.get('trick')}"
    if view.get("phase") == "over":
        title = "Tri*T*Area, game over"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}" role="img" class="board tritarea">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>',
    ]
    parts += _grid(view, actions, selected)
    parts += _panel(view, seat)
    parts += _trick(view, trick_top)
    parts += _hand(view, seat, actions, selected, hand_top)
    parts.append("</svg>")
    return "\n".join(parts)


# --- the turn in words (contract in games.boards) ------------------------------------


def guide(
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
) -> Guide:
    """Interim: the board's choices, labelled by notation (to be worded)."""
    if not actions:
        return Guide(prompt="")
    choices = []
    offered: set[str] = set()
    doubles = {a.split()[1] for a in actions if a.startswith("b ") and len(a.split()) == 3}
    for name in sorted(doubles):
        targets = tuple(Target(a, a) for a in (f"b {name}", f"b {name} {name}") if a in actions)
        choices.append(Choice(f"sq:{name}", f"Square {name}", targets))
    by_card: dict[str, list[str]] = {}
    for action in actions:
        verb, _, arg = action.partition(" ")
        if verb in ("p", "lead") and arg:
            by_card.setdefault(arg.partition("=")[0], []).append(action)
    for card, options in by_card.items():
        if len(options) > 1:
            choices.append(Choice(f"card:{card}", card, tuple(Target(a, a) for a in options)))
    for choice in choices:
        offered.update(t.action for t in choice.targets)
    buttons = tuple(Target(a, a) for a in actions if a not in offered)
    return Guide(prompt="Your turn.", choices=tuple(choices), buttons=buttons)
