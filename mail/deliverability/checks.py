"""System checks of email play (``manage.py check --deploy``)."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Error, Tags, Warning, register

from . import webhooks


@register(Tags.security, deploy=True)
def inbound_webhooks_are_locked(app_configs, **kwargs) -> list:
    """An anymail webhook reachable without its basic-auth secret and signing key would
    let anyone post a reply as any player, or a bounce for any address."""
    errors = []
    for path, esp, kind in webhooks.reachable_webhooks():
        missing = webhooks.missing_settings(esp, kind)
        if missing:
            errors.append(
                Error(
                    f"The {esp} {kind} webhook at {path} is reachable without "
                    f"{' and '.join('ANYMAIL_' + m for m in missing)}.",
                    hint=(
                        "Set them (README, Email play), or mount no webhook with "
                        "MAIL_INBOUND_ESP= (empty)."
                    ),
                    id="mail.E001",
                )
            )
    return errors


@register(Tags.security, deploy=True)
def unverified_senders_are_refused(app_configs, **kwargs) -> list:
    if settings.MAIL_ACCEPT_UNVERIFIED:
        return [
            Warning(
                "MAIL_ACCEPT_UNVERIFIED is on: an emailed move whose sender nobody verified "
                "(no SPF, DKIM or DMARC result) is played.",
                hint="Unset it in production, and let your provider or MTA verify senders.",
                id="mail.W002",
            )
        ]
    return []
