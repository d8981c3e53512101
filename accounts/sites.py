"""The Sites framework's one site follows ``SITE_NAME`` and ``SITE_URL``.

allauth names the site in its emails ("Hello from Tripost!") and pages from
``Site.objects.get_current()``; without the Sites framework it would use the host of
the request ("127.0.0.1:8101"). Synchronised after every ``migrate`` (and after the
test database is created or flushed), so a changed setting takes effect on deploy.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings


def site_domain() -> str:
    """The host (and port, if any) of ``SITE_URL``."""
    return urlsplit(settings.SITE_URL).netloc or "localhost"


def sync_site(*, using: str = "default", apps=None, **kwargs) -> None:
    """``post_migrate`` receiver: create or update the site ``SITE_ID``."""
    from django.contrib.sites.models import Site

    try:
        model = apps.get_model("sites", "Site") if apps is not None else Site
    except LookupError:  # migrating to a state before the sites app
        return
    model.objects.using(using).update_or_create(
        pk=settings.SITE_ID,
        defaults={"domain": site_domain(), "name": settings.SITE_NAME},
    )
    Site.objects.clear_cache()
