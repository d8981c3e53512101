"""Who calls the API: a personal token (``Authorization: Bearer tp_…``) or the site's
own session. A token request needs no CSRF token (a browser never sends the header by
itself); a session request does, as every form of the site (ninja's ``SessionAuth``
checks it). Every authenticated request counts against the caller's rate limits
(``settings.API_RATE_LIMITS``, per token; per player for the session)."""

from __future__ import annotations

from django.conf import settings
from django.utils.decorators import method_decorator
from django.views.decorators.debug import sensitive_variables
from django_ratelimit.core import get_usage
from ninja.errors import HttpError
from ninja.security import HttpBearer, SessionAuth

from .models import Scope
from .tokens import token_find

DEFAULT_RATES = ("60/m", "2000/h")


class RateLimited(Exception):
    def __init__(self, wait: int):
        self.wait = wait


def _rates() -> tuple[str, ...]:
    return tuple(getattr(settings, "API_RATE_LIMITS", DEFAULT_RATES))


def count_request(request, key: str) -> None:
    """Count this request against every rate; ``RateLimited`` when one is full."""
    wait = 0
    for rate in _rates():
        usage = get_usage(
            request,
            group=f"api:{rate}",
            key=lambda group, request: key,
            rate=rate,
            increment=True,
        )
        if usage is not None and usage["should_limit"]:
            wait = max(wait, usage["time_left"] + 1)
    if wait:
        raise RateLimited(wait)


class TokenAuth(HttpBearer):
    """A personal token. (Not ninja's ``HttpBearer.__call__``: with DEBUG on, it logs a
    malformed header whole, and a token must never reach a log.)"""

    @method_decorator(sensitive_variables("value", "token"))
    def __call__(self, request):
        value = request.headers.get("Authorization", "")
        scheme, _, token = value.partition(" ")
        if scheme.lower() != "bearer" or not token:
            return None
        return self.authenticate(request, token.strip())

    @method_decorator(sensitive_variables("token"))
    def authenticate(self, request, token: str):
        found = token_find(token)
        if found is None:
            return None
        count_request(request, f"token:{found.pk}")
        request.user = found.user
        request.api_token = found
        return found.user


class SiteSession(SessionAuth):
    """The signed-in player's session (CSRF checked by ninja for unsafe methods)."""

    def __call__(self, request):
        if not request.user.is_authenticated:
            return None  # no session: "not signed in" (401), not a CSRF refusal
        return super().__call__(request)

    def authenticate(self, request, key):
        user = super().authenticate(request, key)
        if user is not None:
            request.api_token = None
            count_request(request, f"user:{user.pk}")
        return user


AUTH = [TokenAuth(), SiteSession()]


def need(request, scope: Scope) -> None:
    """Refuse (403) a token without ``scope``; the session may do all a token may."""
    token = getattr(request, "api_token", None)
    if token is not None and scope.value not in token.scopes:
        raise HttpError(403, f"This token lacks the {scope.value!r} scope.")
