import os

import pytest
from django.conf import settings


def pytest_configure(config):
    """When CI asks for the real services, refuse to run on the embedded defaults."""
    if os.environ.get("TRIPOST_REQUIRE_SERVICES") == "1":
        engine = settings.DATABASES["default"]["ENGINE"]
        if "postgresql" not in engine:
            raise pytest.UsageError(f"CI asked for PostgreSQL but the database is {engine}")
        if not settings.CELERY_BROKER_URL.startswith("redis"):
            raise pytest.UsageError(
                f"CI asked for Redis but the broker is {settings.CELERY_BROKER_URL}"
            )


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
