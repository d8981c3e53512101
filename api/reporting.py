"""Django's error reports (the DEBUG page, the admins' emails) without API tokens.

Django's filter hides settings and request headers whose name looks secret (``API``,
``TOKEN``, ``KEY``, ``PASS``…, and the cookie); ``Authorization``, where a token
travels, is not among them, so it is added here (``DEFAULT_EXCEPTION_REPORTER_FILTER``).
"""

from __future__ import annotations

import re

from django.views.debug import SafeExceptionReporterFilter


class TokenSafeFilter(SafeExceptionReporterFilter):
    hidden_settings = re.compile(
        "API|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE|AUTHORIZATION", flags=re.I
    )
