"""The embedded task queue (``atomicfs://``, config/queue.py) cannot tear a message.

Issue 35: kombu's own filesystem transport let the worker read a message file while a
producer was still writing it; the JSON error ended the worker, and the site stopped
playing without a word."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from kombu import Connection
from kombu.transport import filesystem

from benchmarks import task_queue
from config import queue
from config.env import broker_config

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _bindings_forgotten():
    """kombu remembers bindings per process (``Transport.global_state``): each test's
    queue folder is new, so its bindings must be written there again."""
    filesystem.Transport.global_state.clear()


def _connection(var: Path) -> Connection:
    url, options = broker_config(None, var)
    for key in ("data_folder_in", "claimed_folder", "control_folder"):
        Path(options[key]).mkdir(parents=True, exist_ok=True)
    return Connection(url, transport_options=options)


def _publish(conn: Connection, body: dict, name: str = "jobs") -> None:
    with conn.SimpleQueue(name) as q:
        q.put(body)


def _half_written_file(folder: Path, name: str = "jobs") -> Path:
    """What kombu's own writer leaves visible for a moment: the file exists under its
    final name, its bytes not yet written (kombu.transport.filesystem ``_put``)."""
    path = folder / f"{round(time.monotonic() * 1000) - 5000:015d}_half.{name}.msg"
    path.write_bytes(b'{"body": "eyJ')
    return path


def test_a_message_being_written_is_skipped_and_read_once_complete(tmp_path):
    conn = _connection(tmp_path)
    folder = tmp_path / "celery" / "queue"
    half = _half_written_file(folder)
    _publish(conn, {"n": 1})
    with conn.SimpleQueue("jobs") as q:
        message = q.get(timeout=2)  # the torn file is passed over, not raised
        assert message.payload == {"n": 1}
        message.ack()
        assert half.exists(), "a file its writer may still finish stays in the queue"
        # The writer finishes: the message is read like any other.
        q.put({"n": 2})
        (whole,) = (p for p in folder.glob("*.jobs.msg") if p != half)
        half.write_bytes(whole.read_bytes())
        whole.unlink()
        message = q.get(timeout=2)
        assert message.payload == {"n": 2}
        message.ack()


def test_kombus_own_reader_raises_on_the_same_file(tmp_path):
    """The failure of issue 35, kept as the reason for config/queue.py."""
    folder = tmp_path / "q"
    folder.mkdir()
    conn = Connection(
        "filesystem://",
        transport_options={"data_folder_in": str(folder), "data_folder_out": str(folder)},
    )
    _half_written_file(folder)
    channel = conn.default_channel
    assert isinstance(channel, filesystem.Channel) and not isinstance(channel, queue.Channel)
    with pytest.raises(ValueError):
        channel._get("jobs")


def test_a_file_that_stays_unreadable_is_set_aside(tmp_path, monkeypatch):
    monkeypatch.setattr(queue, "UNREADABLE_GRACE_SECONDS", 0)
    conn = _connection(tmp_path)
    half = _half_written_file(tmp_path / "celery" / "queue")
    _publish(conn, {"n": 1})
    with conn.SimpleQueue("jobs") as q:
        message = q.get(timeout=2)
        assert message.payload == {"n": 1}
        message.ack()
    assert not half.exists()
    assert (tmp_path / "celery" / "broken" / half.name).exists()


def test_a_message_is_visible_only_once_written_whole(tmp_path, monkeypatch):
    conn = _connection(tmp_path)
    folder = tmp_path / "celery" / "queue"
    seen_while_writing = []
    real_fsync = os.fsync

    def fsync(fd):
        seen_while_writing.extend(n for n in os.listdir(folder) if n.endswith(".msg"))
        real_fsync(fd)

    monkeypatch.setattr(queue.os, "fsync", fsync)
    _publish(conn, {"n": 1})
    assert seen_while_writing == []
    assert len([n for n in os.listdir(folder) if n.endswith(".jobs.msg")]) == 1


def _reader(var: Path, ready: Path) -> subprocess.Popen:
    """A process that takes one message and never acknowledges it (a worker killed
    mid-task)."""
    code = f"""
import time
from pathlib import Path
from config.env import broker_config
from kombu import Connection
url, options = broker_config(None, Path({str(var)!r}))
conn = Connection(url, transport_options=options)
with conn.SimpleQueue("jobs") as q:
    q.get(timeout=10)
    Path({str(ready)!r}).touch()
    time.sleep(60)
"""
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)


def test_the_message_of_a_killed_reader_goes_back_to_the_queue(tmp_path):
    conn = _connection(tmp_path)
    _publish(conn, {"n": 7})
    ready = tmp_path / "taken"
    reader = _reader(tmp_path, ready)
    try:
        deadline = time.monotonic() + 30
        while not ready.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ready.exists()
        # While its reader lives, the message is its own.
        with conn.SimpleQueue("jobs") as q, pytest.raises(q.Empty):
            q.get(timeout=0.5)
        reader.send_signal(signal.SIGKILL)
        reader.wait()
        other = _connection(tmp_path)
        with other.SimpleQueue("jobs") as q:
            message = q.get(timeout=2)
            assert message.payload == {"n": 7}
            message.ack()
            with pytest.raises(q.Empty):
                q.get(timeout=0.5)
    finally:
        if reader.poll() is None:
            reader.kill()


def test_an_unacknowledged_message_stays_claimed_until_acknowledged(tmp_path):
    conn = _connection(tmp_path)
    _publish(conn, {"n": 1})
    claimed = tmp_path / "celery" / "claimed"
    with conn.SimpleQueue("jobs") as q:
        message = q.get(timeout=2)
        assert [p.name for p in claimed.glob("*/*.msg")]
        message.ack()
        assert not list(claimed.glob("*/*.msg"))


def test_four_producers_and_a_worker_every_task_once():
    """The issue's stress, sized for the suite (``benchmarks/task_queue.py`` runs
    5,000 and more): four processes queue 2,000 tasks while a real worker
    (``--pool=solo``, as bin/serve runs it) consumes; every task's effect is there
    exactly once and the worker never exits. The producers pause a few milliseconds
    between tasks, so that the worker keeps up and reads each file as it appears,
    the moment kombu's own transport tore (with it the worker exited after a few
    hundred tasks)."""
    outcome = task_queue.run(2000, producers=4, pause=0.005, timeout=50)
    assert outcome.worker_alive, outcome.log_tail
    assert outcome.missing == 0, outcome.log_tail
    assert outcome.effects == 2000
    assert outcome.extra_runs == 0
    assert "Unrecoverable" not in outcome.log_tail
