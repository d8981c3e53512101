"""Replies in every client's style, through the real inbound path (issue 20).

Each sample carries a legal move on top, below the quote or between quoted lines, or
nothing new; in plain text and HTML-only form, 8bit, quoted-printable and base64. The
move must be played exactly, and a reply with nothing new must never play anything,
whichever email the site sent (turn, digest, reminder, answer to a refused reply,
result, timeout, vacation over).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from anymail.inbound import AnymailInboundMessage
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.models import Seat
from games.replay import load_state
from mail import tasks
from mail.models import Kind, SentEmail
from mail.replies.inbound import handle_message
from mail.sending.outbox import notify
from tests.factories import due_seat, start_game
from tests.mail import reply_samples

pytestmark = pytest.mark.django_db
LATER = timedelta(minutes=6)  # past the turn email's hold-back


def sent_turn_email(game, mailoutbox):
    seat = due_seat(game)
    tasks.deliver_now(seat.user.pk, now=timezone.now() + LATER)
    return mailoutbox[-1], seat


def outcome_of(reply, game) -> str | None:
    """The move the reply played (None: nothing), the game rolled back afterwards."""
    with transaction.atomic():
        handle_message(AnymailInboundMessage.parse_raw_mime_bytes(reply.raw))
        move = game.moves.order_by("ply").first()
        transaction.set_rollback(True)
    return move.action if move else None


def legal(game):
    game.refresh_from_db()
    return game.engine_module.legal_actions(load_state(game), due_seat(game).index)


@pytest.mark.parametrize("client", [c.name for c in reply_samples.CLIENTS])
def test_a_move_is_played_wherever_the_player_wrote_it_and_nothing_new_plays_nothing(
    client, alice, bob, mailoutbox
):
    # Triad lists one-word moves, Tri*T*Area two-word ones ("p I8"): both games.
    index = [c.name for c in reply_samples.CLIENTS].index(client)
    game = start_game(alice, bob, engine=("triad", "tritarea")[index % 2])
    sent, seat = sent_turn_email(game, mailoutbox)
    only = [c for c in reply_samples.CLIENTS if c.name == client]
    samples = list(
        reply_samples.replies(
            sent, sender=seat.user.email, moves=legal(game), seed=index, clients=only
        )
    )
    assert {r.posting for r in samples} >= {"top", "bottom", "none"}
    assert {(r.form, r.encoding) for r in samples} == set(reply_samples.FORMS)
    wrong = []
    for reply in samples:
        played = outcome_of(reply, game)
        if played != (reply.move or None):
            wrong.append((reply.posting, reply.form, reply.encoding, reply.move, played))
    assert wrong == []


@pytest.mark.parametrize("engine", ["triad", "tritarea"])
def test_a_quoted_message_that_is_not_the_turn_email_never_gives_its_move(
    engine, alice, bob, mailoutbox
):
    # Issue 41: a friend's message quoted instead of the turn email (its words unknown
    # to the site) holds a legal move on a line of its own; in every client's style,
    # only the move the player wrote above it is played.
    game = start_game(alice, bob, engine=engine)
    sent, seat = sent_turn_email(game, mailoutbox)
    samples = list(
        reply_samples.foreign_replies(sent, sender=seat.user.email, moves=legal(game), seed=7)
    )
    assert {r.client for r in samples} == {c.name for c in reply_samples.CLIENTS}
    wrong = []
    for reply in samples:
        played = outcome_of(reply, game)
        if played != (reply.move or None):
            wrong.append((reply.client, reply.posting, reply.form, reply.move, played))
    assert wrong == []


def test_the_sample_set_holds_every_class_of_issue_41():
    kinds = {c.kind for c in reply_samples.CLIENTS}
    assert kinds == set(reply_samples.KINDS) - {"foreign quote"}
    tight = [c for c in reply_samples.CLIENTS if c.tight]
    assert {c.name.rsplit("-", 1)[-1] for c in tight} >= {"de", "sv", "fr", "ja", "zh", "ko"}


def test_a_reply_quoting_an_email_sent_before_its_words_were_kept_plays_nothing(
    alice, bob, mailoutbox
):
    game = start_game(alice, bob)
    sent, seat = sent_turn_email(game, mailoutbox)
    SentEmail.objects.all().delete()  # sent by an older version of the site
    samples = list(
        reply_samples.replies(
            sent, sender=seat.user.email, moves=legal(game), postings=("none", "top")
        )
    )
    n = len(reply_samples.FORMS)
    for i in range(0, len(samples), n):  # each client and posting in one form, in turn
        reply = samples[i + (i // n) % n]
        assert outcome_of(reply, game) == (reply.move or None), (reply.client, reply.form)


def _refusal_of_two_moves(game, mailoutbox):
    """The answer to a reply naming two legal moves (it quotes both back)."""
    seat = due_seat(game)
    first, *_, second = legal(game)  # not next to each other in the list
    address = mailoutbox[-1].reply_to[0]
    raw = reply_samples.mime(
        sender=seat.user.email,
        to=address,
        subject="Your turn",
        text=f"{first}\n{second}\n",
        form="plain",
        encoding="8bit",
    )
    assert not handle_message(AnymailInboundMessage.parse_raw_mime_bytes(raw)).played
    tasks.deliver_now(seat.user.pk)
    refusal = mailoutbox[-1]
    assert "more than one legal move" in refusal.body
    assert f"| {first}\n" in refusal.body and f"| {second}\n" in refusal.body
    return refusal


def _kind_email(kind, game, alice, bob, carol, mailoutbox):
    """The email of ``kind`` as the outbox sends it, and its player."""
    seat = due_seat(game)
    user = seat.user
    if kind == "turn":
        return sent_turn_email(game, mailoutbox)[0], user
    if kind == "turn in two games":
        for _ in range(30):  # who starts is drawn: another game the player starts
            if due_seat(start_game(alice, bob)).user == user:
                break
        sent = sent_turn_email(game, mailoutbox)[0]
        assert sent.subject.startswith("Your turn in ") and "games" in sent.subject
        return sent, user
    if kind == "reply":
        sent_turn_email(game, mailoutbox)
        return _refusal_of_two_moves(game, mailoutbox), user
    if kind == "digest":
        User.objects.filter(pk=user.pk).update(email_preference="daily_digest")
        notify(user=user, kind=Kind.DIGEST, dedupe_key="digest:test")
    elif kind == "reminder":
        notify(user=user, kind=Kind.REMINDER, game=game, seat=seat, payload=_due(seat))
    elif kind == "result":
        notify(user=user, kind=Kind.RESULT, game=game)
    elif kind == "timeout":
        notify(user=user, kind=Kind.TIMEOUT, game=game, payload={"who": "Carol"})
    elif kind == "vacation_over":
        notify(user=user, kind=Kind.VACATION_OVER)
    tasks.deliver_now(user.pk)
    return mailoutbox[-1], user


def _due(seat: Seat) -> dict:
    seat.refresh_from_db()
    return {"due_since": seat.due_since.isoformat() if seat.due_since else None}


KINDS = [
    "turn",
    "turn in two games",
    "digest",
    "reminder",
    "reply",
    "result",
    "timeout",
    "vacation_over",
]


@pytest.mark.parametrize("kind", KINDS)
def test_every_email_kind_replied_to_with_nothing_new_plays_nothing(
    kind, alice, bob, carol, mailoutbox
):
    game = start_game(alice, bob)
    sent, user = _kind_email(kind, game, alice, bob, carol, mailoutbox)
    assert [user.email in to for to in sent.to] == [True]
    if not sent.reply_to:
        # No reply address (result, timeout, vacation notices): quote the email to the
        # game's live reply address instead, the hardest case for the reader.
        token_mail = sent_turn_email(game, mailoutbox)[0]
        sent.reply_to = token_mail.reply_to
    samples = list(reply_samples.replies(sent, sender=user.email, moves=[], postings=("none",)))
    assert len(samples) == len(reply_samples.CLIENTS) * len(reply_samples.FORMS)
    # Every client, each in one of the forms in turn (the forms are all decoded to the
    # same text; every client in every form is the test above).
    n, shift = len(reply_samples.FORMS), KINDS.index(kind)
    for c in range(len(reply_samples.CLIENTS)):
        reply = samples[c * n + (c + shift) % n]
        assert outcome_of(reply, game) is None, (reply.client, reply.form, reply.encoding)


@pytest.fixture
def moves_one_per_line(settings, tmp_path):
    """Turn emails that list each legal move on a line of its own, exactly as a player
    writes one: what was sent is read from the email itself, whatever its layout."""
    folder = tmp_path / "mail"
    folder.mkdir()
    text = (settings.BASE_DIR / "mail/templates/mail/_section.txt").read_text()
    html = (settings.BASE_DIR / "mail/templates/mail/_section.html").read_text()
    text = text.replace(
        '{% if s.actions %}{% translate "Legal moves:" %} {{ s.actions|join:"  " }}\n',
        '{% if s.actions %}{% translate "Legal moves:" %}\n'
        "{% for a in s.actions %}{{ a }}\n{% endfor %}",
    )
    start, end = html.index("{% if s.actions %}"), html.index("{% elif s.too_many_actions %}")
    html = (
        html[:start] + '{% if s.actions %}<p>{% translate "Legal moves:" %}</p><ul>'
        "{% for a in s.actions %}<li>{{ a }}</li>"
        "{% endfor %}</ul>\n  " + html[end:]
    )
    assert "{% for a in s.actions %}{{ a }}\n" in text and "<li>" in html
    (folder / "_section.txt").write_text(text)
    (folder / "_section.html").write_text(html)
    settings.TEMPLATES = [  # every engine (the text emails have one of their own)
        {**engine, "DIRS": [tmp_path, *engine.get("DIRS", [])]} for engine in settings.TEMPLATES
    ]


@pytest.mark.parametrize("half", [0, 1], ids=["first-half", "second-half"])
@pytest.mark.parametrize("engine", ["triad", "tritarea"])
def test_moves_listed_one_per_line_are_still_never_taken_from_the_quote(
    engine, half, alice, bob, mailoutbox, moves_one_per_line
):
    # Every other sample of the set to each half (two tests, which run side by side).
    game = start_game(alice, bob, engine=engine)
    sent, seat = sent_turn_email(game, mailoutbox)
    moves = legal(game)
    assert f"\n{moves[0]}\n{moves[1]}\n" in sent.body
    samples = list(reply_samples.replies(sent, sender=seat.user.email, moves=moves, seed=3))
    n = len(reply_samples.FORMS)
    by_form = [samples[i] for i in range(len(samples)) if i % (n + 1) == 0 or i % 7 == 0]
    assert {r.posting for r in by_form} == set(reply_samples.POSTINGS)
    wrong = []
    for reply in by_form[half::2]:
        played = outcome_of(reply, game)
        if played != (reply.move or None) and not (
            played is None and reply_samples.may_refuse(reply)
        ):
            wrong.append((reply.client, reply.posting, reply.form, reply.move, played))
    assert wrong == []
