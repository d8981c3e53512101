"""Production-like settings: `check --deploy` is quiet and a weak secret is refused."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def manage(*args, **env):
    # A production-like environment: none of the test run's own switches (the browser
    # tests set DJANGO_ALLOW_ASYNC_UNSAFE for Playwright, which --deploy rightly refuses).
    dropped = {"SECRET_KEY", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    base = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_reports_no_warnings_with_production_settings():
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(64),
        ALLOWED_HOSTS="tripost.example",
        SECURE_SSL_REDIRECT="1",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_site_refuses_to_start_without_a_secret_key():
    result = manage("check", DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_the_site_refuses_a_weak_secret_key_in_production():
    result = manage("check", DEBUG="0", SECRET_KEY="django-insecure-short")
    assert result.returncode != 0
    assert "SECRET_KEY is too weak" in result.stderr


def test_any_command_says_why_the_settings_refuse_it():
    """In a bare shell without a secret (or DEBUG=1), a command that loads the models
    says the settings' reason, not Django's later "Models aren't loaded yet"."""
    bare = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/")}
    result = subprocess.run(
        [sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"],
        cwd=ROOT, env=bare, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr
    assert "AppRegistryNotReady" not in result.stderr
