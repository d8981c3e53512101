"""Pushes survive a worker killed with SIGKILL in the middle of a batch.

As tests/mail/test_burst.py does for emails: a real Celery worker (its own database
and queue) sends 200 game-over pushes to a push service in this process, which kills
the worker at the worst moment, right after it took the 50th push and before the
worker heard the answer. A new worker starts; the sweep (as beat runs it every minute)
queues what is left once the dead worker's claims expire.

"Exactly once" over HTTP: every push arrives, and none twice except the one in
flight when the worker died; its resend carries the same tag and Topic, so the
browser shows one notification.
"""

import os
import signal
import threading
import time
import uuid
from collections import Counter

from push import keys
from tests.mail.test_burst import _fresh_database, _run, _stop

from .fake_push_service import FakePushService

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PUSHES = 200
KILL_AT = 50


def _worker(env, log):
    import subprocess
    import sys

    return subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo",
            "--without-mingle", "--without-gossip", "--without-heartbeat",
            "-Q", env["PUSH_QUEUE"], "--loglevel=WARNING",
        ],
        cwd=ROOT, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip


def test_a_worker_killed_mid_batch_loses_no_push_and_repeats_at_most_one(tmp_path):
    database_url, drop_database = _fresh_database(tmp_path)
    public, private = keys.generate()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "TRIPOST_VAR_DIR": str(tmp_path / "var"),
        "CACHE_URL": "locmem://",
        "PUSH_QUEUE": f"push-{uuid.uuid4().hex[:8]}",
        "VAPID_PUBLIC_KEY": public,
        "VAPID_PRIVATE_KEY": private,
        "PUSH_CLAIM_SECONDS": "3",
        "SITE_URL": "https://tripost.test",
    }
    log = tmp_path / "worker.log"
    workers = []
    killed = threading.Event()

    def kill_at_the_worst_moment(path):
        if len(service.received) == KILL_AT and not killed.is_set():
            killed.set()
            os.killpg(workers[0].pid, signal.SIGKILL)  # before it hears the answer

    try:
        with FakePushService() as service:
            service.on_request = kill_at_the_worst_moment
            _run(env, "manage.py", "migrate", "--noinput", timeout=180)
            workers.append(_worker(env, log))
            seeded = _run(env, "-m", "tests.push.burst_driver", "seed", str(PUSHES), service.origin)
            assert seeded == {"rows": PUSHES}
            if not killed.wait(120):  # (a busy machine starts a worker slowly)
                status = _run(env, "-m", "tests.push.burst_driver", "status")
                raise AssertionError(f"the worker sent {len(service.received)}: {status}")
            workers[0].wait(timeout=20)

            workers.append(_worker(env, log))
            time.sleep(3.5)  # the dead worker's claims expire (PUSH_CLAIM_SECONDS)
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline:
                status = _run(env, "-m", "tests.push.burst_driver", "status")
                if status["sent"] == PUSHES:
                    break
                _run(env, "-m", "tests.push.burst_driver", "sweep")  # beat, each minute
                time.sleep(2)
            assert status["sent"] == PUSHES, (status, log.read_text()[-3000:])
            time.sleep(1)  # anything still in flight would show up as a duplicate
            received = list(service.received)
    finally:
        for worker in workers:
            _stop(worker)
        drop_database()

    per_device = Counter(r.path for r in received)
    assert len(per_device) == PUSHES, "lost pushes"
    repeated = {path: n for path, n in per_device.items() if n > 1}
    print(f"{len(received)} pushes for {PUSHES} rows; repeated: {repeated or 'none'}")
    assert sum(n - 1 for n in repeated.values()) <= 1, repeated
    assert all(r.headers.get("topic") for r in received)  # a resend replaces, not adds
