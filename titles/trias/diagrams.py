"""Trias's rules diagrams: the rulebook's Example 2 (cases A-E) and Example 3, a legal
and a refused drift, actions, all built with ``titles.trias.engine.build.position``
or played through the engine from a new game."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from html import escape
from xml.sax.saxutils import quoteattr

from django.utils.translation import ngettext

from games.engines import get_engine
from learn.diagrams import Diagram, played_out, refusal, showing
from learn.templatetags.learn import tally
from titles.trias import engine as trias
from titles.trias.board import Size, center
from titles.trias.engine.build import position
from titles.trias.engine.rules import COLOURS
from titles.trias.engine.state import DRIFT

RED, BLUE, PURPLE, BLACK, WHITE = range(5)
# Red has just played the hand card for the drift (Phase 4 will replace it).
HANDS = ("", "S", "M", "W")

# --- Example 2 (rulebook "Scoring", A. Interim scoring): Red lifts the wood tile X at
# 3,0, which joins the main land mass to two outer parts; Blue's herd on X swims.
EXAMPLE_2_TILES = {
    (1, 0): "S",
    (2, 0): "S",
    (1, 1): "S",
    (1, 2): "S",
    (3, 0): "W",  # X
    (4, -1): "W",  # the part that becomes the land mass of 4 tiles (case B)
    (5, -2): "W",
    (4, -2): "W",
    (3, 1): "S",  # the part that becomes the land mass of 3 tiles (case C)
    (3, 2): "M",
    (5, -4): "S",  # another land mass (case E: merging)
    (6, -5): "S",
}
EXAMPLE_2_HERDS = [
    (BLUE, (3, 0), 1),
    (BLUE, (4, -1), 3),
    (RED, (4, -1), 1),
    (BLACK, (5, -2), 3),
    (PURPLE, (4, -2), 2),
    (RED, (3, 1), 2),
    (PURPLE, (3, 2), 1),
    (RED, (1, 1), 2),
    (BLACK, (6, -5), 1),
]
X = "3,0"
EXAMPLE_2_CASES = {"a": "1,3", "b": "5,-1", "c": "4,1", "d": "4,0", "e": "5,-3"}
EXAMPLE_2_REFUSED = "2,1"  # as near the pole as X

# --- Example 3 (B. Final scoring): eight land masses A-H; per land mass its tiles
# and the herds of each player on it (the rulebook shows only the points; these
# counts give its table). Players 1-4 of the rulebook: Red, Purple, Blue, Black.
EXAMPLE_3_PLAYERS = (RED, PURPLE, BLUE, BLACK)
EXAMPLE_3 = {
    # name: ({seat: herds}, rows of tiles as (first tile, tiles eastwards))
    "A": ({RED: 3, BLUE: 2}, [((0, -6), 3)]),
    "B": ({PURPLE: 2, BLUE: 2, BLACK: 2}, [((4, -6), 3)]),
    "C": ({RED: 4, BLUE: 4}, [((-1, -4), 4), ((-1, -3), 3)]),
    "D": ({PURPLE: 3, BLUE: 3}, [((4, -4), 3), ((3, -3), 3)]),
    "E": ({PURPLE: 1, BLACK: 1}, [((-3, -1), 1)]),
    "F": ({BLACK: 3, RED: 2}, [((-4, 2), 3), ((-4, 3), 2)]),
    "G": ({RED: 2, PURPLE: 2}, [((1, 1), 3)]),
    "H": ({RED: 2, PURPLE: 2}, [((-5, 5), 5)]),
}


def _points(before, after) -> dict[str, int]:
    """Points gained per colour (those who gained any), most first."""
    gained = [(after.scores[s] - before.scores[s], s) for s in range(before.num_players)]
    return {COLOURS[s]: n for n, s in sorted(gained, key=lambda g: -g[0]) if n}


def _herds_on(state, positions) -> dict[str, int]:
    """Herds per colour on ``positions`` (land only), most first."""
    counts: dict[int, int] = {}
    for h in state.herds:
        if h.pos in positions and h.pos in state.board.land:
            counts[h.owner] = counts.get(h.owner, 0) + 1
    return {COLOURS[s]: n for s, n in sorted(counts.items(), key=lambda item: -item[1])}


def example_2() -> dict[str, Diagram]:
    state = position(
        EXAMPLE_2_TILES, EXAMPLE_2_HERDS, current=RED, phase=DRIFT, card="W", hands=HANDS
    )
    allowed = sorted(
        a.split(">")[1] for a in trias.legal_actions(state, RED) if a.startswith(f"d {X}>")
    )
    out = {"ex2": showing("trias", state, RED, f"d {X}>{EXAMPLE_2_CASES['b']}", allowed=allowed)}
    for case, where in EXAMPLE_2_CASES.items():
        after = trias.apply(state, RED, f"d {X}>{where}")
        out[f"ex2_{case}"] = Diagram(
            "trias",
            after,
            figures={
                "where": where,
                "points": _points(state, after),
                "tiles": len(after.scored),
                "herds": _herds_on(after, after.scored),
                "scored": [f"{q},{r}" for q, r in after.scored],
                "masses": len(after.board.masses),
            },
        )
    out["ex2"].figures["refused"] = refusal("trias", state, RED, f"d {X}>{EXAMPLE_2_REFUSED}")
    out["ex2"].figures["refused_at"] = EXAMPLE_2_REFUSED
    return out


def example_3() -> Diagram:
    tiles: dict = {}
    herds = []
    for counts, rows in EXAMPLE_3.values():
        cells = [(q + i, r) for (q, r), n in rows for i in range(n)]
        tiles.update({p: "W" for p in cells})
        slots = [p for p in cells for _ in range(4)]  # a wood holds 4 herds
        for seat, n in counts.items():
            herds.extend((seat, slots.pop(0), 1) for _ in range(n))
    state = position(tiles, herds, current=RED, last_round=True, actions_left=2)
    over = trias.apply(state, RED, "end")  # the last turn ends: final scoring (TS13)
    view = trias.view(over, None)
    table = []
    by_first_tile = {}
    for item in view["final"]:
        by_first_tile.update({tuple(p): item for p in item["tiles"]})
    for name, (_counts, rows) in EXAMPLE_3.items():
        item = by_first_tile[rows[0][0]]
        table.append(
            {
                "name": name,
                "tiles": len(item["tiles"]),
                "herds": [item["herds"][s] for s in EXAMPLE_3_PLAYERS],
                "points": [item["points"][s] for s in EXAMPLE_3_PLAYERS],
            }
        )
    totals = [over.scores[s] for s in EXAMPLE_3_PLAYERS]
    labels = []
    for row in table:
        cells = [(q + i, r) for (q, r), n in EXAMPLE_3[row["name"]][1] for i in range(n)]
        points = {COLOURS[s]: n for s, n in zip(EXAMPLE_3_PLAYERS, row["points"], strict=True)}
        words = ngettext("%(n)s tile: %(points)s", "%(n)s tiles: %(points)s", row["tiles"]) % {
            "n": row["tiles"],
            "points": tally({c: n for c, n in points.items() if n}),
        }
        labels.append((row["name"], words, tuple(cells)))
    return LetteredLandMasses(
        "trias",
        over,
        labels=tuple(labels),
        figures={
            "players": [COLOURS[s] for s in EXAMPLE_3_PLAYERS],
            "table": table,
            "totals": totals,
        },
    )


# A land mass's label (Example 3): a dark box with the letter and its words, put in the
# water beside the land mass where it covers nothing the board draws.
LABEL_HEIGHT = 22
LINE_HEIGHT = 15  # a label's second line, below its first
LABEL_GAP = 3  # the least space between a label and anything else
CHAR_WIDTH = 7.2  # a 12 px sans-serif character, on average (the boards reckon so too)
_NUMBER = r"(-?[\d.]+)"
_RECT = re.compile(rf'<rect x="{_NUMBER}" y="{_NUMBER}" width="{_NUMBER}" height="{_NUMBER}"')
_POLYGON = re.compile(r'<polygon points="([-\d., ]+)"')
_TEXT = re.compile(
    rf'<text x="{_NUMBER}" y="{_NUMBER}" text-anchor="middle" font-size="{_NUMBER}"[^>]*>([^<]*)<'
)
_VIEWBOX = re.compile(rf'viewBox="{_NUMBER} {_NUMBER} {_NUMBER} {_NUMBER}"')
_UNIT = re.compile(r'data-unit="([\d.]+)"')


def _drawn_boxes(svg: str) -> list[tuple[float, float, float, float]]:
    """``(left, top, right, bottom)`` of every shape and label the board drew, but
    the water under everything."""
    _left, _top, width, height = (float(v) for v in _VIEWBOX.search(svg).groups())
    boxes = []
    for m in _RECT.finditer(svg):
        x, y, w, h = (float(v) for v in m.groups())
        if w < width or h < height:
            boxes.append((x, y, x + w, y + h))
    for m in _POLYGON.finditer(svg):
        xs, ys = zip(*(map(float, p.split(",")) for p in m.group(1).split()), strict=True)
        boxes.append((min(xs), min(ys), max(xs), max(ys)))
    for m in _TEXT.finditer(svg):
        x, y, size = (float(v) for v in m.groups()[:3])
        w = CHAR_WIDTH * size / 12 * len(m.group(4))
        boxes.append((x - w / 2, y - size, x + w / 2, y + size * 0.3))
    return boxes


def _overlaps(a, b) -> bool:
    return not (
        a[2] + LABEL_GAP <= b[0]
        or b[2] + LABEL_GAP <= a[0]
        or a[3] + LABEL_GAP <= b[1]
        or b[3] + LABEL_GAP <= a[1]
    )


def _label_places(cells, width: float, inside, height: float = LABEL_HEIGHT, step: float = 1.0):
    """Where a label of ``width`` x ``height`` may go around a land mass of ``cells``,
    nearest first: above its top row, below its bottom row (moved in from the board's
    edge while it still spans a tile of that row), left or right of either. ``step``
    is the board's unit (``board.Size.u``): the distances grow with its text."""
    centres = [center(q, r) for q, r in cells]
    top = min(y for _x, y in centres)
    bottom = max(y for _x, y in centres)
    for row_y, sign in ((top, -1), (bottom, 1)):
        xs = [x for x, y in centres if y == row_y]
        for x in (sum(xs) / len(xs), min(xs), max(xs)):
            x0 = min(max(x - width / 2, inside[0]), inside[2] - width)
            if not x0 <= x <= x0 + width:
                continue
            for shift in range(40, 100 + round(20 * step), 2):
                y = row_y + sign * (shift + (step - 1) * height / 2)
                yield (x0, y - height / 2, x0 + width, y + height / 2)
    for row_y in (top, bottom):
        xs = [x for x, y in centres if y == row_y]
        for shift in range(40, 120, 2):
            for x0 in (min(xs) - shift - width, max(xs) + shift):
                yield (x0, row_y - height / 2, x0 + width, row_y + height / 2)
    # Else anywhere in the water, nearest the land mass first.
    grid = [
        (x0, y0)
        for x0 in _range(inside[0], inside[2] - width, 4 * step)
        for y0 in _range(inside[1], inside[3] - height, 4 * step)
    ]

    def distance(corner) -> float:
        mx, my = corner[0] + width / 2, corner[1] + height / 2
        return min(max(abs(my - cy), abs(mx - cx) - width / 2) for cx, cy in centres)

    for x0, y0 in sorted(grid, key=distance):
        yield (x0, y0, x0 + width, y0 + height)


def _range(start: float, stop: float, step: float):
    while start <= stop:
        yield start
        start += step


def lettered(svg: str, labels) -> str:
    """``svg`` with each ``(letter, words, cells)`` of ``labels`` written beside its land
    mass (the letter left out when ""), covering nothing else (``ValueError`` if a label
    finds no free place: move the land masses apart). Its words are the board's own
    text size (``board.Size.font``, from the drawing's ``data-unit``), so they read as
    large as the board's on a phone, where the drawing fits the screen's width."""
    left, top, width, height = (float(v) for v in _VIEWBOX.search(svg).groups())
    unit = _UNIT.search(svg)
    u = float(unit.group(1)) if unit else 1.0
    k = Size(u).font / 12  # the labels' scale: 12 units at u = 1, the board's text at u
    inside = (left + 4 * k, top + 4 * k, left + width - 4 * k, top + height - 4 * k)
    taken = _drawn_boxes(svg)
    out = []
    for letter, words, cells in labels:
        # A letter alone (its words in its title: the page's table gives them), or the
        # words in two lines ("7 tiles:" over its points): at the board's text size, in
        # one line they would be half the board's width.
        head, colon, rest = words.partition(": ")
        lines = [] if letter else [head + colon.rstrip(), rest] if colon else [words]
        w = (CHAR_WIDTH * max(map(len, lines), default=0) + (24 if letter else 20)) * k
        h = (LABEL_HEIGHT + LINE_HEIGHT * max(0, len(lines) - 1)) * k
        box = next(
            (
                box
                for box in _label_places(cells, w, inside, h, k)
                if inside[0] <= box[0]
                and box[2] <= inside[2]
                and inside[1] <= box[1]
                and box[3] <= inside[3]
                and not any(_overlaps(box, other) for other in taken)
            ),
            None,
        )
        if box is None:
            raise ValueError(f"no free place for land mass {letter}'s label")
        taken.append(box)
        x0, y0, x1, y1 = box
        x = x0 + 10 * k
        spans = "".join(
            f'<tspan x="{x:.1f}" y="{y0 + (16 + LINE_HEIGHT * i) * k:.1f}">{escape(line)}</tspan>'
            for i, line in enumerate(lines)
        )
        mark = (
            f'<text x="{(x0 + x1) / 2:.1f}" y="{(y0 + y1) / 2 + 5 * k:.1f}" text-anchor="middle" '
            f'font-size="{14 * k:.1f}" font-family="sans-serif" font-weight="bold" '
            f'fill="#f2c14e">{escape(letter)}</text>'
            if letter
            else ""
        )
        words_svg = (
            f'<text x="{x:.1f}" y="{y0 + 16 * k:.1f}" font-size="{12 * k:.1f}" '
            f'font-family="sans-serif" fill="#ffffff">{spans}</text>'
            if lines
            else ""
        )
        out.append(
            f'<g class="land-mass"{f" data-land-mass={quoteattr(letter)}" if letter else ""}>'
            f"<title>{escape(' '.join(filter(None, (letter, words))))}</title>"
            f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}" '
            f'rx="{5 * k:.1f}" fill="#000000" fill-opacity="0.8" stroke="#f2c14e" '
            f'stroke-width="{1.5 * k:.1f}"/>{mark}{words_svg}</g>'
        )
    end = svg.rindex("</svg>")
    return svg[:end] + "".join(out) + svg[end:]


@dataclass(frozen=True)
class LetteredLandMasses(Diagram):
    """A final scoring with each land mass lettered (the rulebook's Example 3): its
    letter, tiles and points in one label in the water beside it, in place of the
    board's own labels, which name no land mass."""

    labels: tuple = ()

    @functools.cached_property
    def view(self) -> dict:
        return {
            key: value
            for key, value in get_engine(self.game).view(self.state, self.seat).items()
            if key != "final"
        }

    @functools.cached_property
    def svg(self) -> str:
        return lettered(Diagram.svg.func(self), self.labels)


def _scores_beside(end: Diagram) -> LetteredLandMasses:
    """A finished game with each scored land mass's tiles and points in a label beside
    it, placed as Example 3's are (the board's own labels sit on the coordinates)."""
    labels = []
    for item in trias.view(end.state, None).get("final") or []:
        points = {COLOURS[s]: n for s, n in enumerate(item["points"]) if n}
        if not points:
            continue
        cells = tuple(tuple(p) for p in item["tiles"])
        words = ngettext("%(n)s tile: %(points)s", "%(n)s tiles: %(points)s", len(cells)) % {
            "n": len(cells),
            "points": tally(points),
        }
        labels.append(("", words, cells))
    return LetteredLandMasses(
        end.game, end.state, end.seat, figures=end.figures, labels=tuple(labels)
    )


# --- Drifting: a small land mass; Red holds a wood card.
DRIFT_TILES = {
    (1, 0): "S",
    (2, 0): "W",  # the tile Red drifts
    (2, -1): "S",
    (1, 1): "M",
    (4, -3): "W",  # a land mass of its own, without Red
    (5, -3): "S",
}
DRIFT_HERDS = [(RED, (2, 0), 1), (RED, (1, 0), 1), (BLUE, (1, 1), 1), (BLUE, (5, -3), 2)]
DRIFT_TILE = "2,0"


def drifting() -> dict[str, Diagram]:
    state = position(
        DRIFT_TILES,
        DRIFT_HERDS,
        num_players=3,
        current=RED,
        phase=DRIFT,
        card="W",
        hands=HANDS[:3],
    )
    legal = [a for a in trias.legal_actions(state, RED) if a.startswith(f"d {DRIFT_TILE}>")]
    chosen = f"d {DRIFT_TILE}>3,-1"
    pick = showing(
        "trias",
        state,
        RED,
        chosen,
        allowed=sorted(a.split(">")[1] for a in legal),
        not_farther=refusal("trias", state, RED, f"d {DRIFT_TILE}>2,-2"),
        not_touching=refusal("trias", state, RED, f"d {DRIFT_TILE}>4,-1"),
        absent=refusal("trias", state, RED, "d 4,-3>5,-4"),
    )
    after = trias.apply(state, RED, chosen)
    drifted = Diagram(
        "trias",
        after,
        figures={
            "text": trias.describe(state, RED, chosen),
            "swimmers": sum(h.owner == RED and h.pos not in after.board.land for h in after.herds),
        },
    )
    # Step 1 before a tile is picked: the board rings every tile that may drift.
    movable = sorted({a[2:].split(">")[0] for a in trias.legal_actions(state, RED)})
    card = Diagram(
        "trias", state, RED, tuple(trias.legal_actions(state, RED)), figures={"tiles": movable}
    )
    return {"card": card, "drift": pick, "drifted": drifted}


# --- Actions: Red with 4 actions; a herd picked shows where it can move.
ACTION_TILES = {
    (1, 0): "W",
    (1, -1): "S",
    (0, -1): "M",
    (-1, 1): "W",
    (0, 1): "S",
    (2, -1): "M",
}
ACTION_HERDS = [
    (RED, (1, 0), 2),
    (BLUE, (1, -1), 3),  # a full steppe: a blockade
    (RED, (2, -2), 1),  # a swimmer
    (BLUE, (0, 1), 1),
]


def actions() -> dict[str, Diagram]:
    state = position(ACTION_TILES, ACTION_HERDS, num_players=3, current=RED)
    legal = trias.legal_actions(state, RED)
    targets = sorted(a.split(">")[1] for a in legal if a.startswith("m 1,0>"))
    pick = showing(
        "trias",
        state,
        RED,
        "m 1,0>2,-1",
        targets=targets,
        blocked=refusal("trias", state, RED, "m 1,0>1,-1"),
        rescues=sorted(a for a in legal if a.startswith("r ")),
    )
    played = state
    steps = ["+ 1,0", "m 1,0>2,-1", "r 2,-2>2,-1"]
    for step in steps:
        played = trias.apply(played, RED, step)
    done = Diagram(
        "trias",
        played,
        RED,
        tuple(trias.legal_actions(played, RED)),
        figures={
            "steps": [trias.describe(s, RED, a) for s, a in _walk(state, steps)],
            "left": played.actions_left,
        },
    )
    return {"actions": pick, "actions_done": done}


def _walk(state, steps):
    for step in steps:
        yield state, step
        state = trias.apply(state, RED, step)


def start() -> dict[str, Diagram]:
    new = trias.new_game(4, seed=5)
    view = trias.view(new, None)
    setup = Diagram(
        "trias",
        new,
        figures={"tiles": len(view["tiles"]), "seas": len(view["interior_seas"])},
    )
    placing = new
    for _ in range(4):  # the first placement round, anti-clockwise
        seat = trias.to_move(placing)[0]
        free = trias.legal_actions(placing, seat)
        placing = trias.apply(placing, seat, free[len(free) // 3])
    seat = trias.to_move(placing)[0]
    place = Diagram(
        "trias",
        placing,
        seat,
        tuple(trias.legal_actions(placing, seat)),
        figures={"who": COLOURS[seat]},
    )
    small = trias.new_game(2, seed=5)
    two = Diagram("trias", small, figures={"tiles": len(trias.view(small, None)["tiles"])})
    return {"setup": setup, "setup_two": two, "place": place}


def diagrams() -> dict[str, Diagram]:
    return {
        **start(),
        **drifting(),
        **actions(),
        **example_2(),
        "ex3": example_3(),
        "end": _scores_beside(played_out("trias", 3, seed=7)),
    }
