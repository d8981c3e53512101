"""What a push says: the email's subject for the same news (``mail/<kind>-subject.txt``),
in the player's language and time zone, and the game's link."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext

from games import clocks, results
from mail.sending import compose

from .models import Kind, PushMessage

# The subject template of each kind, and what it is told.
SUBJECTS = {
    Kind.TURN: "turn",
    Kind.REMINDER: "reminder",
    Kind.RESULT: "result",
    Kind.INVITATION: "invitation",
    Kind.DRAW_OFFER: "draw_offer",
    Kind.CHAT: "chat",
    Kind.CONDITIONAL: "conditional",
}


def payload(row: PushMessage) -> dict:
    """The push's JSON: ``title`` (the email's subject), ``body``, ``url`` (the game),
    ``tag`` (a later push about the same game and kind replaces its notification, and
    a push sent twice shows once)."""
    user, game = row.user, row.game
    with compose.recipient(user):
        subject = render_to_string(
            f"mail/{SUBJECTS[row.kind]}-subject.txt", _context(row), using="text"
        )
        body = _body(row)
    return {
        "title": " ".join(subject.split()),
        "body": body,
        "url": compose.absolute(game.get_absolute_url()),
        "tag": f"{row.kind}-{game.pk}",
    }


def _context(row: PushMessage) -> dict:
    game = row.game
    if row.kind == Kind.TURN:
        return {"sections": [{"game": game}]}
    if row.kind == Kind.REMINDER:
        deadline = None
        if row.seat is not None and row.seat.deadline is not None:
            deadline = clocks.effective_deadline(row.seat, row.user, timezone.now())
        return {"section": {"game": game, "deadline": deadline}}
    if row.kind == Kind.RESULT:
        me = next((s for s in game.seats.all() if s.user_id == row.user_id), None)
        mine = results.seat_result(me, game).kind if me is not None else ""
        return {"game": game, "my_result": mine}
    if row.kind == Kind.INVITATION:
        by = game.created_by.name if game.created_by_id else ""
        return {"invitation": {"game": game, "by": by}}
    if row.kind == Kind.DRAW_OFFER:
        return {"offer": {"game": game, "by": row.payload.get("by", "")}}
    if row.kind == Kind.CHAT:
        return {"game": game, "section": {"chat": [row.payload.get("text", "")]}}
    if row.kind == Kind.CONDITIONAL:
        return {"game": game}
    raise ValueError(f"unknown push kind {row.kind!r}")


def _body(row: PushMessage) -> str:
    """A chat push quotes the message, a conditional move's says what its email says;
    every other push names the other players."""
    if row.kind == Kind.CHAT:
        return f"{row.payload.get('by', '')}: {row.payload.get('text', '')}"[:200]
    if row.kind == Kind.CONDITIONAL:
        news = compose.conditional_news(row.game, row.payload)
        return "\n".join([*news["told"], news["next"]])
    names = [s.name for s in row.game.seats.all() if s.user_id != row.user_id]
    if not names:
        return ""
    return gettext("Players: %(names)s") % {"names": ", ".join(names)}
