"""Leaving the site: the player's data as JSON (never an opponent's secrets), and
deleting the account by anonymising it (sessions end, pending emails dropped, running
games settled by the timeout rule, finished games replay as before)."""

import json

import pytest
from allauth.account.models import EmailAddress
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.test import Client
from django.urls import reverse

from accounts.models import User
from chat import services as chat
from chat.models import Note
from games.models import GameStatus, SeatStatus
from games.replay import game_states
from leaving import services
from mail.models import Kind, Notification
from moderation.models import AuditLog
from tests.factories import PASSWORD, UserFactory, start_game
from tests.web.helpers import play_random
from tests.web.helpers import start_game as start_public_game

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_the_download_holds_profile_games_moves_messages_and_emails(alice, bob):
    game = start_game(alice, bob)
    play_random(game, max_moves=3)
    chat.message_post(game=game, user=alice, text="Hello from Alice")
    chat.note_save(game=game, user=alice, text="my plan")
    response = signed_in(alice).get(reverse("data_download"))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["profile"]["username"] == "alice"
    assert data["profile"]["email_addresses"][0]["email"] == "alice@example.com"
    [mine] = data["games"]
    assert mine["id"] == game.pk and len(mine["moves"]) == game.moves.count()
    assert {p["name"] for p in mine["players"]} == {"Alice", "Bob"}
    assert data["chat_messages"][0]["text"] == "Hello from Alice"
    assert data["notes"][0]["text"] == "my plan"
    kinds = {e["kind"] for e in data["emails_sent_to_you"]}
    assert kinds <= {k.value for k in Kind} and kinds
    assert "bob@example.com" not in response.content.decode()


def test_the_download_never_holds_an_opponents_secrets():
    """A lead declaration is secret while the game runs (TT10, TT11); no snapshot or
    seed (hands, deck order) is exported."""
    one, two = UserFactory(), UserFactory()
    game = start_public_game("tritarea", [one, two], num_players=2)
    game = play_random(game, stop=lambda g: g.moves.filter(action__startswith="lead ").exists())
    move = game.moves.get(action__startswith="lead ")
    other = two if game.seats.get(index=move.seat).user == one else one
    text = signed_in(other).get(reverse("data_download")).content.decode()
    assert move.action not in text and "lead ?" in text
    assert str(game.seed) not in text and '"state"' not in text and '"hand"' not in text


def test_deleting_asks_for_the_password_first(alice):
    client = signed_in(alice)
    assert "Delete my account" in client.get(reverse("account_delete")).content.decode()
    page = client.post(reverse("account_delete"), {"password": "wrong"})
    assert "That is not your password" in page.content.decode()
    alice.refresh_from_db()
    assert alice.is_active and alice.username == "alice"


def test_a_deleted_account_is_anonymised_and_signed_out_everywhere(alice, bob, carol):
    running = start_game(alice, bob)
    finished = start_public_game("triad", [alice, carol])
    finished = play_random(finished)
    assert finished.status == GameStatus.FINISHED
    before = [s.to_json() if hasattr(s, "to_json") else repr(s) for s in game_states(finished)]
    results = [(s.index, s.score, s.rank, s.is_winner) for s in finished.seats.order_by("index")]
    chat.message_post(game=running, user=alice, text="bye all")
    pending = Notification.objects.filter(user=alice, sent_at__isnull=True).count()
    other_device = signed_in(alice)
    client = signed_in(alice)

    response = client.post(reverse("account_delete"), {"password": PASSWORD}, follow=True)
    assert "Your account is deleted" in response.content.decode()

    alice.refresh_from_db()
    assert alice.display_name == f"deleted player {alice.pk}" and alice.name == alice.display_name
    assert alice.username == f"deleted-{alice.pk}" and alice.email == ""
    assert not alice.is_active and not alice.has_usable_password()
    assert not EmailAddress.objects.filter(user=alice).exists()
    assert not Client().login(username="alice", password=PASSWORD)
    assert not Client().login(username="alice@example.com", password=PASSWORD)
    # Every session ended: the other device is signed out.
    assert other_device.get(reverse("player_settings")).status_code == 302
    # Pending emails dropped.
    assert pending and not Notification.objects.filter(user=alice, sent_at__isnull=True).exists()
    assert Notification.objects.filter(user=alice, outcome="dropped: account deleted").exists()
    # The running game settled by the timeout rule: Bob wins.
    running.refresh_from_db()
    assert running.status == GameStatus.FINISHED
    assert running.seats.get(user=alice).status == SeatStatus.TIMED_OUT
    assert running.seats.get(user=bob).is_winner
    # The finished game replays exactly as before, with the same result.
    finished.refresh_from_db()
    after = [s.to_json() if hasattr(s, "to_json") else repr(s) for s in game_states(finished)]
    assert after == before
    assert results == [
        (s.index, s.score, s.rank, s.is_winner) for s in finished.seats.order_by("index")
    ]
    assert signed_in(carol).get(reverse("game_replay", args=[finished.pk])).status_code == 200
    # No page shows the old name or email.
    for client, url in (
        (signed_in(bob), reverse("game_detail", args=[running.pk])),
        (signed_in(bob), reverse("home")),
        (signed_in(bob), reverse("chat_panel", args=[running.pk])),
        (Client(), reverse("game_detail", args=[finished.pk])),
        (Client(), reverse("player_history", args=[alice.username])),
        (Client(), reverse("watch")),
    ):
        page = client.get(url).content.decode()
        assert "Alice" not in page and "alice@example.com" not in page, url
        assert ">alice<" not in page and "/players/alice/" not in page, url
    assert (
        "deleted player"
        in signed_in(bob).get(reverse("chat_panel", args=[running.pk])).content.decode()
    )
    assert Client().get(reverse("player_history", args=["alice"])).status_code == 404
    assert AuditLog.objects.filter(action="account_delete", target_user=alice).exists()


def test_deleting_leaves_unstarted_games_and_drops_notes(alice, bob, carol):
    invited = start_public_game("trias", [carol], num_players=3)  # open, carol waits
    from games import services as games

    games.game_join(game_id=invited.pk, user=alice)
    own = games.game_create(
        creator=alice,
        engine="triad",
        num_players=2,
        options={},
        days_per_move=3,
        invitees=[],
        is_public=True,
    )
    game = start_game(alice, bob)
    chat.note_save(game=game, user=alice, text="secret note")
    services.account_delete(user=alice, actor=alice, reason="Deleted by the player.")
    invited.refresh_from_db()
    own.refresh_from_db()
    assert invited.status == GameStatus.OPEN and not invited.seats.filter(user=alice).exists()
    assert own.status == GameStatus.ABORTED  # withdrawn: its creator left
    assert not Note.objects.filter(user=alice).exists()


def test_a_result_naming_the_player_names_the_anonymous_one(alice, bob, carol):
    game = start_public_game("trias", [alice, bob, carol])
    from games import services as games

    games.game_resign(game_id=game.pk, user=alice)
    game.refresh_from_db()
    services.account_delete(user=alice, actor=alice, reason="Deleted by the player.")
    game.refresh_from_db()
    assert "Alice" not in game.result_reason


@pytest.fixture
def admin_client(db):
    User.objects.create_superuser("mod", "mod@example.com", PASSWORD)
    return signed_in(User.objects.get(username="mod"))


def test_an_admin_deletes_an_account_with_a_reason_and_downloads_data(admin_client, alice, bob):
    start_game(alice, bob)
    url = reverse("admin:accounts_user_changelist")
    data = {"action": "download_data", ACTION_CHECKBOX_NAME: [str(alice.pk)]}
    download = admin_client.post(url, data)
    assert json.loads(download.content)["profile"]["username"] == "alice"
    data = {"action": "delete_account", ACTION_CHECKBOX_NAME: [str(alice.pk)]}
    assert b"Why" in admin_client.post(url, data).content
    admin_client.post(url, {**data, "apply": "1", "reason": "Asked by email"}, follow=True)
    alice.refresh_from_db()
    assert alice.name == f"deleted player {alice.pk}" and not alice.is_active
    entry = AuditLog.objects.get(action="account_delete")
    assert entry.reason == "Asked by email" and entry.actor.username == "mod"
    actions = admin_client.get(url).content.decode()
    assert "delete_selected" not in actions  # seats protect the row: anonymise instead


def test_the_games_a_player_watched_are_in_the_download_and_go_with_the_account(alice, bob, carol):
    """A spectator's visits (where each game's news starts for them, games.changes)
    are theirs: downloaded with their data, deleted with the account."""
    game = play_random(start_public_game("triad", [alice, bob]), max_moves=2)
    watcher = signed_in(carol)
    assert watcher.get(reverse("game_detail", args=[game.pk])).status_code == 200
    data = json.loads(watcher.get(reverse("data_download")).content)
    assert [v["game"] for v in data["games_watched"]] == [game.pk]
    watcher.post(reverse("account_delete"), {"password": PASSWORD})
    from games.models import Visit

    assert not Visit.objects.filter(user=carol).exists()
