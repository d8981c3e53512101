from django.apps import AppConfig


class PlanningConfig(AppConfig):
    """Planning ahead between visits: forced steps played for a person, the analysis
    board and conditional moves.

    Imports ``games`` and ``accounts``; ``games`` never imports it. It hooks into the
    move path only through ``games.signals.move_played`` (sent inside the move's
    transaction, under the game's row lock) and plays on with
    ``games.services.move_play_for``."""

    name = "planning"
    verbose_name = "Planning"

    def ready(self) -> None:
        from . import receivers  # noqa: F401
