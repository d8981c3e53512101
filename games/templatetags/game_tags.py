"""Small pieces of game lists, drawn in Python because lists repeat them per row."""

import html

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import clocks

register = template.Library()


@register.filter
def seat_names(seats):
    """A game's players, comma-separated; those due to move marked ``due``.

    (A filter, not an ``{% include %}``: My games draws it for every row.)"""
    return format_html_join(
        ", ",
        '<span class="seat-name{}">{}</span>',
        ((" due" if s.is_due else "", s.name) for s in seats),
    )


@register.filter
def options(values):
    """``<option>`` elements for a list box of actions (a Trias turn has a thousand,
    so each is escaped with the standard library's quick ``html.escape``)."""
    return mark_safe("".join(f"<option>{html.escape(str(v))}</option>" for v in values))


@register.filter
def action_buttons(values):
    """One submit button per legal action (at most ``MAX_ACTION_BUTTONS`` of them)."""
    return mark_safe(
        "".join(
            '<button type="submit" name="action" value="{0}" class="secondary action">{0}'
            "</button>".format(html.escape(str(v)))
            for v in values
        )
    )


@register.filter
def time_control(game) -> str:
    """A game's time control in words (``games.clocks.describe``)."""
    return clocks.describe(game)


@register.filter
def outcome(seat) -> str:
    """How a finished game went for ``seat``, in words: "Won (45 points)", "Lost: place 2
    of 4 (30 points)". A loss is never put as a bare rank beside another's "won"."""
    count = len(seat.game.seats.all())
    score = seat.score
    points = ""
    if score is not None and seat.game.engine != "triad":  # Triad keeps no points
        value = int(score) if float(score).is_integer() else score
        points = ngettext("%(n)s point", "%(n)s points", value) % {"n": value}
    if seat.is_winner:
        return _("Won (%(points)s)") % {"points": points} if points else _("Won")
    if seat.rank and count > 2:
        place = {"place": seat.rank, "count": count, "points": points}
        if points:
            return _("Lost: place %(place)s of %(count)s (%(points)s)") % place
        return _("Lost: place %(place)s of %(count)s") % place
    return _("Lost (%(points)s)") % {"points": points} if points else _("Lost")
