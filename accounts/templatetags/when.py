"""``{% load when %}``: ``{{ deadline|when }}`` and friends (accounts/when.py), and
``{% time_tag %}``, a moment the browser words relative to now (static/js/times.js)."""

from datetime import UTC

from django import template
from django.utils import timezone
from django.utils.html import format_html

from accounts import when as formats

register = template.Library()

for _name in ("when", "when_long", "day", "weekday", "clock"):
    register.filter(_name, getattr(formats, _name), expects_localtime=False)


@register.simple_tag
def time_tag(value, wording="%(left)s", *, still=False):
    """``<time datetime="…">`` holding ``value`` as an absolute time in the viewer's zone
    and language ("Fri 4 Dec, 08:22 CET", the whole date in its ``title``), which is
    what a page without JavaScript shows, so a page never goes stale and can be kept
    until what it shows changes. static/js/times.js writes ``wording`` in its place and
    keeps it current each minute: ``%(left)s`` is the time left ("2 days, 3 hours"),
    ``%(ago)s`` the time since ("3 hours ago"), ``%(when)s`` the absolute time.

    ``still``: the clock stands still (a vacation, an outage); the time left is the one
    at drawing and does not count down."""
    if value is None:
        return ""
    still_left = ""
    if still:
        still_left = str(max(0, int((value - timezone.now()).total_seconds())))
    return format_html(
        '<time datetime="{}" title="{}" data-relative="{}"{}>{}</time>',
        value.astimezone(UTC).isoformat(timespec="seconds")
        if timezone.is_aware(value)
        else value.isoformat(timespec="seconds"),
        formats.when_long(value),
        wording,
        format_html(' data-still-left="{}"', still_left) if still else "",
        formats.when(value),
    )
