import zoneinfo

from django.utils import timezone, translation


class UserTimezoneMiddleware:
    """Show every time in the signed-in player's own time zone."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            try:
                timezone.activate(zoneinfo.ZoneInfo(user.time_zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        return self.get_response(request)


class UserLanguageMiddleware:
    """A signed-in player's chosen language wins over the browser's (after
    LocaleMiddleware, which has already chosen from the cookie or Accept-Language)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        language = getattr(user, "language", "") if user is not None else ""
        if language and user.is_authenticated:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)
