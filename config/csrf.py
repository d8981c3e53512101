"""The page a refused form leads to (``CSRF_FAILURE_VIEW``): the site's own, in its
frame, saying what to do (Django's default carries an inline style the CSP blocks,
and speaks to developers)."""

from __future__ import annotations

from django.middleware.csrf import REASON_NO_CSRF_COOKIE
from django.shortcuts import render


def csrf_failure(request, reason: str = ""):
    context = {"no_cookie": reason == REASON_NO_CSRF_COOKIE}
    return render(request, "403_csrf.html", context, status=403)
