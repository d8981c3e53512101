"""Webhooks: turns and results posted once through the outbox, signed as the README
says, only to public https servers, backed off and turned off when they keep failing."""

import hashlib
import hmac
import json
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.db import transaction
from django.urls import reverse

from games import services as game_services
from tests.factories import due_seat, play_first_legal, start_game
from webhooks import addresses, outbox, services, tasks
from webhooks.models import Delivery, Event, Hook, HookKind

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def verify(secret: str, headers: dict, body: bytes, now: int, tolerance: int = 300) -> bool:
    """The README's recipe for a receiver, as written there."""
    timestamp = headers["X-Tripost-Timestamp"]
    if abs(now - int(timestamp)) > tolerance:
        return False
    expected = (
        "sha256="
        + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    )
    return hmac.compare_digest(expected, headers["X-Tripost-Signature"])


def _hook(user, endpoint, kind=HookKind.JSON, game=None, **kwargs) -> Hook:
    # Saved directly: the local endpoint is no Discord or Slack server.
    return Hook.objects.create(owner=user, kind=kind, url=endpoint.url, game=game, **kwargs)


def _run(queue) -> list[str]:
    outcomes = []
    while queue:
        outcomes.append(tasks.deliver(queue.pop(0)))
    return outcomes


_commit = None


@pytest.fixture(autouse=True)
def _commits(django_capture_on_commit_callbacks):
    """What runs after commit (queueing the deliveries) runs when the move is done."""
    global _commit
    _commit = django_capture_on_commit_callbacks


def _first_mover_game(alice, bob):
    """A game whose first turn is alice's (committed)."""
    for _ in range(20):  # who begins is the seed's choice
        with _commit(execute=True):
            game = start_game(alice, bob)
        if due_seat(game).user == alice:
            return game
    raise AssertionError("alice never began")


def _play_until_not(game, user):
    """Play on until it is no longer ``user``'s turn (Triad may give two actions)."""
    for _ in range(10):
        _play(game)
        if due_seat(game).user != user:
            return
    raise AssertionError("the turn never passed")


def _play(game):
    with _commit(execute=True):
        return play_first_legal(game)


def _start(*players):
    with _commit(execute=True):
        return start_game(*players)


def test_a_turn_is_posted_signed_to_a_json_endpoint(alice, bob, endpoint, webhook_queue):
    hook = _hook(alice, endpoint)
    with time_machine.travel(T0, tick=False):
        game = _first_mover_game(alice, bob)
        assert _run(webhook_queue) == ["sent"]
    [request] = endpoint.requests
    headers, body = request["headers"], request["body"]
    assert request["path"] == "/in"
    assert verify(hook.secret, headers, body, now=int(T0.timestamp()))
    assert not verify("another secret", headers, body, now=int(T0.timestamp()))
    assert not verify(hook.secret, headers, body + b" ", now=int(T0.timestamp()))
    assert headers["Content-Type"] == "application/json"
    assert headers["Host"] == endpoint.url.split("/")[2]
    data = json.loads(body)
    delivery = Delivery.objects.get()
    assert headers["X-Tripost-Delivery"] == data["id"] == f"d{delivery.pk}"
    assert data["event"] == "turn" and headers["X-Tripost-Event"] == "turn"
    assert data["game"] == {
        "id": game.pk,
        "title": "Triad",
        "url": f"https://tripost.test/games/{game.pk}/",
        "version": game.version,
        "status": "active",
    }
    assert data["to_move"] == [{"name": "Alice", "deadline": (T0 + timedelta(days=3)).isoformat()}]
    assert data["text"].startswith(f"Triad #{game.pk}: Alice to move.")
    assert set(data) == {"id", "event", "game", "players", "text", "to_move"}
    assert delivery.outcome == "sent" and delivery.sent_at is not None


def test_discord_and_slack_get_their_own_shapes(alice, bob, endpoint, webhook_queue):
    _hook(alice, endpoint, kind=HookKind.DISCORD)
    _hook(alice, endpoint, kind=HookKind.SLACK)
    alice.display_name = "<!channel> & co"
    alice.save()
    game = _first_mover_game(alice, bob)
    assert _run(webhook_queue) == ["sent", "sent"]
    discord, slack = sorted(endpoint.bodies(), key=lambda b: "text" in b)
    assert set(discord) == {"content", "allowed_mentions"}
    assert discord["allowed_mentions"] == {"parse": []}  # a name cannot ping anyone
    assert discord["content"].startswith(f"Triad #{game.pk}: <!channel> & co to move.")
    assert set(slack) == {"text"}
    assert slack["text"].startswith(f"Triad #{game.pk}: &lt;!channel&gt; &amp; co to move.")
    assert slack["text"].endswith(f"https://tripost.test/games/{game.pk}/")
    assert "signature" not in str(endpoint.requests[0]["headers"]).lower()


def test_a_players_hook_hears_only_their_own_turns(alice, bob, carol, endpoint, webhook_queue):
    _hook(alice, endpoint)
    game = _start(bob, carol)  # not alice's
    assert Delivery.objects.count() == 0
    game = _first_mover_game(alice, bob)
    assert Delivery.objects.count() == 1
    _play_until_not(game, alice)  # alice moved: bob's turn is not hers
    assert Delivery.objects.filter(event=Event.TURN).count() == 1


def test_a_turn_that_is_over_before_the_post_is_not_posted(alice, bob, endpoint, webhook_queue):
    _hook(alice, endpoint)
    game = _first_mover_game(alice, bob)
    _play_until_not(game, alice)
    assert _run(webhook_queue) == ["skipped: moved on"]
    assert endpoint.requests == []


def test_a_game_hook_of_its_creator_hears_everyones_turns_and_the_end(
    alice, bob, endpoint, webhook_queue
):
    game = _start(alice, bob)
    hook = services.hook_add(
        user=alice, kind=HookKind.JSON, url=endpoint.url, game=game, turns=True, results=True
    )
    with pytest.raises(services.HookError, match="creator"):
        services.hook_add(user=bob, kind=HookKind.JSON, url=endpoint.url, game=game)
    movers = set()
    for _ in range(2):
        movers.add(due_seat(game).user.name)
        _play(game)
    _run(webhook_queue)
    assert {name["name"] for b in endpoint.bodies() for name in b["to_move"]} <= {"Alice", "Bob"}
    assert len(endpoint.requests) == Delivery.objects.filter(hook=hook).count() >= 1
    with _commit(execute=True):
        game_services.game_resign(game_id=game.pk, user=bob)
    _run(webhook_queue)
    last = endpoint.bodies()[-1]
    assert last["event"] == "game_over" and last["game"]["status"] == "finished"
    assert last["winners"] == ["Alice"]
    assert (
        last["text"]
        == f"Triad #{game.pk} is over: {last['result']}\nhttps://tripost.test/games/{game.pk}/"
    )


def test_each_news_is_written_once_per_hook_and_posted_once(alice, bob, endpoint, webhook_queue):
    hook = _hook(alice, endpoint)
    game = _first_mover_game(alice, bob)
    seat = due_seat(game)
    assert outbox.notify(hook=hook, event=Event.TURN, game=game, payload={}) is None
    [delivery] = Delivery.objects.all()
    assert tasks.deliver(delivery.pk) == "sent"
    assert tasks.deliver(delivery.pk) == ""  # a second run of the task: nothing
    assert tasks.sweep() == 0
    assert len(endpoint.requests) == 1
    assert seat.user == alice


def test_a_post_refused_mid_transaction_rolls_back_with_the_move(alice, bob, endpoint):
    _hook(alice, endpoint)
    with pytest.raises(RuntimeError), transaction.atomic():
        _first_mover_game(alice, bob)
        raise RuntimeError
    assert Delivery.objects.count() == 0


def test_a_worker_killed_mid_send_leaves_it_to_be_posted_once(
    alice, bob, endpoint, webhook_queue, settings
):
    _hook(alice, endpoint)
    with time_machine.travel(T0, tick=False):
        _first_mover_game(alice, bob)
        [delivery_id] = webhook_queue
        webhook_queue.clear()
        # A worker claims the row and is killed before it marks it (SIGKILL runs no
        # handler: the claim stays until it expires).
        token, row = outbox.claim(delivery_id)
        assert row is not None
        # Meanwhile the task runs again and the sweep passes: neither takes the row.
        assert tasks.deliver(delivery_id) == ""
        assert tasks.sweep() == 0
    with time_machine.travel(
        T0 + timedelta(seconds=settings.WEBHOOK_CLAIM_SECONDS + 1), tick=False
    ):
        assert tasks.sweep() == 1
        assert _run(webhook_queue) == ["sent"]
        # The killed worker's late mark (had it lived) changes nothing: its claim is gone.
        assert not outbox.finish(row, token, "sent")
        assert tasks.sweep() == 0
    assert len(endpoint.requests) == 1
    assert Delivery.objects.get().attempts == 2


def test_a_failing_endpoint_is_backed_off_then_turned_off_and_its_owner_emailed(
    alice, bob, endpoint, webhook_queue, settings, mailoutbox
):
    settings.WEBHOOK_MAX_FAILURES = 4
    hook = _hook(alice, endpoint)
    endpoint.statuses = [500] * 10
    now = T0
    with time_machine.travel(now, tick=False):
        _first_mover_game(alice, bob)
    [delivery_id] = webhook_queue
    waits = []
    for _ in range(3):
        with time_machine.travel(now, tick=False):
            assert tasks.deliver(delivery_id) == "failed: HTTP 500"
        delivery = Delivery.objects.get(pk=delivery_id)
        waits.append(delivery.send_after - now)
        with time_machine.travel(now, tick=False):
            assert tasks.deliver(delivery_id) == ""  # not due yet
        now = delivery.send_after
    assert waits == [timedelta(minutes=1), timedelta(minutes=2), timedelta(minutes=4)]
    hook.refresh_from_db()
    assert hook.failures == 3 and hook.enabled and mailoutbox == []
    with time_machine.travel(now, tick=False):
        tasks.deliver(delivery_id)
    hook.refresh_from_db()
    assert not hook.enabled and hook.last_error == "HTTP 500"
    [mail] = mailoutbox
    assert mail.to == [alice.email]
    assert "turned off" in mail.subject
    assert "hooks.example" in mail.body and "https://tripost.test/settings/webhooks/" in mail.body
    assert len(endpoint.requests) == 4
    # A turned-off hook gets nothing more, and is not emailed about twice.
    _first_mover_game(alice, bob)
    assert Delivery.objects.filter(hook=hook).count() == 1
    assert len(mailoutbox) == 1
    # Its owner turns it on again.
    assert services.hook_enable(user=alice, hook_id=hook.pk)
    hook.refresh_from_db()
    assert hook.enabled and hook.failures == 0


def test_a_success_forgets_earlier_failures(alice, bob, endpoint, webhook_queue):
    hook = _hook(alice, endpoint)
    endpoint.statuses = [503]
    with time_machine.travel(T0, tick=False):
        _first_mover_game(alice, bob)
        [delivery_id] = webhook_queue
        tasks.deliver(delivery_id)
    with time_machine.travel(T0 + timedelta(minutes=2), tick=False):
        assert tasks.deliver(delivery_id) == "sent"
    hook.refresh_from_db()
    assert hook.failures == 0


def test_a_refusal_that_will_not_change_is_not_retried(alice, bob, endpoint, webhook_queue):
    _hook(alice, endpoint)
    endpoint.statuses = [404]
    _first_mover_game(alice, bob)
    assert _run(webhook_queue) == ["failed: HTTP 404"]
    assert Delivery.objects.get().sent_at is not None


def test_a_redirect_is_not_followed(alice, bob, endpoint, webhook_queue):
    _hook(alice, endpoint)
    endpoint.statuses = [302]
    endpoint.extra_headers = {"Location": "https://169.254.169.254/latest/meta-data/"}
    _first_mover_game(alice, bob)
    assert _run(webhook_queue) == ["failed: HTTP 302"]
    assert len(endpoint.requests) == 1


def test_a_long_answer_is_read_only_so_far(alice, bob, endpoint, webhook_queue):
    from webhooks import transport

    endpoint.answer_body = b"x" * (transport.MAX_RESPONSE_BYTES * 4)
    answer = transport.post(endpoint.url, b"{}", {})
    assert answer.ok and len(answer.body) == transport.MAX_RESPONSE_BYTES


# --- server-side request forgery ---------------------------------------------------------

REFUSED_URLS = [
    "http://hooks.example/in",  # not https
    "ftp://hooks.example/in",
    "https://127.0.0.1/x",
    "https://127.1.2.3/x",
    "https://10.0.0.5/x",
    "https://172.16.9.1/x",
    "https://192.168.0.10/x",
    "https://169.254.169.254/latest/meta-data/",  # cloud metadata
    "https://100.64.0.1/x",  # CGNAT
    "https://0.0.0.0/x",
    "https://224.0.0.1/x",  # multicast
    "https://240.0.0.1/x",  # reserved
    "https://255.255.255.255/x",
    "https://[::1]/x",
    "https://[::]/x",
    "https://[fe80::1]/x",
    "https://[fd00:ec2::254]/x",  # AWS metadata over IPv6
    "https://[fc00::5]/x",
    "https://[ff02::1]/x",
    "https://[::ffff:127.0.0.1]/x",  # IPv4-mapped loopback
    "https://[::ffff:10.0.0.1]/x",
    "https://[::ffff:169.254.169.254]/x",
    "https://[64:ff9b::a9fe:a9fe]/x",  # NAT64 of the metadata address
    "https://[2002:a9fe:a9fe::]/x",  # 6to4 of it
    "https://user:pw@hooks.example/x",
    "https://private.example/x",  # resolves to a private address
    "https://mixed.example/x",  # one public and one private answer
    "https://nowhere.example/x",  # does not resolve
]

NAMES = {
    "private.example": ["10.1.2.3"],
    "mixed.example": ["93.184.215.14", "192.168.1.1"],
    "public.example": ["93.184.215.14"],
    "discord.com": ["162.159.128.233"],
    "hooks.slack.com": ["34.226.36.64"],
}


@pytest.fixture
def fake_dns(monkeypatch):
    def resolve(host, port):
        if host not in NAMES:
            raise OSError("no such name")
        return NAMES[host]

    monkeypatch.setattr(addresses, "resolve", resolve)
    monkeypatch.setattr(addresses, "allowed_for_tests", set())


@pytest.mark.parametrize("url", REFUSED_URLS)
def test_an_endpoint_that_is_not_public_https_is_refused(url, alice, fake_dns):
    with pytest.raises(services.HookError):
        services.hook_add(user=alice, kind=HookKind.JSON, url=url)
    assert not Hook.objects.exists()


def test_public_https_endpoints_and_the_services_own_addresses_are_accepted(alice, fake_dns):
    services.hook_add(user=alice, kind=HookKind.JSON, url="https://public.example/in")
    services.hook_add(user=alice, kind=HookKind.JSON, url="https://93.184.215.14:8443/in")
    services.hook_add(
        user=alice, kind=HookKind.DISCORD, url="https://discord.com/api/webhooks/1/abc"
    )
    services.hook_add(user=alice, kind=HookKind.SLACK, url="https://hooks.slack.com/services/T/B/x")
    assert Hook.objects.count() == 4
    with pytest.raises(services.HookError, match="Discord"):
        services.hook_add(
            user=alice, kind=HookKind.DISCORD, url="https://public.example/api/webhooks/1"
        )
    with pytest.raises(services.HookError, match="Slack"):
        services.hook_add(user=alice, kind=HookKind.SLACK, url="https://discord.com/services/x")


def test_a_name_that_turns_private_after_saving_is_refused_at_send_time(
    alice, bob, endpoint, webhook_queue, monkeypatch
):
    hook = _hook(alice, endpoint)  # resolved to the (allowed) local server when saved
    _first_mover_game(alice, bob)
    # Now the name answers with the metadata address (DNS rebinding).
    monkeypatch.setattr(addresses, "resolve", lambda host, port: ["169.254.169.254"])
    [outcome] = _run(webhook_queue)
    assert outcome.startswith("failed: refused:")
    assert endpoint.requests == []
    hook.refresh_from_db()
    assert hook.failures == 1


def test_the_post_goes_to_the_address_that_was_checked(alice, bob, endpoint, webhook_queue):
    """The name is resolved once per post, and the connection goes to that address (the
    system's resolver has never heard of it) with the name checked on the certificate."""
    _hook(alice, endpoint)
    _first_mover_game(alice, bob)
    assert _run(webhook_queue) == ["sent"]
    assert endpoint.resolved == ["hooks.example"]


def test_a_certificate_for_another_name_is_refused(
    alice, bob, endpoint, webhook_queue, monkeypatch
):
    real = addresses.resolve
    monkeypatch.setattr(
        addresses,
        "resolve",
        lambda host, port: ["127.0.0.1"] if host == "other.example" else real(host, port),
    )
    hook = _hook(alice, endpoint)
    Hook.objects.filter(pk=hook.pk).update(
        url=endpoint.url.replace("hooks.example", "other.example")
    )
    _first_mover_game(alice, bob)
    [outcome] = _run(webhook_queue)
    assert outcome.startswith("failed:") and endpoint.requests == []


def test_ip_checks_table():
    for address in ("8.8.8.8", "1.1.1.1", "2606:4700:4700::1111"):
        assert addresses.is_public(address), address
    for url in REFUSED_URLS:
        host = url.split("//", 1)[1].split("/", 1)[0].strip("[]")
        if host[0].isdigit() or ":" in host:
            assert not addresses.is_public(host), host


# --- the settings page --------------------------------------------------------------------


def test_the_settings_page_adds_lists_and_removes_a_hook(client, alice, fake_dns):
    client.force_login(alice)
    assert reverse("webhook_settings").encode() in client.get(reverse("player_settings")).content
    response = client.post(
        reverse("webhook_settings"),
        {
            "kind": "discord",
            "url": "https://discord.com/api/webhooks/1/secret-token",
            "turns": "on",
        },
    )
    assert response.status_code == 302
    hook = Hook.objects.get(owner=alice)
    assert (hook.kind, hook.turns, hook.results, hook.game) == ("discord", True, False, None)
    page = client.get(reverse("webhook_settings")).content.decode()
    assert "discord.com/api/webhooks/1" in page and "secret-token" not in page
    refused = client.post(
        reverse("webhook_settings"), {"kind": "json", "url": "https://10.0.0.1/x", "turns": "on"}
    )
    assert refused.status_code == 400 and "private or reserved" in refused.content.decode()
    client.post(reverse("webhook_remove", args=[hook.pk]))
    assert not Hook.objects.exists()


def test_no_one_removes_another_players_hook(client, alice, mallory, fake_dns):
    hook = services.hook_add(user=alice, kind=HookKind.JSON, url="https://public.example/in")
    client.force_login(mallory)
    client.post(reverse("webhook_remove", args=[hook.pk]))
    assert Hook.objects.filter(pk=hook.pk).exists()
    assert b"public.example" not in client.get(reverse("webhook_settings")).content


# --- leaving ------------------------------------------------------------------------------


def test_a_deleted_account_loses_its_hooks_and_calendar_and_the_export_keeps_secrets_out(
    alice, mallory, fake_dns
):
    from calendars import services as calendars
    from calendars.models import CalendarFeed
    from leaving import services as leaving

    hook = services.hook_add(user=alice, kind=HookKind.JSON, url="https://public.example/in")
    feed = calendars.feed_turn_on(user=alice)
    data = leaving.account_export(user=alice)
    assert data["webhooks"][0]["url"] == "https://public.example/in"
    assert hook.secret not in str(data) and feed.nonce not in str(data)
    mod = type(alice).objects.create_superuser("mod", "mod@example.com", "x")
    leaving.account_delete(user=alice, actor=mod, reason="asked")
    assert not Hook.objects.filter(owner=alice).exists()
    assert not CalendarFeed.objects.filter(user=alice).exists()
