"""Requests no page could answer, refused before anything reads them."""

from __future__ import annotations

from django.core.exceptions import BadRequest
from django.http import Http404


class RefuseNulBytes:
    """A NUL character in the path answers 404, in the query string 400.

    No name, token or number of the site holds one, and PostgreSQL refuses it in any
    text it is given (a query with one raises instead of finding nothing: a 500).
    Form fields refuse it themselves (Django's ProhibitNullCharactersValidator); the
    body is left alone here, as webhooks read it raw.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path:
            raise Http404("No such page.")
        for key, values in request.GET.lists():
            if "\x00" in key or any("\x00" in value for value in values):
                raise BadRequest("The address holds a NUL character.")
        return self.get_response(request)
