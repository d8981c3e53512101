"""Engine texts in the player's language (see "Player-facing text" in games.engines.base)."""

from __future__ import annotations

from django.utils import translation

from games.engines.base import Text


def localize(text: object) -> str:
    """``text`` in the active language: a ``Text`` is translated, anything else is
    shown as it is (old stored sentences, names, the move notation)."""
    if isinstance(text, Text):
        return text.localized(translation)
    return "" if text is None else str(text)


def stored(text: str) -> dict:
    """What to keep beside a stored English sentence so it can be translated later."""
    return text.to_json() if isinstance(text, Text) else {}


def from_stored(english: str, data: dict | None) -> str:
    """A stored sentence in the active language (English when it was kept as plain text)."""
    if data:
        try:
            return Text.from_json(data).localized(translation)
        except (KeyError, TypeError, ValueError):  # a catalogue typo must not break a page
            return english
    return english


def error_message(exc: Exception) -> str:
    """An ``IllegalAction``'s or ``GameError``'s message in the active language."""
    return localize(exc.args[0]) if exc.args else str(exc)
