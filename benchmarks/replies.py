"""Email replies benchmark: how many replies in each client's style play the right move.

    .venv/bin/python benchmarks/replies.py [--positions 2] [--database-url URL]

Builds turn emails through the real outbox (text, HTML and the board picture) for
Triad, Tri*T*Area and Trias positions (``--positions`` per game: the start, then after
moves, so the emails list the moves since; Trias emails send to the game page instead
of listing their many moves), writes replies to each in every client's style
(tests/mail/reply_samples.py: top, bottom, inline and no new text; plain and HTML-only;
8bit, quoted-printable and base64) and sends each through ``mail.replies.inbound.handle_message``
with a valid reply address and the player's address, rolling the game back afterwards.

Prints, by reply style: played correctly / refused (player asked again) / wrong move
played, and the replies that were not played correctly. Targets (issue 20): at least
99.5% of top-posted and 95% of bottom-posted and inline replies played, no wrong move.
A SQLite database in a temporary folder unless ``--database-url`` names one (it is
dropped and created again: a dedicated one, never a shared one).
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGETS = {"top": 0.995, "bottom": 0.95, "inline": 0.95}


def setup(database_url: str) -> None:
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=database_url,
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(64),
        ALLOWED_HOSTS="127.0.0.1",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        LOG_LEVEL="ERROR",
        CELERY_TASK_ALWAYS_EAGER="0",
        # What a reply says is measured here, not who sent it (the samples carry no
        # SPF/DKIM results; tests/mail/test_inbound_auth.py checks senders).
        MAIL_ACCEPT_UNVERIFIED="1",
    )
    os.environ.pop("REDIS_URL", None)
    os.environ.pop("CACHE_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def sent_emails(positions: int):
    """(sent email, game, player, legal moves) for each position of each game."""
    from django.core import mail
    from django.utils import timezone

    from games.replay import load_state
    from mail import tasks
    from mail.sending import outbox
    from tests.factories import UserFactory, due_seat, play_first_legal, start_game

    outbox.enqueue = lambda user_id, countdown=0: None  # sent below, not by a worker
    mail.sending.outbox = []
    players = [UserFactory(display_name=name) for name in ("Alice", "Bob")]
    out = []
    for engine in ("triad", "tritarea", "trias"):
        for position in range(positions):
            game = start_game(*players, engine=engine)
            for _ in range(2 * position):
                play_first_legal(game)
            game.refresh_from_db()
            seat = due_seat(game)
            mail.sending.outbox = []
            tasks.deliver_now(seat.user.pk, now=timezone.now() + timedelta(minutes=10))
            if not mail.sending.outbox:
                continue
            legal = game.engine_module.legal_actions(load_state(game), seat.index)
            out.append((mail.sending.outbox[-1], game, seat.user, legal))
    return out


def run(positions: int) -> int:
    from anymail.inbound import AnymailInboundMessage
    from django.db import transaction

    from mail.models import SentEmail
    from mail.replies import sent_text
    from mail.replies.inbound import handle_message
    from tests.mail import reply_samples

    counts: dict[str, Counter] = defaultdict(Counter)
    misses = []
    times = []
    emails = sent_emails(positions)
    kept = [len(str(row.words)) for row in SentEmail.objects.all()]
    started = time.perf_counter()
    for sent, _game, _user, _legal in emails:
        sent_text.message_words(sent)
    words_ms = 1000 * (time.perf_counter() - started) / len(emails)
    print(
        f"{len(emails)} turn emails ({', '.join(sorted({g.engine for _s, g, _u, _l in emails}))}); "
        f"kept per email: {statistics.mean(kept):.0f} bytes, {words_ms:.1f} ms to read its words"
    )
    kinds = {c.name: c.kind for c in reply_samples.CLIENTS}
    by_kind: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for n, (sent, game, user, legal) in enumerate(emails):
        before = game.moves.count()
        samples = [
            (kinds[r.client], r)
            for r in reply_samples.replies(sent, sender=user.email, moves=legal, seed=n)
        ]
        if len(legal) > 1:  # a quoted message from elsewhere holding another legal move
            samples += [
                ("foreign quote", r)
                for r in reply_samples.foreign_replies(sent, sender=user.email, moves=legal, seed=n)
            ]
        for kind, reply in samples:
            started = time.perf_counter()
            with transaction.atomic():
                outcome = handle_message(AnymailInboundMessage.parse_raw_mime_bytes(reply.raw))
                move = game.moves.order_by("-ply").first()
                played = move.action if game.moves.count() > before else None
                transaction.set_rollback(True)
            times.append(time.perf_counter() - started)
            if played is None:
                result = "ok" if reply.posting == "none" else "refused"
            else:
                result = "ok" if played == reply.move else "wrong"
            counts[reply.posting][result] += 1
            by_kind[kind, reply.posting][result] += 1
            if result != "ok":
                misses.append((result, reply, played, outcome.reason, kind))

    names = {
        "top": "new text on top",
        "bottom": "new text below the quote",
        "inline": "new text between quoted lines",
        "none": "no new text, quote only",
    }
    print(f"{'reply style':32} {'played correctly':>22} {'refused':>8} {'wrong move':>11}")
    failed = False
    for posting in reply_samples.POSTINGS:
        c = counts[posting]
        total = sum(c.values())
        if posting == "none":
            shown = f"— ({c['ok']} answered)"
        else:
            shown = f"{c['ok']} of {total} ({100 * c['ok'] / max(total, 1):.1f}%)"
            failed |= c["ok"] < TARGETS[posting] * total
        failed |= c["wrong"] > 0
        print(f"{names[posting]:32} {shown:>22} {c['refused']:>8} {c['wrong']:>11}")
    print("\nby class of issue 41 (known: the clients of issue 20)")
    print(f"{'class':22} {'reply style':8} {'samples':>8} {'right':>6} {'refused':>8} {'wrong':>6}")
    for kind in reply_samples.KINDS:
        for posting in reply_samples.POSTINGS:
            c = by_kind[kind, posting]
            if c:
                total = sum(c.values())
                print(
                    f"{kind:22} {posting:8} {total:>8} {c['ok']:>6} {c['refused']:>8} "
                    f"{c['wrong']:>6}"
                )
    print(f"replies: {len(times)}; median {1000 * statistics.median(times):.1f} ms per reply")
    for result, reply, played, reason, kind in sorted(
        misses, key=lambda m: (m[0] != "wrong", m[4] != "foreign quote")
    )[:60]:
        print(
            f"  {result}: {kind}/{reply.client} {reply.posting} {reply.form}/{reply.encoding} "
            f"move {reply.move!r} played {played!r}: {reason}"
        )
    print("targets met" if not failed else "TARGETS NOT MET")
    return 1 if failed else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2, help="positions per game")
    parser.add_argument("--database-url", default="", help="a dedicated database (recreated)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url
        if url:
            sys.path.insert(0, str(ROOT / "benchmarks"))
            from support import recreate_database

            recreate_database(url)
        else:
            url = f"sqlite:///{folder}/replies.sqlite3"
        setup(url)
        return run(args.positions)


if __name__ == "__main__":
    sys.exit(main())
