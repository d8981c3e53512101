"""The secret part of a feed's address: an HMAC of the feed's id and nonce under the
site's secret key. Never stored; checked in constant time."""

from __future__ import annotations

import hmac

from django.utils.crypto import salted_hmac

SALT = "calendars.feed"


def token_for(feed_id: int, nonce: str) -> str:
    return salted_hmac(SALT, f"{feed_id}:{nonce}", algorithm="sha256").hexdigest()[:40]


def matches(feed_id: int, nonce: str, token: str) -> bool:
    return hmac.compare_digest(token_for(feed_id, nonce).encode(), token.encode())
