"""Which language a page is in (issue 16): the player's setting, else the footer's
cookie, else the browser's Accept-Language, else English; the footer switch and the
settings field that choose it; the language a new account starts with."""

import html as markup
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from accounts.models import User
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def page_language(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def visitor(accept="", cookie=""):
    client = Client(HTTP_ACCEPT_LANGUAGE=accept) if accept else Client()
    if cookie:
        client.cookies[COOKIE] = cookie
    return client


def player(language="", accept="", cookie="", username="alice"):
    user = UserFactory(username=username, language=language)
    client = visitor(accept, cookie)
    client.force_login(user)
    return user, client


# --- the order: setting > cookie > Accept-Language > English ----------------------------


def test_a_visitor_without_preferences_reads_english():
    response = visitor().get(reverse("home"))
    assert page_language(response) == "en"
    assert "Sign in" in response.content.decode()


def test_the_browsers_language_is_followed():
    response = visitor(accept="de-DE,de;q=0.9,en;q=0.5").get(reverse("home"))
    assert page_language(response) == "de"
    assert response["Content-Language"] == "de"
    assert "Anmelden" in response.content.decode()


def test_a_language_the_site_lacks_falls_back_to_english():
    assert page_language(visitor(accept="fr-FR,fr").get(reverse("home"))) == "en"


def test_the_footer_cookie_wins_over_the_browser():
    assert page_language(visitor(accept="de", cookie="en").get(reverse("home"))) == "en"
    assert page_language(visitor(accept="en", cookie="de").get(reverse("home"))) == "de"


def test_the_players_setting_wins_over_cookie_and_browser():
    _, client = player(language="en", accept="de", cookie="de")
    assert page_language(client.get(reverse("home"))) == "en"
    _, client = player(language="de", accept="en", cookie="en", username="bob")
    assert page_language(client.get(reverse("home"))) == "de"


def test_a_player_without_a_setting_follows_cookie_then_browser():
    _, client = player(accept="de")
    assert page_language(client.get(reverse("home"))) == "de"
    _, client = player(accept="de", cookie="en", username="bob")
    assert page_language(client.get(reverse("home"))) == "en"


# --- the footer switch -----------------------------------------------------------------


def footer_switch(response) -> str:
    html = response.content.decode()
    return re.search(r'<form[^>]*class="language-switch".*?</form>', html, re.S).group(0)


def test_the_footer_offers_the_other_language_as_a_button():
    form = footer_switch(visitor().get(reverse("watch")))
    assert f'action="{reverse("set_language")}"' in form
    assert 'name="next" value="/watch/"' in form
    assert '<button type="submit" name="language" value="de"' in form
    assert 'aria-current="true">English</strong>' in form  # the current one is no button
    assert "csrfmiddlewaretoken" in form


def test_a_visitor_switches_to_german_and_back_without_javascript():
    client = visitor(accept="en")
    response = client.post(reverse("set_language"), {"language": "de", "next": "/watch/"})
    assert response.status_code == 302
    assert response["Location"] == "/watch/"
    assert client.cookies[COOKIE].value == "de"
    assert client.cookies[COOKIE]["max-age"] == settings.LANGUAGE_COOKIE_AGE  # not one session
    page = client.get("/watch/")
    assert page_language(page) == "de"
    assert '<button type="submit" name="language" value="en"' in footer_switch(page)

    client.post(reverse("set_language"), {"language": "en", "next": "/watch/"})
    assert page_language(client.get("/watch/")) == "en"


def test_the_switch_refuses_an_unknown_language_and_a_foreign_next():
    client = visitor()
    response = client.post(
        reverse("set_language"), {"language": "xx", "next": "https://evil.example/"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/"  # not off-site
    assert COOKIE not in client.cookies
    assert page_language(client.get(reverse("home"))) == "en"


def test_the_switch_changes_nothing_on_a_get():
    client = visitor()
    client.get(reverse("set_language") + "?language=de")
    assert page_language(client.get(reverse("home"))) == "en"


def test_a_signed_in_player_switching_in_the_footer_saves_their_setting():
    user, client = player(language="en", accept="en")
    client.post(reverse("set_language"), {"language": "de", "next": "/"})
    user.refresh_from_db()
    assert user.language == "de"  # emails follow it too
    assert page_language(client.get(reverse("player_settings"))) == "de"
    # On another device, without the cookie, the setting still holds.
    elsewhere = visitor(accept="en")
    elsewhere.force_login(user)
    assert page_language(elsewhere.get(reverse("home"))) == "de"


def test_a_refused_switch_leaves_the_players_setting():
    user, client = player(language="de")
    client.post(reverse("set_language"), {"language": "klingon", "next": "/"})
    user.refresh_from_db()
    assert user.language == "de"


# --- the settings field ----------------------------------------------------------------


def settings_form(user, **changes):
    data = {
        "display_name": user.display_name,
        "language": user.language,
        "time_zone": user.time_zone,
        "email_preference": user.email_preference,
        "digest_hour": user.digest_hour,
    }
    return {**data, **changes}


def test_the_settings_page_offers_browser_english_and_deutsch():
    _, client = player()
    html = client.get(reverse("player_settings")).content.decode()
    select = re.search(r'<select name="language".*?</select>', html, re.S).group(0)
    options = re.findall(r'<option value="([^"]*)"( selected)?>([^<]+)</option>', select)
    assert [(value, markup.unescape(label)) for value, _, label in options] == [
        ("", "Browser's language"),
        ("en", "English"),
        ("de", "Deutsch"),
    ]
    assert options[0][1] == " selected"


def test_saving_a_language_switches_the_pages_at_once():
    user, client = player(accept="en")
    response = client.post(reverse("player_settings"), settings_form(user, language="de"))
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.language == "de"
    assert client.cookies[COOKIE].value == "de"  # stays German after signing out
    page = client.get(reverse("player_settings"))
    assert page_language(page) == "de"
    assert "Deine Einstellungen sind gespeichert." in page.content.decode()  # the message too


def test_choosing_the_browsers_language_follows_the_browser_again():
    user, client = player(language="de", accept="en", cookie="de")
    client.post(reverse("player_settings"), settings_form(user, language=""))
    user.refresh_from_db()
    assert user.language == ""
    assert client.cookies[COOKIE].value == ""  # removed: Accept-Language decides
    page = client.get(reverse("player_settings"))
    assert page_language(page) == "en"
    assert "Your settings are saved." in page.content.decode()


def test_an_unknown_language_is_refused_and_changes_nothing():
    user, client = player(language="de")
    response = client.post(reverse("player_settings"), settings_form(user, language="fr"))
    assert response.status_code == 200
    assert "fr" in response.context["form"].errors["language"][0]
    user.refresh_from_db()
    assert user.language == "de"


def test_a_settings_form_without_the_field_keeps_the_language():
    user, client = player(language="de")
    data = settings_form(user)
    del data["language"]
    client.post(reverse("player_settings"), data)
    user.refresh_from_db()
    assert user.language == "de"


# --- sign-up ----------------------------------------------------------------------------


def sign_up(client, username="dora"):
    response = client.post(
        reverse("account_signup"),
        {
            "username": username,
            "email": f"{username}@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return User.objects.get(username=username)


def test_signing_up_in_a_german_browser_keeps_german_for_emails(mailoutbox):
    user = sign_up(visitor(accept="de-DE,de;q=0.9"))
    assert user.language == "de"
    assert "bestätige deine E-Mail-Adresse" in mailoutbox[0].subject  # allauth in German


def test_signing_up_after_choosing_english_in_the_footer_keeps_english():
    user = sign_up(visitor(accept="de", cookie="en"))
    assert user.language == "en"


def test_signing_up_after_choosing_german_in_the_footer_keeps_german():
    user = sign_up(visitor(accept="en", cookie="de"))
    assert user.language == "de"


def test_signing_up_in_the_default_english_leaves_the_browser_to_decide(mailoutbox):
    user = sign_up(visitor(accept="en-GB,en"))
    assert user.language == ""
    assert "Confirm" in mailoutbox[0].subject
