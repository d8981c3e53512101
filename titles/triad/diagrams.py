"""Triad's rules diagrams (rulebook: Setup, How to Play, Creating a Triad)."""

from __future__ import annotations

from learn.diagrams import Diagram, played_out, showing
from titles.triad import engine as triad
from titles.triad.engine.rules import BLACK

ROMAN = {1: "I", 2: "II", 3: "III"}

# A move: Black's II on c1 may turn to I (one cell) or III (three cells).
OPENING = """
6  W1 W1 W2 W2 W3 W3
5  .  .  .  .  .  .
4  .  .  .  .  .  .
3  .  .  .  .  .  .
2  .  .  .  .  .  .
1  B1 B1 B2 B2 B3 B3
"""

# A Triad: White's I on d4 between two Black dice' reach; Black's II on c1 turns to
# III and moves to c4, next to d4 (I) and Black's own II on e4: III, I, II.
TRIAD = """
6  W1 .  W2 .  W3 W3
5  .  .  .  .  .  .
4  .  .  .  W1 B2 .
3  .  .  .  .  .  .
2  .  W2 .  .  .  .
1  B1 B1 B2 .  B3 .
"""

# No normal move (rulebook "When no move is possible"): the I on a1 cannot travel
# exactly two or three cells in any direction, so Black turns or slides it instead.
NO_MOVE = """
6  .  .  .  .  .  .
5  .  .  .  .  .  .
4  W1 .  .  .  .  .
3  W2 .  W3 .  .  .
2  .  .  .  .  .  .
1  B1 .  W3 .  .  .
"""


def _cells_by_value(state, frm: str) -> dict[str, list[str]]:
    """Where the die on ``frm`` may go, by the value it turns to (from the engine)."""
    out: dict[str, list[str]] = {}
    for action in triad.legal_actions(state, BLACK):
        if action.startswith(f"{frm}-"):
            to, value = action[3:].split("=")
            out.setdefault(ROMAN[int(value)], []).append(to)
    return out


def diagrams() -> dict[str, Diagram]:
    start = triad.new_game(2, seed=12)
    view = triad.view(start, None)
    black = [ROMAN[view["board"][f"{c}1"]["value"]] for c in "abcdef"]
    white = [ROMAN[view["board"][f"{c}6"]["value"]] for c in "fedcba"]
    setup = Diagram("triad", start, figures={"black": black, "white": white})

    opening = triad.from_diagram(OPENING)
    reach = _cells_by_value(opening, "c1")
    move = showing(
        "triad", opening, BLACK, "c1-c4=3", one=reach.get("I", []), three=reach.get("III", [])
    )
    moved = triad.apply(opening, BLACK, "c1-c4=3")
    after_move = Diagram(
        "triad", moved, figures={"text": triad.describe(opening, BLACK, "c1-c4=3")}
    )

    before = triad.from_diagram(TRIAD)
    make = showing("triad", before, BLACK, "c1-c4=3")
    made = triad.apply(before, BLACK, "c1-c4=3")
    candidates = tuple(triad.legal_actions(made, BLACK))
    choose = Diagram(
        "triad",
        made,
        BLACK,
        candidates,
        figures={"candidates": [a[2:] for a in candidates]},
    )
    removed = triad.apply(made, BLACK, "x e4")
    after_removal = Diagram(
        "triad",
        removed,
        figures={
            "removed": removed.removed[BLACK],
            "to_win": triad.rules.REMOVALS_TO_WIN,
            "text": triad.describe(made, BLACK, "x e4"),
        },
    )
    stuck = triad.from_diagram(NO_MOVE)
    no_move = showing(
        "triad",
        stuck,
        BLACK,
        "a1=3",
        choices=list(triad.legal_actions(stuck, BLACK)),
        text=triad.describe(stuck, BLACK, "a1=3"),
    )
    return {
        "setup": setup,
        "no_move": no_move,
        "end": played_out("triad", 2, seed=7),
        "move": move,
        "after_move": after_move,
        "make_triad": make,
        "choose_removal": choose,
        "after_removal": after_removal,
    }
