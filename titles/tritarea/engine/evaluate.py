"""A quick estimate of a seat's chances, for the search bot (``games.computer.players``).

It projects the scores as if the round ended now (area majorities and tallest building
of the current board added to the score track) and compares the seat with its best
rival: the other team in the 2-person game, the other people with 3 people, every
other seat with 1 or 4 people. The difference maps smoothly into [0, 1]. Once the game
is over the scores alone count (the last round's board is scored already): what a
search that values a finished game by its margin reads.
"""

from __future__ import annotations

import math
from functools import lru_cache

from . import seats
from .board import AREAS
from .rules import NPC
from .scoring import area_points, tallest_points
from .state import OVER, State

SCALE = 15.0  # points of lead that make a position clearly better


@lru_cache(maxsize=4096)
def board_points(board) -> tuple[int, ...]:
    """What each seat would score for ``board`` if the round ended now (areas and
    tallest building); cached, as a search judges the same board again and again (a
    card play leaves it as it was)."""
    points = [0] * seats.NUM_SEATS
    for area in AREAS:
        for seat, earned in area_points(board, area).items():
            points[seat] += earned
    for _square, owner, earned in tallest_points(board):
        points[owner] += earned
    return tuple(points)


def projected_scores(state: State) -> list[int]:
    if state.phase == OVER:
        return list(state.scores)  # the last round's board is scored already
    extras = board_points(state.board)
    return [score + extra for score, extra in zip(state.scores, extras, strict=True)]


def evaluate(state: State, seat: int) -> float:
    projected = projected_scores(state)
    n = state.num_players
    if n == 2:
        team = {k: sum(projected[s] for s in members) for k, members in seats.TEAMS.items()}
        mine = team[seats.TEAM_OF[seat]]
        rival = max(v for k, v in team.items() if k != seats.TEAM_OF[seat])
    else:
        npc = NPC[n]
        rivals = [
            projected[s] for s in range(seats.NUM_SEATS) if s != seat and (n != 3 or not npc[s])
        ]
        mine = projected[seat]
        rival = max(rivals) if rivals else 0
    return 0.5 + 0.5 * math.tanh((mine - rival) / SCALE)
