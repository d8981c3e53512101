"""``{% static %}`` answers from what it answered before (config.static_storage): the
same paths as Django's own."""

from unittest import mock

from django.contrib.staticfiles.storage import StaticFilesStorage, staticfiles_storage
from django.template import engines

from config.static_storage import PlainStorage


def render(source: str, **context) -> str:
    return engines["django"].from_string(source).render(context)


def test_static_paths_are_djangos_and_kept():
    assert isinstance(staticfiles_storage._wrapped, PlainStorage) or isinstance(
        staticfiles_storage, PlainStorage
    )
    ours, theirs = PlainStorage(), StaticFilesStorage()
    for name in ("css/site.css", "img/a b.png", "js/chat.js?v=1"):
        assert ours.url(name) == theirs.url(name)
    with mock.patch.object(StaticFilesStorage, "url", side_effect=theirs.url) as built:
        for _ in range(3):
            ours.url("css/site.css")
        assert built.call_count == 0  # (kept from above)
        ours.url("css/other.css")
        assert built.call_count == 1
    assert render("{% load static %}{% static 'css/site.css' %}") == "/static/css/site.css"
