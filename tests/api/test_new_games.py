"""A new game through the API as through the New game page: players invited by
username or email address, seats given to computer players; a refused request says
why and makes nothing."""

from __future__ import annotations

import pytest

from games.models import Controller, EmailInvitation, Game, GameStatus
from mail import tasks
from mail.sending import guests
from tests.factories import UserFactory

from .helpers import as_user

pytestmark = pytest.mark.django_db

STRANGER = "Stranger@Example.com"


def test_an_address_gets_the_emailed_invitation_and_a_kept_seat(mailoutbox):
    alice = UserFactory()
    made = as_user(alice).post(
        "/games", {"game": "trias", "players": 3, "invite": [STRANGER], "public": False}
    )
    assert made.status_code == 400  # a private game needs every seat filled

    made = as_user(alice).post("/games", {"game": "triad", "invite": [STRANGER], "public": False})
    assert made.status_code == 201 and made.json()["status"] == "open"
    kept = EmailInvitation.objects.get(game_id=made.json()["id"])
    assert (kept.email, kept.invited_by, kept.user) == ("stranger@example.com", alice, None)
    assert sum(tasks.deliver_guest(pk) for pk in guests.unsent()) == 1
    assert [m.to for m in mailoutbox] == [["stranger@example.com"]]


def test_a_players_address_invites_that_player_as_by_name():
    alice, bob = UserFactory(), UserFactory()
    made = as_user(alice).post("/games", {"game": "triad", "invite": [bob.email], "public": False})
    assert made.status_code == 201
    assert [i["game_id"] for i in as_user(bob).get("/invitations").json()] == [made.json()["id"]]


def test_computer_players_take_their_seats_and_a_game_against_them_starts_at_once():
    alice = UserFactory()
    made = as_user(alice).post(
        "/games",
        {"game": "trias", "players": 3, "computers": ["beginner", "expert"], "public": False},
    )
    assert made.status_code == 201 and made.json()["status"] == GameStatus.ACTIVE
    game = Game.objects.get(pk=made.json()["id"])
    computers = game.seats.filter(controller=Controller.BOT)
    assert sorted(computers.values_list("bot_level", flat=True)) == ["beginner", "expert"]


def test_an_invitation_beside_a_computer_player_leaves_the_game_open_for_its_answer():
    alice, bob = UserFactory(), UserFactory()
    made = as_user(alice).post(
        "/games",
        {"game": "trias", "players": 3, "invite": [bob.username], "computers": ["casual"]},
    )
    assert made.status_code == 201 and made.json()["status"] == "open"
    accepted = as_user(bob).post(f"/games/{made.json()['id']}/accept")
    assert accepted.status_code == 200 and accepted.json()["status"] == "active"


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"game": "triad", "invite": ["not-an@address"]}, "is not an email address"),
        ({"game": "triad", "computers": ["godlike"]}, "computer levels"),
        ({"game": "triad", "computers": ["casual", "casual"]}, "Too many"),
        (
            {
                "game": "trias",
                "players": 3,
                "invite": ["a@example.com"],
                "computers": ["casual"] * 2,
            },
            "Too many",
        ),
    ],
)
def test_a_refused_new_game_says_why_and_makes_nothing(mailoutbox, body, says):
    response = as_user(UserFactory()).post("/games", body)
    assert response.status_code == 400 and says in response.json()["detail"], response.json()
    assert not Game.objects.exists() and not EmailInvitation.objects.exists()
    assert not mailoutbox


def test_a_bot_account_cannot_invite_by_email():
    robo = UserFactory(is_bot=True)
    response = as_user(robo).post("/games", {"game": "triad", "invite": [STRANGER]})
    assert response.status_code == 400 and "bot account" in response.json()["detail"]
    assert not Game.objects.exists() and not EmailInvitation.objects.exists()


def test_the_daily_limit_on_addresses_holds_through_the_api(settings):
    settings.INVITATION_EMAILS_PER_DAY = 1
    alice = UserFactory()
    first = as_user(alice).post("/games", {"game": "triad", "invite": ["one@example.com"]})
    assert first.status_code == 201
    second = as_user(alice).post("/games", {"game": "triad", "invite": ["two@example.com"]})
    assert second.status_code == 400 and "a day" in second.json()["detail"]
    assert Game.objects.count() == 1
