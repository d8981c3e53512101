"""Public pages for learning and watching: rules, the games to watch, the picture
shown when a page is shared."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from games import registry
from games.engines import ENGINES
from games.i18n import localize as localized

from . import diagrams, showcase, watching


@require_GET
def rules_index(request):
    return render(request, "learn/rules_index.html")


@require_GET
def rules(request, engine: str):
    """A game's rules for players, with diagrams drawn by the game's board code."""
    if engine not in ENGINES:
        raise Http404("No such game.")
    spec = registry.get(engine)
    return render(
        request,
        spec.rules_template,
        {
            "engine": spec.engine,
            "d": diagrams.for_game(engine),
            "game": showcase.GAMES[engine],
            "site_rules": [localized(rule) for rule in spec.site_rules],
            "options": showcase.options(engine),
            "anchors": spec.rules_anchors,
            "og_image": showcase.og_image_path(engine),
        },
    )


@require_GET
def watch(request):
    """Public games in play, most recently moved first, open to anyone."""
    engine = request.GET.get("game", "")
    if engine not in ENGINES:
        engine = ""
    page = Paginator(watching.games_in_play(engine=engine or None), watching.PER_PAGE)
    page_obj = page.get_page(request.GET.get("page"))
    page_obj.object_list = watching.rows(page_obj.object_list)
    return render(
        request,
        "learn/watch.html",
        {"page_obj": page_obj, "engine": engine, "games": showcase.GAMES.values()},
    )


@require_GET
@cache_control(public=True, max_age=24 * 3600)
def social_image(request, name: str):
    """The picture a shared link shows (og:image): a board of ``name``'s demo
    position, or of every game for the front page."""
    try:
        png = showcase.social_png(name)
    except KeyError:
        raise Http404("No such picture.") from None
    return HttpResponse(png, content_type="image/png")
