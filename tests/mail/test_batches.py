"""Due emails sent in batches over one connection, each row marked sent once; a failure
mid-batch leaves the unsent rows for the sweep; two workers draining take different rows."""

import socket
import threading
from collections import Counter
from datetime import UTC, datetime, timedelta
from email.utils import formataddr, parseaddr

import pytest
import time_machine
from django.db import connection, transaction

from mail import tasks
from mail.models import Notification
from mail.sending import outbox
from tests.factories import UserFactory, due_seat, play_first_legal, start_game

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
LATER = T0 + timedelta(minutes=6)  # every turn email's hold-back is over


def _due_players(count: int) -> list:
    """``count`` games, each with a turn email for its first player, due at ``LATER``."""
    with time_machine.travel(T0, tick=False):
        games = [start_game(UserFactory(), UserFactory()) for _ in range(count)]
    return [due_seat(game).user for game in games]


@pytest.fixture
def connections(monkeypatch):
    """Every connection the delivery code opens to the email backend."""
    opened = []
    real = tasks.get_connection

    def counting(*args, **kwargs):
        opened.append(real(*args, **kwargs))
        return opened[-1]

    monkeypatch.setattr(tasks, "get_connection", counting)
    return opened


def _sent_once_each(mailoutbox, players) -> bool:
    per_address = Counter(parseaddr(m.to[0])[1] for m in mailoutbox)
    return per_address == Counter(p.email for p in players)


@pytest.mark.django_db
def test_a_batch_sends_each_due_email_once_over_one_connection(mailoutbox, connections):
    players = _due_players(5)
    with time_machine.travel(LATER, tick=False):
        assert tasks.deliver_due(50) == 5
        assert tasks.deliver_due(50) == 0
        assert all(tasks.deliver_now(p.pk) == 0 for p in players)  # their own tasks
    assert len(connections) == 1
    assert _sent_once_each(mailoutbox, players)
    rows = Notification.objects.all()
    assert [(r.outcome, r.attempts) for r in rows] == [("sent", 1)] * 5
    assert len({r.message_id for r in rows}) == 5


class SmtpSink:
    """aiosmtpd handler: the messages it accepted and the SMTP sessions they came in."""

    def __init__(self):
        self.sessions = []
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        if session not in self.sessions:
            self.sessions.append(session)
        self.messages.append(envelope.rcpt_tos)
        return "250 OK"


@pytest.mark.django_db
def test_a_batch_goes_over_one_smtp_session(settings):
    from aiosmtpd.controller import Controller

    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sink = SmtpSink()
    server = Controller(sink, hostname="127.0.0.1", port=port)
    server.start()
    try:
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
        settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
        players = _due_players(4)
        with time_machine.travel(LATER, tick=False):
            assert tasks.deliver(players[0].pk) == 4
    finally:
        server.stop()
    assert sorted(to for [to] in sink.messages) == sorted(p.email for p in players)
    assert len(sink.sessions) == 1


@pytest.mark.django_db
def test_the_task_sends_the_players_email_first_then_a_batch(settings, mailoutbox, connections):
    settings.MAIL_BATCH_SIZE = 2
    players = _due_players(5)
    with time_machine.travel(LATER, tick=False):
        assert tasks.deliver(players[3].pk) == 3  # the player's own, then two more
        assert mailoutbox[0].to == [formataddr((players[3].name, players[3].email))]
        assert len(connections) == 1
        assert len(outbox.pending_users()) == 2
        assert tasks.deliver(players[3].pk) == 2  # nothing of the player's: a batch
    assert _sent_once_each(mailoutbox, players)


@pytest.mark.django_db
def test_the_sweep_queues_a_task_per_batch_due_and_they_send_each_email_once(
    settings, mailoutbox, monkeypatch
):
    settings.MAIL_BATCH_SIZE = 2
    players = _due_players(5)
    queued = []
    monkeypatch.setattr(tasks.deliver_batch, "delay", lambda: queued.append("batch"))
    with time_machine.travel(LATER, tick=False):
        assert tasks.sweep_outbox() == 3  # five due emails, batches of two
        assert len(queued) == 3
        assert [tasks.deliver_batch() for _ in queued] == [2, 2, 1]
        assert tasks.deliver_batch() == 0  # a task the next sweep queued finds nothing
        assert tasks.sweep_outbox() == 0
    assert _sent_once_each(mailoutbox, players)


@pytest.mark.django_db
def test_a_failure_mid_batch_leaves_the_unsent_rows_for_the_sweep(mailoutbox, monkeypatch):
    players = _due_players(5)
    calls = []
    real_send = tasks.compose.EmailMultiAlternatives.send

    def third_fails(message, *args, **kwargs):
        calls.append(message.to)
        if len(calls) == 3:
            raise OSError("connection reset by the SMTP server")
        return real_send(message, *args, **kwargs)

    with time_machine.travel(LATER, tick=False):
        monkeypatch.setattr(tasks.compose.EmailMultiAlternatives, "send", third_fails)
        assert tasks.deliver_due(50) == 2
        monkeypatch.undo()
        left = Notification.objects.filter(sent_at=None)
        assert left.count() == 3
        assert all(row.claim == "" and row.claimed_until is None for row in left)
        # The failed email counts its attempt; the two never tried do not.
        assert sorted(row.attempts for row in left) == [0, 0, 1]
        assert sorted(outbox.pending_users()) == sorted(row.user_id for row in left)
        for user_id in outbox.pending_users():  # the sweep's tasks
            tasks.deliver_now(user_id)
    assert len(calls) == 3  # nothing was tried after the failure
    assert _sent_once_each(mailoutbox, players)
    assert Notification.objects.filter(outcome="sent").count() == 5


@pytest.mark.django_db
def test_an_email_that_cannot_be_written_does_not_hold_up_the_batch(mailoutbox, monkeypatch):
    players = _due_players(3)
    real = tasks._message

    def broken_for_the_first(rows, user):
        if user == players[0]:
            raise RuntimeError("a bug in one email")
        return real(rows, user)

    monkeypatch.setattr(tasks, "_message", broken_for_the_first)
    with time_machine.travel(LATER, tick=False):
        assert tasks.deliver_due(50) == 2
        assert outbox.pending_users() == [players[0].pk]  # released, tried again later
    assert _sent_once_each(mailoutbox, players[1:])


@pytest.mark.django_db
def test_a_batch_stops_before_its_claim_could_expire(settings, mailoutbox, monkeypatch):
    settings.MAIL_CLAIM_SECONDS = 120
    players = _due_players(5)
    ticks = iter([0, 0, 30, 61, 61, 61])  # start, then one reading before each email
    monkeypatch.setattr(tasks, "clock", lambda: next(ticks))
    with time_machine.travel(LATER, tick=False):
        assert tasks.deliver_due(50) == 2
        left = Notification.objects.filter(sent_at=None)
        assert [(r.claim, r.attempts) for r in left] == [("", 0)] * 3
        assert len(outbox.pending_users()) == 3
    assert len(mailoutbox) == 2
    assert {parseaddr(m.to[0])[1] for m in mailoutbox} < {p.email for p in players}


@pytest.mark.django_db(transaction=True)
def test_two_workers_draining_at_once_take_different_rows():
    if connection.vendor != "postgresql":
        pytest.skip("row locks (SKIP LOCKED) are PostgreSQL's; SQLite serialises writers")
    _due_players(4)
    oldest = list(Notification.objects.order_by("send_after").values_list("pk", flat=True)[:2])
    locked, done = threading.Event(), threading.Event()

    def other_worker():  # holds the two oldest rows, as a batch being claimed would
        try:
            with transaction.atomic():
                list(Notification.objects.select_for_update().filter(pk__in=oldest))
                locked.set()
                done.wait(10)
        finally:
            from django.db import connection as own

            own.close()

    thread = threading.Thread(target=other_worker)
    thread.start()
    try:
        assert locked.wait(10)
        token, rows = outbox.claim_due(10, LATER)  # does not wait for the other worker
        assert token and sorted(r.pk for r in rows) == sorted(
            Notification.objects.exclude(pk__in=oldest).values_list("pk", flat=True)
        )
    finally:
        done.set()
        thread.join()
    token2, rows2 = outbox.claim_due(10, LATER)
    assert sorted(r.pk for r in rows2) == sorted(oldest) and token2 != token


@pytest.mark.django_db
def test_a_batch_reads_the_stopped_addresses_and_the_clock_heartbeat_once(mailoutbox):
    from django.test.utils import CaptureQueriesContext

    from mail.models import Suppression

    players = _due_players(4)
    stopped = players[1]
    # (a stop on an address the player left behind stops nothing)
    Suppression.objects.create(user=players[2], email="old@example.com", reason="bounce")
    Suppression.objects.create(user=stopped, email=stopped.email.upper(), reason="bounce")
    with time_machine.travel(LATER, tick=False), CaptureQueriesContext(connection) as queries:
        assert tasks.deliver_due(50) == 3
    tables = Counter(
        table
        for q in queries.captured_queries
        for table in ("mail_suppression", "games_clockheartbeat")
        if f'FROM "{table}"' in q["sql"]
    )
    assert tables == {"mail_suppression": 1, "games_clockheartbeat": 1}
    assert _sent_once_each(mailoutbox, [p for p in players if p != stopped])
    row = Notification.objects.get(user=stopped)
    assert row.outcome == "skipped: address stopped"


def _batch_of_turns(count: int) -> list:
    """``count`` players with a turn email each, in games with a move played (the email
    lists it) or none; in the first two a chat message the player has not seen."""
    from chat import services as chat

    players = []
    with time_machine.travel(T0, tick=False):
        for n in range(count):
            game = start_game(UserFactory(), UserFactory())
            if n % 2:
                play_first_legal(game)
            seat = due_seat(game)
            if n < 2:
                other = game.seats.exclude(pk=seat.pk).select_related("user").get().user
                chat.message_post(game=game, user=other, text=f"Good luck in game {n}")
            players.append(seat.user)
    return players


def _queries_of_a_batch(count: int) -> int:
    from django.test.utils import CaptureQueriesContext

    _batch_of_turns(count)
    with time_machine.travel(LATER, tick=False), CaptureQueriesContext(connection) as queries:
        assert tasks.deliver_due(50) == count
    return len(queries.captured_queries)


@pytest.mark.django_db
def test_a_batch_reads_once_what_its_emails_need(mailoutbox):
    # Each email's moves and whether its game has chat are read for the whole batch at
    # once (the skipped rows are marked in one UPDATE a reason): six emails more cost
    # six queries more, each email's UPDATE marking it sent right after its hand-over
    # (so a killed worker sends at most one email twice). Quoting unseen chat reads
    # more, in two games of both batches.
    small = _queries_of_a_batch(2)
    Notification.objects.all().delete()
    assert _queries_of_a_batch(8) == small + 6


@pytest.mark.django_db
def test_an_email_written_in_a_batch_says_what_it_says_alone(mailoutbox):
    players = _batch_of_turns(4)
    with time_machine.travel(LATER, tick=False):
        alone = []
        for player in players:  # each written by itself, as a reply's reference does
            rows = list(
                Notification.objects.filter(user=player).select_related("user", "game", "seat")
            )
            alone.append(tasks._message(rows, player))
        assert tasks.deliver_due(50) == 4
    by_address = {m.to[0]: m for m in mailoutbox}
    for message in alone:
        sent = by_address[message.to[0]]
        assert (sent.subject, sent.body) == (message.subject, message.body)
        assert "Good luck in game" in sent.body or "Good luck" not in message.body
    assert sum("Good luck in game" in m.body for m in mailoutbox) == 2
    rows = Notification.objects.filter(user__in=players)
    assert sorted(r.message_id for r in rows) == sorted(
        m.extra_headers["Message-ID"] for m in mailoutbox
    )
    assert {r.outcome for r in rows} == {"sent"}


@pytest.mark.django_db
def test_anything_due_sees_only_due_unclaimed_unsent_rows():
    """What decides whether a worker that sent one player's email goes on to a batch."""
    players = _due_players(2)
    with time_machine.travel(T0, tick=False):
        assert not outbox.anything_due()  # held back: not due yet
    with time_machine.travel(LATER, tick=False):
        assert outbox.anything_due()
        _token, rows = outbox.claim(players[0].pk)
        assert rows and outbox.anything_due()  # the other player's is still free
        outbox.claim(players[1].pk)
        assert not outbox.anything_due()  # both claimed
    with time_machine.travel(LATER + timedelta(hours=1), tick=False):
        assert outbox.anything_due()  # the claims have expired: due again
        Notification.objects.update(sent_at=LATER)
        assert not outbox.anything_due()  # sent


@pytest.mark.django_db
def test_a_worker_alone_with_its_email_opens_no_batch(settings, mailoutbox, monkeypatch):
    settings.MAIL_BATCH_SIZE = 10
    (player,) = _due_players(1)
    batches = []
    real = tasks.deliver_due
    monkeypatch.setattr(tasks, "deliver_due", lambda *a, **k: batches.append(1) or real(*a, **k))
    with time_machine.travel(LATER, tick=False):
        assert tasks.deliver(player.pk) == 1
    assert len(mailoutbox) == 1 and batches == []
