"""Issue 44, growth flat: the daily digest shows the games due soonest, at most
``MAIL_DIGEST_GAMES``, says how many more there are and links to all of them, and
costs the same queries for a player awaited in many games as in a few."""

from datetime import timedelta
from email.utils import parseaddr

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import EmailPreference
from games.models import Seat
from mail import tasks
from mail.models import Kind
from mail.sending import compose, outbox
from tests.factories import UserFactory, due_seat, play_first_legal, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _few_shown(settings):
    settings.MAIL_DIGEST_GAMES = 3
    settings.MAX_GAMES_AWAITING = 10_000


def awaiting(alice, count: int, start: int = 0) -> list:
    """``count`` games awaiting alice, each due an hour after the one before."""
    games = []
    soon = timezone.now() + timedelta(days=1)
    for i in range(start, start + count):
        game = start_game(UserFactory(), alice)
        if due_seat(game).user != alice:
            play_first_legal(game)
        Seat.objects.filter(game=game, user=alice).update(deadline=soon + timedelta(hours=i))
        games.append(game)
    return games


def digest_of(alice, mailoutbox):
    mailoutbox.clear()
    outbox.notify(user=alice, kind=Kind.DIGEST, dedupe_key=f"digest:{timezone.now()}")
    tasks.deliver_now(alice.pk)
    [mail] = [m for m in mailoutbox if parseaddr(m.to[0])[1] == alice.email]
    return mail


@pytest.fixture
def reader(alice):
    alice.email_preference = EmailPreference.DAILY_DIGEST
    alice.save()
    return alice


def test_the_digest_shows_the_soonest_games_and_links_to_the_rest(reader, mailoutbox):
    games = awaiting(reader, 5)
    mail = digest_of(reader, mailoutbox)
    assert mail.subject == "5 games waiting for your move"
    assert "5 games are waiting for your move" in mail.body
    shown = [g for g in games if f"#{g.pk} " in mail.body]
    assert shown == games[:3]  # the three due soonest
    assert "And 2 more games are waiting for your move." in mail.body
    assert "https://tripost.test/games/active/?show=due" in mail.body
    html = mail.alternatives[0][0]
    assert 'href="https://tripost.test/games/active/?show=due"' in html
    assert "And 2 more games are waiting for your move." in html


def test_a_digest_that_shows_every_game_says_no_more(reader, mailoutbox):
    awaiting(reader, 3)
    mail = digest_of(reader, mailoutbox)
    assert mail.subject == "3 games waiting for your move"
    assert "more game" not in mail.body and "?show=due" not in mail.body


def test_the_digest_makes_no_more_queries_for_many_games_than_for_a_few(
    reader, mailoutbox, django_assert_max_num_queries
):
    awaiting(reader, 4)
    with CaptureQueriesContext(connection) as few:
        sections = compose.awaiting_sections(reader, limit=3)
        compose.digest(reader)
    assert len(sections) == 3
    awaiting(reader, 16, start=4)
    with django_assert_max_num_queries(len(few)):
        compose.awaiting_sections(reader, limit=3)
        message = compose.digest(reader)
    assert "And 17 more games" in message.body
