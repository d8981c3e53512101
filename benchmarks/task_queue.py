"""Stress of the embedded task queue: producers writing while a real worker reads.

    .venv/bin/python benchmarks/task_queue.py [--tasks 5000] [--producers 4]
                                              [--transport atomicfs|filesystem]
                                              [--pause 0.005] [--timeout 600]

``--producers`` processes queue ``--tasks`` tasks between them, as fast as they can
(or ``--pause`` seconds apart), into a fresh queue folder while one Celery worker
(``--pool=solo``, as ``bin/serve`` runs it) consumes them. Each task has one
idempotent effect: it creates the file named by its number (a second run of the same
task finds it there and changes nothing) and appends its number to a run log.
Printed: the tasks whose effect is missing, the runs beyond one per task, whether the
worker is still running (and the last lines of its log if not), the time to queue them
all and the time until the last effect, with the rate per second.

``--transport filesystem`` runs the same against kombu's own filesystem transport
(what ``bin/serve`` used before ``atomicfs``, config/queue.py) for comparison.
``tests/config/test_task_queue.py`` runs a smaller stress in the suite.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

QUEUE = "stress"
TASK = "benchmarks.task_queue.record"


# --- the task (imported by the worker with --include) ----------------------------------

try:
    from celery import shared_task
except ImportError:  # pragma: no cover
    shared_task = None

if shared_task is not None:

    @shared_task(name=TASK)
    def record(number: int, sink: str) -> None:
        """The effect: the file named ``number`` exists (once, however often this runs)."""
        try:
            fd = os.open(Path(sink) / "effects" / str(number), os.O_CREAT | os.O_EXCL, 0o644)
            os.close(fd)
        except FileExistsError:
            pass
        with open(Path(sink) / "runs", "a") as runs:
            runs.write(f"{number}\n")


# --- the processes ---------------------------------------------------------------------


def produce(first: int, count: int, sink: str, pause: float = 0.0) -> None:
    """One producer process: queue tasks ``first`` .. ``first + count - 1``, with
    ``pause`` seconds between two."""
    import django

    django.setup()
    from celery import current_app

    with current_app.producer_or_acquire() as producer:
        for number in range(first, first + count):
            current_app.send_task(TASK, args=[number, sink], queue=QUEUE, producer=producer)
            if pause:
                time.sleep(pause)


def environment(folder: Path, transport: str) -> dict:
    env = {
        **os.environ,
        "TRIPOST_VAR_DIR": str(folder / "var"),
        # No table is read: the worker's heartbeat fails quietly against an empty file.
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "CACHE_URL": "locmem://",
        "DJANGO_SETTINGS_MODULE": "benchmarks.task_queue_settings",
        "QUEUE_BENCH_TRANSPORT": transport,
        "PYTHONPATH": str(ROOT),
        "DEBUG": os.environ.get("DEBUG", "1"),  # the development key, unless one is set
    }
    env.pop("REDIS_URL", None)
    return env


def start_worker(env: dict, log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo",
            "-Q", QUEUE, "--include", "benchmarks.task_queue", "--without-mingle",
            "--without-gossip", "--loglevel=WARNING", f"--logfile={log}",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip


@dataclass
class Outcome:
    tasks: int
    effects: int
    missing: int
    extra_runs: int
    worker_alive: bool
    queue_seconds: float
    total_seconds: float
    log_tail: str

    @property
    def rate(self) -> float:
        return self.effects / self.total_seconds if self.total_seconds else 0.0


def run(
    tasks: int,
    producers: int = 4,
    transport: str = "atomicfs",
    timeout: float = 600,
    pause: float = 0.0,
) -> Outcome:
    """Queue ``tasks`` tasks from ``producers`` processes while a worker consumes
    (each producer ``pause`` seconds between two tasks)."""
    with tempfile.TemporaryDirectory(prefix="tripost-queue-") as tmp:
        folder = Path(tmp)
        sink = folder / "sink"
        (sink / "effects").mkdir(parents=True)
        env = environment(folder, transport)
        log = folder / "worker.log"
        worker = start_worker(env, log)
        started = time.monotonic()
        share = -(-tasks // producers)
        command = [sys.executable, "-m", "benchmarks.task_queue", "produce"]
        writers = [
            subprocess.Popen(
                [*command, str(first), str(min(share, tasks - first)), str(sink), str(pause)],
                cwd=ROOT,
                env=env,
            )
            for first in range(0, tasks, share)
        ]
        try:
            for writer in writers:
                writer.wait(timeout=timeout)
                if writer.returncode:
                    raise RuntimeError(f"a producer failed ({writer.returncode})")
            queued = time.monotonic() - started
            effects = 0
            while time.monotonic() - started < timeout and worker.poll() is None:
                effects = len(os.listdir(sink / "effects"))
                if effects >= tasks:
                    break
                time.sleep(0.1)
            total = time.monotonic() - started
            time.sleep(1)  # a task delivered twice would show up now
            alive = worker.poll() is None
        finally:
            for writer in writers:
                if writer.poll() is None:
                    writer.kill()
            if worker.poll() is None:
                worker.terminate()
                try:
                    worker.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    worker.kill()
        done = {int(name) for name in os.listdir(sink / "effects")}
        runs = (sink / "runs").read_text().split() if (sink / "runs").exists() else []
        tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        return Outcome(
            tasks=tasks,
            effects=len(done),
            missing=len(set(range(tasks)) - done),
            extra_runs=len(runs) - len(set(runs)),
            worker_alive=alive,
            queue_seconds=queued,
            total_seconds=total,
            log_tail=tail,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", type=int, default=5000)
    parser.add_argument("--producers", type=int, default=4)
    parser.add_argument("--transport", choices=["atomicfs", "filesystem"], default="atomicfs")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument(
        "--pause",
        type=float,
        default=0.0,
        help="seconds each producer waits between two tasks (a worker that keeps up "
        "reads each file the moment it appears: where kombu's own transport tears)",
    )
    args = parser.parse_args()
    outcome = run(args.tasks, args.producers, args.transport, args.timeout, args.pause)
    print(
        f"{args.transport}: {outcome.tasks} tasks from {args.producers} producers; "
        f"effects {outcome.effects}, missing {outcome.missing}, "
        f"run more than once {outcome.extra_runs}; "
        f"worker {'running' if outcome.worker_alive else 'EXITED'} at the end"
    )
    print(
        f"queued in {outcome.queue_seconds:.1f} s; last effect after "
        f"{outcome.total_seconds:.1f} s ({outcome.rate:.0f} tasks/s)"
    )
    if not outcome.worker_alive or outcome.missing:
        print("worker log (end):\n" + outcome.log_tail)
    print(json.dumps(outcome.__dict__ | {"log_tail": None}))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "produce":
        produce(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], float(sys.argv[5]))
    else:
        main()
