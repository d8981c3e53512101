"""bin/serve prints emails in its terminal (README, "The two commands"): the worker
logs to var/worker.log, and the emails go to the real standard output even where
Celery has replaced ``sys.stdout`` with a logger."""

import io
import sys
from pathlib import Path

from django.core.mail import EmailMultiAlternatives

from mail.sending.backends import TerminalBackend

ROOT = Path(__file__).resolve().parents[2]


def test_an_email_is_printed_readably_to_the_real_stdout(capfd, monkeypatch):
    monkeypatch.setattr(sys, "stdout", io.StringIO())  # as Celery's LoggingProxy does
    message = EmailMultiAlternatives(
        "[Tripost] Your turn in Triad #4",
        "Bob moved.\nReply with your move on the first line.",
        "Tripost <noreply@localhost>",
        ["alice@example.com"],
        reply_to=["play+token@localhost"],
    )
    message.attach_alternative("<p>Bob moved.</p>", "text/html")
    message.attach("board.png", b"\x89PNG" + b"x" * 5000, "image/png")
    assert TerminalBackend().send_messages([message]) == 1
    out = capfd.readouterr().out
    assert "Email to alice@example.com" in out
    assert "Subject: [Tripost] Your turn in Triad #4" in out
    assert "Reply-To: play+token@localhost" in out
    assert "Reply with your move on the first line." in out
    assert "[also: an HTML version, 1 attachment(s)]" in out
    assert "xxxx" not in out and "<p>" not in out  # no HTML or picture dumped
    assert sys.stdout.getvalue() == ""  # not into the replaced stream (the worker log)


def test_bin_serve_keeps_the_worker_log_in_a_file_and_its_output_in_the_terminal():
    """bin/serve's watcher (config/serve.py) starts the worker with its log in a file
    and its standard output (the emails) left on the terminal."""
    import inspect

    from config import serve

    worker = serve.worker_command(Path("var/worker.log"))
    assert "--logfile=var/worker.log" in worker
    assert "stdout" not in inspect.getsource(serve._start)  # not redirected away
    script = (ROOT / "bin" / "serve").read_text()
    assert "EMAIL_BACKEND=${EMAIL_BACKEND:-mail.sending.backends.TerminalBackend}" in script
