"""Small pieces of game lists, drawn in Python because lists repeat them per row."""

import html

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from games import clocks, results

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
    """How a finished game went for ``seat``, in words (games.results): "Won (45
    points)", "Draw", "Lost: place 2 of 4 (30 points)", "Resigned"."""
    return results.seat_result(seat).words


@register.filter
def item(mapping, key):
    """``mapping[key]``, or None: ``{{ page.seat_results|item:s.index }}``."""
    return (mapping or {}).get(key)


# A long absence on the game page: the latest three events told, the rest folded, so
# the turn and its choices stay beside the board.
SHOWN_UNFOLDED = 3


@register.filter
def folded(lines) -> tuple[list, list]:
    """``lines`` as (folded, shown): all shown while there are at most four."""
    lines = list(lines)
    if len(lines) <= SHOWN_UNFOLDED + 1:
        return [], lines
    return lines[:-SHOWN_UNFOLDED], lines[-SHOWN_UNFOLDED:]


@register.filter
def has_winner(seat_rows) -> bool:
    """Whether a game page's players table (``(seat, score)`` rows) marks a winner."""
    return any(seat.is_winner for seat, _score in seat_rows)
