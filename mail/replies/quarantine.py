"""Messages set aside unread (issue 13, point 2): a message the site cannot read as a
reply is moved here with a log line, so it never holds up the others and an operator
can look at it (and move it back once the site can read it).

The mailbox reader quarantines into the mailbox's own Maildir++ folder ``.Quarantine``
(IMAP clients show it as a folder) or, for an mbox, into the sibling mbox
``<path>.quarantine``; the webhook into the Maildir ``MAIL_QUARANTINE_DIR``. Each
message gets an ``X-Tripost-Quarantined`` header saying why.
"""

from __future__ import annotations

import logging
import mailbox
import re
from pathlib import Path

from django.conf import settings

log = logging.getLogger(__name__)

FOLDER = "Quarantine"


def _why(reason: str) -> bytes:
    line = re.sub(r"[^\x20-\x7e]", "?", " ".join(reason.split()))[:300]
    return f"X-Tripost-Quarantined: {line}\r\n".encode("ascii")


def box_for(source: mailbox.Mailbox | None, path: str | None = None) -> mailbox.Mailbox:
    """Where ``source``'s unreadable messages go (the webhook's box for None)."""
    if isinstance(source, mailbox.Maildir):
        try:
            return source.get_folder(FOLDER)
        except mailbox.NoSuchMailboxError:
            return source.add_folder(FOLDER)
    if isinstance(source, mailbox.mbox):
        return mailbox.mbox(f"{path}.quarantine", create=True)
    Path(settings.MAIL_QUARANTINE_DIR).parent.mkdir(parents=True, exist_ok=True)
    return mailbox.Maildir(settings.MAIL_QUARANTINE_DIR, create=True)


def set_aside(raw: bytes, *, reason: str, into: mailbox.Mailbox, label: str = "") -> str:
    """Store ``raw`` in the quarantine box ``into``; returns its key there."""
    box = into
    if isinstance(box, mailbox.mbox):
        box.lock()
    try:
        key = box.add(_why(reason) + raw)
        box.flush()
    finally:
        if isinstance(box, mailbox.mbox):
            box.unlock()
    log.warning("inbound mail %s quarantined as %s: %s", label or "(webhook)", key, reason)
    return key
