"""The engines' words on the learn pages, in the reader's language.

An engine writes each sentence a player reads (``describe()``, refusals, results,
option labels, site rulings, seat names) as a ``Text`` (``games.engines.base``): an
English ``str`` that also knows its message id, which ``localized`` turns into the
active language. Anything else (a plain name, the move notation) is shown as it is.
Duck-typed on ``localized`` so that this app needs nothing from the games app's
translation helpers beyond the texts themselves.
"""

from __future__ import annotations

from django.utils import translation


def localized(value) -> str:
    if hasattr(value, "localized"):
        return value.localized(translation)
    return "" if value is None else str(value)
