"""The site's modules form no import circle (GUIDE: "keep import circles out"), counting
imports inside functions too: a task module imports the services it runs, so the
services queue their tasks by name (``current_app.tasks[...]``), and those names
reach the real tasks."""

import ast
import functools
import os
import subprocess
import sys
from pathlib import Path

from celery import current_app

from games import computer_turns, timeouts
from games import tasks as game_tasks
from mail import outbox
from mail import tasks as mail_tasks

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "accounts",
    "chat",
    "config",
    "games",
    "learn",
    "leaving",
    "mail",
    "moderation",
    "ratings",
    "titles",
)


def _modules() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _imported(name: str, path: Path, modules: dict) -> set[str]:
    """The site's modules that ``name`` imports anywhere in its file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.rsplit(".", node.level - 1)[0]  # (level 1: the package)
                base = f"{up}.{base}" if base else up
            # ``from package import module`` imports that module, ``from module import
            # name`` the module
            targets.update(f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                           for a in node.names)  # fmt: skip
    found = set()
    for target in targets:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


@functools.cache
def _graph() -> dict[str, set[str]]:
    """Each site module and the site modules it imports."""
    modules = _modules()
    return {name: _imported(name, path, modules) for name, path in modules.items()}


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph``, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done

    def walk(node, path):
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = walk(nxt, [*path, nxt])
                if found:
                    return found
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = walk(start, [start])
            if found:
                return found
    return None


def test_the_site_has_no_import_circle():
    graph = _graph()
    assert {"games.services", "games.timeouts", "mail.outbox", "mail.tasks"} <= graph.keys()
    assert "games.services" in graph["games.timeouts"]  # (the reader sees real edges)
    assert _circle(graph) is None, " -> ".join(_circle(graph))


def test_the_outbox_never_imports_the_tasks():
    """GUIDE: "mail.outbox <-> mail.tasks": the outbox queues the delivery task by name."""
    graph = _graph()
    assert not {name for name in graph["mail.outbox"] if "tasks" in name}, graph["mail.outbox"]
    assert "mail.outbox" in graph["mail.tasks"]


def test_the_circle_finder_finds_one():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circle(graph) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None


def test_tasks_queued_by_name_are_the_real_tasks():
    for name, task in (
        (outbox.DELIVER_TASK, mail_tasks.deliver),
        (timeouts.SETTLE_TASK, game_tasks.settle_timeout),
        (computer_turns.PLAY_TASK, game_tasks.play_computer_turns),
    ):
        # (``==``: a bound task's ``run`` is a new bound method at each reading)
        assert current_app.tasks[name].run == task.run, name


def test_a_web_process_has_the_tasks_queued_by_name():
    """A fresh process that loads only the site, as gunicorn does, can queue each task
    by its name, or its turn emails and computer turns wait for the minute's sweep
    (found by benchmarks/day.py for the emails, by benchmarks/web.py for the computer)."""
    names = [outbox.DELIVER_TASK, timeouts.SETTLE_TASK, computer_turns.PLAY_TASK]
    code = (
        "import config.wsgi; from celery import current_app; "
        f"print(all(name in current_app.tasks for name in {names!r}))"
    )
    env = {**os.environ, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    found = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == "True", found.stderr
