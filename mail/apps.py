from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "mail"
    verbose_name = "Email play"

    def ready(self) -> None:
        from . import checks, receivers  # noqa: F401  (system checks; game and inbound signals)
