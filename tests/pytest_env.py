"""Loaded by pytest before Django (``-p tests.pytest_env`` in pyproject.toml).

Tests run with production-like settings (``DEBUG`` off), so they need a secret key;
any real service URLs (``DATABASE_URL``, ``REDIS_URL``) come from the environment.
"""

import os

os.environ.setdefault(
    "SECRET_KEY", "tests-only-" + "k3y-for-the-test-suite-0123456789abcdefghijklmnop"
)
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("STATIC_MANIFEST", "0")  # no collectstatic needed for tests
os.environ.setdefault("CACHE_URL", "locmem://")  # rate-limit counters start empty per run
