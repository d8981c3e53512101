from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    """Turns and results posted to a player's Discord or Slack webhook or a JSON
    endpoint of their own, through an outbox of its own (``webhooks.models.Delivery``).
    Imports ``games``, ``accounts`` and ``mail``; none of them imports it: its rows are
    written by receivers of the games' signals."""

    name = "webhooks"
    verbose_name = "Webhooks"

    def ready(self) -> None:
        # tasks: registered in every process, as the outbox queues them by name.
        from . import receivers, tasks  # noqa: F401
