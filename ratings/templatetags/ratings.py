"""Ratings beside names: ``{% game_ratings game seats as r %}`` then
``{% rating_badge r seat.index %}``; a player's ratings with ``{% player_ratings player %}``."""

from __future__ import annotations

from collections import defaultdict

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from accounts.when import day
from games.engines import ENGINES
from ratings import chart, services
from ratings.models import BRACKET_WORDS

register = template.Library()


@register.simple_tag
def game_ratings(game, seats=None):
    if not game.rated:  # no badges shown: nothing to read
        return {}
    return services.seat_ratings(game, list(seats) if seats is not None else None)


@register.inclusion_tag("ratings/_badge.html")
def rating_badge(ratings, index):
    return {"rating": (ratings or {}).get(index)}


@register.inclusion_tag("ratings/_player_ratings.html")
def player_ratings(player):
    changes = services.history(user=player)
    winners = services.winners_per_game(changes)
    by_rating = defaultdict(list)
    for change in changes:
        by_rating[change.rating].append(change)
    blocks = []
    for rating, rows in sorted(by_rating.items(), key=lambda kv: (kv[0].engine, kv[0].bracket)):
        title = ENGINES[rating.engine].title if rating.engine in ENGINES else rating.engine
        kind = _("%(game)s, %(bracket)s") % {
            "game": title,
            "bracket": BRACKET_WORDS.get(rating.bracket, rating.bracket),
        }
        points = [(_("start"), rows[0].before)] + [
            (day(c.rated_game.game.finished_at), c.after) for c in rows
        ]
        blocks.append(
            {
                "rating": rating,
                "kind": kind,
                "chart": mark_safe(
                    chart.history_svg(
                        points,
                        title=_("%(player)s's %(kind)s rating over time")
                        % {"player": player.name, "kind": kind},
                    )
                ),
                "recent": [
                    (c, services.place_words(c, winners, rating.bracket))
                    for c in reversed(rows[-20:])
                ],
            }
        )
    return {"player": player, "blocks": blocks}


@register.inclusion_tag("ratings/_names.html")
def rated_names(game):
    """The seats' names with each player's rating, for lists of games (the lobby)."""
    seats = list(game.seats.all())
    ratings = services.seat_ratings(game, seats) if game.rated else {}
    return {"rows": [(s, ratings.get(s.index)) for s in seats]}
