"""The installable app in Chromium: the service worker shows a pushed notification
(delivered through the DevTools protocol, as a push service would), its click opens
the game; the devices page asks for the permission only on its button; offline, the
worker shows the offline page and has kept no page of a game."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from push import keys, messages
from push.models import Device, Kind, PushMessage
from tests.factories import UserFactory, start_game
from tests.push.fake_push_service import Browser

from .helpers import PASSWORD, TIMEOUT_MS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESK = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(autouse=True)
def push_on(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = keys.generate()


def signed_in(new_context, live_server, username: str, viewport=DESK, permissions=()):
    context = new_context(base_url=live_server.url, viewport=viewport)
    if permissions:
        context.grant_permissions(list(permissions), origin=live_server.url)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto("/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/$"))
    return context, page


def _worker_ready(page) -> None:
    """The service worker is active and controls the page."""
    page.evaluate("navigator.serviceWorker.ready")
    if not page.evaluate("Boolean(navigator.serviceWorker.controller)"):
        page.reload()
    page.wait_for_function("Boolean(navigator.serviceWorker.controller)")


def _players():
    alice = UserFactory(username="alice", display_name="Alice", password=PASSWORD)
    bob = UserFactory(username="bob", display_name="Bob", password=PASSWORD)
    return alice, bob


def test_a_pushed_turn_is_shown_and_its_click_opens_the_game(new_context, live_server, settings):
    settings.SITE_URL = live_server.url
    alice, bob = _players()
    game = start_game(alice, bob)
    seat = game.seats.filter(is_due=True).select_related("user").first()
    player = seat.user
    context, page = signed_in(
        new_context, live_server, player.username, permissions=["notifications"]
    )
    _worker_ready(page)

    # What the site would push for this turn (push.messages), delivered to the worker.
    device = Device.objects.create(
        user=player, endpoint="https://fcm.googleapis.com/fcm/send/e2e", p256dh="x", auth="y"
    )
    row = PushMessage(
        device=device, user=player, kind=Kind.TURN, game=game, seat=seat, version=game.version
    )
    payload = messages.payload(row)

    cdp = context.new_cdp_session(page)
    registrations = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + 10
    while not registrations and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    [registration] = [r for r in registrations if not r.get("isDeleted")]
    origin = live_server.url.rstrip("/")
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": origin,
            "registrationId": registration["registrationId"],
            "data": json.dumps(payload),
        },
    )
    shown, deadline = None, time.monotonic() + 10
    while not shown and time.monotonic() < deadline:
        shown = page.evaluate(
            """() => navigator.serviceWorker.ready
                .then((r) => r.getNotifications())
                .then((ns) => ns.map((n) => ({title: n.title, body: n.body, tag: n.tag,
                                              url: n.data.url})))"""
        )
        page.wait_for_timeout(50)
    assert shown == [
        {
            "title": f"Your turn in Triad #{game.pk}",
            "body": "Players: " + ("Bob" if player == alice else "Alice"),
            "tag": f"turn-{game.pk}",
            "url": f"{origin}/games/{game.pk}/",
        }
    ]

    # The click: the worker's handler opens the game. (A headless browser shows no
    # notification to click: the click event is dispatched in the worker, and the
    # window it opens is watched there.)
    [worker] = context.service_workers
    opened = worker.evaluate(
        """() => new Promise((resolve) => {
            self.clients.openWindow = (url) => { resolve(url); return Promise.resolve(null); };
            self.registration.getNotifications().then(([n]) => {
              try {
                self.dispatchEvent(new NotificationEvent("notificationclick", {notification: n}));
              } catch (e) { /* waitUntil on an event of a script's own making */ }
            });
          })"""
    )
    assert opened == f"{origin}/games/{game.pk}/"
    page.goto(opened)
    expect(page.locator("h1")).to_contain_text(f"#{game.pk}")


def test_the_devices_page_asks_for_permission_only_when_the_button_is_pressed(
    new_context, live_server, screenshots
):
    _players()
    context, page = signed_in(new_context, live_server, "alice", permissions=["notifications"])
    # Count the prompts, and stand in for the push service's subscription (a headless
    # browser has none to reach).
    context.add_init_script(
        f"const P256DH = {json.dumps(Browser().p256dh)};\n"
        + """
        const ask = Notification.requestPermission.bind(Notification);
        Notification.requestPermission = () => {
          sessionStorage.asked = Number(sessionStorage.asked || 0) + 1;
          return ask();
        };
        PushManager.prototype.subscribe = function () {
          return Promise.resolve({ toJSON: () => ({
            endpoint: "https://fcm.googleapis.com/fcm/send/e2e-device",
            expirationTime: null,
            keys: { p256dh: P256DH, auth: "tBHItJI5svbpez7KI4CCXg" } }) });
        };
        """
    )
    page.goto("/settings/devices/")
    expect(page.get_by_role("button", name="Turn on notifications on this device")).to_be_visible()
    page.wait_for_timeout(300)  # anything the page would do by itself, it has done
    assert page.evaluate("Number(sessionStorage.asked || 0)") == 0
    page.screenshot(path=str(screenshots / "push-devices-before.png"), full_page=True)

    page.get_by_role("button", name="Turn on notifications on this device").click()
    expect(page.locator(".push-devices")).to_contain_text("Chrome, Linux")
    assert page.evaluate("Number(sessionStorage.asked || 0)") == 1  # the click's, once
    assert Device.objects.get(user__username="alice").endpoint.endswith("/e2e-device")
    page.screenshot(path=str(screenshots / "push-devices-after.png"), full_page=True)


def test_installable_and_offline_shows_the_offline_page_keeping_no_game_page(
    new_context, live_server
):
    alice, bob = _players()
    game = start_game(alice, bob)
    context, page = signed_in(new_context, live_server, "alice")
    _worker_ready(page)
    # Chromium finds nothing in the site that keeps it from offering to install it (a
    # test's browser context is an incognito one, which never installs anything).
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("h1")).to_contain_text(f"#{game.pk}")
    page.goto("/settings/")

    context.set_offline(True)
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("h1")).to_have_text("You are offline")
    assert "alice" not in page.content().lower()
    kept = page.evaluate(
        """() => caches.keys().then((names) => Promise.all(names.map((name) =>
             caches.open(name).then((c) => c.keys()).then((rs) => rs.map((r) => r.url)))))
             .then((lists) => lists.flat())"""
    )
    paths = sorted(re.sub(r"^https?://[^/]+", "", url) for url in kept)
    assert "/offline/" in paths
    assert all(p == "/offline/" or p.startswith("/static/") for p in paths), paths
    context.set_offline(False)
