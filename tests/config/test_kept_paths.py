"""``{% url %}`` and ``{% static %}`` answer from what they answered before
(config.template_urls, config.static_storage): the same paths as Django's own, for every
form of the tag, and a new answer when what decides the path changes."""

from unittest import mock

import pytest
from django.contrib.staticfiles.storage import StaticFilesStorage, staticfiles_storage
from django.template import Context, Template, TemplateSyntaxError, engines
from django.test import override_settings
from django.urls import NoReverseMatch, clear_script_prefix, reverse, set_script_prefix

from config import template_urls
from config.static_storage import PlainStorage


def render(source: str, **context) -> str:
    return engines["django"].from_string(source).render(context)


def djangos(source: str, **context) -> str:
    """The same template through Django's own ``{% url %}`` (no builtins of ours)."""
    return Template(source).render(Context(context))


@pytest.mark.parametrize(
    "source",
    [
        "{% url 'home' %}",
        "{% url 'game_detail' 7 %}",
        "{% url 'game_detail' game_id=7 %}",
        "{% url 'game_detail' pk %}",
        "{% url 'player_history' name %}",
        "{% url 'game_detail' 7 as link %}<a href='{{ link }}'>",
        "{% url 'no_such_view' as link %}[{{ link }}]",
    ],
)
def test_each_form_of_the_tag_gives_djangos_path(source):
    context = {"pk": 12, "name": "O'Brien & co"}
    assert render(source, **context) == djangos(source, **context)
    assert render(source, **context) == djangos(source, **context)  # (and again, kept)


def test_the_tag_is_ours_in_every_template_and_refuses_what_djangos_refuses():
    template = engines["django"].from_string("{% url 'home' %}")
    assert isinstance(template.template.nodelist[0], template_urls.CachedURLNode)
    with pytest.raises(NoReverseMatch):
        render("{% url 'no_such_view' %}")
    with pytest.raises(TemplateSyntaxError):
        render("{% url %}")


def test_a_path_is_reversed_once_and_then_looked_up():
    template_urls._reversed.cache_clear()
    with mock.patch.object(template_urls, "reverse", wraps=reverse) as reversing:
        for _ in range(3):
            assert render("{% url 'game_detail' 41 %}") == "/games/41/"
        assert reversing.call_count == 1
        assert render("{% url 'game_detail' 42 %}") == "/games/42/"
        # 1 and True are different paths; an argument that is no plain value is not kept
        assert render("{% url 'player_history' flag %}", flag=True) == "/players/True/"
        assert reversing.call_count == 3
        render("{% url 'player_history' pk %}", pk=41.0)
        render("{% url 'player_history' pk %}", pk=41.0)
        assert reversing.call_count == 5


def test_a_new_script_prefix_or_urlconf_gives_new_paths():
    assert render("{% url 'home' %}") == "/"
    set_script_prefix("/tripost/")
    try:
        assert render("{% url 'game_detail' 5 %}") == "/tripost/games/5/"
    finally:
        clear_script_prefix()
        set_script_prefix("/")
    assert render("{% url 'game_detail' 5 %}") == "/games/5/"
    with override_settings(ROOT_URLCONF="benchmarks.urls"):
        assert render("{% url 'bench_bare' %}") == reverse("bench_bare")


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
