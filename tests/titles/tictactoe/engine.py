"""Tic-tac-toe: the engine protocol of :mod:`games.engines.base` for the smallest game
that still has turns, a winner and a draw. Pure Python, like every engine.

Seats: 0 plays X and moves first, 1 plays O. Actions are the empty squares' names,
``a1`` (bottom left) to ``c3`` (top right).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.engines.base import (
    Option,
    Outcome,
    UnknownAction,
    gettext_lazy,
    match_legal,
)

name = "tictactoe"
title = "Tic-tac-toe"
min_players = 2
max_players = 2
options: dict[str, Option] = {}

SQUARES = tuple(f"{file}{rank}" for rank in "123" for file in "abc")
LINES = (
    ("a1", "b1", "c1"), ("a2", "b2", "c2"), ("a3", "b3", "c3"),
    ("a1", "a2", "a3"), ("b1", "b2", "b3"), ("c1", "c2", "c3"),
    ("a1", "b2", "c3"), ("a3", "b2", "c1"),
)  # fmt: skip
MARKS = ("X", "O")


@dataclass(frozen=True)
class State:
    marks: tuple[str, ...] = ("",) * 9  # "", "X" or "O" per square of SQUARES
    turn: int = 0  # the seat to move


def validate_options(num_players: int, options: dict | None = None) -> dict:
    if num_players != 2:
        raise ValueError(gettext_lazy("Tic-tac-toe is for two players, not %(n)s", n=num_players))
    if options:
        raise ValueError(gettext_lazy("Tic-tac-toe has no options"))
    return {}


def new_game(num_players: int, seed: int, options: dict | None = None) -> State:
    validate_options(num_players, options)
    return State()


def seat_labels(num_players: int, options: dict | None = None) -> list[str]:
    return list(MARKS)


def _line(state: State) -> str | None:
    for line in LINES:
        marks = {state.marks[SQUARES.index(square)] for square in line}
        if len(marks) == 1 and "" not in marks:
            return marks.pop()
    return None


def outcome(state: State) -> Outcome | None:
    won = _line(state)
    if won is not None:
        seat = MARKS.index(won)
        scores = tuple(1.0 if s == seat else 0.0 for s in range(2))
        return Outcome(scores, (seat,), gettext_lazy("%(mark)s has three in a row", mark=won))
    if all(state.marks):
        return Outcome((0.5, 0.5), (0, 1), gettext_lazy("The board is full"), draw=True)
    return None


def to_move(state: State) -> tuple[int, ...]:
    return () if outcome(state) else (state.turn,)


def legal_actions(state: State, seat: int) -> list[str]:
    if seat not in to_move(state):
        return []
    return [square for square, mark in zip(SQUARES, state.marks, strict=True) if not mark]


def _spell(text: str) -> list[str]:
    square = "".join(text.split()).lower()
    if square not in SQUARES:
        raise UnknownAction(gettext_lazy("%(text)s is not a square, a1 to c3", text=text))
    return [square]


def parse(state: State, seat: int, text: str) -> str:
    """The square ``text`` names (any case and spacing), if it is empty on ``seat``'s
    turn: ``UnknownAction`` for a name that is no square, ``IllegalNow`` otherwise."""
    return match_legal(
        text,
        legal_actions(state, seat),
        _spell,
        lambda square: gettext_lazy(
            "%(action)s is not an empty square on your turn", action=square
        ),
    )


def apply(state: State, seat: int, action: str) -> State:
    action = parse(state, seat, action)
    marks = list(state.marks)
    marks[SQUARES.index(action)] = MARKS[seat]
    return replace(state, marks=tuple(marks), turn=1 - seat)


def view(state: State, seat: int | None) -> dict:
    done = outcome(state)
    return {
        "board": dict(zip(SQUARES, state.marks, strict=True)),
        "turn": state.turn,
        "scores": list(done.scores) if done else [0, 0],
    }


def describe(state: State, seat: int, action: str) -> str:
    return gettext_lazy("%(mark)s on %(square)s", mark=MARKS[seat], square=action)


def to_json(state: State) -> dict:
    return {"marks": list(state.marks), "turn": state.turn}


def from_json(data: dict) -> State:
    return State(marks=tuple(data["marks"]), turn=data["turn"])
