import re

import pytest
from allauth.account.models import EmailAddress
from django.urls import reverse

from accounts.models import EmailPreference, User
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def sign_up(client, username="alice", email="alice@example.com"):
    return client.post(
        reverse("account_signup"),
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )


def test_sign_up_sends_a_verification_email_whose_link_verifies_and_signs_in(client, mailoutbox):
    response = sign_up(client)
    assert response.status_code == 302
    assert not EmailAddress.objects.get(email="alice@example.com").verified

    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == ["alice@example.com"]
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+/", mail.body).group(0)
    path = link.split("://", 1)[1].split("/", 1)[1]

    # Mail scanners open links: the GET only shows a confirmation button.
    page = client.get("/" + path)
    assert page.status_code == 200
    assert b"<form" in page.content
    assert not EmailAddress.objects.get(email="alice@example.com").verified

    confirmed = client.post("/" + path)
    assert confirmed.status_code == 302
    assert EmailAddress.objects.get(email="alice@example.com").verified
    assert client.get(reverse("player_settings")).status_code == 200  # signed in


def test_an_unverified_player_cannot_sign_in(client, mailoutbox):
    sign_up(client)
    client.logout()
    mailoutbox.clear()
    response = client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    # Refused: sent to the "check your email" page (allauth re-sends after a cooldown).
    assert response["Location"] == reverse("account_email_verification_sent")
    assert client.get(reverse("player_settings")).status_code == 302


@pytest.mark.parametrize("login", ["bob", "bob@example.com"])
def test_a_verified_player_signs_in_with_username_or_email(client, login):
    UserFactory(username="bob")
    response = client.post(reverse("account_login"), {"login": login, "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("player_settings")).status_code == 200


def test_five_wrong_passwords_lock_the_login_with_a_clear_message(client):
    UserFactory(username="mallory-target")
    for _ in range(5):
        response = client.post(
            reverse("account_login"), {"login": "mallory-target", "password": "wrong guess"}
        )
        assert response.status_code == 200
        assert b"username and/or password you specified are not correct" in response.content
    # The sixth try is refused even with the right password.
    response = client.post(
        reverse("account_login"), {"login": "mallory-target", "password": PASSWORD}
    )
    assert b"Too many failed login attempts" in response.content
    assert client.get(reverse("player_settings")).status_code == 302


def test_password_reset_mails_a_link_that_sets_a_new_password(client, mailoutbox):
    UserFactory(username="carol")
    client.post(reverse("account_reset_password"), {"email": "carol@example.com"})
    assert len(mailoutbox) == 1
    link = re.search(r"https?://\S+(/accounts/password/reset/key/\S+/)", mailoutbox[0].body)
    form_page = client.get(link.group(1), follow=True)
    new_password = "a brand new passphrase 42"
    response = client.post(
        form_page.redirect_chain[-1][0] if form_page.redirect_chain else link.group(1),
        {"password1": new_password, "password2": new_password},
    )
    assert response.status_code == 302
    client.logout()
    client.post(reverse("account_login"), {"login": "carol", "password": new_password})
    assert client.get(reverse("player_settings")).status_code == 200


def test_settings_page_changes_preferences(client):
    user = UserFactory(username="dana")
    client.force_login(user)
    response = client.post(
        reverse("player_settings"),
        {
            "display_name": "Dana D.",
            "time_zone": "Europe/Berlin",
            "email_preference": EmailPreference.DAILY_DIGEST,
            "on_vacation": "on",
        },
    )
    assert response.status_code == 302
    user = User.objects.get(pk=user.pk)
    assert user.name == "Dana D."
    assert user.time_zone == "Europe/Berlin"
    assert user.email_preference == EmailPreference.DAILY_DIGEST
    assert user.on_vacation and user.vacation_started_at is not None
    page = client.get(reverse("player_settings"))
    assert b"Your settings are saved" in page.content
    assert b"Dana D." in page.content


def test_settings_page_rejects_an_unknown_time_zone_and_changes_nothing(client):
    user = UserFactory(username="erin")
    client.force_login(user)
    response = client.post(
        reverse("player_settings"),
        {"display_name": "x", "time_zone": "Mars/Olympus", "email_preference": "each_turn"},
    )
    assert response.status_code == 200
    assert b"Mars/Olympus is not one of the available choices" in response.content
    user.refresh_from_db()
    assert user.time_zone == "UTC" and user.display_name == ""


def test_settings_require_sign_in(client):
    response = client.get(reverse("player_settings"))
    assert response.status_code == 302
    assert reverse("account_login") in response["Location"]
