"""The provider's webhooks (django-anymail), for the configured provider only.

``urlpatterns(esp)`` mounts that provider's inbound and tracking routes (nothing when
no provider is configured), and every route refuses requests (403) until both the
basic-auth secret (``ANYMAIL_WEBHOOK_SECRET``) and, where the provider signs its posts,
its signing key are set; django-anymail then checks both on each request. The system
check ``mail.E001`` (``check --deploy``) fails for any anymail webhook reachable in the
URLconf without both, however it was mounted.

Mailgun signs each post's timestamp and a random token; anymail checks the signature,
and here (``FreshMailgunSignature``) a timestamp more than ``SIGNATURE_MAX_AGE`` away
from now, or a token seen before, is refused too: a captured post cannot be replayed.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import re
import time

from anymail import signals as anymail_signals
from anymail.exceptions import AnymailWebhookValidationFailure
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import SuspiciousOperation
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseForbidden
from django.urls import URLPattern, URLResolver, get_resolver

log = logging.getLogger(__name__)

# The ANYMAIL setting each provider's posts are signed with, per webhook kind; a
# provider not listed here signs nothing and has only the basic-auth secret.
SIGNING_KEYS = {
    ("mailgun", "inbound"): "MAILGUN_WEBHOOK_SIGNING_KEY",
    ("mailgun", "tracking"): "MAILGUN_WEBHOOK_SIGNING_KEY",
    ("mailersend", "inbound"): "MAILERSEND_INBOUND_SECRET",
    ("mailersend", "tracking"): "MAILERSEND_SIGNING_SECRET",
    ("mailtrap", "inbound"): "MAILTRAP_INBOUND_SECRET",
    ("mailtrap", "tracking"): "MAILTRAP_TRACKING_SECRET",
    ("postal", "inbound"): "POSTAL_WEBHOOK_KEY",
    ("postal", "tracking"): "POSTAL_WEBHOOK_KEY",
    ("resend", "inbound"): "RESEND_INBOUND_SECRET",
    ("resend", "tracking"): "RESEND_SIGNING_SECRET",
    ("sendgrid", "tracking"): "SENDGRID_TRACKING_WEBHOOK_VERIFICATION_KEY",
    ("mandrill", "inbound"): "MANDRILL_WEBHOOK_KEY",
    ("mandrill", "tracking"): "MANDRILL_WEBHOOK_KEY",
}


def esp_key(esp_name: str) -> str:
    """anymail's display name ("Amazon SES") as its settings/URL name ("amazon_ses")."""
    return re.sub(r"\W+", "_", esp_name.strip().lower())


def view_kind(view_class) -> str:
    return "inbound" if view_class.signal is anymail_signals.inbound else "tracking"


def missing_settings(esp: str, kind: str) -> list[str]:
    """The ANYMAIL settings this webhook still lacks to refuse forged requests."""
    anymail = getattr(settings, "ANYMAIL", {}) or {}
    needed = ["WEBHOOK_SECRET"]
    if (esp, kind) in SIGNING_KEYS:
        needed.append(SIGNING_KEYS[(esp, kind)])
    return [name for name in needed if not anymail.get(name)]


def _guarded(view, esp: str, kind: str):
    @functools.wraps(view)
    def guarded(request, *args, **kwargs):
        missing = missing_settings(esp, kind)
        if missing:
            log.warning(
                "refused a %s %s webhook request: ANYMAIL_%s not set",
                esp,
                kind,
                ", ANYMAIL_".join(missing),
            )
            return HttpResponseForbidden("This webhook is not configured.")
        try:
            return view(request, *args, **kwargs)
        except (SuspiciousOperation, OperationalError, InterfaceError):
            raise  # forged or oversized requests (400), a database down (500: retry later)
        except Exception as exc:
            if kind != "inbound":
                # An event that cannot be read (not the provider's shape) changes
                # nothing; it is refused plainly rather than as a server error.
                log.exception("a %s %s post could not be read", esp, kind)
                return HttpResponseBadRequest("This post could not be read.")
            # The provider's post could not be read as a message (anymail's parsing
            # raised): keep it and answer 200, or the provider posts it again and again.
            log.exception("a %s inbound post could not be read", esp)
            from ..replies import quarantine

            quarantine.set_aside(
                _raw_of(request),
                reason=f"{esp} post unreadable: {type(exc).__name__}: {exc}",
                into=quarantine.box_for(None),
            )
            return HttpResponse()

    guarded.tripost_guarded = True
    return guarded


def _raw_of(request) -> bytes:
    """As much of the provider's post as can be kept, for the operator."""
    for field in ("body-mime", "email"):  # Mailgun's and SendGrid's raw MIME
        if request.POST.get(field):
            return request.POST[field].encode("utf-8", "replace")
    try:
        return b"\r\n" + request.body  # e.g. Postmark's JSON (no headers of its own)
    except Exception:
        return b"\r\n" + repr(sorted(request.POST.keys())).encode()


# How far a Mailgun signature's timestamp may be from now (either way: clocks differ).
SIGNATURE_MAX_AGE = 5 * 60


def _mailgun_stamp(request) -> tuple[str, str]:
    """The signed timestamp and token of a Mailgun post (JSON events carry them in a
    block of their own, form posts as fields; anymail has read them already)."""
    if request.content_type == "application/json":
        block = json.loads(request.body.decode("utf-8"))["signature"]
        return str(block["timestamp"]), str(block["token"])
    return request.POST["timestamp"], request.POST["token"]


def check_fresh(timestamp: str, token: str) -> None:
    """Refuse a signature from too long ago (or ahead) and one whose token was seen.

    Tokens are remembered in the shared cache for as long as a timestamp could pass
    the first check. While the cache is unreachable its ``add`` answers as if it added
    (``config.cache``): replays are then caught by the Message-ID alone, as before."""
    try:
        signed_at = float(timestamp)
    except ValueError:
        raise AnymailWebhookValidationFailure("Mailgun timestamp is not a number") from None
    if abs(time.time() - signed_at) > SIGNATURE_MAX_AGE:
        raise AnymailWebhookValidationFailure("Mailgun signature is too old (or ahead)")
    key = "mailgun-token:" + hashlib.sha256(token.encode()).hexdigest()
    if not cache.add(key, 1, timeout=2 * SIGNATURE_MAX_AGE):
        raise AnymailWebhookValidationFailure("Mailgun signature token was used before")


class FreshMailgunSignature:
    """A Mailgun webhook view that takes each signed post once, and only fresh."""

    def validate_request(self, request):
        super().validate_request(request)  # basic auth, then the signature itself
        check_fresh(*_mailgun_stamp(request))


def _view_for(pattern, esp: str):
    """The route's view; Mailgun's with ``FreshMailgunSignature``."""
    view_class = pattern.callback.view_class
    if esp != "mailgun":
        return pattern.callback
    fresh = type(view_class.__name__, (FreshMailgunSignature, view_class), {})
    return fresh.as_view(**pattern.callback.view_initkwargs)


def urlpatterns(esp: str) -> list:
    """The routes of anymail.urls that belong to provider ``esp``, guarded."""
    if not esp:
        return []
    from anymail import urls as anymail_urls

    mounted = []
    for pattern in anymail_urls.urlpatterns:
        view_class = getattr(pattern.callback, "view_class", None)
        if view_class is None or esp_key(view_class.esp_name) != esp:
            continue
        if pattern.name == "mandrill_tracking_webhook":
            continue  # an old alias of mandrill/
        kind = view_kind(view_class) if esp != "mandrill" else "tracking"
        view = _guarded(_view_for(pattern, esp), esp, kind)
        mounted.append(URLPattern(pattern.pattern, view, name=pattern.name))
    return mounted


def reachable_webhooks(resolver=None):
    """(path, esp, kind) of every anymail webhook view in the URLconf."""

    def walk(patterns, prefix):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, prefix + str(entry.pattern))
                continue
            view_class = getattr(entry.callback, "view_class", None)
            if view_class is None:
                continue
            from anymail.webhooks.base import AnymailCoreWebhookView

            if issubclass(view_class, AnymailCoreWebhookView):
                esp = esp_key(view_class.esp_name)
                kind = view_kind(view_class) if esp != "mandrill" else "tracking"
                yield prefix + str(entry.pattern), esp, kind

    resolver = resolver or get_resolver()
    yield from walk(resolver.url_patterns, "/")
