"""Refused actions answered in place (issue 34): the message shows where the action
was made and the page stays whole, with htmx and without JavaScript.

An htmx request that is refused gets a fragment with an honest 4xx status and the
headers ``HX-Retarget``/``HX-Reswap`` naming where it goes. Those headers are also
how the page's script (static/js/refusals.js) tells a designed refusal from an error
page: django-htmx's debug script (``DEBUG=1``) would otherwise put any 400 in place
of the whole document, and a whole error page must never be nested in a fragment.
A plain form post is answered with the whole page that holds the form, the message
beside it, under the same status.
"""

from __future__ import annotations

from django.http import HttpResponse
from django_htmx.http import reswap, retarget


def in_place(response: HttpResponse, target: str, swap: str = "outerHTML") -> HttpResponse:
    """Mark ``response`` (an htmx answer to a refused action) for ``target``."""
    retarget(response, target)
    reswap(response, swap)  # type: ignore[arg-type]
    return response
