"""The Jinja environment for the templates drawn on every move (the site's frame,
``templates/base.jinja``; the game page and My games, ``games/jinja2/``): Django's
template language spends most of a page's time on looking up variables and rendering
nodes, Jinja compiles a template to Python.

What the templates see matches Django's own output, so a page reads the same either
way:

- every ``{{ value }}`` goes out as Django's would (``finalize``): HTML-escaped by
  ``django.utils.html`` unless it is safe, numbers localized;
- ``_()`` and ``{% trans %}`` are Django's ``gettext``/``ngettext``/``pgettext``
  (the active language), the message written as it is (markup and all) as
  ``{% translate %}`` and ``{% blocktranslate %}`` write it, its variables escaped as
  ``{% blocktranslate %}`` escapes them; the messages are
  collected for the catalogue by ``bin/messages update``
  (``config/management/commands/makemessages.py``);
- ``url(name, *args)`` is ``{% url %}`` (each path kept, ``config.template_urls``);
- a name or attribute that is not there is empty, as in Django (``ChainableUndefined``).
"""

from __future__ import annotations

import functools

from django.conf import settings
from django.template.backends import jinja2 as jinja2_backend
from django.template.defaultfilters import timeuntil_filter
from django.templatetags.static import static
from django.utils import translation
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django_htmx.jinja import htmx_script
from jinja2 import ChainableUndefined, Environment
from markupsafe import Markup

from accounts.when import day, when, when_long
from config.bound_gettext import BoundGettext
from config.template_urls import cached_reverse
from games.templatetags.game_tags import seat_names, time_control
from ratings.badges import game_ratings, provisional_note, rating_badge


def _finalize(value):
    """What Django's ``{{ value }}`` writes (``render_value_in_context``)."""
    if type(value) is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)  # (what ``localize`` gives an int, without its lookups)
    if not isinstance(value, str):
        value = localize(value)
    return conditional_escape(value)


def _escaped(variables: dict) -> dict:
    return {name: conditional_escape(_finalize(value)) for name, value in variables.items()}


# A message is the template's own text (and its translation the catalogue's), written
# out as it is, markup and quotes included, as Django writes a ``{% translate %}`` of a
# literal and a ``{% blocktranslate %}``; only the values put into it are escaped.
def message_functions(catalog) -> dict:
    """The templates' ``_``, ``gettext``, ``ngettext`` and ``pgettext``, asking
    ``catalog``: Django's ``translation`` (the globals), or for each render a
    ``BoundGettext`` of the language active as it starts (``Template.render``)."""

    def gettext(message: str, **variables) -> Markup:
        text = catalog.gettext(message)
        return Markup(text % _escaped(variables) if variables else text)

    def ngettext(singular: str, plural: str, n: int, **variables) -> Markup:
        variables.setdefault("num", n)
        return Markup(catalog.ngettext(singular, plural, n) % _escaped(variables))

    def pgettext(context: str, message: str, **variables) -> Markup:
        text = catalog.pgettext(context, message)
        return Markup(text % _escaped(variables) if variables else text)

    return {"gettext": gettext, "_": gettext, "ngettext": ngettext, "pgettext": pgettext}


def url(view_name: str, *args) -> str:
    return cached_reverse(view_name, args=args)


def with_site_name(title: str, site_name: str) -> str:
    """The browser tab's title: ``title`` (a page's rendered ``title`` block, maybe empty)
    and the site's name, joined by a middle dot only when there is a title ("(2) Lobby ·
    Tripost", "Tripost" alone on the front page)."""
    title = " ".join(str(title).split())
    name = conditional_escape(site_name)
    return Markup(f"{title} · {name}" if title else name)


@functools.cache
def languages() -> list[tuple[str, str]]:
    """The site's languages, each as (code, its own name): the footer's switch."""
    return [
        (code, translation.get_language_info(code)["name_local"]) for code, _ in settings.LANGUAGES
    ]


def environment(**options) -> Environment:
    # (Django's backend asks for DebugUndefined under DEBUG, which writes the name out)
    options["undefined"] = ChainableUndefined
    env = Environment(extensions=["jinja2.ext.i18n"], finalize=_finalize, **options)
    # Called as gettext(message, **variables): the {% trans %} blocks compile to that.
    env.newstyle_gettext = True
    env.globals.update(message_functions(translation))
    env.globals.update(
        url=url,
        game_ratings=game_ratings, rating_badge=rating_badge, static=static,
        provisional_note=provisional_note,
        htmx_script=htmx_script, languages=languages,
    )  # fmt: skip
    env.filters.update(
        timeuntil=timeuntil_filter, when=when, when_long=when_long, day=day,
        time_control=time_control, seat_names=seat_names, with_site_name=with_site_name,
    )  # fmt: skip
    return env


class Template(jinja2_backend.Template):
    def render(self, context=None, request=None):
        # The active language looked up once for the render, not once a message
        # (config/bound_gettext.py); the template's own values come first.
        values = {**message_functions(BoundGettext()), **(context or {})}
        return super().render(values, request)


class Jinja2(jinja2_backend.Jinja2):
    """Django's Jinja backend, its templates rendering as ``Template`` above."""

    def from_string(self, template_code):
        return Template(self.env.from_string(template_code), self)

    def get_template(self, template_name):
        return Template(super().get_template(template_name).template, self)
