"""Which language a player reads: their setting, else the footer's cookie, else the
browser's Accept-Language, else English (Django's LocaleMiddleware chooses among the
last three; accounts.middleware.UserLanguageMiddleware puts the setting first).

Emails have no browser, so they follow ``User.language`` alone (blank: English).
That is why sign-up stores the language the visitor was reading in when it was one
they asked for (:func:`at_signup`).
"""

from __future__ import annotations

from types import SimpleNamespace

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

BROWSER = ""  # User.language left blank: pages follow the browser, emails are English


def choices() -> list[tuple[str, str]]:
    """The settings page's options; each language named in itself ("Deutsch")."""
    return [(BROWSER, _("Browser's language")), *settings.LANGUAGES]


def known(language: str) -> bool:
    return language in dict(settings.LANGUAGES)


def at_signup(request) -> str:
    """The language a new player's account starts with.

    A language chosen in the footer (the cookie) is kept, English too: they said so.
    Without one, a page shown in another language than the default because the
    browser asked for it (Accept-Language: de) is kept, so their first emails come
    in the language they signed up in. A visitor who simply got the default (English)
    is left to follow the browser (blank), which changes nothing for emails."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if known(chosen):
        return chosen
    shown = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
    return shown if known(shown) and shown != settings.LANGUAGE_CODE else BROWSER


def remember(response, language: str):
    """Make the browser's cookie agree with a setting just saved: the language, or no
    cookie for "the browser's language" (so Accept-Language decides after sign-out)."""
    if language:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    else:
        response.delete_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    return response


def shown_after_saving(request, language: str) -> str:
    """The language of the page that follows a saved setting: the one chosen, or for
    "the browser's language" what Accept-Language asks (the cookie is being removed)."""
    if language:
        return language
    browser_only = SimpleNamespace(COOKIES={}, META=request.META)
    return translation.get_language_from_request(browser_only)
