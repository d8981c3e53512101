"""Issue 13 point 5: behind the TLS proxy, login, sign-up and reset limits count per
client (the address the proxy saw), not per proxy."""

from __future__ import annotations

import random

import pytest

from config.env import client_address_config
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

TOO_MANY = b"Too many failed login attempts"
PROXY = "10.0.0.2"  # every request reaches the site from the proxy


@pytest.fixture
def behind_proxy(settings):
    count, header = client_address_config(True, None, None)
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = count
    settings.ALLAUTH_TRUSTED_CLIENT_IP_HEADER = header


def _from(client_ip: str, spoofed: str = "") -> dict:
    """What the proxy passes on: the client's own X-Forwarded-For (anything it liked)
    with the address the proxy saw appended."""
    forwarded = f"{spoofed}, {client_ip}" if spoofed else client_ip
    return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": forwarded}


def _login(client, login: str, password: str, **meta):
    return client.post("/accounts/login/", {"login": login, "password": password}, **meta)


def test_one_clients_failed_logins_do_not_lock_out_another(client, behind_proxy):
    UserFactory(username="bob")
    rng = random.Random(13)
    attacker = "203.0.113.9"
    for _ in range(20):
        _login(client, f"nobody{rng.randrange(10**6)}", "wrong", **_from(attacker))
    locked = _login(client, f"nobody{rng.randrange(10**6)}", "wrong", **_from(attacker))
    assert TOO_MANY in locked.content  # the attacker's address is locked out
    ok = _login(client, "bob", PASSWORD, **_from("198.51.100.7"))
    assert ok.status_code == 302  # bob, from elsewhere, signs in


def test_wrong_passwords_from_one_address_do_not_lock_the_owner_out_elsewhere(client, behind_proxy):
    UserFactory(username="bob")
    attacker, home = "203.0.113.9", "198.51.100.7"
    for _ in range(5):
        assert _login(client, "bob", "wrong", **_from(attacker)).status_code == 200
    locked = _login(client, "bob", PASSWORD, **_from(attacker))
    assert TOO_MANY in locked.content  # locked there, even with the right password
    assert _login(client, "bob", PASSWORD, **_from(home)).status_code == 302
    client.logout()
    # ... and the owner's own wrong password at home is counted apart.
    assert _login(client, "bob", "typo", **_from(home)).status_code == 200
    assert TOO_MANY not in _login(client, "bob", "typo", **_from(home)).content


def test_a_client_cannot_dodge_its_limit_by_writing_the_header_itself(client, behind_proxy):
    attacker = "203.0.113.9"
    for i in range(20):
        _login(client, f"nobody{i}", "wrong", **_from(attacker, spoofed=f"192.0.2.{i}"))
    refused = _login(client, "nobody", "wrong", **_from(attacker, spoofed="192.0.2.200"))
    assert TOO_MANY in refused.content


def test_password_reset_limits_count_per_client(client, behind_proxy, mailoutbox):
    for i in range(20):
        client.post(
            "/accounts/password/reset/",
            {"email": f"someone{i}@example.com"},
            **_from("203.0.113.9"),
        )
    refused = client.post(
        "/accounts/password/reset/", {"email": "more@example.com"}, **_from("203.0.113.9")
    )
    assert refused.status_code == 429
    UserFactory(username="bob")
    asked = client.post(
        "/accounts/password/reset/", {"email": "bob@example.com"}, **_from("198.51.100.7")
    )
    assert asked.status_code == 302
    assert [m.to for m in mailoutbox][-1] == ["bob@example.com"]


def test_sign_up_limits_count_per_client(client, behind_proxy, settings):
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "signup": "3/m/ip"}

    def sign_up(name: str, ip: str):
        data = {
            "email": f"{name}@example.com",
            "username": name,
            "password1": "a long enough passphrase 42",
            "password2": "a long enough passphrase 42",
        }
        return client.post("/accounts/signup/", data, **_from(ip)).status_code

    assert [sign_up(f"bot{i}", "203.0.113.9") for i in range(4)] == [302, 302, 302, 429]
    assert sign_up("carol", "198.51.100.7") == 302


def test_without_the_proxy_the_connections_address_counts():
    assert client_address_config(False, "3", "X-Real-IP") == (0, None)
    assert client_address_config(True, None, None) == (1, None)
    assert client_address_config(True, "2", "X-Real-IP") == (2, "X-Real-IP")
    with pytest.raises(ValueError):
        client_address_config(True, "0", None)
