"""Issue 13, point 11: a hard bounce or a spam complaint (the provider's tracking
webhook) stops mail to that address; the player is told on the site and can switch
mail on again after fixing the address."""

import base64
import itertools
import json

import pytest
from allauth.account.models import EmailAddress
from django.urls import reverse

from mail import tasks
from mail.models import Kind, Suppression
from mail.sending.outbox import notify
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

AUTH = "Basic " + base64.b64encode(b"hook:s3cret").decode()


@pytest.fixture
def postmark(client, settings, mount_webhooks):
    mount_webhooks("postmark")
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:s3cret"}

    def post(kind: str, email: str, **extra):
        payload = {
            "RecordType": "SpamComplaint" if kind == "SpamComplaint" else "Bounce",
            "Type": kind,
            "TypeCode": 1,
            "ID": 42,
            "MessageID": "883953f4-6105-42a2-a16a-77a8eac79483",
            "Email": email,
            "Description": "The server was unable to deliver your message (ex: unknown user).",
            "Details": "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
            "BouncedAt": "2026-12-01T10:00:00Z",
            **extra,
        }
        return client.post(
            "/anymail/postmark/tracking/",
            json.dumps(payload),
            content_type="application/json",
            HTTP_AUTHORIZATION=AUTH,
        )

    return post


_keys = itertools.count()


def an_email(user, mailoutbox):
    mailoutbox.clear()
    notify(user=user, kind=Kind.VACATION_OVER, dedupe_key=f"test:{next(_keys)}")
    tasks.deliver_now(user.pk)
    return list(mailoutbox)


def test_a_hard_bounce_stops_mail_until_the_player_switches_it_on(
    client, alice, postmark, mailoutbox
):
    assert an_email(alice, mailoutbox)  # mail flows
    assert postmark("HardBounce", "Alice@Example.com").status_code == 200
    assert an_email(alice, mailoutbox) == []
    # the player sees it on every page, with why and what to do
    client.login(username="alice", password=PASSWORD)
    page = client.get(reverse("player_settings")).content.decode()
    assert "Emails to you are stopped" in page
    assert "Our emails to alice@example.com bounced" in page
    assert "does not exist" in page
    assert "Send my emails again" in page
    assert "Emails to you are stopped" in client.get("/").content.decode()
    # ...and switches it on once the address is fixed
    response = client.post(reverse("mail_resume"), follow=True)
    assert "Emails to your address are switched on again." in response.content.decode()
    assert "Emails to you are stopped" not in response.content.decode()
    assert an_email(alice, mailoutbox)


def test_a_spam_complaint_stops_mail_and_says_so(client, alice, postmark, mailoutbox):
    assert postmark("SpamComplaint", alice.email).status_code == 200
    assert an_email(alice, mailoutbox) == []
    client.login(username="alice", password=PASSWORD)
    page = client.get(reverse("player_settings")).content.decode()
    assert "were marked as spam" in page


def test_a_soft_bounce_stops_nothing(alice, postmark, mailoutbox):
    assert postmark("SoftBounce", alice.email).status_code == 200
    assert postmark("Transient", alice.email).status_code == 200
    assert not Suppression.objects.exists()
    assert an_email(alice, mailoutbox)


def test_a_bounce_for_an_address_nobody_has_changes_nothing(alice, postmark):
    assert postmark("HardBounce", "nobody@example.org").status_code == 200
    assert not Suppression.objects.exists()


def test_a_new_address_is_not_stopped(alice, postmark, mailoutbox):
    postmark("HardBounce", alice.email)
    alice.email = "alice@new.example"
    alice.save()
    EmailAddress.objects.create(user=alice, email=alice.email, verified=True)
    assert an_email(alice, mailoutbox)


def test_the_tracking_webhook_is_locked_too(client, alice, settings, mount_webhooks):
    mount_webhooks("postmark")
    settings.ANYMAIL = {}
    response = client.post(
        "/anymail/postmark/tracking/",
        json.dumps({"RecordType": "Bounce", "Type": "HardBounce", "Email": alice.email}),
        content_type="application/json",
    )
    assert response.status_code == 403
    assert not Suppression.objects.exists()


def test_a_stopped_player_cannot_be_switched_on_by_a_get(client, alice, postmark):
    postmark("HardBounce", alice.email)
    client.login(username="alice", password=PASSWORD)
    assert client.get(reverse("mail_resume")).status_code == 405
    assert Suppression.objects.filter(lifted_at=None).count() == 1


def test_staff_see_stopped_addresses_and_can_lift_them(client, alice, postmark):
    postmark("HardBounce", alice.email)
    UserFactory(username="root", is_staff=True, is_superuser=True)
    client.login(username="root", password=PASSWORD)
    page = client.get(reverse("admin:mail_suppression_changelist"))
    assert page.status_code == 200 and alice.email in page.content.decode()
    stop = Suppression.objects.get()
    client.post(
        reverse("admin:mail_suppression_changelist"),
        {"action": "lift", "_selected_action": [stop.pk]},
    )
    stop.refresh_from_db()
    assert stop.lifted_at is not None
    assert client.get(reverse("admin:mail_inboundmessage_changelist")).status_code == 200


def test_the_banner_follows_a_stop_at_once_though_pages_keep_it(client, alice, postmark):
    """The banner's answer is cached (every page asks): a stop made after a page was
    seen shows on the next page, and a lift by staff takes it away on the next page."""
    client.login(username="alice", password=PASSWORD)
    assert "Emails to you are stopped" not in client.get("/").content.decode()
    postmark("HardBounce", alice.email)
    assert "Emails to you are stopped" in client.get("/").content.decode()
    stop = Suppression.objects.get()
    staff = UserFactory(username="root", is_staff=True, is_superuser=True)
    from django.test import Client

    admin = Client()
    admin.force_login(staff)
    admin.post(
        reverse("admin:mail_suppression_changelist"),
        {"action": "lift", "_selected_action": [stop.pk]},
    )
    assert "Emails to you are stopped" not in client.get("/").content.decode()


@pytest.mark.parametrize(
    "body",
    [b"not json at all", b"[1, 2, 3]", b'"a string"'],
    ids=["not-json", "a-list", "a-string"],
)
def test_an_unreadable_tracking_post_is_refused_and_changes_nothing(client, alice, postmark, body):
    """A post the provider's parser cannot read gets a plain 400 (not a server error),
    and stops no one's mail; a readable one after it still works."""
    response = client.post(
        "/anymail/postmark/tracking/",
        body,
        content_type="application/json",
        HTTP_AUTHORIZATION=AUTH,
    )
    assert response.status_code == 400
    assert b"could not be read" in response.content
    assert not Suppression.objects.exists()
    assert postmark("HardBounce", alice.email).status_code == 200
    assert Suppression.objects.filter(lifted_at=None).count() == 1
