"""DKIM signing for plain SMTP (issue 18): an email sent through ``DkimSmtpBackend``
arrives at an SMTP server with a signature that verifies against the published key,
and that no longer verifies once a header or the body is changed on the way."""

import socket
import subprocess
import threading

import dkim
import pytest
from aiosmtpd.controller import Controller

from mail.sending import signing
from mail.sending.backends import DkimSmtpBackend
from tests.mail.specimens import specimens

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def key_pair(tmp_path_factory):
    """A fresh RSA key (PKCS#1 PEM, as dkimpy reads it) and its DNS TXT record."""
    folder = tmp_path_factory.mktemp("dkim")
    private = folder / "private.pem"
    subprocess.run(
        ["openssl", "genrsa", "-traditional", "-out", str(private), "2048"],
        check=True, capture_output=True,
    )  # fmt: skip
    public = subprocess.run(
        ["openssl", "rsa", "-in", str(private), "-pubout", "-outform", "PEM"],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    body = "".join(line for line in public.splitlines() if "-----" not in line)
    return private.read_text(), f"v=DKIM1; k=rsa; p={body}".encode()


@pytest.fixture
def signing_settings(settings, key_pair):
    settings.MAIL_DKIM_PRIVATE_KEY = key_pair[0].replace("\n", "\\n")  # as in an env file
    settings.MAIL_DKIM_SELECTOR = "mail2026"
    settings.MAIL_DKIM_DOMAIN = "tripost.test"
    settings.DEFAULT_FROM_EMAIL = "Tripost <noreply@tripost.test>"
    signing.private_key.cache_clear()
    yield
    signing.private_key.cache_clear()


class Inbox:
    def __init__(self):
        self.received: list[bytes] = []
        self.arrived = threading.Event()

    async def handle_DATA(self, server, session, envelope):
        self.received.append(envelope.original_content)
        self.arrived.set()
        return "250 OK"


@pytest.fixture
def smtp_server():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    yield inbox, port
    controller.stop()


def _dns(key_pair):
    def lookup(name, timeout=5):
        return key_pair[1] if name == b"mail2026._domainkey.tripost.test." else None

    return lookup


def test_an_email_sent_over_smtp_carries_a_signature_that_verifies(
    settings, signing_settings, key_pair, smtp_server
):
    inbox, port = smtp_server
    [turn] = [s.build() for s in specimens(settings) if s.label == "turn, Triad"]
    backend = DkimSmtpBackend(host="127.0.0.1", port=port, use_tls=False, use_ssl=False)
    assert backend.send_messages([turn]) == 1
    assert inbox.arrived.wait(10)
    [raw] = inbox.received
    assert raw.startswith(b"DKIM-Signature: ")
    signature = raw.split(b"\r\n\r\n", 1)[0].decode()
    assert "d=tripost.test" in signature and "s=mail2026" in signature
    for header in ("from", "to", "subject", "message-id", "list-unsubscribe", "list-id"):
        assert header in signature.split("h=", 1)[1].split(";", 1)[0].lower()
    assert dkim.verify(raw, dnsfunc=_dns(key_pair))

    forged = raw.replace(b"Subject: Your turn", b"Subject: Urgent: your turn", 1)
    assert forged != raw and not dkim.verify(forged, dnsfunc=_dns(key_pair))
    head, body = raw.split(b"\r\n\r\n", 1)
    tampered = head + b"\r\n\r\n" + body.replace(b"Open the game", b"Open this link", 1)
    assert tampered != raw and not dkim.verify(tampered, dnsfunc=_dns(key_pair))
