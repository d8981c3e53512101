"""Texts the games app hands to an email, in the active language (the recipient's):
the engines' translatable texts (``games.i18n``), and a stored move's message kept
beside its English (``Move.description_text``). Names and the move notation are
shown as they are."""

from __future__ import annotations

from games.i18n import error_message as error
from games.i18n import from_stored
from games.i18n import localize as shown

__all__ = ["error", "move_description", "shown"]


def move_description(move) -> str:
    """What a move did, in the active language (its notation when nothing is kept).

    ``move`` is a ``Move`` or a row of its fields with ``description_text``."""
    described = from_stored(move.description, getattr(move, "description_text", None))
    return described or move.action
