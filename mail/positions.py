"""The position of a game in words, for the email beside its picture: readers whose
client blocks images (it is also the picture's alt text), screen readers, and spam
filters, which distrust an email that is mostly one image.

Drawn only from ``view(state, seat)`` of the email's reader, like the picture, so it
tells nothing the reader may not see. Each sentence is whole, for translation.
"""

from __future__ import annotations

import contextlib
import re
from html import unescape

_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
NUMERALS = {1: "I", 2: "II", 3: "III"}
TRIAS_LANDS = {"M": "mountain", "S": "steppe", "W": "wood"}


def describe(engine: str, view: dict, svg: str = "") -> list[str]:
    """Sentences that say what the board shows: the board's own title first (what it
    says above or below the drawing), then the pieces."""
    lines = []
    title = _TITLE.search(svg)
    if title:
        lines.append(_sentence(unescape(title.group(1))))
    describer = {"triad": _triad, "trias": _trias, "tritarea": _tritarea}.get(engine)
    if describer is not None:
        # a view this code does not know yet: the title still says something
        with contextlib.suppress(KeyError, TypeError, ValueError, IndexError):
            lines += describer(view)
    return lines


def _sentence(text: str) -> str:
    text = " ".join(text.replace(" · ", ", ").split())
    return text if text.endswith((".", "!", "?")) else text + "."


def _triad(view: dict) -> list[str]:
    players = view.get("players") or ["Black", "White"]
    board = view.get("board") or {}
    lines = []
    for index, player in enumerate(players):
        dice = sorted(
            (cell for cell, die in board.items() if die.get("owner") == index),
            key=lambda cell: (cell[1:], cell[0]),
        )
        where = ", ".join(f"{cell} {NUMERALS.get(board[cell].get('value'), '?')}" for cell in dice)
        if dice:
            lines.append(f"{player}'s dice ({len(dice)}): {where}.")
        else:
            lines.append(f"{player} has no dice left.")
    removed = view.get("removed") or []
    if removed:
        counts = ", ".join(f"{p} {n}" for p, n in zip(players, removed, strict=False))
        lines.append(
            f"Dice removed by forming triads: {counts}; "
            f"{view.get('removals_to_win', 3)} removals win."
        )
    last = view.get("last_move") or {}
    if last.get("from") and last.get("to"):
        lines.append(f"Last move: from {last['from']} to {last['to']}.")
    return lines


def _trias(view: dict) -> list[str]:
    seats = view.get("seats") or []
    colours = [s.get("colour", f"Seat {s.get('seat')}") for s in seats]
    lines = []
    for s in seats:
        lines.append(
            f"{s['colour']}: {s['score']} points, {s['on_land']} herds on land, "
            f"{s['swimmers']} swimming, {s['stock']} in stock."
        )
    herds = []
    for tile in view.get("tiles") or []:
        here = [f"{colours[i]} {n}" for i, n in enumerate(tile.get("herds") or []) if n]
        if here:
            q, r = tile["pos"]
            name = tile.get("name") or TRIAS_LANDS.get(tile.get("landscape"), "tile")
            herds.append(f"{name} {q},{r} ({', '.join(here)})")
    tiles = len(view.get("tiles") or [])
    if herds:
        lines.append(f"{tiles} tiles; herds on {'; '.join(herds)}.")
    else:
        lines.append(f"{tiles} tiles, no herds on land yet.")
    return lines


def _tritarea(view: dict) -> list[str]:
    lines = []
    for s in view.get("seats") or []:
        lines.append(
            f"{s['label']}: {s['score']} points, {s['blocks']} blocks, {s['cards']} cards."
        )
    hand = view.get("hand") or []
    if hand:
        lines.append(f"Your hand: {', '.join(hand)}.")
    built = [
        f"{sq['square']} ({sq['height']} high)"
        for sq in view.get("board") or []
        if sq.get("height")
    ]
    if built:
        lines.append(f"Buildings on {', '.join(built)}.")
    else:
        lines.append("No buildings yet.")
    return lines
