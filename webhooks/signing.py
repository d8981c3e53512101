"""The signature of a JSON endpoint's posts: HMAC-SHA256 with the hook's secret over
``timestamp + "." + body``, sent as ``X-Tripost-Signature: sha256=<hex>`` beside
``X-Tripost-Timestamp`` (Unix seconds). The README shows how to check it."""

from __future__ import annotations

import hashlib
import hmac


def signature(secret: str, timestamp: str, body: bytes) -> str:
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def headers(secret: str, timestamp: str, body: bytes) -> dict[str, str]:
    return {
        "X-Tripost-Timestamp": timestamp,
        "X-Tripost-Signature": signature(secret, timestamp, body),
    }
