"""Signed tokens for reply addresses and unsubscribe links.

A reply token names one player, game and turn (the game's version), so an emailed
move is played with ``expected_version`` from the token and a stale reply is refused.
It sits in the local part of the Reply-To address, ``play+<token>@domain``, so it is
base32 (mail servers may change the case of a local part; base32 does not care) and
always 40 characters: game and player ids up to 2^40 (a trillion), the version up to
2^24, the day it was issued and an 80-bit HMAC-SHA256 of all that (keyed by
``SECRET_KEY``). With ``play+`` the local part is 45 characters, within RFC 5321's 64.

Tokens of the earlier format (``<game>-<version>-<user>.<timestamp>.<signature>``,
``django.core.signing``) are still read until they expire.
"""

from __future__ import annotations

import base64
import hmac
import re
import time
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

REPLY_SALT = "tripost.mail.reply"
UNSUBSCRIBE_SALT = "tripost.mail.unsubscribe"
TOKEN_RE = re.compile(r"\+([a-z2-7]{40})@", re.IGNORECASE)
OLD_TOKEN_RE = re.compile(r"\+([0-9a-z]+-[0-9a-z]+-[0-9a-z]+\.[0-9A-Za-z]+\.[0-9A-Za-z_-]+)@")
# Field widths in bytes: game, version, user, issue day; then the HMAC.
_WIDTHS = (5, 3, 5, 2)
_MAC_BYTES = 10
_EPOCH_DAY = 20454  # 2026-01-01 in days since 1970: the issue day fits 2 bytes until 2205


class BadToken(Exception):
    """Forged, damaged or expired; the message says which, for the reply email."""


@dataclass(frozen=True)
class ReplyToken:
    game_id: int
    version: int
    user_id: int


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def _signer() -> signing.TimestampSigner:
    # "." cannot occur in the payload or in base64; it is valid in an address.
    return signing.TimestampSigner(salt=REPLY_SALT, sep=".")


def _today() -> int:
    return int(time.time() // 86400) - _EPOCH_DAY


def _mac(body: bytes) -> bytes:
    return salted_hmac(REPLY_SALT, body, algorithm="sha256").digest()[:_MAC_BYTES]


def reply_token(*, game_id: int, version: int, user_id: int) -> str:
    fields = (game_id, version, user_id, max(_today(), 0))
    body = b"".join(n.to_bytes(w, "big") for n, w in zip(fields, _WIDTHS, strict=True))
    return base64.b32encode(body + _mac(body)).decode("ascii").lower()


def old_reply_token(*, game_id: int, version: int, user_id: int) -> str:
    """The earlier format (still read); kept to test that it still works."""
    return _signer().sign(f"{_b36(game_id)}-{_b36(version)}-{_b36(user_id)}")


def reply_address(token: str) -> str:
    local, _, domain = settings.MAIL_REPLY_ADDRESS.rpartition("@")
    return f"{local}+{token}@{domain}"


def find_reply_token(addresses: list[str]) -> str | None:
    for pattern in (TOKEN_RE, OLD_TOKEN_RE):
        for address in addresses:
            match = pattern.search(address or "")
            if match:
                return match.group(1)
    return None


# Lazy: said in the language of whoever reads them (the player answered, the browser).
FORGED = _("the reply address was not one of ours (damaged or forged)")
EXPIRED = _("this email is too old to answer by reply; open the game page instead")


def read_reply_token(token: str) -> ReplyToken:
    if "." in token:
        return _read_old_token(token)
    try:
        data = base64.b32decode(token.upper())
    except ValueError:
        raise BadToken(FORGED) from None
    body, mac = data[: sum(_WIDTHS)], data[sum(_WIDTHS) :]
    if len(mac) != _MAC_BYTES or not hmac.compare_digest(mac, _mac(body)):
        raise BadToken(FORGED)
    fields, at = [], 0
    for width in _WIDTHS:
        fields.append(int.from_bytes(body[at : at + width], "big"))
        at += width
    game, version, user, day = fields
    if _today() - day > settings.MAIL_REPLY_TOKEN_DAYS:
        raise BadToken(EXPIRED)
    return ReplyToken(game_id=game, version=version, user_id=user)


def _read_old_token(token: str) -> ReplyToken:
    try:
        value = _signer().unsign(token, max_age=settings.MAIL_REPLY_TOKEN_DAYS * 86400)
    except signing.SignatureExpired:
        raise BadToken(EXPIRED) from None
    except signing.BadSignature:
        raise BadToken(FORGED) from None
    game, version, user = (int(part, 36) for part in value.split("-"))
    return ReplyToken(game_id=game, version=version, user_id=user)


def unsubscribe_token(user_id: int) -> str:
    return signing.dumps({"u": user_id}, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe_token(token: str) -> int:
    try:
        return int(signing.loads(token, salt=UNSUBSCRIBE_SALT)["u"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise BadToken(_("This unsubscribe link is damaged.")) from None
