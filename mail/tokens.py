"""Signed tokens (``django.core.signing``) for reply addresses and unsubscribe links.

A reply token names one player, game and turn (the game's version), so an emailed
move is played with ``expected_version`` from the token and a stale reply is refused.
It is compact enough to sit in the local part of the Reply-To address:
``play+<game>-<version>-<user>.<timestamp>.<signature>@domain``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.conf import settings
from django.core import signing

REPLY_SALT = "tripost.mail.reply"
UNSUBSCRIBE_SALT = "tripost.mail.unsubscribe"
TOKEN_RE = re.compile(r"\+([0-9a-z]+-[0-9a-z]+-[0-9a-z]+\.[0-9A-Za-z]+\.[0-9A-Za-z_-]+)@")


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


def reply_token(*, game_id: int, version: int, user_id: int) -> str:
    return _signer().sign(f"{_b36(game_id)}-{_b36(version)}-{_b36(user_id)}")


def reply_address(token: str) -> str:
    local, _, domain = settings.MAIL_REPLY_ADDRESS.rpartition("@")
    return f"{local}+{token}@{domain}"


def find_reply_token(addresses: list[str]) -> str | None:
    for address in addresses:
        match = TOKEN_RE.search(address or "")
        if match:
            return match.group(1)
    return None


def read_reply_token(token: str) -> ReplyToken:
    try:
        value = _signer().unsign(token, max_age=settings.MAIL_REPLY_TOKEN_DAYS * 86400)
    except signing.SignatureExpired:
        raise BadToken(
            "this email is too old to answer by reply; open the game page instead"
        ) from None
    except signing.BadSignature:
        raise BadToken("the reply address was not one of ours (damaged or forged)") from None
    game, version, user = (int(part, 36) for part in value.split("-"))
    return ReplyToken(game_id=game, version=version, user_id=user)


def unsubscribe_token(user_id: int) -> str:
    return signing.dumps({"u": user_id}, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe_token(token: str) -> int:
    try:
        return int(signing.loads(token, salt=UNSUBSCRIBE_SALT)["u"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise BadToken("This unsubscribe link is damaged.") from None
