"""Handing one push to the browser's push service (pywebpush: the payload encrypted
for the browser, RFC 8291; signed with the site's VAPID key, RFC 8292)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from email.utils import parsedate_to_datetime

import requests
from django.conf import settings
from django.utils import timezone
from pywebpush import WebPushException, webpush

from . import keys
from .models import Device

TIMEOUT_SECONDS = 10


@dataclass(frozen=True)
class Answer:
    """What became of a push: ``sent``, ``gone`` (the subscription is over: 404 or
    410), ``retry`` (429, 5xx, no answer) or ``refused`` (any other 4xx)."""

    verdict: str
    reason: str = ""
    retry_after: float | None = None


def send(device: Device, message: dict, *, topic: str = "", session=None) -> Answer:
    headers = {"Urgency": "normal"}
    if topic:  # a newer push of the same topic replaces one the device has not fetched yet
        headers["Topic"] = topic[:32]
    try:
        webpush(
            device.subscription_info,
            data=json.dumps(message, ensure_ascii=False),
            vapid_private_key=keys.vapid(),
            vapid_claims=keys.claims(),
            ttl=settings.PUSH_TTL_SECONDS,
            headers=headers,
            timeout=TIMEOUT_SECONDS,
            requests_session=session,
        )
    except WebPushException as exc:
        status = exc.status_code
        if status in (404, 410):
            return Answer("gone", f"HTTP {status}")
        if status is None or status == 429 or status >= 500:
            return Answer("retry", f"HTTP {status}", _seconds(exc.retry_after))
        return Answer("refused", f"HTTP {status}")
    except requests.RequestException as exc:
        return Answer("retry", type(exc).__name__)
    return Answer("sent")


def _seconds(retry_after: str | None) -> float | None:
    """Retry-After as seconds: a number, or an HTTP date."""
    if not retry_after:
        return None
    try:
        return max(0.0, float(retry_after))
    except ValueError:
        try:
            return max(0.0, (parsedate_to_datetime(retry_after) - timezone.now()).total_seconds())
        except (TypeError, ValueError):
            return None
