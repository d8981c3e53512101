"""The installable app's files and the devices page: a subscription is taken only
from a known push service, a device is removed only by its owner, nothing of a
player is in what the service worker keeps."""

from __future__ import annotations

import json

import pytest
from django.contrib.staticfiles import finders

from push.models import Device, Preferences

from .fake_push_service import Browser

pytestmark = pytest.mark.django_db

FCM = "https://fcm.googleapis.com/fcm/send/abc123"


def _subscription(endpoint=FCM, browser=None):
    browser = browser or Browser()
    return json.dumps(
        {"endpoint": endpoint, "expirationTime": None,
         "keys": {"p256dh": browser.p256dh, "auth": browser.auth_b64}}
    )  # fmt: skip


def test_the_manifest_makes_the_site_installable_opening_on_my_games(client):
    answer = client.get("/manifest.webmanifest")
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = json.loads(answer.content)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["name"] == "Tripost"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]
    page = client.get("/accounts/login/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert "js/sw-register.js" in page


def test_the_service_worker_is_served_from_the_root_and_never_stale(client):
    answer = client.get("/sw.js")
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Cache-Control"] == "no-cache"
    body = answer.content.decode()
    assert 'const OFFLINE_URL = "/offline/";' in body
    assert "notificationclick" in body and "showNotification" in body


def test_the_offline_page_holds_nothing_of_the_player(client, alice):
    client.force_login(alice)
    page = client.get("/offline/").content.decode()
    assert "You are offline" in page
    assert "alice" not in page.lower() and "csrf" not in page.lower()


def test_a_player_subscribes_this_browser_and_sees_it_listed(client, alice):
    client.force_login(alice)
    ua = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile"
    answer = client.post(
        "/settings/devices/subscribe", _subscription(), content_type="application/json",
        headers={"user-agent": ua},
    )  # fmt: skip
    assert answer.status_code == 200, answer.content
    device = Device.objects.get(user=alice)
    assert device.endpoint == FCM and device.user_agent == ua
    page = client.get("/settings/devices/").content.decode()
    assert "Chrome, Android" in page
    assert "Turn on notifications on this device" in page


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://fcm.googleapis.com/fcm/send/abc",  # not https
        "https://169.254.169.254/latest/meta-data/",  # the cloud's metadata service
        "https://127.0.0.1:8000/admin/",
        "https://fcm.googleapis.com.evil.example/x",
    ],
)
def test_a_subscription_to_anything_but_a_push_service_is_refused(client, alice, endpoint):
    client.force_login(alice)
    answer = client.post(
        "/settings/devices/subscribe", _subscription(endpoint), content_type="application/json"
    )
    assert answer.status_code == 400
    assert "push service" in answer.json()["error"]
    assert not Device.objects.exists()


def test_malformed_keys_are_refused(client, alice):
    client.force_login(alice)
    bad = json.dumps({"endpoint": FCM, "keys": {"p256dh": "AAAA", "auth": "!!"}})
    answer = client.post("/settings/devices/subscribe", bad, content_type="application/json")
    assert answer.status_code == 400 and not Device.objects.exists()
    answer = client.post("/settings/devices/subscribe", "[1]", content_type="application/json")
    assert answer.status_code == 400


def test_a_shared_browser_belongs_to_whoever_subscribed_it_last(client, alice, bob):
    browser = Browser()
    for user in (alice, bob):
        client.force_login(user)
        client.post(
            "/settings/devices/subscribe", _subscription(browser=browser),
            content_type="application/json",
        )  # fmt: skip
    assert list(Device.objects.values_list("user__username", flat=True)) == ["bob"]


def test_only_its_owner_removes_a_device(client, alice, bob):
    device = Device.objects.create(user=alice, endpoint=FCM, p256dh="x", auth="y")
    client.force_login(bob)
    client.post(f"/settings/devices/{device.pk}/remove")
    assert Device.objects.filter(pk=device.pk).exists()
    client.force_login(alice)
    answer = client.post(f"/settings/devices/{device.pk}/remove", follow=True)
    assert not Device.objects.filter(pk=device.pk).exists()
    assert "it gets no more notifications" in answer.content.decode()


def test_the_kinds_are_switched_on_the_devices_page(client, alice):
    client.force_login(alice)
    answer = client.post(
        "/settings/devices/",
        {"turn": "on", "reminder": "on", "result": "on", "invitation": "on", "draw_offer": "on"},
    )
    assert answer.status_code == 302
    preferences = Preferences.objects.get(user=alice)
    assert preferences.turn and not preferences.chat


def test_the_settings_page_links_to_the_devices_page(client, alice):
    client.force_login(alice)
    assert 'href="/settings/devices/"' in client.get("/settings/").content.decode()


def test_the_devices_and_offline_pages_speak_german(client, alice, settings):
    from tests.i18n.english import english_left

    alice.language = "de"
    alice.save(update_fields=["language"])
    Device.objects.create(user=alice, endpoint=FCM, p256dh="k", auth="s", user_agent="Firefox/1")
    client.force_login(alice)
    for html in (
        client.get("/settings/devices/").content.decode(),
        client.post("/settings/devices/", {"turn": "on"}, follow=True).content.decode(),
        client.get("/offline/", headers={"accept-language": "de"}).content.decode(),
    ):
        assert english_left(html, allowed=frozenset()) == []
    assert "Du bist offline" in html
    settings.VAPID_PUBLIC_KEY = ""
    html = client.get("/settings/devices/").content.decode()
    assert "nicht eingerichtet" in html and english_left(html, allowed=frozenset()) == []


def test_the_key_command_prints_a_pair_that_signs_pushes(settings):
    from io import StringIO

    from django.core.management import call_command
    from py_vapid import Vapid

    out = StringIO()
    call_command("vapid_keys", stdout=out)
    values = dict(line.split("=", 1) for line in out.getvalue().split())
    public, private = values["VAPID_PUBLIC_KEY"], values["VAPID_PRIVATE_KEY"]
    signer = Vapid.from_string(private_key=private)
    claims = {"sub": "mailto:a@b.c", "aud": "https://fcm.googleapis.com", "exp": 9999999999}
    assert signer.sign(claims)["Authorization"].endswith(f",k={public}")


def test_a_player_keeps_at_most_twenty_devices(client, alice):
    from push.services import MAX_DEVICES

    client.force_login(alice)
    for n in range(MAX_DEVICES + 2):
        client.post(
            "/settings/devices/subscribe", _subscription(f"{FCM}-{n}"),
            content_type="application/json",
        )  # fmt: skip
    endpoints = set(Device.objects.filter(user=alice).values_list("endpoint", flat=True))
    assert len(endpoints) == MAX_DEVICES and f"{FCM}-{MAX_DEVICES + 1}" in endpoints
