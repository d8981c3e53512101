"""Push benchmark: a worker's CPU per push beside per email, and a burst of 2,000
turns with push on for half the players.

    .venv/bin/python benchmarks/push.py [--burst 2000] [--sample 200]
                                        [--database-url URL]

It (re)creates a dedicated PostgreSQL database (``tripost_bench_push``; a
``sqlite:///`` URL works too), migrates it, and starts a local push service in a
process of its own (``tests/push/fake_push_service.py``: it takes each push as FCM
would and answers 201), so its CPU is not counted. Emails go to Django's in-memory
backend (no SMTP: what composing them costs); pushes are real (payload encrypted for
each browser's keys, VAPID-signed, posted over HTTP).

1. **CPU per push and per email**: ``--sample`` turns of their own games, each with
   a turn email and a push row; each sent by its own delivery call (claim, compose,
   send, mark), as a quiet hour sends them: this process's CPU time per item. Emails
   are composed with their board picture (``MAIL_BOARD_PNG``), as in production.
2. **Burst**: ``--burst`` games turn to a player at once (``seat_became_due`` sent in
   each game's transaction, as a move does; the email and push receivers write their
   rows); half the players have push on (one device each). Printed: what writing the
   push rows added to those transactions, then the burst's pushes sent in batches
   (``PUSH_BATCH_SIZE``) by this process as one worker would: wall time, pushes a
   second, CPU per push; then the burst's emails likewise, for comparison.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from support import recreate_database  # this folder is on sys.path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tripost_bench_push"


def setup(database_url: str, var_dir: Path) -> None:
    if database_url.startswith("postgres"):
        recreate_database(database_url)
    os.environ.update(
        DATABASE_URL=database_url,
        TRIPOST_VAR_DIR=str(var_dir),
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="1",
        CACHE_URL="locmem://",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        MAIL_TURN_HOLD_SECONDS="0",
        SITE_URL="https://tripost.example",
    )
    for name in ("EMAIL_HOST", "ANYMAIL_ESP"):
        os.environ.pop(name, None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from push import keys

    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = keys.generate()
    call_command("migrate", verbosity=0)


def start_push_service() -> tuple[subprocess.Popen, str]:
    service = subprocess.Popen(
        [sys.executable, "-m", "tests.push.fake_push_service"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    return service, service.stdout.readline().strip()


def seed(count: int, prefix: str, origin: str, *, push_every: int) -> list:
    """``count`` Triad games, each turning to its first seat's player inside its own
    transaction (the email and push receivers write their rows there); every
    ``push_every``-th of those players has a device. Returns (seconds, CPU seconds)
    spent in the push receiver, and the due players' ids."""
    from datetime import timedelta

    from django.db import transaction
    from django.utils import timezone

    from accounts.models import User
    from games import signals
    from games.engines import get_engine
    from games.models import Game, GameStatus, Seat
    from push import receivers
    from push.models import Device
    from tests.push.fake_push_service import Browser

    engine = get_engine("triad")
    now = timezone.now()
    state = engine.to_json(engine.new_game(2, 1, engine.validate_options(2, {})))
    users = User.objects.bulk_create(
        [User(username=f"{prefix}{i}", email=f"{prefix}{i}@example.com") for i in range(count * 2)]
    )
    games = Game.objects.bulk_create(
        [
            Game(engine="triad", num_players=2, seed=1, status=GameStatus.ACTIVE, state=state,
                 to_move=[0], started_at=now)
            for _ in range(count)
        ]
    )  # fmt: skip
    seats = Seat.objects.bulk_create(
        [
            Seat(game=game, index=index, user=users[2 * g + index], accepted=True)
            for g, game in enumerate(games)
            for index in (0, 1)
        ]
    )
    browser = Browser()  # one set of keys for all: the encryption's cost is the same
    due = [s for s in seats if s.index == 0]
    Device.objects.bulk_create(
        [
            Device(user=s.user, endpoint=f"{origin}/push/{s.user.username}",
                   p256dh=browser.p256dh, auth=browser.auth_b64, user_agent="bench")
            for i, s in enumerate(due)
            if i % push_every == 0
        ]
    )  # fmt: skip
    # The push receiver's own share of each turn's transaction, timed apart.
    spent = [0.0, 0.0]
    real = receivers.on_seat_became_due

    def timed(sender, seat, **kwargs):
        wall, cpu = time.perf_counter(), time.process_time()
        real(sender, seat=seat, **kwargs)
        spent[0] += time.perf_counter() - wall
        spent[1] += time.process_time() - cpu

    signals.seat_became_due.disconnect(dispatch_uid="push.turn")
    signals.seat_became_due.connect(timed, dispatch_uid="push.turn.timed", weak=False)
    try:
        for seat in due:
            with transaction.atomic():
                seat.is_due, seat.due_since = True, now
                seat.deadline = now + timedelta(days=3)
                seat.save(update_fields=["is_due", "due_since", "deadline"])
                signals.seat_became_due.send(sender=Seat, seat=seat)
    finally:
        signals.seat_became_due.disconnect(dispatch_uid="push.turn.timed")
        signals.seat_became_due.connect(real, dispatch_uid="push.turn")
    return spent, [s.user_id for s in due]


def cpu_each(users: list[int], deliver) -> tuple[float, int]:
    """CPU seconds per item sent, each player's by a delivery call of its own."""
    sent, cpu = 0, time.process_time()
    for user_id in users:
        sent += deliver(user_id)
    return (time.process_time() - cpu) / max(1, sent), sent


def drain(deliver_due, batch: int) -> tuple[int, float, float]:
    sent, wall, cpu = 0, time.perf_counter(), time.process_time()
    while True:
        n = deliver_due(batch)
        if not n:
            break
        sent += n
    return sent, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--burst", type=int, default=2000)
    parser.add_argument("--sample", type=int, default=200)
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    args = parser.parse_args()

    import tempfile

    var_dir = Path(tempfile.mkdtemp(prefix="bench-push-"))
    setup(args.database_url, var_dir)
    service, origin = start_push_service()
    try:
        from django.conf import settings

        from mail import tasks as mail_tasks
        from push import outbox, tasks

        outbox.enqueue = lambda user_id: None  # this process sends, not a worker
        from mail.sending import outbox as mail_outbox

        mail_outbox.enqueue = lambda user_id, countdown=0: None

        print(f"database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}; "
              f"push service: {origin} (a process of its own)")  # fmt: skip
        # 1. one at a time
        _spent, users = seed(args.sample, "one", origin, push_every=1)
        tasks.deliver_now(users[0])  # warm: imports, the VAPID key, the first connection
        mail_tasks.deliver_now(users[0])
        per_push, pushes = cpu_each(users[1:], tasks.deliver_now)
        per_email, emails = cpu_each(users[1:], mail_tasks.deliver_now)
        print(f"\n1. one at a time ({pushes} pushes, {emails} emails, each its own call)")
        print(f"   CPU per push : {per_push * 1000:6.2f} ms")
        print(f"   CPU per email: {per_email * 1000:6.2f} ms (with its board picture)")

        # 2. the burst
        spent, users = seed(args.burst, "burst", origin, push_every=2)
        print(f"\n2. burst of {args.burst} turns, push on for half the players")
        wall_ms, cpu_ms = (x * 1000 / args.burst for x in spent)
        print(f"   push rows written in the turns' transactions: {wall_ms:.2f} ms a turn"
              f" ({cpu_ms:.2f} ms CPU)")  # fmt: skip
        sent, wall, cpu = drain(tasks.deliver_due, settings.PUSH_BATCH_SIZE)
        print(f"   pushes: {sent} in {wall:.1f} s ({sent / wall:.0f}/s), "
              f"CPU {cpu * 1000 / max(1, sent):.2f} ms a push (one process)")  # fmt: skip
        sent_m, wall_m, cpu_m = drain(mail_tasks.deliver_due, settings.MAIL_BATCH_SIZE)
        print(f"   emails: {sent_m} in {wall_m:.1f} s ({sent_m / wall_m:.0f}/s), "
              f"CPU {cpu_m * 1000 / max(1, sent_m):.2f} ms an email (one process)")  # fmt: skip
    finally:
        service.stdin.close()
        service.wait(timeout=10)


if __name__ == "__main__":
    main()
