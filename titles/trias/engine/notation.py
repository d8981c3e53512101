"""Trias action notation: parse and print.

Positions are axial coordinates ``q,r`` with the South Pole at ``0,0`` (TS1); the
board drawing labels every hex with them. Actions:

==================  ============================================================
``p 0,1``           setup: place 2 herds on the tile at 0,1 (TS11)
``play``            Phase 1: play your hand card
``draw``            Phase 1: draw a card and play it
``d 1,-2>2,-3``     drift the tile at 1,-2 to 2,-3 (Phase 1, or 3 actions in Phase 2)
``m 0,1>1,1``       move one of your herds from 0,1 to the adjacent tile 1,1
``m+ 0,1>1,1``      the same, naming a herd that may still reproduce this turn
``r 2,-3>2,-2 3,-3>2,-2``  rescue up to three of your swimmers, each to an adjacent tile
``+ 0,1``           one of your herds on 0,1 reproduces
``end``             end your turn (Phases 3 and 4 follow)
==================  ============================================================

Parsing forgives case and spaces (``M 0, 1 > 1, 1``), and the pairs of a rescue may
come in any order.

``m`` moves, when both kinds are there, a herd that can no longer reproduce this
turn (it was born or already reproduced), so the herds that still may reproduce stay;
``m+`` is offered only when the tile holds both kinds. A rescue takes swimmers that
may still reproduce first. The pairs of a rescue are written in sorted order.
"""

from __future__ import annotations

import re

from games.engines.base import UnknownAction, gettext_lazy

from .board import Pos, format_pos

_POS = re.compile(r"^(-?\d+),(-?\d+)$")
# Spaces around the ">" of a step and the "," of a position ("0, 1 > 1, 1") are dropped.
_SPACED = re.compile(r"\s*([>,])\s*")

HELP = gettext_lazy(
    "actions are written like %(examples)s or %(end)s",
    examples="'play', 'draw', 'p 0,1', 'd 1,-2>2,-3', 'm 0,1>1,1', 'r 2,-3>2,-2', '+ 0,1'",
    end="'end'",
)


def parse_pos(text: str) -> Pos:
    match = _POS.match(text)
    if not match:
        raise UnknownAction(
            gettext_lazy("%(text)s is not a position: write it as q,r, e.g. 1,-2", text=repr(text))
        )
    return int(match.group(1)), int(match.group(2))


def parse_step(text: str) -> tuple[Pos, Pos]:
    if text.count(">") != 1:
        raise UnknownAction(
            gettext_lazy(
                "%(text)s is not a step: write it as from>to, e.g. 0,1>1,1", text=repr(text)
            )
        )
    a, b = text.split(">")
    return parse_pos(a), parse_pos(b)


def step(a: Pos, b: Pos) -> str:
    return f"{format_pos(a)}>{format_pos(b)}"


def parse(action: str) -> tuple[str, tuple]:
    """``(kind, arguments)`` of an action; ``UnknownAction`` if it is not notation.

    Kinds: ``place (pos,)``, ``play ()``, ``draw ()``, ``drift (p, d)``,
    ``move (a, b)``, ``move+ (a, b)``, ``rescue ((a, b), ...)``,
    ``reproduce (pos,)``, ``end ()``.
    """
    if not isinstance(action, str):
        raise UnknownAction(_not_an_action(action))
    text = _SPACED.sub(r"\1", " ".join(action.split()))
    words = text.split(" ")
    head, rest = words[0].lower(), words[1:]
    if head in ("play", "draw", "end") and not rest:
        return head, ()
    if head == "p" and len(rest) == 1:
        return "place", (parse_pos(rest[0]),)
    if head == "+" and len(rest) == 1:
        return "reproduce", (parse_pos(rest[0]),)
    if head in ("d", "m", "m+") and len(rest) == 1:
        kind = {"d": "drift", "m": "move", "m+": "move+"}[head]
        return kind, parse_step(rest[0])
    if head == "r" and 1 <= len(rest) <= 3:
        return "rescue", tuple(sorted(parse_step(w) for w in rest))
    if head == "r":
        raise UnknownAction(
            gettext_lazy(
                "a rescue takes one to three swimmers, e.g. %(example)s", example="'r 2,-3>2,-2'"
            )
        )
    raise UnknownAction(_not_an_action(action))


def _not_an_action(action):
    return gettext_lazy("%(text)s is not an action: %(help)s", text=repr(action), help=HELP)


def unparse(kind: str, args: tuple) -> str:
    """The canonical text of a parsed action."""
    if kind in ("play", "draw", "end"):
        return kind
    if kind == "place":
        return f"p {format_pos(args[0])}"
    if kind == "reproduce":
        return f"+ {format_pos(args[0])}"
    if kind == "drift":
        return f"d {step(*args)}"
    if kind == "move":
        return f"m {step(*args)}"
    if kind == "move+":
        return f"m+ {step(*args)}"
    if kind == "rescue":
        return "r " + " ".join(step(a, b) for a, b in sorted(args))
    raise ValueError(kind)
