"""Webhook benchmark: a worker's CPU per webhook post beside its CPU per turn email.

    .venv/bin/python benchmarks/webhooks.py [--count 200] [--warm 20]
                                            [--database-url URL] [--no-png]

It (re)creates a dedicated PostgreSQL database (``tripost_bench_webhooks``), migrates
it, starts in this process a local https endpoint (a test authority's certificate,
``trustme``) and an SMTP sink (aiosmtpd), seeds ``--count`` running Triad games whose
turn is due, each with a turn email (``benchmarks/mail.py``'s ``seed_turns``) and a
turn post to a JSON hook and one to a Discord-shaped hook, and measures the CPU time of
this thread (the servers' threads left out) per item, each sent alone as the delivery
task sends it in a quiet hour:

- a webhook: ``webhooks.tasks.deliver`` (claim, read the game, write and sign the body,
  resolve and check the address, a new TLS connection, the POST, mark it sent);
- an email: ``mail.tasks.deliver_now`` (claim, compose text and HTML with the board
  picture unless ``--no-png``, its own SMTP connection, mark it sent).

``--warm`` of each are sent first, untimed (caches and connections of a worker that
has run a while). The endpoint's name resolves to 127.0.0.1 through the same test hook
the tests use (``webhooks.addresses.allowed_for_tests``), in this process only.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import secrets
import ssl
import statistics
import subprocess
import sys
import threading
import time
import uuid
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from support import free_port, recreate_database  # this folder is on sys.path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tripost_bench_webhooks"
HOST = "hooks.bench"


def _bench_mail():
    """benchmarks/mail.py, loaded under another name (``mail`` is the Django app)."""
    spec = importlib.util.spec_from_file_location("bench_mail", Path(__file__).parent / "mail.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def start_endpoint() -> tuple[str, ssl.SSLContext, list]:
    """A local https server answering 204 to every POST; its URL, a client TLS context
    trusting it, and the list of bodies it received."""
    import trustme

    ca = trustme.CA()
    server_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(HOST).configure_cert(server_context)
    received: list = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self):
            received.append(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.socket = server_context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    client_context = ssl.create_default_context()
    ca.configure_trust(client_context)
    return f"https://{HOST}:{server.server_address[1]}/hook", client_context, received


def seed_deliveries(rows, url: str, kinds: tuple[str, ...]) -> dict[str, list[int]]:
    """A hook of each kind for each turn email's player, and a due turn post to it."""
    from django.utils import timezone

    from webhooks.models import Delivery, Event, Hook

    hooks = Hook.objects.bulk_create(
        [Hook(owner_id=row.user_id, kind=kind, url=url) for row in rows for kind in kinds]
    )
    now = timezone.now()
    deliveries = Delivery.objects.bulk_create(
        [
            Delivery(
                hook=hook,
                event=Event.TURN,
                game_id=row.game_id,
                version=row.game.version,
                payload={"seat": row.seat.index, "due_since": row.seat.due_since.isoformat()},
                send_after=now,
            )
            for row, group in zip(rows, _chunks(hooks, len(kinds)), strict=True)
            for hook in group
        ]
    )
    by_kind: dict[str, list[int]] = {kind: [] for kind in kinds}
    for delivery in deliveries:
        by_kind[delivery.hook.kind].append(delivery.pk)
    return by_kind


def _chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def timed(calls) -> tuple[float, float]:
    """CPU ms of this thread and wall ms per call, each call's result checked."""
    cpu, wall = [], []
    for call in calls:
        start_cpu, start_wall = time.thread_time(), time.perf_counter()
        ok = call()
        cpu.append((time.thread_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start_wall) * 1000)
        assert ok, "an item was not sent"
    return statistics.mean(cpu), statistics.median(wall)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200, help="items of each kind timed")
    parser.add_argument("--warm", type=int, default=20, help="items of each kind sent first")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--no-png", action="store_true", help="emails without the board PNG")
    args = parser.parse_args(argv)

    bench_mail = _bench_mail()
    from aiosmtpd.controller import Controller

    smtp_port = free_port()
    controller = Controller(bench_mail.Sink(), hostname="127.0.0.1", port=smtp_port)
    controller.start()
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": args.database_url,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(64),
        "SECURE_SSL_REDIRECT": "0",
        "STATIC_MANIFEST": "0",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(smtp_port),
        "EMAIL_USE_TLS": "0",
        "MAIL_TURN_HOLD_SECONDS": "0",
        "MAIL_BOARD_PNG": "0" if args.no_png else "1",
        "TRIPOST_VAR_DIR": f"/tmp/tripost-bench-webhooks-{uuid.uuid4().hex[:6]}",
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
    }
    os.environ.update(env)
    for name in ("REDIS_URL", "CACHE_URL", "ANYMAIL_ESP"):
        os.environ.pop(name, None)
    sys.path.insert(0, str(ROOT))  # the Django apps before this folder's scripts
    recreate_database(args.database_url)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=dict(os.environ),
        check=True,
    )
    import django

    django.setup()
    from django.utils import timezone

    from mail import tasks as mail_tasks
    from webhooks import addresses, transport
    from webhooks import tasks as webhook_tasks

    url, client_context, received = start_endpoint()
    transport.ssl_context = client_context
    addresses.resolve = lambda host, port: ["127.0.0.1"]
    addresses.allowed_for_tests.add("127.0.0.1")

    total = args.count + args.warm
    later = timezone.now() + timedelta(hours=1)  # the emails wait for their timed send
    rows = bench_mail.seed_turns(total, "wh", send_after=later)
    for row in rows:  # (seed_turns' rows carry ids; their game and seat are read here)
        row.refresh_from_db()
    kinds = ("json", "discord")
    deliveries = seed_deliveries(rows, url, kinds)

    def post(delivery_id):
        return lambda: webhook_tasks.deliver(delivery_id) == "sent"

    def email(user_id):
        return lambda: mail_tasks.deliver_now(user_id, now=later) == 1

    results = {}
    for kind in kinds:
        ids = deliveries[kind]
        timed(post(i) for i in ids[: args.warm])
        results[f"webhook ({kind})"] = timed(post(i) for i in ids[args.warm :])
    timed(email(r.user_id) for r in rows[: args.warm])
    results["turn email" + (" (no PNG)" if args.no_png else "")] = timed(
        email(r.user_id) for r in rows[args.warm :]
    )
    assert len(received) == total * len(kinds)
    controller.stop()

    print(f"{args.count} of each, sent alone after {args.warm} untimed (this thread's CPU):")
    for name, (cpu, wall) in results.items():
        print(f"  {name:<22} {cpu:6.2f} ms CPU   {wall:6.2f} ms wall (median)")
    email_cpu = next(cpu for name, (cpu, _wall) in results.items() if name.startswith("turn"))
    for kind in kinds:
        ratio = results[f"webhook ({kind})"][0] / email_cpu
        print(f"  a {kind} webhook costs {ratio:.2f} of a turn email's CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
