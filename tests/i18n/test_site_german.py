"""Every page of the site area in German, with no English left (issue 16): the start
page, errors, settings, chat, ratings, leaving, and allauth's pages in the site
layout. Visitors ask with Accept-Language: de; players have User.language = "de".
Pages that hold other areas' parts (the start page's game cards from learn) are
checked here for this area's text; the smoke test at the end reads the real
middleware's choice across areas."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone, translation

from chat import services as chat
from chat.models import ChatSettings
from games import services as games
from tests.factories import PASSWORD, UserFactory, play_first_legal, start_game
from tests.i18n.english import english_left

pytestmark = pytest.mark.django_db

NAMES = frozenset()  # the site's, the games' and these players' names hold no English word
# The time zone select lists places as the tz database names them: "New York",
# "Isle of Man", "Port of Spain" (their regions are translated: "(Amerika)").
PLACES = frozenset({"new", "of"})
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}


def german_visitor() -> Client:
    return Client(**GERMAN)


def german_player(user) -> Client:
    user.language = "de"
    user.save(update_fields=["language"])
    client = Client()  # no Accept-Language: the setting alone makes it German
    client.force_login(user)
    return client


def assert_german(response_or_html, *, allowed=NAMES, status=200):
    if isinstance(response_or_html, str):
        html = response_or_html
    else:
        assert response_or_html.status_code == status, response_or_html.status_code
        html = response_or_html.content.decode()
    left = english_left(html, allowed=allowed)
    assert left == [], left
    return html


@pytest.fixture
def alice():
    return UserFactory(username="alice", display_name="Alice")


@pytest.fixture
def bob():
    return UserFactory(username="bob", display_name="Bob")


@pytest.fixture
def carol():
    return UserFactory(username="carol", display_name="Carol")


# --- the layout and the start page ----------------------------------------------------


def without_game_cards(html: str) -> str:
    """The start page less learn's game cards (the learn area checks those)."""
    return re.sub(r'<h2 id="games">.*?(?=<section class="how-email")', "", html, flags=re.S)


def test_the_start_page_for_a_visitor():
    html = german_visitor().get(reverse("home")).content.decode()
    assert '<html lang="de">' in html
    assert "Brettspiele in deinem eigenen Tempo" in html
    assert 'content="Tripost: Brettspiele in deinem eigenen Tempo"' in html  # the link preview
    assert "Anmelden" in html and "Registrieren" in html and "Zuschauen" in html
    assert 'aria-current="true">Deutsch</strong>' in html  # the footer switch
    assert "<code>c1-c4=3</code>" in html  # the notation is never translated
    assert_german(without_game_cards(html))


def test_the_site_header_for_a_player(alice):
    html = german_player(alice).get(reverse("leaderboards")).content.decode()
    assert "Meine Partien" in html and "Neue Partie" in html and "Abmelden" in html
    assert_german(html)


def test_not_found():
    response = german_visitor().get("/no/such/page/")
    html = assert_german(response, status=404)
    assert "Nicht gefunden" in html


def test_not_allowed():
    request = RequestFactory().get("/")
    request.user = UserFactory(username="dora")
    with translation.override("de"):
        html = render_to_string("403.html", {}, request)
    assert "Du darfst diese Seite nicht öffnen." in html
    assert_german(html)


def test_too_many_reports(settings, alice, bob):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report": ["1/h"]}
    game = start_game(alice, bob)
    client = german_player(alice)
    url = reverse("game_report", args=[game.pk])
    data = {"reported": bob.pk, "reason": "Er beleidigt mich."}
    client.post(url, data)
    html = assert_german(client.post(url, data), status=429)
    assert "Er beleidigt mich.</textarea>" in html  # the report form, as it was sent


# --- settings -------------------------------------------------------------------------


def test_the_settings_page(alice):
    html = assert_german(german_player(alice).get(reverse("player_settings")), allowed=PLACES)
    assert "Deine Einstellungen" in html and "Sprache des Browsers" in html
    assert "Eine E-Mail bei jedem Zug" in html and "keine Nachtruhe" in html


def test_the_settings_page_on_vacation_with_errors(alice):
    alice.on_vacation = True
    alice.vacation_started_at = timezone.now() - timedelta(days=2)
    alice.save()
    client = german_player(alice)
    html = assert_german(client.get(reverse("player_settings")), allowed=PLACES)
    assert "Im Urlaub seit" in html
    response = client.post(
        reverse("player_settings"),
        {"display_name": "", "language": "de", "time_zone": "Mars/Olympus",
         "email_preference": "each_turn", "digest_hour": "7"},
    )  # fmt: skip
    html = assert_german(response, allowed=PLACES)
    assert "has-error" in html


def test_the_settings_page_in_an_automatic_vacation(alice):
    alice.on_vacation = alice.vacation_automatic = alice.auto_vacation = True
    alice.vacation_started_at = timezone.now() - timedelta(days=1)
    alice.save()
    html = assert_german(german_player(alice).get(reverse("player_settings")), allowed=PLACES)
    assert "automatischer Urlaub" in html


def test_saving_the_settings(alice):
    client = german_player(alice)
    response = client.post(
        reverse("player_settings"),
        {"display_name": "", "language": "de", "time_zone": "Europe/Berlin",
         "email_preference": "daily_digest", "digest_hour": "7"},
        follow=True,
    )  # fmt: skip
    html = assert_german(response, allowed=PLACES)
    assert "Deine Einstellungen sind gespeichert." in html


# --- chat -----------------------------------------------------------------------------


@pytest.fixture
def chatting(alice, bob):
    """A public game with a message before the first move and one after it."""
    game = start_game(alice, bob)
    game.is_public = True
    game.save(update_fields=["is_public"])
    chat.message_post(game=game, user=bob, text="Viel Glück!")
    play_first_legal(game)
    chat.message_post(game=game, user=alice, text="Danke, dir auch.")
    return game


def test_the_chat_page_for_a_player(chatting, alice):
    client = german_player(alice)
    html = assert_german(client.get(reverse("chat_page", args=[chatting.pk])))
    assert "Vor dem ersten Zug" in html and "Nach Zug 1." in html
    assert "Löschen" in html and "Melden" in html and "Meine Notizen" in html
    assert_german(client.get(reverse("chat_panel", args=[chatting.pk])))
    assert_german(client.get(reverse("chat_log", args=[chatting.pk])))


def test_the_chat_for_a_spectator_and_a_visitor(chatting, carol):
    html = assert_german(german_player(carol).get(reverse("chat_page", args=[chatting.pk])))
    assert "du schaust zu" in html
    assert_german(german_visitor().get(reverse("chat_page", args=[chatting.pk])))


def test_the_chat_when_muted_or_off(chatting, alice, bob):
    ChatSettings.objects.update_or_create(
        user=alice, defaults={"muted_until": timezone.now() + timedelta(days=2)}
    )
    client = german_player(alice)
    html = assert_german(client.get(reverse("chat_page", args=[chatting.pk])))
    assert "stummgeschaltet" in html
    html = assert_german(client.get(reverse("chat_settings")))
    assert "stummgeschaltet" in html
    chat.settings_update(user=bob, enabled=False)
    html = assert_german(german_player(bob).get(reverse("chat_page", args=[chatting.pk])))
    assert "Dein Chat ist aus" in html


def test_chat_forms_answer_in_german(chatting, alice, bob):
    client = german_player(alice)
    htmx = {"HTTP_HX_REQUEST": "true"}
    response = client.post(reverse("chat_post", args=[chatting.pk]), {"text": " "}, **htmx)
    html = assert_german(response, status=400)
    assert "Schreib zuerst eine Nachricht." in html
    response = client.post(reverse("chat_note_save", args=[chatting.pk]), {"text": "Plan"}, **htmx)
    assert_german(response)
    assert response.content.decode().strip() == "Gespeichert."
    message = chatting.chat_messages.get(author=bob)
    response = client.post(reverse("chat_delete", args=[chatting.pk, message.pk]), {})
    assert_german(response, status=400)  # not hers: the chat page says why
    response = client.post(reverse("chat_toggle", args=[chatting.pk]), {}, follow=True)
    assert_german(response)


def test_reporting_a_message(chatting, alice, bob):
    message = chatting.chat_messages.get(author=bob)
    client = german_player(alice)
    html = assert_german(client.get(reverse("chat_report", args=[chatting.pk, message.pk])))
    assert "Eine Nachricht melden" in html
    response = client.post(reverse("chat_report", args=[chatting.pk, message.pk]), {"reason": ""})
    assert response.status_code == 302
    # The message waits on the next page (the game page: another area's; read it here).
    flashed = [str(m) for m in response.wsgi_request._messages]
    assert flashed == ["Danke: Die Moderatoren sehen sich diese Nachricht an."]


def test_the_chat_settings(alice):
    client = german_player(alice)
    html = assert_german(client.get(reverse("chat_settings")))
    assert "Nicht per E-Mail" in html
    html = assert_german(
        client.post(reverse("chat_settings"), {"enabled": "on", "mail": "own"}, follow=True)
    )
    assert "Deine Chat-Einstellungen sind gespeichert." in html


# --- ratings --------------------------------------------------------------------------


@pytest.fixture
def rated(alice, bob, carol):
    for loser in (bob, carol):
        games.game_resign(game_id=start_game(alice, loser).pk, user=loser)


def test_the_leaderboards(rated):
    client = german_visitor()
    html = assert_german(client.get(reverse("leaderboards")))
    assert "zwei Spieler" in html and "drei oder mehr Spieler" in html
    html = assert_german(client.get(reverse("leaderboard", args=["triad", "two"])))
    assert "Bestenliste Triad" in html and "Vorläufig" in html


def test_an_established_rating_on_the_leaderboard(rated, alice):
    alice.ratings.update(games=12)
    html = assert_german(german_visitor().get(reverse("leaderboard", args=["trias", "multi"])))
    assert "Hier hat noch niemand eine gefestigte Wertung." in html
    html = assert_german(german_visitor().get(reverse("leaderboard", args=["triad", "two"])))
    assert "Gewertete Partien" in html


def test_a_players_ratings(rated, alice, bob):
    request = RequestFactory().get("/")
    request.user = alice
    with translation.override("de"):
        for player in (alice, bob):
            html = render_to_string(
                "ratings/_player_ratings.html",
                __import__("ratings.templatetags.ratings", fromlist=["x"]).player_ratings(
                    player, player
                ),
                request,
            )
            assert_german(html)
    assert "Gewonnen" in render_ratings(alice) and "Aufgegeben" in render_ratings(bob)
    assert "Triad, zwei Spieler" in render_ratings(alice)


def render_ratings(player) -> str:
    from ratings.templatetags.ratings import player_ratings

    with translation.override("de"):
        return render_to_string("ratings/_player_ratings.html", player_ratings(player, player))


def test_a_rating_badge():
    from ratings.badges import rating_badge

    rating = type("R", (), {"provisional": True, "display": 990})
    with translation.override("de"):
        html = rating_badge({2: rating}, 2)
    assert "Vorläufige Wertung" in html and ">990?</span>" in html
    assert_german(html)


# --- leaving --------------------------------------------------------------------------


def test_deleting_an_account(alice):
    client = german_player(alice)
    # The anonymous name is stored, the same in every language: "deleted player 7".
    anonymous = frozenset({"deleted", "player"})
    html = assert_german(client.get(reverse("account_delete")), allowed=anonymous)
    assert "Dein Konto löschen" in html and f"„deleted player {alice.pk}“" in html
    response = client.post(reverse("account_delete"), {"password": "falsch"})
    html = assert_german(response, allowed=anonymous)
    assert "Das ist nicht dein Passwort." in html
    response = client.post(reverse("account_delete"), {"password": PASSWORD}, follow=True)
    html = assert_german(without_game_cards(response.content.decode()))
    assert "Dein Konto ist gelöscht." in html


# --- allauth's pages, in the site layout ----------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "account_login",
        "account_signup",
        "account_reset_password",
        "account_reset_password_done",
        "account_email_verification_sent",
    ],
)
def test_allauth_pages_for_a_visitor(name):
    allowed = PLACES if name == "account_signup" else NAMES  # sign-up asks the time zone
    assert_german(german_visitor().get(reverse(name)), allowed=allowed)


@pytest.mark.parametrize("name", ["account_email", "account_change_password", "account_logout"])
def test_allauth_pages_for_a_player(name, alice):
    html = assert_german(german_player(alice).get(reverse(name)))
    assert '<div class="account-box">' in html  # allauth's page inside the site's frame
    if name != "account_logout":  # our subnav (templates/allauth/layouts/manage.html)
        assert f'<a href="{reverse("player_settings")}">Einstellungen</a>' in html


def test_allauth_forms_answer_in_german(alice):
    client = german_visitor()
    response = client.post(reverse("account_login"), {"login": "alice", "password": "falsch"})
    assert_german(response, allowed=PLACES)
    response = client.post(
        reverse("account_signup"),
        {"username": "alice", "email": "x@example.com", "password1": "a", "password2": "b"},
    )
    assert_german(response, allowed=PLACES)


def test_the_email_page_with_a_pending_change(alice):
    EmailAddress.objects.create(user=alice, email="neu@example.com", verified=False)
    html = assert_german(german_player(alice).get(reverse("account_email")))
    assert "noch nicht bestätigt" in html


def test_confirming_an_email_address(mailoutbox):
    dora = UserFactory(username="dora", verified=False)
    address = EmailAddress.objects.create(user=dora, email=dora.email, verified=False)
    key = EmailConfirmationHMAC(address).key
    html = assert_german(german_visitor().get(reverse("account_confirm_email", args=[key])))
    assert "<form" in html


def test_a_password_reset_link_page(mailoutbox, alice):
    client = german_visitor()
    client.post(reverse("account_reset_password"), {"email": alice.email})
    link = re.search(r"https?://\S+/accounts/password/reset/key/\S+/", mailoutbox[0].body)
    path = "/" + link.group(0).split("://", 1)[1].split("/", 1)[1]
    response = client.get(path, follow=True)
    assert_german(response)


# --- allauth's emails, in the site's "du" ---------------------------------------------

FORMAL = re.compile(r"\b(Sie|Ihre?[nmrs]?|Ihnen)\b")


def mail_text(mail) -> str:
    """Subject and text body, less the links (their paths are English words)."""
    return re.sub(r"https?://\S+", "", mail.subject + "\n" + mail.body)


def test_the_sign_up_email_is_german_and_says_du(mailoutbox):
    german_visitor().post(
        reverse("account_signup"),
        {"username": "dora", "email": "dora@example.com",
         "password1": PASSWORD, "password2": PASSWORD},
    )  # fmt: skip
    mail = mailoutbox[0]
    assert "Du bekommst diese E-Mail" in mail.body
    assert not FORMAL.search(mail.subject + mail.body), mail.body
    assert english_left(mail_text(mail)) == []


def test_the_password_reset_emails_are_german_and_say_du(mailoutbox, alice):
    client = german_visitor()
    client.post(reverse("account_reset_password"), {"email": alice.email})
    client.post(reverse("account_reset_password"), {"email": "niemand@example.com"})
    assert len(mailoutbox) == 2
    for mail in mailoutbox:
        assert not FORMAL.search(mail.subject + mail.body), mail.body
        assert english_left(mail_text(mail)) == []


@pytest.mark.parametrize(
    ("name", "german"),
    [
        ("Bob", "sieht dem Namen eines anderen Spielers zu ähnlich"),
        ("аlice", "mischt Buchstaben verschiedener Schriften"),  # a Cyrillic а
        ("al\u200bice", "unsichtbare oder Steuerzeichen"),
    ],
)
def test_a_refused_name_says_why_in_german(name, german, alice, bob):
    response = german_player(alice).post(
        reverse("player_settings"),
        {"display_name": name, "language": "de", "time_zone": "UTC",
         "email_preference": "each_turn", "digest_hour": "7"},
    )  # fmt: skip
    html = assert_german(response, allowed=PLACES)
    assert german in html
    response = german_visitor().post(
        reverse("account_signup"),
        {"username": name, "email": "neu@example.com", "password1": PASSWORD,
         "password2": PASSWORD},
    )  # fmt: skip
    # Refused at sign-up too (the form again, in German; allauth's checks may speak first).
    assert_german(response, allowed=PLACES)
    assert not EmailAddress.objects.filter(email="neu@example.com").exists()


# --- the moderators' admin actions ----------------------------------------------------


def test_a_moderation_action_asks_why_in_german(alice, bob):
    from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME

    moderator = UserFactory(username="mod", is_staff=True, is_superuser=True)
    game = start_game(alice, bob)
    client = german_player(moderator)
    url = reverse("admin:games_game_changelist")
    page = client.post(url, {"action": "extend", ACTION_CHECKBOX_NAME: [str(game.pk)]})
    html = page.content.decode()
    assert "Frist verlängern" in html and "Grund" in html and "Zusätzliche Tage" in html
    assert "Prüfprotokoll" in html
    done = client.post(
        url,
        {"action": "extend", ACTION_CHECKBOX_NAME: [str(game.pk)], "apply": "1",
         "reason": "Stromausfall", "days": "2"},
        follow=True,
    )  # fmt: skip
    assert "Frist verlängern: 1 erledigt." in done.content.decode()
