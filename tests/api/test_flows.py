"""Undo, draws, resigning, chat, invitations, the lobby and the event stream, each as
the web's own service answers them."""

import pytest

from chat.models import Message
from games.models import Game
from tests.factories import UserFactory
from tests.web.helpers import play_until_quiet_actions

from .helpers import as_user, open_game, start_game

pytestmark = pytest.mark.django_db


def client_of(game, index):
    return as_user(game.seats.select_related("user").get(index=index).user)


def test_undo_takes_back_my_last_action_within_the_turn():
    game = start_game("trias", [UserFactory(), UserFactory(), UserFactory()])
    seat, quiet = play_until_quiet_actions(game)
    game.refresh_from_db()
    client = client_of(game, seat)
    version = game.version
    played = client.post(f"/games/{game.pk}/move", {"action": quiet[0], "version": version})
    assert played.status_code == 200 and played.json()["game"]["can_undo"]
    stale = client.post(f"/games/{game.pk}/undo", {"version": version})
    assert stale.status_code == 409
    undone = client.post(f"/games/{game.pk}/undo", {"version": version + 1})
    assert undone.status_code == 200 and undone.json()["version"] == version
    again = client.post(f"/games/{game.pk}/undo", {"version": version})
    assert again.status_code == 400 and "nothing" in again.json()["detail"]


def test_a_draw_is_offered_and_declined_or_accepted():
    game = start_game("triad", [UserFactory(), UserFactory()])
    a, b = client_of(game, 0), client_of(game, 1)
    offered = a.post(f"/games/{game.pk}/draw/offer")
    assert offered.status_code == 200 and offered.json()["draw"]["offered_by"] == 0
    assert a.post(f"/games/{game.pk}/draw/accept").status_code == 400  # not one's own
    assert b.get(f"/games/{game.pk}").json()["draw"]["can_answer"] is True
    assert b.post(f"/games/{game.pk}/draw/decline").json()["draw"]["offered_by"] is None
    a.post(f"/games/{game.pk}/draw/offer")
    done = b.post(f"/games/{game.pk}/draw/accept").json()
    assert done["status"] == "finished" and "agreement" in done["result"]


def test_resigning_ends_a_two_player_game():
    game = start_game("triad", [UserFactory(), UserFactory()])
    data = client_of(game, 1).post(f"/games/{game.pk}/resign").json()
    assert data["status"] == "finished" and "resigned" in data["result"]
    again = client_of(game, 1).post(f"/games/{game.pk}/resign")
    assert again.status_code == 400


def test_chat_is_read_by_viewers_and_written_by_players_only():
    game = start_game("triad", [UserFactory(), UserFactory()])
    posted = client_of(game, 0).post(f"/games/{game.pk}/chat", {"text": "good luck"})
    assert posted.status_code == 201 and posted.json()["mine"]
    read = client_of(game, 1).get(f"/games/{game.pk}/chat").json()
    assert [(m["text"], m["mine"]) for m in read] == [("good luck", False)]
    spectator = as_user(UserFactory())
    assert spectator.get(f"/games/{game.pk}/chat").status_code == 200
    refused = spectator.post(f"/games/{game.pk}/chat", {"text": "hi"})
    assert refused.status_code == 400 and Message.objects.count() == 1
    blank = client_of(game, 0).post(f"/games/{game.pk}/chat", {"text": "\u200b"})
    assert blank.status_code == 400


def test_an_invitation_is_made_listed_accepted_or_declined():
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    made = as_user(alice).post(
        "/games", {"game": "triad", "players": 2, "invite": [bob.username], "public": False}
    )
    assert made.status_code == 201 and made.json()["status"] == "open"
    game_id = made.json()["id"]
    listed = as_user(bob).get("/invitations").json()
    assert [(i["game_id"], i["inviter"]) for i in listed] == [(game_id, alice.name)]
    assert as_user(carol).post(f"/games/{game_id}/accept").status_code == 404
    accepted = as_user(bob).post(f"/games/{game_id}/accept")
    assert accepted.status_code == 200 and accepted.json()["status"] == "active"
    other = as_user(alice).post(
        "/games", {"game": "triad", "invite": [carol.username], "public": False}
    )
    declined = as_user(carol).post(f"/games/{other.json()['id']}/decline")
    assert declined.status_code == 200
    assert Game.objects.get(pk=other.json()["id"]).status == "aborted"


def test_a_new_game_with_bad_input_says_why_and_makes_nothing():
    alice = UserFactory()
    for body in (
        {"game": "chess"},
        {"game": "triad", "players": 7},
        {"game": "triad", "invite": ["nobody-here"]},
        {"game": "triad", "options": {"no such option": 1}},
    ):
        response = as_user(alice).post("/games", body)
        assert response.status_code == 400, body
        assert response.json()["detail"]
    assert not Game.objects.exists()


def test_the_lobby_lists_open_games_and_joining_takes_a_seat():
    alice, bob = UserFactory(), UserFactory()
    game = open_game(alice)
    assert [g["id"] for g in as_user(alice).get("/lobby").json()] == []  # not one's own
    listed = as_user(bob).get("/lobby").json()
    assert [(g["id"], g["free_seats"]) for g in listed] == [(game.pk, 1)]
    joined = as_user(bob).post(f"/games/{game.pk}/join")
    assert joined.status_code == 200 and joined.json()["status"] == "active"
    assert as_user(UserFactory()).post(f"/games/{game.pk}/join").status_code == 400


def test_events_tell_turns_invitations_chat_and_the_end_once_each():
    alice, bob = UserFactory(), UserFactory()
    game = open_game(alice, invitees=[bob], is_public=False)
    bobs = as_user(bob)
    first = bobs.get("/events", timeout=0).json()
    assert [(e["type"], e["game_id"]) for e in first["events"]] == [("invitation", game.pk)]
    cursor = first["cursor"]
    assert bobs.get("/events", since=cursor, timeout=0).json()["events"] == []  # once
    bobs.post(f"/games/{game.pk}/accept")
    game.refresh_from_db()
    due = game.seats.get(index=game.to_move[0])
    as_user(alice).post(f"/games/{game.pk}/chat", {"text": "hello"})
    answer = bobs.get("/events", since=cursor, timeout=0).json()
    kinds = [e["type"] for e in answer["events"]]
    assert sorted(kinds) == sorted(["chat"] + (["your_turn"] if due.user == bob else []))
    chat = next(e for e in answer["events"] if e["type"] == "chat")
    assert (chat["text"], chat["author"]) == ("hello", alice.name)
    cursor = answer["cursor"]
    as_user(alice).post(f"/games/{game.pk}/resign")
    over = bobs.get("/events", since=cursor, timeout=0).json()["events"]
    assert [(e["type"], e["game_id"]) for e in over][-1] == ("game_over", game.pk)
    assert "resigned" in over[-1]["text"]


def test_a_token_without_the_chat_scope_gets_no_chat_events():
    alice, bob = UserFactory(), UserFactory()
    game = start_game("triad", [alice, bob])
    cursor = as_user(bob, ["read"]).get("/events", timeout=0).json()["cursor"]
    as_user(alice).post(f"/games/{game.pk}/chat", {"text": "psst"})
    events = as_user(bob, ["read"]).get("/events", since=cursor, timeout=0).json()["events"]
    assert "chat" not in {e["type"] for e in events}
    events = as_user(bob).get("/events", since=cursor, timeout=0).json()["events"]
    assert "chat" in {e["type"] for e in events}


def test_a_bad_cursor_is_a_clear_400():
    response = as_user(UserFactory()).get("/events", since="yesterday", timeout=0)
    assert response.status_code == 400 and "cursor" in response.json()["detail"]


def test_a_poll_waits_only_while_a_waiting_place_is_free(settings):
    import time

    settings.API_EVENTS_STEP_SECONDS = 0.05
    client = as_user(UserFactory())
    cursor = client.get("/events", timeout=0).json()["cursor"]
    started = time.monotonic()
    waited = client.get("/events", since=cursor, timeout=1).json()
    assert time.monotonic() - started >= 0.9
    assert (waited["events"], waited["retry_after"]) == ([], 0)
    settings.API_EVENTS_WAITING = 0  # every place taken: an answer at once
    started = time.monotonic()
    busy = client.get("/events", since=cursor, timeout=20).json()
    assert time.monotonic() - started < 5
    assert (busy["events"], busy["retry_after"]) == ([], 5)


def test_new_games_through_the_api_count_against_the_sites_own_limit(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "game_create": ["2/m"]}
    client = as_user(UserFactory())
    body = {"game": "triad", "players": 2, "public": True}
    assert [client.post("/games", body).status_code for _ in range(2)] == [201, 201]
    refused = client.post("/games", body)
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert Game.objects.count() == 2


def test_a_new_games_days_per_move_are_the_new_game_pages_choices():
    client = as_user(UserFactory())
    refused = client.post("/games", {"game": "triad", "days_per_move": 4})
    assert refused.status_code == 422 and not Game.objects.exists()
    made = client.post("/games", {"game": "triad", "days_per_move": 14})
    assert made.status_code == 201 and made.json()["days_per_move"] == 14
