"""Small pieces of game lists, drawn in Python because lists repeat them per row."""

from django import template
from django.utils.html import format_html_join

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
