"""Issue 36: one click on a finished game offers its players the same game again."""

from __future__ import annotations

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Controller, Game, GameStatus
from mail.models import Kind, Notification
from tests.factories import UserFactory
from tests.web.helpers import open_game, start_game

pytestmark = pytest.mark.django_db


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def rematch(client, game):
    return client.post(reverse("game_rematch", args=[game.pk]), follow=True)


def finished_trias():
    """Alice, Bob and Carol played a private Trias with a time bank, weekends off and
    the shorter game; Alice and Bob resigned, so Carol won."""
    alice, bob, carol = (UserFactory(username=n) for n in ("alice", "bob", "carol"))
    game = services.game_create(
        creator=alice,
        engine="trias",
        num_players=3,
        options={"shorter": True},
        days_per_move=3,
        invitees=[bob, carol],
        is_public=False,
        time_bank=(7, 1, 14),
        weekends_off=True,
    )
    for user in (bob, carol):
        services.invitation_accept(game_id=game.pk, user=user)
    for user in (alice, bob):
        services.game_resign(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    return game, alice, bob, carol


def test_a_rematch_invites_the_same_players_to_the_same_game_and_options():
    game, alice, bob, carol = finished_trias()
    response = rematch(signed_in(bob), game)
    new = Game.objects.exclude(pk=game.pk).get()
    assert response.redirect_chain[-1][0] == reverse("game_detail", args=[new.pk])
    assert "Rematch offered: the other players are invited." in response.content.decode()
    same = ("engine", "num_players", "options", "is_public", "rated", "time_control")
    assert [getattr(new, f) for f in same] == [getattr(game, f) for f in same]
    assert (new.bank_start_days, new.bank_increment_days, new.bank_cap_days) == (7, 1, 14)
    assert new.weekends_off and new.options["shorter"] is True
    assert new.status == GameStatus.OPEN and new.created_by == bob
    seats = {s.user: s.accepted for s in new.seats.all()}
    assert seats == {bob: True, alice: False, carol: False}  # each must accept
    invited = Notification.objects.filter(kind=Kind.INVITATION, game=new)
    assert {n.user for n in invited} == {alice, carol}
    game.refresh_from_db()
    assert game.rematch == new
    # Its page leads to the rematch now, for every player.
    for user in (alice, bob, carol):
        html = signed_in(user).get(reverse("game_detail", args=[game.pk])).content.decode()
        assert f"The rematch: game #{new.pk}" in html
        assert reverse("game_rematch", args=[game.pk]) not in html
    for user in (alice, carol):
        services.invitation_accept(game_id=new.pk, user=user)
    new.refresh_from_db()
    assert new.status == GameStatus.ACTIVE


def test_computer_players_come_along_at_their_level():
    alice = UserFactory(username="alice")
    game = services.game_create(
        creator=alice,
        engine="trias",
        num_players=3,
        options={},
        days_per_move=3,
        invitees=[],
        is_public=True,
        computers=["beginner", "strong"],
    )
    services.game_resign(game_id=game.pk, user=alice)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    response = rematch(signed_in(alice), game)
    assert "Rematch started." in response.content.decode()
    new = Game.objects.exclude(pk=game.pk).get()
    assert new.status == GameStatus.ACTIVE  # nobody to wait for
    levels = sorted(s.bot_level for s in new.seats.filter(controller=Controller.BOT))
    assert levels == ["beginner", "strong"]
    assert new.seats.get(user=alice).controller == Controller.HUMAN


def test_only_its_players_see_and_may_use_the_rematch_button():
    alice, bob, mallory = UserFactory(), UserFactory(), UserFactory(username="mallory")
    game = start_game("triad", [alice, bob])
    services.game_resign(game_id=game.pk, user=alice)
    url = reverse("game_rematch", args=[game.pk])
    assert url in signed_in(bob).get(reverse("game_detail", args=[game.pk])).content.decode()
    for client in (signed_in(mallory), Client()):
        assert url not in client.get(reverse("game_detail", args=[game.pk])).content.decode()
    refused = rematch(signed_in(mallory), game)
    assert "Only the players of this game can offer a rematch." in refused.content.decode()
    signed_out = Client().post(url)
    assert signed_out.status_code == 302 and "/accounts/login/" in signed_out["Location"]
    assert Game.objects.count() == 1
    game.refresh_from_db()
    assert game.rematch is None


def test_a_private_games_rematch_is_unknown_to_others():
    game, *_ = finished_trias()
    mallory = UserFactory(username="mallory")
    assert signed_in(mallory).post(reverse("game_rematch", args=[game.pk])).status_code == 404
    assert Game.objects.count() == 1


def test_no_rematch_of_a_running_game_nor_a_second_one_while_the_first_waits():
    alice, bob = UserFactory(), UserFactory()
    game = start_game("triad", [alice, bob])
    refused = rematch(signed_in(alice), game)
    assert "A rematch can be offered once the game has finished." in refused.content.decode()
    assert Game.objects.count() == 1
    services.game_resign(game_id=game.pk, user=bob)
    rematch(signed_in(alice), game)
    first = Game.objects.exclude(pk=game.pk).get()
    again = rematch(signed_in(bob), game)
    assert f"A rematch of this game has been offered already: game #{first.pk}." in (
        again.content.decode()
    )
    assert Game.objects.count() == 2
    # Withdrawn (or declined in a private game, or expired), it can be offered anew.
    services.invitation_decline(game_id=first.pk, user=alice)
    first.refresh_from_db()
    assert first.status == GameStatus.ABORTED
    html = signed_in(bob).get(reverse("game_detail", args=[game.pk])).content.decode()
    assert reverse("game_rematch", args=[game.pk]) in html
    rematch(signed_in(bob), game)
    assert Game.objects.count() == 3


def test_rematches_count_against_the_limit_on_starting_games(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "game_create": ["2/m", "40/d"]}
    alice, bob = UserFactory(), UserFactory()
    with time_machine.travel("2026-03-02 10:00:30Z", tick=False):
        games = [open_game(alice, "triad", 2, invitees=[bob]) for _ in range(3)]
        client = signed_in(alice)
        assert client.post(reverse("game_new"), {"engine": "triad"}).status_code == 400
        for g in games:
            services.invitation_accept(game_id=g.pk, user=bob)
            services.game_resign(game_id=g.pk, user=bob)
        answers = [client.post(reverse("game_rematch", args=[g.pk])).status_code for g in games]
    assert answers == [302, 429, 429]
    assert Game.objects.count() == 4
