from django.apps import AppConfig


class LeavingConfig(AppConfig):
    """Leaving the site: a player's data to take away (JSON), and deleting the account
    by anonymising it (seats protect the user row, and finished games keep their
    records). Imports accounts, games, mail, chat, moderation and planning; none imports it."""

    name = "leaving"
    verbose_name = "Leaving the site"
