"""What the site keeps of the emails it sent with a reply address (mail.replies.sent_text)."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from mail import tasks
from mail.models import Kind, SentEmail
from mail.replies import reply_text, sent_text
from mail.sending.outbox import notify
from tests.factories import start_game
from tests.mail.test_reply_samples import sent_turn_email

pytestmark = pytest.mark.django_db


def test_an_answerable_email_keeps_the_words_it_was_sent_with(alice, bob, mailoutbox):
    game = start_game(alice, bob)
    sent, seat = sent_turn_email(game, mailoutbox)
    [kept] = SentEmail.objects.all()
    assert (kept.user, kept.game, kept.version) == (seat.user, game, game.version)
    assert kept.message_id == sent.extra_headers["Message-ID"]
    text, html, subject = (sent_text.unpack(packed) for packed in kept.words)
    assert text == reply_text.words(sent.body)
    assert html == reply_text.words(reply_text.html_to_text(sent.alternatives[0][0]))
    assert subject == reply_text.words(sent.subject)
    # Only hashes are kept, four bytes a word: no text of the email (a hidden hand, an
    # address) is stored.
    assert all(" " not in packed for packed in kept.words)
    assert len(kept.words[0]) == 4 * ((4 * len(text) + 2) // 3)


def test_an_email_without_a_reply_address_keeps_nothing(alice, mailoutbox):
    notify(user=alice, kind=Kind.VACATION_OVER)
    tasks.deliver_now(alice.pk)
    assert len(mailoutbox) == 1 and not mailoutbox[0].reply_to
    assert not SentEmail.objects.exists()


def test_what_was_kept_goes_when_the_reply_address_has_expired(alice, bob, mailoutbox, settings):
    settings.MAIL_REPLY_TOKEN_DAYS = 30
    game = start_game(alice, bob)
    sent_turn_email(game, mailoutbox)
    with time_machine.travel(timezone.now() + timedelta(days=30)):
        assert sent_text.forget_old() == 0
    with time_machine.travel(timezone.now() + timedelta(days=32)):
        tasks.sweep_outbox()  # the minute's sweep forgets it
    assert not SentEmail.objects.exists()


def test_the_reference_of_a_reply_holds_every_email_kept_for_that_game(alice, bob, mailoutbox):
    game = start_game(alice, bob)
    _sent, seat = sent_turn_email(game, mailoutbox)
    notify(user=seat.user, kind=Kind.REPLY, game=game, payload={"reason": "x", "read": "y"})
    tasks.deliver_now(seat.user.pk)
    assert SentEmail.objects.count() == 2
    reference = sent_text.reference(game=game, user=seat.user, version=game.version)
    assert len(reference.sequences) == 6  # text, HTML and subject of both
    assert reference.contains(reply_text.words("It is your turn."))


def test_a_batch_keeps_the_words_of_its_emails_in_one_insert(
    alice, bob, carol, mallory, mailoutbox
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.factories import due_seat

    games = [start_game(alice, bob), start_game(carol, mallory)]
    later = timezone.now() + timedelta(hours=1)
    with CaptureQueriesContext(connection) as queries:
        assert tasks.deliver_due(10, now=later) == 2
    inserts = [q for q in queries.captured_queries if 'INSERT INTO "mail_sentemail"' in q["sql"]]
    assert len(inserts) == 1
    kept = {(k.user_id, k.game_id) for k in SentEmail.objects.all()}
    assert kept == {(due_seat(g).user_id, g.pk) for g in games}
    assert {k.message_id for k in SentEmail.objects.all()} == {
        m.extra_headers["Message-ID"] for m in mailoutbox
    }


def test_an_email_that_failed_to_send_keeps_no_words(alice, bob, mailoutbox, monkeypatch):
    from django.core.mail import EmailMessage

    start_game(alice, bob)

    def refused(self, *args, **kwargs):
        raise OSError("relay down")

    monkeypatch.setattr(EmailMessage, "send", refused)
    assert tasks.deliver_due(10, now=timezone.now() + timedelta(hours=1)) == 0
    assert not SentEmail.objects.exists()


@pytest.mark.parametrize("language", ["", "de"])  # ("": the site's, English)
def test_every_kind_of_email_keeps_the_words_a_mail_client_shows_of_its_html(settings, language):
    from tests.mail.specimens import specimens

    checked = 0
    for specimen in specimens(settings, language=language):
        message = specimen.build()
        if message is None:
            continue
        [(markup, _kind)] = message.alternatives
        shown = reply_text.words(reply_text.html_to_text(markup))
        assert sent_text.message_words(message)[1] == shown, specimen.label
        checked += 1
    assert checked > 10


def test_the_words_of_html_as_a_mail_client_shows_them():
    markup = (
        "<!doctype html><html><head><title>Tripost</title><style>p{color:red}</style></head>"
        "<body><p>It is <b>your</b>turn.</p><!-- not shown --><ul><li>Bob: a1&amp;lt;b2</li>"
        '<li>Bob wrote: &lt;b&gt;hi&lt;/b&gt; &amp; "bye"</li></ul>'
        '<img src="cid:x" alt="The board &amp; dice"><img src="cid:y" alt="">'
        "<br>Zoë&nbsp;wins<table><tr><td>a</td><td>b</td></tr></table></body></html>"
    )
    assert sent_text.html_words(markup) == reply_text.words(reply_text.html_to_text(markup))
    assert sent_text.html_words(markup) == reply_text.words(
        "It is yourturn. Bob: a1<b2 Bob wrote: <b>hi</b> & bye [The board & dice] Zoë wins ab"
    )
