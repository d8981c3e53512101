"""DKIM signatures (RFC 6376) for email sent over plain SMTP, made with dkimpy.

An email provider reached through anymail signs with its own key (see the README's
operator section); a site that hands its email to an SMTP relay signs here instead,
when ``MAIL_DKIM_PRIVATE_KEY`` (the PEM text) or ``MAIL_DKIM_PRIVATE_KEY_FILE`` is set.
The public key is published as a TXT record at ``<selector>._domainkey.<domain>``.
"""

from __future__ import annotations

import functools
from email.utils import parseaddr
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

# The headers a receiver must see unchanged: who, what, when, and the list headers
# (so nobody can graft an unsubscribe link of their own onto our signature).
SIGNED_HEADERS = (
    "From", "To", "Subject", "Date", "Message-ID", "Reply-To", "MIME-Version",
    "Content-Type", "List-Id", "List-Unsubscribe", "List-Unsubscribe-Post", "List-Help",
    "Auto-Submitted",
)  # fmt: skip


@functools.cache
def private_key() -> bytes:
    """The signing key (PEM), from the environment through the settings; b"" if none."""
    text = settings.MAIL_DKIM_PRIVATE_KEY
    if not text and settings.MAIL_DKIM_PRIVATE_KEY_FILE:
        text = Path(settings.MAIL_DKIM_PRIVATE_KEY_FILE).read_text()
    # (a key pasted into one line of an environment file keeps its "\n"s as text)
    return text.replace("\\n", "\n").strip().encode()


def enabled() -> bool:
    return bool(private_key())


def _header_names(raw: bytes) -> set[str]:
    head = raw.split(b"\r\n\r\n", 1)[0].decode("ascii", "replace")
    return {line.split(":", 1)[0].lower() for line in head.split("\r\n") if line[:1] not in " \t"}


def sign(raw: bytes) -> bytes:
    """``raw`` (a whole message, CRLF line ends) with a DKIM-Signature header on top."""
    import dkim

    domain = (
        settings.MAIL_DKIM_DOMAIN or parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2]
    )
    if not settings.MAIL_DKIM_SELECTOR or not domain:
        raise ImproperlyConfigured("DKIM signing needs MAIL_DKIM_SELECTOR and a domain.")
    present = _header_names(raw)
    signature = dkim.sign(
        raw,
        settings.MAIL_DKIM_SELECTOR.encode(),
        domain.encode(),
        private_key(),
        canonicalize=(b"relaxed", b"relaxed"),
        include_headers=[h.encode() for h in SIGNED_HEADERS if h.lower() in present],
    )
    return signature + raw
