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

from django.utils.translation import gettext, ngettext, pgettext

from .game_texts import shown

_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
NUMERALS = {1: "I", 2: "II", 3: "III"}


def _land(code: str) -> str:
    """A Trias landscape's name, for a tile the view does not name."""
    names = {
        "M": pgettext("a Trias tile", "mountain"),
        "S": pgettext("a Trias tile", "steppe"),
        "W": pgettext("a Trias tile", "wood"),
    }
    return names.get(code, pgettext("a Trias tile", "tile"))


def describe(engine: str, view: dict, svg: str = "", *, title: str = "") -> list[str]:
    """Sentences that say what the board shows: the board's own title first (what it
    says above or below the drawing: ``title``, else the ``<title>`` of its ``svg``),
    then the pieces."""
    lines = []
    if not title and (found := _TITLE.search(svg)):
        title = unescape(found.group(1))
    if title:
        lines.append(_sentence(title))
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
    players = [shown(p) for p in view.get("players") or []] or [gettext("Black"), gettext("White")]
    board = view.get("board") or {}
    lines = []
    for index, player in enumerate(players):
        dice = sorted(
            (cell for cell, die in board.items() if die.get("owner") == index),
            key=lambda cell: (cell[1:], cell[0]),
        )
        where = ", ".join(f"{cell} {NUMERALS.get(board[cell].get('value'), '?')}" for cell in dice)
        if dice:
            lines.append(
                ngettext(
                    "%(player)s's die (%(n)d): %(where)s.",
                    "%(player)s's dice (%(n)d): %(where)s.",
                    len(dice),
                )
                % {"player": player, "n": len(dice), "where": where}
            )
        else:
            lines.append(gettext("%(player)s has no dice left.") % {"player": player})
    removed = view.get("removed") or []
    if removed:
        counts = ", ".join(f"{p} {n}" for p, n in zip(players, removed, strict=False))
        lines.append(
            ngettext(
                "Dice removed by forming triads: %(counts)s; %(n)d removal wins.",
                "Dice removed by forming triads: %(counts)s; %(n)d removals win.",
                view.get("removals_to_win", 3),
            )
            % {"counts": counts, "n": view.get("removals_to_win", 3)}
        )
    last = view.get("last_move") or {}
    if last.get("from") and last.get("to"):
        lines.append(
            gettext("Last move: from %(start)s to %(end)s.")
            % {"start": last["from"], "end": last["to"]}
        )
    return lines


def _trias(view: dict) -> list[str]:
    seats = view.get("seats") or []
    colours = [
        shown(s["colour"]) if "colour" in s else gettext("Seat %(seat)s") % {"seat": s.get("seat")}
        for s in seats
    ]
    lines = []
    for s, colour in zip(seats, colours, strict=True):
        # One whole sentence per seat: its numbers are said in order, each plural-right.
        lines.append(
            gettext("%(colour)s: %(points)s, %(on_land)s, %(swimming)s, %(stock)s.")
            % {
                "colour": colour,
                "points": _count("points", s["score"]),
                "on_land": _count("on_land", s["on_land"]),
                "swimming": _count("swimming", s["swimmers"]),
                "stock": _count("stock", s["stock"]),
            }
        )
    herds = []
    for tile in view.get("tiles") or []:
        here = [f"{colours[i]} {n}" for i, n in enumerate(tile.get("herds") or []) if n]
        if here:
            q, r = tile["pos"]
            name = shown(tile.get("name")) or _land(tile.get("landscape"))
            herds.append(f"{name} {q},{r} ({', '.join(here)})")
    tiles = len(view.get("tiles") or [])
    if herds:
        lines.append(
            ngettext("%(n)d tile; herds on %(where)s.", "%(n)d tiles; herds on %(where)s.", tiles)
            % {"n": tiles, "where": "; ".join(herds)}
        )
    else:
        lines.append(
            ngettext(
                "%(n)d tile, no herds on land yet.", "%(n)d tiles, no herds on land yet.", tiles
            )
            % {"n": tiles}
        )
    return lines


def _tritarea(view: dict) -> list[str]:
    lines = []
    for s in view.get("seats") or []:
        lines.append(
            gettext("%(label)s: %(points)s, %(blocks)s, %(cards)s.")
            % {
                "label": shown(s["label"]),
                "points": _count("points", s["score"]),
                "blocks": _count("blocks", s["blocks"]),
                "cards": _count("cards", s["cards"]),
            }
        )
    hand = view.get("hand") or []
    if hand:
        lines.append(gettext("Your hand: %(cards)s.") % {"cards": ", ".join(hand)})
    built = [
        gettext("%(square)s (%(height)s high)") % {"square": sq["square"], "height": sq["height"]}
        for sq in view.get("board") or []
        if sq.get("height")
    ]
    if built:
        lines.append(gettext("Buildings on %(squares)s.") % {"squares": ", ".join(built)})
    else:
        lines.append(gettext("No buildings yet."))
    return lines


def _count(what: str, n) -> str:
    """``n`` of a counted thing, plural-right ("1 point", "2 Punkte")."""
    forms = {
        "points": lambda: ngettext("%(n)s point", "%(n)s points", n),
        "on_land": lambda: ngettext("%(n)s herd on land", "%(n)s herds on land", n),
        "swimming": lambda: ngettext("%(n)s swimming", "%(n)s swimming", n),
        "stock": lambda: ngettext("%(n)s in stock", "%(n)s in stock", n),
        "blocks": lambda: ngettext("%(n)s block", "%(n)s blocks", n),
        "cards": lambda: ngettext("%(n)s card", "%(n)s cards", n),
    }
    return forms[what]() % {"n": n}
