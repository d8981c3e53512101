"""Every admin page opens (issue 36): each registered model's list, its add page and
the change page of a sample object, as a superuser and as a moderator.

A moderator is a staff member, not a superuser, in a "Moderators" group that holds
the view and change permissions of the models moderation works on (moderation/admin.py:
games, reports, the audit log, players; chat/admin.py and ratings/admin.py: messages,
their reports, ratings), nothing more: the pages they may not use answer 403, never a
server error.
"""

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from accounts.models import User
from chat import services as chat
from chat.models import ChatSettings, MessageReport
from games.models import EmailInvitation, InvitationOptOut
from mail.models import InboundMessage, Notification, Suppression
from moderation import services as moderation
from moderation.models import AuditLog, Report
from push.models import Device, PushMessage
from ratings.models import RatedGame
from tests.factories import PASSWORD, UserFactory, start_game
from tests.web.helpers import play_random

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(db):
    """At least one row of every registered model, made the way the site makes them."""
    alice = UserFactory(username="alice", display_name="Alice")
    bob = UserFactory(username="bob", display_name="Bob")
    root = User.objects.create_superuser("root", "root@example.com", PASSWORD)
    game = start_game(alice, bob)
    game.rated = True
    game.save(update_fields=["rated"])
    message = chat.message_post(game=game, user=alice, text="good luck")
    chat.note_save(game=game, user=alice, text="my plan")
    MessageReport.objects.create(message=message, reporter=bob, reason="rude")
    ChatSettings.objects.get_or_create(user=alice)
    Report.objects.create(game=game, reporter=alice, reported=bob, reason="slow")
    EmailInvitation.objects.create(
        game=game, place=1, email="friend@example.com", invited_by=alice, nonce="n1"
    )
    InvitationOptOut.objects.create(email="nobody@example.com")
    Suppression.objects.create(user=bob, email="bob@example.com", reason="bounce")
    InboundMessage.objects.create(
        message_id="<1@example.com>", sender="alice@example.com", outcome="played"
    )
    device = Device.objects.create(
        user=alice, endpoint="https://fcm.googleapis.com/fcm/send/a", p256dh="k", auth="s"
    )
    PushMessage.objects.create(
        device=device, user=alice, kind="turn", game=game, version=0, send_after=game.created_at
    )
    play_random(game, max_moves=400)
    game.refresh_from_db()
    if game.status == "active":
        moderation.game_adjudicate(game_id=game.pk, actor=root, reason="test", winners=[0])
    moderation.game_abort(game_id=start_game(alice, bob).pk, actor=root, reason="test")
    moderators = Group.objects.create(name="Moderators")
    labels = ["games", "moderation", "chat", "ratings", "accounts"]
    moderators.permissions.set(
        Permission.objects.filter(
            content_type__app_label__in=labels, codename__regex=r"^(view|change)_"
        )
    )
    assert RatedGame.objects.exists() and AuditLog.objects.exists()
    assert Notification.objects.exists()
    return root


def moderator() -> User:
    user = UserFactory(username="mod")
    user.is_staff = True
    user.save()
    user.groups.add(Group.objects.get(name="Moderators"))
    return user


def pages():
    """(model admin, url name, args) for each registered model's three pages."""
    for model, model_admin in admin.site._registry.items():
        opts = model._meta
        base = f"admin:{opts.app_label}_{opts.model_name}"
        yield model_admin, f"{base}_changelist", ()
        yield model_admin, f"{base}_add", ()
        sample = model._default_manager.order_by("pk").first()
        assert sample is not None, f"no sample {opts.label} to open"
        yield model_admin, f"{base}_change", (sample.pk,)


@pytest.mark.parametrize("who", ["superuser", "moderator"])
def test_every_admin_page_opens(client, world, who):
    user = world if who == "superuser" else moderator()
    client.force_login(user)
    errors, opened = [], 0
    for model_admin, name, args in pages():
        response = client.get(reverse(name, args=args))
        request = response.wsgi_request
        if name.endswith("_add"):
            allowed = model_admin.has_add_permission(request)
        elif name.endswith("_change"):
            sample = model_admin.model._default_manager.get(pk=args[0])
            allowed = model_admin.has_view_or_change_permission(request, sample)
        else:
            allowed = model_admin.has_view_or_change_permission(request)
        expected = 200 if allowed else 403
        if response.status_code != expected:
            errors.append(f"{name}{args}: {response.status_code}, expected {expected}")
        opened += response.status_code == 200
    assert errors == []
    # The superuser opens every list and change page (and each add page the model
    # allows); the moderator those of their work.
    assert opened >= (2 * len(admin.site._registry) if who == "superuser" else 10)
