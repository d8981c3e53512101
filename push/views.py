"""The installable app's files (manifest, service worker, offline page) and the
devices page. Views parse input, call one service, render."""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from . import keys, selectors, services
from .forms import PreferencesForm, SubscriptionForm

THEME_COLOUR = "#1d2430"  # the icon's ground and the header's ink (static/css/site.css)
BACKGROUND_COLOUR = "#fbfaf7"  # the page's paper


@require_GET
@cache_control(public=True, max_age=3600)
def manifest(request):
    """The web app manifest: installed, the site opens on My games in a window of its own."""
    body = {
        "id": "/",
        "name": settings.SITE_NAME,
        "short_name": settings.SITE_NAME,
        "description": _("Slow board games by email"),
        "lang": request.LANGUAGE_CODE,
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("img/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return HttpResponse(
        json.dumps(body, ensure_ascii=False), content_type="application/manifest+json"
    )


@require_GET
def service_worker(request):
    """The service worker, from the site's root so that its scope is the whole site.
    Never kept by the browser's HTTP cache: a new version must reach every device."""
    values = {
        "offline_url": reverse("push_offline"),
        # What the offline page draws with, kept beside it.
        "assets": [static("css/site.css"), static("img/favicon.svg"), static("img/icon-192.png")],
        "static_prefix": static(""),
        "site_name": settings.SITE_NAME,
        "icon": static("img/icon-192.png"),
        "badge": static("img/favicon-32.png"),
    }
    # A new cache whenever what it keeps changes (hashed static names in production):
    # the new worker's activation deletes the old one.
    values["cache"] = "tripost-" + hashlib.sha256(json.dumps(values).encode()).hexdigest()[:12]
    response = render(
        request,
        "push/sw.js",
        {f"{name}_json": json.dumps(value) for name, value in values.items()},
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
@cache_control(public=True, max_age=3600)
def offline(request):
    """What the service worker shows when the network is away: the same for everyone
    (it is kept on the device), so it says nothing of any player."""
    return render(request, "push/offline.html")


@login_required
def devices(request):
    """This device's push on or off, the player's devices, the kinds they hear of."""
    preferences = services.preferences_for(request.user)
    form = PreferencesForm(request.POST or None, instance=preferences)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your notification settings are saved."))
        return redirect("push_devices")
    return render(
        request,
        "push/devices.html",
        {
            "configured": keys.configured(),
            "public_key": settings.VAPID_PUBLIC_KEY,
            "devices": selectors.devices_of(request.user),
            "form": form,
        },
    )


@login_required
@require_POST
def subscribe(request):
    """The page's script hands over this browser's subscription (JSON)."""
    if not keys.configured():
        return JsonResponse(
            {"error": _("Push notifications are not set up on this site.")}, status=409
        )
    try:
        data = json.loads(request.body or b"{}")
        fields = {
            "endpoint": data.get("endpoint"),
            "p256dh": (data.get("keys") or {}).get("p256dh"),
            "auth": (data.get("keys") or {}).get("auth"),
        }
    except (ValueError, AttributeError):
        return JsonResponse({"error": _("That was not a subscription.")}, status=400)
    form = SubscriptionForm(fields)
    if not form.is_valid():
        errors = [str(e) for errs in form.errors.values() for e in errs]
        return JsonResponse({"error": " ".join(errors)}, status=400)
    device = services.device_subscribe(
        user=request.user,
        user_agent=request.headers.get("User-Agent", ""),
        **form.cleaned_data,
    )
    return JsonResponse({"device": device.pk, "name": selectors.device_name(device.user_agent)})


@login_required
@require_POST
def remove(request, device_id: int):
    if services.device_remove(user=request.user, device_id=device_id):
        messages.success(request, _("The device is removed: it gets no more notifications."))
    return redirect("push_devices")
