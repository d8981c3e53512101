"""A worker killed mid-post (SIGKILL) loses no webhook post, and posts none twice but
the one in flight.

Runs against a database of its own (PostgreSQL when ``DATABASE_URL`` names it, else an
SQLite file): a helper process seeds 30 due posts; a "worker" process
(``kill_driver work``: the delivery task for every due row) posts them to a local https
endpoint, which kills it with SIGKILL when the 10th post arrives, before answering (the
worst moment: posted, not yet marked). A second worker, started once the dead one's
claim has expired (``WEBHOOK_CLAIM_SECONDS`` of 3 here), posts the rest. Every post
arrives; only the one in flight arrives twice, with the same ``X-Tripost-Delivery`` id
for its receiver to drop the copy.
"""

import os
import signal
import ssl
import subprocess
import sys
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import trustme

from tests.mail.test_burst import _fresh_database, _run

ROOT = Path(__file__).resolve().parents[2]
POSTS = 30
KILL_AT = 10
CLAIM_SECONDS = 3
HOST = "hooks.example"


def test_a_worker_killed_mid_post_loses_nothing_and_repeats_only_the_post_in_flight(tmp_path):
    ca = trustme.CA()
    ca_file = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(ca_file))
    server_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(HOST).configure_cert(server_context)
    received: list[str] = []
    worker: dict = {}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", "0")))
            received.append(self.headers["X-Tripost-Delivery"])
            if len(received) == KILL_AT:
                os.killpg(worker["process"].pid, signal.SIGKILL)
                worker["process"].wait()
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.socket = server_context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"https://{HOST}:{server.server_address[1]}/in"

    database_url, drop = _fresh_database(tmp_path)
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=database_url,
        TRIPOST_VAR_DIR=str(tmp_path / "var"),
        WEBHOOK_CLAIM_SECONDS=str(CLAIM_SECONDS),
        HOOK_CA=str(ca_file),
        EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend",
        PYTHONPATH=str(ROOT),
    )
    env.pop("PYTEST_XDIST_WORKER", None)
    try:
        _run(env, "manage.py", "migrate", "--noinput", "-v0", timeout=300)
        assert _run(env, "-m", "tests.webhooks.kill_driver", "seed", str(POSTS), url) == {
            "seeded": POSTS
        }
        worker["process"] = subprocess.Popen(
            [sys.executable, "-m", "tests.webhooks.kill_driver", "work"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        worker["process"].wait(timeout=120)
        assert worker["process"].returncode == -signal.SIGKILL
        assert len(received) == KILL_AT
        time.sleep(CLAIM_SECONDS + 0.5)  # the dead worker's claim expires
        _run(env, "-m", "tests.webhooks.kill_driver", "work")
        status = _run(env, "-m", "tests.webhooks.kill_driver", "status")
    finally:
        server.shutdown()
        server.server_close()
        drop()
    assert status == {"rows": POSTS, "sent": POSTS, "unsent": 0}
    counts = Counter(received)
    assert len(counts) == POSTS  # none lost
    assert [n for n in counts.values() if n > 1] == [2]  # only the one in flight, twice
    assert counts[received[KILL_AT - 1]] == 2
