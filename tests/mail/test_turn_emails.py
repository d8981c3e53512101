"""Turn emails: written with the move (outbox), held back and combined, never twice,
not sent when the player has already looked, digests at the player's hour."""

from datetime import UTC, datetime, timedelta
from email.utils import parseaddr

import pytest
import time_machine
from django.conf import settings
from django.db import transaction

from accounts.models import EmailPreference
from games import services
from games.replay import load_state
from mail import tasks
from mail.models import Kind, Notification
from mail.sending import outbox
from tests.factories import due_seat, play_first_legal, start_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_a_turn_email_is_held_back_then_tells_everything_needed(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        seat = due_seat(game)
        row = Notification.objects.get(kind=Kind.TURN, user=seat.user)
        assert row.send_after == T0 + timedelta(seconds=300)
        assert tasks.deliver_now(seat.user.pk) == 0  # held back
    with time_machine.travel(T0 + timedelta(seconds=301), tick=False):
        assert tasks.deliver_now(seat.user.pk) == 1
    [mail] = mailoutbox
    other = "Bob" if seat.user.username == "alice" else "Alice"
    assert mail.to == [f"{seat.user.display_name} <{seat.user.email}>"]  # "Alice" <alice@…>
    assert mail.subject == f"Your turn in Triad #{game.pk}"
    assert other in mail.body
    # The legal actions in notation (the seed's dice decide which and how many).
    legal = game.engine_module.legal_actions(load_state(game), seat.index)
    if len(legal) <= settings.MAIL_MAX_LISTED_ACTIONS:
        [line] = [x for x in mail.body.splitlines() if x.startswith("Legal moves: ")]
        assert line.removeprefix("Legal moves: ").split("  ") == list(legal)
    else:
        assert f"{len(legal)} legal moves: see the game page." in mail.body
    assert f"https://tripost.test/games/{game.pk}/" in mail.body
    assert "Thu 5 Mar 2026, 09:00 UTC" in mail.body  # 3 days per move
    assert mail.reply_to[0].startswith("play+") and mail.reply_to[0].endswith("@tripost.test")
    assert mail.extra_headers["List-Unsubscribe"].startswith("<https://tripost.test/mail/")
    assert mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "https://tripost.test/settings/" in mail.body
    [(html, mime)] = mail.alternatives
    assert mime == "text/html" and "Open the game" in html
    row.refresh_from_db()
    assert row.outcome == "sent" and row.sent_at is not None


def test_the_deadline_is_shown_in_the_players_time_zone(alice, bob, mailoutbox):
    for user in (alice, bob):
        user.time_zone = "Asia/Tokyo"
        user.save()
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
    with time_machine.travel(T0 + timedelta(minutes=6), tick=False):
        tasks.deliver_now(due_seat(game).user.pk)
    assert "Thu 5 Mar 2026, 18:00 JST" in mailoutbox[0].body


def test_the_moves_since_the_last_turn_are_described_in_words(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        first = due_seat(game)
        play_first_legal(game)
    second = due_seat(game)
    assert second.user != first.user
    with time_machine.travel(T0 + timedelta(minutes=6), tick=False):
        tasks.deliver_now(second.user.pk)
    move = game.moves.get(ply=1)
    assert f"{first.user.name}: {move.description}" in mailoutbox[-1].body


def test_games_that_turn_to_a_player_at_once_share_one_email(alice, bob, carol, mailoutbox):
    bob.email_preference = carol.email_preference = EmailPreference.NONE
    bob.save()
    carol.save()
    with time_machine.travel(T0, tick=False):
        one = start_game(bob, alice)
        two = start_game(carol, alice)
        for game in (one, two):
            while due_seat(game).user != alice:
                play_first_legal(game)
    assert Notification.objects.filter(user=alice, kind=Kind.TURN, sent_at=None).count() == 2
    with time_machine.travel(T0 + timedelta(minutes=6), tick=False):
        assert tasks.deliver_now(alice.pk) == 1
    [mail] = mailoutbox
    assert mail.subject == "Your turn in 2 games"
    assert f"Triad #{one.pk}" in mail.body and f"Triad #{two.pk}" in mail.body
    assert mail.body.count("Play by email: write the move") == 2


def test_a_held_back_turn_joins_an_email_that_is_due_anyway(alice, bob, carol, mailoutbox):
    bob.email_preference = carol.email_preference = EmailPreference.NONE
    bob.save()
    carol.save()
    with time_machine.travel(T0, tick=False):
        one = start_game(bob, alice)
        while due_seat(one).user != alice:
            play_first_legal(one)
    with time_machine.travel(T0 + timedelta(minutes=4), tick=False):
        two = start_game(carol, alice)
        while due_seat(two).user != alice:
            play_first_legal(two)
    with time_machine.travel(T0 + timedelta(minutes=5, seconds=1), tick=False):
        assert tasks.deliver_now(alice.pk) == 1  # the first is due; the second comes along
    with time_machine.travel(T0 + timedelta(minutes=10), tick=False):
        assert tasks.deliver_now(alice.pk) == 0
    assert [m.subject for m in mailoutbox] == ["Your turn in 2 games"]


def test_no_turn_email_when_the_player_opened_the_game_meanwhile(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        seat = due_seat(game)
    with time_machine.travel(T0 + timedelta(minutes=2), tick=False):
        services.mark_seen(game=game, user=seat.user)
    with time_machine.travel(T0 + timedelta(minutes=6), tick=False):
        assert tasks.deliver_now(seat.user.pk) == 0
    assert mailoutbox == []
    assert Notification.objects.get(user=seat.user).outcome == "skipped: seen"


def test_no_turn_email_when_the_player_has_moved_meanwhile(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        seat = due_seat(game)
    with time_machine.travel(T0 + timedelta(minutes=1), tick=False):
        play_first_legal(game)
    with time_machine.travel(T0 + timedelta(minutes=6), tick=False):
        tasks.deliver_now(seat.user.pk)
    assert Notification.objects.get(user=seat.user, kind=Kind.TURN).outcome == ("skipped: moved on")
    assert all(parseaddr(m.to[0])[1] != seat.user.email for m in mailoutbox)


def test_a_rolled_back_move_leaves_no_outbox_row(alice, bob):
    game = start_game(alice, bob)
    before = Notification.objects.count()
    with pytest.raises(RuntimeError), transaction.atomic():
        play_first_legal(game)
        assert Notification.objects.count() == before + 1  # written with the move...
        raise RuntimeError("the move's transaction fails")
    assert Notification.objects.count() == before  # ...and gone with it


def test_a_row_due_at_once_is_queued_only_after_commit(
    alice, bob, queued, settings, django_capture_on_commit_callbacks
):
    settings.MAIL_TURN_HOLD_SECONDS = 0
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        game = start_game(alice, bob)
        assert queued == []  # nothing was queued inside the transaction
    assert callbacks
    assert due_seat(game).user.pk in queued  # (bob's invitation email was queued too)


def test_a_held_back_row_is_sent_by_the_minute_sweep_once_due(
    alice, bob, queued, settings, monkeypatch, mailoutbox, django_capture_on_commit_callbacks
):
    settings.MAIL_TURN_HOLD_SECONDS = 300
    with time_machine.travel(T0, tick=False):
        with django_capture_on_commit_callbacks(execute=True):
            game = start_game(alice, bob)
        assert queued == []  # no task per move: the sweep sends it when due
        user = due_seat(game).user
    sent = []
    with time_machine.travel(T0 + timedelta(seconds=299), tick=False):
        assert outbox.pending_users() == []
    with time_machine.travel(T0 + timedelta(seconds=300), tick=False):
        assert outbox.pending_users() == [user.pk]
        monkeypatch.setattr(tasks.deliver_batch, "delay", lambda: sent.append("batch"))
        assert tasks.sweep_outbox() == 1  # one batch task queued (as the broker takes it)
        assert sent == ["batch"]
        assert tasks.deliver_batch() == 1  # the worker runs it: the held-back email goes
        assert outbox.pending_users() == []
    assert [parseaddr(m.to[0])[1] for m in mailoutbox] == [user.email]


def test_the_sweep_sends_what_was_left_behind_and_nothing_twice(alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)  # the queued task is "lost" (broker down)
        user = due_seat(game).user
    with time_machine.travel(T0 + timedelta(minutes=6), tick=False):
        assert outbox.pending_users() == [user.pk]
        assert tasks.deliver_now(user.pk) == 1
        assert outbox.pending_users() == []
        assert tasks.deliver_now(user.pk) == 0
    assert len(mailoutbox) == 1


def test_a_claimed_row_is_not_claimed_again_until_its_claim_expires(alice, bob, settings):
    settings.MAIL_CLAIM_SECONDS = 120
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        user = due_seat(game).user
    at = T0 + timedelta(minutes=6)
    token, rows = outbox.claim(user.pk, at)
    assert len(rows) == 1
    assert outbox.claim(user.pk, at + timedelta(seconds=60)) == ("", [])  # another worker
    # The first worker died without sending: after the claim expires, the sweep retries.
    assert outbox.pending_users(at + timedelta(seconds=121)) == [user.pk]
    token2, rows2 = outbox.claim(user.pk, at + timedelta(seconds=121))
    assert [r.pk for r in rows2] == [rows[0].pk] and token2 != token
    outbox.finish(rows, token, "sent")  # the dead worker's claim no longer counts
    assert Notification.objects.get(pk=rows[0].pk).sent_at is None


def test_a_failed_send_is_released_for_the_next_sweep(alice, bob, monkeypatch, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        user = due_seat(game).user

    def broken(self, *args, **kwargs):
        raise OSError("SMTP server down")

    with time_machine.travel(T0 + timedelta(minutes=6), tick=False):
        monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", broken)
        assert tasks.deliver_now(user.pk) == 0
        monkeypatch.undo()
        assert outbox.pending_users() == [user.pk]
        assert tasks.deliver_now(user.pk) == 1
    assert len(mailoutbox) == 1


def test_players_who_want_no_email_get_none(alice, bob, mailoutbox):
    for user in (alice, bob):
        user.email_preference = EmailPreference.NONE
        user.save()
    start_game(alice, bob)
    assert Notification.objects.count() == 0


def test_the_daily_digest_comes_once_at_the_players_hour_most_urgent_first(
    alice, bob, carol, mailoutbox
):
    alice.email_preference = EmailPreference.DAILY_DIGEST
    alice.time_zone = "America/New_York"
    alice.save()
    with time_machine.travel(T0, tick=False):
        later = start_game(bob, alice)
        while due_seat(later).user != alice:
            play_first_legal(later)
    with time_machine.travel(T0 - timedelta(days=1), tick=False):
        sooner = start_game(carol, alice)  # due earlier, so its deadline is sooner
        while due_seat(sooner).user != alice:
            play_first_legal(sooner)
    assert not Notification.objects.filter(user=alice, kind=Kind.TURN).exists()
    eleven_utc = datetime(2026, 3, 3, 11, 0, tzinfo=UTC)  # 06:00 in New York
    with time_machine.travel(eleven_utc, tick=False):
        assert tasks.queue_digests() == 0
    with time_machine.travel(eleven_utc + timedelta(hours=1), tick=False):  # 07:00
        assert tasks.queue_digests() == 1
        assert tasks.queue_digests() == 0  # once a day
        tasks.deliver_now(alice.pk)
    with time_machine.travel(eleven_utc + timedelta(hours=1, minutes=15), tick=False):
        assert tasks.queue_digests() == 0
    [mail] = [m for m in mailoutbox if parseaddr(m.to[0])[1] == alice.email]
    assert mail.subject == "2 games waiting for your move"
    assert mail.body.index(f"#{sooner.pk}") < mail.body.index(f"#{later.pk}")


def test_the_html_part_shows_the_board_as_a_png(alice, bob, settings, mailoutbox):
    settings.MAIL_BOARD_PNG = True
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
    with time_machine.travel(T0 + timedelta(minutes=6), tick=False):
        tasks.deliver_now(due_seat(game).user.pk)
    [mail] = mailoutbox
    message = mail.message()
    images = [p for p in message.walk() if p.get_content_type() == "image/png"]
    assert len(images) == 1
    assert images[0].get_payload(decode=True).startswith(b"\x89PNG")
    cid = images[0]["Content-ID"].strip("<>")
    assert f"cid:{cid}" in mail.alternatives[0][0]
    assert "<svg" not in mail.alternatives[0][0]


def test_the_turn_email_after_a_declined_draw_offer_says_so(alice, bob, mailoutbox):
    """Issue 34: the offerer is told their draw offer was declined, here with the turn
    the decliner's move gives them (and on the game page and My games)."""
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        offerer = due_seat(game)
        play_first_legal(game)  # then the offer, waiting for the other's answer
        services.draw_offer(game_id=game.pk, user=offerer.user)
        other = due_seat(game)
    with time_machine.travel(T0 + timedelta(hours=1), tick=False):
        services.draw_answer(game_id=game.pk, user=other.user, accept=False)
        play_first_legal(game)
    with time_machine.travel(T0 + timedelta(hours=1, seconds=301), tick=False):
        mailoutbox.clear()
        tasks.deliver_now(offerer.user.pk)
    [mail] = [m for m in mailoutbox if m.subject.startswith("Your turn")]
    since = mail.body.split("Since your last turn:")[1]
    assert "Your draw offer was declined." in since
    [(html, _mime)] = mail.alternatives
    assert "Your draw offer was declined." in html
