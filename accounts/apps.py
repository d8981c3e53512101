from django.apps import AppConfig
from django.db.models.signals import post_migrate


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Players"

    def ready(self) -> None:
        from . import checks  # noqa: F401 (registers the deploy check)
        from .sites import sync_site

        post_migrate.connect(sync_site, sender=self, dispatch_uid="accounts.sync_site")
