"""The site's URLs plus ``/bench/bare``: the floor a page is compared with."""

from django.http import HttpResponse
from django.urls import include, path


def bare(request):
    """A constant answer through the full middleware stack: no template, no query."""
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns = [
    path("bench/bare", bare, name="bench_bare"),
    path("", include("config.urls")),
]
