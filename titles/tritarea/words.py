"""Tri*T*Area in words: the position described for an email (beside its picture, for readers
whose client blocks images, screen readers and spam filters) and the front page's
sentences about the game.

Drawn only from ``view(state, seat)`` of the email's reader, like the picture, so it
tells nothing the reader may not see. Each sentence is whole, for translation.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games.i18n import localize as shown
from titles.tritarea.engine import max_players, min_players
from titles.tritarea.engine.state import LAST_ROUND, TRICKS_PER_ROUND


def describe(view: dict) -> list[str]:
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
        "blocks": lambda: ngettext("%(n)s block", "%(n)s blocks", n),
        "cards": lambda: ngettext("%(n)s card", "%(n)s cards", n),
    }
    return forms[what]() % {"n": n}


# --- the front page's sentences (GameSpec.showcase) ---


def players() -> str:
    people = gettext("%(low)d–%(high)d players") % {"low": min_players, "high": max_players}
    return gettext("%(players)s, computer seats fill the table") % {"players": people}


def length() -> str:
    return gettext(
        "%(rounds)d rounds of %(tricks)d tricks: a card each trick, and blocks to "
        "place when you win the right to build"
    ) % {"rounds": LAST_ROUND, "tricks": TRICKS_PER_ROUND}


def pitch() -> str:
    return gettext(
        "Developers bid plan cards for the right to build; stack blocks to top the "
        "most buildings in each of four areas and own the tallest tower."
    )
