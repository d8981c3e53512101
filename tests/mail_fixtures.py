"""Fixtures shared by the mail and games test packages (their conftests import them)."""

import pytest

from mail.sending import outbox
from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def _mail_settings(settings, tmp_path):
    # Replies in most tests come without SPF/DKIM results (they are about what a reply
    # says); tests/mail/test_inbound_hardening.py checks senders with this off.
    settings.MAIL_ACCEPT_UNVERIFIED = True
    settings.MAIL_AUTHSERV_IDS = []
    settings.MAIL_QUARANTINE_DIR = str(tmp_path / "quarantine")
    settings.MAIL_BOARD_PNG = False  # one test turns it on; rendering costs time
    settings.MAIL_TURN_HOLD_SECONDS = 300
    settings.SITE_URL = "https://tripost.test"
    settings.MAIL_REPLY_ADDRESS = "play@tripost.test"


@pytest.fixture(autouse=True)
def queued(monkeypatch):
    """Tasks queued after commit, recorded instead of sent to a broker."""
    calls = []
    monkeypatch.setattr(outbox, "enqueue", lambda user_id, countdown=0: calls.append(user_id))
    return calls


@pytest.fixture
def alice(db):
    return UserFactory(username="alice", display_name="Alice")


@pytest.fixture
def bob(db):
    return UserFactory(username="bob", display_name="Bob")


@pytest.fixture
def carol(db):
    return UserFactory(username="carol", display_name="Carol")


@pytest.fixture
def mallory(db):
    return UserFactory(username="mallory", display_name="Mallory")


@pytest.fixture(autouse=True)
def settling_tasks(monkeypatch):
    """Timeouts the clock sweep queues are settled at once, as a worker would run them
    (``games.tasks.settle_timeout`` run in process); the seat ids are recorded."""
    from games import tasks

    calls = []

    def run(seat_id):
        calls.append(seat_id)
        return tasks.settle_timeout.apply(args=(seat_id,))

    monkeypatch.setattr(tasks.settle_timeout, "delay", run)
    return calls
