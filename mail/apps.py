from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "mail"
    verbose_name = "Email play"

    def ready(self) -> None:
        # checks: system checks; receivers and bounces (the banner's cache): signals;
        # tasks registers the delivery task in every process, not only in workers: the
        # outbox queues it by name, and a web process that never imported mail.tasks
        # left every turn email to the minute's sweep.
        from config.cache import PAGE_KEYS
        from games import page_cache

        from . import receivers, tasks  # noqa: F401
        from .deliverability import bounces, checks  # noqa: F401

        page_cache.HEADER_FACTS.append(bounces.shown_fact)
        PAGE_KEYS.append(bounces.shown_key_on)
