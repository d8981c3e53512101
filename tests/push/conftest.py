import pytest

from push import keys, outbox
from tests.mail_fixtures import (  # noqa: F401
    _mail_settings,
    alice,
    bob,
    carol,
    queued,
    settling_tasks,
)

from .fake_push_service import Browser, FakePushService


@pytest.fixture(autouse=True)
def vapid(settings):
    """A key pair of the tests' own: push is on."""
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = keys.generate()
    settings.VAPID_SUBJECT = "mailto:operator@tripost.test"
    return settings.VAPID_PUBLIC_KEY


@pytest.fixture(autouse=True)
def push_queued(monkeypatch):
    """Push tasks queued after commit, recorded (the tests send them)."""
    calls = []
    monkeypatch.setattr(outbox, "enqueue", calls.append)
    return calls


@pytest.fixture
def push_service():
    with FakePushService() as service:
        yield service


@pytest.fixture
def subscribe(push_service):
    """``subscribe(user, name)``: a browser of ``user`` subscribed at the fake service;
    returns (device, browser)."""
    from push.models import Device

    def make(user, name: str, user_agent: str = "Mozilla/5.0 (Linux; Android 14) Chrome/131.0"):
        browser = Browser()
        device = Device.objects.create(
            user=user,
            endpoint=push_service.endpoint(name),
            p256dh=browser.p256dh,
            auth=browser.auth_b64,
            user_agent=user_agent,
        )
        return device, browser

    return make
