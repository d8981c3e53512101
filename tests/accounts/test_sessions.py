"""Sessions and the signed-in player, read by written queries (accounts.sessions,
accounts.backends): the same answers as Django's own, and no one signed out by the
backends' new paths."""

from datetime import timedelta

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import timezone

from accounts.backends import AuthenticationBackend, ModelBackend
from accounts.sessions import SessionStore
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

SETTINGS = reverse("player_settings")  # a page only a signed-in player may open


def signed_in_cookie(client, user, backend: str) -> None:
    """A session as ``login`` writes it, naming ``backend``."""
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = backend
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    client.cookies["sessionid"] = store.session_key


def test_signing_in_with_a_password_keeps_the_player_signed_in(client):
    user = UserFactory()
    response = client.post(reverse("account_login"), {"login": user.username, "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(SETTINGS).status_code == 200


@pytest.mark.parametrize(
    "old",
    [
        "django.contrib.auth.backends.ModelBackend",
        "allauth.account.auth_backends.AuthenticationBackend",
    ],
)
def test_a_session_from_before_the_new_backends_stays_signed_in(client, old):
    user = UserFactory()
    signed_in_cookie(client, user, old)
    assert client.get(SETTINGS).status_code == 200


def test_the_session_reads_as_djangos_own_for_live_expired_and_unknown_keys():
    live = DjangoStore()
    live["x"] = 1
    live.create()
    expired = DjangoStore()
    expired["x"] = 2
    expired.create()
    Session.objects.filter(session_key=expired.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    for key in (live.session_key, expired.session_key, "no-such-session-key-here"):
        ours, django = SessionStore(key), DjangoStore(key)
        assert ours.load() == django.load()
        assert ours.session_key == django.session_key  # (None: a new one is made on save)
    assert SessionStore(live.session_key).load() == {"x": 1}
    assert SessionStore(expired.session_key).load() == {}


def test_an_expired_session_signs_no_one_in(client):
    user = UserFactory()
    signed_in_cookie(client, user, "accounts.backends.ModelBackend")
    Session.objects.update(expire_date=timezone.now() - timedelta(minutes=1))
    assert client.get(SETTINGS).status_code == 302  # to the sign-in page


def test_a_deactivated_or_deleted_player_is_signed_out(client):
    user = UserFactory()
    signed_in_cookie(client, user, "accounts.backends.AuthenticationBackend")
    assert client.get(SETTINGS).status_code == 200
    user.is_active = False
    user.save()
    assert client.get(SETTINGS).status_code == 302
    other = UserFactory()
    signed_in_cookie(client, other, "accounts.backends.ModelBackend")
    other.delete()
    assert client.get(SETTINGS).status_code == 302


def test_a_changed_password_ends_the_other_sessions(client):
    user = UserFactory()
    signed_in_cookie(client, user, "accounts.backends.ModelBackend")
    user.set_password("another secret phrase 42")
    user.save()
    assert client.get(SETTINGS).status_code == 302


@pytest.mark.parametrize("backend", [ModelBackend, AuthenticationBackend])
def test_the_backends_find_the_same_player_as_the_orm(backend):
    from accounts.models import User

    user = UserFactory(display_name="Ada L.", on_vacation=True, time_zone="Europe/Berlin")
    found = backend().get_user(str(user.pk))  # (the session holds the id as text)
    same = User.objects.get(pk=user.pk)
    for field in User._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(same, field.attname), field.name
    assert found.get_deferred_fields() == set() and found._state.adding is False
    found.display_name = "Ada"
    found.save(update_fields=["display_name"])
    assert User.objects.get(pk=user.pk).display_name == "Ada"
    assert backend().get_user(user.pk + 1000) is None
    assert backend().get_user("not a number") is None
    user.is_active = False
    user.save()
    assert backend().get_user(user.pk) is None  # (who may sign in: the parents' rule)
