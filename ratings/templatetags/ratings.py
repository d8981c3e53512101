"""Ratings beside names: ``{% game_ratings game seats as r %}`` then
``{% rating_badge r seat.index %}``; a player's ratings with ``{% player_ratings player %}``."""

from __future__ import annotations

from collections import defaultdict

from django import template
from django.utils.safestring import mark_safe

from games.engines import ENGINES
from ratings import chart, services

register = template.Library()


@register.simple_tag
def game_ratings(game, seats=None):
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
        kind = f"{title}, {rating.get_bracket_display().lower()}"
        points = [("start", rows[0].before)] + [
            (f"{c.rated_game.game.finished_at:%d %b %Y}", c.after) for c in rows
        ]
        blocks.append(
            {
                "rating": rating,
                "kind": kind,
                "chart": mark_safe(
                    chart.history_svg(points, title=f"{player.name}'s {kind} rating over time")
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
