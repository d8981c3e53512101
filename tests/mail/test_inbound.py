"""Moves by email reply: mail clients' reply shapes, and every way a reply is refused."""

import base64
import hashlib
import hmac
import mailbox
import time
from datetime import timedelta
from email.message import EmailMessage

import pytest
import time_machine
from anymail.inbound import AnymailInboundMessage
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games.models import GameStatus
from games.replay import load_state
from mail import tasks
from mail.models import InboundMessage, Kind, Notification
from mail.replies.inbound import handle_message
from mail.sending import tokens
from tests.factories import due_seat, start_game

pytestmark = pytest.mark.django_db

QUOTE = "Hello {name},\n\nIt is your turn in Triad #{pk}.\n\nLegal moves: {legal}\n"


@pytest.fixture
def game(alice, bob):
    return start_game(alice, bob)


def legal(game):
    game.refresh_from_db()
    return game.engine_module.legal_actions(load_state(game), due_seat(game).index)


def reply_to(game, user=None, version=None):
    user = user or due_seat(game).user
    version = game.version if version is None else version
    token = tokens.reply_token(game_id=game.pk, version=version, user_id=user.pk)
    return tokens.reply_address(token)


_ids = iter(range(10**6))


def mime(*, sender, to, text=None, html=None, subject="Re: Your turn", message_id=None):
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = message_id or f"<reply-{next(_ids)}-{time.time()}@client.test>"
    if text is not None:
        message.set_content(text)
        if html is not None:
            message.add_alternative(html, subtype="html")
    else:
        message.set_content(html, subtype="html")
    return AnymailInboundMessage.parse_raw_mime_bytes(message.as_bytes())


def shapes(move: str, quote: str) -> dict[str, dict]:
    quoted = "".join(f"> {line}\n" for line in quote.splitlines())
    return {
        "gmail": {
            "text": f"{move}\n\nOn Mon, 2 Mar 2026 at 09:05, Tripost <noreply@tripost.test> "
            f"wrote:\n{quoted}",
            "html": f'<div dir="ltr">{move}</div><br><div class="gmail_quote">'
            '<div dir="ltr" class="gmail_attr">On Mon, 2 Mar 2026 at 09:05, Tripost wrote:<br>'
            f'</div><blockquote class="gmail_quote">{quote}</blockquote></div>',
        },
        "outlook": {
            "text": f"{move}\r\n\r\nGet Outlook for iOS<https://aka.ms/o0ukef>\r\n"
            "________________________________\r\nFrom: Tripost <noreply@tripost.test>\r\n"
            "Sent: Monday, March 2, 2026 9:05:12 AM\r\nTo: Alice <alice@example.com>\r\n"
            f"Subject: Your turn in Triad #1\r\n\r\n{quote}",
        },
        "apple_mail": {
            "text": f"{move}\n\nSent from my iPhone\n\n> On 2 Mar 2026, at 09:05, Tripost "
            f"<noreply@tripost.test> wrote:\n> \n{quoted}",
        },
        "thunderbird_top": {
            "text": f"{move}\n\nOn 02/03/2026 09:05, Tripost wrote:\n{quoted}\n-- \nAlice\n",
        },
        "thunderbird_bottom": {
            "text": f"On 02/03/2026 09:05, Tripost wrote:\n{quoted}\n{move}\n\n-- \nAlice\n"
            "Sent with Thunderbird\n",
        },
        "outlook_html_only": {
            "html": f'<html><body><div>{move}</div><div id="appendonsend"></div><hr>'
            '<div id="divRplyFwdMsg"><b>From:</b> Tripost &lt;noreply@tripost.test&gt;'
            f"<br><b>Sent:</b> Monday</div><div>{quote}</div></body></html>",
        },
        "apple_html_only": {
            "html": f"<html><body><div>{move}<br><br><div>Sent from my iPad</div>"
            '<blockquote type="cite">On 2 Mar 2026, at 09:05, Tripost wrote:<br>'
            f"{quote}</blockquote></div></body></html>",
        },
    }


SHAPES = list(shapes("x", "y"))


@pytest.mark.parametrize("shape", SHAPES)
def test_a_reply_plays_its_first_line_through_the_move_service(game, shape):
    seat = due_seat(game)
    moves = legal(game)
    move = moves[-1]
    body = shapes(move, QUOTE.format(name=seat.user.name, pk=game.pk, legal=" ".join(moves)))
    outcome = handle_message(mime(sender=seat.user.email, to=reply_to(game), **body[shape]))
    assert outcome.played, outcome.reason
    game.refresh_from_db()
    assert game.version == 1
    assert game.moves.get(ply=1).action == move
    assert not Notification.objects.filter(kind=Kind.REPLY).exists()


def test_moves_are_forgiven_their_capital_letters(game):
    seat = due_seat(game)
    move = legal(game)[0]
    outcome = handle_message(
        mime(sender=seat.user.email, to=reply_to(game), text=move.upper() + "\n\nSent from phone")
    )
    assert outcome.played, outcome.reason


def test_a_move_in_any_spelling_the_game_reads_is_found_below_a_greeting(game):
    # The game's parser finds the move on any line ("C1 - C3 = II" is "c1-c3=2"), and the
    # move is stored as the game spells it.
    seat = due_seat(game)
    move = next(m for m in legal(game) if m.endswith("=2"))
    frm, to = move.split("=")[0].split("-")
    typed = f"{frm.upper()} - {to.upper()} = II"
    text = f"Hi,\n\n{typed}\n\nSent from phone"
    outcome = handle_message(mime(sender=seat.user.email, to=reply_to(game), text=text))
    assert outcome.played, outcome.reason
    assert game.moves.get(ply=1).action == move


def refusal(user):
    row = Notification.objects.filter(kind=Kind.REPLY, user=user).latest("created_at")
    return row.payload["reason"]


def test_a_forwarded_message_is_refused_and_changes_nothing(game, mailoutbox):
    seat = due_seat(game)
    text = (
        "---------- Forwarded message ---------\nFrom: Tripost <noreply@tripost.test>\n"
        f"Date: Mon, 2 Mar 2026\nSubject: Your turn\n\nLegal moves: {legal(game)[0]}\n"
    )
    outcome = handle_message(mime(sender=seat.user.email, to=reply_to(game), text=text))
    assert not outcome.played
    game.refresh_from_db()
    assert game.version == 0
    assert "no text of its own" in refusal(seat.user)
    tasks.deliver_now(seat.user.pk)
    [mail] = mailoutbox
    assert "was not played" in mail.subject
    assert "Nothing was changed" in mail.body
    assert legal(game)[0] in mail.body  # the legal actions, to try again
    assert mail.reply_to  # a fresh reply address for the same turn


def test_an_illegal_move_is_refused_with_the_reason(game):
    seat = due_seat(game)
    outcome = handle_message(mime(sender=seat.user.email, to=reply_to(game), text="z9-z9=9\n"))
    assert not outcome.played
    assert "“z9-z9=9” is not a legal move now" in refusal(seat.user)
    assert game.moves.count() == 0


def test_a_reply_to_an_old_turn_is_refused_as_stale(game):
    seat = due_seat(game)
    address = reply_to(game)
    first, second = legal(game)[:2]
    assert handle_message(mime(sender=seat.user.email, to=address, text=first)).played
    outcome = handle_message(mime(sender=seat.user.email, to=address, text=second))
    assert not outcome.played
    assert "moved on" in refusal(seat.user)
    game.refresh_from_db()
    assert game.version == 1


def test_the_same_move_sent_twice_is_played_once_without_complaint(game):
    seat = due_seat(game)
    address, move = reply_to(game), legal(game)[0]
    assert handle_message(mime(sender=seat.user.email, to=address, text=move)).played
    again = handle_message(mime(sender=seat.user.email, to=address, text=move))
    assert not again.played and again.reason == "the same move was already played"
    assert not Notification.objects.filter(kind=Kind.REPLY).exists()


def test_a_redelivered_message_is_handled_once(game):
    seat = due_seat(game)
    message = mime(
        sender=seat.user.email, to=reply_to(game), text="z9\n", message_id="<same@client.test>"
    )
    handle_message(message)
    assert handle_message(message).reason == "duplicate delivery, already handled"
    assert Notification.objects.filter(kind=Kind.REPLY).count() == 1
    assert InboundMessage.objects.count() == 1


def test_a_reply_from_another_players_address_is_refused(game, mallory):
    seat = due_seat(game)
    outcome = handle_message(mime(sender=mallory.email, to=reply_to(game), text=legal(game)[0]))
    assert not outcome.played
    assert "not the verified address" in refusal(mallory)
    assert "not the verified address" in refusal(seat.user)  # the player is told too
    game.refresh_from_db()
    assert game.version == 0


def test_a_stranger_is_never_answered_the_player_is_told(game):
    seat = due_seat(game)
    outcome = handle_message(
        mime(sender="someone@elsewhere.test", to=reply_to(game), text=legal(game)[0])
    )
    assert not outcome.played
    assert list(Notification.objects.filter(kind=Kind.REPLY).values_list("user", flat=True)) == [
        seat.user.pk
    ]
    outcome = handle_message(
        mime(sender="someone@elsewhere.test", to="play@tripost.test", text="hello")
    )
    assert not outcome.played
    assert Notification.objects.filter(kind=Kind.REPLY).count() == 1  # no token: dropped


def test_a_forged_token_is_refused(game):
    seat = due_seat(game)
    address = reply_to(game)
    local, domain = address.split("@")
    forged = local[:-3] + ("aaa" if not local.endswith("aaa") else "bbb") + "@" + domain
    outcome = handle_message(mime(sender=seat.user.email, to=forged, text=legal(game)[0]))
    assert not outcome.played
    assert "damaged or forged" in refusal(seat.user)


def test_a_token_for_another_game_cannot_be_bent(game, alice, bob):
    seat = due_seat(game)
    token = tokens.reply_token(game_id=game.pk, version=0, user_id=seat.user.pk)
    data = bytearray(base64.b32decode(token.upper()))
    data[4] ^= 1  # the game id's last byte: another game, the same signature
    bent = base64.b32encode(bytes(data)).decode().lower()
    outcome = handle_message(
        mime(sender=seat.user.email, to=tokens.reply_address(bent), text=legal(game)[0])
    )
    assert not outcome.played and "forged" in outcome.reason


def test_an_expired_token_is_refused(game, settings):
    settings.MAIL_REPLY_TOKEN_DAYS = 30
    seat = due_seat(game)
    address = reply_to(game)
    with time_machine.travel(timezone.now() + timedelta(days=31)):
        outcome = handle_message(mime(sender=seat.user.email, to=address, text=legal(game)[0]))
    assert not outcome.played
    assert "too old" in refusal(seat.user)


def test_a_late_reply_is_settled_as_a_timeout(game):
    seat = due_seat(game)
    address = reply_to(game)
    with time_machine.travel(timezone.now() + timedelta(days=4)):
        outcome = handle_message(mime(sender=seat.user.email, to=address, text=legal(game)[0]))
    assert not outcome.played
    assert "time for this move had run out" in refusal(seat.user)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED


def test_the_anymail_inbound_webhook_plays_the_move(client, game, settings, mount_webhooks):
    mount_webhooks("mailgun")
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret", "MAILGUN_WEBHOOK_SIGNING_KEY": "k3y"}
    seat = due_seat(game)
    move = legal(game)[0]
    raw = mime(sender=seat.user.email, to=reply_to(game), text=move).as_bytes()
    stamp, nonce = str(int(time.time())), "n0nce"
    signature = hmac.new(b"k3y", (stamp + nonce).encode(), hashlib.sha256).hexdigest()
    response = client.post(
        "/anymail/mailgun/inbound_mime/",
        {"body-mime": raw.decode(), "timestamp": stamp, "token": nonce, "signature": signature},
        HTTP_AUTHORIZATION="Basic aG9vazpzZWNyZXQ=",
    )
    assert response.status_code == 200, response.content
    game.refresh_from_db()
    assert game.moves.get(ply=1).action == move


def _mailgun_post(client, raw: bytes, *, stamp: str, nonce: str):
    signature = hmac.new(b"k3y", (stamp + nonce).encode(), hashlib.sha256).hexdigest()
    return client.post(
        "/anymail/mailgun/inbound_mime/",
        {"body-mime": raw.decode(), "timestamp": stamp, "token": nonce, "signature": signature},
        HTTP_AUTHORIZATION="Basic aG9vazpzZWNyZXQ=",
    )


@pytest.mark.parametrize("age", [timedelta(days=1), timedelta(minutes=6), -timedelta(minutes=6)])
def test_an_old_mailgun_signature_is_refused(client, game, settings, mount_webhooks, age):
    """A post signed long ago (a captured one, replayed) or ahead of time changes
    nothing, though its signature is right and its message never seen (issue 42)."""
    mount_webhooks("mailgun")
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret", "MAILGUN_WEBHOOK_SIGNING_KEY": "k3y"}
    seat = due_seat(game)
    raw = mime(sender=seat.user.email, to=reply_to(game), text=legal(game)[0]).as_bytes()
    stamp = str(int((timezone.now() - age).timestamp()))
    response = _mailgun_post(client, raw, stamp=stamp, nonce="fresh-n0nce")
    assert response.status_code == 400
    game.refresh_from_db()
    assert game.version == 0 and not InboundMessage.objects.exists()


def test_a_mailgun_signature_is_taken_once(client, game, settings, mount_webhooks):
    """The same signed token again, even on another message, is refused: the
    signature was made for one post."""
    mount_webhooks("mailgun")
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret", "MAILGUN_WEBHOOK_SIGNING_KEY": "k3y"}
    seat = due_seat(game)
    stamp = str(int(time.time()))
    first = mime(sender=seat.user.email, to=reply_to(game), text="nonsense", message_id="<a@x>")
    assert _mailgun_post(client, first.as_bytes(), stamp=stamp, nonce="n0nce").status_code == 200
    again = mime(sender=seat.user.email, to=reply_to(game), text=legal(game)[0], message_id="<b@x>")
    assert _mailgun_post(client, again.as_bytes(), stamp=stamp, nonce="n0nce").status_code == 400
    game.refresh_from_db()
    assert game.version == 0
    fresh = _mailgun_post(client, again.as_bytes(), stamp=stamp, nonce="other-n0nce")
    assert fresh.status_code == 200
    game.refresh_from_db()
    assert game.version == 1


@pytest.mark.parametrize("kind", ["maildir", "mbox"])
def test_the_read_mailbox_command_plays_waiting_replies(game, tmp_path, kind):
    seat = due_seat(game)
    message = mime(sender=seat.user.email, to=reply_to(game), text=legal(game)[0])
    path = tmp_path / kind
    box = mailbox.Maildir(path) if kind == "maildir" else mailbox.mbox(path)
    box.add(message.as_bytes())
    box.flush()
    args = [str(path)] + (["--mbox"] if kind == "mbox" else [])
    call_command("read_mailbox", *args)
    game.refresh_from_db()
    assert game.version == 1
    box = mailbox.Maildir(path) if kind == "maildir" else mailbox.mbox(path)
    assert len(box) == 0


def test_unsubscribe_get_only_asks_and_post_unsubscribes_without_login(client, alice):
    url = reverse("mail_unsubscribe", args=[tokens.unsubscribe_token(alice.pk)])
    page = client.get(url)
    assert page.status_code == 200 and b'<form method="post"' in page.content
    alice.refresh_from_db()
    assert alice.email_preference == "each_turn"
    response = client.post(url, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.email_preference == "none"
    assert client.get(reverse("mail_unsubscribe", args=["forged"])).status_code == 400
