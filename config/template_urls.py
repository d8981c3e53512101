"""``{% url %}`` as Django's, each answer kept by the process (a template builtin,
``settings.TEMPLATES``, so it stands in for Django's tag in every template).

Django reverses every ``{% url %}`` afresh: about 14 microseconds each, and a game page
with its site header, body and chat hook holds some thirty, a tenth of drawing it. The
same name with the same arguments always gives the same path while the URLconf, the
script prefix and the current app are the same, so those are the key: a page's paths
are looked up, not rebuilt. Only plain arguments (ints and strings) are kept; anything
else (a lazy string, an object) is reversed afresh as before, and a name that does not
reverse raises (or, with ``as``, gives "") as Django's does.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.conf import settings
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

register = template.Library()

# The plain values kept, by the type they are kept as (a template's literal strings
# come marked safe; the path is the same).
_PLAIN = {int: int, str: str, SafeString: str}


def _key(values) -> tuple | None:
    """``values`` with their types (``1`` and ``True`` are different paths), or None
    when one is not a plain int or string."""
    if all(type(v) in _PLAIN for v in values):
        return tuple((_PLAIN[type(v)], v) for v in values)
    return None


@lru_cache(maxsize=16384)
def _reversed(urlconf, prefix, view_name, args, kwargs, current_app) -> str:
    # (``prefix`` is only part of the key: ``reverse`` reads the thread's own)
    return reverse(
        view_name,
        urlconf=urlconf,
        args=[value for _type, value in args],
        kwargs={name: value for name, (_type, value) in kwargs},
        current_app=current_app,
    )


def cached_reverse(view_name, args=(), kwargs=None, current_app=None) -> str:
    """``reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)``, kept."""
    kwargs = kwargs or {}
    arg_key, kwarg_values = _key(args), _key(kwargs.values())
    if type(view_name) not in _PLAIN or arg_key is None or kwarg_values is None:
        return reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)
    kwarg_key = tuple(zip(kwargs.keys(), kwarg_values, strict=True))
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    name = str(view_name)
    return _reversed(urlconf, get_script_prefix(), name, arg_key, kwarg_key, current_app)


class CachedURLNode(URLNode):
    """Django's ``URLNode.render`` with ``cached_reverse``."""

    def render(self, context):
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {k: v.resolve(context) for k, v in self.kwargs.items()}
        view_name = self.view_name.resolve(context)
        try:
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        url = ""
        try:
            url = cached_reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        if context.autoescape:
            url = conditional_escape(url)
        return url


@register.tag
def url(parser, token):
    node = django_url(parser, token)  # (Django's parsing and its errors)
    return CachedURLNode(node.view_name, node.args, node.kwargs, node.asvar)
