"""Moderation in the admin: abort, extend, force the timeout rule, adjudicate, ban;
every action recorded with who and why. Players report players from the game page."""

from datetime import timedelta

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from accounts.models import User
from games.models import GameStatus, SeatStatus
from games.services import GameError
from mail.models import Kind, Notification
from moderation import services as moderation
from moderation.models import AuditLog, Report
from tests.factories import PASSWORD, UserFactory, due_seat, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(db):
    return User.objects.create_superuser("mod", "mod@example.com", PASSWORD)


@pytest.fixture
def admin_client(client, moderator):
    client.login(username="mod", password=PASSWORD)
    return client


def run_action(admin_client, model_url, action, ids, **fields):
    data = {"action": action, ACTION_CHECKBOX_NAME: [str(i) for i in ids], "apply": "1"}
    data.update(fields)
    return admin_client.post(model_url, data, follow=True)


def test_the_game_list_filters_by_game_status_and_player(admin_client, alice, bob, carol):
    mine = start_game(alice, bob)
    other = start_game(carol, bob, engine="trias")
    url = reverse("admin:games_game_changelist")
    page = admin_client.get(url, {"engine": "triad", "status": "active"}).content.decode()
    assert f"Triad #{mine.pk}" in page and f"Trias #{other.pk}" not in page
    page = admin_client.get(url, {"seats__user__username": "carol"}).content.decode()
    assert f"Trias #{other.pk}" in page and f"Triad #{mine.pk}" not in page
    detail = admin_client.get(reverse("admin:games_game_change", args=[mine.pk]))
    assert detail.status_code == 200
    assert b"&quot;" in detail.content or b"state" in detail.content.lower()


def test_an_action_asks_why_before_it_runs(admin_client, alice, bob):
    game = start_game(alice, bob)
    url = reverse("admin:games_game_changelist")
    page = admin_client.post(url, {"action": "abort", ACTION_CHECKBOX_NAME: [str(game.pk)]})
    assert page.status_code == 200 and b"Why" in page.content
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


def test_abort_is_recorded_with_who_and_why(admin_client, moderator, alice, bob):
    game = start_game(alice, bob)
    url = reverse("admin:games_game_changelist")
    run_action(admin_client, url, "abort", [game.pk], reason="Players asked to cancel")
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED
    entry = AuditLog.objects.get(action="abort")
    assert entry.actor == moderator and entry.game == game
    assert entry.reason == "Players asked to cancel"
    assert not game.seats.filter(is_due=True).exists()
    page = admin_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert "Players asked to cancel" in page  # the audit log is shown with the game


def test_extend_moves_the_deadlines(admin_client, alice, bob):
    game = start_game(alice, bob)
    before = due_seat(game).deadline
    url = reverse("admin:games_game_changelist")
    run_action(admin_client, url, "extend", [game.pk], reason="Server trouble", days="2")
    assert due_seat(game).deadline == before + timedelta(days=2)
    assert AuditLog.objects.get(action="extend_deadline").details["days"] == 2


def test_force_timeout_applies_the_timeout_rule(admin_client, alice, bob):
    game = start_game(alice, bob)
    late = due_seat(game)
    url = reverse("admin:games_game_changelist")
    run_action(admin_client, url, "force_timeout", [game.pk], reason="Abandoned game")
    game.refresh_from_db()
    late.refresh_from_db()
    assert game.status == GameStatus.FINISHED and late.status == SeatStatus.TIMED_OUT


def test_adjudicate_sets_the_result(admin_client, alice, bob):
    game = start_game(alice, bob)
    url = reverse("admin:games_game_changelist")
    run_action(admin_client, url, "adjudicate", [game.pk], reason="Agreed by mail", winners="1")
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert list(game.seats.filter(is_winner=True).values_list("index", flat=True)) == [1]
    assert "Agreed by mail" in game.result_reason
    assert {n.user for n in Notification.objects.filter(kind=Kind.RESULT)} == {alice, bob}


def test_a_moderation_action_without_a_reason_is_refused(moderator, alice, bob):
    game = start_game(alice, bob)
    with pytest.raises(GameError, match="Say why"):
        moderation.game_abort(game_id=game.pk, actor=moderator, reason="  ")


def test_a_ban_deactivates_and_applies_the_timeout_rule_in_running_games(
    admin_client, moderator, alice, bob, carol
):
    two = start_game(mallory := UserFactory(username="mallory"), alice)
    three = start_game(mallory, bob, carol, engine="trias")
    url = reverse("admin:accounts_user_changelist")
    run_action(admin_client, url, "ban", [mallory.pk], reason="Abusive messages")
    mallory.refresh_from_db()
    assert not mallory.is_active
    two.refresh_from_db()
    assert two.status == GameStatus.FINISHED
    assert two.seats.get(user=alice).is_winner
    seat = three.seats.get(user=mallory)
    assert seat.status == SeatStatus.TIMED_OUT and seat.controller == "bot"
    assert AuditLog.objects.filter(action="ban", target_user=mallory, actor=moderator).exists()
    assert AuditLog.objects.filter(action="ban_timeout").count() == 2


def test_players_report_a_player_from_the_game_page(client, alice, bob, moderator):
    game = start_game(alice, bob)
    client.login(username="alice", password=PASSWORD)
    page = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "Report a player" in page
    client.post(reverse("game_report", args=[game.pk]), {"reported": bob.pk, "reason": "Rude chat"})
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.reason) == (alice, bob, "Rude chat")
    client.logout()
    client.login(username="mod", password=PASSWORD)
    page = client.get(reverse("admin:moderation_report_changelist")).content.decode()
    assert "alice" in page.lower() and "bob" in page.lower()


def test_only_players_of_the_game_can_report_and_not_themselves(client, alice, bob, carol):
    game = start_game(alice, bob)
    client.login(username="carol", password=PASSWORD)
    client.post(reverse("game_report", args=[game.pk]), {"reported": bob.pk, "reason": "x"})
    client.login(username="alice", password=PASSWORD)
    client.post(reverse("game_report", args=[game.pk]), {"reported": alice.pk, "reason": "x"})
    assert Report.objects.count() == 0
