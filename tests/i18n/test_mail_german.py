"""Emails in the recipient's language (issue 16): every kind of email composed for a
German player reads German in all three parts (subject, text, HTML), whoever's action
queued it and whatever language the request that did was in; answers to emailed
replies are in the replying player's language; German reply words answer invitations
and draw offers.

Links and addresses are not sentences (a URL's ``/games/`` is not English). Texts the
games app writes into an email (the time control, what a move did, the board's title,
why a game ended, engine errors) come from the games catalogue and are checked like
every other word.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone, translation

from accounts.models import User
from games import services
from games.models import GameStatus
from mail import tasks
from mail.models import Kind, Notification
from mail.replies.inbound import handle_message
from mail.sending import compose
from tests.factories import UserFactory, due_seat, start_game
from tests.i18n.english import english_left, texts_of
from tests.mail.specimens import GUEST_INVITATION, specimens
from tests.mail.test_inbound import legal, mime, reply_to
from tests.mail.test_invitations import invite
from tests.mail.test_invitations import reply as reply_by_email
from tests.mail_fixtures import _mail_settings, queued, settling_tasks  # noqa: F401

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
LATER = timedelta(minutes=10)  # past the turn emails' hold-back
URLS = re.compile(r"https?://[^\s<>\"]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)*")
NAMES = frozenset()  # the cast (Alice, Bob, Carol, Mallory, Dave) holds no English word


@pytest.fixture(autouse=True)
def _language_restored():
    """A request's LocaleMiddleware leaves its language active in the thread after the
    response: put back what was active, so no later test runs in German."""
    with translation.override(translation.get_language()):
        yield


def english_in(text: str) -> list[str]:
    """The pieces of ``text`` (an email part) that still hold an English word."""
    pieces = texts_of(text) if "<" in text and ">" in text else text.splitlines()
    found = []
    for piece in pieces:
        piece = URLS.sub("…", piece)
        found += english_left(piece.replace("<", "‹").replace(">", "›"), allowed=NAMES)
    return found


def parts(message) -> dict[str, str]:
    return {
        "subject": message.subject,
        "text": message.body,
        "html": message.alternatives[0][0],
    }


def test_every_kind_of_email_is_german_for_a_german_recipient(settings):
    found = specimens(settings, pictures=False, language="de")
    # every kind, none forgotten
    assert {s.kind for s in found} == {*Kind.values, GUEST_INVITATION}
    english = []
    for specimen in found:
        message = specimen.build()
        assert '<html lang="de">' in message.alternatives[0][0]
        for part, text in parts(message).items():
            english += [f"{specimen.label}, {part}: {left}" for left in english_in(text)]
    assert english == []


def test_the_picture_and_its_alt_text_follow_the_recipient(settings):
    settings.MAIL_BOARD_PNG = True
    alice = UserFactory(username="alice", display_name="Alice", language="de")
    bob = UserFactory(username="bob", display_name="Bob")
    game = start_game(alice, bob)
    seat = due_seat(game)
    with translation.override("en"):  # a request or worker in another language
        message = compose.turn_email(seat.user, [compose.game_section(game, seat.user)])
    html = message.alternatives[0][0]
    alt = re.search(r'<img [^>]*alt="([^"]*)"', html).group(1)
    if seat.user == alice:
        assert alt.startswith(f"Das Spielbrett von Triad #{game.pk}.")
        assert english_in(alt) == []
    else:
        assert alt.startswith(f"The board of Triad #{game.pk}.")
    assert message.attachments  # the picture rides along


def _move_and_mail(game, mailoutbox):
    """The due player moves, in their own language; the next player's turn email."""
    seat = due_seat(game)
    with translation.override(seat.user.language or "en"):
        services.move_play(
            game_id=game.pk,
            user=seat.user,
            action=legal(game)[0],
            expected_version=game.version,
        )
    game.refresh_from_db()
    recipient = due_seat(game).user
    before = len(mailoutbox)
    tasks.deliver_now(recipient.pk, now=timezone.now() + LATER)
    assert len(mailoutbox) == before + 1
    return seat.user, recipient, mailoutbox[-1]


def test_a_german_senders_move_mails_each_recipient_in_their_own_language(mailoutbox):
    alice = UserFactory(username="alice", display_name="Alice", language="de")
    bob = UserFactory(username="bob", display_name="Bob")  # no choice: English
    game = start_game(alice, bob)
    seen = {}
    for _ in range(2):  # one move by each: German to English, English to German
        sender, recipient, message = _move_and_mail(game, mailoutbox)
        assert sender != recipient
        seen[recipient.username] = message
    to_bob, to_alice = seen["bob"], seen["alice"]
    assert to_bob.subject == f"Your turn in Triad #{game.pk}"
    assert "Reply to this email with your move" in to_bob.body
    assert to_alice.subject == f"Du bist am Zug in Triad #{game.pk}"
    assert "Antworte auf diese E-Mail mit deinem Zug" in to_alice.body
    for part, text in parts(to_alice).items():
        assert english_in(text) == [], part


def _answer_to(user, game, text, mailoutbox, *, request_language):
    """The answer email to ``user``'s reply ``text``, handled in ``request_language``."""
    with translation.override(request_language):
        outcome = handle_message(mime(sender=user.email, to=reply_to(game, user), text=text))
    assert not outcome.played
    tasks.deliver_now(user.pk)
    return outcome, mailoutbox[-1]


def test_the_answer_to_a_german_players_reply_is_german(mailoutbox):
    alice = UserFactory(username="alice", display_name="Alice", language="de")
    bob = UserFactory(username="bob", display_name="Bob", language="de")
    game = start_game(alice, bob)
    seat = due_seat(game)
    text = "Hallo,\nich überlege noch"  # no legal move in it
    outcome, answer = _answer_to(seat.user, game, text, mailoutbox, request_language="en")
    assert outcome.reason == "keine Zeile deines eigenen Textes ist jetzt ein erlaubter Zug"
    assert answer.subject == f"Dein Zug per E-Mail wurde nicht gespielt (Triad #{game.pk})"
    assert "Deine Antwort wurde nicht gespielt: keine Zeile deines eigenen Textes" in answer.body
    assert "Das haben wir als deinen eigenen Text gelesen" in answer.body
    for part, text in parts(answer).items():
        assert english_in(text) == [], part
    game.refresh_from_db()
    assert game.version == 0  # nothing was played


def test_the_answer_to_an_english_players_reply_stays_english(mailoutbox):
    alice = UserFactory(username="alice", display_name="Alice")
    bob = UserFactory(username="bob", display_name="Bob")
    game = start_game(alice, bob)
    seat = due_seat(game)
    outcome, answer = _answer_to(seat.user, game, "", mailoutbox, request_language="de")
    assert outcome.reason == "it had no text of its own besides the quoted email"
    assert answer.subject == f"Your emailed move was not played (Triad #{game.pk})"
    assert "Write your move on a line of its own" in answer.body


def test_a_forged_address_is_answered_in_the_senders_language(mailoutbox):
    alice = UserFactory(username="alice", display_name="Alice", language="de")
    bob = UserFactory(username="bob", display_name="Bob")
    start_game(alice, bob)
    forged = "play+" + "a" * 40 + "@tripost.test"
    for user, words in ((alice, "die Antwortadresse war keine von unseren"), (bob, "not one")):
        with translation.override("en" if user == alice else "de"):
            handle_message(mime(sender=user.email, to=forged, text="a1-b2"))
        tasks.deliver_now(user.pk)
        assert words in mailoutbox[-1].body


@pytest.mark.parametrize("text", ["annehmen", "Annehmen!"])
def test_annehmen_accepts_an_invitation(text):
    alice = UserFactory(username="alice", display_name="Alice", language="de")
    bob = UserFactory(username="bob", display_name="Bob", language="de")
    game = invite(alice, bob)
    outcome = reply_by_email(bob, game, text)
    assert outcome.played and outcome.reason == "Einladung angenommen"
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


def test_ablehnen_declines_an_invitation():
    alice = UserFactory(username="alice", display_name="Alice")
    bob = UserFactory(username="bob", display_name="Bob")  # English emails, German words
    game = invite(alice, bob)
    outcome = reply_by_email(bob, game, "ablehnen")
    assert outcome.played and outcome.reason == "invitation declined"
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED


@pytest.mark.parametrize(
    "text, accepted",
    [("Remis annehmen", True), ("remis ablehnen.", False), ("Remisangebot annehmen", True)],
)
def test_german_words_answer_a_draw_offer(text, accepted):
    alice = UserFactory(username="alice", display_name="Alice", language="de")
    bob = UserFactory(username="bob", display_name="Bob", language="de")
    game = start_game(alice, bob)
    services.draw_offer(game_id=game.pk, user=alice)
    outcome = reply_by_email(bob, game, text)
    assert outcome.played
    assert outcome.reason == ("Remis angenommen" if accepted else "Remis abgelehnt")
    game.refresh_from_db()
    assert (game.status == GameStatus.FINISHED) is accepted


def test_a_bare_annehmen_to_a_draw_offer_is_told_the_german_words():
    alice = UserFactory(username="alice", display_name="Alice", language="de")
    bob = UserFactory(username="bob", display_name="Bob", language="de")
    game = start_game(alice, bob)
    services.draw_offer(game_id=game.pk, user=alice)
    outcome = reply_by_email(bob, game, "annehmen")
    assert not outcome.played
    assert outcome.reason == (
        "um das Remisangebot zu beantworten, antworte mit Remis annehmen oder Remis ablehnen"
    )
    answer = Notification.objects.get(kind=Kind.REPLY, user=bob)
    assert answer.payload["reason"] == outcome.reason


def test_the_german_emails_ask_for_the_words_that_answer_them(settings):
    found = {s.kind: s for s in specimens(settings, pictures=False, language="de")}
    assert "mit annehmen oder ablehnen als erster Zeile" in found[Kind.INVITATION].build().body
    draw = found[Kind.DRAW_OFFER].build()
    assert "mit Remis annehmen oder Remis ablehnen als erster Zeile" in draw.body
    assert "<strong>Remis annehmen</strong>" in draw.alternatives[0][0]


def _main(html: str) -> str:
    """The page's own content (the site's header and footer are the site area's)."""
    return html.split("<main", 1)[1].split("</main>", 1)[0]


def test_the_unsubscribe_page_is_german(client):
    from mail.sending import tokens

    user = UserFactory(username="alice", display_name="Alice")
    url = f"/mail/unsubscribe/{tokens.unsubscribe_token(user.pk)}/"
    asked = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert "Alle E-Mails zu Partien an Alice abbestellen?" in asked.content.decode()
    assert english_in(_main(asked.content.decode())) == []
    done = client.post(url, HTTP_ACCEPT_LANGUAGE="de")
    assert "Abbestellt: Alice bekommt keine E-Mails zu Partien mehr." in done.content.decode()
    assert english_in(_main(done.content.decode())) == []
    user.refresh_from_db()
    assert user.email_preference == "none"
    damaged = client.get("/mail/unsubscribe/nonsense/", HTTP_ACCEPT_LANGUAGE="de")
    assert damaged.status_code == 400
    assert damaged.content.decode() == "Dieser Abbestell-Link ist beschädigt."


@pytest.mark.parametrize("reason", ["bounced", "complained"])
def test_the_stopped_emails_notice_is_german(client, reason):
    from mail.models import Suppression
    from tests.factories import PASSWORD

    user = UserFactory(username="alice", display_name="Alice", language="de")
    Suppression.objects.create(user=user, email=user.email, reason=reason, detail="550 5.1.1")
    client.login(username=user.username, password=PASSWORD)
    page = client.get("/").content.decode()
    notice = page.split('<section class="message mail-stopped"', 1)[1].split("</section>", 1)[0]
    assert "E-Mails an dich sind gestoppt" in notice
    assert english_in("<section " + notice + "</section>") == []
    assert User.objects.get(pk=user.pk).language == "de"
