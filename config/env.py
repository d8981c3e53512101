"""Reading the environment into settings: small pure functions, tested on their own."""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

# Importing the embedded queue's transport registers its alias with kombu.
from .queue import ALIAS as QUEUE_TRANSPORT

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    word = value.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(f"{name} must be one of 1/0, true/false, yes/no, on/off; got {value!r}")


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def database_config(url: str | None, base_dir: Path) -> dict:
    """``DATABASES["default"]`` from ``DATABASE_URL``: a SQLite file by default.

    ``postgres://`` and ``postgresql://`` URLs use psycopg 3 (Django's postgresql
    backend picks it when installed), with persistent connections, health checks and
    server-side parameters (prepared statements).
    """
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(base_dir / "db.sqlite3"),
            # Several processes (web, worker) share the file: wait for locks, don't fail.
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
            # Tests use a file too: an in-memory database shared between threads
            # reports "table is locked" instead of waiting, unlike the real thing.
            # One file per test run, so two runs in one folder cannot clash.
            "TEST": {"NAME": str(base_dir / "var" / f"test-db-{os.getpid()}.sqlite3")},
        }
    config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    else:
        # Parameters bound by the server: psycopg then prepares a query a connection
        # has run five times, so PostgreSQL parses and plans the site's few dozen
        # queries once per connection, not once per request (benchmarks/day.py).
        config["OPTIONS"] = {"server_side_binding": True, "prepare_threshold": 5}
    return config


def broker_config(redis_url: str | None, var_dir: Path) -> tuple[str, dict]:
    """Celery's broker URL and transport options.

    With ``REDIS_URL``: Redis. Without: ``atomicfs://`` (config/queue.py), kombu's
    filesystem transport with atomic writes and durable claims, in ``var/celery/queue``
    (one folder for in and out, as kombu requires), which works for one machine with a
    real worker, countdowns and beat included.
    """
    if redis_url:
        # A broker that does not answer fails a web process's ``delay()`` within
        # seconds (the outbox's sweep sends what could not be queued).
        return redis_url, {"visibility_timeout": 3600, "socket_connect_timeout": 2}
    folder = var_dir / "celery"
    return f"{QUEUE_TRANSPORT}://", {
        "data_folder_in": str(folder / "queue"),
        "data_folder_out": str(folder / "queue"),
        "claimed_folder": str(folder / "claimed"),
        "broken_folder": str(folder / "broken"),
        "control_folder": str(folder / "control"),
        "polling_interval": 0.2,
    }


def result_backend(redis_url: str | None, var_dir: Path) -> str:
    if redis_url:
        return redis_url
    return f"file://{var_dir / 'celery' / 'results'}"


def cache_config(redis_url: str | None, var_dir: Path, cache_url: str | None = None) -> dict:
    """A cache shared by every process (login rate limits must count across workers).

    ``CACHE_URL`` overrides: ``locmem://`` (tests) or a ``redis://`` URL.
    """
    if cache_url == "locmem://":
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    if cache_url or redis_url:
        return {
            "BACKEND": "config.cache.ReusingRedisCache",
            "LOCATION": cache_url or redis_url,
            # A Redis that hangs must not hang every page: give up soon, draw afresh.
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
        }
    return {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(var_dir / "cache"),
    }


def client_address_config(
    behind_proxy: bool, proxy_count: str | None, client_ip_header: str | None
) -> tuple[int, str | None]:
    """How allauth (and config.throttle) find the client's address: its rate limits
    count per address. Behind our TLS proxy every request comes from the proxy, so the
    address is read from ``X-Forwarded-For``, ``proxy_count`` entries from its end (the
    ones our proxies appended; what a client wrote before them is not trusted), or
    from a header the proxy sets (``X-Real-IP``). Elsewhere: the connection's own.

    Returns allauth's ``ALLAUTH_TRUSTED_PROXY_COUNT`` and
    ``ALLAUTH_TRUSTED_CLIENT_IP_HEADER``."""
    if not behind_proxy:
        return 0, None
    count = int(proxy_count or "1")
    if count < 1:
        raise ValueError("TRUSTED_PROXY_COUNT must be 1 or more with BEHIND_TLS_PROXY=1")
    return count, client_ip_header or None


def ensure_var_dirs(var_dir: Path) -> None:
    """Create the folders the embedded defaults write to (before the first ``delay()``)."""
    for sub in (
        "celery/queue",
        "celery/claimed",
        "celery/control",
        "celery/results",
        "cache",
        "static",
    ):
        (var_dir / sub).mkdir(parents=True, exist_ok=True)
