"""Read replies from a Maildir or an mbox (self-hosters without an inbound webhook).

    manage.py read_mailbox /var/mail/tripost/Maildir
    manage.py read_mailbox /var/mail/tripost.mbox --mbox

Each message is handled on its own, like the anymail inbound webhook's, then removed
from the mailbox (``--keep`` leaves it; a message seen twice is recognised by its
Message-ID). One that cannot be read (or whose handling fails) is moved to the
quarantine (``mail.replies.quarantine``: the Maildir's ``.Quarantine`` folder, or
``<mbox>.quarantine``) with a log line, and the run goes on with the next. Only a
database that does not answer stops the run, leaving the rest for the next one.
"""

from __future__ import annotations

import logging
import mailbox

from anymail.inbound import AnymailInboundMessage
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import InterfaceError, OperationalError

from mail.replies import quarantine
from mail.replies.inbound import Unreadable, handle_message

log = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Play the moves in replies waiting in a Maildir (default) or an mbox file."

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument("--mbox", action="store_true", help="PATH is an mbox file")
        parser.add_argument("--keep", action="store_true", help="do not remove messages")

    def handle(self, path, mbox, keep, **options):
        try:
            box = mailbox.mbox(path, create=False) if mbox else mailbox.Maildir(path, create=False)
        except (FileNotFoundError, mailbox.NoSuchMailboxError) as exc:
            raise CommandError(f"no mailbox at {path}") from exc
        box.lock()
        handled = set_aside = 0
        try:
            for key in list(box.keys()):
                raw = box.get_bytes(key)
                reason = self._handle_one(key, raw)
                if reason:
                    quarantine.set_aside(
                        raw, reason=reason, into=quarantine.box_for(box, path), label=str(key)
                    )
                    self.stdout.write(f"{key}: quarantined ({reason})")
                    set_aside += 1
                else:
                    handled += 1
                if not keep or reason:
                    box.remove(key)
            box.flush()
        finally:
            box.unlock()
            box.close()
        done = "1 message handled" if handled == 1 else f"{handled} messages handled"
        self.stdout.write(self.style.SUCCESS(f"{done}, {set_aside} quarantined"))

    def _handle_one(self, key, raw: bytes) -> str:
        """Handle one message; why it must be quarantined ("" when it was handled)."""
        if len(raw) > settings.MAIL_MAX_MESSAGE_BYTES:
            return f"{len(raw)} bytes, more than MAIL_MAX_MESSAGE_BYTES"
        try:
            message = AnymailInboundMessage.parse_raw_mime_bytes(raw)
            outcome = handle_message(message, raw=raw)
        except Unreadable as exc:
            return f"unreadable: {exc}"
        except (OperationalError, InterfaceError):
            raise  # the database is down: stop, and leave this and the rest in place
        except Exception as exc:
            log.exception("handling inbound mail %s failed", key)
            return f"handling failed: {type(exc).__name__}: {exc}"
        self.stdout.write(f"{key}: {outcome.reason}")
        return ""
