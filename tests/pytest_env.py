"""Loaded by pytest before Django (``-p tests.pytest_env`` in pyproject.toml).

Tests run with production-like settings (``DEBUG`` off), so they need a secret key;
any real service URLs (``DATABASE_URL``, ``REDIS_URL``) come from the environment.

Under pytest-xdist each worker writes its files (the filesystem queue, results,
mail) to a folder of its own, ``var/tests-gw0`` etc., so parallel workers never read
each other's; its test database is its own too (pytest-django names it per worker).
"""

import os
from pathlib import Path

os.environ.setdefault(
    "SECRET_KEY", "tests-only-" + "k3y-for-the-test-suite-0123456789abcdefghijklmnop"
)
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("STATIC_MANIFEST", "0")  # no collectstatic needed for tests
os.environ.setdefault("CACHE_URL", "locmem://")  # rate-limit counters start empty per run

_worker = os.environ.get("PYTEST_XDIST_WORKER")
if _worker and "TRIPOST_VAR_DIR" not in os.environ:
    os.environ["TRIPOST_VAR_DIR"] = str(
        Path(__file__).resolve().parents[1] / "var" / f"tests-{_worker}"
    )
