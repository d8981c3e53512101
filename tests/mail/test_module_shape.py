"""The outbox and the tasks form no import circle (GUIDE: "mail.outbox <-> mail.tasks"):
the outbox queues the delivery task by its name, and still reaches the real task."""

import ast
import os
from pathlib import Path

import pytest
from celery import current_app

from mail import outbox, tasks

ROOT = Path(__file__).resolve().parents[2]


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            names = [f"{node.module or ''}.{a.name}".strip(".") for a in node.names]
            found.update(names if node.level else [node.module or ""])
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_the_outbox_never_imports_the_tasks():
    imported = _imports(ROOT / "mail" / "outbox.py")
    assert not {name for name in imported if "tasks" in name}, imported
    assert "outbox" in {name.rsplit(".", 1)[-1] for name in _imports(ROOT / "mail" / "tasks.py")}


@pytest.mark.django_db
def test_enqueue_queues_the_real_delivery_task(monkeypatch, alice):
    monkeypatch.undo()  # the real enqueue (the mail tests record it instead)
    registered = current_app.tasks[outbox.DELIVER_TASK]
    assert registered.name == tasks.deliver.name and registered.run is tasks.deliver.run
    queued = []
    monkeypatch.setattr(
        registered, "apply_async", lambda args, countdown=None: queued.append((args, countdown))
    )
    outbox.enqueue(alice.pk)
    outbox.enqueue(alice.pk, countdown=30)
    assert queued == [([alice.pk], None), ([alice.pk], 30)]


def test_a_web_process_can_queue_the_delivery_task():
    """A fresh process that loads only the site (as gunicorn does) has the delivery task
    registered, so a move's turn email is queued at once instead of waiting for the
    minute's sweep (issue 17: found by benchmarks/day.py)."""
    import subprocess
    import sys

    code = (
        "import config.wsgi; from celery import current_app; "
        f"print({outbox.DELIVER_TASK!r} in current_app.tasks)"
    )
    env = {**os.environ, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    found = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == "True", found.stderr
