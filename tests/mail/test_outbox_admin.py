"""The outbox admin: filter by kind, state and player; see why a row was not sent;
send rows again."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from mail import tasks
from mail.models import Kind, Notification
from tests.factories import PASSWORD, start_game

pytestmark = pytest.mark.django_db

URL = "/admin/mail/notification/"


@pytest.fixture
def admin_client(db):
    User.objects.create_superuser("mod", "mod@example.com", PASSWORD)
    client = Client()
    client.login(username="mod", password=PASSWORD)
    return client


def test_rows_filter_by_kind_state_and_player(admin_client, alice, bob, carol):
    start_game(alice, bob)  # a turn row waits for whoever moves first
    now = timezone.now()
    Notification.objects.create(
        user=carol, kind=Kind.RESULT, send_after=now, sent_at=now, outcome="skipped: seen"
    )
    assert reverse("admin:mail_notification_changelist") == URL
    # (The rows name their player; the filters' sidebar names kinds, never players.)
    players = {"Alice", "Bob"}
    turns = admin_client.get(URL, {"kind": Kind.TURN}).content.decode()
    assert any(p in turns for p in players) and "Carol" not in turns
    not_sent = admin_client.get(URL, {"state": "not_sent"}).content.decode()
    assert "skipped: seen" in not_sent and not any(p in not_sent for p in players)
    pending = admin_client.get(URL, {"state": "pending"}).content.decode()
    assert any(p in pending for p in players) and "Carol" not in pending
    mine = admin_client.get(URL, {"user__id__exact": carol.pk}).content.decode()
    assert "Carol" in mine and not any(p in mine for p in players)
    assert "Carol" in admin_client.get(URL, {"q": "carol"}).content.decode()


def test_resend_puts_a_row_back_and_it_is_sent(admin_client, alice, bob, mailoutbox, settings):
    settings.MAIL_TURN_HOLD_SECONDS = 0
    game = start_game(alice, bob)
    row = Notification.objects.get(kind=Kind.TURN)
    row.sent_at, row.outcome = timezone.now(), "failed: too many attempts"
    row.save()
    admin_client.post(URL, {"action": "resend", ACTION_CHECKBOX_NAME: [str(row.pk)]})
    row.refresh_from_db()
    assert row.sent_at is None and row.outcome == "" and row.attempts == 0
    assert tasks.deliver_now(row.user_id) == 1
    row.refresh_from_db()
    assert row.outcome == "sent"
    assert mailoutbox[-1].subject == f"Your turn in Triad #{game.pk}"


def test_the_user_list_links_to_each_players_emails(admin_client, alice):
    page = admin_client.get(reverse("admin:accounts_user_changelist")).content.decode()
    assert f"{URL}?user__id__exact={alice.pk}" in page
