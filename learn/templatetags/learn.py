"""The front page's games (``templates/home.html`` is rendered by ``games.views.home``,
which knows nothing of this app: the template asks for them)."""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe

from learn import showcase

register = template.Library()


@register.simple_tag
def showcase_games() -> list[dict]:
    """Each game's card with its demo board (an engine position drawn by its board code)."""
    return [
        {
            "card": card,
            "svg": mark_safe(showcase.demo_svg(engine)),
        }  # drawn by games.boards, escaped there
        for engine, card in showcase.GAMES.items()
    ]


@register.simple_tag
def social_image(name: str = "tripost") -> str:
    return showcase.og_image_path(name)


@register.simple_tag
def vacation_days() -> int:
    from django.conf import settings

    return settings.VACATION_DAYS_PER_YEAR
