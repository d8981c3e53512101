"""The Celery app: broker and schedule come from Django settings (``CELERY_*``)."""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("tripost")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def close_old_connections(sender=None, **kwargs) -> None:
    """Around each task run by a worker, as Django does around each request: keep the
    database connection (``CELERY_DB_REUSE_MAX``) unless it is broken or older than
    ``CONN_MAX_AGE``. Eager tasks run inside their caller's connection: left alone."""
    from django.db import close_old_connections

    if not getattr(getattr(sender, "request", None), "is_eager", False):
        close_old_connections()
