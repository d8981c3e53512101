"""Issue 13 point 9: names are normalised (NFKC), written in one script, and no
player's name can pass for another's (case, homoglyphs: accounts.names)."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import IntegrityError, transaction

from accounts.models import User
from accounts.names import skeleton
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSPHRASE = "a long enough passphrase 42"


def _sign_up(client, username: str, email: str | None = None):
    return client.post(
        "/accounts/signup/",
        {
            "email": email or f"new{abs(hash(username)) % 10**6}@example.com",
            "username": username,
            "password1": PASSPHRASE,
            "password2": PASSPHRASE,
        },
    )


def _settings(client, user, display_name: str):
    client.force_login(user)
    return client.post(
        "/settings/",
        {"display_name": display_name, "time_zone": "UTC", "email_preference": "each_turn"},
    )


def test_a_homoglyph_username_is_refused_at_sign_up(client):
    UserFactory(username="alice")
    response = _sign_up(client, "\u0430lice")  # Cyrillic а, then Latin
    assert response.status_code == 200
    assert b"mixes letters of different scripts" in response.content
    assert not User.objects.filter(username="\u0430lice").exists()


@pytest.mark.parametrize("lookalike", ["ALICE", "AIice", "a1ice", "\u0430l\u0456\u0441\u0435"])
def test_a_username_that_looks_like_anothers_is_refused(client, lookalike):
    UserFactory(username="alice")
    response = _sign_up(client, lookalike)
    assert response.status_code == 200
    assert User.objects.count() == 1


def test_a_username_like_anothers_display_name_is_refused(client):
    UserFactory(username="u1", display_name="Queen Bee")
    UserFactory(username="zed", display_name="Zorro")
    response = _sign_up(client, "zorro")
    assert b"looks too much like another player" in response.content
    assert not User.objects.filter(username="zorro").exists()


def test_an_unlike_name_in_any_one_script_is_welcome(client):
    UserFactory(username="alice")
    for name in (
        "Dmitriy",
        "\u0414\u043c\u0438\u0442\u0440\u0438\u0439",
        "\u5c71\u7530\u305f\u308d\u3046",
    ):
        assert _sign_up(client, name).status_code == 302, name
        client.logout()
    assert User.objects.count() == 4


def test_a_display_name_cannot_be_another_players_name(client):
    UserFactory(username="alice", display_name="Alice")
    UserFactory(username="bob")
    mallory = UserFactory(username="mallory")
    for name in ("Alice", "alice", "ALICE", "\u0430lice", "Bob", "B\u043eb"):
        response = _settings(client, mallory, name)
        assert response.status_code == 200, name  # the form again, with the reason
        mallory.refresh_from_db()
        assert mallory.display_name == "", name


def test_a_display_name_is_normalised_and_may_be_ones_own_username(client):
    mallory = UserFactory(username="mallory")
    assert _settings(client, mallory, "  \uff2dallory   the\u3000Great ").status_code == 302
    mallory.refresh_from_db()
    assert mallory.display_name == "Mallory the Great"
    assert _settings(client, mallory, "Mallory").status_code == 302
    mallory.refresh_from_db()
    assert mallory.name == "Mallory"


def test_invisible_characters_are_refused_in_a_display_name(client):
    mallory = UserFactory(username="mallory")
    for name in ("Mal\u200blory", "Mal\u202elory", "Mal\x07lory"):
        response = _settings(client, mallory, name)
        assert response.status_code == 200
        assert b"invisible or control characters" in response.content
    mallory.refresh_from_db()
    assert mallory.display_name == ""


def test_the_database_keeps_names_unique_regardless_of_case():
    UserFactory(username="alice", display_name="Queen")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="Alice")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="carol", display_name="QUEEN")


def test_the_skeleton_is_kept_with_each_name():
    user = UserFactory(username="alice", display_name="\u0410l\u0456ce")
    assert user.username_skeleton == skeleton("alice") == skeleton("AIice")
    assert user.display_name_skeleton == skeleton("alice")


def test_the_migration_clears_a_display_name_that_passes_for_another_player():
    from importlib import import_module

    settle = import_module("accounts.migrations.0003_user_names_unique").settle_names
    alice = UserFactory(username="alice")
    fake = UserFactory(username="fake")
    honest = UserFactory(username="honest")
    # As the rows were before the rules: bypass save() (no skeletons).
    User.objects.filter(pk=fake.pk).update(display_name="AIice", display_name_skeleton="")
    User.objects.filter(pk=honest.pk).update(display_name="  Honest  Abe ")
    settle(apps, None)
    fake.refresh_from_db()
    honest.refresh_from_db()
    alice.refresh_from_db()
    assert fake.display_name == "" and fake.name == "fake"
    assert honest.display_name == "Honest Abe"
    assert alice.username == "alice" and alice.username_skeleton == skeleton("alice")


SITE_LABELS = [
    "Computer",
    "Computer (Expert)",
    "computer (strong)",
    "C0MPUTER",
    "Open seat",
    "Red (computer)",
    "Rot (Computer)",  # the same labels in German
    "Freier Platz",
    "deleted player 1",
    "Deleted Player 12",
]


@pytest.mark.parametrize("name", SITE_LABELS)
def test_a_display_name_cannot_pass_for_a_computer_an_open_seat_or_a_deleted_player(client, name):
    mallory = UserFactory(username="mallory")
    response = _settings(client, mallory, name)
    assert response.status_code == 200, name
    assert b"the site uses for computer players, open seats or deleted accounts" in response.content
    mallory.refresh_from_db()
    assert mallory.display_name == ""


@pytest.mark.parametrize("username", ["Computer", "computer", "deleted-7", "deletedplayer3"])
def test_a_username_cannot_pass_for_a_computer_or_a_deleted_player(client, username):
    response = _sign_up(client, username)
    assert response.status_code == 200
    assert b"the site uses for computer players" in response.content
    assert not User.objects.exists()


def test_names_that_merely_hold_such_words_are_welcome(client):
    mallory = UserFactory(username="mallory")
    for name in ("Computer Bob", "Red", "Open", "Deleted"):
        assert _settings(client, mallory, name).status_code == 302, name


def test_the_migration_clears_display_names_chosen_before_site_labels_were_refused():
    from importlib import import_module

    clear = import_module(
        "accounts.migrations.0006_clear_display_names_like_site_labels"
    ).clear_site_labels
    fake = UserFactory(username="fake")
    honest = UserFactory(username="honest", display_name="Honest Abe")
    gone = UserFactory(username="gone")
    User.objects.filter(pk=fake.pk).update(display_name="Computer (Expert)")
    User.objects.filter(pk=gone.pk).update(
        username=f"deleted-{gone.pk}", display_name=f"deleted player {gone.pk}"
    )
    clear(apps, None)
    for user in (fake, honest, gone):
        user.refresh_from_db()
    assert fake.display_name == "" and fake.name == "fake"
    assert honest.display_name == "Honest Abe"
    assert gone.name == f"deleted player {gone.pk}"  # the site's own name for it
