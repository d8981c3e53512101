"""Per-player limits on what players create (issue 13 point 6), with django-ratelimit.

``@throttle("game_create")`` on a view counts its POSTs per signed-in player (per
client address otherwise) against every rate of ``settings.RATE_LIMITS[group]``
(fixed windows, e.g. ``["5/m", "30/d"]``); over any of them, the view is not run and
the player gets a 429 saying what to wait for, with a ``Retry-After`` header (the
seconds until the window that is full ends): on the page the form was on, when the
view names how to draw it (``refused=``), else on a page of its own with a link back.
Counters live in the shared cache; while it is unreachable nothing is counted
(config.cache).

allauth's own limits (sign-in, sign-up, password resets: ``ACCOUNT_RATE_LIMITS``)
answer through ``allauth_limited`` (``config.urls.handler429``): the same page in the
site's frame, and a ``Retry-After`` of their own.
"""

from __future__ import annotations

import math
import time
from functools import wraps

from allauth.account.adapter import get_adapter
from allauth.core.internal import ratelimit as allauth_ratelimit
from django.conf import settings
from django.core.cache import cache
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django_ratelimit.core import get_usage

# What the 429 page says, per group (one whole sentence each, for translation).
MESSAGES = {
    "game_create": _(
        "You have started many games in a short time. Please wait a while before you start another."
    ),
    "game_join": _(
        "You have joined many games in a short time. Please wait a while before you join another."
    ),
    "report": _(
        "You have sent many reports in a short time. Please wait a while before you "
        "send another; the moderators will read the ones you sent."
    ),
}


def player_key(group: str, request) -> str:
    """The signed-in player, else the client's address as allauth sees it (behind a
    proxy: the address the proxy saw, ``ALLAUTH_TRUSTED_PROXY_COUNT``)."""
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return f"ip:{get_adapter(request).get_client_ip(request)}"


def limited(request, group: str) -> int:
    """Count this request against the group's rates: the seconds until it may come
    again when it is one too many, else 0."""
    wait = 0
    for rate in settings.RATE_LIMITS[group]:
        # Every rate counts the request, so a burst also uses up the daily allowance.
        usage = get_usage(
            request, group=f"{group}:{rate}", key=player_key, rate=rate, increment=True
        )
        if usage is not None and usage["should_limit"]:
            # The window is named by its last second, which still belongs to it.
            wait = max(wait, usage["time_left"] + 1)
    return wait


def too_many(request, message, *, back: str, back_label, wait: int):
    """The 429 page: what happened, a link back, and ``Retry-After`` (seconds)."""
    context = {"message": message, "back": back, "back_label": back_label}
    response = render(request, "limited.html", context, status=429)
    response["Retry-After"] = str(max(1, int(wait)))
    return response


def throttle(group: str, refused=None):
    """Limit a view's POSTs per player (``settings.RATE_LIMITS[group]``).

    ``refused(request, message, *args, **kwargs)``, given the view's own arguments,
    draws the page the form was on with ``message`` beside it (issue 34: refusals in
    place); it is answered with status 429."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            wait = limited(request, group) if request.method == "POST" else 0
            if wait:
                if refused is not None:
                    response = refused(request, str(MESSAGES[group]), *args, **kwargs)
                    response.status_code = 429
                    response["Retry-After"] = str(max(1, int(wait)))
                    return response
                game_id = kwargs.get("game_id")
                if game_id:
                    back = (reverse("game_detail", args=[game_id]), _("Back to the game"))
                else:
                    back = (request.path, _("Back"))
                return too_many(
                    request, MESSAGES[group], back=back[0], back_label=back[1], wait=wait
                )
            return view(request, *args, **kwargs)

        return wrapper

    return decorator


# allauth's views and the limit (``ACCOUNT_RATE_LIMITS``) each counts against.
ALLAUTH_ACTIONS = {
    "account_signup": "signup",
    "account_login": "login",
    "account_reset_password": "reset_password",
    "account_reset_password_from_key": "reset_password_from_key",
    "account_change_password": "change_password",
    "account_set_password": "change_password",
    "account_email": "manage_email",
    "account_reauthenticate": "reauthenticate",
}


def allauth_wait(request) -> int:
    """The seconds until allauth's limit on this request's action lets one more
    through: read from its counters where they are per address or per player; for a
    limit per account or email (whose key the request no longer tells), its window."""
    match = request.resolver_match
    action = ALLAUTH_ACTIONS.get(match.url_name if match else "")
    if action is None:
        return 60
    now = time.time()
    waits, windows = [], []
    for rate in allauth_ratelimit.get_rates(app="allauth.account", action=action):
        if rate.per == "key" or (rate.per == "user" and not request.user.is_authenticated):
            windows.append(rate.duration)
            continue
        key = allauth_ratelimit.get_cache_key(
            request, app="allauth.account", action=action, rate=rate
        )
        history = cache.get(key) or []  # newest first
        if len(history) >= rate.amount:
            waits.append(history[rate.amount - 1] + rate.duration - now)
    wait = max(waits) if waits else max(windows, default=60)
    return max(1, math.ceil(wait))


def allauth_limited(request):
    """allauth's 429 (sign-up, password reset, sign-in), in the site's frame."""
    message = _(
        "You have tried this many times in a short time. Please wait a while, then try again."
    )
    return too_many(
        request, message, back=request.path, back_label=_("Back"), wait=allauth_wait(request)
    )
