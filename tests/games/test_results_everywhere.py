"""One notion of a result (issue 36): every way a game ends, walked through every place
a result shows, and none may disagree with the engine or with another.

The endings: a win, a draw agreed by the players (Triad TD10 allows it), a draw by rule
(Triad TD10, repetition), a shared first place in Trias (TS14: "if still tied, all such
players win") and in Tri*T*Area ("players share the victory"), a solo Tri*T*Area game
won and lost (its rulebook: "a successful development", "the developer has been
disqualified"), a resignation, a timeout with two players and with three (a computer
plays on in the late player's seat, and wins), and an abort.

The places: the game page, My games, the player page, the result email (text and
HTML), the watch list, the leaderboard, the replay, the record (record.json) and the
data export. Endings that the rules decide are reached by giving the engine a final
position (as the engine tests build positions) and letting the site finish the game
from the engine's own outcome.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from html import unescape

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from accounts.models import User
from games import services
from games.models import Game, GameStatus, SeatStatus
from games.replay import load_state
from mail.sending import compose
from moderation import services as moderation
from ratings.models import Rating
from tests.factories import PASSWORD, UserFactory
from tests.web.helpers import start_game

pytestmark = pytest.mark.django_db

NAMES = ("Alice", "Bob", "Carol")


def people(n: int) -> list[User]:
    return [UserFactory(username=name.lower(), display_name=name) for name in NAMES[:n]]


def finish_as(game: Game, **final) -> Game:
    """The engine's state with ``final`` put in (a final position); the site then ends
    the game from the engine's outcome, as after any move."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        state = replace(load_state(game), **final)
        assert game.engine_module.outcome(state) is not None
        services._store_state(game, state)
    game.refresh_from_db()
    return game


def by_seat(game: Game, words: dict[str, str]) -> dict[int, str]:
    """Expected words by seat index from words by player name."""
    return {s.index: words[s.user.name] for s in game.seats.select_related("user") if s.user}


# Each ending: (the finished game, each player's expected words by seat, the engine's
# winners where the engine decided, or None).


def win():
    alice, bob = people(2)
    game = start_game("triad", [alice, bob])
    game = finish_as(game, result="win", removed=(3, 1))  # TD9: black removed three
    black = game.seats.get(index=0).user.name
    white = game.seats.get(index=1).user.name
    return game, by_seat(game, {black: "Won", white: "Lost"})


def agreed_draw():
    alice, bob = people(2)
    game = start_game("triad", [alice, bob])
    services.draw_offer(game_id=game.pk, user=alice)
    services.draw_answer(game_id=game.pk, user=bob, accept=True)
    game.refresh_from_db()
    return game, by_seat(game, {"Alice": "Draw", "Bob": "Draw"})


def draw_by_rule():
    alice, bob = people(2)
    game = finish_as(start_game("triad", [alice, bob]), result="repetition")  # TD10
    return game, by_seat(game, {"Alice": "Draw", "Bob": "Draw"})


def shared_trias():
    """TS14: equal points, equal herds in stock, equal land masses: all such win."""
    trio = people(3)
    game = start_game("trias", trio)
    state = load_state(game)
    first, second, third = (s.user.name for s in game.seats.select_related("user"))
    game = finish_as(game, phase="over", scores=(10, 10, 4), stock=(state.stock[0],) * 3)
    return game, by_seat(
        game,
        {
            first: "Shared win (10 points)",
            second: "Shared win (10 points)",
            third: "Lost: place 3 of 3 (4 points)",
        },
    )


def shared_tritarea():
    """Tri*T*Area: "In the case of a tie, players share the victory" (three people at
    seats 0-2; the rules' computer seat 3, with more points, is no player)."""
    trio = people(3)
    game = start_game("tritarea", trio)
    first, second, third = (s.user.name for s in game.seats.filter(user__isnull=False))
    game = finish_as(game, phase="over", scores=(30, 30, 20, 50))
    return game, by_seat(
        game,
        {
            first: "Shared win (30 points)",
            second: "Shared win (30 points)",
            third: "Lost: place 3 of 3 (20 points)",
        },
    )


def solo_lost():
    """1 player rules: "If the player is ranked 2nd or lower, the developer has been
    disqualified." The rulebook's own word, so the site says it."""
    (alice,) = people(1)
    game = finish_as(start_game("tritarea", [alice], num_players=1), phase="over",
                     scores=(40, 45, 20, 30))  # fmt: skip
    return game, {0: "Disqualified (40 points)"}


def solo_won():
    """1 player rules: "If the player has the most points, it is a successful
    development."""
    (alice,) = people(1)
    game = finish_as(start_game("tritarea", [alice], num_players=1), phase="over",
                     scores=(50, 45, 20, 30))  # fmt: skip
    return game, {0: "Successful development (50 points)"}


def resignation():
    alice, bob = people(2)
    game = start_game("triad", [alice, bob])
    services.game_resign(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game, by_seat(game, {"Alice": "Won", "Bob": "Resigned"})


def _time_out(game: Game):
    seat = game.seats.select_related("user").filter(is_due=True).first()
    assert services.seat_time_out(seat_id=seat.pk, now=seat.deadline.replace(year=2100))
    seat.refresh_from_db()
    return seat


def timeout_two():
    alice, bob = people(2)
    game = start_game("triad", [alice, bob])
    late = _time_out(game)
    game.refresh_from_db()
    other = "Bob" if late.user.name == "Alice" else "Alice"
    return game, by_seat(game, {late.user.name: "Ran out of time", other: "Won"})


def timeout_three():
    """With three players a computer plays on in the late player's seat; whatever it
    achieves, the late player's result is the timeout (ratings count them last), and
    the others are placed by the engine's final scores."""
    trio = people(3)
    game = start_game("trias", trio)
    late = _time_out(game)
    assert late.status == SeatStatus.TIMED_OUT and Game.objects.get(pk=game.pk).is_over is False
    # The watch list, while the game goes on, says who left.
    watch = Client().get(reverse("watch")).content.decode()
    assert "(ran out of time, computer plays on)" in watch
    others = [s for s in game.seats.select_related("user").order_by("index") if s != late]
    scores = [0, 0, 0]
    scores[late.index], scores[others[0].index], scores[others[1].index] = 20, 10, 5
    state = load_state(game)
    game = finish_as(game, phase="over", scores=tuple(scores), stock=(state.stock[0],) * 3)
    return game, by_seat(
        game,
        {
            late.user.name: "Ran out of time",
            others[0].user.name: "Lost: place 2 of 3 (10 points)",
            others[1].user.name: "Lost: place 3 of 3 (5 points)",
        },
    )


def abort():
    alice, bob = people(2)
    game = start_game("triad", [alice, bob])
    root = User.objects.create_superuser("root", "root@example.com", PASSWORD)
    moderation.game_abort(game_id=game.pk, actor=root, reason="a bug in the clock")
    game.refresh_from_db()
    return game, by_seat(game, {"Alice": "Aborted", "Bob": "Aborted"})


ENDINGS = [
    win,
    agreed_draw,
    draw_by_rule,
    shared_trias,
    shared_tritarea,
    solo_lost,
    solo_won,
    resignation,
    timeout_two,
    timeout_three,
    abort,
]
WON_WORDS = ("Won", "Shared win", "Successful development")


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def standing(words: str) -> tuple:
    """How the ratings must order players with these results (best first)."""
    if words.startswith(("Won", "Successful")):
        return (0, 0)
    if words.startswith(("Shared win", "Draw")):
        return (0, 1)
    if words.startswith("Lost: place"):
        return (1, int(words.split()[2]))
    if words.startswith("Lost"):
        return (1, 2)
    return (2, 0)  # left the game: last


@pytest.mark.parametrize("ending", ENDINGS, ids=lambda f: f.__name__)
def test_every_place_says_the_same_result(ending):
    game, expected = ending()
    game.refresh_from_db()
    seats = list(game.seats.select_related("user").order_by("index"))
    players = [s for s in seats if s.user]
    assert {s.index for s in players} == set(expected)

    # The engine decided it: its winners are the seats that won, drew or (a seat a
    # computer finished for a person who left) belong to a person who left.
    if game.status == GameStatus.FINISHED and load_state(game) is not None:
        outcome = game.engine_module.outcome(load_state(game))
        if outcome is not None:
            for seat in players:
                words = expected[seat.index]
                if seat.index in outcome.winners:
                    assert words.startswith((*WON_WORDS, "Draw", "Ran out of time")), words
                else:
                    assert not words.startswith((*WON_WORDS, "Draw")), words

    # The game page, as each player and as a visitor: every player's result.
    for viewer in [*[signed_in(s.user) for s in players], Client()]:
        html = unescape(viewer.get(reverse("game_detail", args=[game.pk])).content.decode())
        table = html.split('class="players"')[1].split("</table>")[0]
        for seat in players:
            row = table.split(f">{seat.user.name}</a>")[1].split("</tr>")[0]
            # (the points stand in the table's own column)
            assert expected[seat.index].split(" (")[0] in row, (seat.user.name, row)
            for other in {"Won", "Draw", "Lost", "Resigned", "Aborted"} - {
                expected[seat.index].split()[0].rstrip(":")
            }:
                assert f">{other}<" not in row and f"★ {other}" not in row

    for seat in players:
        user, words = seat.user, expected[seat.index]
        won = words.startswith(WON_WORDS)
        client = signed_in(user)

        # My games, "Recently finished".
        html = unescape(client.get(reverse("home")).content.decode())
        finished = html.split('id="finished"')[1]
        row = finished.split(f"#{game.pk}</a>")[1].split("</li>")[0]
        assert (f"<strong>{words}</strong>" if won else f">{words}</span>") in row, row

        # The player's page, as anyone sees it.
        page = Client().get(reverse("player_history", args=[user.username]))
        html = unescape(page.content.decode())
        row = html.split(f"#{game.pk}</strong>")[1].split("</li>")[0]
        assert f"<span>{words}</span>" in row, row

        # The result email, text and HTML: every player's result, the subject only
        # "you won" for a win.
        message = compose.result_email(user, game)
        text = message.body
        body = unescape(message.alternatives[0][0])
        for other in players:
            assert f"  {other.user.name}: {expected[other.index]}\n" in text, text
            assert f">{expected[other.index]}</td>" in body
        assert "(winner)" not in text and "(winner)" not in body
        won_alone = words.startswith(("Won", "Successful"))
        assert message.subject.endswith(": you won") == won_alone, message.subject
        if words == "Draw":
            assert message.subject.endswith(": a draw")

        # The record and the data export.
        record = json.loads(client.get(reverse("game_record", args=[game.pk])).content)
        mine = record["players"][seat.index]["result"]
        assert mine["words"] == words and mine["kind"] == seat.result
        export = json.loads(client.get(reverse("data_download")).content)
        [exported] = [g for g in export["games"] if g["id"] == game.pk]
        assert exported["your_seat"]["result"]["words"] == words

        # The replay: the result beside the position.
        html = unescape(client.get(reverse("game_replay", args=[game.pk])).content.decode())
        result = html.split('id="result-h"')[1].split("</section>")[0]
        for other in players:
            assert f"{other.user.name}: {expected[other.index]}" in result

    # The watch list shows games in play only: an ended game is not among them.
    assert f"#{game.pk}<" not in Client().get(reverse("watch")).content.decode()

    # The leaderboard and the ratings: the rated players in the order of their
    # results, equal results equal ratings; a game no rating counts moves none.
    ratings = {r.user_id: r for r in Rating.objects.filter(user__isnull=False)}
    if game.status == GameStatus.ABORTED or len(players) < 2:
        assert not ratings
        return
    ranked = sorted(players, key=lambda s: standing(expected[s.index]))
    for better, worse in itertools.pairwise(ranked):
        a, b = ratings[better.user_id].display, ratings[worse.user_id].display
        if standing(expected[better.index]) == standing(expected[worse.index]):
            assert a == b
        else:
            assert a > b
    rating = ratings[players[0].user_id]
    board = Client().get(reverse("leaderboard", args=[game.engine, rating.bracket]))
    html = board.content.decode()
    order = sorted(players, key=lambda s: html.index(f">{s.user.name}</a>"))
    assert [standing(expected[s.index]) for s in order] == sorted(
        standing(expected[s.index]) for s in players
    )
    # The player page's ratings say each result as the game does.
    for seat in players:
        page = Client().get(reverse("player_history", args=[seat.user.username]))
        ratings_part = unescape(page.content.decode()).split('id="ratings-heading"')[1]
        row = ratings_part.split(f"#{game.pk}</a></td>")[1].split("</tr>")[0]
        assert f"<td>{expected[seat.index]}</td>" in row
