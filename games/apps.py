from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        # tasks: registered in every process, not only in workers, as the services
        # queue them by name (``current_app.tasks[...]``; games.tasks imports them).
        from config.cache import PAGE_KEYS
        from games import awaiting, i18n, tasks  # noqa: F401

        i18n.install()
        PAGE_KEYS.append(awaiting.key_on)
