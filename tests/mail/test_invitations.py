"""Invitation and draw-offer emails: written through the outbox, held back and merged
with turn emails, answered by links to a confirm page (a GET changes nothing) or by
replying accept / decline (accept draw / decline draw) through the inbound path."""

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from accounts.models import EmailPreference
from games import services
from games.models import GameStatus
from mail import tasks
from mail.models import Kind, Notification
from mail.replies.inbound import handle_reply
from mail.replies.inbound_auth import PASS, Verdict
from mail.sending import tokens
from tests.factories import PASSWORD, due_seat, start_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
HOLD = timedelta(seconds=301)


def invite(creator, *invitees, engine="triad", public=False, players=None):
    return services.game_create(
        creator=creator,
        engine=engine,
        num_players=players or len(invitees) + 1,
        options={},
        days_per_move=3,
        invitees=list(invitees),
        is_public=public,
    )


def reply(user, game, text, version=None):
    token = tokens.reply_token(
        game_id=game.pk, version=game.version if version is None else version, user_id=user.pk
    )
    return handle_reply(
        sender=user.email,
        recipients=[tokens.reply_address(token)],
        text=text,
        message_id="",
        verdict=Verdict(PASS, "dkim=pass (the test's own verdict)"),
    )


def signed_in(user):
    client = Client()
    client.login(username=user.username, password=PASSWORD)
    return client


def test_an_invited_player_gets_an_email_with_answer_links(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = invite(alice, bob)
        row = Notification.objects.get(kind=Kind.INVITATION)
        assert row.user == bob and row.send_after == T0 + timedelta(seconds=300)
        assert tasks.deliver_now(bob.pk) == 0  # held back like a turn email
    with time_machine.travel(T0 + HOLD, tick=False):
        assert tasks.deliver_now(bob.pk) == 1
    [mail] = mailoutbox
    assert mail.to == ["Bob <bob@example.com>"]
    assert mail.subject == f"Alice invites you to Triad #{game.pk}"
    page = f"https://tripost.test/games/{game.pk}/invitation/"
    assert f"Accept the invitation: {page}?answer=accept" in mail.body
    assert f"Decline the invitation: {page}?answer=decline" in mail.body
    assert "reply to this email with accept or decline" in mail.body
    assert mail.reply_to[0].startswith("play+")
    assert mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"{page}?answer=accept" in mail.alternatives[0][0]


def test_no_invitation_email_for_a_player_who_wants_none(alice, bob, mailoutbox):
    bob.email_preference = EmailPreference.NONE
    bob.save()
    invite(alice, bob)
    assert not Notification.objects.filter(kind=Kind.INVITATION).exists()


def test_an_answered_invitation_is_not_sent(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        # Three seats, one open to anyone: bob's acceptance does not start the game.
        game = invite(alice, bob, engine="trias", public=True, players=3)
        services.invitation_accept(game_id=game.pk, user=bob)
    with time_machine.travel(T0 + HOLD, tick=False):
        tasks.deliver_now(bob.pk)
    assert not [m for m in mailoutbox if "invites you" in m.subject]
    assert Notification.objects.get(kind=Kind.INVITATION).outcome == "skipped: answered"


def test_an_invitation_rides_in_a_turn_email_due_at_the_same_time(alice, bob, carol, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        mover = due_seat(game).user
        other = invite(carol, mover)
    with time_machine.travel(T0 + HOLD, tick=False):
        assert tasks.deliver_now(mover.pk) == 1
    [mail] = mailoutbox
    assert mail.subject == f"Your turn in Triad #{game.pk}"
    assert "Also waiting for your answer" in mail.body
    assert "Carol invites you to play Triad" in mail.body
    assert f"/games/{other.pk}/invitation/?answer=accept" in mail.body
    assert {r.outcome for r in Notification.objects.filter(user=mover)} == {"sent"}


def test_the_email_link_opens_a_confirm_page_and_only_the_button_accepts(alice, bob):
    game = invite(alice, bob)
    client = signed_in(bob)
    url = reverse("invitation_confirm", args=[game.pk])
    page = client.get(url, {"answer": "accept"})
    assert page.status_code == 200 and "Accept the invitation" in page.content.decode()
    game.refresh_from_db()
    assert not game.seats.get(user=bob).accepted  # the GET changed nothing
    client.post(reverse("invitation_accept", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert "no longer waiting" in client.get(url).content.decode()


def test_the_decline_link_asks_to_confirm_the_decline(alice, bob, carol):
    game = invite(alice, bob)
    page = (
        signed_in(bob)
        .get(reverse("invitation_confirm", args=[game.pk]), {"answer": "decline"})
        .content.decode()
    )
    assert "Decline the invitation" in page
    assert signed_in(carol).get(reverse("invitation_confirm", args=[game.pk])).status_code == 404
    anonymous = Client().get(reverse("invitation_confirm", args=[game.pk]))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


@pytest.mark.parametrize("text", ["accept", "Accept!", "accept\n\n> On Monday Alice wrote:"])
def test_replying_accept_accepts_the_invitation(alice, bob, text):
    game = invite(alice, bob)
    outcome = reply(bob, game, text)
    assert outcome.played and outcome.reason == "invitation accepted"
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


def test_replying_decline_declines_the_invitation(alice, bob):
    game = invite(alice, bob)
    outcome = reply(bob, game, "decline")
    assert outcome.played and outcome.reason == "invitation declined"
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED  # a private game cannot start without bob


def test_replying_accept_to_a_started_game_is_refused_with_a_reason(alice, bob):
    game = start_game(alice, bob)
    outcome = reply(bob, game, "accept")
    assert not outcome.played and "started already" in outcome.reason
    assert Notification.objects.filter(kind=Kind.REPLY, user=bob).exists()


def test_a_draw_offer_is_emailed_and_answered_by_link_page(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        Notification.objects.all().delete()
        services.draw_offer(game_id=game.pk, user=alice)
        row = Notification.objects.get(kind=Kind.DRAW_OFFER)
        assert row.user == bob
    with time_machine.travel(T0 + HOLD, tick=False):
        tasks.deliver_now(bob.pk)
    [mail] = mailoutbox
    assert mail.subject == f"Alice offers a draw in Triad #{game.pk}"
    link = re.search(r"Accept the draw: https://tripost.test(\S+)", mail.body).group(1)
    client = signed_in(bob)
    page = client.get(link)
    assert page.status_code == 200 and "Alice offers a draw" in page.content.decode()
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE  # the GET changed nothing
    client.post(reverse("draw_answer", args=[game.pk]), {"answer": "accept"})
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and "Drawn" in game.result_reason


def test_a_declined_draw_offer_is_not_sent(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        services.draw_offer(game_id=game.pk, user=alice)
        services.draw_answer(game_id=game.pk, user=bob, accept=False)
    with time_machine.travel(T0 + HOLD, tick=False):
        tasks.deliver_now(bob.pk)
    assert not [m for m in mailoutbox if "offers a draw" in m.subject]
    assert Notification.objects.get(kind=Kind.DRAW_OFFER).outcome == "skipped: answered"


@pytest.mark.parametrize("text, accepted", [("accept draw", True), ("Decline the draw", False)])
def test_replying_to_a_draw_offer(alice, bob, text, accepted):
    game = start_game(alice, bob)
    services.draw_offer(game_id=game.pk, user=alice)
    outcome = reply(bob, game, text)
    assert outcome.played
    game.refresh_from_db()
    assert (game.status == GameStatus.FINISHED) is accepted
    assert accepted or game.draw_offered_by is None


def test_accept_draw_without_an_offer_is_refused(alice, bob):
    game = start_game(alice, bob)
    outcome = reply(bob, game, "accept draw")
    assert not outcome.played and "no draw offer" in outcome.reason
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


def test_a_bare_accept_to_a_draw_offer_says_how_to_answer_it(alice, bob):
    game = start_game(alice, bob)
    services.draw_offer(game_id=game.pk, user=alice)
    outcome = reply(bob, game, "accept")
    assert not outcome.played and "reply with accept draw" in outcome.reason
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE and game.draw_offered_by is not None
