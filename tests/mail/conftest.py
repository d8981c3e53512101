import pytest

from tests.mail_fixtures import (  # noqa: F401
    _mail_settings,
    alice,
    bob,
    carol,
    mallory,
    queued,
    settling_tasks,
)


@pytest.fixture
def mount_webhooks(settings):
    """Mount the anymail webhooks of one provider, as config/urls.py does at start-up
    for MAIL_INBOUND_ESP (the real URLconf is built once, at import)."""
    import types

    from django.urls import include, path

    import config.urls
    from mail.deliverability import webhooks

    def mount(esp: str):
        settings.MAIL_INBOUND_ESP = esp
        urlconf = types.ModuleType("webhook_test_urls")
        urlconf.urlpatterns = [
            p for p in config.urls.urlpatterns if "anymail" not in str(p.pattern)
        ] + [path("anymail/", include(webhooks.urlpatterns(esp)))]
        settings.ROOT_URLCONF = urlconf

    return mount
