"""The Tri*T*Area board as one SVG (layout and clicking: :mod:`titles.tritarea.board`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games.boards import SAME_SEAT, looking
from games.engines.base import translated as tr
from titles.tritarea.engine.board import SQUARE_INDEX

from . import words as w

# --- geometry (SVG units) and colours -------------------------------------------------

WIDTH = 392
CELL = 86
GRID_X = 30
GRID_Y = 28
GRID = 4 * CELL
STRIP_Y = GRID_Y + GRID + 6
STRIP_H = 44
HAND_Y = STRIP_Y + STRIP_H + 8
CARD_W, CARD_H = 60, 62  # the viewer's hand
CARD_GAP = 13
PER_ROW = 5
HAND_H = 22 + 2 * CARD_H + 6
TRICK_W, TRICK_H = 46, 54  # cards on the table
COL_W = (WIDTH - 8) / 4
BOX_W = COL_W - 4
BOX_H = 176
TEAM_LINE = 20
FONT = 15  # the smallest text on the board (12 CSS px at 0.8 of its size)

# The rulebook's concept colours (blue, yellow, green, red), with inks dark enough to
# read on them.
AREA_FILL = {"I": "#a9c8ee", "M": "#f6e38f", "E": "#acd9a4", "H": "#f1a9a4"}
AREA_INK = {"I": "#163f73", "M": "#574400", "E": "#1b4f1f", "H": "#821a13"}
SEAT_FILL = ("#222222", "#f7f7f7", "#f08c00", "#8e44ad")  # Black, White, Orange, Purple
MARK = "#c2185b"  # what can be tapped, what is selected, whose turn it is
MARK_INK = "#8c0f45"
INK = "#222222"
MUTED = "#555555"
FACE_DOWN = "#6b6b6b"
# Where each area's name is written (column, row of the grid line it is centred on).
NAME_AT = {"I": (2.0, 0), "M": (3.0, 1), "E": (2.0, 3), "H": (1.0, 2)}


def escape(text: object) -> str:
    """XML-escape ``text`` (fast when there is nothing to escape, as is usual here)."""
    text = str(text)
    if "&" in text or "<" in text or ">" in text or '"' in text:
        text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        text = text.replace('"', "&quot;")
    return text


def _attr(name: str, value: object) -> str:
    return f' {name}="{escape(value)}"'


# Advance widths of DejaVu Sans (the usual "sans-serif" of Linux browsers and of the
# mail picture's rasteriser), in em; other characters count as 0.62 (0.72 capitals).
_EM = dict.fromkeys("il.,:;'|!", 0.3) | dict.fromkeys("jft ()[]-·", 0.37) | {"r": 0.41}
_EM |= dict.fromkeys("sz", 0.53) | dict.fromkeys("mw", 0.9) | dict.fromkeys("MW", 0.92)
_EM |= dict.fromkeys("0123456789", 0.64) | dict.fromkeys("I", 0.3)


def _em_width(text: str, size: int, bold: bool) -> float:
    width = sum(_EM.get(c, 0.72 if c.isupper() else 0.62) for c in text) * size
    return width * 1.1 if bold else width


def _text(
    x: float,
    y: float,
    content: object,
    *,
    size: int = FONT,
    anchor: str = "middle",
    fill: str = INK,
    bold: bool = False,
    cls: str = "",
    room: float = 0,
) -> str:
    """A text; with ``room``, squeezed to that width if its font would make it wider
    (a renderer's font may be wider than the one the layout was measured with)."""
    weight = ' font-weight="bold"' if bold else ""
    cls = f' class="{cls}"' if cls else ""
    text = str(content)
    fit = ""
    if room and _em_width(text, size, bold) > room:
        fit = f' textLength="{room:g}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"'
        f'{weight} font-family="sans-serif"{cls}{fit}>{escape(text)}</text>'
    )


def _clickable(action: str | None, select: str | None, label: str) -> str:
    """A clickable part's attributes: what it does, and that in words."""
    out = _attr("data-action", action) if action is not None else ""
    out += _attr("data-select", select) if select is not None else ""
    return out + _attr("aria-label", label)


# --- the grid ------------------------------------------------------------------------


def _cell_origin(index: int) -> tuple[int, int]:
    row, col = divmod(index, 4)
    return GRID_X + col * CELL, GRID_Y + row * CELL


def _square_title(view: dict, square: dict) -> str:
    """A built square in words: "c1, Intelligent: 3 blocks (Black, White, Orange, bottom
    to top)"."""
    stack = square.get("stack") or []
    colours = ", ".join(w.colour(view, s) for s in stack)
    return tr.gettext(
        "%(square)s, %(area)s: %(blocks)s (%(colours)s, bottom to top)",
        square=square.get("square"),
        area=w.concept(view, square.get("area", "")),
        blocks=w.blocks(len(stack)),
        colours=colours,
    )


def _grid(
    view: dict,
    seat: int | None,
    actions: Sequence[str],
    selected: str | None,
    described: bool = True,
) -> list[str]:
    """The squares; ``described``: with their titles (a picture draws none)."""
    board = w.squares(view)
    areas = [square.get("area", "I") for square in board]
    out: list[str] = []
    for i, square in enumerate(board):
        stack = square.get("stack") or []
        if not stack:
            name = w.concept(view, areas[i])
            bonus = square.get("bonus") or 0
            where = {"square": square.get("square", ""), "area": name}
            if not described:
                title = ""
            elif bonus:
                title = tr.gettext("%(square)s, %(area)s: empty, bonus +%(n)s", n=bonus, **where)
            else:
                title = tr.gettext("%(square)s, %(area)s: empty", **where)
            out.append(_empty_square(i, title, areas[i], bonus))
            continue
        x, y = _cell_origin(i)
        title = escape(_square_title(view, square)) if described else ""
        out.append(
            f'<g class="square">{f"<title>{title}</title>" if title else ""}'
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{AREA_FILL[areas[i]]}" '
            'stroke="#ffffff" stroke-width="1.5"/>'
        )
        block_h = min(11.0, 46 / len(stack))
        for level, s in enumerate(stack):
            by = y + CELL - 9 - (level + 1) * block_h
            top = level == len(stack) - 1
            out.append(
                f'<rect class="block" x="{x + CELL // 2 - 18}" y="{by:g}" width="36" '
                f'height="{block_h:g}" fill="{SEAT_FILL[s % 4]}" stroke="#333333" '
                f'stroke-width="{1.6 if top else 0.8}"/>'
            )
        out.append(_text(x + 13, y + CELL - 11, len(stack), bold=True, cls="height"))
        out.append("</g>")
    names = tuple((letter, w.concept(view, letter)) for letter in NAME_AT)
    out.append(_fixed_layer(tuple(areas), names))
    last = view.get("last_built")
    if last in SQUARE_INDEX:
        x, y = _cell_origin(SQUARE_INDEX[last])
        out.append(
            f'<rect class="last-built" x="{x + 5}" y="{y + 5}" width="{CELL - 10}" '
            f'height="{CELL - 10}" fill="none" stroke="{INK}" stroke-width="3"/>'
        )
    out += _square_targets(view, seat, actions, selected)
    return out


@lru_cache(maxsize=256)
def _empty_square(index: int, title: str, area: str, bonus: int) -> str:
    """An empty square (the same on every board): its area colour and printed bonus;
    ``title`` in the viewer's words."""
    x, y = _cell_origin(index)
    out = (
        f'<g class="square">{f"<title>{escape(title)}</title>" if title else ""}'
        f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{AREA_FILL[area]}" '
        'stroke="#ffffff" stroke-width="1.5"/>'
    )
    if bonus:
        out += (
            f'<g class="bonus"><circle cx="{x + CELL - 17}" cy="{y + 17}" r="14" '
            f'fill="#ffffff" stroke="{AREA_INK[area]}" stroke-width="2"/>'
            + _text(x + CELL - 17, y + 22, f"+{bonus}", fill=AREA_INK[area], bold=True)
            + "</g>"
        )
    return out + "</g>"


@lru_cache(maxsize=8)
def _fixed_layer(areas: tuple[str, ...], names: tuple[tuple[str, str], ...]) -> str:
    """What every board of an edition shares: area names, area borders, coordinates."""
    out = []
    for letter, name in names:
        col, row = NAME_AT[letter]
        x, y = GRID_X + col * CELL, GRID_Y + row * CELL + 20
        out.append(_text(x, y, name, fill=AREA_INK[letter], bold=True, cls="area-name"))
    out += _area_borders(areas)
    for col, letter in enumerate("abcd"):
        out.append(_text(GRID_X + col * CELL + CELL / 2, GRID_Y - 9, letter, fill=MUTED))
    for row in range(4):
        out.append(_text(GRID_X / 2, GRID_Y + row * CELL + CELL / 2 + 5, row + 1, fill=MUTED))
    return "\n".join(out)


def _area_borders(areas: tuple[str, ...]) -> list[str]:
    """Thick lines where neighbouring squares belong to different areas."""
    out = []
    for i, area in enumerate(areas):
        x, y = _cell_origin(i)
        row, col = divmod(i, 4)
        if col < 3 and i + 1 < len(areas) and areas[i + 1] != area:
            out.append(
                f'<line x1="{x + CELL}" y1="{y}" x2="{x + CELL}" y2="{y + CELL}" '
                'stroke="#333333" stroke-width="3"/>'
            )
        if row < 3 and i + 4 < len(areas) and areas[i + 4] != area:
            out.append(
                f'<line x1="{x}" y1="{y + CELL}" x2="{x + CELL}" y2="{y + CELL}" '
                'stroke="#333333" stroke-width="3"/>'
            )
    out.append(
        f'<rect x="{GRID_X}" y="{GRID_Y}" width="{GRID}" height="{GRID}" fill="none" '
        'stroke="#333333" stroke-width="3"/>'
    )
    return out


def _square_targets(
    view: dict, seat: int | None, actions: Sequence[str], selected: str | None
) -> list[str]:
    """Dashed frames on the squares the viewer can tap, a solid one on the selected."""
    singles, doubles, extras = w.build_targets(actions)
    out = []
    for i, square in enumerate(w.squares(view)):
        name = square.get("square", "")
        x, y = _cell_origin(i)
        picked = selected == f"sq:{name}"
        if name in doubles:
            attrs = _clickable(
                None,
                f"sq:{name}",
                tr.gettext("Square %(square)s: build one or two blocks here", square=name),
            )
        elif name in singles:
            attrs = _clickable(f"b {name}", None, w.action_words(view, seat, f"b {name}"))
        elif name in extras:
            attrs = _clickable(f"x {name}", None, w.action_words(view, seat, f"x {name}"))
        else:
            continue
        frame = ' stroke-width="5"' if picked else ' stroke-width="3.5" stroke-dasharray="8 5"'
        out.append(
            f'<g class="target{" selected" if picked else ""}"{attrs}>'
            f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" '
            f'fill="{MARK}" fill-opacity="{0.22 if picked else 0.05}" stroke="{MARK}"{frame}/>'
            "</g>"
        )
    return out


# --- the strip under the grid --------------------------------------------------------


def _button(x: float, y: float, width: float, text: str, attrs: str) -> str:
    return (
        f'<g class="choice"{attrs}>'
        f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{STRIP_H - 4}" rx="6" '
        f'fill="#ffffff" stroke="{MARK}" stroke-width="2.5"/>'
        + _text(x + width / 2, y + 25, text, fill=MARK_INK, bold=True, room=width - 8)
        + "</g>"
    )


def _caption(view: dict, seat: int | None) -> str:
    """The state of play in a few words (also what the mail picture says)."""
    phase = view.get("phase")
    if phase == "over":
        return tr.gettext("Game over: the final scores are below")
    if phase == "lead":
        return tr.gettext("Round 3 of 3: everyone declares a lead area")
    if phase == "sell":
        order = view.get("sell_order") or []
        if order:
            return tr.gettext("Round 3 block sale: %(who)s next", who=w.who(view, order[0], seat))
        return tr.gettext("Block sale")
    if phase in ("build", "extra"):
        builder = view.get("building")
        area = w.concept(view, view.get("adopted") or "")
        last = view.get("last_built")
        if builder == seat:
            if phase == "extra" and last:
                return tr.gettext("You may add a block next to %(square)s", square=last)
            return tr.gettext("%(area)s adopted: you build", area=area)
        name = w.colour(view, builder)
        if phase == "extra" and last:
            return tr.gettext(
                "%(who)s may add a block next to %(square)s", who=w.cap(name), square=last
            )
        return tr.gettext("%(area)s adopted: %(who)s builds", area=area, who=name)
    return tr.gettext(
        "Round %(round)s of 3 · trick %(trick)s of 8",
        round=view.get("round"),
        trick=view.get("trick"),
    )


def _strip(
    view: dict,
    seat: int | None,
    actions: Sequence[str],
    selected: str | None,
    me: int | None,
) -> list[str]:
    """The strip under the grid: a selection's buttons, the extra block's question or
    the state of play in words (``me``: who reads them, named "you")."""
    y = STRIP_Y + 2
    token = selected or ""
    out = ['<g class="strip">']
    if token.startswith("sq:"):
        name = token[3:]
        width = (WIDTH - 24) / 2
        for k, (action, text) in enumerate(
            (
                (f"b {name}", tr.gettext("1 block on %(square)s", square=name)),
                (f"b {name} {name}", tr.gettext("2 blocks on %(square)s", square=name)),
            )
        ):
            attrs = _clickable(action, None, w.action_words(view, seat, action))
            out.append(_button(8 + k * (width + 8), y, width, text, attrs))
    elif token.startswith("card:"):
        card = token[5:]
        ways = w.by_card(actions).get(card, [])
        caption = tr.gettext("%(card)s as", card=card)
        left = 8 + _em_width(caption, FONT, True) + 8
        out.append(_text(8, y + 25, caption, anchor="start", bold=True))
        width = (WIDTH - 8 - left - 6 * (len(ways) - 1)) / len(ways)
        for k, action in enumerate(ways):
            chosen = action.partition("=")[2]
            text = {
                "": card[1:],
                "0": tr.gettext("0 (pay 1)"),
                "10": tr.gettext("10 (pay 2)"),
            }.get(chosen, chosen)
            attrs = _clickable(action, None, w.action_words(view, seat, action))
            out.append(_button(left + k * (width + 6), y, width, text, attrs))
    elif view.get("phase") == "extra" and "pass" in actions and view.get("last_built"):
        question = tr.gettext("Extra block next to %(square)s?", square=view["last_built"])
        out.append(_text(8, y + 25, question, anchor="start", bold=True, room=WIDTH - 182))
        attrs = _clickable("pass", None, w.action_words(view, seat, "pass"))
        out.append(_button(WIDTH - 158, y, 150, tr.gettext("No extra block"), attrs))
    else:
        caption = _caption(view, me)
        out.append(_text(WIDTH / 2, y + 25, caption, bold=True, cls="caption", room=WIDTH - 16))
    out.append("</g>")
    return out


# --- cards: the hand and the table ---------------------------------------------------


def _card(
    x: float,
    y: float,
    width: float,
    height: float,
    card: str,
    *,
    big: str | None = None,
    top: str | None = None,
    cls: str = "card",
    attrs: str = "",
    dim: bool = False,
    title: str = "",
) -> str:
    """A planning card: its concept letter on top, its rank (or played rank) large."""
    ink = AREA_INK.get(card[:1], "#444444")
    return (
        f'<g class="{cls}"{attrs}{_attr("opacity", 0.45) if dim else ""}>'
        + (f"<title>{escape(title)}</title>" if title else "")
        + f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" rx="6" '
        f'fill="{AREA_FILL.get(card[:1], "#dddddd")}" stroke="{ink}" stroke-width="2"/>'
        + _text(x + width / 2, y + 18, top or card[:1], fill=ink, bold=True)
        + _text(x + width / 2, y + height - 11, big or card[1:], size=24, bold=True)
        + "</g>"
    )


def card_picture(card: str) -> str:
    """One planning card as the hand draws it, alone in a small ``<svg>`` (a list of
    cards beside the board: the analysis board's chosen cards). Decorative: the page
    names the card beside it."""
    return (
        f'<svg class="card-picture" viewBox="-2 -2 {CARD_W + 4} {CARD_H + 4}" '
        'aria-hidden="true" focusable="false">'
        + _card(0, 0, CARD_W, CARD_H, card, cls="hand-card")
        + "</svg>"
    )


def hand_title(view: dict, seat: int | None, me: int | None) -> str:
    """ "Your hand", or whose hand it is when someone else reads it (the analysis
    board's seat to move): a guess drawn from what the reader knows, never the real one."""
    if seat == me:
        return tr.gettext("Your hand")
    return tr.gettext("%(seat)s's hand (a guess)", seat=w.colour(view, seat))


def _hand(
    view: dict,
    seat: int | None,
    actions: Sequence[str],
    selected: str | None,
    me: int | None,
) -> list[str]:
    hand = view.get("hand") or []
    ways_of = w.by_card(actions)
    out = [_text(8, HAND_Y + 15, hand_title(view, seat, me), anchor="start", bold=True)]
    if not hand:
        out.append(
            _text(WIDTH / 2, HAND_Y + 22 + CARD_H / 2 + 5, tr.gettext("No cards left"), fill=MUTED)
        )
    row_width = PER_ROW * CARD_W + (PER_ROW - 1) * CARD_GAP
    for k, card in enumerate(hand):
        row, col = divmod(k, PER_ROW)
        x = (WIDTH - row_width) / 2 + col * (CARD_W + CARD_GAP)
        y = HAND_Y + 22 + row * (CARD_H + 6)
        ways = ways_of.get(card, [])
        attrs = ""
        if len(ways) == 1:
            attrs = _clickable(ways[0], None, w.action_words(view, seat, ways[0]))
        elif ways:
            attrs = _clickable(
                None,
                f"card:{card}",
                tr.gettext("%(card)s: choose a rank", card=w.card_words(view, card)),
            )
        cls = "hand-card playable" if ways else "hand-card"
        title = w.card_words(view, card)
        out.append(_card(x, y, CARD_W, CARD_H, card, cls=cls, attrs=attrs, title=title))
        if ways:
            picked = selected == f"card:{card}"
            frame = ' stroke-width="5"' if picked else ' stroke-width="2.5" stroke-dasharray="7 4"'
            out.append(
                f'<rect class="playable-mark" x="{x - 4:g}" y="{y - 4:g}" width="{CARD_W + 8}" '
                f'height="{CARD_H + 8}" rx="8" fill="none" stroke="{MARK}"{frame} '
                'pointer-events="none"/>'
            )
    return out


def _slot(
    view: dict, seat: int | None, row: dict, x: float, y: float, described: bool = True
) -> str:
    """What lies in front of a seat: its card of this trick, else its lead declaration
    in round 3's declaration and sale, else an empty place while cards are played
    (``described``: with its title)."""
    s = row["seat"]
    phase = view.get("phase")
    entry = next((p for p in view.get("played") or [] if p["seat"] == s), None)
    name = w.cap(w.who(view, s, seat)) if described else ""
    if entry:
        card, rank = entry["card"], str(entry.get("rank"))
        changed = rank != card[1:]
        adopted = view.get("adopted")
        return _card(
            x,
            y,
            TRICK_W,
            TRICK_H,
            card,
            big=rank,
            top=card if changed else None,
            dim=bool(adopted) and phase in ("build", "extra") and card[:1] != adopted,
            title=tr.gettext(
                "%(who)s proposed %(card)s",
                who=name,
                card=w.card_words(view, f"{card}={rank}" if changed else card),
            )
            if described
            else "",
        )
    if phase in ("lead", "sell") and row.get("lead"):
        card, _, chosen = row["lead"].partition("=")
        title = ""
        if described:
            title = tr.gettext(
                "%(who)s declared %(card)s as lead area",
                who=name,
                card=w.card_words(view, row["lead"]),
            )
        return _card(x, y, TRICK_W, TRICK_H, card, big=chosen or None, title=title)
    if phase in ("lead", "sell") and row.get("lead_declared"):
        secret = escape(tr.gettext("A lead area declared in secret")) if described else ""
        return (
            f'<g class="card face-down"><title>{secret}</title>'
            f'<rect x="{x:g}" y="{y:g}" width="{TRICK_W}" height="{TRICK_H}" rx="6" '
            f'fill="{FACE_DOWN}" stroke="#333333" stroke-width="2"/>'
            + _text(x + TRICK_W / 2, y + TRICK_H / 2 + 8, "?", size=24, fill="#ffffff", bold=True)
            + "</g>"
        )
    if phase in ("play", "lead"):
        return (
            f'<rect x="{x:g}" y="{y:g}" width="{TRICK_W}" height="{TRICK_H}" rx="6" '
            'fill="none" stroke="#aaaaaa" stroke-width="1.5" stroke-dasharray="5 4"/>'
        )
    return ""


def _marks(view: dict, row: dict) -> list[str]:
    """A seat's marks now: its building right or the lead, its lead declaration."""
    s = row["seat"]
    phase = view.get("phase")
    rights = {r["seat"]: r["right"] for r in view.get("rights") or []}
    marks = []
    if s in rights:
        if rights[s] == 1:
            marks.append(tr.gettext("1st right"))
        elif rights[s] == 2:
            marks.append(tr.gettext("2nd right"))
        else:
            marks.append(tr.gettext("%(n)s right", n=rights[s]))
    elif phase == "play" and s == view.get("leader"):
        marks.append(tr.gettext("leads"))
    if row.get("lead"):
        marks.append(tr.gettext("lead %(card)s", card=row["lead"]))
    elif phase == "lead":
        marks.append(tr.gettext("declared") if row.get("lead_declared") else tr.gettext("choosing"))
    return marks[:2]


def _table(
    view: dict,
    seat: int | None,
    top: float,
    described: bool = True,
    me: object = SAME_SEAT,
) -> list[str]:
    """The seats side by side; ``seat`` the view's, ``me`` who reads it (named "you")."""
    me = looking(seat, me)
    phase = view.get("phase")
    to_move = view.get("to_move") or []
    if phase == "over":
        turn: set = set()
    elif phase == "lead":
        turn = set(to_move)
    else:
        turn = {view.get("acting_seat")}
    deciding = view.get("deciding_for") if seat is not None and seat in to_move else None
    out: list[str] = []
    for row in w.seat_rows(view):
        s = row["seat"]
        x = 4 + s * COL_W
        ring = s in turn
        out.append(
            f'<g class="seat{" to-act" if ring else ""}">'
            f'<rect x="{x + 2:g}" y="{top:g}" width="{BOX_W:g}" height="{BOX_H}" rx="8" '
            f'fill="#fafafa" stroke="{MARK if ring else "#999999"}" '
            f'stroke-width="{4 if ring else 1.2}"/>'
            f'<rect x="{x + 8:g}" y="{top + 8:g}" width="14" height="14" '
            f'fill="{SEAT_FILL[s % 4]}" stroke="#333333"/>'
        )
        room = BOX_W - 10  # from x + 8 to the box's inner edge
        name = w.colour(view, s)
        out.append(_text(x + 26, top + 21, name, anchor="start", bold=True, room=room - 18))
        if deciding is not None and s == deciding:
            decides = (
                tr.gettext("you decide")
                if seat == me
                else tr.gettext("%(seat)s decides", seat=w.colour(view, seat))
            )
            out.append(_text(x + 8, top + 39, decides, anchor="start", fill=MARK, room=room))
        elif s == me:
            out.append(_text(x + 8, top + 39, tr.pgettext("seat", "you"), anchor="start"))
        elif row.get("computer"):
            out.append(
                _text(
                    x + 8,
                    top + 39,
                    tr.pgettext("seat", "computer"),
                    anchor="start",
                    fill=MUTED,
                    room=room,
                )
            )
        out.append(_slot(view, me, row, x + 2 + (BOX_W - TRICK_W) / 2, top + 46, described))
        points = w.points(row.get("score", 0))
        out.append(_text(x + 8, top + 118, points, anchor="start", room=room))
        blocks = w.blocks(row.get("blocks", 0))
        out.append(_text(x + 8, top + 136, blocks, anchor="start", room=room))
        for k, mark in enumerate(_marks(view, row)):
            out.append(
                _text(
                    x + 8, top + 154 + 18 * k, mark, anchor="start", fill=MARK, bold=True, room=room
                )
            )
        out.append("</g>")
    y = top + BOX_H + 18
    for letter, team in (view.get("teams") or {}).items():
        names = [w.colour(view, m) for m in team.get("seats", [])]
        joined = names[0] if names else ""
        for other in names[1:]:
            joined = tr.gettext("%(first)s and %(last)s", first=joined, last=other)
        points = w.points(team.get("score", 0))
        line = tr.gettext(
            "Team %(team)s (%(names)s): %(points)s", team=letter, names=joined, points=points
        )
        out.append(_text(8, y, line, anchor="start", bold=True, room=WIDTH - 16))
        y += TEAM_LINE
    return out


# --- the whole board -----------------------------------------------------------------


def _has_hand(view: dict, seat: int | None) -> bool:
    """The viewer's own hand is drawn while the game runs (a finished game has none)."""
    return seat is not None and isinstance(view.get("hand"), list) and view.get("phase") != "over"


def _title(view: dict) -> str:
    if view.get("phase") == "over":
        return tr.gettext("Tri*T*Area board, game over")
    place = {"round": view.get("round"), "trick": view.get("trick")}
    if view.get("adopted"):
        return tr.gettext(
            "Tri*T*Area board, round %(round)s of 3, trick %(trick)s of 8, %(area)s adopted",
            area=w.concept(view, view["adopted"]),
            **place,
        )
    return tr.gettext("Tri*T*Area board, round %(round)s of 3, trick %(trick)s of 8", **place)


def size(view: dict, seat: int | None) -> tuple[int, int]:
    """The board's width and height in SVG units (never depends on a selection)."""
    table_top = HAND_Y + (HAND_H + 10 if _has_hand(view, seat) else 0)
    teams = len(view.get("teams") or {})
    return WIDTH, table_top + BOX_H + 8 + (TEAM_LINE * teams + 6 if teams else 0)


def render_svg(
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
    viewer: object = SAME_SEAT,
) -> str:
    """The board of ``seat``'s view; ``viewer``: who reads it when not ``seat`` (the
    analysis board's seat to move, its hand a guess): named "you" in ``seat``'s place."""
    me = looking(seat, viewer)
    actions = list(actions or ())
    if selected not in w.tokens(actions):
        selected = None
    width, height = size(view, seat)
    title = _title(view)
    # A picture is an image; a board with buttons is a group of them (an image's parts
    # are presentational, so it may not hold controls: axe's nested-interactive).
    role = "group" if actions else "img"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="{role}" class="board tritarea" '
        f"{_attr('aria-label', title)}>",
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    parts += _grid(view, seat, actions, selected)
    parts += _strip(view, seat, actions, selected, me)
    if _has_hand(view, seat):
        parts += _hand(view, seat, actions, selected, me)
    parts += _table(view, seat, HAND_Y + (HAND_H + 10 if _has_hand(view, seat) else 0), me=me)
    parts.append("</svg>")
    return "\n".join(parts)
