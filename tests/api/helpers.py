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
