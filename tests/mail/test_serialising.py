"""Emails are written out with ``mail.sending.compose.QuickCompat32`` and
``QuickBytesGenerator``: the very bytes Django's compat32 policy and the email
package's writer write, in less time (issue 17)."""

import email.policy
import io
from email.generator import BytesGenerator

import pytest

from mail.sending import compose
from tests.mail.specimens import specimens

pytestmark = pytest.mark.django_db


def _both(message) -> tuple[bytes, bytes]:
    """The message as the email package writes it with compat32 (what Django's own
    ``as_bytes`` does) and as the site writes it (the same MIME object both times, so
    the same part boundaries)."""
    mime = message.message()
    assert mime.policy is compose.QUICK_COMPAT32
    mime.policy = email.policy.compat32
    out = io.BytesIO()
    BytesGenerator(out, mangle_from_=False).flatten(mime, linesep="\r\n")
    mime.policy = compose.QUICK_COMPAT32
    return out.getvalue(), mime.as_bytes(linesep="\r\n")


def test_every_kind_of_email_is_written_as_compat32_writes_it(settings):
    built = [(s.label, s.build()) for s in specimens(settings)]
    assert len(built) > 10
    for label, message in built:
        if message is None:
            continue
        plain, quick = _both(message)
        assert quick == plain, label


def test_long_and_non_ascii_headers_are_folded_as_before():
    message = compose.Email(
        subject="Zoë's turn in Tri*T*Area #123456 with Ödön, Łucja and a very long list of others",
        body="Dein Zug.",
        from_email="Tripost <noreply@example.com>",
        to=["Zoë Ötzi-Bärenstein <zoe@example.com>"],
        reply_to=["move+" + "x" * 120 + "@example.com"],
        headers={"List-Unsubscribe": "<https://example.com/" + "u" * 90 + ">"},
    )
    message.attach_alternative("<p>Dein Zug.</p>", "text/html")
    plain, quick = _both(message)
    assert quick == plain
    assert b"=?utf-8?" in quick  # (the non-ASCII headers went the long way)


def test_a_part_boundary_never_occurs_in_the_emails_text(monkeypatch):
    # Chosen when the email is built (not by the email package, at a cost, when it is
    # written out): a boundary found in a part's text is drawn again.
    tokens = iter([42, 42, 7, 9])
    monkeypatch.setattr(compose.random, "randrange", lambda _top: next(tokens))
    taken = "=" * 15 + f"{42:019d}" + "=="
    message = compose.Email(
        subject="Your turn",
        body=f"A chat message that says\n--{taken}\nto break the email.",
        from_email="Tripost <noreply@example.com>",
        to=["zoe@example.com"],
    )
    message.attach_alternative("<p>Your turn.</p>", "text/html")
    message.attach("board.png", b"\x89PNG not really", "image/png")
    mime = message.message()
    boundaries = [p.get_boundary() for p in mime.walk() if p.is_multipart()]
    assert len(boundaries) == 2 and taken not in boundaries
    assert set(boundaries) == {"=" * 15 + f"{n:019d}" + "==" for n in (7, 9)}
    written = mime.as_bytes(linesep="\r\n")
    assert written.count(f"--{taken}".encode()) == 1  # (only the chat's own line)
    parsed = email.message_from_bytes(written)
    assert [p.get_content_type() for p in parsed.walk()] == [
        "multipart/mixed", "multipart/alternative", "text/plain", "text/html", "image/png"
    ]  # fmt: skip
    assert f"--{taken}" in parsed.get_payload(0).get_payload(0).get_payload(decode=True).decode()
