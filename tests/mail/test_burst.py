"""A burst of 500 turn emails survives a killed worker and a broker outage.

Runs against whatever the environment names: PostgreSQL + Redis in CI
(``DATABASE_URL``/``REDIS_URL``), SQLite + the filesystem broker otherwise. The
worker and helper processes get a database and a queue of their own; the worker
writes every email it sends to a JSON-lines sink that the test counts.

Scenario: 500 outbox rows are committed; queueing fails for 100 of them (broker
down). A real worker starts sending the other 400 and is killed with SIGKILL
mid-burst. A new worker starts; the sweep (as beat runs it every minute) queues
whatever is still unsent once the dead worker's claims expire.

What "exactly once" can mean over SMTP: the mailbox shows every email once. None is
lost, and none is sent twice except the one email a killed worker may have handed
over in the last millisecond before marking it sent (``mail.tasks.deliver_now``);
its resend carries the same Message-ID, and mail providers and clients keep one
copy per Message-ID. The kill here comes right after the sink saw a write, the worst
moment, so that resend path is exercised rather than hoped away.
"""

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]
BURST = 500
LOST = 100


def _fresh_database(tmp_path: Path) -> tuple[str, callable]:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return f"sqlite:///{tmp_path / 'burst.sqlite3'}", lambda: None
    import psycopg

    name = f"tripost_burst_{uuid.uuid4().hex[:8]}"
    parts = urlsplit(url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')

    def drop():
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return urlunsplit(parts._replace(path=f"/{name}")), drop


def _run(env, *args, timeout=120) -> dict:
    out = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    return json.loads(lines[-1]) if lines else {}


def _worker(env, log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo",
            "--without-mingle", "--without-gossip", "--without-heartbeat",
            "-Q", env["MAIL_QUEUE"], "--loglevel=WARNING",
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip


def _stop(worker: subprocess.Popen, sig=signal.SIGTERM) -> None:
    if worker.poll() is None:
        os.killpg(worker.pid, sig)
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()


def _sent(sink: Path) -> list[dict]:
    if not sink.exists():
        return []
    return [json.loads(line) for line in sink.read_text().splitlines() if line.strip()]


def test_a_burst_of_turn_emails_survives_a_killed_worker_and_a_broker_outage(tmp_path):
    database_url, drop_database = _fresh_database(tmp_path)
    sink = tmp_path / "sink.jsonl"
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "TRIPOST_VAR_DIR": str(tmp_path / "var"),
        "CACHE_URL": "locmem://",
        "MAIL_QUEUE": f"burst-{uuid.uuid4().hex[:8]}",
        "EMAIL_BACKEND": "mail.sending.backends.JsonLinesBackend",
        "MAIL_SINK_FILE": str(sink),
        "MAIL_BOARD_PNG": "0",
        "MAIL_CLAIM_SECONDS": "3",
        "MAIL_TURN_HOLD_SECONDS": "0",
    }
    for name in ("EMAIL_HOST", "ANYMAIL_ESP"):
        env.pop(name, None)
    log = tmp_path / "worker.log"
    workers = []
    try:
        _run(env, "manage.py", "migrate", "--noinput", timeout=180)
        seeded = _run(env, "-m", "tests.mail.burst_driver", "seed", str(BURST), str(LOST))
        assert seeded == {"rows": BURST, "queued": BURST - LOST}
        # The worker starts on the queued burst (started before the seeding, it could
        # send the whole burst while a busy machine let the seeding process end).
        workers.append(_worker(env, log))

        # Let the worker get going, then kill it mid-burst.
        deadline = time.monotonic() + 60
        while len(_sent(sink)) < 100 and time.monotonic() < deadline:
            time.sleep(0.05)
        at_kill = len(_sent(sink))
        assert 0 < at_kill < BURST - LOST, f"the worker sent {at_kill} before the kill"
        _stop(workers[-1], signal.SIGKILL)

        workers.append(_worker(env, log))
        time.sleep(3.5)  # the dead worker's claim expires (MAIL_CLAIM_SECONDS)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            status = _run(env, "-m", "tests.mail.burst_driver", "status")
            if status["sent"] == BURST:
                break
            _run(env, "-m", "tests.mail.burst_driver", "sweep")  # beat does this each minute
            time.sleep(2)
        assert status["sent"] == BURST, (status, log.read_text()[-3000:])
        time.sleep(1)  # anything still in flight would show up as a duplicate
    finally:
        for worker in workers:
            _stop(worker)
        drop_database()

    deliveries = _sent(sink)
    per_row = Counter(row for d in deliveries for row in d["x_rows"].split(","))
    assert len(per_row) == BURST, "lost emails"
    resent = {row: n for row, n in per_row.items() if n > 1}
    ids_of_row: dict[str, set] = {}
    for d in deliveries:
        for row in d["x_rows"].split(","):
            ids_of_row.setdefault(row, set()).add(d["message_id"])
    print(
        f"{len(deliveries)} deliveries of {BURST} emails; {at_kill} before the kill; "
        f"resent after the kill: {resent or 'none'}"
    )
    # The mailbox: one email per row, each with one Message-ID.
    assert all(len(ids) == 1 for ids in ids_of_row.values())
    assert len({d["message_id"] for d in deliveries}) == BURST
    # On the wire: at most the one email in flight when the worker was killed.
    assert sum(n - 1 for n in resent.values()) <= 1, resent
