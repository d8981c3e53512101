"""The site's VAPID key pair (RFC 8292), from the environment: push is off without it.

``VAPID_PUBLIC_KEY`` is the browser's ``applicationServerKey`` (the uncompressed P-256
point, base64url); ``VAPID_PRIVATE_KEY`` the private number (base64url, 32 bytes) or
a PEM. ``manage.py vapid_keys`` makes a pair.
"""

from __future__ import annotations

import base64
import functools

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings


def configured() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def generate() -> tuple[str, str]:
    """A new pair: (public key, private key), both base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(public), b64url(private)


@functools.cache
def _vapid(private_key: str):
    from py_vapid import Vapid

    return Vapid.from_string(private_key=private_key)


def vapid():
    """The signer of the pushes' VAPID headers (read once per key)."""
    return _vapid(settings.VAPID_PRIVATE_KEY.replace("\\n", "\n"))


def claims() -> dict:
    """A fresh claims dict for each push: pywebpush writes the audience into it."""
    return {"sub": settings.VAPID_SUBJECT}
