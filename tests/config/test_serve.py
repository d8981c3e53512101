"""``bin/serve`` watches its worker (config/serve.py, issue 35): a worker that stops is
said so in the terminal and started again; one that keeps stopping stops the command.
And the site's links follow the address served."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from config import serve

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("arguments", "url"),
    [
        ([], "http://127.0.0.1:8000"),
        (["127.0.0.1:18111"], "http://127.0.0.1:18111"),
        (["8001"], "http://127.0.0.1:8001"),
        (["0.0.0.0:8002", "--noreload"], "http://127.0.0.1:8002"),
        (["--noreload", "[::1]:8003"], "http://[::1]:8003"),
        (["tripost.local:8004"], "http://tripost.local:8004"),
    ],
)
def test_the_site_url_is_the_address_served(arguments, url):
    assert serve.site_url(arguments) == url


def _python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def test_a_worker_that_stops_is_restarted_with_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(serve, "POLL_SECONDS", 0.05)
    runs = tmp_path / "runs"
    # A worker that stops twice, then keeps running; the web server ends after a while.
    worker = _python(
        f"import pathlib, time; p = pathlib.Path({str(runs)!r}); n = len(p.read_text()) "
        "if p.exists() else 0; p.write_text('x' * (n + 1)); time.sleep(0.3 if n < 2 else 60)"
    )
    web = _python("import time; time.sleep(3)")
    log = tmp_path / "var" / "worker.log"
    assert serve.watch(web, worker, log, tmp_path / "worker.pid") == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines == [f"worker stopped (see {log}); restarted"] * 2
    assert runs.read_text() == "xxx"
    assert not (tmp_path / "worker.pid").exists()


def test_a_worker_that_fails_five_times_in_a_minute_stops_the_command(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setattr(serve, "POLL_SECONDS", 0.05)
    web_pid = tmp_path / "web.pid"
    web = _python(
        f"import os, pathlib, time; pathlib.Path({str(web_pid)!r}).write_text(str(os.getpid()));"
        " time.sleep(60)"
    )
    log = tmp_path / "worker.log"
    started = time.monotonic()
    assert serve.watch(web, _python("raise SystemExit(1)"), log) == 1
    assert time.monotonic() - started < 30
    err = capsys.readouterr().err.splitlines()
    assert err[:4] == [f"worker stopped (see {log}); restarted"] * 4
    assert err[4].startswith(f"worker stopped (see {log}) 5 times within 60 seconds;")
    assert "stopping" in err[4] and len(err) == 5
    # The web server went with it: no site left serving pages it cannot play.
    with pytest.raises(ProcessLookupError):
        os.kill(int(web_pid.read_text()), 0)


def _database_url() -> str:
    from django.db import connection

    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite":
        return f"sqlite:///{name}"
    from urllib.parse import urlsplit, urlunsplit

    return urlunsplit(urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}"))


def _running_in_group(pgid: int) -> list[int]:
    """The processes of group ``pgid`` still running (zombies, ended but not yet
    reaped by whoever adopted them, are not)."""
    running = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            running.append(int(stat.parent.name))
    return running


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"waited {seconds} s for {what}")


@pytest.mark.django_db(transaction=True)
def test_a_killed_worker_of_bin_serve_is_restarted_and_the_computer_moves(tmp_path):
    """bin/serve's watch with its real worker: kill -9 the worker, a new one starts,
    and the computer answers the move a person plays afterwards."""
    from games.models import Game, WorkerHeartbeat
    from tests.factories import UserFactory
    from tests.games.computer.test_turns import versus_computer

    alice = UserFactory(username="alice")
    game = versus_computer(alice, first="person")
    version = game.version
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "TRIPOST_VAR_DIR": str(tmp_path / "var"),
        "DEBUG": "1",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "PYTHONUNBUFFERED": "1",
    }
    for name in ("EMAIL_HOST", "ANYMAIL_ESP", "MAIL_QUEUE"):
        env.pop(name, None)
    port = _free_port()
    out = tmp_path / "serve.out"
    supervisor = subprocess.Popen(
        [sys.executable, "-m", "config.serve", "run", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=out.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    pid_file = tmp_path / "var" / "worker.pid"
    try:
        _wait(lambda: WorkerHeartbeat.objects.exists(), 90, "the worker's first heartbeat")
        first = int(pid_file.read_text())
        os.kill(first, signal.SIGKILL)
        restarted = _wait(lambda: "worker stopped (see " in out.read_text(), 30, "the restart line")
        assert restarted
        assert f"worker stopped (see {tmp_path / 'var' / 'worker.log'}); restarted" in (
            out.read_text()
        )
        second = _wait(lambda: pid_file.exists() and int(pid_file.read_text()), 10, "a pid")
        assert second != first
        # Nothing of the killed worker is left (its embedded beat would be a second one).
        assert _wait(lambda: not _running_in_group(first), 10, "the old beat to end")

        # Alice moves as the web would: the computer's task is queued after commit.
        played = subprocess.run(
            [sys.executable, "-m", "tests.config.serve_move", str(game.pk), alice.username],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert played.returncode == 0, played.stderr[-2000:]

        def computer_moved():
            game.refresh_from_db()
            return (
                game.version >= version + 2
                and game.seats.get(index=game.to_move[0]).user_id == alice.pk
            )

        _wait(computer_moved, 90, "the computer's move")
        assert supervisor.poll() is None
    finally:
        os.killpg(supervisor.pid, signal.SIGTERM)
        try:
            supervisor.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(supervisor.pid, signal.SIGKILL)
    assert supervisor.returncode == 0
    assert not pid_file.exists()
    assert Game.objects.get(pk=game.pk).status == "active"
