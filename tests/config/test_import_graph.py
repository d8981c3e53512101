"""The site's modules form no import circle (GUIDE: "keep import circles out"), counting
imports inside functions too: a task module imports the services it runs, so the
services queue their tasks by name (``current_app.tasks[...]``), and those names
reach the real tasks.

And the dependencies run one way:

- reads never import writes: the presenters, selectors and permissions reach no
  ``services`` module, however indirectly;
- a capability app (api, calendars, chat, learn, leaving, mail, moderation, planning,
  push, ratings, webhooks) imports ``games`` and is never imported by it;
- no app uses another app's private names (``games.services._finish``): it calls
  their public services;
- ``games`` imports the accounts' models, never their flows (services, forms, views,
  admin): a vacation is switched by ``accounts.services``, which tells the clocks.
"""

import ast
import functools
import os
import subprocess
import sys
from pathlib import Path

from celery import current_app
from django.db.models.signals import pre_save

from accounts.models import User
from games import tasks as game_tasks
from games import timeouts
from games.computer import turns as computer_turns
from mail import tasks as mail_tasks
from mail.sending import outbox

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "accounts",
    "api",
    "calendars",
    "chat",
    "config",
    "games",
    "learn",
    "leaving",
    "mail",
    "moderation",
    "planning",
    "push",
    "ratings",
    "titles",
    "webhooks",
)
CAPABILITIES = (
    "api",
    "calendars",
    "chat",
    "learn",
    "leaving",
    "mail",
    "moderation",
    "planning",
    "push",
    "ratings",
    "webhooks",
)
READ_SIDE = ("presenters", "selectors", "permissions")  # module names of the read side


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


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every site module that ``start`` imports, directly or through others."""
    seen, todo = set(), [start]
    while todo:
        for nxt in graph[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def _app(name: str) -> str:
    return name.partition(".")[0]


def _private_uses(name: str, path: Path, modules: dict) -> set[str]:
    """The private names (``_x``) of another app's modules that ``name`` uses: imported
    (``from games.services import _finish``) or read off an imported module
    (``services._finish``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text())
    found, foreign = set(), set()  # foreign: local names bound to another app's modules
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in modules and _app(a.name) != _app(name):
                    foreign.add(a.asname or a.name.partition(".")[0])
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.rsplit(".", node.level - 1)[0]
                base = f"{up}.{base}" if base else up
            if _app(base) not in APPS or _app(base) == _app(name):
                continue
            for a in node.names:
                if f"{base}.{a.name}" in modules:
                    foreign.add(a.asname or a.name)
                elif a.name.startswith("_"):
                    found.add(f"{base}.{a.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in foreign
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.add(f"{node.value.id}.{node.attr}")
    return found


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
    assert {"games.services", "games.timeouts", "mail.sending.outbox", "mail.tasks"} <= graph.keys()
    assert "games.services" in graph["games.timeouts"]  # (the reader sees real edges)
    assert _circle(graph) is None, " -> ".join(_circle(graph))


def test_the_outbox_never_imports_the_tasks():
    """GUIDE: "mail.sending.outbox <-> mail.tasks": the outbox queues the delivery task by name."""
    graph = _graph()
    outbox_imports = graph["mail.sending.outbox"]
    assert not {name for name in outbox_imports if "tasks" in name}, outbox_imports
    assert "mail.sending.outbox" in graph["mail.tasks"]


def test_sending_email_never_imports_the_reading_of_replies():
    """``mail.sending`` composes and sends; ``mail.replies`` reads what comes back and
    uses the sending side (tokens, compose), never the other way round."""
    graph = _graph()
    sending = {name for name in graph if name.startswith("mail.sending")}
    assert "mail.sending.compose" in sending
    reaches = {(name, t) for name in sending for t in graph[name] if t.startswith("mail.replies")}
    assert not reaches, reaches
    assert "mail.sending.tokens" in graph["mail.replies.inbound"]


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


def test_reads_never_import_writes():
    """HackSoft's selectors: a read (presenters, selectors, permissions) reaches no
    services module, so a page can be drawn by code that cannot change a game."""
    graph = _graph()
    reads = [m for m in graph if set(m.split(".")) & set(READ_SIDE)]
    assert {"games.presenters", "games.permissions"} <= set(reads)
    found = {m: sorted(t for t in _reach(graph, m) if "services" in t.split(".")) for m in reads}
    assert not {m: t for m, t in found.items() if t}, found


def test_games_imports_no_capability_app():
    """GUIDE: "A new capability gets an app of its own, importing games and never
    imported by it" (through other modules neither). A management command is left out:
    like a test it is an entry point that nothing imports (``demo`` seeds games with the
    mail silenced)."""
    graph = _graph()
    found = {
        m: sorted(t for t in _reach(graph, m) if _app(t) in CAPABILITIES)
        for m in graph
        if _app(m) == "games" and not m.startswith("games.management.")
    }
    assert not {m: t for m, t in found.items() if t}, found
    assert "games.services" in _reach(graph, "moderation.services")  # (the other way is fine)


def test_no_app_uses_another_apps_private_names():
    """Moderation once imported ``_finish`` and ``_locked`` from ``games.services``; an
    app calls another's public services only."""
    modules = _modules()
    found = {name: _private_uses(name, path, modules) for name, path in modules.items()}
    assert not {name: uses for name, uses in found.items() if uses}, found


def test_the_private_name_finder_finds_them(tmp_path):
    modules = {"games.services": None, "moderation.services": None}
    path = tmp_path / "services.py"
    path.write_text(
        "from games.services import _finish, seat_drop\n"
        "from games import services\n"
        "services._locked(1)\nservices.__name__\n"
    )
    found = _private_uses("moderation.services", path, modules)
    assert found == {"games.services._finish", "services._locked"}


def test_games_imports_the_accounts_models_never_their_flows():
    """A vacation switched on or off goes through ``accounts.services``, which tells the
    clocks (``games.clocks.vacation_begin``/``vacation_end``) in one explicit call; no
    receiver of ``User``'s saves in ``games`` does it behind the caller's back."""
    graph = _graph()
    flows = {"accounts.services", "accounts.forms", "accounts.views", "accounts.admin"}
    found = {m: sorted(graph[m] & flows) for m in graph if _app(m) == "games"}
    assert not {m: t for m, t in found.items() if t}, found
    assert "games.clocks" in graph["accounts.services"]
    assert not pre_save.has_listeners(User)
