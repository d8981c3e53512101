"""The site's settings, with the broker ``benchmarks/task_queue.py`` is asked to
measure: ``atomicfs`` (the embedded default) or kombu's own ``filesystem``."""

import os

from config.settings import *  # noqa: F403

if os.environ.get("QUEUE_BENCH_TRANSPORT") == "filesystem":
    CELERY_BROKER_URL = "filesystem://"
