"""The site's frame (header, messages, footer: ``templates/base.jinja``) around pages of
either template language, from one copy.

- A Jinja page extends ``base.jinja`` and is drawn by ``render_page``, with the values
  the request's context processors give a Django page (the game page and My games are
  drawn like this: every move leads to them, and Jinja draws the frame in a fraction
  of the time Django's language takes).
- A Django page extends ``base.html`` as before. That file is only the ``{% frame %}``
  tag below, listing the blocks a page may fill; the tag renders each block in the
  page's context and draws ``base.jinja`` with them as ``slots``.
"""

from __future__ import annotations

from django import template
from django.template import engines
from django.template.loader import get_template
from django.utils.safestring import mark_safe

register = template.Library()

FRAME = "base.jinja"
# What base.jinja reads besides its slots: the context processors' values.
FRAME_VALUES = (
    "request", "user", "LANGUAGE_CODE", "SITE_NAME", "awaiting_count", "csrf_token",
    "mail_stopped", "messages",
)  # fmt: skip


def request_values(request) -> dict:
    """What a Django page's context holds for ``request`` before the view's own values:
    every configured context processor's, as ``RequestContext`` gathers them."""
    values: dict = {}
    for processor in engines["django"].engine.template_context_processors:
        values.update(processor(request))
    return values


def render_page(request, template_name: str, context: dict) -> str:
    """The Jinja page ``template_name`` (extending ``base.jinja``) for ``request``; the
    view's ``context`` wins over the processors' values, as in a Django page."""
    values = {**request_values(request), **context}
    return get_template(template_name, using="jinja2").render(values)


class SlotNode(template.Node):
    def __init__(self, name: str, nodelist):
        self.name, self.nodelist = name, nodelist

    def render(self, context) -> str:
        return self.nodelist.render(context)


class FrameNode(template.Node):
    def __init__(self, nodelist):
        self.nodelist = nodelist  # (its blocks are found there by ``{% extends %}``)

    def render(self, context) -> str:
        slots = self.nodelist.get_nodes_by_type(SlotNode)
        slots = {slot.name: mark_safe(slot.render(context)) for slot in slots}
        values = {name: context.get(name) for name in FRAME_VALUES}
        return get_template(FRAME, using="jinja2").render({**values, "slots": slots})


@register.tag
def frame(parser, token):
    """``{% frame %}{% slot "name" %}...{% endslot %}...{% endframe %}``: base.jinja,
    with each slot's content rendered here."""
    nodelist = parser.parse(("endframe",))
    parser.delete_first_token()
    return FrameNode(nodelist)


@register.tag
def slot(parser, token):
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError('{% slot "name" %} takes the name of one slot')
    name = bits[1].strip("\"'")
    nodelist = parser.parse(("endslot",))
    parser.delete_first_token()
    return SlotNode(name, nodelist)
