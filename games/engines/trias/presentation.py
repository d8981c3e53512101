"""What players see: ``view`` (TS16: only one's own hand card) and ``describe``."""

from __future__ import annotations

from ..base import IllegalAction
from .board import CAPACITY, LANDSCAPE_NAMES, format_pos
from .cards import CARD_NAMES, METEORITE, deck2, deck2_size
from .notation import parse
from .rules import COLOURS, count, final_detail, label
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
        return f"{who} plays {action}."
    board = state.board
    if kind == "place":
        kind_name = LANDSCAPE_NAMES.get(board.land.get(args[0], ""), "")
        return f"{who} places 2 herds on the {kind_name} tile at {format_pos(args[0])}."
    # A card is named only when this action really plays it (TS16): never another
    # seat's hand card, nor the top of the deck outside that seat's Phase 1.
    playing = state.phase == CARD and seat == state.current
    if kind == "play":
        card = state.hands[seat] if playing and 0 <= seat < len(state.hands) else ""
        if not card:
            return f"{who} plays the hand card."
        return f"{who} plays the hand card: {CARD_NAMES[card]}."
    if kind == "draw":
        card = state.deck[0] if playing and state.deck else ""
        if not card:
            return f"{who} draws a card."
        if card == METEORITE:
            return f"{who} draws the Meteorite Impact: the last round begins."
        return f"{who} draws and plays a card: {CARD_NAMES[card]}."
    if kind == "drift":
        p, d = args
        name = LANDSCAPE_NAMES.get(board.land.get(p, ""), "")
        text = f"{who} drifts the {name} tile from {format_pos(p)} to {format_pos(d)}"
        if p in board.land and state.num_players > 2:
            mass = interim_land_mass(board, p, d)
            if mass is not None:
                text += f", scoring a land mass of {count(len(mass), 'tile', 'tiles')}"
        return text + "."
    if kind in ("move", "move+"):
        a, b = args
        return f"{who} moves a herd from {format_pos(a)} to {format_pos(b)}."
    if kind == "rescue":
        steps = " and ".join(f"{format_pos(a)} to {format_pos(b)}" for a, b in args)
        return f"{who} rescues {count(len(args), 'swimmer', 'swimmers')}: {steps}."
    if kind == "reproduce":
        return f"A herd of {who} on {format_pos(args[0])} reproduces."
    return f"{who} ends the turn."


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
