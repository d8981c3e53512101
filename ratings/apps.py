from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from ratings import receivers  # noqa: F401  (connects games.signals.game_ended)
