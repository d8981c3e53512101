"""``bin/serve``'s watch over its two processes: Django's development server and a
Celery worker with embedded beat.

    .venv/bin/python -m config.serve site-url [runserver arguments]  # the SITE_URL
    .venv/bin/python -m config.serve run [runserver arguments]       # serve and watch

The worker plays the computer's moves, sends the emails and runs the clock sweeps: a
site without it looks fine and cannot play. So it is watched: when it stops, for
whatever reason, the terminal says so on one line (``worker stopped (see
var/worker.log); restarted``) and a new one starts. A worker that stops
``RESTART_LIMIT`` times within ``RESTART_WINDOW`` seconds will not run here (a broken
setting, a full disk): the whole command stops with that message rather than serve a
site that silently cannot play.

Each child runs in a process group of its own, so that Ctrl-C (or a TERM) reaches
this process, which stops both and waits for them; runserver's reloader child goes
with its group.

Imports nothing from Django: it only starts processes.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ADDRESS = "127.0.0.1:8000"
RESTART_LIMIT = 5
RESTART_WINDOW = 60.0
POLL_SECONDS = 0.5
# Addresses that listen everywhere: emails link to this machine itself.
ANY_ADDRESS = {"0.0.0.0": "127.0.0.1", "::": "[::1]", "[::]": "[::1]", "": "127.0.0.1"}


def address(arguments: list[str]) -> str:
    """runserver's address among its arguments (its one positional one), or its default."""
    for argument in arguments:
        if not argument.startswith("-"):
            return argument
    return DEFAULT_ADDRESS


def site_url(arguments: list[str]) -> str:
    """The site's own URL for what runserver serves: ``8001``, ``0.0.0.0:8001``,
    ``[::1]:8001``, ``localhost:8001``, as runserver reads them."""
    served = address(arguments)
    host, port = "127.0.0.1", "8000"
    if re.fullmatch(r"\d+", served):
        port = served
    else:
        match = re.fullmatch(r"(\[[^\]]*\]|[^:]*):(\d+)", served) or re.fullmatch(
            r"(\[[^\]]*\]|[^:]*)", served
        )
        if match is None:
            raise ValueError(f"not an address runserver reads: {served!r}")
        host = match.group(1)
        if match.lastindex == 2:
            port = match.group(2)
    host = ANY_ADDRESS.get(host, host)
    return f"http://{host}:{port}"


def var_dir() -> Path:
    return Path(os.environ.get("TRIPOST_VAR_DIR") or ROOT / "var")


def _shown(path: Path) -> str:
    """``path`` as the person typed their way to it: relative to here when inside."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def worker_command(log: Path) -> list[str]:
    return [
        sys.executable, "-m", "celery", "--quiet", "-A", "config", "worker", "-B",
        "--pool=solo", "-Q", "celery,computer", "--loglevel=INFO", "--without-mingle",
        "--without-gossip", f"--logfile={log}",
    ]  # fmt: skip


def web_command(arguments: list[str]) -> list[str]:
    return [sys.executable, "manage.py", "runserver", *(arguments or [DEFAULT_ADDRESS])]


def _start(command: list[str]) -> subprocess.Popen:
    return subprocess.Popen(command, cwd=ROOT, process_group=0)


def _stop(process: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    """Stop ``process`` and whatever is left of its group."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, sig)
            process.wait(timeout=15)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    _end_group(process)


def _end_group(process: subprocess.Popen) -> None:
    """Kill what is left of the group of ``process``, which has exited: a worker killed
    outright leaves its embedded beat (a child process) running, and two beats would
    send every periodic task twice."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class _Stop(Exception):
    pass


def _raise_stop(signum, frame):
    raise _Stop


def watch(
    web: list[str],
    worker: list[str],
    log: Path,
    pid_file: Path | None = None,
    limit: int = RESTART_LIMIT,
    window: float = RESTART_WINDOW,
) -> int:
    """Run ``web`` and ``worker``; restart the worker when it stops (at most ``limit``
    stops within ``window`` seconds). The exit code: the web server's when it ends,
    1 when the worker would not run, 0 on Ctrl-C or TERM."""
    signal.signal(signal.SIGTERM, _raise_stop)
    signal.signal(signal.SIGINT, _raise_stop)
    stops: deque[float] = deque()
    shown = _shown(log)
    worker_process = web_process = None

    def start_worker() -> subprocess.Popen:
        process = _start(worker)
        if pid_file is not None:
            pid_file.write_text(f"{process.pid}\n")
        return process

    try:
        worker_process = start_worker()
        web_process = _start(web)
        while True:
            time.sleep(POLL_SECONDS)
            if web_process.poll() is not None:
                return web_process.returncode
            if worker_process.poll() is None:
                continue
            _end_group(worker_process)
            now = time.monotonic()
            stops.append(now)
            while stops and now - stops[0] > window:
                stops.popleft()
            if len(stops) >= limit:
                _say(
                    f"worker stopped (see {shown}) {len(stops)} times within "
                    f"{window:.0f} seconds; not restarted: stopping. Read {shown}, "
                    "fix what it says and run bin/serve again."
                )
                return 1
            _say(f"worker stopped (see {shown}); restarted")
            worker_process = start_worker()
    except _Stop:
        return 0
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C: still clean up
        for process in (web_process, worker_process):
            if process is not None:
                _stop(process)
        if pid_file is not None:
            pid_file.unlink(missing_ok=True)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"site-url", "run"}:
        _say("usage: python -m config.serve site-url|run [runserver arguments]")
        return 2
    command, arguments = argv[0], argv[1:]
    if command == "site-url":
        print(site_url(arguments))
        return 0
    folder = var_dir()
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "worker.log"
    _say(f"Celery worker + beat running (log: {_shown(log)}); emails are printed here.")
    return watch(web_command(arguments), worker_command(log), log, folder / "worker.pid")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
