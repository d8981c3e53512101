"""Issue 13, point 3: answer emails are rationed and respect preferences.

Only authenticated senders are answered; at most one answer per player per game turn
and ``MAIL_ANSWERS_PER_HOUR``; a player who chose no emails gets none; automatic
emails (out of office, bulk, auto-responders) are never played and never answered.
"""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from accounts.models import EmailPreference
from mail import tasks
from mail.models import InboundMessage, Kind, Notification
from mail.replies.inbound import handle_message
from tests.factories import UserFactory, due_seat, start_game
from tests.mail.test_inbound import legal, mime, reply_to

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    return start_game(alice, bob)


def answers(user=None):
    rows = Notification.objects.filter(kind=Kind.REPLY)
    return rows.filter(user=user) if user is not None else rows


def send(game, text, sender=None, **kwargs):
    seat = due_seat(game)
    return handle_message(
        mime(sender=sender or seat.user.email, to=reply_to(game), text=text, **kwargs)
    )


def test_spoofed_replies_are_never_answered(game, settings):
    settings.MAIL_ACCEPT_UNVERIFIED = False  # production: nobody verified these senders
    for _ in range(5):
        assert not send(game, "z9-z9=9").played
    assert answers().count() == 0


def test_one_answer_per_player_and_game_turn(game, mailoutbox):
    seat = due_seat(game)
    for text in ("z9-z9=9", "hello", "a9"):
        assert not send(game, text).played
    assert answers(seat.user).count() == 1
    tasks.deliver_now(seat.user.pk)
    assert len(mailoutbox) == 1
    # the next turn may be answered again
    assert send(game, legal(game)[0]).played
    game.refresh_from_db()
    assert not send(game, "z9-z9=9").played
    assert answers(due_seat(game).user).count() == 1


def test_answers_are_capped_per_hour(alice, bob, settings):
    settings.MAIL_ANSWERS_PER_HOUR = 3
    games = []
    while len(games) < 5:  # five games where alice is to move
        game = start_game(alice, UserFactory())  # a new opponent each: nobody's queue fills
        if due_seat(game).user == alice:
            games.append(game)
    for game in games:
        assert not send(game, "z9-z9=9").played
    assert answers(alice).count() == 3
    with time_machine.travel(timezone.now() + timedelta(minutes=61)):
        assert not send(games[4], "z9-z9=9").played
    assert answers(alice).count() == 4


def test_a_player_who_chose_no_emails_is_not_answered(game):
    seat = due_seat(game)
    seat.user.email_preference = EmailPreference.NONE
    seat.user.save()
    assert not send(game, "z9-z9=9").played
    assert answers().count() == 0


def test_the_seats_player_hears_once_of_replies_from_another_address(game, mallory):
    seat = due_seat(game)
    for _ in range(4):
        send(game, legal(game)[0], sender=mallory.email)
    game.refresh_from_db()
    assert game.version == 0
    assert answers(seat.user).count() == 1
    assert answers(mallory).count() == 1


AUTOMATIC = [
    {"headers": {"Auto-Submitted": "auto-replied"}},
    {"headers": {"Auto-Submitted": "auto-generated"}},
    {"headers": {"X-Autoreply": "yes"}},
    {"headers": {"X-Autorespond": "Out of office"}},
    {"headers": {"Precedence": "bulk"}},
    {"headers": {"Precedence": "junk"}},
    {"headers": {"Precedence": "list"}},
    {"subject": "Out of Office: Your turn in Triad #1"},
    {"subject": "Automatic reply: Your turn in Triad #1"},
    {"subject": "Re: Autoreply: I am away until Monday"},
    {"subject": "Abwesenheitsnotiz: Your turn in Triad #1"},
    {"subject": "Automatische Antwort: Your turn in Triad #1"},
    {"subject": "AW: Ich bin nicht im Büro"},
]


@pytest.mark.parametrize("shape", AUTOMATIC, ids=lambda s: str(s))
def test_automatic_emails_are_never_played_nor_answered(game, shape):
    seat = due_seat(game)
    message = mime(
        sender=seat.user.email,
        to=reply_to(game),
        text=legal(game)[0] + "\n\nI am out of the office until Monday.",
        subject=shape.get("subject", "Re: Your turn"),
    )
    for name, value in shape.get("headers", {}).items():
        message[name] = value
    outcome = handle_message(message)
    assert not outcome.played and outcome.reason.startswith("ignored:")
    game.refresh_from_db()
    assert game.version == 0
    assert answers().count() == 0
    assert InboundMessage.objects.count() == 0


def test_a_person_writing_auto_submitted_no_is_played(game):
    seat = due_seat(game)
    message = mime(sender=seat.user.email, to=reply_to(game), text=legal(game)[0])
    message["Auto-Submitted"] = "no"
    assert handle_message(message).played
