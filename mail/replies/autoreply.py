"""Automatic emails (out-of-office notices, list mail, auto-responders) are never
played and never answered (issue 13, point 3): answering one starts a mail loop.

Signs, from RFC 3834 (``Auto-Submitted``), the headers of common auto-responders
(``X-Autoreply``, ``X-Autorespond``; Exchange sends ``Auto-Submitted``),
``Precedence: bulk/junk/list`` and mailing-list headers, and the subjects
out-of-office replies carry in English and German.
"""

from __future__ import annotations

import re

OUT_OF_OFFICE = re.compile(
    r"^\s*("
    r"out of (the )?office|automatic reply|auto(matic)?[- ]?(reply|response)|autoreply"
    r"|auto:|away from (the|my) office|on vacation|on holiday|i am away|i'm away"
    r"|abwesenheit|abwesenheitsnotiz|automatische antwort|automatische r[üu]ckmeldung"
    r"|au[ßs]er haus|nicht im b[üu]ro|ich bin (derzeit |zur zeit |zurzeit )?nicht"
    r"|urlaub|im urlaub|autoantwort"
    r")",
    re.IGNORECASE,
)


def _subject(message) -> str:
    subject = str(message.get("Subject", "") or "")
    # "Re: Automatic reply: ..." is still one; "AW:"/"WG:" are German Re:/Fwd:.
    return re.sub(r"^\s*((re|aw|wg|fwd?|sv)\s*:\s*)+", "", subject, flags=re.IGNORECASE)


def why_automatic(message) -> str:
    """Why this message is an automatic one ("" for a message a person wrote)."""
    auto = str(message.get("Auto-Submitted", "") or "").strip().lower()
    if auto and auto != "no":
        return f"an automatic email (Auto-Submitted: {auto})"
    for header in ("X-Autoreply", "X-Autorespond", "X-Autoresponder"):
        if message.get(header) is not None:
            return f"an automatic email ({header})"
    precedence = str(message.get("Precedence", "") or "").strip().lower()
    if precedence in ("bulk", "junk", "list", "auto_reply"):
        return f"an automatic email (Precedence: {precedence})"
    if message.get("List-Id") is not None or message.get("List-Unsubscribe") is not None:
        return "a mailing-list email"
    if OUT_OF_OFFICE.match(_subject(message)):
        return "an out-of-office reply"
    return ""
