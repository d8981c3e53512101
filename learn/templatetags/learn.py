"""The front page's games (``templates/home.html`` is rendered by ``games.views.home``,
which knows nothing of this app: the template asks for them)."""

from __future__ import annotations

import functools
import re

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_noop

from games import registry
from games.i18n import localize as localized
from learn import showcase

register = template.Library()

# The engines name seats and areas in English; a rules page says them in its reader's
# language. An engine name that is a ``Text`` is translated by the games' catalogue,
# so a caption says what the board beside it shows; plain names fall back on this
# app's catalogue (gettext_noop marks them).
ENGINE_NAMES = (
    gettext_noop("Red"),
    gettext_noop("Blue"),
    gettext_noop("Purple"),
    gettext_noop("Black"),
    gettext_noop("White"),
    gettext_noop("Orange"),
    gettext_noop("computer"),
    # Tri*T*Area's area colours, as the areas table names them.
    gettext_noop("blue"),
    gettext_noop("yellow"),
    gettext_noop("green"),
    gettext_noop("red"),
)


def _names() -> tuple[re.Pattern, dict]:
    """The names the games' captions may say (``GameSpec.names`` and ``own_names``) as
    one pattern, and the engine texts among them by their English."""
    return _names_of(tuple(registry.names()))


@functools.cache
def _names_of(games: tuple[str, ...]) -> tuple[re.Pattern, dict]:
    names = set(ENGINE_NAMES)
    own = {}
    for spec in map(registry.get, games):
        names.update(spec.names)
        own.update({str(text): text for text in spec.own_names})
    names |= set(own)
    return re.compile(r"\b(" + "|".join(sorted(names, key=len, reverse=True)) + r")\b"), own


@register.filter
def named(value) -> str:
    """An engine's seat or area name ("Red", "White (computer)") in the reader's language:
    the engine's own translation when it gives one, else this app's."""
    if hasattr(value, "localized"):
        return localized(value)
    pattern, own = _names()
    return pattern.sub(
        lambda m: localized(own[m.group(1)]) if m.group(1) in own else gettext(m.group(1)),
        str(value),
    )


@register.filter
def engine_text(value) -> str:
    """A sentence the engine wrote (a move described, a refusal, a result, a ruling) in
    the reader's language."""
    return localized(value)


@register.filter
def tally(counts: dict) -> str:
    """``{"Blue": 2, "Red": 1}`` as "Blue 2, Red 1", the names in the reader's language."""
    return ", ".join(f"{named(name)} {n}" for name, n in counts.items())


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
