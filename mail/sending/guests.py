"""The email to an address invited to a game that belongs to no player
(``games.invitations``): one email per invitation row, which is its own outbox row.

Written in the game's transaction (the row), queued after commit (``deliver_guest``),
and sent by whoever claims it first: a conditional ``UPDATE ... WHERE sent_at IS NULL
AND (not claimed OR claim expired)``, as ``mail.sending.outbox`` claims player rows. The
minute's sweep sends rows whose queueing failed. Before sending, the address is
checked once more: an address that asked for no more invitations (``InvitationOptOut``)
or whose mail bounced (``Suppression``) gets nothing, nor does an invitation already
answered.
"""

from __future__ import annotations

import logging
import uuid
from datetime import timedelta
from email.utils import formataddr

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import F, Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from games import clocks, invitations
from games.models import EmailInvitation, GameStatus, InvitationOptOut

from ..models import Suppression
from . import compose

log = logging.getLogger(__name__)
DELIVER_TASK = "mail.tasks.deliver_guest"
STOP_SALT = "tripost.mail.invitation-stop"
MAX_ATTEMPTS = 10


def queue(invitation_id: int) -> None:
    """In the game's transaction: a task sends the email after commit."""
    transaction.on_commit(lambda: enqueue(invitation_id), robust=True)


def enqueue(invitation_id: int) -> None:
    """Queue the sending task; never raises (the minute's sweep sends what fails)."""
    from celery import current_app

    try:
        current_app.tasks[DELIVER_TASK].apply_async(args=[invitation_id])
    except Exception as exc:  # broker down: the row waits for the sweep
        log.warning("could not queue invitation email %s (%s)", invitation_id, type(exc).__name__)


def stop_token(address: str) -> str:
    return signing.dumps({"e": invitations.normal(address)}, salt=STOP_SALT)


def read_stop_token(token: str) -> str | None:
    try:
        return str(signing.loads(token, salt=STOP_SALT)["e"])
    except (signing.BadSignature, KeyError, TypeError):
        return None


def _unclaimed(now) -> Q:
    return Q(sent_at__isnull=True, user__isnull=True) & (
        Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    )


def _claim(invitation_id: int, now) -> tuple[str, EmailInvitation | None]:
    token = uuid.uuid4().hex
    # The WHERE is checked again on the row under its lock: one claimer wins.
    won = EmailInvitation.objects.filter(_unclaimed(now), pk=invitation_id).update(
        claim=token,
        claimed_until=now + timedelta(seconds=settings.MAIL_CLAIM_SECONDS),
        attempts=F("attempts") + 1,
    )
    if not won:
        return "", None
    row = EmailInvitation.objects.select_related("game", "invited_by").get(pk=invitation_id)
    return token, row


def _finish(row: EmailInvitation, token: str, outcome: str, message_id: str = "") -> None:
    EmailInvitation.objects.filter(pk=row.pk, claim=token).update(
        sent_at=timezone.now(), outcome=outcome[:40], message_id=message_id[:200]
    )


def skip_reason(row: EmailInvitation) -> str:
    if row.attempts > MAX_ATTEMPTS:
        return "failed: too many attempts"
    if InvitationOptOut.objects.filter(email=row.email).exists():
        return "skipped: opted out"
    if Suppression.objects.filter(email__iexact=row.email, lifted_at=None).exists():
        return "skipped: address stopped"
    kept = row.game.seats.filter(index=row.place, user__isnull=True, invited_as=row.email)
    if row.game.status != GameStatus.OPEN or not kept.exists():
        return "skipped: answered"
    return ""


def email(row: EmailInvitation):
    """The invitation email, in the inviter's language (the only one known)."""
    inviter = row.invited_by
    language = (getattr(inviter, "language", "") or settings.LANGUAGE_CODE) if inviter else None
    link = compose.absolute(reverse("email_invitation", args=[invitations.token(row)]))
    stop = compose.absolute(reverse("mail_invitation_stop", args=[stop_token(row.email)]))
    game = row.game
    message = EmailMultiAlternatives(
        to=[formataddr(("", row.email))],
        from_email=settings.DEFAULT_FROM_EMAIL,
        headers={
            "Message-ID": compose.message_id(f"i{row.pk}"),
            "List-Id": compose.list_id(),
            "List-Unsubscribe": f"<{stop}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
            "X-Auto-Response-Suppress": "All",
        },
    )
    with translation.override(language or settings.LANGUAGE_CODE):
        ctx = {
            "by": inviter.name if inviter else "",
            "game": game,
            "time_control": clocks.describe(game),
            "url": link,
            "rules_url": compose.absolute(reverse("game_help", args=[game.engine])),
            "stop_url": stop,
            "site_name": settings.SITE_NAME,
            "site_url": settings.SITE_URL,
        }
        subject = render_to_string("mail/guest_invitation-subject.txt", ctx, using="text")
        message.subject = " ".join(subject.split())
        message.body = render_to_string("mail/guest_invitation-body.txt", ctx, using="text")
        html = render_to_string("mail/guest_invitation-body.html", ctx)
        message.attach_alternative(html, "text/html")
    return message


def deliver(invitation_id: int, now=None) -> bool:
    """Send the invitation's email if nobody has (True when this call sent it)."""
    now = now or timezone.now()
    token, row = _claim(invitation_id, now)
    if row is None:
        return False
    reason = skip_reason(row)
    if reason:
        _finish(row, token, reason)
        return False
    try:
        message = email(row)
        message.send()
    except Exception:
        # Given back: the sweep tries again (at most MAX_ATTEMPTS times).
        EmailInvitation.objects.filter(pk=row.pk, claim=token).update(claim="", claimed_until=None)
        log.exception("sending the invitation email %s failed", row.pk)
        return False
    _finish(row, token, "sent", message.extra_headers.get("Message-ID", ""))
    return True


def unsent(now=None, limit: int = 500) -> list[int]:
    """Invitation emails not sent yet (their queueing failed, or a send did)."""
    now = now or timezone.now()
    return list(
        EmailInvitation.objects.filter(_unclaimed(now))
        .order_by("created_at")
        .values_list("pk", flat=True)[:limit]
    )
