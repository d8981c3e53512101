"""Bot accounts: a program's own account, marked so through the API only (as
lichess's ``/api/bot/account/upgrade``), and only while it has played nothing."""

from __future__ import annotations

from django.db import transaction
from ninja.errors import HttpError

from accounts.models import User
from games.models import Seat


@transaction.atomic
def upgrade(*, user: User) -> User:
    """Mark ``user`` as a bot for good; 400 if it is one already or has any seat."""
    user = User.objects.select_for_update().get(pk=user.pk)
    if user.is_bot:
        raise HttpError(400, "This account is a bot account already.")
    if Seat.objects.filter(user=user).exists():
        raise HttpError(
            400,
            "Only a new account that has never joined a game can become a bot: "
            "make a new account for your bot.",
        )
    user.is_bot = True
    user.save(update_fields=["is_bot"])
    return user
