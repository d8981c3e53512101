"""Issue 36: invitations by email address. A person without an account gets one email
whose link leads through sign-up into the game's seat; an address that belongs to a
player invites that player, and the inviter cannot tell the two apart. Against abuse:
limits per inviter and per address, one email per address and game, an unsubscribe
honoured before any further invitation, and a token bound to its seat."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games import invitations, services
from games.models import EmailInvitation, Game, GameStatus, InvitationOptOut
from mail import tasks
from mail.models import Kind, Notification
from mail.sending import guests
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

STRANGER = "stranger@example.com"


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def new_game(client, invite: str, *, engine="triad", players=2, public=False):
    data = {
        "engine": engine,
        f"{engine}__players": str(players),
        "days_per_move": "3",
        "invite": invite,
        "rated": "on",
    }
    if public:
        data["is_public"] = "on"
    return client.post(reverse("game_new"), data)


def send_all() -> int:
    """What the task (or the minute's sweep) does for every unsent invitation email."""
    return sum(tasks.deliver_guest(pk) for pk in guests.unsent())


def link_in(mail) -> str:
    url = re.search(r"https://tripost\.test(/invitations/[^/\s]+/)", mail.body)
    return url.group(1)


def path_of(url: str) -> str:
    return "/" + url.split("://", 1)[1].split("/", 1)[1]


def test_a_stranger_signs_up_from_the_email_and_lands_in_the_seat(alice, mailoutbox):
    """End to end: the link in the email, sign-up, the address confirmed, the seat."""
    response = new_game(signed_in(alice), STRANGER)
    assert response.status_code == 302, response.content.decode()[-2000:]
    game = Game.objects.get()
    assert game.status == GameStatus.OPEN
    assert Notification.objects.count() == 0  # no player to write to
    assert send_all() == 1 and send_all() == 0  # once
    [mail] = mailoutbox
    assert mail.to == [STRANGER]
    assert mail.subject == "Alice invites you to a game of Triad"
    assert "A seat is kept for you." in mail.body
    html = mail.alternatives[0][0]
    assert link_in(mail) in html and "See the invitation" in html
    assert mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    mailoutbox.clear()

    friend = Client()
    page = friend.get(link_in(mail))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Alice invites you to play Triad." in text and "Create an account" in text
    assert game.seats.get(index=1).user is None  # a GET changes nothing

    signup = friend.post(
        reverse("account_signup") + "?next=" + link_in(mail),
        {
            "username": "newcomer",
            "email": STRANGER,
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert signup.status_code == 302
    [confirm] = mailoutbox
    confirm_url = re.search(r"https?://\S+/accounts/confirm-email/\S+/", confirm.body).group(0)
    confirmed = friend.post(path_of(confirm_url))
    assert confirmed.status_code == 302
    assert confirmed["Location"] == link_in(mail)  # back to the invitation, signed in
    page = friend.get(confirmed["Location"]).content.decode()
    assert "You are signed in as newcomer." in page and "Take my seat" in page

    accept_url = reverse("email_invitation_accept", args=[link_in(mail).split("/")[2]])
    taken = friend.post(accept_url)
    assert taken.status_code == 302 and taken["Location"] == game.get_absolute_url()
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert {s.user.username for s in game.seats.all() if s.user} == {"alice", "newcomer"}
    # The link is spent: nobody else can take a seat with it.
    mallory = UserFactory(username="mallory")
    again = signed_in(mallory).post(accept_url, follow=True)
    assert "This game is no longer open." in again.content.decode()
    assert not game.seats.filter(user=mallory).exists()


def _inviters_view(client, game) -> str:
    html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    html = html.replace(f"#{game.pk}", "#N").replace(f"/games/{game.pk}/", "/games/N/")
    html = re.sub(r"stamp=\w+", "", html)
    return re.sub(r"[A-Za-z0-9]{64}", "", html)  # (CSRF tokens)


def test_a_players_address_invites_that_player_and_the_inviter_cannot_tell(alice, bob, mailoutbox):
    """The same pages for the inviter whether the address has an account or not."""
    client = signed_in(alice)
    new_game(client, "BOB@example.com")
    new_game(client, "nobody@example.com")
    for_bob, for_nobody = Game.objects.order_by("pk")
    bob_seat = for_bob.seats.get(index=1)
    assert bob_seat.user == bob and not bob_seat.accepted and bob_seat.invited_as
    assert for_nobody.seats.get(index=1).user is None
    # Bob is invited as by name: an invitation in My games and its usual email.
    assert Notification.objects.get(kind=Kind.INVITATION).user == bob
    assert for_bob.pk in [
        s.game_id for s in bob.seats.filter(accepted=False, game__status=GameStatus.OPEN)
    ]
    assert guests.unsent() == [for_nobody.email_invitations.get().pk]
    # What Alice sees of either: the address, never Bob's name.
    a, b = _inviters_view(client, for_bob), _inviters_view(client, for_nobody)
    assert 'bob@example.com <span class="muted">(invited by email)' in a
    assert "Bob" not in a.split("<main")[1]
    assert a.replace("bob@example.com", "X") == b.replace("nobody@example.com", "X")
    home = client.get(reverse("home")).content.decode()
    assert home.count("Invited by email") == 2 and ">Bob<" not in home
    # Bob answers on the site, as to any invitation.
    services.invitation_accept(game_id=for_bob.pk, user=bob)
    for_bob.refresh_from_db()
    assert for_bob.status == GameStatus.ACTIVE


def test_an_unknown_or_tampered_token_leads_nowhere(alice):
    new_game(signed_in(alice), STRANGER)
    row = EmailInvitation.objects.get()
    good = invitations.token(row)
    pk, mac = good.split("-", 1)
    flipped = mac[:-1] + ("A" if mac[-1] != "A" else "B")
    other_game = services.game_create(
        creator=UserFactory(),
        engine="triad",
        num_players=2,
        options={},
        days_per_move=3,
        invitees=[],
        addresses=["other@example.com"],
        is_public=False,
    )
    other = other_game.email_invitations.get()
    for bad in (
        f"{pk}-{flipped}",
        f"{other.pk}-{mac}",
        "1",
        "x-y",
        good + "A",
        f"{pk}-{mac[:-1]}ä",
        f"{pk}-{mac[:-1]}\x00",
        f"{pk}\x00-{mac}",
    ):
        page = Client().get(reverse("email_invitation", args=[bad]))
        assert page.status_code == 404, bad
        taken = signed_in(UserFactory()).post(
            reverse("email_invitation_accept", args=[bad]), follow=True
        )
        if "\x00" not in bad:  # (a NUL anywhere in a path is the site's plain 404)
            assert "This invitation link is not valid" in page.content.decode()
            assert "This invitation link is not valid" in taken.content.decode()
    assert Game.objects.get(pk=row.game_id).seats.get(index=1).user is None
    assert len(good.split("-", 1)[1]) >= 22  # 128 bits


def test_the_token_is_bound_to_its_seat_and_taken_once(alice, bob):
    """Three seats, two addresses: each link takes its own seat, once."""
    new_game(signed_in(alice), "one@example.com, two@example.com", engine="trias", players=3)
    game = Game.objects.get()
    one, two = game.email_invitations.order_by("place")
    carol = UserFactory(username="carol")
    signed_in(carol).post(reverse("email_invitation_accept", args=[invitations.token(one)]))
    assert game.seats.get(index=one.place).user == carol
    assert game.seats.get(index=two.place).user is None
    refused = signed_in(bob).post(
        reverse("email_invitation_accept", args=[invitations.token(one)]), follow=True
    )
    assert "This invitation has been answered already." in refused.content.decode()
    mine = signed_in(carol).post(
        reverse("email_invitation_accept", args=[invitations.token(two)]), follow=True
    )
    assert "You already have a seat in this game." in mine.content.decode()
    assert game.seats.get(index=two.place).user is None


def test_a_kept_seat_is_not_free_for_the_lobby(alice, bob):
    new_game(signed_in(alice), STRANGER, engine="trias", players=3, public=True)
    game = Game.objects.get()
    services.game_join(game_id=game.pk, user=bob)  # the one open seat
    with pytest.raises(services.GameError, match="Every seat of this game is taken"):
        services.game_join(game_id=game.pk, user=UserFactory())
    assert game.pk not in [
        g.pk for g in signed_in(UserFactory()).get(reverse("lobby")).context["games"]
    ]


def test_declining_by_link_needs_no_account(alice, mailoutbox):
    new_game(signed_in(alice), STRANGER)
    send_all()
    token = link_in(mailoutbox[0]).split("/")[2]
    page = Client().post(reverse("email_invitation_decline", args=[token]))
    assert "You have declined the invitation." in page.content.decode()
    game = Game.objects.get()
    assert game.status == GameStatus.ABORTED  # a private game cannot start without them
    assert game.result_reason == f"{STRANGER} declined the invitation."


def test_an_inviter_may_invite_only_so_many_addresses_a_day(alice, settings):
    settings.INVITATION_EMAILS_PER_DAY = 2
    client = signed_in(alice)
    assert (
        new_game(client, "a@example.com, b@example.com", engine="trias", players=3).status_code
        == 302
    )
    refused = new_game(client, "c@example.com")
    assert refused.status_code == 400
    assert "You can invite 2 addresses by email a day" in refused.content.decode()
    assert Game.objects.count() == 1 and EmailInvitation.objects.count() == 2


def test_one_address_gets_only_so_many_invitations_a_week_from_anyone(settings):
    settings.INVITATIONS_PER_ADDRESS_PER_WEEK = 2
    for _ in range(2):
        assert new_game(signed_in(UserFactory()), STRANGER).status_code == 302
    refused = new_game(signed_in(UserFactory()), STRANGER.upper())
    assert "has had several invitations this week already" in refused.content.decode()
    assert EmailInvitation.objects.count() == 2


def test_one_email_per_address_and_game(alice, mailoutbox):
    new_game(signed_in(alice), f"{STRANGER}, {STRANGER.upper()}, {STRANGER}")
    game = Game.objects.get()
    assert game.email_invitations.count() == 1
    assert game.seats.filter(invited_as=STRANGER).count() == 1
    send_all()
    row = game.email_invitations.get()
    assert tasks.deliver_guest(row.pk) is False  # a second task finds it sent
    assert len(mailoutbox) == 1


def test_an_unsubscribed_address_gets_no_further_invitation(alice, bob, mailoutbox):
    client = signed_in(alice)
    new_game(client, STRANGER)
    new_game(signed_in(bob), STRANGER)  # written before the unsubscribe, sent after it
    first = EmailInvitation.objects.order_by("pk").first()
    assert tasks.deliver_guest(first.pk)
    stop = re.search(r"https://tripost\.test(/mail/invitations/stop/\S+/)", mailoutbox[0].body)
    assert (
        mailoutbox[0].extra_headers["List-Unsubscribe"] == f"<https://tripost.test{stop.group(1)}>"
    )
    asked = Client().get(stop.group(1))
    assert "Stop all invitations by email to stranger@example.com?" in asked.content.decode()
    assert not InvitationOptOut.objects.exists()
    done = Client().post(stop.group(1))  # the one-click POST: no session, no CSRF token
    assert "will get no more invitations by email" in done.content.decode()
    assert send_all() == 0
    assert EmailInvitation.objects.order_by("pk").last().outcome == "skipped: opted out"
    assert len(mailoutbox) == 1
    refused = new_game(client, STRANGER)
    assert "asked for no invitations by email" in refused.content.decode()
    assert Game.objects.count() == 2
    # The same refusal for an address that has an account: nothing told about it.
    InvitationOptOut.objects.create(email="bob@example.com")
    same = new_game(client, "bob@example.com")
    assert "bob@example.com asked for no invitations by email" in same.content.decode()


def test_a_broken_stop_link_is_refused():
    assert Client().post("/mail/invitations/stop/not-a-token/").status_code == 400
    assert Client().post(reverse("mail_invitation_stop", args=["äöü:x:y"])).status_code == 400
    assert not InvitationOptOut.objects.exists()


def test_an_email_to_an_answered_invitation_is_not_sent(alice, mailoutbox):
    new_game(signed_in(alice), STRANGER)
    row = EmailInvitation.objects.get()
    services.invitation_decline(game_id=row.game_id, user=alice)  # withdrawn
    assert send_all() == 0 and mailoutbox == []
    row.refresh_from_db()
    assert row.outcome == "skipped: answered"


def test_the_sweep_queues_what_was_left_unsent(alice, monkeypatch):
    queued = []
    monkeypatch.setattr(tasks.deliver_guest, "delay", queued.append)
    new_game(signed_in(alice), STRANGER)
    tasks.sweep_outbox()
    assert queued == [EmailInvitation.objects.get().pk]


def test_a_german_inviter_writes_in_german(mailoutbox):
    hans = UserFactory(username="hans", display_name="Hans", language="de")
    new_game(signed_in(hans), STRANGER)
    send_all()
    [mail] = mailoutbox
    assert mail.subject == "Hans lädt dich zu einer Partie Triad ein"
    assert "Ein Platz ist für dich reserviert." in mail.body
    assert '<html lang="de">' in mail.alternatives[0][0]


def test_addresses_that_are_not_addresses_are_refused(alice):
    refused = new_game(signed_in(alice), "friend@")
    assert refused.status_code == 400
    assert "friend@ is not an email address." in refused.content.decode()
    assert Game.objects.count() == 0


def test_the_admin_lists_invitations_by_email_without_their_secret(alice):
    new_game(signed_in(alice), STRANGER)
    row = EmailInvitation.objects.get()
    InvitationOptOut.objects.create(email="gone@example.com")
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client = signed_in(admin)
    for url in (
        reverse("admin:games_emailinvitation_changelist"),
        reverse("admin:games_emailinvitation_change", args=[row.pk]),
        reverse("admin:games_invitationoptout_changelist"),
        reverse("admin:games_invitationoptout_add"),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert row.nonce not in response.content.decode()


def test_an_address_of_someone_already_at_the_table_is_kept_as_any_other(alice, bob):
    """Invited by name and by address too, or the inviter's own address: no second
    seat for one person, and the inviter sees the same as for a stranger."""
    new_game(signed_in(alice), "bob, bob@example.com, alice@example.com", engine="trias", players=4)
    game = Game.objects.get()
    assert game.seats.filter(user=bob).count() == 1
    kept = game.seats.filter(invited_as__in=["bob@example.com", "alice@example.com"])
    assert kept.count() == 2 and not kept.exclude(user=None).exists()
    assert sorted(guests.unsent()) == sorted(game.email_invitations.values_list("pk", flat=True))
