"""Turning a player's calendar feed on, replacing its address, turning it off."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .models import CalendarFeed, new_nonce


@transaction.atomic
def feed_turn_on(*, user) -> CalendarFeed:
    """The player's feed, made now if they had none (its address stays as it was)."""
    feed, _created = CalendarFeed.objects.get_or_create(user=user)
    return feed


@transaction.atomic
def feed_renew(*, user) -> CalendarFeed:
    """A new address for the feed: the old one stops working at once."""
    feed, created = CalendarFeed.objects.select_for_update().get_or_create(user=user)
    if not created:
        feed.nonce = new_nonce()
        feed.renewed_at = timezone.now()
        feed.save(update_fields=["nonce", "renewed_at"])
    return feed


def feed_turn_off(*, user) -> bool:
    """No feed any more (its address answers 404); whether there was one."""
    deleted, _ = CalendarFeed.objects.filter(user=user).delete()
    return bool(deleted)


def feed_set_reminder(*, user, hours: int) -> CalendarFeed:
    feed = feed_turn_on(user=user)
    CalendarFeed.objects.filter(pk=feed.pk).update(remind_hours=hours)
    feed.remind_hours = hours
    return feed
