"""Issue 13, point 8: a huge reply is read only so far, and quoted back only so far."""

import mailbox

import pytest
from django.core.management import call_command

from mail import tasks
from mail.models import InboundMessage, Kind, Notification
from mail.replies.inbound import handle_message
from tests.factories import due_seat, start_game
from tests.mail.test_inbound import legal, mime, reply_to

pytestmark = pytest.mark.django_db

FIVE_MB = 5 * 1024 * 1024


@pytest.fixture
def game(alice, bob):
    return start_game(alice, bob)


def test_a_five_megabyte_reply_makes_a_small_row_and_a_small_answer(game, mailoutbox):
    seat = due_seat(game)
    huge = "z9" * (FIVE_MB // 2)  # one line of 5 MB: what a player gets quoted back
    outcome = handle_message(mime(sender=seat.user.email, to=reply_to(game), text=huge))
    assert not outcome.played
    row = Notification.objects.get(kind=Kind.REPLY)
    assert len(str(row.payload)) < 1500
    assert len(InboundMessage.objects.get().outcome) <= 300
    tasks.deliver_now(seat.user.pk)
    [answer] = mailoutbox
    assert len(answer.message().as_bytes()) < 30_000
    assert "z9z9z9" in answer.body and "…" in answer.body  # quoted, and cut


def test_a_legal_move_above_a_huge_quote_is_still_played(game):
    seat = due_seat(game)
    move = legal(game)[0]
    text = move + "\n\n" + "> old text\n" * (FIVE_MB // 11)
    assert handle_message(mime(sender=seat.user.email, to=reply_to(game), text=text)).played


def test_the_mailbox_reader_sets_aside_messages_above_its_cap(game, tmp_path, settings):
    settings.MAIL_MAX_MESSAGE_BYTES = 1024 * 1024
    seat = due_seat(game)
    path = tmp_path / "Maildir"
    box = mailbox.Maildir(path)
    text = legal(game)[0] + "\n\n" + "x" * (2 * 1024 * 1024)
    box.add(mime(sender=seat.user.email, to=reply_to(game), text=text).as_bytes())
    call_command("read_mailbox", str(path))
    game.refresh_from_db()
    assert game.version == 0
    [held] = box.get_folder("Quarantine")
    assert "MAIL_MAX_MESSAGE_BYTES" in held["X-Tripost-Quarantined"]
    assert len(box) == 0
