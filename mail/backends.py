"""An email backend that appends each message to a JSON-lines file (tests, benchmarks).

Several processes may write to the same file: each line is written with one
``write`` under an exclusive ``flock``, so a test can count deliveries exactly.
"""

from __future__ import annotations

import fcntl
import json
import os
import time

from django.core.mail.backends.base import BaseEmailBackend


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
