"""Web push: a row per device written with the move, sent after commit, encrypted for
the browser and signed with the site's key; what the push service answers decides
what happens next (gone: the device goes; busy: back-off); never twice; email carries
on beside it."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.db import transaction

from games import services
from mail import tasks as mail_tasks
from mail.models import Kind as MailKind
from mail.models import Notification
from push import outbox, tasks
from push.keys import unb64url
from push.models import Device, Kind, Preferences, PushMessage
from tests.factories import due_seat, play_first_legal, start_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _turn_of(game):
    seat = due_seat(game)
    return seat, seat.user


def _verify_vapid(headers: dict, public_key: str, audience: str) -> dict:
    """The Authorization header is a JWT signed with the site's private key (RFC 8292)."""
    scheme, _, params = headers["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.split("=", 1) for part in params.split(","))
    assert fields["k"] == public_key
    header, claims, signature = fields["t"].split(".")
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key))
    key.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    claims = json.loads(base64.urlsafe_b64decode(claims + "=="))
    assert claims["aud"] == audience
    return claims


def test_a_turn_push_reaches_the_browser_encrypted_with_the_emails_subject(
    alice, bob, subscribe, push_service, push_queued, vapid, django_capture_on_commit_callbacks
):
    devices = {user.pk: subscribe(user, user.username) for user in (alice, bob)}
    with django_capture_on_commit_callbacks(execute=True):
        game = start_game(alice, bob)
    _seat, player = _turn_of(game)
    device, browser = devices[player.pk]
    assert player.pk in push_queued  # queued after the commit that wrote it

    assert tasks.deliver_now(player.pk) == 1
    [received] = push_service.to(player.username)
    assert received.headers["content-encoding"] == "aes128gcm"
    assert int(received.headers["ttl"]) == 24 * 3600
    claims = _verify_vapid(received.headers, vapid, push_service.origin)
    assert claims["sub"] == "mailto:operator@tripost.test"
    message = browser.decrypt(received.body)
    other = "Bob" if player == alice else "Alice"
    assert message == {
        "title": f"Your turn in Triad #{game.pk}",
        "body": f"Players: {other}",
        "url": f"https://tripost.test/games/{game.pk}/",
        "tag": f"turn-{game.pk}",
    }
    row = PushMessage.objects.get(device=device, kind=Kind.TURN)
    assert row.outcome == "sent" and row.version == game.version
    device.refresh_from_db()
    assert device.last_used_at is not None
    assert tasks.deliver_now(player.pk) == 0  # nothing twice


def test_a_push_speaks_the_players_language(alice, bob, subscribe, push_service):
    for user in (alice, bob):
        user.language = "de"
        user.save()
    browsers = {user.pk: subscribe(user, user.username)[1] for user in (alice, bob)}
    game = start_game(alice, bob)
    _seat, player = _turn_of(game)
    tasks.deliver_now(player.pk)
    [received] = push_service.to(player.username)
    message = browsers[player.pk].decrypt(received.body)
    assert message["title"] == f"Du bist am Zug in Triad #{game.pk}"
    assert message["body"].startswith("Spieler: ")


def test_each_device_gets_one_push_of_each_version(alice, bob, subscribe, push_service):
    browsers = {name: subscribe(bob, name)[1] for name in ("phone", "laptop")}
    game = start_game(alice, bob)
    seat = game.seats.get(user=bob)
    # The same event heard again (a retried signal) writes nothing more.
    for _ in range(2):
        outbox.queue(user=bob, kind=Kind.RESULT, game=game, seat=seat)
    assert PushMessage.objects.filter(user=bob, kind=Kind.RESULT).count() == 2  # one a device
    tasks.deliver_now(bob.pk)
    tasks.deliver_now(bob.pk)
    for name, browser in browsers.items():
        tags = [browser.decrypt(r.body)["tag"] for r in push_service.to(name)]
        assert tags.count(f"result-{game.pk}") == 1, name


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_calls_gone_is_removed(
    status, alice, bob, subscribe, push_service
):
    gone, _ = subscribe(bob, "old-phone")
    kept, _ = subscribe(bob, "laptop")
    push_service.answers["/push/old-phone"] = [status]
    game = start_game(alice, bob)
    outbox.queue(user=bob, kind=Kind.RESULT, game=game)
    tasks.deliver_now(bob.pk)
    assert push_service.to("laptop") and len(push_service.to("old-phone")) == 1
    assert not Device.objects.filter(pk=gone.pk).exists()
    assert not PushMessage.objects.filter(device_id=gone.pk).exists()
    assert PushMessage.objects.get(device=kept, kind=Kind.RESULT).outcome == "sent"


def test_a_busy_push_service_is_tried_again_later_and_later(alice, bob, subscribe, push_service):
    subscribe(bob, "phone")
    push_service.answers["/push/phone"] = [503, 500, 502]
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        PushMessage.objects.all().delete()
        outbox.queue(user=bob, kind=Kind.RESULT, game=game)
        assert tasks.deliver_now(bob.pk) == 0
        row = PushMessage.objects.get(user=bob)
        assert row.sent_at is None and row.outcome == "retrying: HTTP 503"
        assert row.send_after == T0 + timedelta(minutes=1)
        assert tasks.deliver_now(bob.pk) == 0  # not before its time
    assert len(push_service.to("phone")) == 1
    waits = []
    moment = T0
    for _ in range(2):
        row.refresh_from_db()
        moment = row.send_after
        with time_machine.travel(moment, tick=False):
            assert tasks.deliver_now(bob.pk) == 0
        row.refresh_from_db()
        waits.append(row.send_after - moment)
    assert waits == [timedelta(minutes=2), timedelta(minutes=4)]  # doubling
    with time_machine.travel(row.send_after, tick=False):
        assert tasks.deliver_now(bob.pk) == 1  # the service is back
    row.refresh_from_db()
    assert row.outcome == "sent" and row.attempts == 4
    assert len(push_service.to("phone")) == 4


def test_a_push_service_asking_to_wait_is_heeded_and_a_push_is_given_up_at_last(
    alice, bob, subscribe, push_service, settings
):
    settings.PUSH_MAX_ATTEMPTS = 2
    subscribe(bob, "phone")
    push_service.answers["/push/phone"] = [429, 500]
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        PushMessage.objects.all().delete()
        outbox.queue(user=bob, kind=Kind.RESULT, game=game)
        tasks.deliver_now(bob.pk)
    row = PushMessage.objects.get(user=bob)
    assert row.send_after == T0 + timedelta(seconds=600)  # its Retry-After, not a minute
    with time_machine.travel(row.send_after, tick=False):
        tasks.deliver_now(bob.pk)
    row.refresh_from_db()
    assert row.outcome == "failed: HTTP 500" and row.sent_at is not None
    assert Device.objects.filter(user=bob).exists()  # a failing service is not a gone device


def test_the_sweep_sends_what_was_left_behind(alice, bob, subscribe, push_service, monkeypatch):
    subscribe(bob, "phone")
    game = start_game(alice, bob)
    outbox.queue(user=bob, kind=Kind.RESULT, game=game)
    batches = []
    monkeypatch.setattr(tasks.deliver_batch, "delay", lambda: batches.append(tasks.deliver_batch()))
    assert tasks.sweep_push() >= 1
    assert sum(batches) >= 1
    assert PushMessage.objects.filter(user=bob, sent_at__isnull=True).count() == 0


class Killed(BaseException):
    """SIGKILL in the middle of a send: nothing after it runs (not even an ``except
    Exception``), the claim stays until it expires."""


@pytest.mark.parametrize("when", ["before the hand-over", "after the hand-over"])
def test_a_worker_killed_mid_batch_loses_nothing_and_repeats_at_most_the_push_in_flight(
    when, alice, bob, subscribe, push_service, monkeypatch, settings
):
    settings.PUSH_CLAIM_SECONDS = 60
    names = ["one", "two", "three"]
    browsers = {name: subscribe(bob, name)[1] for name in names}
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        PushMessage.objects.all().delete()
        outbox.queue(user=bob, kind=Kind.RESULT, game=game)

        real_send = tasks.transport.send

        def dying_send(device, message, **kwargs):
            if device.endpoint.endswith("/two"):
                if when == "before the hand-over":
                    raise Killed
                real_send(device, message, **kwargs)
                raise Killed
            return real_send(device, message, **kwargs)

        monkeypatch.setattr(tasks.transport, "send", dying_send)
        with pytest.raises(Killed):
            tasks.deliver_now(bob.pk)
        monkeypatch.setattr(tasks.transport, "send", real_send)
        assert tasks.deliver_now(bob.pk) == 0  # the dead worker's claim still holds
    with time_machine.travel(T0 + timedelta(seconds=61), tick=False):
        assert tasks.deliver_due(50) >= 1  # the sweep's batch, once the claim expired
    assert PushMessage.objects.filter(user=bob).exclude(outcome="sent").count() == 0
    counts = {name: len(push_service.to(name)) for name in names}
    assert counts["one"] == 1 and counts["three"] == 1
    assert counts["two"] == (1 if when == "before the hand-over" else 2)
    # A repeat is the same notification (its tag): the browser shows it once.
    tags = {browsers["two"].decrypt(r.body)["tag"] for r in push_service.to("two")}
    assert tags == {f"result-{game.pk}"}


def test_a_kind_switched_off_is_not_sent(alice, bob, subscribe, push_service):
    subscribe(bob, "phone")
    Preferences.objects.create(user=bob, turn=False)
    game = start_game(alice, bob)
    seat = game.seats.get(user=bob)
    if not seat.is_due:
        play_first_legal(game)
    assert not PushMessage.objects.filter(user=bob, kind=Kind.TURN).exists()
    # Switched off after the row was written: not sent either.
    outbox.queue(user=bob, kind=Kind.RESULT, game=game)
    Preferences.objects.filter(user=bob).update(result=False)
    assert tasks.deliver_now(bob.pk) == 0
    assert PushMessage.objects.get(user=bob, kind=Kind.RESULT).outcome == "skipped: kind off"
    assert push_service.received == []


def test_no_keys_no_push(alice, bob, subscribe, settings, client):
    subscribe(bob, "phone")
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    start_game(alice, bob)
    assert not PushMessage.objects.exists()
    client.force_login(bob)
    page = client.get("/settings/devices/").content.decode()
    assert "Push notifications are not set up on this site." in page
    assert "push-turn-on" not in page and "push-devices.js" not in page
    answer = client.post("/settings/devices/subscribe", "{}", content_type="application/json")
    assert answer.status_code == 409


def test_opening_the_game_after_the_push_spares_the_turn_email(
    alice, bob, subscribe, push_service, client, mailoutbox
):
    """The "seen it" rule: the push goes at once, the email waits its hold-back; the
    player who opened the game meanwhile gets no email."""
    for user in (alice, bob):
        subscribe(user, user.username)
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        _seat, player = _turn_of(game)
        assert tasks.deliver_now(player.pk) == 1
    with time_machine.travel(T0 + timedelta(minutes=2), tick=False):
        client.force_login(player)
        assert client.get(f"/games/{game.pk}/").status_code == 200  # the push's link
    with time_machine.travel(T0 + timedelta(minutes=6), tick=False):
        assert mail_tasks.deliver_now(player.pk) == 0
    turn = Notification.objects.get(user=player, kind=MailKind.TURN)
    assert turn.outcome == "skipped: seen"
    assert mailoutbox == []


def test_when_push_fails_the_email_carries_on(alice, bob, subscribe, push_service, mailoutbox):
    for user in (alice, bob):
        subscribe(user, user.username)
        push_service.answers[f"/push/{user.username}"] = [500]
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        _seat, player = _turn_of(game)
        assert tasks.deliver_now(player.pk) == 0  # the push service is down
    with time_machine.travel(T0 + timedelta(minutes=6), tick=False):
        assert mail_tasks.deliver_now(player.pk) == 1
    [mail] = mailoutbox
    assert mail.subject == f"Your turn in Triad #{game.pk}"


def test_a_push_for_a_turn_already_played_is_not_sent(alice, bob, subscribe, push_service):
    for user in (alice, bob):
        subscribe(user, user.username)
    game = start_game(alice, bob)
    _seat, first = _turn_of(game)
    play_first_legal(game)  # before the worker got to it
    tasks.deliver_now(first.pk)
    row = PushMessage.objects.get(user=first, kind=Kind.TURN)
    assert row.outcome == "skipped: moved on"


def test_game_over_draw_offers_invitations_and_chat_are_pushed(
    alice, bob, carol, subscribe, push_service
):
    browsers = {user.username: subscribe(user, user.username)[1] for user in (alice, bob, carol)}

    def last_message(name):
        tasks.deliver_now({"alice": alice, "bob": bob, "carol": carol}[name].pk)
        return browsers[name].decrypt(push_service.to(name)[-1].body)

    invited = services.game_create(
        creator=alice, engine="triad", num_players=2, options={}, days_per_move=3,
        invitees=[carol], is_public=False,
    )  # fmt: skip
    message = last_message("carol")
    assert message["title"] == f"Alice invites you to Triad #{invited.pk}"
    assert message["url"].endswith(f"/games/{invited.pk}/")

    game = start_game(alice, bob)
    for name in ("alice", "bob"):
        tasks.deliver_now({"alice": alice, "bob": bob}[name].pk)
    from chat import services as chat

    with transaction.atomic():
        chat.message_post(game=game, user=alice, text="Good luck!")
    message = last_message("bob")
    assert message["title"] == f"A new message in Triad #{game.pk}"
    assert message["body"] == "Alice: Good luck!"

    services.draw_offer(game_id=game.pk, user=alice)
    message = last_message("bob")
    assert message["title"] == f"Alice offers a draw in Triad #{game.pk}"

    services.game_resign(game_id=game.pk, user=bob)
    message = last_message("alice")
    assert message["title"] == f"Triad #{game.pk} is over: you won"
    assert message["tag"] == f"result-{game.pk}"


def test_the_reminder_before_the_deadline_is_pushed_with_the_deadline(
    alice, bob, subscribe, push_service
):
    from games.timeouts import send_reminders

    browsers = {user.pk: subscribe(user, user.username)[1] for user in (alice, bob)}
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        _seat, player = _turn_of(game)
    with time_machine.travel(T0 + timedelta(days=2, hours=13), tick=False):  # past 80 %
        assert send_reminders() == 1
        tasks.deliver_now(player.pk)
    message = browsers[player.pk].decrypt(push_service.to(player.username)[-1].body)
    assert message["title"] == (
        f"Reminder: your move in Triad #{game.pk} is due Thu 5 Mar, 09:00 UTC"
    )
    assert message["tag"] == f"reminder-{game.pk}"


def test_a_deleted_account_keeps_no_device_and_gets_no_push(alice, bob, subscribe, push_service):
    from leaving.services import account_delete

    subscribe(bob, "phone")
    game = start_game(alice, bob)
    outbox.queue(user=bob, kind=Kind.RESULT, game=game)
    account_delete(user=bob, actor=bob, reason="leaving")
    assert not Device.objects.filter(user=bob).exists()
    assert not PushMessage.objects.filter(user=bob).exists()
    assert tasks.deliver_now(bob.pk) == 0 and push_service.received == []


def test_a_chat_message_deleted_before_its_push_went_is_not_pushed(
    alice, bob, subscribe, push_service
):
    from chat import services as chat

    subscribe(bob, "phone")
    game = start_game(alice, bob)
    tasks.deliver_now(bob.pk)
    message = chat.message_post(game=game, user=alice, text="oops, wrong game")
    chat.message_delete(message_id=message.pk, user=alice)
    tasks.deliver_now(bob.pk)
    assert PushMessage.objects.get(user=bob, kind=Kind.CHAT).outcome == "skipped: message gone"
