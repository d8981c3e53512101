"""The answer to a refused reply shows what was read as the player's own text."""

import pytest
from anymail.inbound import AnymailInboundMessage

from mail import tasks
from mail.replies.inbound import handle_message
from tests.factories import start_game
from tests.mail import reply_samples
from tests.mail.test_reply_samples import legal, sent_turn_email

pytestmark = pytest.mark.django_db


def reply(seat, sent, text, mailoutbox):
    raw = reply_samples.mime(
        sender=seat.user.email,
        to=sent.reply_to[0],
        subject=sent.subject,
        text=text,
        form="plain",
        encoding="quoted-printable",
    )
    outcome = handle_message(AnymailInboundMessage.parse_raw_mime_bytes(raw))
    tasks.deliver_now(seat.user.pk)
    return outcome, mailoutbox[-1]


def test_the_answer_quotes_back_the_own_text_it_read_without_the_quote(alice, bob, mailoutbox):
    game = start_game(alice, bob)
    sent, seat = sent_turn_email(game, mailoutbox)
    quote = "".join(f"> {line}\n" for line in sent.body.splitlines())
    text = f"Hi,\nI'd go for the corner & the edge\n\nOn Mon, Tripost wrote:\n{quote}"
    outcome, answer = reply(seat, sent, text, mailoutbox)
    assert not outcome.played
    assert "none of the lines of your own text is a legal move now" in answer.body
    assert "  | Hi,\n  | I'd go for the corner & the edge\n" in answer.body
    assert "Tripost wrote" not in answer.body.split("== ")[0]  # the quote is left out
    html = answer.alternatives[0][0]
    assert "I&#x27;d go for the corner &amp; the edge" in html
    assert legal(game)[0] in answer.body  # the legal moves, to try again
    game.refresh_from_db()
    assert game.version == 0


def test_a_reply_with_nothing_new_is_told_where_to_write(alice, bob, mailoutbox):
    game = start_game(alice, bob)
    sent, seat = sent_turn_email(game, mailoutbox)
    quote = "".join(f"> {line}\n" for line in sent.body.splitlines())
    outcome, answer = reply(seat, sent, f"\nOn Mon, Tripost wrote:\n{quote}", mailoutbox)
    assert not outcome.played
    assert "it had no text of its own besides the quoted email" in answer.body
    assert "Write your move on a line of its own, above the quoted email." in answer.body
    assert "  | " not in answer.body
