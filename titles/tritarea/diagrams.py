"""Tri*T*Area's rules diagrams: tricks and who builds, construction, additional
blocks, scoring (the tallest-building tie) and the rulebook's Q&A, each a position
of the engine (``State`` fields set with ``dataclasses.replace``, then played on
through ``apply`` where the rule is a move) and its figures from the engine's own
scoring functions."""

from __future__ import annotations

import random
from dataclasses import replace

from learn.diagrams import Diagram, played_out, refusal
from titles.tritarea import engine as tt
from titles.tritarea.engine import rules, scoring
from titles.tritarea.engine.board import AREAS, EMPTY_BOARD, SQUARE_INDEX
from titles.tritarea.engine.seats import COLOURS

BLACK, WHITE, ORANGE, PURPLE = range(4)
AREA_NAME = {letter: name for letter, (name, *_rest) in AREAS.items()}


def board(stacks: dict[str, tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """A board from ``{"c2": (BLACK, WHITE)}``: square -> colours bottom to top."""
    squares = list(EMPTY_BOARD)
    for name, stack in stacks.items():
        squares[SQUARE_INDEX[name]] = tuple(stack)
    return tuple(squares)


def at(round_no: int = 1, **fields) -> tt.State:
    """A four-person game of ``round_no`` with ``fields`` replaced."""
    state = tt.new_game(4, seed=3)
    blocks = rules.ROUNDS[round_no][1]
    base = {
        "round": round_no,
        "trick_no": 3,
        "start_player": BLACK,
        "leader": BLACK,
        "blocks": (blocks,) * 4,
        "scores": (8, 8, 8, 8),
        "log": (),
    }
    return replace(state, **{**base, **fields})


def _gained(before, after) -> dict[str, int]:
    return {
        COLOURS[s]: after.scores[s] - before.scores[s]
        for s in range(4)
        if after.scores[s] != before.scores[s]
    }


def _rights(state) -> list[dict]:
    return [{"colour": COLOURS[s], "rank": rank} for s, rank in state.rights]


def tricks() -> dict[str, Diagram]:
    hands = (("I2", "E4", "H1"), ("E7", "H9"), ("I8", "H2"), ("M9", "I1", "E3"))
    played = ((BLACK, "M6", 6), (WHITE, "M3", 3), (ORANGE, "H8", 8))
    before = at(phase="play", trick=played, hands=hands)
    after = tt.apply(before, PURPLE, "p M9")
    majority = Diagram(
        "tritarea",
        after,
        figures={"adopted": AREA_NAME[after.adopted], "rights": _rights(after)},
    )
    hands = (("I2", "E4", "H1"), ("E7", "H9"), ("I8", "H4"), ("M2", "I1", "E3"))
    played = ((BLACK, "H7", 7), (WHITE, "H3", 3), (ORANGE, "M8", 8))
    before = at(phase="play", trick=played, hands=hands)
    after = tt.apply(before, PURPLE, "p M2")
    tie = Diagram(
        "tritarea",
        after,
        figures={
            "adopted": AREA_NAME[after.adopted],
            "rights": _rights(after),
            "spreads": {"Happiness": 7 - 3, "Modern": 8 - 2},
        },
    )
    # Building: White (first right, rank 3) then Purple (second right, rank 9).
    built = tt.apply(majority.state, WHITE, "b d1")
    white_bonus = _gained(majority.state, built)
    done = tt.apply(built, PURPLE, "b d2 d2")
    construction = Diagram(
        "tritarea",
        done,
        figures={
            "bonus": white_bonus.get("White", 0),
            "height": len(done.board[SQUARE_INDEX["d2"]]),
        },
    )
    return {"trick": majority, "trick_tie": tie, "construction": construction}


def extra() -> dict[str, Diagram]:
    """Additional construction (TT2) and Q&A 1: an extra block on an empty bonus square
    earns the bonus."""
    stacks = {"c1": (WHITE, BLACK), "b3": (ORANGE,)}
    building = at(phase="build", adopted="I", rights=((BLACK, 2), (WHITE, 7)), builder=0,
                  board=board(stacks), trick=((BLACK, "I2", 2), (WHITE, "I7", 7),
                  (ORANGE, "E4", 4), (PURPLE, "H1", 1)), hands=((), (), (), ()))  # fmt: skip
    placed = tt.apply(building, BLACK, "b b1")
    offer = Diagram(
        "tritarea",
        placed,
        BLACK,
        tuple(tt.legal_actions(placed, BLACK)),
        figures={"targets": [a[2:] for a in tt.legal_actions(placed, BLACK) if a != "pass"]},
    )
    after = tt.apply(placed, BLACK, "x a1")
    bonus = Diagram("tritarea", after, figures={"gained": _gained(placed, after).get("Black", 0)})
    # Q&A 5: a rights holder may refuse to build and loses the rank of their card.
    refusing = at(phase="build", adopted="E", rights=((ORANGE, 4), (WHITE, 7)), builder=0,
                  trick=((BLACK, "H2", 2), (WHITE, "E7", 7), (ORANGE, "E4", 4),
                  (PURPLE, "M1", 1)), hands=((), (), (), ()))  # fmt: skip
    passed = tt.apply(refusing, ORANGE, "pass")
    default = Diagram(
        "tritarea",
        refusing,
        ORANGE,
        tuple(tt.legal_actions(refusing, ORANGE)),
        figures={"lost": -_gained(refusing, passed).get("Orange", 0), "rank": 4},
    )
    return {"extra": offer, "extra_bonus": bonus, "default": default}


def scoring_diagrams() -> dict[str, Diagram]:
    # Areas: in Happiness Black and White top two buildings each; White's are taller.
    # Modern holds one building only; Ecology none.
    stacks = {
        "a2": (WHITE, BLACK),
        "b3": (BLACK,),
        "a3": (BLACK, ORANGE, WHITE),
        "a4": (WHITE,),
        "d2": (PURPLE, PURPLE),
        "a1": (ORANGE,),
        "b1": (BLACK,),
        "c1": (ORANGE, ORANGE),
    }
    areas_board = board(stacks)
    areas = Diagram(
        "tritarea",
        at(phase="play", board=areas_board, trick_no=8, hands=(("E1",), ("E2",), ("E3",), ("E6",))),
        figures={
            AREA_NAME[a]: {COLOURS[s]: p for s, p in scoring.area_points(areas_board, a).items()}
            for a in AREAS
        },
    )
    # The tallest building: two of height 4, so each majority holder gets 6.
    stacks = {
        "b2": (BLACK, WHITE, BLACK, ORANGE),
        "d3": (WHITE, ORANGE, ORANGE, WHITE),
        "a4": (ORANGE, ORANGE),
    }
    tall_board = board(stacks)
    tall = Diagram(
        "tritarea",
        at(phase="play", board=tall_board, trick_no=8, hands=(("E1",), ("E2",), ("E3",), ("E6",))),
        figures={"tallest": _tallest(tall_board)},
    )
    # Q&A: four buildings tied for tallest, A (Black) leads three and B (White) one.
    stacks = {
        "a1": (BLACK, BLACK, WHITE),
        "c2": (WHITE, BLACK, BLACK),
        "d3": (BLACK, WHITE, BLACK),
        "b4": (WHITE, WHITE, BLACK),
    }
    four_board = board(stacks)
    four = Diagram(
        "tritarea",
        at(phase="play", board=four_board, trick_no=8, hands=(("E1",), ("E2",), ("E3",), ("E6",))),
        figures={
            "tallest": _tallest(four_board),
            "totals": _totals(scoring.tallest_points(four_board)),
        },
    )
    return {"areas": areas, "tallest": tall, "tallest_four": four}


def _tallest(board_) -> list[dict]:
    from titles.tritarea.engine.board import SQUARES

    return [
        {"square": SQUARES[sq], "colour": COLOURS[owner], "points": pts}
        for sq, owner, pts in scoring.tallest_points(board_)
    ]


def _totals(items) -> dict[str, int]:
    out: dict[str, int] = {}
    for _sq, owner, pts in items:
        out[COLOURS[owner]] = out.get(COLOURS[owner], 0) + pts
    return out


def round_three() -> dict[str, Diagram]:
    """The block sale (Q&A: selling all nine gives 27) and a declared 5 bought as 10."""
    selling = at(round_no=3, phase="sell", sell_order=(BLACK, PURPLE, ORANGE, WHITE), trick_no=1,
                 scores=(12, 9, 4, 15), lead=("I5=10", "M7", "H3", "E2"), lead_revealed=True,
                 hands=(("I1", "E4"), ("E7", "H9"), ("I8", "H4"), ("M2", "I1")))  # fmt: skip
    sold = tt.apply(selling, BLACK, "sell 9")
    sale = Diagram(
        "tritarea",
        sold,
        figures={"gained": _gained(selling, sold).get("Black", 0), "left": sold.blocks[BLACK]},
    )
    # Lead area: Black declared I5 as 10 (paid 2 at the reveal) and is first in
    # Intelligent at the end of round 3; White declared Modern and is third there.
    end_board = board({"a1": (BLACK,), "b1": (BLACK, WHITE, BLACK), "d1": (ORANGE,),
                       "c2": (PURPLE,), "d2": (WHITE,), "d3": (ORANGE, PURPLE)})  # fmt: skip
    _scores, lines = scoring.round_scoring(
        round_no=3,
        board=end_board,
        scores=(10, 10, 10, 10),
        hands=((), (), (), ()),
        lead=("I5=10", "M7", "H3", "E2"),
        blocks=(0, 0, 0, 0),
        npc=(False,) * 4,
        labels=tuple(COLOURS),
    )
    lead_lines = [line for line in lines if line.startswith("Lead area")]
    lead = Diagram(
        "tritarea",
        at(round_no=3, phase="play", board=end_board, trick_no=8, lead=("I5=10", "M7", "H3", "E2"),
           lead_revealed=True, blocks=(0, 0, 0, 0), hands=(("E1",), ("E2",), ("E3",), ("E6",))),
        figures={
            "black_lead": scoring.place_in_area(end_board, "I", BLACK),
            "black_gain": _lead_points(lead_lines, "Black"),
            "white_place": scoring.place_in_area(end_board, "M", WHITE),
            "white_gain": _lead_points(lead_lines, "White"),
            "cost": tt.cards.parse_played("I5=10")[2],
            "lines": lead_lines,
        },
    )  # fmt: skip
    # Q&A: two players declare the same area (round 2): each first place scores.
    tie_board = board({"a1": (BLACK,), "c1": (WHITE,), "d1": (ORANGE, PURPLE)})
    _scores, lines = scoring.round_scoring(
        round_no=2,
        board=tie_board,
        scores=(10, 10, 10, 10),
        hands=(("I4",), ("I6",), ("M2",), ("E3",)),
        lead=("", "", "", ""),
        blocks=(0, 0, 0, 0),
        npc=(False,) * 4,
        labels=tuple(COLOURS),
    )
    intent = Diagram(
        "tritarea",
        at(round_no=2, phase="play", board=tie_board, trick_no=8,
           hands=(("I4",), ("I6",), ("M2",), ("E3",))),
        BLACK,
        figures={
            "lines": [line for line in lines if line.startswith("Declaration")],
            "black": _line_points(lines, "Declaration of intent: Black "),
            "white": _line_points(lines, "Declaration of intent: White "),
        },
    )  # fmt: skip
    return {"sale": sale, "lead_area": lead, "intent": intent}


def _line_points(lines: list[str], start: str) -> int:
    """The points at the end of the scoring line that begins with ``start``."""
    line = next(line for line in lines if line.startswith(start))
    last = line.rsplit(" ", 1)[1]
    return int(last) if last.lstrip("+-").isdigit() else 0


def _lead_points(lines: list[str], colour: str) -> int:
    return _line_points(lines, f"Lead area: {colour} ")


def computer() -> Diagram:
    """A solo game played on until its person decides where a computer seat builds."""
    rng = random.Random(4)
    state = tt.new_game(1, seed=4)
    while rules.deciding_for(state) is None or state.phase != "build":
        seat = tt.to_move(state)[0]
        state = tt.apply(state, seat, rng.choice(tt.legal_actions(state, seat)))
    actions = tuple(tt.legal_actions(state, 0))
    return Diagram(
        "tritarea",
        state,
        0,
        actions,
        figures={
            "npc": rules.LABELS[1][rules.deciding_for(state)],
            "refused": refusal("tritarea", state, 0, "pass"),
        },
    )


def start() -> Diagram:
    from titles.tritarea.engine.board import AREA_SQUARES, BONUS_SQUARES, SQUARES

    state = tt.new_game(4, seed=3)
    areas = []
    for letter, (name, colour, first, second) in AREAS.items():
        squares = [SQUARES[i] for i in AREA_SQUARES[letter]]
        bonus = [(sq, BONUS_SQUARES[sq]) for sq in squares if sq in BONUS_SQUARES]
        areas.append(
            {
                "letter": letter,
                "name": name,
                "colour": colour,
                "first": first,
                "second": second,
                "squares": squares,
                "bonus_square": bonus[0][0] if bonus else "",
                "bonus": bonus[0][1] if bonus else 0,
            }
        )
    rounds = [
        {"round": n, "cards": cards, "blocks": blocks, "fives": fives}
        for n, (cards, blocks, fives) in rules.ROUNDS.items()
    ]
    return Diagram(
        "tritarea",
        state,
        state.leader,
        tuple(tt.legal_actions(state, state.leader)),
        figures={
            "cards": len(state.hands[state.leader]),
            "blocks": state.blocks[state.leader],
            "areas": areas,
            "rounds": rounds,
            "colour": COLOURS[state.leader],
        },
    )


def diagrams() -> dict[str, Diagram]:
    return {
        "setup": start(),
        **tricks(),
        **extra(),
        **scoring_diagrams(),
        **round_three(),
        "computer": computer(),
        "end": played_out("tritarea", 3, seed=7),
    }
