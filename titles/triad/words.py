"""Triad in words: the position described for an email (beside its picture, for readers
whose client blocks images, screen readers and spam filters) and the front page's
sentences about the game.

Drawn only from ``view(state, seat)`` of the email's reader, like the picture, so it
tells nothing the reader may not see. Each sentence is whole, for translation.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games.i18n import localize as shown

NUMERALS = {1: "I", 2: "II", 3: "III"}


def describe(view: dict) -> list[str]:
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


# --- the front page's sentences (GameSpec.showcase) ---


def length() -> str:
    return gettext("a few dozen moves each, one die per move")


def pitch() -> str:
    return gettext(
        "Turn a die to a new value and move it exactly that far; line up three dice "
        "of both colours showing I, II and III, or three alike, to take one of yours "
        "off. Remove three first to win."
    )
