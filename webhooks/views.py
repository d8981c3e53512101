"""The webhooks settings page: a player's hooks, adding, removing, turning back on.

Hooks for one game are added here too (its creator picks the game), not on the game
page: that page and its cached fragments stay the games app's own, and every hook a
player has is listed and removed in one place.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_ratelimit.core import get_usage

from config.throttle import player_key, too_many

from . import services
from .forms import HookForm
from .models import Hook

ADD_RATE = "10/h"


def _shown_url(url: str) -> str:
    """The hook's server and its path but the last part (Discord's and Slack's token,
    a secret of its own)."""
    parts = urlsplit(url)
    head, _slash, last = parts.path.rpartition("/")
    return f"{parts.hostname}{head}/{'…' if last else ''}"


def _page(request, form, status=200):
    hooks = list(Hook.objects.filter(owner=request.user).select_related("game"))
    for hook in hooks:
        hook.shown_url = _shown_url(hook.url)
    response = render(
        request, "webhooks/settings.html", {"hooks": hooks, "form": form}, status=status
    )
    patch_cache_control(response, private=True, no_store=True)
    return response


@login_required
def webhook_settings(request):
    games = services.creatable_games(request.user)
    if request.method != "POST":
        return _page(request, HookForm(games=games))
    usage = get_usage(request, group="webhook_add", key=player_key, rate=ADD_RATE, increment=True)
    if usage is not None and usage["should_limit"]:
        return too_many(
            request,
            _("You have added many webhooks in a short time. Please wait a while."),
            back=request.path,
            back_label=_("Back"),
            wait=usage["time_left"] + 1,
        )
    form = HookForm(request.POST, games=games)
    if form.is_valid():
        data = form.cleaned_data
        game = games.filter(pk=data["game"]).first() if data["game"] else None
        if data["game"] and game is None:
            form.add_error("game", _("Only the game's creator can add a webhook for it."))
        else:
            try:
                services.hook_add(
                    user=request.user,
                    kind=data["kind"],
                    url=data["url"],
                    game=game,
                    turns=data["turns"],
                    results=data["results"],
                )
            except services.HookError as exc:
                form.add_error("url", str(exc))
            else:
                messages.success(request, _("Your webhook is added."))
                return redirect("webhook_settings")
    return _page(request, form, status=400)


@login_required
@require_POST
def webhook_remove(request, hook_id: int):
    if services.hook_remove(user=request.user, hook_id=hook_id):
        messages.success(request, _("The webhook is removed."))
    return redirect("webhook_settings")


@login_required
@require_POST
def webhook_enable(request, hook_id: int):
    try:
        if services.hook_enable(user=request.user, hook_id=hook_id):
            messages.success(request, _("The webhook is on again."))
    except services.HookError as exc:
        messages.error(request, str(exc))
    return redirect("webhook_settings")
