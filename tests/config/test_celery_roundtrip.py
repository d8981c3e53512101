"""A task crosses the configured broker (Redis in CI, the filesystem on a laptop) to a
real worker process and its answer comes back."""

import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

from django.conf import settings

from games.tasks import ping

ROOT = Path(__file__).resolve().parents[2]


def test_a_real_worker_answers_a_task_through_the_broker():
    queue = f"roundtrip-{uuid.uuid4().hex[:8]}"
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--without-mingle",
            "--without-gossip",
            "-Q",
            queue,
            "--loglevel=WARNING",
        ],
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        result = ping.apply_async(args=["hello"], queue=queue)
        assert result.get(timeout=60) == "pong:hello"
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
    broker = settings.CELERY_BROKER_URL.split(":", 1)[0]
    print(f"round trip through {broker} broker ok")
