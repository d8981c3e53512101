"""What the analysis board's tests share: a signed-in client, the page's address and the
signed line the page carries."""

import re

from django.test import Client
from django.urls import reverse

HTMX = {"HTTP_HX_REQUEST": "true"}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def url(game) -> str:
    return reverse("planning_analyse", args=[game.pk])


def token_of(html: str) -> str:
    return re.search(r'name="line" value="([^"]+)"', html).group(1)


def analysis_page(game, seat: int):
    """The player of ``seat``, their signed-in client and the analysis page they see."""
    from tests.web.helpers import seat_user

    user = seat_user(game, seat)
    client = signed_in(user)
    return user, client, client.get(url(game)).content.decode()
