from django.apps import AppConfig


class PushConfig(AppConfig):
    """The installable app (manifest, service worker, offline page) and web push
    notifications to a player's devices.

    Imports ``games``, ``accounts``, ``mail`` (the email subjects' wording) and
    ``chat``; none of them imports it: pushes are written by receivers of the games
    signals (sent inside the move's transaction) and of a new chat message's save.
    """

    name = "push"
    verbose_name = "Push notifications"

    def ready(self) -> None:
        # tasks registers the delivery task in every process (the outbox queues it by name).
        from . import receivers, tasks  # noqa: F401
