"""Issue 13 point 9: a NUL character anywhere in an address is a clear 4xx, never a
500 (PostgreSQL refuses NUL in text: the query raised)."""

import pytest

from tests.factories import UserFactory
from tests.web.helpers import start_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path", ["/players/%00/", "/players/alice%00/", "/rules/tri%00ad/", "/mail/unsubscribe/%00/"]
)
def test_a_nul_in_the_path_is_not_found(client, path):
    UserFactory(username="alice")
    assert client.get(path).status_code == 404


def test_a_nul_in_a_query_parameter_is_a_bad_request(client):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game("triad", [alice, bob])
    client.force_login(alice)
    for path in (
        f"/games/{game.pk}/?select=%00",
        f"/games/{game.pk}/live?select=a%001",
        f"/games/{game.pk}/poll?version=1%00",
        "/games/active/?page=%00",
        "/accounts/login/?next=/%00",
        "/?x%00=1",
    ):
        assert client.get(path).status_code == 400, path


def test_a_nul_in_a_posted_move_is_refused_and_changes_nothing(client):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game("triad", [alice, bob])
    due = game.seats.get(index=game.to_move[0]).user
    client.force_login(due)
    response = client.post(f"/games/{game.pk}/move", {"action": "a1\x00", "version": game.version})
    assert response.status_code == 400
    game.refresh_from_db()
    assert game.version == 0
