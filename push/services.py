"""Writes: a device's subscription, its removal, the kinds a player wants."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .models import Device, Preferences

# Devices a player keeps at most; subscribing one more drops the longest unused.
MAX_DEVICES = 20


@transaction.atomic
def device_subscribe(*, user, endpoint: str, p256dh: str, auth: str, user_agent: str) -> Device:
    """Keep this browser's subscription for ``user``. A browser subscribed before by
    someone else (a shared computer) is theirs no longer: its row goes, with the
    pushes still waiting for it, and a new one is made."""
    Device.objects.filter(endpoint=endpoint).exclude(user=user).delete()
    device, _created = Device.objects.update_or_create(
        endpoint=endpoint,
        defaults={
            "user": user,
            "p256dh": p256dh,
            "auth": auth,
            "user_agent": user_agent[:300],
            "last_used_at": timezone.now(),
        },
    )
    surplus = Device.objects.filter(user=user).order_by("-last_used_at", "-pk")[MAX_DEVICES:]
    Device.objects.filter(pk__in=list(surplus.values_list("pk", flat=True))).delete()
    return device


def device_remove(*, user, device_id: int) -> bool:
    """Remove one of the player's devices (and its waiting pushes); False if there
    was no such device of theirs."""
    deleted, _ = Device.objects.filter(user=user, pk=device_id).delete()
    return bool(deleted)


def preferences_for(user) -> Preferences:
    preferences, _created = Preferences.objects.get_or_create(user=user)
    return preferences
