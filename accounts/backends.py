"""The sign-in backends (Django's and allauth's), each finding a session's player with
one written query.

After the session row (``accounts.sessions``), every signed-in request reads its
player's row, four times a move: through the ORM a ``get()`` whose SQL is built afresh
each time, here one written query made into the ORM's own instance (``config.rows``).
Kept under issue 37's rule: measured alone (``benchmarks/web_cpu.py``'s data,
in-process, under load) 0.20 ms of CPU where the ORM's took 0.55 ms, about 3.3 % of a
move's four requests. Signing in, permissions and who may sign in are the parents' own;
only ``get_user`` differs, and it answers exactly what theirs does.

Sessions made before these classes name the parents' paths: ``accounts.sessions``
reads them as these (``RENAMED``), so no one is signed out by the change.
"""

from __future__ import annotations

from allauth.account import auth_backends as allauth_backends
from django.contrib.auth import backends as django_backends
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from config import rows

# The old path of each backend, and its path now (settings.AUTHENTICATION_BACKENDS).
RENAMED = {
    "django.contrib.auth.backends.ModelBackend": "accounts.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend": (
        "accounts.backends.AuthenticationBackend"
    ),
}


def _user(backend, user_id):
    model = get_user_model()
    try:
        user_id = model._meta.pk.to_python(user_id)
    except ValidationError:  # (no row could have it)
        return None
    # (config.rows: the ORM's own instance, without a RawQuerySet's machinery)
    quote = rows.reading(model)[2]
    found = rows.objects(model, f"t.{quote(model._meta.pk.column)} = %s", [user_id])
    user = found[0] if found else None
    return user if user is not None and backend.user_can_authenticate(user) else None


class ModelBackend(django_backends.ModelBackend):
    def get_user(self, user_id):
        return _user(self, user_id)


class AuthenticationBackend(allauth_backends.AuthenticationBackend):
    def get_user(self, user_id):
        return _user(self, user_id)
