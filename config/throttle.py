"""Per-player limits on what players create (issue 13 point 6), with django-ratelimit.

``@throttle("game_create")`` on a view counts its POSTs per signed-in player (per
client address otherwise) against every rate of ``settings.RATE_LIMITS[group]``
(fixed windows, e.g. ``["5/m", "30/d"]``); over any of them, the view is not run and
the player gets a 429 saying what to wait for: on the page the form was on, when
the view names how to draw it (``refused=``), else on a page of its own with a link
back. Counters live in the shared cache; while it is unreachable nothing is counted
(config.cache).
"""

from __future__ import annotations

from functools import wraps

from allauth.account.adapter import get_adapter
from django.conf import settings
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django_ratelimit.core import is_ratelimited

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


def limited(request, group: str) -> bool:
    """Count this request against the group's rates; True when it is one too many."""
    over = False
    for rate in settings.RATE_LIMITS[group]:
        # Every rate counts the request, so a burst also uses up the daily allowance.
        over |= is_ratelimited(
            request, group=f"{group}:{rate}", key=player_key, rate=rate, increment=True
        )
    return over


def throttle(group: str, refused=None):
    """Limit a view's POSTs per player (``settings.RATE_LIMITS[group]``).

    ``refused(request, message, *args, **kwargs)``, given the view's own arguments,
    draws the page the form was on with ``message`` beside it (issue 34: refusals in
    place); it is answered with status 429."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method == "POST" and limited(request, group):
                if refused is not None:
                    response = refused(request, str(MESSAGES[group]), *args, **kwargs)
                    response.status_code = 429
                    return response
                game_id = kwargs.get("game_id")
                if game_id:
                    back = (reverse("game_detail", args=[game_id]), _("Back to the game"))
                else:
                    back = (request.path, _("Back"))
                context = {"message": MESSAGES[group], "back": back[0], "back_label": back[1]}
                return render(request, "limited.html", context, status=429)
            return view(request, *args, **kwargs)

        return wrapper

    return decorator
