"""The sign-in backends (Django's and allauth's), under their own paths.

Signing in, permissions, who may sign in and finding a session's player are the
parents' own.

Sessions made before these classes name the parents' paths: ``accounts.sessions``
reads them as these (``RENAMED``), so no one is signed out by the change.
"""

from __future__ import annotations

from allauth.account import auth_backends as allauth_backends
from django.contrib.auth import backends as django_backends

# The old path of each backend, and its path now (settings.AUTHENTICATION_BACKENDS).
RENAMED = {
    "django.contrib.auth.backends.ModelBackend": "accounts.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend": (
        "accounts.backends.AuthenticationBackend"
    ),
}


class ModelBackend(django_backends.ModelBackend):
    """Django's, under this path."""


class AuthenticationBackend(allauth_backends.AuthenticationBackend):
    """allauth's, under this path."""
