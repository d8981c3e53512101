"""Issue 13, point 2: one stranger's email never halts email play for everyone.

Every message is handled on its own; one that cannot be read goes to the quarantine
with a log line; the webhook never answers 500 for a bad message; a recorded reply is
always answered.
"""

import hashlib
import hmac
import itertools
import json
import mailbox
import time

import pytest
from anymail.inbound import AnymailInboundMessage
from django.core.management import call_command

from games import services
from mail.models import InboundMessage, Kind, Notification
from tests.factories import due_seat, start_game
from tests.mail.test_inbound import legal, reply_to

pytestmark = pytest.mark.django_db

_ids = itertools.count()


def raw(*, sender, to, body, headers=b""):
    return (
        f"From: {sender}\r\nTo: {to}\r\nSubject: Re: Your turn\r\n"
        f"Message-ID: <q-{next(_ids)}@client.test>\r\n".encode()
        + headers
        + b"\r\n"
        + body
    )


def poison(to: str, player_email: str) -> dict[str, bytes]:
    return {
        "unknown charset": raw(
            sender=player_email,
            to=to,
            headers=b"Content-Type: text/plain; charset=x-no-such-charset\r\n",
            body=b"b1-b3\r\n",
        ),
        "empty From": raw(sender="<>", to=to, body=b"b1-b3\r\n"),
        "two From addresses": raw(
            sender=f"{player_email}, mallory@example.com", to=to, body=b"b1-b3\r\n"
        ),
    }


def open_box(path, kind):
    return mailbox.Maildir(path) if kind == "maildir" else mailbox.mbox(path)


@pytest.mark.parametrize("kind", ["maildir", "mbox"])
def test_poisonous_messages_never_hold_up_the_good_ones(alice, bob, carol, tmp_path, kind):
    games = [start_game(alice, bob), start_game(bob, carol), start_game(carol, alice)]
    nul_game, illegal_game = start_game(alice, carol), start_game(bob, alice)
    path = tmp_path / kind
    box = open_box(path, kind)
    first = due_seat(games[0])
    for message in poison(reply_to(games[0]), first.user.email).values():
        box.add(message)  # the poison comes first, as it did in the cron runs
    for game in games:
        seat = due_seat(game)
        box.add(raw(sender=seat.user.email, to=reply_to(game), body=legal(game)[0].encode()))
    nul_seat = due_seat(nul_game)
    box.add(raw(sender=nul_seat.user.email, to=reply_to(nul_game), body=b"hello\x00 there\r\n\r\n"))
    illegal_seat = due_seat(illegal_game)
    box.add(raw(sender=illegal_seat.user.email, to=reply_to(illegal_game), body=b"z9-z9=9\r\n"))
    box.flush()
    box.close()

    call_command("read_mailbox", str(path), *(["--mbox"] if kind == "mbox" else []))

    for game in games:  # every good one played, in one run
        game.refresh_from_db()
        assert game.version == 1
    # ...and every recorded reply answered (the NUL never reaches the database)
    answered = Notification.objects.filter(kind=Kind.REPLY)
    assert {n.user_id for n in answered} == {nul_seat.user_id, illegal_seat.user_id}
    assert {n.game_id for n in answered} == {nul_game.pk, illegal_game.pk}
    assert all("\x00" not in n.payload["move"] for n in answered)
    assert InboundMessage.objects.count() == 5
    assert len(open_box(path, kind)) == 0
    if kind == "maildir":
        held = mailbox.Maildir(path).get_folder("Quarantine")
    else:
        held = mailbox.mbox(f"{path}.quarantine")
    reasons = sorted(m["X-Tripost-Quarantined"] for m in held)
    assert len(reasons) == 3
    assert any("LookupError" in r for r in reasons)
    assert any("found 0" in r for r in reasons) and any("found 2" in r for r in reasons)
    # the next run finds nothing new to do
    call_command("read_mailbox", str(path), *(["--mbox"] if kind == "mbox" else []))
    assert Notification.objects.filter(kind=Kind.REPLY).count() == 2


def test_a_message_whose_handling_failed_is_not_recorded_and_is_played_when_retried(
    alice, bob, tmp_path, monkeypatch
):
    game = start_game(alice, bob)
    seat = due_seat(game)
    path = tmp_path / "Maildir"
    box = mailbox.Maildir(path)
    message = raw(sender=seat.user.email, to=reply_to(game), body=legal(game)[0].encode())
    box.add(message)
    real = services.move_play

    def broken(**kwargs):
        raise RuntimeError("a bug in the move service")

    monkeypatch.setattr(services, "move_play", broken)
    call_command("read_mailbox", str(path))
    assert InboundMessage.objects.count() == 0  # never dropped later as a "duplicate"
    held = box.get_folder("Quarantine")
    assert len(held) == 1 and "RuntimeError" in next(iter(held))["X-Tripost-Quarantined"]
    # the operator moves it back once the bug is fixed: it is played
    monkeypatch.setattr(services, "move_play", real)
    box.add(message)
    call_command("read_mailbox", str(path))
    game.refresh_from_db()
    assert game.version == 1


@pytest.mark.parametrize("case", ["unknown charset", "empty From", "two From addresses"])
def test_the_webhook_answers_200_for_a_bad_message_and_keeps_it(
    client, alice, bob, settings, mount_webhooks, case
):
    mount_webhooks("mailgun")
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:s3cret", "MAILGUN_WEBHOOK_SIGNING_KEY": "k3y"}
    game = start_game(alice, bob)
    message = poison(reply_to(game), due_seat(game).user.email)[case]
    stamp, nonce = str(int(time.time())), "n0nce"
    signature = hmac.new(b"k3y", (stamp + nonce).encode(), hashlib.sha256).hexdigest()
    response = client.post(
        "/anymail/mailgun/inbound_mime/",
        {"body-mime": message.decode(), "timestamp": stamp, "token": nonce, "signature": signature},
        HTTP_AUTHORIZATION="Basic aG9vazpzM2NyZXQ=",
    )
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version == 0
    [kept] = mailbox.Maildir(settings.MAIL_QUARANTINE_DIR)
    assert kept["X-Tripost-Quarantined"]
    assert kept["Message-ID"] == AnymailInboundMessage.parse_raw_mime_bytes(message)["Message-ID"]


def test_a_provider_post_anymail_cannot_parse_answers_200_and_is_kept(
    client, alice, bob, settings, mount_webhooks
):
    """A message with two Subject headers: anymail cannot rebuild it from Postmark's
    JSON (it raises), which answered 500 before."""
    mount_webhooks("postmark")
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:s3cret"}
    game = start_game(alice, bob)
    payload = {
        "FromFull": {"Email": due_seat(game).user.email, "Name": ""},
        "ToFull": [{"Email": reply_to(game), "Name": ""}],
        "Subject": "Re: Your turn",
        "TextBody": legal(game)[0],
        "Headers": [{"Name": "Subject", "Value": "a second subject"}],
    }
    response = client.post(
        "/anymail/postmark/inbound/",
        json.dumps(payload),
        content_type="application/json",
        HTTP_AUTHORIZATION="Basic aG9vazpzM2NyZXQ=",
    )
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version == 0
    [kept] = mailbox.Maildir(settings.MAIL_QUARANTINE_DIR)
    assert "postmark post unreadable" in kept["X-Tripost-Quarantined"]
    assert "a second subject" in kept.get_payload()
