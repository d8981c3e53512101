"""A player's ratings with ``{% player_ratings player viewer %}``; the names of a game's
players with their ratings, ``{% rated_names game %}``; on the game page,
``{% game_ratings game seats as ratings %}``, ``{% rating_badge ratings index %}`` and
``{% provisional_note ratings as note %}`` (``ratings.badges``)."""

from __future__ import annotations

from collections import defaultdict

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from accounts.when import day
from games.engines import ENGINES
from ratings import badges, chart, services, system
from ratings.badges import game_ratings, rating_badge
from ratings.models import BRACKET_WORDS, Rating

register = template.Library()


@register.inclusion_tag("ratings/_player_ratings.html")
def player_ratings(player, viewer):
    """``viewer``: who reads the page. Every rating shows (the leaderboards list them),
    but its chart and results only the games ``viewer`` may see: a private game's
    result only to its players (``services.history``)."""
    changes = services.history(user=player, viewer=viewer)
    words = services.results_of(changes)
    by_rating = defaultdict(list)
    for change in changes:
        by_rating[change.rating].append(change)
    for rating in Rating.objects.filter(user=player, games__gt=0):
        by_rating.setdefault(rating, [])
    blocks = []
    for rating, rows in sorted(by_rating.items(), key=lambda kv: (kv[0].engine, kv[0].bracket)):
        title = ENGINES[rating.engine].title if rating.engine in ENGINES else rating.engine
        kind = _("%(game)s, %(bracket)s") % {
            "game": title,
            "bracket": BRACKET_WORDS.get(rating.bracket, rating.bracket),
        }
        chart_svg = ""
        if rows:
            points = [(_("start"), rows[0].before)] + [
                (day(c.rated_game.game.finished_at), c.after) for c in rows
            ]
            chart_svg = chart.history_svg(
                points,
                title=_("%(player)s's %(kind)s rating over time")
                % {"player": player.name, "kind": kind},
            )
        blocks.append(
            {
                "rating": rating,
                "kind": kind,
                "chart": mark_safe(chart_svg),
                "recent": [(c, words[c.pk]) for c in reversed(rows[-20:])],
            }
        )
    return {"player": player, "blocks": blocks}


@register.simple_tag
def provisional_games() -> int:
    """How many rated games a rating stays provisional for (``system.PROVISIONAL_GAMES``),
    for the pages of other apps (the lobby), which do not import ratings."""
    return system.PROVISIONAL_GAMES


@register.simple_tag
def rated_names(game):
    """The seats' names with each player's rating, for lists of games (the lobby)."""
    seats = list(game.seats.all())
    ratings = game_ratings(game, seats)
    return format_html_join(
        ", ", "{}{}", ((s.name, rating_badge(ratings, s.index, space=True)) for s in seats)
    )


register.simple_tag(game_ratings, name="game_ratings")
register.simple_tag(rating_badge, name="rating_badge")
register.simple_tag(badges.provisional_note, name="provisional_note")
