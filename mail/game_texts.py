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
    """What a move did, in the active language (its notation when nothing is kept).

    ``move`` is a ``Move`` or a row of its fields; a row carrying the stored message
    (``description_text``) is translated from it as the model would."""
    described = getattr(move, "description_shown", None)
    if described is None and getattr(move, "description_text", None):
        from games.i18n import from_stored  # where moves keep their message

        described = from_stored(move.description, move.description_text)
    return described or move.description or move.action
