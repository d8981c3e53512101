"""Texts the games app hands to an email, in the active language (the recipient's).

The engines write player-facing sentences as texts a catalogue can translate (an
English ``str`` that also knows its message id: ``text.localized(catalog)``), and
the games app keeps a stored move's or result's message beside its English
(``Move.description_shown``, ``Game.result_shown``). Anything else (names, the move
notation, a sentence stored as plain English) is shown as it is.
"""

from __future__ import annotations

from django.utils import translation


def shown(value) -> str:
    """``value`` in the active language when it is a translatable engine text."""
    localized = getattr(value, "localized", None)
    if callable(localized):
        return localized(translation)
    return "" if value is None else str(value)


def error(exc: Exception) -> str:
    """An ``IllegalAction``'s or ``GameError``'s message in the active language."""
    return shown(exc.args[0]) if exc.args else str(exc)


def move_description(move) -> str:
    """What a move did, in the active language (its notation when nothing is kept)."""
    described = getattr(move, "description_shown", None) or move.description
    return described or move.action
