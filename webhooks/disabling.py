"""A hook that keeps failing is turned off, and its owner told by email.

The email is a plain Django email through the site's email backend (the one the
outbox's emails use), sent once: only the worker whose conditional UPDATE turned the
hook off sends it. It is not an outbox row of the mail app (whose kinds belong to
that app); if the backend fails it is logged, and the settings page says the hook is
off all the same.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from mail.deliverability import bounces
from mail.sending import compose

from .models import Delivery, Hook

log = logging.getLogger(__name__)


def disable(hook_id: int, error: str) -> bool:
    """Turn the hook off (once); its waiting rows are dropped; the owner is emailed."""
    now = timezone.now()
    if not Hook.objects.filter(pk=hook_id, disabled_at=None).update(disabled_at=now):
        return False  # another worker did it, or the owner turned it off
    Delivery.objects.filter(hook_id=hook_id, sent_at=None, claim="").update(
        sent_at=now, outcome="skipped: hook off"
    )
    hook = Hook.objects.select_related("owner").get(pk=hook_id)
    try:
        tell_owner(hook, error)
    except Exception:
        log.exception("could not email the owner of disabled webhook %s", hook_id)
    return True


def tell_owner(hook: Hook, error: str) -> None:
    user = hook.owner
    if not user.is_active or not user.email or bounces.active(user) is not None:
        return
    with compose.recipient(user):
        subject = _("Your webhook was turned off")
        body = "\n\n".join(
            [
                _("Hello %(name)s,") % {"name": user.name},
                _(
                    "The last %(n)s posts to your %(kind)s at %(host)s failed (last: %(error)s), "
                    "so %(site)s has turned it off."
                )
                % {
                    "n": settings.WEBHOOK_MAX_FAILURES,
                    "kind": hook.get_kind_display(),
                    "host": host_of(hook.url),
                    "error": error or "?",
                    "site": settings.SITE_NAME,
                },
                _("When it works again, turn it back on in your settings:")
                + "\n"
                + compose.absolute(reverse("webhook_settings")),
            ]
        )
    send_mail(subject, body, None, [user.email])


def host_of(url: str) -> str:
    from urllib.parse import urlsplit

    try:
        return urlsplit(url).hostname or "?"
    except ValueError:
        return "?"
