"""Email backends: DKIM-signing SMTP (``DkimSmtpBackend``); a JSON-lines file (tests,
benchmarks); the terminal (``bin/serve``).

Several processes may write to the same file: each line is written with one
``write`` under an exclusive ``flock``, so a test can count deliveries exactly.
"""

from __future__ import annotations

import fcntl
import json
import os
import smtplib
import time

from django.conf import settings
from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.backends.smtp import EmailBackend as SmtpBackend
from django.core.mail.message import sanitize_address


class JsonLinesBackend(BaseEmailBackend):
    def send_messages(self, email_messages) -> int:
        path = os.environ.get("MAIL_SINK_FILE", "var/mail-sink.jsonl")
        with open(path, "a", encoding="utf-8") as sink:
            fcntl.flock(sink, fcntl.LOCK_EX)
            for message in email_messages:
                line = {
                    "at": time.time(),
                    "to": message.to,
                    "subject": message.subject,
                    "message_id": message.extra_headers.get("Message-ID", ""),
                    "x_rows": message.extra_headers.get("X-Tripost-Rows", ""),
                }
                sink.write(json.dumps(line) + "\n")
            sink.flush()
            fcntl.flock(sink, fcntl.LOCK_UN)
        return len(email_messages)


class TerminalBackend(BaseEmailBackend):
    """``bin/serve``'s backend: each email printed readably to the process's real
    standard output (the terminal), from the web server and from the Celery worker.

    Celery replaces ``sys.stdout`` with a logger (to the worker's log file); this
    writes to ``sys.__stdout__`` so turn, reminder and result emails still show in the
    terminal. Only the plain-text part is printed; HTML versions and pictures are
    named, not dumped."""

    def send_messages(self, email_messages) -> int:
        import sys

        stream = sys.__stdout__
        for message in email_messages:
            extras = []
            if getattr(message, "alternatives", None):
                extras.append("an HTML version")
            if message.attachments:
                extras.append(f"{len(message.attachments)} attachment(s)")
            lines = [
                "",
                "=" * 72,
                f"Email to {', '.join(message.to)}",
                f"From: {message.from_email}",
                f"Subject: {message.subject}",
            ]
            reply_to = getattr(message, "reply_to", None)
            if reply_to:
                lines.append(f"Reply-To: {', '.join(reply_to)}")
            lines += ["-" * 72, message.body.rstrip()]
            if extras:
                lines.append(f"[also: {', '.join(extras)}]")
            lines.append("=" * 72)
            stream.write("\n".join(lines) + "\n")
        stream.flush()
        return len(email_messages)


class DkimSmtpBackend(SmtpBackend):
    """Django's SMTP backend with every message DKIM-signed (``mail.sending.signing``) on the
    way out, for a site that sends through a plain SMTP relay."""

    def _send(self, email_message) -> bool:
        from . import signing

        if not email_message.recipients():
            return False
        encoding = email_message.encoding or settings.DEFAULT_CHARSET
        from_email = sanitize_address(email_message.from_email, encoding)
        recipients = [sanitize_address(addr, encoding) for addr in email_message.recipients()]
        raw = signing.sign(email_message.message().as_bytes(linesep="\r\n"))
        try:
            self.connection.sendmail(from_email, recipients, raw)
        except smtplib.SMTPException:
            if not self.fail_silently:
                raise
            return False
        return True
