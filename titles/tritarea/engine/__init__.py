"""Tri*T*Area (Masaru Ikeda) for 1-4 people; always four seats, the rest computer-run.

The engine protocol of :mod:`games.engines.base`; the rules live in small modules:

- ``board``: the printed board as data (TT1); ``cards``: the planning cards and 5s (TT3)
- ``trick``: adopted concept and building rights; ``construction``: placing blocks (TT2)
- ``scoring``: end-of-round scoring (TT4, TT5, TT6, TT9)
- ``npc``: computer seats and who decides for them (TT8); ``seats``: seat layouts
- ``rules``: the game flow; ``view``: secrets (TT11) and descriptions
- ``notation``: the action notation (``p H7``, ``b c2``, ``b c2 c2``, ``x d2``, ``pass``,
  ``sell 3``, ``lead M4``); ``determinize``: re-drawing hidden cards for bots;
  ``evaluate``: a quick position estimate for the search bot

Seats: 4 people 0-3 clockwise; 3 people at 0-2 with the NPC at 3; 2 people in the
rulebook's team order A b B a (people at 0 and 2, NPC b at 1 and NPC a at 3; teams
A = {0, 3}, B = {2, 1}); 1 person at 0 with NPCs at 1-3.

Outcome: ``scores`` are the seat scores, except in the 2-person team game where each
seat gets its team's total. ``winners``: the people with the most points (3 and 4
people; NPCs never win a 3-person game); in the team game both seats of the winning
team (all four on a tie, a draw); in the solo game seat 0 when it has at least as many
points as every NPC, with the title from the lowest NPC score in ``reason``, else the
leading NPC seat(s).
"""

from __future__ import annotations

from games.engines.base import Option, Outcome, gettext_lazy

from . import seats as _seats
from .determinize import determinize
from .evaluate import evaluate
from .rules import (
    apply,
    legal_actions,
    outcome,
    parse,
    plays_forced,
    reveals_information,
    to_move,
)
from .rules import new_game as _new_game
from .state import State, from_json, to_json
from .view import describe, view

# Where the rulebook and rulings TT1-TT11 are silent, these site rules decide (for the
# game's help page; each is implemented and tested where its module says).
SITE_RULES: tuple[str, ...] = (
    gettext_lazy(
        "Round 1's start player is drawn at random among the people; the solo player starts."
    ),
    gettext_lazy(
        "Start player of rounds 2 and 3: on a tie, the tied seat first clockwise from "
        "the previous start player (who stays start player when tied); computer seats can "
        "become start player."
    ),
    gettext_lazy(
        "Round 3 runs: deal, secret lead-area declarations, reveal, block sale, eight tricks. "
        "A 5 declared as 0 or 10 is paid at the reveal, so the score track keeps the secret."
    ),
    gettext_lazy(
        "A round-2 declaration-of-intent 5 that scores counts as 10 for 2 points when its "
        "holder has 2 points (always the better choice); computer seats keep 5."
    ),
    gettext_lazy(
        "After players tied for first in an area, the next colour is third (lead area: -rank)."
    ),
    gettext_lazy(
        "With 3 people, when the computer seat holds the first right and also won the previous "
        "trick (or starts the round), the person seated after it decides where it builds."
    ),
    gettext_lazy("A rights holder without blocks defaults at once and loses the played rank."),
    gettext_lazy("Solo game: a tie for most points with a computer seat still counts as success."),
    gettext_lazy("Unplaced blocks cost 2 points each at the end of round 3 only."),
)

name = "tritarea"
title = "Tri*T*Area"
min_players = 1
max_players = 4
options: dict[str, Option] = {}


def validate_options(num_players: int, options: dict | None) -> dict:
    """No options: the rules fix everything by the number of people."""
    if not isinstance(num_players, int) or not min_players <= num_players <= max_players:
        raise ValueError(
            gettext_lazy(
                "Tri*T*Area is for %(low)s to %(high)s people", low=min_players, high=max_players
            )
        )
    if options:
        unknown = ", ".join(sorted(map(str, options)))
        raise ValueError(gettext_lazy("Tri*T*Area has no options (got %(names)s)", names=unknown))
    return {}


def new_game(num_players: int, seed: int, options: dict | None = None) -> State:
    validate_options(num_players, options)
    return _new_game(num_players, seed)


def seat_count(num_players: int, options: dict | None = None) -> int:
    return _seats.NUM_SEATS


def computer_seats(num_players: int, options: dict | None = None) -> tuple[int, ...]:
    return _seats.npcs(num_players)


def seat_labels(num_players: int, options: dict | None = None) -> list[str]:
    return list(_seats.labels(num_players))


def redact_action(action: str) -> str | None:
    """The public spelling of a secret action (TT10, TT11): ``lead M4`` → ``lead ?``.

    A lead-area declaration stays hidden until every player has chosen; its reveal is
    in the public log. Every other action's notation is public when played.
    """
    return "lead ?" if action.strip().lower().startswith("lead") else None


__all__ = [
    "SITE_RULES",
    "Outcome",
    "State",
    "apply",
    "computer_seats",
    "describe",
    "determinize",
    "evaluate",
    "from_json",
    "legal_actions",
    "max_players",
    "min_players",
    "name",
    "new_game",
    "options",
    "outcome",
    "parse",
    "plays_forced",
    "redact_action",
    "reveals_information",
    "seat_count",
    "seat_labels",
    "title",
    "to_json",
    "to_move",
    "validate_options",
    "view",
]
