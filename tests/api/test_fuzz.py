"""schemathesis against the API's own schema, on a seeded database: whatever a
program sends, no answer is a server error and every answer matches the schema
(status code, content type, body). A bounded number of examples per operation, so
the whole run stays short."""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api.api import api
from chat import services as chat
from games import services
from tests.factories import UserFactory
from tests.web.helpers import play_random

from .helpers import open_game, start_game, token_for

EXAMPLES = 12  # per operation
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture
def seeded(db, settings):
    """A player with games of every kind (running, open, finished), invitations, chat,
    and a token; the game ids the fuzzer's numbers are mapped onto."""
    settings.ALLOWED_HOSTS = ["localhost", "testserver"]
    settings.API_RATE_LIMITS = ["100000/m"]
    me, bob, carol = UserFactory(), UserFactory(), UserFactory()
    games = [
        start_game("triad", [me, bob]),
        start_game("trias", [me, bob, carol]),
        start_game("tritarea", [me, bob]),
        open_game(bob),
        open_game(carol, invitees=[me], is_public=False),
        start_game("triad", [bob, carol], is_public=False),
    ]
    games[0] = play_random(games[0], stop=lambda g: g.version >= 2)
    chat.message_post(game=games[0], user=bob, text="hello")
    finished = start_game("triad", [me, carol])
    services.game_resign(game_id=finished.pk, user=carol)
    # The site is called as a WSGI application: keep the test's database connection
    # open after each request, as Django's test client does.
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield {"token": token_for(me), "ids": [g.pk for g in [*games, finished]]}
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


# The schema as the site serves it, and the site as a WSGI application to call.
schema = schemathesis.openapi.from_dict(api.get_openapi_schema(path_prefix="/api/v1/"))
schema.app = get_wsgi_application()
# One test per operation, named by it ("GET /api/v1/me"). (schemathesis's own
# ``schema.parametrize()`` gives all of them one node id, and pytest-xdist's
# ``--dist loadgroup``, which bin/test uses, then runs only one of them.)
OPERATIONS = [result.ok() for result in schema.get_all_operations()]


@pytest.mark.parametrize("operation", OPERATIONS, ids=[op.label for op in OPERATIONS])
def test_the_api_never_fails_and_always_answers_as_its_schema_says(operation, seeded):
    ids = seeded["ids"]

    @given(case=operation.as_strategy())
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    def examples(case):
        params = case.path_parameters or {}
        if isinstance(params.get("game_id"), int) and params["game_id"] >= 0:
            # Mostly real games (a fuzzer's own numbers would all be 404).
            params["game_id"] = ids[params["game_id"] % len(ids)]
        if case.path.endswith("/events") and isinstance(case.query, dict):
            case.query["timeout"] = 0  # (a long poll would wait for nothing here)
        case.call_and_validate(
            headers={"Authorization": f"Bearer {seeded['token']}"}, checks=CHECKS
        )

    examples()


def test_every_operation_of_the_api_is_fuzzed():
    assert len(OPERATIONS) == len(set(op.label for op in OPERATIONS)) >= 19
