"""Read replies from a Maildir or an mbox (self-hosters without an inbound webhook).

    manage.py read_mailbox /var/mail/tripost/Maildir
    manage.py read_mailbox /var/mail/tripost.mbox --mbox

Each message is handled like the anymail inbound webhook's, then removed from the
mailbox (``--keep`` leaves it; a message seen twice is recognised by its Message-ID).
"""

from __future__ import annotations

import mailbox

from anymail.inbound import AnymailInboundMessage
from django.core.management.base import BaseCommand, CommandError

from mail.inbound import handle_message


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
        handled = 0
        try:
            for key in list(box.keys()):
                raw = box.get_bytes(key)
                outcome = handle_message(AnymailInboundMessage.parse_raw_mime_bytes(raw))
                self.stdout.write(f"{key}: {outcome.reason}")
                handled += 1
                if not keep:
                    box.remove(key)
            box.flush()
        finally:
            box.unlock()
            box.close()
        done = "1 message handled" if handled == 1 else f"{handled} messages handled"
        self.stdout.write(self.style.SUCCESS(done))
