"""Making, finding and revoking personal API tokens (``api.models.ApiToken``)."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables

from accounts.models import User

from .models import ApiToken, Scope

PREFIX = "tp_"  # every token starts so: easy to spot by a secret scanner
MAX_LIVE_TOKENS = 20
# ``last_used_at`` is written at most this often per token (not once per request).
LAST_USED_STEP = timedelta(minutes=1)


class TokenError(ValueError):
    """A token the site will not make; the message says why."""


def digest(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


@sensitive_variables("raw")
@transaction.atomic
def token_create(*, user: User, name: str, scopes: list[str]) -> tuple[ApiToken, str]:
    """A new token of ``user``'s and the token itself (shown once, kept nowhere)."""
    name = " ".join(name.split())
    if not name:
        raise TokenError(_("Give the token a name, such as the program that will use it."))
    scopes = [s for s in Scope.values if s in scopes]
    if not scopes:
        raise TokenError(_("Choose at least one scope."))
    User.objects.select_for_update().filter(pk=user.pk).first()  # one count at a time
    if ApiToken.objects.filter(user=user, revoked_at=None).count() >= MAX_LIVE_TOKENS:
        raise TokenError(
            _("You have %(n)d tokens. Revoke one you no longer use first.") % {"n": MAX_LIVE_TOKENS}
        )
    raw = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user, name=name[:60], scopes=scopes, digest=digest(raw), prefix=raw[:10]
    )
    return token, raw


def token_revoke(*, user: User, token_id: int) -> bool:
    """Revoke one of ``user``'s tokens; False if there was no such live token."""
    return bool(
        ApiToken.objects.filter(pk=token_id, user=user, revoked_at=None).update(
            revoked_at=timezone.now()
        )
    )


@sensitive_variables("raw")
def token_find(raw: str) -> ApiToken | None:
    """The live token ``raw`` names, with its user (an active account), noting its use."""
    if not raw.startswith(PREFIX) or len(raw) > 100:
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(digest=digest(raw), revoked_at=None, user__is_active=True)
        .first()
    )
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_STEP:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token


def live_tokens(user: User) -> list[ApiToken]:
    return list(ApiToken.objects.filter(user=user, revoked_at=None))
