"""The rating beside each name on a game page: read once for the game's seats, and
drawn as a small badge (a provisional rating with a question mark and a tooltip that
says why)."""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from ratings import services, system


def game_ratings(game, seats=None) -> dict:
    """Each seat index's rating in a rated ``game`` (nothing to read for a friendly)."""
    if not game.rated:
        return {}
    return services.seat_ratings(game, list(seats) if seats is not None else None)


def rating_badge(ratings, index, *, space: bool = False) -> SafeString:
    """The badge of seat ``index`` in ``game_ratings``'s answer (after a space with
    ``space``), or "" without one."""
    rating = (ratings or {}).get(index)
    if not rating:
        return SafeString("")
    if rating.provisional:
        title, mark = _("Provisional rating: fewer than 10 rated games so far"), "?"
    else:
        title, mark = _("Rating"), ""
    space = " " if space else ""
    return format_html(
        '{}<span class="rating" title="{}">{}{}</span>', space, title, rating.display, mark
    )


def provisional_note(ratings) -> str:
    """What the "?" of a provisional badge means, when ``ratings`` (``game_ratings``'s
    answer) holds one; else "". Shown under the players, where the badges are."""
    if not any(r.provisional for r in (ratings or {}).values()):
        return ""
    return _("A rating with ? is provisional: fewer than %(count)d rated games so far.") % {
        "count": system.PROVISIONAL_GAMES
    }
