"""The calendar settings page and the feed itself."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_ratelimit.core import get_usage

from config.throttle import player_key

from . import feed as feed_text
from . import selectors, services, tokens
from .forms import ReminderForm

# Calendar apps poll every few minutes; a server polling for many subscribers shares an
# address, so the limit per address is wider than the one per feed.
FEED_RATES = {"feed": ("20/m", "calendar_feed_key"), "address": ("240/m", "player_key")}
# Short: an app polls again soon, and a move changes the feed.
MAX_AGE_SECONDS = 300


def calendar_feed_key(group: str, request) -> str:
    return f"feed:{request.resolver_match.kwargs.get('feed_id')}"


def _limited(request) -> int:
    keys = {"calendar_feed_key": calendar_feed_key, "player_key": player_key}
    wait = 0
    for group, (rate, key) in FEED_RATES.items():
        usage = get_usage(
            request, group=f"calendar:{group}", key=keys[key], rate=rate, increment=True
        )
        if usage is not None and usage["should_limit"]:
            wait = max(wait, usage["time_left"] + 1)
    return wait


def address(feed) -> str:
    path = reverse("calendar_feed", args=[feed.pk, tokens.token_for(feed.pk, feed.nonce)])
    return settings.SITE_URL + path


def _private(response: HttpResponse) -> HttpResponse:
    # The address is the secret: no cache on the way may keep it for others, and
    # no page it links to learns it.
    patch_cache_control(response, private=True, max_age=MAX_AGE_SECONDS)
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex"
    return response


@require_safe
def calendar_feed(request, feed_id: int, token: str):
    wait = _limited(request)
    if wait:
        response = HttpResponse(status=429, content_type="text/plain")
        response["Retry-After"] = str(wait)
        return response
    feed = selectors.feed_by_address(feed_id, token)
    if feed is None:
        raise Http404
    now = timezone.now()
    turns = selectors.awaited_turns(feed.user, now)
    etag = f'"{selectors.fingerprint(feed, turns)}"'
    asked = request.headers.get("If-None-Match", "")
    if etag in [tag.strip() for tag in asked.split(",")]:
        response = HttpResponseNotModified()
        response["ETag"] = etag
        return _private(response)
    selectors.with_fellows(turns)
    response = HttpResponse(
        feed_text.ics(feed, turns, now), content_type="text/calendar; charset=utf-8"
    )
    response["ETag"] = etag
    response["Content-Disposition"] = 'inline; filename="tripost.ics"'
    return _private(response)


ACTIONS = ("on", "renew", "off", "remind")


@login_required
def calendar_settings(request):
    user = request.user
    form = ReminderForm(request.POST or None)
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action == "on":
            services.feed_turn_on(user=user)
            messages.success(request, _("Your calendar address is ready."))
        elif action == "renew":
            services.feed_renew(user=user)
            messages.success(
                request, _("Your calendar has a new address; the old one no longer works.")
            )
        elif action == "off":
            services.feed_turn_off(user=user)
            messages.success(
                request, _("Your calendar is turned off; its address no longer works.")
            )
        elif action == "remind" and form.is_valid():
            services.feed_set_reminder(user=user, hours=form.cleaned_data["remind_hours"])
            messages.success(request, _("Your reminder is saved."))
        else:
            feed = selectors.feed_of(user)
            context = _context(feed, form)
            return render(request, "calendars/settings.html", context, status=400)
        return redirect("calendar_settings")
    feed = selectors.feed_of(user)
    if feed is not None:
        form = ReminderForm(initial={"remind_hours": feed.remind_hours})
    context = _context(feed, form)
    return _no_store(render(request, "calendars/settings.html", context))


def _context(feed, form) -> dict:
    url = address(feed) if feed else ""
    # webcal:// asks the device's calendar app to subscribe (it fetches over https).
    webcal = "webcal://" + url.split("://", 1)[1] if url else ""
    return {"feed": feed, "form": form, "address": url, "webcal": webcal}


def _no_store(response: HttpResponse) -> HttpResponse:
    # (the site's "same-origin" referrer policy already keeps the address from other
    # sites; "no-referrer" here would make the browser send "Origin: null" with the
    # page's forms, which Django's CSRF check refuses)
    patch_cache_control(response, private=True, no_store=True)
    return response
