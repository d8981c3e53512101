"""The browser tab's title: "(2) Lobby · Tripost", "Tripost" alone on the front page."""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter(is_safe=True)
def with_site_name(title: str, site_name: str) -> str:
    """``title`` (a page's rendered ``title`` block, maybe empty) and the site's name,
    joined by a middle dot only when there is a title."""
    title = " ".join(str(title).split())
    name = conditional_escape(site_name)
    return mark_safe(f"{title} · {name}" if title else name)
