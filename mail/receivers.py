"""Outbox rows from game events. The game signals are sent inside the transaction that
made the change, so each row commits (or rolls back) together with the move."""

from __future__ import annotations

import logging

from anymail.signals import inbound, tracking
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.dispatch import receiver
from django.utils import timezone

from accounts.models import EmailPreference, User
from games import signals
from games.clocks import vacation_allowance_used, vacation_day_spent
from games.models import Game, Seat
from games.timeouts import reminder_due, seat_timed_out

from .models import Kind
from .sending.outbox import notify

log = logging.getLogger(__name__)


def _wants_mail(user) -> bool:
    return user is not None and user.is_active and user.email_preference != EmailPreference.NONE


@receiver(signals.seat_became_due, dispatch_uid="mail.turn")
def on_seat_became_due(sender, seat: Seat, **kwargs) -> None:
    user = seat.user
    if not _wants_mail(user) or user.email_preference != EmailPreference.EACH_TURN:
        return  # digest players hear at their hour; "none" means none
    due_since = seat.due_since.isoformat()
    notify(
        user=user,
        kind=Kind.TURN,
        game=seat.game,
        seat=seat,
        payload={"due_since": due_since},
        dedupe_key=f"turn:{seat.pk}:{due_since}",
        hold_seconds=settings.MAIL_TURN_HOLD_SECONDS,
    )


@receiver(signals.seat_invited, dispatch_uid="mail.invitation")
def on_seat_invited(sender, seat: Seat, **kwargs) -> None:
    """An invited player hears of it (held back and merged like a turn email). Daily
    digest players get it too: an invitation waits for them, not for their hour."""
    if not _wants_mail(seat.user):
        return
    notify(
        user=seat.user,
        kind=Kind.INVITATION,
        game=seat.game,
        seat=seat,
        dedupe_key=f"invitation:{seat.pk}",
        hold_seconds=settings.MAIL_TURN_HOLD_SECONDS,
    )


@receiver(signals.address_invited, dispatch_uid="mail.guest_invitation")
def on_address_invited(sender, invitation, **kwargs) -> None:
    """An address with no account gets the invitation's email (mail.sending.guests)."""
    from .sending import guests

    guests.queue(invitation.pk)


@receiver(signals.draw_offered, dispatch_uid="mail.draw_offer")
def on_draw_offered(sender, game: Game, seat: Seat, **kwargs) -> None:
    """The other players hear of a draw offer (held back and merged like a turn email)."""
    for other in game.seats.select_related("user").filter(user__isnull=False).exclude(pk=seat.pk):
        if other.is_active_human and _wants_mail(other.user):
            notify(
                user=other.user,
                kind=Kind.DRAW_OFFER,
                game=game,
                seat=other,
                payload={"by": seat.name},
                dedupe_key=f"draw_offer:{other.pk}:{game.version}",
                hold_seconds=settings.MAIL_TURN_HOLD_SECONDS,
            )


@receiver(signals.game_expired, dispatch_uid="mail.expired")
def on_game_expired(sender, game: Game, **kwargs) -> None:
    """The creator, and whoever had taken a seat, hear that a game never started."""
    for seat in game.seats.select_related("user").filter(user__isnull=False, accepted=True):
        if _wants_mail(seat.user):
            notify(user=seat.user, kind=Kind.EXPIRED, game=game, dedupe_key=f"expired:{game.pk}")


@receiver(signals.game_ended, dispatch_uid="mail.result")
def on_game_ended(sender, game: Game, **kwargs) -> None:
    """Every person who sat at the table hears the result (timed-out ones too)."""
    for seat in game.seats.select_related("user").filter(user__isnull=False):
        if _wants_mail(seat.user):
            notify(user=seat.user, kind=Kind.RESULT, game=game, dedupe_key=f"result:{game.pk}")


@receiver(seat_timed_out, dispatch_uid="mail.timeout")
def on_seat_timed_out(sender, game: Game, seat: Seat, **kwargs) -> None:
    if game.is_over:
        return  # the result email says who ran out of time
    for other in game.seats.select_related("user").filter(user__isnull=False):
        if _wants_mail(other.user):
            notify(
                user=other.user,
                kind=Kind.TIMEOUT,
                game=game,
                payload={"who": seat.name, "you": other.pk == seat.pk},
                dedupe_key=f"timeout:{seat.pk}",
            )


@receiver(reminder_due, dispatch_uid="mail.reminder")
def on_reminder_due(sender, seat: Seat, **kwargs) -> None:
    if not _wants_mail(seat.user):
        return
    due_since = seat.due_since.isoformat()
    notify(
        user=seat.user,
        kind=Kind.REMINDER,
        game=seat.game,
        seat=seat,
        payload={"due_since": due_since},
        dedupe_key=f"reminder:{seat.pk}:{due_since}",
    )


@receiver(vacation_allowance_used, dispatch_uid="mail.vacation_over")
def on_vacation_allowance_used(sender, user: User, **kwargs) -> None:
    notify(
        user=user,
        kind=Kind.VACATION_OVER,
        dedupe_key=f"vacation_over:{timezone.now():%Y-%m-%d}",
    )


@receiver(vacation_day_spent, dispatch_uid="mail.vacation_day")
def on_vacation_day_spent(sender, user: User, day: int, days_left, **kwargs) -> None:
    """Never silently: every day an automatic vacation spends is told (games.clocks)."""
    if not user.is_active:
        return
    notify(
        user=user,
        kind=Kind.VACATION_DAY,
        payload={"day": day, "days_left": round(days_left.total_seconds() / 86400, 1)},
        dedupe_key=f"vacation_day:{user.vacation_started_at:%Y-%m-%dT%H:%M:%S}:{day}",
    )


@receiver(inbound, dispatch_uid="mail.replies.inbound")
def on_inbound(sender, event, esp_name, **kwargs) -> None:
    """django-anymail's inbound webhook (any provider): a reply to a turn email.

    A message that cannot be read, or whose handling fails, is quarantined and the
    provider gets its 200 (a 500 would make it post the same poison again and again);
    only a database that does not answer makes a 500, so the provider retries later.
    """
    from .replies import quarantine
    from .replies.inbound import Unreadable, handle_message

    try:
        handle_message(event.message, esp_name=esp_name, esp_event=event.esp_event)
    except (OperationalError, InterfaceError):
        raise
    except Exception as exc:
        if not isinstance(exc, Unreadable):
            log.exception("handling a %s inbound message failed", esp_name)
        try:
            raw = event.message.as_bytes()
        except Exception:  # not even serialisable: keep what can be kept
            raw = repr(event.message).encode("utf-8", "replace")
        quarantine.set_aside(
            raw, reason=f"{type(exc).__name__}: {exc}", into=quarantine.box_for(None)
        )


@receiver(tracking, dispatch_uid="mail.deliverability.bounces")
def on_tracking(sender, event, esp_name, **kwargs) -> None:
    """django-anymail's tracking webhook: hard bounces and complaints stop mail."""
    from .deliverability import bounces

    bounces.record(event)
