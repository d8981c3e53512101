"""Answers by email: ``accept`` / ``decline`` to an invitation, ``accept draw`` /
``decline draw`` to a draw offer, replied to the email that asked (its reply address
names the game and the player). ``mail.replies.inbound`` calls ``answer`` before it plays the
line as a move; anything that is not one of these words is left to it.

The German emails ask for ``annehmen`` / ``ablehnen`` and ``Remis annehmen`` /
``Remis ablehnen``; both languages' words are read from everyone (a player may write
what the other language's email said). No move notation is one of these words.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext, pgettext

from accounts.models import User
from games import services
from games.models import Game, GameStatus

from ..sending import game_texts

ACCEPT = {"accept": True, "decline": False, "annehmen": True, "ablehnen": False}
_YES_NO = r"(accept|decline|annehmen|ablehnen)"
INVITATION = re.compile(rf"^{_YES_NO}[.!]?$", re.IGNORECASE)
DRAW = re.compile(
    rf"^(?:{_YES_NO}\s+(?:the\s+|das\s+)?(?:draw|remis(?:angebot)?)"
    rf"|(?:das\s+)?(?:remis(?:angebot)?)\s+{_YES_NO})[.!]?$",
    re.IGNORECASE,
)


def _accepts(match: re.Match) -> bool:
    word = next(group for group in match.groups() if group)
    return ACCEPT[word.lower()]


def answer(*, game: Game, user: User, line: str) -> tuple[bool, str] | None:
    """``(done, what happened)`` when ``line`` answers an invitation or a draw offer,
    ``None`` when it is not such an answer (a move, perhaps). What happened is said in
    the active language (``mail.replies.inbound`` makes it the player's)."""
    words = " ".join(line.split())
    invitation, draw = INVITATION.match(words), DRAW.match(words)
    if draw:
        return _draw(game, user, accept=_accepts(draw))
    if invitation and game.status == GameStatus.OPEN:
        return _invitation(game, user, accept=_accepts(invitation))
    if invitation and game.status == GameStatus.ACTIVE and game.draw_offered_by is not None:
        return False, gettext("to answer the draw offer, reply with %(accept)s or %(decline)s") % {
            "accept": pgettext("a reply command", "accept draw"),
            "decline": pgettext("a reply command", "decline draw"),
        }
    if invitation:
        return False, gettext("this game has started already: there is no invitation to answer")
    return None


def _invitation(game: Game, user: User, *, accept: bool) -> tuple[bool, str]:
    flow = services.invitation_accept if accept else services.invitation_decline
    try:
        flow(game_id=game.pk, user=user)
    except services.GameError as exc:
        return False, game_texts.error(exc)
    return True, gettext("invitation accepted") if accept else gettext("invitation declined")


def _draw(game: Game, user: User, *, accept: bool) -> tuple[bool, str]:
    try:
        services.draw_answer(game_id=game.pk, user=user, accept=accept)
    except services.GameError as exc:
        return False, game_texts.error(exc)
    return True, gettext("draw accepted") if accept else gettext("draw declined")
