"""Bounces and spam complaints (issue 13, point 11), from django-anymail's tracking
webhook: a hard bounce or a complaint stops all email to that address (a
``Suppression`` row), the player sees why on every page and in their settings, and
lifts it there once the address works again (or adds another address).

Soft bounces (a full mailbox, a server down for a while) stop nothing: providers
retry those themselves, and anymail reports most of them as ``deferred``.
"""

from __future__ import annotations

import logging

from allauth.account.models import EmailAddress
from anymail.signals import EventType, RejectReason
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone

from accounts.models import User
from config.cache import forget, read_on

from ..models import StopReason, Suppression

log = logging.getLogger(__name__)


def _soft(event) -> bool:
    """A bounce the provider itself calls temporary."""
    raw = event.esp_event if isinstance(event.esp_event, dict) else {}
    if raw.get("Type") in ("SoftBounce", "Transient"):  # Postmark
        return True
    bounce = raw.get("bounce") or (raw.get("Message") or {}).get("bounce") or {}
    if isinstance(bounce, dict) and bounce.get("bounceType") == "Transient":  # Amazon SES
        return True
    severity = (raw.get("event-data") or raw).get("severity", "")  # Mailgun
    return severity == "temporary"


def stop_reason(event) -> str:
    """Why this tracking event stops mail to its recipient ("" when it does not)."""
    if event.event_type == EventType.COMPLAINED:
        return StopReason.COMPLAINED
    if event.event_type == EventType.BOUNCED and not _soft(event):
        return StopReason.BOUNCED
    if event.event_type == EventType.REJECTED:
        # The provider refused to send: the address is on its list of bad ones.
        if event.reject_reason in (RejectReason.BOUNCED, RejectReason.INVALID):
            return StopReason.BOUNCED
        if event.reject_reason == RejectReason.SPAM:
            return StopReason.COMPLAINED
    return ""


def _owners(address: str) -> list[User]:
    ids = set(EmailAddress.objects.filter(email__iexact=address).values_list("user_id", flat=True))
    ids |= set(User.objects.filter(email__iexact=address).values_list("pk", flat=True))
    return list(User.objects.filter(pk__in=ids))


def record(event) -> int:
    """Stop mail to the event's recipient if it bounced hard or complained; the number
    of players whose address was stopped now (0 for anything else, or if already)."""
    reason = stop_reason(event)
    address = (event.recipient or "").strip()
    if not reason or not address:
        return 0
    detail = " ".join(str(event.mta_response or event.description or "").split())[:300]
    stopped = 0
    for user in _owners(address):
        try:
            # The partial unique index allows one active row per address: a second
            # bounce of a stopped address (or a concurrent webhook) changes nothing.
            with transaction.atomic():
                Suppression.objects.create(
                    user=user, email=address.lower(), reason=reason, detail=detail
                )
            stopped += 1
            log.info("mail to user %s stopped: %s (%s)", user.pk, reason, detail)
        except IntegrityError:
            pass
    return stopped


def active(user) -> Suppression | None:
    """The stop on the player's current address, if any."""
    if not user.email:
        return None
    return (
        Suppression.objects.filter(user=user, email__iexact=user.email, lifted_at=None)
        .order_by("-created_at")
        .first()
    )


# What every page's banner shows, kept in the cache: a stop is rare and every page
# asks. Each change of a player's stops forgets their entry (``config.cache.forget``),
# so the time it is kept only bounds the memory (some 60 bytes a player): a day, as
# a player comes back about once a day (five minutes cost a query on nearly every
# first view).
SHOWN_SECONDS = 86400


def _shown_key(user_id: int) -> str:
    return f"mail-stopped:{user_id}"


def shown(user, read=None) -> Suppression | None:
    """``active(user)`` for the banner on every page, from the cache when it can be
    (``read``: how to read it). Sending decides with ``active``, read afresh."""
    if not user.email:
        return None
    key, address = _shown_key(user.pk), user.email.lower()
    hit = (read or cache.get)(key)
    if hit is not None and hit[0] == address:
        return hit[1]
    stop = active(user)
    cache.set(key, (address, stop), SHOWN_SECONDS)
    return stop


def shown_on(request) -> Suppression | None:
    """``shown`` for the request's player, read once per request (with the page's
    other keys: ``config.cache.PAGE_KEYS``)."""
    if not hasattr(request, "_mail_stop"):
        request._mail_stop = shown(request.user, read=lambda key: read_on(request, key))
    return request._mail_stop


def shown_key_on(request) -> str | None:
    """The banner's key for a signed-in request that has not read it yet."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or not user.email:
        return None
    return None if hasattr(request, "_mail_stop") else _shown_key(user.pk)


def shown_fact(request):
    """The banner as a fact of a cached page's key (``games.page_cache.HEADER_FACTS``)."""
    stop = shown_on(request)
    return stop.pk if stop else None


def forget_shown(user_id: int) -> None:
    forget([_shown_key(user_id)])


@receiver(post_save, sender=Suppression)
@receiver(post_delete, sender=Suppression)
def _stops_changed(sender, instance, **kwargs):
    forget_shown(instance.user_id)


def stopped_users(users) -> set[int]:
    """The ids of those ``users`` whose current address is stopped: one query for a
    batch of emails instead of ``active`` per player."""
    addresses = {u.pk: u.email.lower() for u in users if u.email}
    if not addresses:
        return set()
    found = Suppression.objects.filter(lifted_at__isnull=True, user_id__in=list(addresses))
    found = found.order_by().values_list("user_id", "email")
    return {user_id for user_id, email in found if email.lower() == addresses[user_id]}


def lift(*, user) -> int:
    """The player fixed their address: send to it again."""
    lifted = Suppression.objects.filter(user=user, lifted_at=None).update(lifted_at=timezone.now())
    forget_shown(user.pk)
    return lifted
