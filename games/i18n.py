"""Engine texts in the player's language (see "Player-facing text" in games.engines.base)."""

from __future__ import annotations

import functools

from django.utils import translation
from django.utils.functional import lazy

from games import registry
from games.engines import base
from games.engines.base import Text

# ``text`` in the active language: a ``Text`` is translated, anything else is shown as
# it is (old stored sentences, names, the move notation). The engines' own helper.
localize = base.localize


# For labels built at import time (form fields, choices): translated when shown.
localize_lazy = lazy(localize, str)


def install() -> None:
    """Let pure-Python code (the boards) translate in the request's language."""
    base.install_catalog(translation)


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


@functools.cache
def _seat_labels() -> dict[str, Text]:
    """Every engine's seat labels by their English text (seats store the English)."""
    found: dict[str, Text] = {}
    for spec in registry.all():
        hook = spec.seat_labels
        if hook is None:
            continue
        for players in range(spec.min_players, spec.max_players + 1):
            for label in hook(players, {}):
                if isinstance(label, Text):
                    found.setdefault(str(label), label)
    return found


def seat_colour(color: str) -> str:
    """A seat's stored colour ("Red", "White (b, computer)") in the active language."""
    return localize(_seat_labels().get(color, color))
