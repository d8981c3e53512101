"""The board PNG in emails: rasterised once per picture, never another player's picture."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import boards
from games.models import Game, Move
from games.replay import load_state
from mail import tasks
from mail.sending import compose
from tests.factories import due_seat, start_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def pictures(settings, monkeypatch):
    """Board PNGs on; every rasterisation recorded (the SVG it drew)."""
    settings.MAIL_BOARD_PNG = True
    drawn = []
    real = compose.rasterise

    def counting(svg, layers=None):
        drawn.append(svg)
        return real(svg, layers)

    monkeypatch.setattr(compose, "rasterise", counting)
    return drawn


def _png(mail) -> bytes:
    [image] = [p for p in mail.message().walk() if p.get_content_type() == "image/png"]
    return image.get_payload(decode=True)


def _svg(game, seat: int) -> str:
    view = game.engine_module.view(load_state(game), seat)
    return boards.render_svg(game.engine, view, seat=seat, actions=())


def test_the_same_picture_is_rasterised_once(alice, bob, carol, mallory, pictures, mailoutbox):
    with time_machine.travel(T0, tick=False):
        one = start_game(alice, bob)
        two = start_game(carol, mallory)
        # dealt alike: the very same first position (seen from the same side)
        Game.objects.filter(pk=two.pk).update(seed=one.seed, state=one.state)
        assert due_seat(one).index == due_seat(two).index
    with time_machine.travel(T0 + timedelta(minutes=6), tick=False):
        tasks.deliver_now(due_seat(one).user.pk)
        tasks.deliver_now(due_seat(two).user.pk)
    assert len(mailoutbox) == 2
    assert len(pictures) == 1
    assert _png(mailoutbox[0]) == _png(mailoutbox[1])
    assert _png(mailoutbox[0]).startswith(b"\x89PNG")


def _layers(game, seat: int):
    view = game.engine_module.view(load_state(game), seat)
    return boards.layers(game.engine, view, seat=seat)


def test_a_players_picture_never_shows_another_players_hand(alice, bob, pictures):
    game = start_game(alice, bob, engine="tritarea")  # two people, two computer seats
    seats = {s.user_id: s.index for s in game.seats.exclude(user=None)}
    state = load_state(game)
    mine, theirs = seats[alice.pk], seats[bob.pk]
    assert state.hands[mine] != state.hands[theirs]

    alice_png = compose.board_png(game, mine)
    bob_png = compose.board_png(game, theirs)

    # (Tri*T*Area's picture is drawn from its layers: what they draw is the key)
    alice_drawn, bob_drawn = _layers(game, mine), _layers(game, theirs)
    assert alice_drawn.text() != bob_drawn.text()
    assert compose.png_cache_key(alice_drawn.text()) != compose.png_cache_key(bob_drawn.text())
    assert pictures == [alice_drawn.text(), bob_drawn.text()]  # Bob's was drawn for Bob
    assert bob_png == compose.rasterise(bob_drawn.text(), bob_drawn) != alice_png
    assert compose.board_png(game, theirs) == bob_png  # and the cache gives Bob his own
    assert len(pictures) == 3  # (the check's own rasterisation)


def test_a_cache_that_is_down_costs_only_the_rendering(alice, bob, pictures, monkeypatch):
    game = start_game(alice, bob)

    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(compose.cache, "get", down)
    monkeypatch.setattr(compose.cache, "set", down)
    assert compose.board_png(game, 0).startswith(b"\x89PNG")
    assert compose.board_png(game, 0).startswith(b"\x89PNG")
    assert len(pictures) == 2


def _moves_since_in_two_queries(game, seat: int) -> list[int]:
    """The definition: the moves after the seat's last own move, the latest 20."""
    last_own = (
        Move.objects.filter(game=game, seat=seat, by_computer=False)
        .order_by("-ply")
        .values_list("ply", flat=True)
        .first()
    ) or 0
    since = Move.objects.filter(game=game, ply__gt=last_own).order_by("-ply")[:20]
    return [m.ply for m in reversed(since)]


@pytest.mark.parametrize(
    "moves",
    [
        [],
        [(1, False)],
        [(0, False), (1, False)],
        [(0, False)] + [(1, False)] * 3,
        [(0, False)] + [(0, True), (1, False)] * 4,  # computer moves for the seat count
        [(0, False)] + [(1, False)] * 20,
        [(0, False)] + [(1, False)] * 21,
        [(1, False)] * 30,
    ],
)
def test_the_moves_since_the_last_turn_take_one_query(alice, bob, moves, django_assert_num_queries):
    game = start_game(alice, bob)
    game.moves.all().delete()
    Move.objects.bulk_create(
        Move(game=game, ply=ply, seat=seat, action="x", by_computer=computer)
        for ply, (seat, computer) in enumerate(moves, start=1)
    )
    with django_assert_num_queries(1):
        since = [m.ply for m in compose.moves_since_own(game, 0)]
    assert since == _moves_since_in_two_queries(game, 0)
