"""Time zones: chosen from real places grouped by region, the browser's zone first
(issue 11: "Time zone defaults to UTC even when the browser says Los Angeles, chosen
from a flat list of 598 raw names")."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts import time_zones
from accounts.models import User
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "a long enough passphrase 42"


def test_the_list_holds_places_not_legacy_aliases():
    zones = time_zones.listed()
    assert zones[0] == "UTC"
    assert {"America/Los_Angeles", "Europe/Berlin", "Europe/Oslo", "Asia/Kolkata"} <= set(zones)
    for legacy in ("W-SU", "Zulu", "US/Pacific", "Etc/GMT+5", "GMT", "localtime"):
        assert legacy not in zones
    assert time_zones.aliases()["Asia/Calcutta"] == "Asia/Kolkata"  # what Chrome reports


def test_settings_offer_zones_grouped_by_region_and_ask_the_browser_while_unset():
    client = Client()
    client.force_login(UserFactory(time_zone="UTC"))
    html = client.get(reverse("player_settings")).content.decode()
    assert '<optgroup label="America">' in html and '<optgroup label="Europe">' in html
    assert '<option value="America/Los_Angeles">Los Angeles (America)</option>' in html
    assert 'value="W-SU"' not in html and 'value="Zulu"' not in html
    assert "data-browser-zone" in html


def test_a_chosen_zone_is_kept_and_not_replaced_by_the_browsers():
    user = UserFactory(time_zone="Asia/Tokyo")
    client = Client()
    client.force_login(user)
    html = client.get(reverse("player_settings")).content.decode()
    assert re.search(r'<option value="Asia/Tokyo" selected>', html)
    assert "data-browser-zone" not in html


def test_sign_up_asks_for_the_time_zone_and_keeps_it():
    client = Client()
    html = client.get(reverse("account_signup")).content.decode()
    assert 'name="time_zone"' in html and "data-browser-zone" in html
    client.post(
        reverse("account_signup"),
        {
            "username": "lena",
            "email": "lena@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "time_zone": "America/Los_Angeles",
        },
    )
    assert User.objects.get(username="lena").time_zone == "America/Los_Angeles"
