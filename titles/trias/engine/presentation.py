"""What players see: ``view`` (TS16: only one's own hand card) and ``describe``."""

from __future__ import annotations

from functools import reduce

from games.engines.base import IllegalAction, gettext_lazy

from .board import CAPACITY, LANDSCAPE_NAMES, format_pos
from .cards import CARD_NAMES, METEORITE, deck2, deck2_size
from .notation import parse
from .rules import (
    COLOURS,
    drew_and_played,
    final_detail,
    label,
    played_hand_card,
    swimmer_count,
    tile_count,
)
from .scoring import interim_land_mass
from .state import ACTIONS, CARD, OVER, State


def _pos(p) -> list[int]:
    return [p[0], p[1]]


def view(state: State, seat: int | None) -> dict:
    n = state.num_players
    board = state.board
    at = state.herds_at()
    land = board.land
    tiles = []
    for p in sorted(land):
        herds = at.get(p, ())
        counts = [0] * n
        for h in herds:
            counts[h.owner] += 1
        tiles.append(
            {
                "pos": _pos(p),
                "landscape": land[p],
                "name": LANDSCAPE_NAMES[land[p]],
                "capacity": CAPACITY[land[p]],
                "herds": counts,
                "may_reproduce": sum(1 for h in herds if h.owner == state.current and h.fertile),
                "land_mass": board.mass_of[p],
                "main": board.mass_of[p] == board.main,
            }
        )
    swimmers = []
    for p in sorted(at):
        if p in land:
            continue
        counts = [0] * n
        for h in at[p]:
            counts[h.owner] += 1
        swimmers.append({"pos": _pos(p), "herds": counts})
    on_land = [0] * n
    swimming = [0] * n
    for h in state.herds:
        if h.pos in land:
            on_land[h.owner] += 1
        else:
            swimming[h.owner] += 1
    d2 = deck2_size(n)
    over = state.phase == OVER
    seats = [
        {
            "seat": s,
            "colour": COLOURS[s],
            "score": state.scores[s],
            "stock": state.stock[s],
            "on_land": on_land[s],
            "swimmers": swimming[s],
            "has_hand_card": bool(state.hands[s]),
            "eliminated": s in state.eliminated,
        }
        for s in range(n)
    ]
    result = {
        "game": "trias",
        "num_players": n,
        "seats": seats,
        "order": list(state.order),
        "phase": state.phase,
        "turn": state.turn,
        "current": None if over else state.current,
        "to_move": [] if over else [state.current],
        "actions_left": state.actions_left,
        "card": state.card or None,
        "card_name": CARD_NAMES.get(state.card) if state.card else None,
        "last_round": state.last_round,
        "last_round_to_play": list(state.last_queue),
        "tiles": tiles,
        "swimmers": swimmers,
        "land_masses": [
            {"id": i, "tiles": [_pos(p) for p in sorted(m)], "main": i == board.main}
            for i, m in enumerate(board.masses)
        ],
        "main_land_mass": [_pos(p) for p in sorted(board.masses[board.main])]
        if board.main >= 0
        else [],
        "interior_seas": [_pos(p) for p in board.interior_sea_positions()],
        "scores": list(state.scores),
        "stock": list(state.stock),
        "eliminated": list(state.eliminated),
        "hand": state.hands[seat] or None if seat is not None and 0 <= seat < n else None,
        "deck": {
            "left": len(state.deck),
            "deck1_left": max(0, len(state.deck) - d2),
            "deck2_left": min(len(state.deck), d2),
            "deck2_composition": {CARD_NAMES[k]: v for k, v in deck2(n).items()},
        },
        "removed_tiles": [LANDSCAPE_NAMES[k] for k in state.removed],
        "scored": [_pos(p) for p in state.scored],
        "log": list(state.log),
        "final": None,
    }
    if result["hand"]:
        result["hand_name"] = CARD_NAMES[result["hand"]]
    if over:
        result["final"] = [
            {
                "tiles": [_pos(p) for p in item["tiles"]],
                "herds": [item["herds"][s] for s in range(n)],
                "points": [item["points"].get(s, 0) for s in range(n)],
            }
            for item in final_detail(state)
        ]
    return result


def describe(state: State, seat: int, action: str) -> str:
    """One plain sentence; ``state`` is the position before the action."""
    who = label(seat)
    try:
        kind, args = parse(action)
    except IllegalAction:
        return gettext_lazy("%(who)s plays %(action)s.", who=who, action=action)
    board = state.board
    if kind == "place":
        kind_name = LANDSCAPE_NAMES.get(board.land.get(args[0], ""), "")
        return gettext_lazy(
            "%(who)s places 2 herds on the %(landscape)s tile at %(at)s.",
            who=who,
            landscape=kind_name,
            at=format_pos(args[0]),
        )
    # A card is named only when this action really plays it (TS16): never another
    # seat's hand card, nor the top of the deck outside that seat's Phase 1.
    playing = state.phase == CARD and seat == state.current
    if kind == "play":
        card = state.hands[seat] if playing and 0 <= seat < len(state.hands) else ""
        if not card:
            return gettext_lazy("%(who)s plays the hand card.", who=who)
        return played_hand_card(who, card)
    if kind == "draw":
        card = state.deck[0] if playing and state.deck else ""
        if not card:
            return gettext_lazy("%(who)s draws a card.", who=who)
        if card == METEORITE:
            return gettext_lazy(
                "%(who)s draws the Meteorite Impact: the last round begins.", who=who
            )
        return drew_and_played(who, card)
    if kind == "drift":
        p, d = args
        name = LANDSCAPE_NAMES.get(board.land.get(p, ""), "")
        params = {"who": who, "landscape": name, "from": format_pos(p), "to": format_pos(d)}
        if p in board.land and state.num_players > 2:
            mass = interim_land_mass(board, p, d)
            if mass is not None:
                return gettext_lazy(
                    "%(who)s drifts the %(landscape)s tile from %(from)s to %(to)s, "
                    "scoring a land mass of %(tiles)s.",
                    tiles=tile_count(len(mass)),
                    **params,
                )
        return gettext_lazy(
            "%(who)s drifts the %(landscape)s tile from %(from)s to %(to)s.", **params
        )
    if kind in ("move", "move+"):
        a, b = args
        return gettext_lazy(
            "%(who)s moves a herd from %(from)s to %(to)s.",
            who=who,
            **{"from": format_pos(a)},
            to=format_pos(b),
        )
    if kind == "rescue":
        steps = [
            gettext_lazy("%(from)s to %(to)s", **{"from": format_pos(a)}, to=format_pos(b))
            for a, b in args
        ]
        return gettext_lazy(
            "%(who)s rescues %(swimmers)s: %(steps)s.",
            who=who,
            swimmers=swimmer_count(len(args)),
            steps=reduce(
                lambda first, last: gettext_lazy("%(first)s and %(last)s", first=first, last=last),
                steps,
            ),
        )
    if kind == "reproduce":
        return gettext_lazy(
            "A herd of %(who)s on %(at)s reproduces.", who=who, at=format_pos(args[0])
        )
    return gettext_lazy("%(who)s ends the turn.", who=who)


def plays_forced(state: State, seat: int, action: str) -> bool:
    """Whether a step whose only legal action is ``action`` may be played for its
    player at once (the site's forced steps). Board steps may: placements, drifts,
    moves, rescues, reproductions and ``end`` (Phase 2, Optional Actions: an ``end``
    that is the only action, as no action is left that the board allows) are forced
    by the board everyone sees. The Phase 1 card choice (``play``/``draw``) may not:
    that it was forced would tell the others about the hand, and a draw uncovers a
    card its player may want to take in their own time."""
    try:
        kind, _ = parse(action)
    except IllegalAction:
        return False
    return kind not in ("play", "draw")


def reveals_information(state: State, seat: int, action: str) -> bool:
    """Card choices reveal a card; a Phase 2 action reveals one only when it ends the
    turn with a Phase 4 draw. Moves, rescues, reproductions and drifts otherwise do
    not, so the site may take them back until the turn ends."""
    try:
        kind, _ = parse(action)
    except IllegalAction:
        return False
    if kind in ("play", "draw"):
        return True
    if state.phase != ACTIONS or seat != state.current:
        return False
    cost = 3 if kind == "drift" else 1
    ends = kind == "end" or cost >= state.actions_left
    return ends and state.hand_played and not state.last_round
