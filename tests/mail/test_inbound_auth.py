"""Issue 13, point 1: only the right people can use the inbound routes and replies.

The webhooks are mounted for the configured provider only and refuse requests without
its secret and signature; ``check --deploy`` fails while one is reachable without both;
a reply is played only when its sender was verified (provider verdict, a trusted MTA's
Authentication-Results, or our own DKIM check), unless a setting allows unverified ones.
"""

import base64
import itertools
import json
import mailbox
import types
from email.message import EmailMessage
from pathlib import Path

import dkim
import pytest
from anymail.inbound import AnymailInboundMessage
from django.core.checks import run_checks
from django.core.management import call_command
from django.test import Client
from django.urls import include, path

from mail.models import InboundMessage, Kind, Notification
from mail.replies import inbound_auth
from mail.replies.inbound import handle_message
from tests.factories import due_seat, start_game
from tests.mail.test_inbound import legal, reply_to

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent / "data"
AUTH = "Basic " + base64.b64encode(b"hook:s3cret").decode()


@pytest.fixture
def game(alice, bob):
    return start_game(alice, bob)


@pytest.fixture
def strict(settings):
    """Production's default: a reply nobody verified is not played."""
    settings.MAIL_ACCEPT_UNVERIFIED = False
    settings.MAIL_AUTHSERV_IDS = ["mx.tripost.test"]


_ids = itertools.count()


def raw_reply(*, sender, to, text, headers=()):
    message = EmailMessage()
    for name, value in headers:
        message[name] = value
    message["From"] = sender
    message["To"] = to
    message["Subject"] = "Re: Your turn"
    message["Message-ID"] = f"<auth-{next(_ids)}@client.test>"
    message.set_content(text)
    return message.as_bytes()


def postmark_post(client, raw: bytes, **extra):
    message = AnymailInboundMessage.parse_raw_mime_bytes(raw)
    payload = {
        "FromFull": {"Email": message["From"].rpartition("<")[2].strip(">"), "Name": ""},
        "ToFull": [{"Email": message["To"], "Name": ""}],
        "Subject": message["Subject"],
        "MessageID": "pm-1",
        "TextBody": message.text,
        "Headers": [
            {"Name": k, "Value": v}
            for k, v in message.items()
            if k not in ("From", "To", "Subject", "MIME-Version") and not k.startswith("Content-")
        ],
    }
    return client.post(
        "/anymail/postmark/inbound/", json.dumps(payload), content_type="application/json", **extra
    )


def test_no_webhook_is_mounted_without_a_configured_provider(client, game):
    """The site's own URLconf (MAIL_INBOUND_ESP unset in the tests' environment)."""
    seat = due_seat(game)
    raw = raw_reply(sender=seat.user.email, to=reply_to(game), text=legal(game)[0])
    assert postmark_post(client, raw).status_code == 404
    assert client.post("/anymail/sendgrid/inbound/", {"email": raw.decode()}).status_code == 404
    game.refresh_from_db()
    assert game.version == 0


def test_a_mounted_webhook_refuses_requests_until_its_secret_is_set(
    client, game, settings, mount_webhooks
):
    mount_webhooks("postmark")
    seat = due_seat(game)
    raw = raw_reply(sender=seat.user.email, to=reply_to(game), text=legal(game)[0])
    settings.ANYMAIL = {}
    assert postmark_post(client, raw).status_code == 403  # no secret: nobody gets in
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:s3cret"}
    assert postmark_post(client, raw).status_code == 400  # no basic auth
    wrong = "Basic " + base64.b64encode(b"hook:guess").decode()
    assert postmark_post(client, raw, HTTP_AUTHORIZATION=wrong).status_code == 400
    game.refresh_from_db()
    assert game.version == 0
    provider = Client(enforce_csrf_checks=True)  # it has no CSRF token, as in production
    assert postmark_post(provider, raw, HTTP_AUTHORIZATION=AUTH).status_code == 200
    game.refresh_from_db()
    assert game.version == 1


def test_a_signing_provider_needs_its_signing_key_too(client, game, settings, mount_webhooks):
    mount_webhooks("mailgun")
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:s3cret"}
    seat = due_seat(game)
    raw = raw_reply(sender=seat.user.email, to=reply_to(game), text=legal(game)[0])
    response = client.post(
        "/anymail/mailgun/inbound_mime/",
        {"body-mime": raw.decode(), "timestamp": "1", "token": "t", "signature": "s"},
        HTTP_AUTHORIZATION=AUTH,
    )
    assert response.status_code == 403
    settings.ANYMAIL["MAILGUN_WEBHOOK_SIGNING_KEY"] = "k3y"
    response = client.post(
        "/anymail/mailgun/inbound_mime/",
        {"body-mime": raw.decode(), "timestamp": "1", "token": "t", "signature": "forged"},
        HTTP_AUTHORIZATION=AUTH,
    )
    assert response.status_code == 400  # anymail checks the signature now
    game.refresh_from_db()
    assert game.version == 0


def _errors(ids=("mail.E001",)):
    return [m for m in run_checks(include_deployment_checks=True) if m.id in ids]


def test_the_deploy_check_fails_while_a_webhook_is_reachable_without_both(settings, mount_webhooks):
    settings.ANYMAIL = {}
    assert _errors() == []  # nothing mounted: nothing to lock
    # anymail's own URLconf mounted whole (as the site did before): every route counts
    everything = types.ModuleType("everything")
    everything.urlpatterns = [path("anymail/", include("anymail.urls"))]
    settings.ROOT_URLCONF = everything
    assert any("postmark inbound" in e.msg for e in _errors())
    mount_webhooks("mailgun")
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:s3cret"}
    [error, *_] = _errors()
    assert "ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY" in error.msg
    settings.ANYMAIL["MAILGUN_WEBHOOK_SIGNING_KEY"] = "k3y"
    assert _errors() == []
    with pytest.raises(Exception, match=r"mail\.E001"):
        settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": "k3y"}
        call_command("check", "--deploy", "--fail-level", "ERROR")


def test_the_deploy_check_warns_while_unverified_senders_are_accepted(settings):
    settings.MAIL_ACCEPT_UNVERIFIED = True
    assert _errors(("mail.W002",))
    settings.MAIL_ACCEPT_UNVERIFIED = False
    assert not _errors(("mail.W002",))


# --- the sender check --------------------------------------------------------------------


def _play(game, headers=(), sender=None, **kwargs):
    seat = due_seat(game)
    raw = raw_reply(
        sender=sender or seat.user.email, to=reply_to(game), text=legal(game)[0], headers=headers
    )
    outcome = handle_message(AnymailInboundMessage.parse_raw_mime_bytes(raw), **kwargs)
    game.refresh_from_db()
    return outcome


def test_a_reply_nobody_verified_is_refused_and_not_answered(game, strict):
    outcome = _play(game)
    assert not outcome.played and "nobody verified the sender" in outcome.reason
    assert game.version == 0
    assert not Notification.objects.filter(kind=Kind.REPLY).exists()
    assert InboundMessage.objects.get().outcome.startswith("refused, not answered")


def test_a_setting_lets_unverified_replies_through(game, settings):
    settings.MAIL_ACCEPT_UNVERIFIED = False
    assert not _play(game).played
    settings.MAIL_ACCEPT_UNVERIFIED = True
    assert _play(game).played


def test_a_trusted_mtas_dkim_pass_for_the_senders_domain_plays(game, strict):
    results = "mx.tripost.test; dkim=pass header.d=example.com; spf=none"
    outcome = _play(game, headers=[("Authentication-Results", results)])
    assert outcome.played, outcome.reason


@pytest.mark.parametrize(
    "results",
    [
        "mx.attacker.test; dkim=pass header.d=example.com",  # not our MTA's header
        "mx.tripost.test; dkim=pass header.d=attacker.test",  # not the From's domain
    ],
)
def test_a_pass_that_does_not_vouch_for_the_sender_is_no_verdict(game, strict, results):
    outcome = _play(game, headers=[("Authentication-Results", results)])
    assert not outcome.played and "nobody verified" in outcome.reason


def test_a_forged_verdict_below_our_mtas_own_counts_for_nothing(game, strict):
    ours = "mx.tripost.test; dkim=fail header.d=example.com; spf=fail smtp.mailfrom=example.com"
    forged = "mx.tripost.test; dkim=pass header.d=example.com"
    headers = [("Authentication-Results", ours), ("Authentication-Results", forged)]
    outcome = _play(game, headers=headers)
    assert not outcome.played and "failed authentication" in outcome.reason


def test_a_second_mailgun_verdict_header_makes_neither_count(game, strict):
    headers = [("X-Mailgun-Spf", "Fail"), ("X-Mailgun-Spf", "Pass")]
    assert "nobody verified" in _play(game, headers=headers, esp_name="Mailgun").reason
    assert _play(game, headers=[("X-Mailgun-Spf", "Pass")], esp_name="Mailgun").played


def test_a_sender_that_failed_authentication_is_refused_even_where_unverified_is_allowed(
    game, settings
):
    settings.MAIL_AUTHSERV_IDS = ["mx.tripost.test"]
    results = "mx.tripost.test; spf=fail smtp.mailfrom=example.com; dkim=none"
    outcome = _play(game, headers=[("Authentication-Results", results)])
    assert not outcome.played and "failed authentication" in outcome.reason
    assert not Notification.objects.filter(kind=Kind.REPLY).exists()


def test_the_providers_verdict_decides_for_its_webhook(game, strict):
    failed = {"receipt": {"spfVerdict": {"status": "FAIL"}, "dkimVerdict": {"status": "FAIL"}}}
    assert "failed" in _play(game, esp_name="Amazon SES", esp_event=failed).reason
    passed = {"receipt": {"dkimVerdict": {"status": "PASS"}, "spfVerdict": {"status": "PASS"}}}
    assert _play(game, esp_name="Amazon SES", esp_event=passed).played


# --- the mailbox reader's own DKIM check --------------------------------------------------


@pytest.fixture
def dkim_dns(monkeypatch):
    public = (DATA / "dkim-test-key.pub.b64").read_text().strip()

    def lookup(name, timeout=5):
        if name == b"t._domainkey.example.com.":
            return f"v=DKIM1; k=rsa; p={public}".encode()
        return None

    monkeypatch.setattr(inbound_auth, "dns_txt", lookup)


def signed(raw: bytes) -> bytes:
    key = (DATA / "dkim-test-key.pem").read_bytes()
    headers = [b"from", b"to", b"subject", b"message-id"]
    return dkim.sign(raw, b"t", b"example.com", key, include_headers=headers) + raw


def test_the_mailbox_reader_checks_dkim_itself(game, strict, dkim_dns, tmp_path, settings):
    settings.MAIL_AUTHSERV_IDS = []  # no MTA verdicts: our own check decides
    seat = due_seat(game)
    first, second = legal(game)[:2]
    box = mailbox.Maildir(tmp_path / "Maildir")
    good = signed(raw_reply(sender=seat.user.email, to=reply_to(game), text=first))
    tampered = signed(raw_reply(sender=seat.user.email, to=reply_to(game), text=second))
    tampered = tampered.replace(second.encode(), first.encode())  # altered after signing
    box.add(tampered)
    call_command("read_mailbox", str(tmp_path / "Maildir"))
    game.refresh_from_db()
    assert game.version == 0
    assert "failed authentication" in InboundMessage.objects.get().outcome
    box.add(good)
    call_command("read_mailbox", str(tmp_path / "Maildir"))
    game.refresh_from_db()
    assert game.version == 1
    assert game.moves.get(ply=1).action == first
