from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from mail.deliverability import webhooks

from . import health

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("learn.urls")),
    path("", include("ratings.urls")),
    path("", include("mail.urls")),
    path("", include("moderation.urls")),
    path("", include("chat.urls")),
    path("", include("leaving.urls")),
    path("", include("calendars.urls")),
    path("", include("webhooks.urls")),
    path("", include("api.urls")),
    path("", include("planning.urls")),
    path("", include("push.urls")),
    # Only the configured provider's webhooks, each locked until its secrets are set.
    path("anymail/", include(webhooks.urlpatterns(settings.MAIL_INBOUND_ESP))),
]

# allauth answers its rate limits with this view (allauth.core.internal.ratelimit):
# the site's own 429 page with a Retry-After.
handler429 = "config.throttle.allauth_limited"
