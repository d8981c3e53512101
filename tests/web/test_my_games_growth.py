"""Issue 44, growth flat: My games costs the same whatever the number of a player's
games (bounded sections, one query for all of them), and every game stays a click away
(each section's "All N" link and its pages)."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.models import Seat
from tests.factories import UserFactory, due_seat, play_first_legal
from tests.web.helpers import open_game, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _many_games_allowed(settings):
    settings.MAX_GAMES_AWAITING = 10_000


def client_for(user):
    client = Client()
    client.force_login(user)
    return client


def awaiting(alice, count: int) -> list:
    """``count`` Triad games awaiting alice's move, each due an hour later than the
    one before (the first the most urgent)."""
    games = []
    soon = timezone.now() + timedelta(days=1)
    for i in range(count):
        opponent = UserFactory()
        game = start_game("triad", [alice, opponent])
        if due_seat(game).user != alice:
            play_first_legal(game)
        Seat.objects.filter(game=game, user=alice).update(deadline=soon + timedelta(hours=i))
        games.append(game)
    return games


def waiting(alice, count: int) -> list:
    """``count`` Triad games waiting for alice's opponent."""
    games = []
    for _ in range(count):
        game = start_game("triad", [alice, UserFactory()])
        if due_seat(game).user == alice:
            play_first_legal(game)
        games.append(game)
    return games


def queries_of_a_fresh_page(client) -> int:
    cache.clear()  # drawn, not served from the page cache
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("home")).status_code == 200
    return len(queries)


def test_my_games_makes_no_more_queries_for_100_games_than_for_10(
    django_assert_max_num_queries,
):
    alice = UserFactory()
    awaiting(alice, 5)
    waiting(alice, 5)
    client = client_for(alice)
    with_ten = queries_of_a_fresh_page(client)
    awaiting(alice, 45)
    waiting(alice, 45)
    for _ in range(3):  # invitations and open games too
        open_game(UserFactory(), "triad", 2, invitees=[alice], is_public=False)
        open_game(alice, "triad", 2)
    cache.clear()
    with django_assert_max_num_queries(with_ten):
        html = client.get(reverse("home")).content.decode()
    assert "All 50 games awaiting your move" in html
    assert "All 50 games waiting for others" in html
    # served again from the page cache: fewer still, whatever the number of games
    with django_assert_max_num_queries(3):
        client.get(reverse("home"))


def test_the_most_urgent_games_come_first_and_the_link_leads_to_all_of_them():
    alice = UserFactory()
    due = awaiting(alice, 26)
    others = waiting(alice, 2)
    client = client_for(alice)
    html = client.get(reverse("home")).content.decode()
    mine = html.split('id="my-turn"')[1].split('id="waiting"')[0]
    shown = [g for g in due if f"#{g.pk}<" in mine]
    assert shown == due[:20]  # the twenty due soonest, and in that order
    assert [mine.index(f"#{g.pk}<") for g in shown] == sorted(
        mine.index(f"#{g.pk}<") for g in shown
    )
    assert html.index('id="my-turn"') < html.index('id="waiting"')  # awaiting you first
    assert "All 26 games awaiting your move" in mine
    # said at the top of the section too, not only after twenty games (a phone's scroll)
    assert mine.index("The 20 due soonest of 26.") < mine.index(f"#{due[0].pk}<")
    link = f'href="{reverse("active_games")}?show=due"'
    assert link in mine
    everything = client.get(reverse("active_games"), {"show": "due"}).content.decode()
    assert "Games awaiting your move" in everything
    assert all(f"#{g.pk}<" in everything for g in due)
    assert not any(f"#{g.pk}<" in everything for g in others)  # only that section's
    # both waiting games shown on My games: no "All" link for that section
    assert "games waiting for others" not in html


def test_a_long_section_is_paged_and_its_pages_keep_to_it():
    alice = UserFactory()
    games = waiting(alice, 55)
    awaiting(alice, 1)
    client = client_for(alice)
    first = client.get(reverse("active_games"), {"show": "waiting"}).content.decode()
    assert "Page 1 of 2" in first and "?show=waiting&amp;page=2" in first
    second = client.get(reverse("active_games"), {"show": "waiting", "page": 2}).content.decode()
    listed = [g for g in games if f"#{g.pk}<" in first or f"#{g.pk}<" in second]
    assert len(listed) == 55 and "your turn" not in first + second
    # an unknown section is the whole list of games in play, not an error
    assert client.get(reverse("active_games"), {"show": "nonsense"}).status_code == 200


def test_invitations_beyond_the_shown_ones_are_a_link_away(settings):
    alice = UserFactory()
    invitations = [
        open_game(UserFactory(), "triad", 2, invitees=[alice], is_public=False) for _ in range(22)
    ]
    client = client_for(alice)
    html = client.get(reverse("home")).content.decode()
    section = html.split('id="invitations"')[1].split('id="finished"')[0]
    assert section.count("invites you to") == 20
    assert f'href="{reverse("active_games")}?show=invitations">All 22 invitations' in section
    listed = client.get(reverse("active_games"), {"show": "invitations"}).content.decode()
    assert all(f"#{g.pk}<" in listed for g in invitations)
    assert "invited by" in listed
