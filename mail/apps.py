from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "mail"
    verbose_name = "Email play"

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (connects the game and inbound signals)
