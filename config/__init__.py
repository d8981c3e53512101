# Import the Celery app with Django so that ``task.delay()`` uses our broker settings
# (without this, a task sent from Django silently targets a default AMQP broker).
from .celery import app as celery_app

__all__ = ["celery_app"]
