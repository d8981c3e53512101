"""Calling the API as a program does: a token in the Authorization header."""

from __future__ import annotations

import json

from django.test import Client

from api.tokens import token_create

SCOPES = ["read", "play", "chat"]


def token_for(user, scopes=SCOPES) -> str:
    return token_create(user=user, name="tests", scopes=list(scopes))[1]


class ApiClient:
    """A Django test client that sends a token (or none) with every request."""

    def __init__(self, token: str | None = None, client: Client | None = None):
        self.client = client or Client()
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}

    def get(self, path: str, **params):
        return self.client.get("/api/v1" + path, params, headers=self.headers)

    def post(self, path: str, data: dict | None = None, **extra):
        return self.client.post(
            "/api/v1" + path,
            json.dumps(data or {}),
            content_type="application/json",
            headers=self.headers,
            **extra,
        )


def as_user(user, scopes=SCOPES) -> ApiClient:
    return ApiClient(token_for(user, scopes))


def open_game(creator, engine="triad", players=2, *, invitees=(), **kwargs):
    """A new game as the New game page creates it (``bots_allowed`` and all)."""
    from games import services

    kwargs.setdefault("is_public", True)
    return services.game_create(
        creator=creator,
        engine=engine,
        num_players=players,
        options={},
        days_per_move=3,
        invitees=list(invitees),
        **kwargs,
    )


def start_game(engine, users, **kwargs):
    """A started game: ``users[0]`` creates it, the others accept."""
    from games import services

    creator, *others = users
    game = open_game(creator, engine, len(users), invitees=others, **kwargs)
    for user in others:
        services.invitation_accept(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game
