from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import translation


def site(request):
    """Site name and URL for every template."""
    return {"SITE_NAME": settings.SITE_NAME, "SITE_URL": settings.SITE_URL}


# The site frame's fixed links (templates/base.html), by name: the same on every page.
FRAME_LINKS = (
    "home",
    "game_new",
    "lobby",
    "watch",
    "rules_index",
    "player_settings",
    "account_logout",
    "account_login",
    "account_signup",
    "leaderboards",
    "set_language",
)
# Reversed once per process for each language, script prefix and URLconf (all that a
# reversed path can depend on), as the frame is drawn on nearly every page.
_frame_links: dict[tuple, dict[str, str]] = {}


def frame_links(request):
    """``frame_links``: the frame's links, ``reverse()``'s own answers kept per process."""
    where = (translation.get_language(), get_script_prefix(), get_urlconf(settings.ROOT_URLCONF))
    links = _frame_links.get(where)
    if links is None:
        links = _frame_links[where] = {name: reverse(name) for name in FRAME_LINKS}
    return {"frame_links": links}
