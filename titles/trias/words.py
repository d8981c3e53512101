"""Trias in words: the position described for an email (beside its picture, for readers
whose client blocks images, screen readers and spam filters) and the front page's
sentences about the game.

Drawn only from ``view(state, seat)`` of the email's reader, like the picture, so it
tells nothing the reader may not see. Each sentence is whole, for translation.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext, pgettext

from games.i18n import localize as shown
from titles.trias.engine.cards import deck1


def _land(code: str) -> str:
    """A Trias landscape's name, for a tile the view does not name."""
    names = {
        "M": pgettext("a Trias tile", "mountain"),
        "S": pgettext("a Trias tile", "steppe"),
        "W": pgettext("a Trias tile", "wood"),
    }
    return names.get(code, pgettext("a Trias tile", "tile"))


def describe(view: dict) -> list[str]:
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


def _count(what: str, n) -> str:
    """``n`` of a counted thing, plural-right ("1 point", "2 Punkte")."""
    forms = {
        "points": lambda: ngettext("%(n)s point", "%(n)s points", n),
        "on_land": lambda: ngettext("%(n)s herd on land", "%(n)s herds on land", n),
        "swimming": lambda: ngettext("%(n)s swimming", "%(n)s swimming", n),
        "stock": lambda: ngettext("%(n)s in stock", "%(n)s in stock", n),
    }
    return forms[what]() % {"n": n}


# --- the front page's sentences (GameSpec.showcase) ---


def length() -> str:
    # Every turn takes one card from the deck, and the game ends soon after the
    # Meteorite, which lies in the small deck 2 below deck 1 (rulebook, Setup).
    low = sum(deck1(5).values()) // 5
    high = sum(deck1(2).values()) // 2
    return gettext("about %(low)d–%(high)d turns each, a few actions per turn") % {
        "low": low,
        "high": high + 2,
    }


def pitch() -> str:
    return gettext(
        "The supercontinent breaks apart: drift tiles of land out to sea, move and "
        "breed your herds, and hold the majority on the islands when the meteorite "
        "strikes."
    )
