"""Answers by email: ``accept`` / ``decline`` to an invitation, ``accept draw`` /
``decline draw`` to a draw offer, replied to the email that asked (its reply address
names the game and the player). ``mail.inbound`` calls ``answer`` before it plays the
line as a move; anything that is not one of these words is left to it."""

from __future__ import annotations

import re

from accounts.models import User
from games import services
from games.models import Game, GameStatus

INVITATION = re.compile(r"^(accept|decline)[.!]?$", re.IGNORECASE)
DRAW = re.compile(r"^(accept|decline)\s+(the\s+)?draw[.!]?$", re.IGNORECASE)


def answer(*, game: Game, user: User, line: str) -> tuple[bool, str] | None:
    """``(done, what happened)`` when ``line`` answers an invitation or a draw offer,
    ``None`` when it is not such an answer (a move, perhaps)."""
    words = " ".join(line.split())
    invitation, draw = INVITATION.match(words), DRAW.match(words)
    if draw:
        return _draw(game, user, accept=draw.group(1).lower() == "accept")
    if invitation and game.status == GameStatus.OPEN:
        return _invitation(game, user, accept=invitation.group(1).lower() == "accept")
    if invitation and game.status == GameStatus.ACTIVE and game.draw_offered_by is not None:
        return False, "to answer the draw offer, reply with accept draw or decline draw"
    if invitation:
        return False, "this game has started already: there is no invitation to answer"
    return None


def _invitation(game: Game, user: User, *, accept: bool) -> tuple[bool, str]:
    flow = services.invitation_accept if accept else services.invitation_decline
    try:
        flow(game_id=game.pk, user=user)
    except services.GameError as exc:
        return False, str(exc)
    return True, "invitation accepted" if accept else "invitation declined"


def _draw(game: Game, user: User, *, accept: bool) -> tuple[bool, str]:
    try:
        services.draw_answer(game_id=game.pk, user=user, accept=accept)
    except services.GameError as exc:
        return False, str(exc)
    return True, "draw accepted" if accept else "draw declined"
