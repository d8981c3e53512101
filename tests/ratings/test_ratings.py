"""Ratings (issue 14, "Ratings"): one update per finished rated game, ranks from the
result (ties shared, leavers last), casual and aborted games unrated, moderators can
void, and every stored value can be recomputed from the finished games."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
import time_machine
from django.core.management import CommandError, call_command
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game
from moderation import services as moderation
from moderation.models import AuditLog
from ratings import services as ratings
from ratings import system
from ratings.models import RatedGame, Rating, RatingChange
from tests.factories import UserFactory, start_game


def rating(user, engine="triad", bracket="two") -> Rating:
    return Rating.objects.get(user=user, engine=engine, bracket=bracket)


@pytest.fixture
def people():
    return [UserFactory(username=n) for n in ("alice", "bob", "carol", "dave", "erin")]


# --- the rules, without the database -------------------------------------------------


def test_ranks_share_ties_and_put_leavers_last():
    P = system.Place
    places = [P(0, 2, "playing"), P(1, 1, "playing"), P(2, 1, "resigned"), P(3, 2, "playing"),
              P(4, 3, "timed_out")]  # fmt: skip
    assert system.ranks(places) == [2, 1, 3, 2, 3]


def test_a_newcomer_shows_1000_and_a_win_moves_both_players():
    assert system.display(system.MU, system.SIGMA) == 1000
    (w_mu, w_sigma), (l_mu, l_sigma) = system.rate([(25, 25 / 3), (25, 25 / 3)], [1, 2])
    assert w_mu > 25 > l_mu and w_sigma < 25 / 3 and l_sigma < 25 / 3


# --- rating a finished game ----------------------------------------------------------


@pytest.mark.django_db
def test_a_two_player_win_moves_ratings_once(people):
    alice, bob = people[:2]
    game = start_game(alice, bob)
    services.game_resign(game_id=game.pk, user=bob)
    a, b = rating(alice), rating(bob)
    assert a.display > 1000 > b.display and a.games == b.games == 1
    assert RatedGame.objects.filter(game=game).count() == 1
    # Reported again (a retried task, a second signal): nothing changes.
    game.refresh_from_db()
    assert ratings.rate_game(game=game) is None
    assert rating(alice).mu == a.mu and rating(alice).games == 1
    assert RatingChange.objects.filter(rated_game__game=game).count() == 2


@pytest.mark.django_db
def test_a_casual_game_and_an_aborted_game_change_no_rating(people):
    alice, bob = people[:2]
    casual = services.game_create(
        creator=alice, engine="triad", num_players=2, options={}, days_per_move=3,
        invitees=[bob], is_public=False, rated=False,
    )  # fmt: skip
    services.invitation_accept(game_id=casual.pk, user=bob)
    services.game_resign(game_id=casual.pk, user=bob)
    aborted = start_game(alice, bob)
    admin = UserFactory(username="mod", is_staff=True)
    moderation.game_abort(game_id=aborted.pk, actor=admin, reason="test")
    assert not Rating.objects.exists() and not RatedGame.objects.exists()


@pytest.mark.django_db
def test_three_players_a_resigned_seat_ranks_last_even_if_its_computer_wins(people):
    """A seat whose person resigned is played on by the computer; whatever it scores,
    its person ranks below the seats still in play."""
    alice, bob, carol = people[:3]
    game = start_game(alice, bob, carol, engine="trias")
    services.game_resign(game_id=game.pk, user=bob)
    bob_seat = game.seats.get(user=bob)
    admin = UserFactory(username="mod", is_staff=True)
    moderation.game_adjudicate(
        game_id=game.pk, actor=admin, reason="test", winners=[bob_seat.index]
    )
    changes = {c.rating.user: c for c in RatingChange.objects.select_related("rating__user")}
    assert changes[bob].rank == 2  # last: alice and carol (rank 1, tied) stayed
    assert changes[alice].rank == changes[carol].rank == 1
    assert rating(bob, "trias", "multi").mu < system.MU < rating(alice, "trias", "multi").mu


@pytest.mark.django_db
def test_five_players_agreeing_a_draw_share_first_place(people):
    game = start_game(*people, engine="trias")
    admin = UserFactory(username="mod", is_staff=True)
    moderation.game_adjudicate(game_id=game.pk, actor=admin, reason="test", winners=[], draw=True)
    ranks = set(RatingChange.objects.values_list("rank", flat=True))
    assert ranks == {1}
    mus = {round(r.mu, 9) for r in Rating.objects.filter(bracket="multi")}
    assert len(mus) == 1  # everyone moved alike


@pytest.mark.django_db
def test_two_and_many_players_are_rated_apart(people):
    alice, bob, carol = people[:3]
    services.game_resign(game_id=start_game(alice, bob, engine="trias").pk, user=bob)
    g3 = start_game(alice, bob, carol, engine="trias")
    moderation.game_adjudicate(
        game_id=g3.pk, actor=UserFactory(username="mod"), reason="t", winners=[0]
    )
    assert set(Rating.objects.filter(user=alice).values_list("bracket", flat=True)) == {
        "two",
        "multi",
    }


# --- recompute and void -------------------------------------------------------------


def _played(people, n=4):
    alice, bob, carol = people[:3]
    for i in range(n):
        game = start_game(alice, bob if i % 2 else carol)
        loser = [alice, bob if i % 2 else carol][i % 3 == 0]
        services.game_resign(game_id=game.pk, user=loser)


@pytest.mark.django_db
def test_recompute_reproduces_the_stored_ratings_and_finds_a_tampered_one(people):
    _played(people)
    call_command("recompute_ratings")  # exits normally: every value reproduced
    Rating.objects.filter(user=people[0]).update(mu=40)
    with pytest.raises(CommandError, match="differ"):
        call_command("recompute_ratings")
    call_command("recompute_ratings", "--write")
    call_command("recompute_ratings")
    assert rating(people[0]).mu != 40


@pytest.mark.django_db
def test_voiding_a_game_takes_its_change_back_and_is_audit_logged(people):
    alice, bob = people[:2]
    first = start_game(alice, bob)
    services.game_resign(game_id=first.pk, user=bob)
    before = rating(alice).mu, rating(bob).mu
    second = start_game(alice, bob)
    services.game_resign(game_id=second.pk, user=alice)
    admin = UserFactory(username="mod", is_staff=True)
    ratings.void_game(game_id=second.pk, actor=admin, reason="Bob used a computer")
    assert (rating(alice).mu, rating(bob).mu) == pytest.approx(before)
    assert rating(alice).games == 1
    log = AuditLog.objects.get(action="void_rating")
    assert log.game_id == second.pk and log.actor == admin
    with pytest.raises(ValueError, match="already void"):
        ratings.void_game(game_id=second.pk, actor=admin, reason="again")
    call_command("recompute_ratings")


# --- where ratings are shown ----------------------------------------------------------


@pytest.mark.django_db
def test_leaderboard_lists_only_players_active_in_the_last_90_days(client, people):
    alice, bob, carol = people[:3]
    with time_machine.travel(timezone.now() - timedelta(days=120)):
        services.game_resign(game_id=start_game(carol, bob).pk, user=bob)
    services.game_resign(game_id=start_game(alice, bob).pk, user=bob)
    html = client.get(reverse("leaderboard", args=["triad", "two"])).content.decode()
    assert "alice" in html and "bob" in html
    assert "carol" not in html  # her only game was 120 days ago
    assert "Provisional" in html  # one game each: provisional, listed apart
    assert client.get(reverse("leaderboard", args=["triad", "multi"])).status_code == 404
    assert client.get(reverse("leaderboard", args=["chess", "two"])).status_code == 404


@pytest.mark.django_db
def test_the_players_page_shows_rating_chart_and_results(client, people):
    alice, bob = people[:2]
    game = start_game(alice, bob)  # (a private game)
    services.game_resign(game_id=game.pk, user=bob)
    client.force_login(alice)
    html = client.get(reverse("player_history", args=["alice"])).content.decode()
    shown = rating(alice).display
    assert f"Triad, two players: {shown}" in html and "(provisional)" in html
    assert '<svg class="rating-chart"' in html
    assert f"#{game.pk}</a></td>\n          <td>Won</td>" in html
    # Anyone else sees the rating (the leaderboards list it), not the private game.
    client.logout()
    html = client.get(reverse("player_history", args=["alice"])).content.decode()
    assert f"Triad, two players: {shown}" in html
    assert '<svg class="rating-chart"' not in html and f"#{game.pk}" not in html


@pytest.mark.django_db
def test_ratings_beside_names_in_the_lobby_and_on_the_game_page(client, people):
    alice, bob, carol = people[:3]
    services.game_resign(game_id=start_game(alice, bob).pk, user=bob)
    open_game = services.game_create(
        creator=alice, engine="triad", num_players=2, options={}, days_per_move=3,
        invitees=[], is_public=True,
    )  # fmt: skip
    client.force_login(carol)
    lobby = client.get(reverse("lobby")).content.decode()
    assert f"{rating(alice).display}?" in lobby
    finished = Game.objects.filter(status="finished").first()
    client.force_login(alice)  # a private game: its players see it
    page = client.get(finished.get_absolute_url()).content.decode()
    assert f"{rating(bob).display}?" in page
    assert open_game.rated


@pytest.mark.django_db
def test_a_game_page_shows_a_rating_the_moment_another_game_changes_it(client, people):
    """The ratings beside names are kept in the cache (every game page shows them):
    a game ending elsewhere forgets them, so the next page drawn shows the new value."""
    alice, bob, carol, dave = people[:4]
    services.game_resign(game_id=start_game(alice, bob).pk, user=bob)
    before = rating(alice).display
    running = start_game(alice, bob)
    Game.objects.filter(pk=running.pk).update(is_public=True)
    client.force_login(carol)
    assert f"{before}?" in client.get(running.get_absolute_url()).content.decode()
    services.game_resign(game_id=start_game(alice, bob).pk, user=bob)
    assert rating(alice).display != before
    client.force_login(dave)  # another viewer: a page of his own, drawn now
    page = client.get(running.get_absolute_url()).content.decode()
    assert f"{rating(alice).display}?" in page and f"{rating(bob).display}?" in page


# --- concurrency ---------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_games_of_one_player_ending_at_once_both_count():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL's row locks across connections")
    alice, bob, carol = (UserFactory(username=n) for n in ("alice", "bob", "carol"))
    games = [start_game(alice, bob), start_game(alice, carol)]
    losers = [bob, carol]
    barrier = threading.Barrier(2)
    errors = []

    def finish(game, loser):
        try:
            barrier.wait()
            services.game_resign(game_id=game.pk, user=loser)
        except Exception as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=finish, args=pair) for pair in zip(games, losers, strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert rating(alice).games == 2
    assert RatedGame.objects.count() == 2
    assert ratings.recompute(write=False) == []


@pytest.mark.django_db
def test_a_game_against_a_computer_is_rated_against_its_level(people):
    alice = people[0]
    game = services.game_create(
        creator=alice,
        engine="triad",
        num_players=2,
        options={},
        days_per_move=3,
        invitees=[],
        is_public=False,
        computers=["strong"],
    )
    services.game_resign(game_id=game.pk, user=alice)
    level = Rating.objects.get(user=None, computer_level="strong", engine="triad")
    assert level.games == 1 and level.display > rating(alice).display
    assert rating(alice).games == 1


@pytest.mark.django_db
def test_a_level_rated_before_its_prior_changed_is_still_reproduced(people, monkeypatch):
    """Levels' priors follow new measurements (ratings.system.LEVELS); a level's rating
    keeps the prior it started from, so replaying its games still reproduces it, and a
    moderator's void replays from that start, not from today's prior."""
    alice, bob = people[:2]
    for person in (alice, bob):
        game = services.game_create(
            creator=person, engine="triad", num_players=2, options={}, days_per_move=3,
            invitees=[], is_public=False, computers=["strong"],
        )  # fmt: skip
        services.game_resign(game_id=game.pk, user=person)
    level = Rating.objects.get(user=None, computer_level="strong", engine="triad")
    started = system.LEVELS["strong"][1]
    assert (level.prior_mu, level.games) == (started, 2)
    monkeypatch.setitem(system.LEVELS, "strong", ("Strong", started + 3.0, 4.0))
    call_command("recompute_ratings")  # exits normally: nothing differs
    moderation_user = UserFactory(username="mod", is_staff=True)
    first = RatedGame.objects.order_by("id").first()
    ratings.void_game(game_id=first.game_id, actor=moderation_user, reason="test")
    level.refresh_from_db()
    assert level.games == 1
    # the remaining game replayed from the prior the level started at
    change = RatingChange.objects.get(rating=level, rated_game__voided_at__isnull=True)
    assert change.mu_before == pytest.approx(started)

    # a row from before the field was kept replays from today's prior, as it did
    Rating.objects.filter(pk=level.pk).update(prior_mu=None, prior_sigma=None)
    with pytest.raises(CommandError, match="differ"):
        call_command("recompute_ratings")


@pytest.mark.django_db
def test_a_game_pages_ratings_are_read_as_the_orm_reads_them(people):
    """Uncached, the ratings beside a game's names come from one query: every
    column as the ORM's, a person's and a computer level's, none for the unrated."""
    from django.core.cache import cache

    alice, bob, carol = people[:3]
    first = services.game_create(
        creator=alice, engine="triad", num_players=2, options={}, days_per_move=3,
        invitees=[], is_public=False, computers=["strong"],
    )  # fmt: skip
    services.game_resign(game_id=first.pk, user=alice)  # (alice and the level now rated)
    game = start_game(alice, bob)
    with_level = services.game_create(
        creator=carol, engine="triad", num_players=2, options={}, days_per_move=3,
        invitees=[], is_public=False, computers=["strong"],
    )  # fmt: skip
    cache.clear()
    shown = ratings.seat_ratings(game)
    mine = game.seats.get(user=alice).index
    assert set(shown) == {mine}  # bob has no rating yet
    fields = [f.attname for f in Rating._meta.concrete_fields]
    assert [getattr(shown[mine], f) for f in fields] == [getattr(rating(alice), f) for f in fields]
    cache.clear()
    levels = ratings.seat_ratings(with_level)
    strong = Rating.objects.get(user=None, computer_level="strong", engine="triad")
    computer = with_level.seats.get(user=None).index
    assert set(levels) == {computer}  # carol has none yet
    assert [getattr(levels[computer], f) for f in fields] == [getattr(strong, f) for f in fields]


# --- what the marks mean (issue 34: '"953?" and "★" beside ratings are not explained
# anywhere') ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_game_page_explains_the_provisional_mark_and_the_winners_star(client, people):
    alice, bob = people[:2]
    game = start_game(alice, bob)
    services.game_resign(game_id=game.pk, user=bob)
    client.force_login(alice)
    page = client.get(game.get_absolute_url()).content.decode()
    key = page[page.index('class="players-key') :].split("</p>")[0]
    games = system.PROVISIONAL_GAMES
    assert f"A rating with ? is provisional: fewer than {games} rated games so far." in key
    assert "★ marks the winner." in key
    assert 'href="/ratings/#how-ratings-work"' in key
    assert 'aria-label="winner">★</span>' in page


@pytest.mark.django_db
def test_a_casual_game_without_winner_shows_no_key(client, people):
    alice, bob = people[:2]
    game = start_game(alice, bob)
    Game.objects.filter(pk=game.pk).update(rated=False)
    client.force_login(alice)
    assert "players-key" not in client.get(game.get_absolute_url()).content.decode()


@pytest.mark.django_db
def test_the_leaderboards_page_says_how_ratings_work(client, people):
    page = client.get(reverse("leaderboards")).content.decode()
    assert 'id="how-ratings-work"' in page
    assert "A newcomer shows 1000" in page
    assert f"fewer than {system.PROVISIONAL_GAMES} rated games so far" in page
    assert "★ marks the winner" in page


@pytest.mark.django_db
def test_the_lobby_explains_the_provisional_mark(client, people):
    alice, carol = people[0], people[2]
    services.game_create(
        creator=alice, engine="triad", num_players=2, options={}, days_per_move=3,
        invitees=[], is_public=True,
    )  # fmt: skip
    client.force_login(carol)
    lobby = client.get(reverse("lobby")).content.decode()
    assert "A rating with ? is provisional" in lobby and "#how-ratings-work" in lobby
