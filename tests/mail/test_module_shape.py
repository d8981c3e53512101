"""The outbox and the tasks form no import circle (GUIDE: "mail.outbox <-> mail.tasks"):
the outbox queues the delivery task by its name, and still reaches the real task."""

import ast
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
