"""The sign-up email and allauth's pages name the site "Tripost", from SITE_NAME and
SITE_URL, never the host of the request (issue 12)."""

import re

import pytest
from django.contrib.sites.models import Site
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse

from accounts.sites import site_domain


@pytest.mark.django_db
def test_migrate_names_the_site_after_the_settings(settings):
    site = Site.objects.get_current()
    assert site.name == settings.SITE_NAME == "Tripost"
    assert site.domain == site_domain()


@pytest.mark.django_db
@override_settings(SITE_NAME="Slow Games", SITE_URL="https://games.example:8443/")
def test_a_changed_setting_takes_effect_at_the_next_migrate():
    call_command("migrate", verbosity=0)
    site = Site.objects.get_current()
    assert (site.name, site.domain) == ("Slow Games", "games.example:8443")


@pytest.mark.django_db
def test_the_sign_up_email_says_tripost_not_the_request_host(client, mailoutbox, settings):
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    response = client.post(
        reverse("account_signup"),
        {
            "email": "newcomer@example.com",
            "username": "newcomer",
            "password1": "a long enough passphrase 42",
            "password2": "a long enough passphrase 42",
        },
        HTTP_HOST="127.0.0.1:8101",
    )
    assert response.status_code == 302
    (mail,) = mailoutbox
    assert "Tripost" in mail.subject
    assert "Hello from Tripost!" in mail.body
    assert "Thank you for using Tripost!" in mail.body
    assert f"register an account on {site_domain()}" in mail.body
    assert "127.0.0.1:8101" not in mail.subject + mail.body.split("http")[0]


@pytest.mark.django_db
def test_allauth_pages_carry_the_site_name(client, settings):
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    for name in ("account_login", "account_signup", "account_reset_password"):
        html = client.get(reverse(name), HTTP_HOST="127.0.0.1:8101").content.decode()
        title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
        assert " ".join(title.split()).endswith("Tripost"), name
        assert "127.0.0.1:8101" not in html, name
