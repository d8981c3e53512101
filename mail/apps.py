from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "mail"
    verbose_name = "Email play"

    def ready(self) -> None:
        # checks: system checks; receivers: the game and inbound signals; tasks registers
        # the delivery task in every process, not only in workers: the outbox queues it
        # by name, and a web process that never imported mail.tasks left every turn
        # email to the minute's sweep.
        from . import checks, receivers, tasks  # noqa: F401
